"""Paraphrases of claims about files and commands crossed with small runs (issue 21, SPEC
§5.9): no verdict may be the wrong way round, verified where the run refutes the claim or
contradicted where it supports it.

Each paraphrase says what it asserts (a file created, a linter's errors, a command's
failure, …); each run says, for each assertion, whether it shows it (True), refutes it
(False) or leaves it open (None). A case is reversed when its claim is verified by a run
that refutes it or contradicted by one that shows it. The reversed cases must be exactly
KNOWN_REVERSED (empty is the goal): a rule that reverses a common claim fails this test,
and so does a fix that mends a case still listed. A miss (unverifiable where the run
decides) is not asserted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.claims.test_claims import bash, run, statuses

Call = tuple[str, dict[str, Any], str, str]
Shows = dict[str, bool | None]


def write(path: str) -> Call:
    return ("Write", {"file_path": path, "content": "x = 1\n"}, "File created", "ok")


def edit(path: str) -> Call:
    return ("Edit", {"file_path": path, "old_string": "a", "new_string": "b"}, "ok", "ok")


def read(path: str) -> Call:
    return ("Read", {"file_path": path}, "x = 1", "ok")


# --- files ---------------------------------------------------------------------------------
# (f, g, h): a file, the name it is renamed or moved to, another name in the same folder.
FILES = [("src/app.py", "src/other.py", "src/third.py"), ("README.md", "GUIDE.md", "NOTES.md")]

# What a file claim asserts of f (and g): "created", "edited", "wrote" (created or edited),
# "deleted", "renamed" (f is now g).
FILE_CLAIMS = {
    "created": [
        "I created `{f}`.",
        "Created {f}.",
        "Added a new file `{f}`.",
        "`{f}` was created.",
        "I've created {f} with the helper.",
        "Created a new file {f}.",
    ],
    "wrote": ["I wrote `{f}`.", "Wrote {f}.", "Added `{f}`.", "I saved the output to `{f}`."],
    "edited": [
        "I edited `{f}`.",
        "Updated `{f}`.",
        "Modified {f}.",
        "I changed `{f}` to use the helper.",
        "`{f}` was updated.",
        "Edited {f} to fix the import.",
        "Fixed the import in `{f}`.",
        "Refactored `{f}`.",
        "Patched {f}.",
    ],
    "deleted": [
        "I deleted `{f}`.",
        "Removed `{f}`.",
        "`{f}` was deleted.",
        "Deleted the old {f}.",
        "Removed the file {f}.",
        "Deleted {f}.",
        "I removed `{f}` from the repo.",
        "`{f}` has been removed.",
    ],
    "renamed": [
        "I renamed `{f}` to `{g}`.",
        "Renamed {f} to {g}.",
        "Moved `{f}` to `{g}`.",
        "`{f}` was renamed to `{g}`.",
        "Renamed `{f}` → `{g}`.",
        "Moved {f} to {g}.",
        "Renamed `{f}` as `{g}`.",
    ],
}


def _cd(path: str, command: str) -> str | None:
    """`command` (on the file names alone) after `cd` into `path`'s folder; None for a
    file at the top."""
    folder, _, _ = path.rpartition("/")
    return f"cd {folder} && {command}" if folder else None


def _name(path: str) -> str:
    return path.rpartition("/")[2]


# Each run: (name, its calls for (f, g, h), or None where it does not apply, and what it
# shows of each assertion about f).
FileRun = tuple[str, Callable[[str, str, str], list[Call] | None], Shows]
_NONE: Shows = {}
FILE_RUNS: list[FileRun] = [
    (
        "write f",
        lambda f, g, h: [write(f)],
        {"created": True, "wrote": True, "edited": None, "deleted": False, "renamed": False},
    ),
    (
        "write g",
        lambda f, g, h: [write(g)],
        {"created": False, "wrote": False, "edited": False, "deleted": False, "renamed": None},
    ),
    (
        "read f, edit f",
        lambda f, g, h: [read(f), edit(f)],
        {"created": False, "wrote": None, "edited": True, "deleted": False, "renamed": False},
    ),
    (
        "edit f",
        lambda f, g, h: [edit(f)],
        {"created": None, "wrote": None, "edited": True, "deleted": False, "renamed": False},
    ),
    (
        "read f, edit g",
        lambda f, g, h: [read(f), edit(g)],
        {"created": False, "wrote": False, "edited": False, "deleted": False, "renamed": False},
    ),
    (
        "read f",
        lambda f, g, h: [read(f)],
        {"created": False, "wrote": False, "edited": False, "deleted": False, "renamed": False},
    ),
    (
        "ls",
        lambda f, g, h: [bash("ls", "x")],
        {"created": False, "wrote": False, "edited": False, "deleted": False, "renamed": False},
    ),
    (
        "touch f",
        lambda f, g, h: [bash(f"touch {f}", "")],
        {"created": True, "wrote": None, "edited": None, "deleted": False, "renamed": False},
    ),
    (
        "echo > f",
        lambda f, g, h: [bash(f"echo 'x = 1' > {f}", "")],
        {"created": True, "wrote": True, "edited": None, "deleted": False, "renamed": False},
    ),
    (
        "sed -i f",
        lambda f, g, h: [bash(f"sed -i 's/a/b/' {f}", "")],
        {"created": False, "wrote": None, "edited": True, "deleted": False, "renamed": False},
    ),
    (
        "rm f",
        lambda f, g, h: [bash(f"rm {f}", "")],
        {"created": False, "wrote": False, "edited": None, "deleted": True, "renamed": False},
    ),
    (
        "git rm f",
        lambda f, g, h: [bash(f"git rm {f}", f"rm '{f}'")],
        {"created": False, "wrote": False, "edited": None, "deleted": True, "renamed": False},
    ),
    (
        "rm g",
        lambda f, g, h: [bash(f"rm {g}", "")],
        {"created": False, "wrote": False, "edited": False, "deleted": False, "renamed": False},
    ),
    (
        "mv f g",
        lambda f, g, h: [bash(f"mv {f} {g}", "")],
        {"created": False, "wrote": False, "edited": None, "deleted": None, "renamed": True},
    ),
    (
        "git mv f g",
        lambda f, g, h: [bash(f"git mv {f} {g}", "")],
        {"created": False, "wrote": False, "edited": None, "deleted": None, "renamed": True},
    ),
    (
        "mv f h",
        lambda f, g, h: [bash(f"mv {f} {h}", "")],
        {"created": False, "wrote": False, "edited": None, "deleted": None, "renamed": False},
    ),
    (
        "cp f g",
        lambda f, g, h: [bash(f"cp {f} {g}", "")],
        {"created": False, "wrote": False, "edited": False, "deleted": False, "renamed": None},
    ),
    (
        "cd, mv f g",
        lambda f, g, h: _calls(_cd(f, f"mv {_name(f)} {_name(g)}")),
        {"created": False, "wrote": False, "edited": None, "deleted": None, "renamed": True},
    ),
    (
        "cd, git mv f g",
        lambda f, g, h: _calls(_cd(f, f"git mv {_name(f)} {_name(g)}")),
        {"created": False, "wrote": False, "edited": None, "deleted": None, "renamed": True},
    ),
    (
        "cd, mv f h",
        lambda f, g, h: _calls(_cd(f, f"mv {_name(f)} {_name(h)}")),
        {"created": False, "wrote": False, "edited": None, "deleted": None, "renamed": False},
    ),
    (
        "cd, rm f",
        lambda f, g, h: _calls(_cd(f, f"rm {_name(f)}")),
        {"created": False, "wrote": False, "edited": None, "deleted": True, "renamed": False},
    ),
    (
        "cd, touch f",
        lambda f, g, h: _calls(_cd(f, f"touch {_name(f)}")),
        {"created": True, "wrote": None, "edited": None, "deleted": False, "renamed": False},
    ),
    (
        "cd, sed -i f",
        lambda f, g, h: _calls(_cd(f, f"sed -i 's/a/b/' {_name(f)}")),
        {"created": False, "wrote": None, "edited": True, "deleted": False, "renamed": False},
    ),
    (
        "cp g f",
        lambda f, g, h: [bash(f"cp {g} {f}", "")],
        {"created": True, "wrote": True, "edited": None, "deleted": False, "renamed": False},
    ),
    (
        "mv g f",
        lambda f, g, h: [bash(f"mv {g} {f}", "")],
        {"created": None, "wrote": None, "edited": None, "deleted": False, "renamed": False},
    ),
    (
        "echo >> f",
        lambda f, g, h: [bash(f"echo 'x = 2' >> {f}", "")],
        {"created": None, "wrote": True, "edited": True, "deleted": False, "renamed": False},
    ),
    (
        "rm -rf folder",
        lambda f, g, h: _calls(_folder_command("rm -rf", f)),
        {"created": False, "wrote": False, "edited": None, "deleted": True, "renamed": False},
    ),
    (
        "cat f > g",
        lambda f, g, h: [bash(f"cat {f} > {g}", "")],
        {"created": False, "wrote": False, "edited": False, "deleted": False, "renamed": None},
    ),
    (
        "git add f",
        lambda f, g, h: [bash(f"git add {f}", "")],
        {"created": None, "wrote": None, "edited": None, "deleted": False, "renamed": False},
    ),
    (
        "write f, rm f",
        lambda f, g, h: [write(f), bash(f"rm {f}", "")],
        {"created": True, "wrote": True, "edited": None, "deleted": True, "renamed": False},
    ),
    (
        "write g, rm f",
        lambda f, g, h: [write(g), bash(f"rm {f}", "")],
        {"created": False, "wrote": False, "edited": None, "deleted": True, "renamed": None},
    ),
]


def _folder_command(command: str, path: str) -> str | None:
    """`command` on `path`'s folder; None for a file at the top."""
    folder, _, _ = path.rpartition("/")
    return f"{command} {folder}/" if folder else None


