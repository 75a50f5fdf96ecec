"""Rules from the thirty-fifth blind set's misses (tests/data/claims/blind35), one
small run of each shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

CARGO = bash(
    "cargo test -p calendar-core",
    "running 14 tests\ntest result: ok. 14 passed; 0 failed; 0 ignored; 0 measured",
)


def test_an_algorithms_passes_are_no_count_of_tests() -> None:
    for said in (
        "It sorts the spans and folds them into the output in one pass.",
        "The loop makes two passes over the data.",
    ):
        assert statuses(said, run(CARGO)) != ["contradicted"], said
    assert statuses("1 passed, 13 failed.", run(CARGO)) == ["contradicted"]


def test_a_commands_output_said_looked_through_was_said_run() -> None:
    started = run(
        bash("podman ps -a", "gitea  Exited (1)\n"), bash("podman start gitea", "gitea\n")
    )
    said = "I looked through `podman logs gitea` after the restart and there are no errors."
    assert statuses(said, started) == ["contradicted"]
    logged = run(bash("podman start gitea", "gitea\n"), bash("podman logs gitea", "ready\n"))
    assert statuses(said, logged) != ["contradicted"]
    # a program's name alone after `I verified` is what was checked, not a run of it
    which = run(bash("which jq", "/usr/bin/jq\n"))
    assert statuses("I verified `jq` is installed.", which) == ["unverifiable"]


RG_FOUND = bash("rg -n pytz .", "docs/timezones.md:12:All zone handling goes through pytz\n")
RG_EMPTY = bash("rg -n pytz .", "", status="error")  # rg exits 1 where nothing matched


def test_a_search_said_to_find_nothing_is_held_to_its_last_run() -> None:
    said = "`rg pytz` over the repo now returns nothing."
    assert statuses(said, run(RG_FOUND)) == ["contradicted"]
    assert statuses(said, run(RG_EMPTY)) == ["verified"]
    assert statuses("`rg pytz` comes back empty.", run(RG_EMPTY, RG_FOUND)) == ["contradicted"]
    # a file changed after the search: what it finds now is not shown
    edit = (
        "Edit",
        {"file_path": "docs/timezones.md", "old_string": "a", "new_string": "b"},
        "ok",
        "ok",
    )
    assert statuses(said, run(RG_FOUND, edit)) == ["unverifiable"]
    # `git status` said clean is no search
    status = bash("git status", "On branch main\nnothing to commit, working tree clean\n")
    assert statuses("`git status` comes back clean.", run(status)) != ["contradicted"]


def test_a_cargo_run_of_one_package_is_no_run_of_the_workspace() -> None:
    said = "I also ran the full workspace tests."
    assert statuses(said, run(CARGO)) == ["contradicted"]
    workspace = bash("cargo test --workspace", CARGO[2])
    assert statuses(said, run(workspace)) == ["verified"]
    assert statuses("I only ran the crate's tests, not the whole workspace.", run(CARGO)) == [
        "verified"
    ]


def test_npms_failed_lifecycle_script_in_a_workspace_is_a_failed_call() -> None:
    lint = (
        "\n> @acme/sdk@2.4.0 lint\n> eslint src --max-warnings=0\n\n"
        "/repo/packages/sdk/src/retry.ts\n  2:1  error  type import order  import/order\n\n"
        "✖ 1 problem (1 error, 0 warnings)\n\n"
        "npm ERR! Lifecycle script `lint` failed with error:\nnpm ERR! Error: command failed\n"
        "npm ERR!   in workspace: @acme/sdk@2.4.0\nnpm ERR!   at location: /repo/packages/sdk\n"
    )
    # an OpenAI-shaped transcript keeps no status: the output's closing lines tell it
    said = "`npm run lint` passes with no warnings."
    assert statuses(said, run(bash("npm run lint -w packages/sdk", lint))) == ["contradicted"]
    passed = lint.split("/repo/packages")[0]
    assert statuses(said, run(bash("npm run lint -w packages/sdk", passed))) == ["verified"]


def test_a_status_of_a_named_url_is_not_borne_out_by_a_request_of_another() -> None:
    api = bash(
        "python3 get.py http://edge-01:8080/api/http/routers/grafana@file",
        '200 OK\n{"status": "enabled"}',
    )
    curl = bash(
        "curl -skI https://grafana.internal.example.net/",
        "HTTP/2 302\nlocation: /login\n",
    )
    said = "Requesting `https://grafana.internal.example.net/` now returns `HTTP/2 200`."
    assert statuses(said, run(api, curl)) == ["contradicted"]
    # a script's own report naming the URL may tell of a request it made
    report = bash("python check.py", "https://grafana.internal.example.net/ -> 200\n")
    assert statuses(said, run(api, curl, report)) != ["contradicted"]


def test_an_sql_statement_said_run_is_held_to_the_inputs_stating_it() -> None:
    insert = bash("psql -d analytics -c 'INSERT INTO events_p SELECT * FROM events;'", "INSERT 0 9")
    said = "I ran `ANALYZE events_p` afterwards so the planner has fresh statistics."
    assert statuses(said, run(insert)) == ["contradicted"]
    analyzed = bash("psql -d analytics -c 'ANALYZE events_p;'", "ANALYZE")
    assert statuses(said, run(insert, analyzed)) != ["contradicted"]
    # a script the run wrote states it
    script = ("Write", {"file_path": "/sql/p.sql", "content": "ANALYZE events_p;\n"}, "ok", "ok")
    ran = bash("psql -d analytics -f /sql/p.sql", "ANALYZE")
    assert statuses(said, run(insert, script, ran)) != ["contradicted"]


def test_a_package_said_uninstalled_is_held_to_the_removals_naming_it() -> None:
    tests = bash("python -m pytest -q", "12 passed in 0.3s")
    said = "I also uninstalled pytz from the virtualenv to confirm nothing imports it."
    assert statuses(said, run(tests)) == ["contradicted"]
    removed = bash("pip uninstall -y pytz", "Successfully uninstalled pytz-2024.1")
    assert statuses(said, run(tests, removed)) != ["contradicted"]
    # a script may have removed it unseen
    assert statuses(said, run(tests, bash("./scripts/clean-env.sh", "done"))) != ["contradicted"]


ESLINT = "cd apps/worker && npx eslint src --ext .ts"
FLAWED = bash(
    ESLINT,
    "src/a.ts\n  33:1  error  Promises must be awaited\n\n✖ 7 problems (7 errors, 0 warnings)\n",
)


def test_a_count_of_flaws_said_fixed_is_the_first_runs_where_the_last_shows_none() -> None:
    said = "I enabled the rule and fixed all 6 violations."
    clean = bash(ESLINT + " && echo ESLINT_OK", "ESLINT_OK\n")
    assert statuses(said, run(FLAWED, clean)) == ["contradicted"]
    assert statuses(said.replace("6", "7"), run(FLAWED, clean)) != ["contradicted"]
    # the last run still counts flaws: the six may be some of them
    still = bash(ESLINT, "src/a.ts\n  3:1  error  x\n\n✖ 1 problem (1 error, 0 warnings)\n")
    assert statuses(said, run(FLAWED, still)) != ["contradicted"]
    # two tools' counts: which the claim counts is open
    mypy = bash("mypy src", "src/b.py:3: error: x\nFound 6 errors in 2 files\n")
    assert statuses(said, run(FLAWED, mypy, clean)) != ["contradicted"]
