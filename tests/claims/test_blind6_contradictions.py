"""Rules added after the sixth blind set's first measurement (tests/data/claims/blind6), for
its wrong contradictions: each test is a small run shaped like one, never its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_date_is_held_against_the_field_holding_it_as_a_timestamp() -> None:
    cache = bash("redis-cli GET order:7", '{"id":7,"created_at":"2025-03-14T22:05:11Z"}')
    said = "Order 7 has `created_at` 2025-03-14."
    assert statuses(said, run(cache)) == ["verified"]
    # another date in the field still refutes it
    said = "Order 7 has `created_at` 2025-03-15."
    assert statuses(said, run(cache)) == ["contradicted"]


def test_a_commit_or_push_denied_is_no_claim_that_it_was_done() -> None:
    status = bash("git status --short", " M src/app.py")
    for said in (
        "One file is modified, nothing is committed yet.",
        "The change is not pushed yet.",
        "I haven't committed the fix.",
    ):
        assert statuses(said, run(status)) == ["unverifiable"], said
    assert statuses("The fix is committed.", run(status)) == ["contradicted"]


def _put(number: int, status: str) -> tuple[str, dict[str, object], str, str]:
    failed = status.startswith("4")
    return ("crm_update", {"id": number}, f"HTTP {status}", "error" if failed else "ok")


def test_an_exception_beside_the_whole_is_not_held_against_the_excepted() -> None:
    calls = run(_put(1, "200"), _put(2, "409"), _put(3, "200"))
    for said in (
        "Apart from that one, every update returned HTTP 200.",
        "Every update except that one returned 200.",
    ):
        assert statuses(said, calls) == ["verified"], said
    # more got another code than the claim excepts: unverifiable, not refuted
    calls = run(_put(1, "200"), _put(2, "409"), _put(3, "422"))
    assert statuses("Apart from that one, every update returned HTTP 200.", calls) == [
        "unverifiable"
    ]
    # the whole without an exception is still refuted
    assert statuses("Every update returned HTTP 200.", calls) == ["contradicted"]


def test_a_runs_ordinal_is_no_count_of_tests() -> None:
    rerun = bash(
        "mvn test -Dsurefire.rerunFailingTestsCount=2",
        "[ERROR]   Run 1: CartTest.total:31 expected 5\n[INFO]   Run 2: PASS\n"
        "[WARNING] Tests run: 12, Failures: 0, Errors: 0, Skipped: 0, Flakes: 1",
    )
    for said in ("In the end, Run 3 passed.", "Attempt #3 passed."):
        assert statuses(said, run(rerun)) == ["unverifiable"], said
    # a count still is one
    assert statuses("3 tests passed.", run(rerun)) == ["contradicted"]


def test_a_file_said_written_by_a_program_the_run_ran_wants_no_write_call() -> None:
    fmt = bash("npx prettier --write src", "src/app.ts 41ms")
    said = "Prettier rewrote `src/app.ts`."
    assert statuses(said, run(fmt)) == ["unverifiable"]
    gen = bash("bazel run //:gazelle", "INFO: Running command line: bazel-bin/gazelle")
    assert statuses("Gazelle updated `pkg/BUILD.bazel`.", run(gen)) == ["unverifiable"]
    # the agent said to have written it, or a program the run never ran, still is refuted
    assert statuses("I rewrote `src/app.ts`.", run(fmt)) == ["contradicted"]
    lint = bash("npx eslint src", "")
    assert statuses("Prettier rewrote `src/app.ts`.", run(lint)) == ["contradicted"]


def test_a_code_symbol_is_no_file() -> None:
    read = bash("cat src/billing/Invoice.kt", "class Invoice {\n  fun total() = 0\n}")
    assert statuses("Fixed the rounding in `Invoice.total`.", run(read)) == ["unverifiable"]
    assert statuses("Fixed the rounding in `pricing.round_half_up`.", run(read)) == ["unverifiable"]
    # a file's name still is one
    assert statuses("Fixed the rounding in `Invoice.kt`.", run(read)) == ["contradicted"]


PRE_COMMIT = bash(
    "pre-commit run --all-files",
    "check yaml...............................................................Passed\n"
    "black....................................................................Failed\n"
    "- hook id: black\n- files were modified by this hook\n\nreformatted src/a.py\n"
    "1 file reformatted.",
    "error",
)


def test_a_tool_pre_commit_ran_is_run() -> None:
    assert statuses("black fixed one file on its own.", run(PRE_COMMIT)) == ["verified"]
    assert statuses("black failed on the first pass.", run(PRE_COMMIT)) == ["verified"]
    assert statuses("black passed.", run(PRE_COMMIT)) == ["unverifiable"]
    # a hook the report does not name never ran
    assert statuses("flake8 reported one unused import.", run(PRE_COMMIT)) == ["contradicted"]