def _calls(command: str | None) -> list[Call] | None:
    return None if command is None else [bash(command, "")]


def _file_cases() -> list[tuple[str, str, list[Call], bool]]:
    """(claim, run name, calls, what the run shows of it) for every decided case."""
    cases = []
    for f, g, h in FILES:
        for kind, claims in FILE_CLAIMS.items():
            for template in claims:
                claim = template.format(f=f, g=g)
                for name, calls_of, shows in FILE_RUNS:
                    calls = calls_of(f, g, h)
                    truth = shows.get(kind)
                    if calls is not None and truth is not None:
                        cases.append((claim, name, calls, truth))
    return cases


# --- commands and linters ------------------------------------------------------------------
# A tool: its name in prose, the command run, a clean run, one that reports `count` errors
# (as the claims write it), and claims of its own kind (what they assert, the claim).
Tool = tuple[str, str, Call, Call, str, list[tuple[str, str]]]
LINT = [("clean", "The lint is clean."), ("clean", "No lint errors remain.")]
TYPES = [("clean", "Type checking passes."), ("clean", "The type check is clean.")]
TOOLS: list[Tool] = [
    (
        "ruff",
        "ruff check .",
        bash("ruff check .", "All checks passed!"),
        bash(
            "ruff check .",
            "src/a.py:1:8: F401 [*] `os` imported but unused\n"
            "src/a.py:3:1: F841 Local variable `x` is assigned to but never used\n"
            "Found 2 errors.\n[*] 1 fixable with the `--fix` option.",
            "error",
        ),
        "2 errors",
        LINT,
    ),
    (
        "mypy",
        "mypy src",
        bash("mypy src", "Success: no issues found in 3 source files"),
        bash(
            "mypy src",
            'src/a.py:3: error: Incompatible types in assignment (expression has type "str", '
            'variable has type "int")  [assignment]\n'
            "Found 1 error in 1 file (checked 3 source files)",
            "error",
        ),
        "1 error",
        TYPES,
    ),
    (
        "eslint",
        "npx eslint .",
        bash("npx eslint .", ""),
        bash(
            "npx eslint .",
            "/repo/src/a.js\n  1:7  error  'x' is assigned a value but never used  "
            "no-unused-vars\n  4:1  error  'y' is not defined  no-undef\n\n"
            "✖ 2 problems (2 errors, 0 warnings)",
            "error",
        ),
        "2 errors",
        LINT,
    ),
    (
        "tsc",
        "npx tsc --noEmit",
        bash("npx tsc --noEmit", ""),
        bash(
            "npx tsc --noEmit",
            "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n"
            "src/a.ts(9,1): error TS2304: Cannot find name 'y'.\n\n"
            "Found 2 errors in the same file, starting at: src/a.ts:3",
            "error",
        ),
        "2 errors",
        TYPES,
    ),
    (
        "clippy",
        "cargo clippy -- -D warnings",
        bash(
            "cargo clippy -- -D warnings",
            "    Checking app v0.1.0 (/repo)\n"
            "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.52s",
        ),
        bash(
            "cargo clippy -- -D warnings",
            "    Checking app v0.1.0 (/repo)\nerror: unused variable: `x`\n"
            " --> src/main.rs:2:9\n  |\n2 |     let x = 1;\n  |         ^ help: if this is "
            "intentional, prefix it with an underscore: `_x`\n\n"
            'error: could not compile `app` (bin "app") due to 1 previous error',
            "error",
        ),
        "1 error",
        LINT,
    ),
    (
        "go vet",
        "go vet ./...",
        bash("go vet ./...", ""),
        bash(
            "go vet ./...",
            "# example.com/app\n./main.go:7:2: fmt.Printf format %d has arg s of wrong type string",
            "error",
        ),
        "1 issue",
        [],
    ),
    (
        "make",
        "make build",
        bash("make build", "gcc -O2 -o app app.c"),
        bash(
            "make build",
            "gcc -O2 -o app app.c\napp.c:3:5: error: expected ';' before 'return'\n"
            "make: *** [Makefile:2: build] Error 1",
            "error",
        ),
        "1 error",
        [
            ("clean", "The build succeeds."),
            ("clean", "The build now succeeds."),
            ("clean", "make build completed without errors."),
            ("clean", "`make build` builds cleanly."),
            ("fails", "The build fails."),
            ("fails", "The build still fails."),
        ],
    ),
]

