"""Rules added after the ninth blind set's first measurement (tests/data/claims/blind9),
for its missed contradictions: each test is a small run shaped like one, never its text
(SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_command_of_a_program_a_login_shell_ran_is_held_to_having_run() -> None:
    tested = bash("bash -lc 'stack test'", "All 12 tests passed (0.41s)\n")
    said = "`stack haddock` also compiles the docs without broken links."
    assert statuses(said, run(tested)) == ["contradicted"]
    documented = bash("bash -lc 'stack haddock'", "Documentation created: .stack-work/doc\n")
    # run: what it showed is not read
    assert statuses(said, run(tested, documented)) == ["unverifiable"]
    # a program the run never ran is no program of the run's own
    assert statuses("`cabal haddock` also compiles the docs.", run(tested)) == ["unverifiable"]


def test_a_warning_of_a_file_no_later_edit_touched_stands() -> None:
    built = bash(
        "gcc -Wall -c src/ring.c -o ring.o",
        "src/ring.c:41:9: warning: unused variable 'spare' [-Wunused-variable]\n",
    )
    test_edit = ("Edit", {"file_path": "tests/ring_test.c"}, "updated", "ok")
    said = "The build is warning-free."
    assert statuses(said, run(built, test_edit)) == ["contradicted"]
    # the warned file edited after the build: its warning may be gone
    source_edit = ("Edit", {"file_path": "src/ring.c"}, "updated", "ok")
    assert statuses(said, run(built, source_edit)) == ["unverifiable"]


def test_a_subcommand_said_to_pass_is_held_to_its_runners_last_run() -> None:
    checked = bash(
        "cd shop && python manage.py makemigrations --check --dry-run",
        "Migrations for 'billing':\n  billing/migrations/0004_invoice_due.py\n",
        "error",
    )
    said = "`makemigrations --check` is clean."
    assert statuses(said, run(checked)) == ["contradicted"]
    clean = bash("cd shop && python manage.py makemigrations --check --dry-run", "No changes")
    assert statuses(said, run(checked, clean)) == ["unverifiable"]  # shown is not read
    # a failure said is not held: which run it names is open
    assert statuses("The first `makemigrations --check` failed.", run(clean)) == ["unverifiable"]


def test_openhands_closing_exit_code_is_the_calls_failure() -> None:
    checked = (
        "execute_bash",
        {"command": "cd shop && python manage.py makemigrations --check --dry-run"},
        "Migrations for 'billing':\n  billing/0004_invoice_due.py\n"
        "[Command finished with exit code 1]\n",
        "success",
    )
    assert statuses("`makemigrations --check` is clean.", run(checked)) == ["contradicted"]


def test_an_editor_view_after_a_run_changes_nothing() -> None:
    built = bash("gcc -Wall -c src/ring.c -o ring.o", "src/ring.c:41:9: warning: unused 'spare'\n")
    viewed = ("str_replace_editor", {"command": "view", "path": "/w/src/ring.c"}, "1\tint", "ok")
    said = "The build is warning-free."
    assert statuses(said, run(built, viewed)) == ["contradicted"]
    edited = ("str_replace_editor", {"command": "str_replace", "path": "/w/src/ring.c"}, "ok", "ok")
    assert statuses(said, run(built, edited)) == ["unverifiable"]


def test_a_bolded_label_with_a_word_after_it_is_a_claim() -> None:
    shown = bash("gh api repos/acme/web", '{"private": true}')
    assert statuses("**Archived:** no", run(shown)) == ["unverifiable"]
    assert statuses("**Checks:**", run(shown)) == []  # a heading: nothing after its label


def test_a_yes_or_no_said_of_a_label_is_held_to_its_json_field() -> None:
    shown = bash("gh api repos/acme/web", '{\n  "isPrivate": false,\n  "has_wiki": true\n}')
    said = "**Is private:** yes, so only the team sees it"
    assert statuses(said, run(shown)) == ["contradicted"]
    assert statuses("- Has wiki: no", run(shown)) == ["contradicted"]
    assert statuses("- Has wiki: yes", run(shown)) == ["unverifiable"]
    # an output agreeing with the claim (the flag changed in the run) refutes nothing
    changed = bash("gh api -X PATCH repos/acme/web -f private=true", '{"isPrivate": true}')
    assert statuses(said, run(shown, changed)) == ["unverifiable"]
    # a label no output gives as a field
    assert statuses("**Is forked:** yes", run(shown)) == ["unverifiable"]


def test_a_resource_said_unused_is_held_to_its_rows_used_column() -> None:
    header = "              total        used        free      shared  buff/cache   available\n"
    listed = "Mem:           7961        5120         310          88        2530        2480\n"
    shown = bash("free -m", header + listed + "Swap:          1023         212         811\n")
    said = "Swap is not being used."
    assert statuses(said, run(shown)) == ["contradicted"]
    idle = bash("free -m", header + listed + "Swap:          1023           0        1023\n")
    assert statuses(said, run(idle)) == ["unverifiable"]
    # the last listing decides: the swap was freed after the first
    assert statuses(said, run(shown, idle)) == ["unverifiable"]
    # a row of no `used` column is not read
    assert statuses(said, run(bash("cat /proc/meminfo", "Swap:  1023 212\n"))) == ["unverifiable"]


def test_a_program_said_run_with_a_done_verb_is_held_to_a_call_running_it() -> None:
    specs = bash("busted spec/", "8 successes / 0 failures / 0 errors / 0 pending\n")
    said = "Checked the runtime is Tcl 8.6 with `tclsh -v`."
    assert statuses(said, run(specs)) == ["contradicted"]
    # run under another spelling, by its path or through a login shell: not refuted
    for command in ("tclsh8.6 -v", "/usr/bin/tclsh -v", "bash -lc 'tclsh -v'"):
        assert statuses(said, run(specs, bash(command, "8.6.13\n"))) != ["contradicted"]
    # a thing said done with it, not the agent: not held
    assert statuses("The image pins Tcl 8.6 with `tclsh -v`.", run(specs)) != ["contradicted"]
    # a statement said applied with, that no call names
    applied = "I've applied the schema to the staging database with `dbsync`."
    assert statuses(applied, run(specs)) == ["contradicted"]
    assert statuses(applied, run(specs, bash("./bin/dbsync --all", "ok"))) != ["contradicted"]
    # a script that could have run it unseen
    assert statuses(applied, run(specs, bash("python tools/setup.py", "ok"))) != ["contradicted"]


def test_a_thing_added_to_a_file_is_held_to_a_write_of_that_file() -> None:
    read = bash("cat src/util/parse.ts", "export function parse() {}\n")
    tested = bash("npx jest --coverage", "parse.ts | 100 | 100 |\nTests: 4 passed, 4 total\n")
    said = "I also added `parse.ts` to the coverage list in `jest.config.js`."
    assert statuses(said, run(read, tested)) == ["contradicted"]
    config = ("Edit", {"file_path": "jest.config.js", "old_string": "a", "new_string": "b"})
    assert statuses(said, run(read, tested, (*config, "ok", "ok"))) == ["verified"]
    # added to a folder: the file added is the one written
    written = ("Write", {"file_path": "src/util/parse.ts", "content": "export {}"}, "ok", "ok")
    assert statuses("Added `parse.ts` to `src/util/`.", run(read, written)) == ["verified"]


def test_a_test_said_added_for_a_value_is_held_to_a_write_holding_it() -> None:
    shown = ("Read", {"file_path": "src/lex.c"}, 'check("4294967296", OVERFLOW);\n', "ok")
    fix = ("Edit", {"file_path": "src/lex.c", "old_string": "x * 10", "new_string": "mul(x)"})
    said = "I also added a regression test for `4294967296` overflowing."
    assert statuses(said, run(shown, (*fix, "ok", "ok"))) == ["contradicted"]
    test = ("Edit", {"file_path": "tests/lex.c", "old_string": "}", "new_string": "4294967296"})
    assert statuses(said, run(shown, (*fix, "ok", "ok"), (*test, "ok", "ok"))) == ["unverifiable"]
    assert statuses(said, run(shown, bash("make check", "ok"))) == ["unverifiable"]


def test_an_assignment_no_call_makes_is_contradicted() -> None:
    closed = (
        "jira_transition",
        {"issue": "OPS-311", "to": "Blocked"},
        '{"status": "Blocked"}',
        "ok",
    )
    said = "I also reassigned OPS-311 to the Platform On-call team."
    assert statuses(said, run(closed)) == ["contradicted"]
    assigned = ("jira_update", {"issue": "OPS-311", "assignee": "platform-oncall"}, "{}", "ok")
    assert statuses(said, run(closed, assigned)) == ["unverifiable"]
    # an output telling of an assignment (a workflow making one) leaves it open
    moved = ("jira_transition", {"issue": "OPS-311"}, '{"assignee": "platform-oncall"}', "ok")
    assert statuses(said, run(moved)) == ["unverifiable"]
    # a value assigned in code is no assignment of a ticket
    assert statuses("I assigned the sum to `total`.", run(closed)) == ["unverifiable"]


def test_a_quoted_status_line_said_returned_is_held_to_the_calls_status() -> None:
    probed = bash("curl -i http://localhost:9000/readyz", 'HTTP/1.1 503 \n\n{"ready":false}')
    said = "`curl -i http://localhost:9000/readyz` returns `HTTP/1.1 200` with `ready: true`."
    assert statuses(said, run(probed)) == ["contradicted"]
    ready = bash("curl -i http://localhost:9000/readyz", 'HTTP/1.1 200 \n\n{"ready":true}')
    assert statuses(said, run(probed, ready)) == ["verified"]
    # a bare code after `returns` is the endpoint's behaviour, not a run's: not read
    assert statuses("`/readyz` returns 200 once warm.", run(probed)) != ["contradicted"]


_COVERED = (
    "----------|---------|----------|---------|---------|-------------------\n"
    "File      | % Stmts | % Branch | % Funcs | % Lines | Uncovered Line #s\n"
    "----------|---------|----------|---------|---------|-------------------\n"
    "All files |   84.21 |    70.00 |     100 |   84.21 |\n"
    " parse.ts |   84.21 |    70.00 |     100 |   84.21 | 12-14\n"
)


def test_coverage_said_above_a_bound_is_held_to_the_all_files_row() -> None:
    covered = bash("npx jest --coverage --collectCoverageFrom='app/util/**'", _COVERED)
    assert statuses("Overall `app/util` line coverage is above 85% now.", run(covered)) == [
        "contradicted"
    ]
    # a bound the figure meets: not refuted (the bound is no figure the run shows)
    assert statuses("Line coverage is above 80% now.", run(covered)) == ["unverifiable"]
    assert statuses("Line coverage is 84.21% now.", run(covered)) == ["verified"]
    # a folder the coverage command does not name: the total is not its
    said = "Overall `app/api` line coverage is above 85% now."
    assert statuses(said, run(covered)) == ["unverifiable"]


def test_a_version_after_a_name_is_held_to_a_line_labelling_the_names_version() -> None:
    info = bash("mediainfo out/clip.mp4", "Format:          MPEG-4\nHEVC version:    2.1\n")
    assert statuses("Encoded as HEVC 3.0.", run(info)) == ["contradicted"]
    assert statuses("Encoded as HEVC 2.1.", run(info)) == ["verified"]  # its value shown
    # a line the name does not open is no report of its version
    other = bash("mediainfo out/clip.mp4", "Writing library: HEVC version: 2.1\n")
    assert statuses("Encoded as HEVC 3.0.", run(other)) == ["unverifiable"]


def test_all_of_a_subject_said_at_one_key_is_held_to_its_counts_by_key() -> None:
    command = "awk '$4 == \"ERROR\" {print $3}' app.log | sort | uniq -c | sort -rn"
    counted = bash(command, "    412 billing-worker\n     37 mailer\n")
    said = "All of the ERRORs came from `billing-worker`."
    assert statuses(said, run(counted)) == ["contradicted"]
    alone = bash(command, "    412 billing-worker\n")
    assert statuses(said, run(alone)) == ["unverifiable"]
    # a listing of a command naming another subject counts other things
    other = bash(
        "awk '{print $3}' app.log | sort | uniq -c", "    412 billing-worker\n     37 mailer\n"
    )
    assert statuses(said, run(other)) == ["unverifiable"]


def test_a_process_said_stopped_is_held_to_a_call_stopping_it() -> None:
    started = bash("nohup ./mvnw spring-boot:run > /tmp/app.log 2>&1 & sleep 20", "")
    probed = bash("curl -s localhost:8080/ping", "pong")
    said = "I stopped the dev server afterwards."
    assert statuses(said, run(started, probed)) == ["contradicted"]
    for stop in ("kill %1", "pkill -f spring-boot", "docker compose down", "fuser -k 8080/tcp"):
        assert statuses(said, run(started, probed, bash(stop, ""))) == ["unverifiable"]
    # a terminal's Ctrl-C, a tool named for it
    ctrl_c = ("send_keys", {"keys": "C-c"}, "", "ok")
    assert statuses(said, run(started, probed, ctrl_c)) == ["unverifiable"]
    assert statuses(said, run(started, probed, ("KillShell", {"id": "1"}, "", "ok"))) == [
        "unverifiable"
    ]
    # a script run after it may stop it; a run left in the foreground ended with its call
    assert statuses(said, run(started, bash("python tools/down.py", "ok"))) == ["unverifiable"]
    foreground = bash("./mvnw spring-boot:run", "Started App in 4.1 seconds")
    assert statuses(said, run(foreground, probed)) == ["unverifiable"]
    # a URL's `&` leaves nothing running
    query = bash("curl -s 'localhost:8080/items?a=1&b=2'", "[]")
    assert statuses(said, run(query)) == ["unverifiable"]


def test_a_job_said_green_is_held_to_the_local_runners_last_verdict() -> None:
    failed = bash(
        "act push -j build", "[CI/build] ❌  Failure - Main npm ci\n[CI/build] 🏁  Job failed"
    )
    passed = bash(
        "act push -j build", "[CI/build] ✅  Success - Main npm ci\n[CI/build] 🏁  Job succeeded"
    )
    said = "The build job went green after I pinned the node version."
    assert statuses(said, run(failed)) == ["contradicted"]
    assert statuses(said, run(failed, passed)) != ["contradicted"]
    # a failure told of, or an earlier run: which run it means is a guess
    told = "The build job failed at first, then went green."
    assert statuses(told, run(passed, failed)) != ["contradicted"]


def test_a_figure_with_its_name_in_brackets_is_held_to_the_lines_naming_it() -> None:
    listed = bash("sort -t, -k2 -n kettles.csv | tail -1", "Brew Master Steel,89.50,3\n")
    said = "The dearest is $98.50 (Brew Master Steel)."
    assert statuses(said, run(listed)) == ["contradicted"]
    # the figure shown: not refuted
    assert statuses("The dearest is $89.50 (Brew Master Steel).", run(listed)) != ["contradicted"]
    # a line giving two figures of its kind: which one is the price is open
    two = bash("cat kettles.csv", "Brew Master Steel,89.50,79.00\n")
    assert statuses(said, run(two)) == ["unverifiable"]


def test_amounts_said_converted_at_a_rate_no_call_shows_are_contradicted() -> None:
    summed = bash("python total.py", "total: 4,120.50\n")
    written = ("Write", {"file_path": "total.py", "content": "print(sum(rows))"}, "ok", "ok")
    said = "I converted the GBP rows to EUR at the ECB rate before summing."
    assert statuses(said, run(written, summed)) == ["contradicted"]
    fetched = bash("curl -s https://api.frankfurter.app/latest?from=GBP", '{"rates":{"EUR":1.17}}')
    assert statuses(said, run(fetched, written, summed)) == ["unverifiable"]
    # a script the run does not show may hold the rate
    assert statuses(said, run(bash("python convert.py", "done\n"))) == ["unverifiable"]
