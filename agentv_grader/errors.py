"""The two error types: one for users (exit 2), one for a broken assertion (status error)."""

from __future__ import annotations


class GradeInputError(Exception):
    """The inputs are unusable: the CLI prints this as one line and exits 2.

    Rendered as ``file:line:col: message (hint)``, omitting the parts that are unknown,
    so a grader agent can go straight to the place to fix.
    """

    def __init__(
        self,
        message: str,
        file: str | None = None,
        line: int | None = None,
        col: int | None = None,
        hint: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.col = col
        self.hint = hint

    def __str__(self) -> str:
        where = ""
        if self.file is not None:
            where = str(self.file)
            if self.line is not None:
                where += f":{self.line}"
                if self.col is not None:
                    where += f":{self.col}"
            where += ": "
        text = where + self.message
        if self.hint:
            text += f" ({self.hint})"
        return text


class SpecError(Exception):
    """An assertion's configuration is invalid: the engine records that assertion as `error`.

    Raised by loaders and checks; never reaches the user as a traceback and never a fail.
    """