# What a command claim asserts: "ran" (it ran), "clean" (its last run was clean), "fails"
# (its last run failed), "failed" (a run failed), "found" (a run reported the errors
# counted), "reports" (its last run reported them).
COMMAND_CLAIMS = {
    "ran": ["I ran {tool}.", "Ran `{cmd}`.", "I ran `{cmd}` on the project."],
    "clean": [
        "`{cmd}` exits 0.",
        "`{cmd}` exits with code 0.",
        "{tool} reported no errors.",
        "`{cmd}` reports no errors.",
        "{tool} is clean.",
        "{Tool} passes.",
        "{tool} now reports no errors.",
        "{tool} reports zero errors.",
        "{Tool} found no issues.",
        "`{cmd}` passes cleanly.",
        "{tool} is now clean.",
        "`{cmd}` runs cleanly.",
        "{Tool} reports no issues.",
        "{tool} shows no errors.",
        "{tool} came back clean.",
        "`{cmd}` succeeded.",
        "{tool} passes with no warnings.",
        "`{cmd}` is green.",
        "{Tool} succeeded.",
        "{tool} returned no errors.",
        "`{cmd}` completes without errors.",
        "{tool} reports nothing.",
        "{tool} gives a clean result.",
    ],
    "fails": [
        "`{cmd}` fails.",
        "{tool} fails.",
        "`{cmd}` still fails.",
        "`{cmd}` is failing.",
        "{tool} is still failing.",
        "`{cmd}` keeps failing.",
        "{tool} currently fails.",
    ],
    "failed": [
        "`{cmd}` failed.",
        "{tool} failed.",
        "{tool} errored.",
        "`{cmd}` exited with code 1.",
        "`{cmd}` returned a non-zero exit code.",
        "`{cmd}` crashed.",
        "{tool} reported errors.",
        "`{cmd}` did not pass.",
    ],
    "found": [
        "{tool} found {count}.",
        "{tool} reported {count}.",
        "`{cmd}` found {count}.",
        "{tool} flagged {count}.",
        "`{cmd}` showed {count}.",
        "{tool} caught {count}.",
        "There were {count} from {tool}.",
    ],
    "reports": [
        "{tool} reports {count}.",
        "`{cmd}` reports {count}.",
        "{tool} still reports {count}.",
        "{tool} shows {count}.",
    ],
}

