"""Batch mode's progress bar (SPEC §2): on stderr when stderr is a terminal, never otherwise.

A log file, a pipe or CI output gets no bar at all (no carriage returns to clean up). When
stdout is the same terminal, the bar is cleared before each result line and drawn again
after it, so it always sits on the last line instead of being overwritten mid-way.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import IO

WIDTH = 24  # characters of the bar itself
INTERVAL = 0.1  # seconds between redraws when nothing else is written to the terminal
_CLEAR = "\r\x1b[K"


class Progress:
    """`grading [######------] 120/2000` redrawn in place on a terminal."""

    def __init__(
        self,
        err: IO[str],
        total: int,
        *,
        shares_terminal: bool,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._err = err
        self._total = max(total, 1)
        self._shares = shares_terminal
        self._clock = clock
        self._done = 0
        self._drawn = False
        self._last = float("-inf")

    @classmethod
    def start(cls, err: IO[str], out: IO[str], total: Callable[[], int]) -> Progress | None:
        """A bar for `total()` tests when `err` is a terminal, else None (no output at all);
        the count is only taken for a bar."""
        if not _is_terminal(err):
            return None
        bar = cls(err, total(), shares_terminal=_is_terminal(out))
        bar._draw()
        return bar

    def clear(self) -> None:
        """Remove the bar before a line goes to the terminal it shares with stdout."""
        if self._drawn and self._shares:
            self._err.write(_CLEAR)
            self._err.flush()
            self._drawn = False

    def advance(self) -> None:
        """One more test done; redrawn when due (always after a line on a shared terminal)."""
        self._done += 1
        if not self._drawn or self._done >= self._total or self._clock() - self._last >= INTERVAL:
            self._draw()

    def close(self) -> None:
        """Remove the bar for good: what follows starts on a clean line."""
        if self._drawn:
            self._err.write(_CLEAR)
            self._err.flush()
            self._drawn = False

    def _draw(self) -> None:
        filled = WIDTH * min(self._done, self._total) // self._total
        bar = "#" * filled + "-" * (WIDTH - filled)
        self._err.write(f"{_CLEAR}grading [{bar}] {self._done}/{self._total}")
        self._err.flush()
        self._drawn = True
        self._last = self._clock()


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or exotic stream: no bar
        return False
