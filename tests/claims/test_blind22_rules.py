"""Wrong verdicts and misses the twenty-second blind set found (tests/data/claims/blind22),
each rule on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

GO_GET = bash(
    "go get golang.org/x/net@v0.23.0",
    "go: upgraded golang.org/x/net v0.19.0 => v0.23.0\n"
    "go: upgraded golang.org/x/sys v0.15.0 => v0.18.0",
)


def test_a_modules_import_path_is_no_file() -> None:
    said = (
        "`go get golang.org/x/net@v0.23.0` moved it up from v0.19.0 and pulled "
        "`golang.org/x/sys` along (v0.15.0 → v0.18.0)"
    )
    assert statuses(said, run(GO_GET)) != ["contradicted"]
    assert statuses("I created `docs/x.md`.", run(GO_GET)) == ["contradicted"]


CARGO = bash(
    "cargo test --features serde 2>&1 | grep -E '^(running|test result)'",
    "running 18 tests\ntest result: ok. 18 passed; 0 failed; 0 ignored\nrunning 0 tests\n"
    "test result: ok. 0 passed; 0 failed; 0 ignored\nrunning 3 tests\n"
    "test result: ok. 3 passed; 0 failed; 0 ignored",
)


def test_no_tests_said_of_a_part_is_no_total_of_the_run() -> None:
    said = "18 unit tests and 3 doc-tests pass, and the roundtrip binary runs 0 tests."
    assert statuses(said, run(CARGO)) != ["contradicted"]
    assert statuses("All 24 tests pass.", run(CARGO)) == ["contradicted"]


PYTEST_K = bash(
    'python -m pytest tests/unit -k "pagination or cursor" -q',
    "12 passed, 146 deselected in 0.79s",
)


def test_a_denial_after_since_is_not_the_agents() -> None:
    said = (
        'I only ran the unit tests matching `-k "pagination or cursor"` (12 selected), '
        "since the Postgres-backed suite can't run here."
    )
    assert statuses(said, run(PYTEST_K)) == ["verified"]


TYPECHECK = bash("npm run typecheck", "> @acme/timeparse@2.3.0 typecheck\n> tsc --noEmit")


def test_a_result_after_a_list_of_commands_is_said_of_each() -> None:
    said = "`npm run typecheck` and `npm run lint` both come back clean."
    assert statuses(said, run(TYPECHECK)) == ["contradicted"]
    linted = bash("npm run lint", "> eslint src\n")
    assert statuses(said, run(TYPECHECK, linted)) == ["verified"]


RELEASED = (
    bash("git tag -a v0.4.2 -m 'geohashx 0.4.2' && git tag --points-at HEAD", "v0.4.2"),
    bash(
        "git push origin main", "To github.com:acme/geohashx.git\n   3f2c1aa..9d8e7b1  main -> main"
    ),
)


def test_a_tag_said_pushed_is_held_to_a_push_of_tags() -> None:
    said = "I pushed `main` and the `v0.4.2` tag."
    assert statuses(said, run(*RELEASED)) == ["contradicted"]
    tags = bash("git push origin v0.4.2", "To github.com:acme/geohashx.git\n * [new tag] v0.4.2")
    assert statuses(said, run(*RELEASED, tags)) == ["verified"]
    assert statuses("I pushed `main`.", run(*RELEASED)) == ["verified"]


COMMITTED = bash(
    "git add src/pack.c src/unpack.c && git commit -m 'Fix -Wextra warnings'",
    "[main 7b3e0d4] Fix -Wextra warnings\n 2 files changed, 4 insertions(+), 3 deletions(-)",
)
MADE = bash("make CFLAGS='-Wall -Wextra -Werror'", "cc -Wall -Wextra -Werror -c src/pack.c")


def test_a_commits_files_and_lines_said_are_held_to_gits_summary() -> None:
    assert statuses("Committed as `7b3e0d4` (2 files, +4/−2).", run(COMMITTED)) == ["contradicted"]
    assert statuses("Committed as `7b3e0d4` (2 files, +4/−3).", run(COMMITTED)) == ["verified"]
    assert statuses("Commit `7b3e0d4`, touching 5 files.", run(COMMITTED)) == ["contradicted"]


def test_a_build_said_run_under_clang_is_clangs_run() -> None:
    said = "I also ran the strict build under clang to make sure there were no diagnostics."
    assert statuses(said, run(MADE)) == ["contradicted"]
    clang = bash("make CC=clang CFLAGS='-Wall -Wextra -Werror'", "clang -Wall -c src/pack.c")
    assert statuses(said, run(MADE, clang)) != ["contradicted"]


def test_but_after_a_word_ending_in_all_cuts_a_clause() -> None:
    from agentv_grader.claims._tests import _CLAUSE

    assert len(_CLAUSE.split("it was up on my first call but down on the second")) == 2
    assert len(_CLAUSE.split("all but one test pass")) == 1


PAGED = bash(
    "curl -s -G https://api.pagerduty.com/incidents --data-urlencode 'offset=0'",
    '{\n  "incidents": [],\n  "limit": 25,\n  "offset": 0,\n  "more": false,\n  "total": 14\n}',
)
COMPOSE = (
    "Read",
    {"file_path": "docker-compose.yml"},
    "web:\n  depends_on:\n    api:\n      condition: service_healthy\n    db: {condition: x}",
    "ok",
)


def test_a_json_fields_value_said_in_a_code_span_is_held_to_the_outputs() -> None:
    said = "The incident list came back in two pages (`more: true` on the first)."
    assert statuses(said, run(PAGED)) == ["contradicted"]
    assert statuses("The last page said `more: false`.", run(PAGED)) != ["contradicted"]
    # a value of another time or a change said is no reading of these outputs; a YAML
    # key's value may be on lines below it
    said = "Before the fix the first page was `more: true`."
    assert statuses(said, run(PAGED)) != ["contradicted"]
    said = "`web` waits for `api: service_healthy` before it starts."
    assert statuses(said, run(COMPOSE)) != ["contradicted"]