# Each run of a tool, by the calls it makes (clean, bad), and what it shows of each
# assertion; "ls" runs nothing of the tool.
COMMAND_RUNS: list[tuple[str, Callable[[Call, Call], list[Call]], Shows]] = [
    (
        "clean",
        lambda ok, bad: [ok],
        {
            "ran": True,
            "clean": True,
            "fails": False,
            "failed": False,
            "found": False,
            "reports": False,
        },
    ),
    (
        "bad",
        lambda ok, bad: [bad],
        {
            "ran": True,
            "clean": False,
            "fails": True,
            "failed": True,
            "found": True,
            "reports": True,
        },
    ),
    (
        "bad, then clean",
        lambda ok, bad: [bad, ok],
        {
            "ran": True,
            "clean": True,
            "fails": False,
            "failed": None,
            "found": None,
            "reports": False,
        },
    ),
    (
        "clean, then bad",
        lambda ok, bad: [ok, bad],
        {
            "ran": True,
            "clean": False,
            "fails": True,
            "failed": True,
            "found": True,
            "reports": True,
        },
    ),
    (
        "ls",
        lambda ok, bad: [bash("ls", "x")],
        {
            "ran": False,
            "clean": False,
            "fails": False,
            "failed": False,
            "found": False,
            "reports": False,
        },
    ),
]


