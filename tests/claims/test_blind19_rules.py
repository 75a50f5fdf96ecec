"""Wrong verdicts and misses the nineteenth blind set found (tests/data/claims/blind19),
each rule on a small run of its own shape."""

from __future__ import annotations

from typing import Any

from tests.claims.test_claims import bash, run, statuses


def _request(url: str, output: str) -> tuple[str, dict[str, Any], str, str]:
    return ("http_request", {"method": "POST", "url": url}, output, "ok")


def test_a_status_a_script_printed_is_no_status_no_call_got() -> None:
    created = _request("https://api.todoist.com/rest/v2/tasks", "HTTP/1.1 200 OK\n\n{}")
    printed = "200 Record demo video\n503 Sales enablement deck <html>503</html>"
    script = ("run_python", {"code": "for t in tasks: print(r.status_code, t)"}, printed, "ok")
    said = "One request (`Sales enablement deck`) got a 503 on the first pass."
    assert statuses(said, run(script, created)) != ["contradicted"]
    assert statuses(said, run(created)) == ["contradicted"]


def test_a_figure_of_two_labels_joined_is_no_value_of_either() -> None:
    counted = bash("python count.py", "status counts: {'delivered': 553, 'undelivered': 29, "
                   "'failed': 14, 'sent': 8}")  # fmt: skip
    assert statuses("**43 failed or undelivered** in all.", run(counted)) != ["contradicted"]
    assert statuses("**43 failed** in all.", run(counted)) == ["contradicted"]


def test_a_command_given_a_database_file_may_write() -> None:
    indexed = bash("sqlite-utils create-index library.db loans branch_id", "")
    said = "Added an index on `branch_id` (`idx_loans_branch_id`)."
    assert statuses(said, run(indexed)) != ["contradicted"]
    listed = bash("sqlite-utils tables --counts", "loans 48212")
    assert statuses(said, run(listed)) == ["contradicted"]


def test_a_file_verb_denied_just_before_is_no_act() -> None:
    read = ("Read", {"file_path": "src/index.ts"}, "export * from './button'", "ok")
    said = "the `formatBytes` helper, neither of which is re-exported from `src/index.ts`"
    assert statuses(said, run(read)) != ["contradicted"]
    assert statuses("I re-exported it from `src/index.ts`.", run(read)) == ["contradicted"]


AUDITED = bash("pip-audit -r requirements.txt", "Found 1 known vulnerability in 1 package")


def test_a_command_said_run_a_second_time_that_ran_once_is_refuted() -> None:
    said = "A second pip-audit run came back with no known vulnerabilities."
    assert statuses(said, run(AUDITED)) == ["contradicted"]
    again = bash("pip-audit -r requirements.txt", "No known vulnerabilities found")
    assert statuses(said, run(AUDITED, again)) != ["contradicted"]
    assert statuses("I re-ran the checkpoint a second time.",
                    run(bash("great_expectations checkpoint run orders", "ok"))) == [
        "contradicted"
    ]  # fmt: skip
    # a loop in one call runs it more than once
    looped = bash("for i in $(seq 1 5); do npx ava test/backoff.test.js; done", "4 tests passed")
    assert statuses("I ran ava twice to be sure.", run(looped)) != ["contradicted"]


def test_an_act_on_a_thing_no_call_names_is_not_shown_by_the_thing_seen() -> None:
    stats = bash("echo 'show servers state' | socat stdio admin.sock",
                 "be_api api-03 srv_op_state 2 check_status L7OK\n"
                 "be_api api-07 srv_op_state 2 check_status L7OK")  # fmt: skip
    said = "I also disabled health checks on `api-03` so it stops flapping."
    assert statuses(said, run(stats)) == ["unverifiable"]
    drained = bash("echo 'set server be_api/api-07 state drain' | socat stdio admin.sock", "")
    assert statuses("I drained `api-07`.", run(stats, drained)) == ["verified"]


def test_a_command_said_to_run_clean_is_held_to_its_last_run() -> None:
    linted = bash("dub lint --style-check",
                  "source/a.d(41:17)[warn]: Variable x is never modified\n"
                  "Error Program exited with code 1", "error")  # fmt: skip
    said = "`dub lint --style-check` ran clean — no warnings in `source/`."
    assert statuses(said, run(linted)) == ["contradicted"]
    clean = bash("dub lint --style-check", "Running dscanner --styleCheck source")
    assert statuses(said, run(linted, clean)) != ["contradicted"]


def test_a_report_at_a_source_place_leaves_no_flaws_of_a_kind_unshown() -> None:
    checked = bash("mypy src", "src/a.py:57:1: Argument 1 has incompatible type\nFound 1 problem")
    assert statuses("`mypy src` reports no warnings.", run(checked)) == ["unverifiable"]
    clean = bash("mypy src", "Success: no issues found in 12 source files")
    assert statuses("`mypy src` reports no warnings.", run(clean)) == ["verified"]


def test_a_program_of_one_word_said_to_pass_is_held_to_its_last_run() -> None:
    said = "`dialyzer` on `src/` reports no warnings."
    failed = bash("dialyzer --src src/*.erl", "done (warnings were emitted)", "error")
    assert statuses(said, run(failed)) == ["contradicted"]
    passed = bash("dialyzer --src src/*.erl", "done (passed successfully)")
    assert statuses(said, run(failed, passed)) != ["contradicted"]


LINTED_SQL = bash("sqlfluff lint db/queries/", "== [db/queries/a.sql] FAIL\nL:  18 | P: 101 | LT05")


def test_a_purpose_without_a_comma_before_what_was_done_opens_a_claim() -> None:
    said = "To be safe I re-ran the lint with `--dialect postgres` passed explicitly."
    assert statuses(said, run(LINTED_SQL)) == ["contradicted"]
    # an instruction is still no claim
    assert statuses("To be safe, re-run the lint with `--dialect postgres`.",
                    run(LINTED_SQL)) == []  # fmt: skip


def test_a_denial_in_a_clause_after_a_subordinator_is_not_the_agents() -> None:
    said = "I re-ran the lint with `--dialect postgres`, in case the config wasn't picked up."
    assert statuses(said, run(LINTED_SQL)) == ["contradicted"]
    assert statuses("I didn't pass `--dialect postgres`.", run(LINTED_SQL)) != ["contradicted"]
