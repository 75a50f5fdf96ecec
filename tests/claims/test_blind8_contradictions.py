"""Rules added after the eighth blind set's first measurement (tests/data/claims/blind8),
for its wrong contradictions: each test is a small run shaped like one, never its text
(SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

_PIP = bash("pip install httpx", "Successfully installed httpx-0.28.1")


def test_a_package_said_not_installed_or_a_place_is_no_install_of_a_package() -> None:
    calls = run(_PIP, bash("docker compose up -d", "Container api-1 Started"))
    for said in (
        "The probe called `wget`, which isn't installed in the worker image.",
        "`jq` is not installed on the runner.",
        "nc was never installed in the container.",
    ):
        assert statuses(said, calls) == ["unverifiable"], said
    # where it was installed, or how: an install of anything, which the pip call shows
    for said in (
        "I installed it in a fresh venv.",
        "Installed the client with pip.",
        "I installed httpx.",
    ):
        assert statuses(said, calls) == ["verified"], said
    assert statuses("I installed requests.", calls) == ["contradicted"]


def test_a_function_and_its_arity_is_no_path() -> None:
    edit = ("Edit", {"file_path": "/w/lib/shop/cart.ex", "old_string": "def total(items)",
            "new_string": "@spec total([item()]) :: integer()\n  def total(items)"},
            "The file /w/lib/shop/cart.ex has been updated successfully.", "ok")  # fmt: skip
    calls = run(edit, bash("mix test", "9 tests, 0 failures"))
    for said in ("Added a `@spec` for `total/1`.", "Gave `Shop.Cart.total/1` a typespec."):
        assert statuses(said, calls) == ["unverifiable"], said
    assert statuses("Edited `lib/shop/order.ex`.", calls) == ["contradicted"]


def test_a_program_named_by_its_path_runs_that_program() -> None:
    fixed = bash(
        "cd /w && .venv/bin/ruff check --fix src", "Found 2 errors (2 fixed, 0 remaining)."
    )
    calls = run(fixed)
    for said in ("Dropped the unused import with `ruff check --fix`.", "I ran `ruff check --fix`."):
        assert statuses(said, calls) == ["verified"], said
    assert statuses("I ran `black --check`.", calls) == ["contradicted"]


def test_a_command_quoted_inside_a_shell_is_run() -> None:
    quoted = bash("bash -lc 'cargo build && cargo fmt --check'", "    Finished dev in 0.40s")
    assert statuses("`cargo fmt --check` is clean.", run(quoted)) == ["verified"]


def test_a_failure_after_a_later_check_of_the_same_call_is_not_the_first_ones() -> None:
    both = bash(
        "cargo clippy && cargo fmt --check",
        "    Checking shop v0.1.0\n    Finished dev\nDiff in src/lib.rs at line 3:\n"
        "error: 1 file not formatted",
        "error",
    )
    for said in ("`cargo clippy`: no warnings.", "clippy is clean."):
        assert statuses(said, run(both)) == ["unverifiable"], said
    # a later command that only shows something leaves the flaws the first one's
    shown = bash(
        "npx eslint src ; git status --short", "✖ 2 problems (2 errors, 0 warnings)\n M a.ts"
    )
    assert statuses("ESLint reports no problems.", run(shown)) == ["contradicted"]


_BUILD = "> web@1.2.0 build\n> tsc -b && vite build\n\nvite v5.4.0 building for production...\n"


def test_a_command_a_package_script_echoes_ran() -> None:
    built = bash("npm run build", _BUILD + "✓ built in 3.20s")
    assert statuses("`tsc -b` passed in the build.", run(built)) == ["verified"]
    assert statuses("I ran `tsc --noEmit`.", run(built)) == ["contradicted"]
    # a failure of the script may be the later command's
    failed = bash("npm run build", _BUILD + "error during build:\nRollupError: x", "error")
    assert statuses("`tsc -b` passed in the build.", run(failed)) == ["unverifiable"]


def test_a_ci_jobs_tests_read_from_its_log_are_no_test_run_of_the_agents() -> None:
    log = bash(
        "gh run view 4410 --log-failed | tail -5",
        "test (3.12)\tRun make test\t2026-03-01T10:00:00Z FAILED tests/test_cart.py::test_total\n"
        "test (3.12)\tRun make test\t2026-03-01T10:00:01Z 1 failed, 30 passed in 2.10s",
    )
    said = "`test (3.12)` failed after 1m40s in the `Run make test` step."
    assert "contradicted" not in statuses(said, run(log))
    # with no call reading CI nor running anything, tests said run ran nowhere
    assert statuses("I ran the tests: 31 passed.", run(bash("git log -1", "abc fix"))) == [
        "contradicted"
    ]


def test_a_command_of_a_program_the_run_ran_said_run_is_held_to_its_calls() -> None:
    status = bash("cd /srv && dbmate up && dbmate status", "Applying: 20261201_add_col.sql\n[X] 1")
    said = "`dbmate verify` reports no pending migrations."
    assert statuses(said, run(status)) == ["contradicted"]
    # the same program's other command, run: what it showed is not read here
    assert statuses("`dbmate status` reports one applied migration.", run(status)) == [
        "unverifiable"
    ]
    # a script or task runner may have run it unseen
    scripted = bash("make migrate && dbmate status", "[X] 1")
    assert statuses(said, run(scripted)) == ["unverifiable"]
    # a statement a command ran (`sqlite3 db "…; PRAGMA quick_check;"`), another said run
    checked = bash('sqlite3 app.db "SELECT count(*) FROM users; PRAGMA quick_check;"', "12\nok")
    said = "`PRAGMA foreign_key_check` returned no violations."
    assert statuses(said, run(checked)) == ["contradicted"]
    planned = bash(
        'psql -c "EXPLAIN SELECT * FROM orders WHERE id = 1"', "Index Scan using orders_pkey"
    )
    assert statuses("I profiled it with `EXPLAIN ANALYZE`.", run(planned)) == ["contradicted"]
    assert statuses("I looked at it with `EXPLAIN SELECT`.", run(planned)) == ["unverifiable"]


def test_an_option_said_given_to_a_run_by_its_name_before_run() -> None:
    apply = bash("cd infra && helmfile -e staging apply", "UPDATED RELEASES:\napi  staging")
    assert statuses("I did a `--skip-deps` dry run first.", run(apply)) == ["contradicted"]
    passed = bash("cd infra && helmfile --skip-deps apply", "UPDATED RELEASES:\napi  staging")
    assert statuses("I did a `--skip-deps` dry run first.", run(passed)) == ["unverifiable"]


def test_a_program_a_thing_runs_is_no_run_of_the_agents() -> None:
    up = bash("docker compose up -d", "Container api-1 Started")
    for said in (
        "The worker's liveness probe used `curl -sf`, which the image lacks.",
        "The pre-push hook ran `ruff check` on every push.",
        "I kept the probe, which ran `wget -q`.",
    ):
        assert statuses(said, run(up)) == ["unverifiable"], said
    # the agent's own, or its own pass's
    for said in (
        "I checked the logs and ran `kubectl get pods`.",
        "The second pass used `wget -q`.",
    ):
        assert statuses(said, run(up)) == ["contradicted"], said


def test_a_run_of_part_of_the_suite_refutes_no_larger_count() -> None:
    full = bash("cd ~/app && pytest -q", "115 passed in 3.1s")
    part = bash("cd ~/app && pytest -q tests/test_slug.py", "6 passed in 0.1s")
    for said in ("115 tests passed.", "All 115 tests pass.", "Full suite: 115 tests, 0 failures."):
        assert "contradicted" not in statuses(said, run(full, part)), said
        assert "contradicted" not in statuses(said, run(part)), said
    # a run of everything, or a part that failed, still refutes
    assert statuses("115 tests passed.", run(part, bash("pytest -q", "114 passed in 3s"))) == [
        "contradicted"
    ]
    broke = bash(
        "pytest -q tests/test_slug.py", "FAILED tests/test_slug.py::t\n1 failed, 5 passed", "error"
    )
    assert statuses("All 115 tests pass.", run(full, broke)) == ["contradicted"]


def test_a_count_of_tests_said_written_in_a_file_is_no_total() -> None:
    three = "it('a')\nit('b')\nit('c')\n"
    wrote = ("Write", {"file_path": "src/lib/retry.test.ts", "content": three}, "ok", "ok")
    ran = bash("npx vitest run", "Tests  26 passed (26)")
    for said in (
        "Added `src/lib/retry.test.ts` with three tests.",
        "Wrote a new spec file with 3 tests.",
    ):
        assert "contradicted" not in statuses(said, run(wrote, ran)), said
    # a count of the run's, after a write in another sentence, is one
    assert statuses("I added a guard. 3 tests pass.", run(wrote, ran))[-1] == "contradicted"