def _command_cases(spelling: str | None = None) -> list[tuple[str, str, list[Call], bool]]:
    """The decided cases of the commands table, each tool called as `bash("ruff check .")`
    or, given `spelling` (a key of SPELLINGS), in that spelling (the "ls" run apart)."""
    cases = []
    for tool, cmd, ok, bad, count, own in TOOLS:
        claims = [
            (kind, template) for kind, templates in COMMAND_CLAIMS.items() for template in templates
        ]
        spell = None if spelling is None else SPELLINGS[spelling](cmd)
        if spelling is not None and spell is None:
            continue
        label = tool if spell is None else f"{tool}, {_shown(spell[0](ok))}"
        for kind, template in claims + own:
            claim = template.format(
                tool=tool, Tool=tool[0].upper() + tool[1:], cmd=cmd, count=count
            )
            for name, calls_of, shows in COMMAND_RUNS:
                if spell is None:
                    calls, truth = calls_of(ok, bad), shows[kind]
                elif name == "ls":
                    continue
                else:
                    calls = calls_of(spell[0](ok), spell[0](bad))
                    truth = shows[kind] if spell[1] is None else spell[1][kind]
                if truth is not None:
                    cases.append((claim, f"{label}: {name}", calls, truth))
    return cases


# --- the spellings of a command --------------------------------------------------------------
# Each tool's command as real agents spell it: each spelling turns a tool's clean and bad
# calls into its own (the command, and where it changes them the output and status), and
# says what its runs show where that is not what the plain runs show (None: the same).
Spelt = Callable[[Call], Call]
Spelling = tuple[Spelt, Shows | None]
PASSING_CHECK = (
    "git diff --stat",
    " src/a.py | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)",
)
FAILING_CHECK = (
    "prettier --check .",
    "Checking formatting...\n[warn] src/a.ts\n"
    "[warn] Code style issues found in the above file. Run Prettier with --write to fix.",
)
# The program by a path, through a runner, and the package script running it
BY_PATH = {
    "ruff check .": ".venv/bin/ruff check .",
    "mypy src": ".venv/bin/mypy src",
    "npx eslint .": "./node_modules/.bin/eslint .",
    "npx tsc --noEmit": "./node_modules/.bin/tsc --noEmit",
    "cargo clippy -- -D warnings": "~/.cargo/bin/cargo clippy -- -D warnings",
    "go vet ./...": "/usr/local/go/bin/go vet ./...",
    "make build": "/usr/bin/make build",
}
RUNNERS = {
    "ruff check .": ("uv run ruff check .", "poetry run ruff check ."),
    "mypy src": ("python -m mypy src", "uv run mypy src"),
    "npx eslint .": ("pnpm exec eslint .", "yarn eslint ."),
    "npx tsc --noEmit": ("pnpm exec tsc --noEmit", "yarn tsc --noEmit"),
    "cargo clippy -- -D warnings": ("rustup run stable cargo clippy -- -D warnings",),
    "go vet ./...": (),
    "make build": (),
}
SCRIPTS = {
    "ruff check .": "lint",
    "mypy src": "typecheck",
    "npx eslint .": "lint",
    "npx tsc --noEmit": "typecheck",
    "cargo clippy -- -D warnings": "lint",
    "go vet ./...": "vet",
    "make build": "build",
}
# A run of a command a failing check before it (`prettier --check . && ruff check .`)
# never ran: what the "ls" run shows, its running left open (the command was given)
NEVER_RAN: Shows = {
    "ran": None,
    "clean": False,
    "fails": False,
    "failed": False,
    "found": False,
    "reports": False,
}


def _spelt(command: Callable[[str], str], output: Callable[[str, str], tuple[str, str]]) -> Spelt:
    """A call's spelling: its command and (output, status) from its own."""

    def spell(call: Call) -> Call:
        text, status = output(call[2], call[3])
        return ("Bash", {"command": command(call[1]["command"])}, text, status)

    return spell


def _same(output: str, status: str) -> tuple[str, str]:
    return output, status


def _joined(*outputs: str) -> str:
    return "\n".join(o for o in outputs if o)


def _then(check: tuple[str, str], fails: bool) -> Callable[[str, str], tuple[str, str]]:
    """The output and status of `CMD && check`: the check runs where CMD passed."""
    if fails:
        return lambda out, st: (out, st) if st != "ok" else (_joined(out, check[1]), "error")
    return lambda out, st: (out, st) if st != "ok" else (_joined(out, check[1]), "ok")


def _runner(at: int) -> Callable[[str], Spelling | None]:
    def spelling(cmd: str) -> Spelling | None:
        runners = RUNNERS[cmd]
        if len(runners) <= at:
            return None
        return _spelt(lambda c: c.replace(cmd, runners[at]), _same), None

    return spelling


def _script(cmd: str) -> Spelling:
    name, body = SCRIPTS[cmd], cmd.removeprefix("npx ")
    echo = f"\n> app@1.0.0 {name}\n> {body}\n"
    return _spelt(lambda c: f"npm run {name}", lambda out, st: (_joined(echo, out), st)), None


def _shown(call: Call) -> str:
    """A spelt call as its case's name shows it."""
    command = call[1].get("command")
    return f"`{command}`" if command is not None else f"{call[0]} {call[1]}"


def _codex(call: Call) -> Call:
    return ("exec_command", {"cmd": ["bash", "-lc", call[1]["command"]]}, call[2], call[3])


SPELLINGS: dict[str, Callable[[str], Spelling | None]] = {
    "cd": lambda cmd: (_spelt(lambda c: f"cd repo && {c}", _same), None),
    "bash -lc": lambda cmd: (_spelt(lambda c: f"bash -lc '{c}'", _same), None),
    "by path": lambda cmd: (_spelt(lambda c: c.replace(cmd, BY_PATH[cmd]), _same), None),
    "runner": _runner(0),
    "runner 2": _runner(1),
    "npm script": _script,
    "piped": lambda cmd: (_spelt(lambda c: f"{c} 2>&1 | tail -20", lambda o, s: (o, "ok")), None),
    "then passing": lambda cmd: (
        _spelt(lambda c: f"{c} && {PASSING_CHECK[0]}", _then(PASSING_CHECK, False)),
        None,
    ),
    "after passing": lambda cmd: (
        _spelt(
            lambda c: f"{PASSING_CHECK[0]} && {c}",
            lambda out, st: (_joined(PASSING_CHECK[1], out), st),
        ),
        None,
    ),
    "then failing": lambda cmd: (
        _spelt(lambda c: f"{c} && {FAILING_CHECK[0]}", _then(FAILING_CHECK, True)),
        None,
    ),
    "after failing": lambda cmd: (
        _spelt(lambda c: f"{FAILING_CHECK[0]} && {c}", lambda out, st: (FAILING_CHECK[1], "error")),
        NEVER_RAN,
    ),
    "codex": lambda cmd: (_codex, None),
}


# --- which tests were run --------------------------------------------------------------------
# What a claim of the tests run asserts: "all" (the whole suite ran), "subset" (only some).
SCOPE_CLAIMS = {
    "all": [
        "I ran the full test suite.",
        "All tests were run.",
        "Ran the whole suite.",
        "I ran the entire test suite with pytest.",
    ],
    "subset": [
        "Not all tests were run.",
        "I did not run the full test suite.",
        "Only a subset of the tests was run.",
        "I only ran the tests in tests/test_a.py.",
        "The full suite was not run.",
    ],
}
SCOPE_RUNS: list[tuple[str, list[Call], Shows]] = [
    ("pytest, all pass", [bash("pytest -q", "12 passed in 0.1s")], {"all": True, "subset": False}),
    (
        "pytest, one fails",
        [
            bash(
                "pytest -q",
                "FAILED tests/test_a.py::test_x - E\n1 failed, 11 passed in 0.1s",
                "error",
            )
        ],
        {"all": True, "subset": False},
    ),
    (
        "pytest one file",
        [bash("pytest -q tests/test_a.py", "3 passed in 0.1s")],
        {"all": False, "subset": True},
    ),
    (
        "pytest one file, then all",
        [bash("pytest -q tests/test_a.py", "3 passed in 0.1s"), bash("pytest -q", "12 passed")],
        {"all": True, "subset": False},
    ),
    (
        "pytest -k",
        [bash("pytest -q -k parse", "2 passed, 10 deselected in 0.1s")],
        {"all": False, "subset": True},
    ),
    ("ls", [bash("ls", "x")], {"all": False, "subset": None}),
]


def _scope_cases() -> list[tuple[str, str, list[Call], bool]]:
    cases = []
    for kind, claims in SCOPE_CLAIMS.items():
        for claim in claims:
            for name, calls, shows in SCOPE_RUNS:
                truth = shows[kind]
                if truth is not None:
                    cases.append((claim, name, calls, truth))
    return cases


def _reversed(cases: list[tuple[str, str, list[Call], bool]]) -> set[tuple[str, str]]:
    found = set()
    for claim, name, calls, truth in cases:
        verdicts = statuses(claim, run(*calls))
        if ("contradicted" if truth else "verified") in verdicts:
            found.add((claim, name))
    return found


# The cases still reversed (250 of 1,706 when this test landed; of 3,194 since its fourth
# table of paraphrases; the commands' 971 of 17,775 when their spellings were added): each
# fix removes its own.
KNOWN_REVERSED_FILES: set[tuple[str, str]] = set()
KNOWN_REVERSED_COMMANDS: set[tuple[str, str]] = set()
KNOWN_REVERSED_SCOPES: set[tuple[str, str]] = set()


def test_file_claims_are_never_reversed() -> None:
    assert _reversed(_file_cases()) == KNOWN_REVERSED_FILES


def test_command_claims_are_never_reversed() -> None:
    assert _reversed(_command_cases()) == _known(_command_cases())


@pytest.mark.parametrize("spelling", list(SPELLINGS))
def test_command_claims_in_each_spelling_are_never_reversed(spelling: str) -> None:
    cases = _command_cases(spelling)
    assert cases
    assert _reversed(cases) == _known(cases)


def _known(cases: list[tuple[str, str, list[Call], bool]]) -> set[tuple[str, str]]:
    """The known reversed command cases among `cases`."""
    return KNOWN_REVERSED_COMMANDS & {(claim, name) for claim, name, _, _ in cases}


def test_every_known_reversed_command_case_is_a_case() -> None:
    every = _command_cases() + [c for s in SPELLINGS for c in _command_cases(s)]
    assert _known(every) == KNOWN_REVERSED_COMMANDS


def test_claims_of_the_tests_run_are_never_reversed() -> None:
    assert _reversed(_scope_cases()) == KNOWN_REVERSED_SCOPES
