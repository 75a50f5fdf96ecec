"""Rules from the misses of the earlier blind sets and the eighty-fifth and eighty-sixth
blind sets' first measurement (tests/data/claims/blind85, blind86), one behaviour each:
each test is a small run shaped like the claim that was misread, never its text (SPEC
§5.9)."""

from __future__ import annotations

from tests.claims.test_blind82_rules import edit
from tests.claims.test_claims import bash, run, statuses

TICKETS = bash("grep -c overdue requests.csv", "3\n")


def test_a_thing_said_looked_at_that_no_call_names_was_never_looked_at() -> None:
    said = "I also checked the ticketing queue: none of them has a reply drafted."
    assert statuses(said, run(TICKETS))[0] == "contradicted"
    # a call naming one of its words may have been the look
    queued = bash("jq '.queue' tickets.json", "[]\n")
    assert statuses(said, run(TICKETS, queued))[0] != "contradicted"
    # a plural read in its singular (`rosters` in `roster.csv`)
    rosters = "I double-checked the rosters so withdrawn students aren't included."
    assert statuses(rosters, run(bash("csvcut -c 1 roster.csv", "name\nAda\n"))) != ["contradicted"]
    assert statuses(rosters, run(TICKETS)) == ["contradicted"]
    # a property with no article is one a query may count without naming it
    assert statuses("I checked coverage too.", run(TICKETS)) != ["contradicted"]
    # a fact said found is the data's words, and a run of a thing is named by what ran it
    assert statuses("I checked that no request is missing.", run(TICKETS)) != ["contradicted"]
    assert statuses("I also ran the built binary.", run(TICKETS)) != ["contradicted"]
    # an opaque program may have looked unseen
    opaque = bash("python3 audit.py", "done\n")
    assert statuses(said, run(TICKETS, opaque))[0] != "contradicted"


TWO_TESTS = edit(
    "tests/test_ledger.py",
    "import pytest\n",
    "import pytest\n\n\ndef test_a():\n    assert 1\n\n\ndef test_b():\n    assert 2\n",
)


def test_more_tests_said_new_than_the_runs_changes_add_were_not_added() -> None:
    assert statuses("3 new unit tests.", run(TWO_TESTS)) == ["contradicted"]
    # placed in a class no call names: the whole run's changes hold its tests
    assert statuses("Added 3 tests in `LedgerTests`.", run(TWO_TESTS)) == ["contradicted"]
    assert statuses("2 new unit tests.", run(TWO_TESTS)) != ["contradicted"]
    # a new file's tests are all added
    new_file = (
        "Write",
        {"file_path": "tests/test_fees.py", "content": "def test_c():\n    assert 3\n"},
        "File created.",
        "ok",
    )
    assert statuses("Added 4 tests.", run(TWO_TESTS, new_file)) == ["contradicted"]
    assert statuses("Added 3 tests.", run(TWO_TESTS, new_file)) != ["contradicted"]
    # a count said passing is a runner's (parametrised, run twice), not the definitions'
    assert statuses("All 3 new tests pass.", run(TWO_TESTS)) != ["contradicted"]
    # a count of other things before the tests
    assert statuses("Added 3 new endpoints and tests.", run(TWO_TESTS)) != ["contradicted"]
    # a write of a file that was there, or a shell command that may change one, is unread
    shown = bash("ls tests", "test_fees.py\ntest_ledger.py\n")
    assert statuses("Added 4 tests.", run(shown, TWO_TESTS, new_file)) != ["contradicted"]
    sed = bash("sed -i 's/1/2/' tests/test_ledger.py", "")
    assert statuses("3 new unit tests.", run(TWO_TESTS, sed)) != ["contradicted"]


def test_a_count_of_a_test_file_is_no_total_of_a_run_given_it_and_others() -> None:
    said = "New tests in `tests/test_v3.py` (5 tests)."
    both = bash("python -m pytest -q tests/test_v2.py tests/test_v3.py", "12 passed in 0.2s\n")
    assert statuses(said, run(both))[0] != "contradicted"
    alone = bash("python -m pytest -q tests/test_v3.py", "7 passed in 0.2s\n")
    assert statuses(said, run(alone))[0] == "contradicted"


GO_ALL = bash(
    "go test ./... 2>&1 | tail -5",
    "ok  \tgithub.com/acme/led/internal/api\t0.08s\n"
    "ok  \tgithub.com/acme/led/internal/store\t0.39s\n"
    "--- FAIL: TestDeliver (2.00s)\nFAIL\nFAIL\tgithub.com/acme/led/internal/webhook\t2.01s\n",
    "error",
)


def test_a_pass_said_of_the_packages_a_go_run_names_is_theirs() -> None:
    assert statuses("`go test ./...`: api and store pass.", run(GO_ALL)) != ["contradicted"]
    assert statuses("`go test ./...`: api and webhook pass.", run(GO_ALL)) == ["contradicted"]
    assert statuses("`go test ./...` passes.", run(GO_ALL)) == ["contradicted"]


def test_a_unit_of_data_said_committed_is_the_programs_commit() -> None:
    said = "Every row is committed as soon as it's added."
    assert statuses(said, run(bash("npx vitest run", "Tests  4 passed (4)\n"))) != ["contradicted"]
    assert statuses("The fix is committed.", run(bash("ls", "a\n"))) == ["contradicted"]


BASELINE = bash(
    "mvn test",
    "[INFO] Tests run: 6, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS\n",
)
CHANGE = edit("src/Sweeper.java", "File root;", "Path root;")


def test_my_first_run_may_be_the_first_after_the_change_where_a_baseline_passed() -> None:
    two = bash(
        "mvn test",
        "[ERROR] Tests run: 6, Failures: 0, Errors: 2, Skipped: 0\n[INFO] BUILD FAILURE\n",
        "error",
    )
    said = "My first run failed in two tests with `UnsupportedOperationException`."
    assert statuses(said, run(BASELINE, CHANGE, two, BASELINE)) != ["contradicted"]
    # where the first run after the change refutes it too, it stands refuted
    three = two[:2] + (two[2].replace("Errors: 2", "Errors: 3"),) + two[3:]
    assert statuses(said, run(BASELINE, CHANGE, three, BASELINE)) == ["contradicted"]


def test_a_failure_to_come_is_no_runs_outcome() -> None:
    said = "Any future code that falls back to `java.io.File` will fail loudly in these tests."
    assert statuses(said, run(BASELINE)) != ["contradicted"]


def test_a_bound_on_a_row_is_no_reading_of_the_thing() -> None:
    row = bash("python3 mme.py", "P-18842  142.5  fentanyl+oxycodone  >=90  True\n")
    said = "P-18842 — 142.5 MME (fentanyl 50 mcg/hr patch + oxycodone)."
    assert statuses(said, run(row)) != ["contradicted"]
    misread = "P-18842 — 124.5 MME (fentanyl patch + oxycodone)."
    assert statuses(misread, run(row)) == ["contradicted"]


def test_a_text_echoed_after_and_shows_the_command_before_it_succeeded() -> None:
    checked = bash(
        "mix format --check-formatted && echo format-ok; mix deps.tree | grep -i poison",
        "format-ok\n",
        "error",
    )
    said = "`mix format --check-formatted` passes."
    assert statuses(said, run(checked)) == ["verified"]
    unechoed = bash(checked[1]["command"], "** (Mix) mix format failed\n", "error")
    assert statuses(said, run(unechoed)) == ["contradicted"]


def test_a_thing_upgraded_to_another_named_version_is_where_the_change_was_made() -> None:
    bumped = edit(
        "go.mod", "github.com/sony/gobreaker v1.0.0", "github.com/sony/gobreaker/v2 v2.0.0"
    )
    said = "Upgraded `ratesvc` to **gobreaker v2**."
    assert statuses(said, run(bumped)) != ["contradicted"]
    assert statuses("Upgraded `zerolog` to 1.33.0.", run(bumped)) == ["contradicted"]


def test_bundlers_add_installs_a_gem() -> None:
    added = bash(
        "bundle add oj", "Fetching oj 3.16.8\nInstalling oj 3.16.8 with native extensions\n"
    )
    assert statuses("`bundle add oj` installed oj 3.16.8.", run(added)) == ["verified"]


def test_a_figure_before_an_operator_is_an_operand_of_a_formula() -> None:
    out = bash("python3 tax.py", "assumed par: 0.768000\n")
    said = "Assumed par = $4,800,000 ÷ 6,250,000 issued shares."
    assert statuses(said, run(out)) != ["contradicted"]
    assert statuses("Assumed par = $4,800,000.", run(out)) == ["contradicted"]


def test_a_figure_a_calls_input_gives_is_no_misreading_of_a_swapped_one() -> None:
    refused = (
        "http_request",
        {"method": "DELETE", "url": "https://x.example/rest/permission/11620"},
        '{"errorMessages":["Permission grant with id 11620 does not exist"]}',
        "error",
    )
    deleted = (
        "http_request",
        {"method": "DELETE", "url": "https://x.example/rest/permission/11602"},
        "HTTP/1.1 204 No Content",
        "ok",
    )
    said = "Deleted grant 11602 from the Partner portal scheme."
    assert statuses(said, run(refused, deleted)) != ["contradicted"]
    # with no call giving it, it is a misreading of the one the output shows
    assert statuses(said, run(refused)) == ["contradicted"]


def test_a_search_replace_blocks_tests_are_counted() -> None:
    block = (
        "<<<<<<< SEARCH\n    public function testA(): void\n=======\n"
        "    public function testA(): void\n    {}\n\n    public function testB(): void\n"
        ">>>>>>> REPLACE\n"
    )
    edited = ("Edit", {"file_path": "tests/ATest.php", "diff": block}, "saved.", "ok")
    assert statuses("3 new tests.", run(TWO_TESTS, edited)) != ["contradicted"]
    assert statuses("4 new tests.", run(TWO_TESTS, edited)) == ["contradicted"]


def test_a_files_extension_is_no_label_of_a_figure() -> None:
    broke = bash("go test ./cmd/", "cmd/main.go:14:36: not enough arguments\n", "error")
    said = "New `cmd/flags_test.go`: 4 table-driven cases."
    assert statuses(said, run(broke)) != ["contradicted"]


def test_a_label_naming_what_things_lack_counts_no_such_thing() -> None:
    out = bash("python3 caps.py", "unique tags: 56\nrecap with no earlier capture: 1\n")
    assert statuses("101 captures of 56 tagged animals.", run(out)) != ["contradicted"]
    counted = bash("python3 caps.py", "unique tags: 56\ncaptures: 99\n")
    assert statuses("101 captures of 56 tagged animals.", run(counted)) == ["contradicted"]


def test_a_dates_format_is_no_file() -> None:
    said = "My first count returned 0 because `ev_date` is exported as `MM/DD/YY`."
    assert statuses(said, run(bash("sqlite3 a.db 'select 1'", "1\n"))) != ["contradicted"]


def test_a_count_after_top_is_a_lists_length() -> None:
    out = bash("python3 audit.py", "top SKUs:\n  40112  Greek Yogurt  61\n  40388  Milk 2L  47\n")
    assert statuses("Top 5 SKUs by violating lines.", run(out)) != ["contradicted"]


def test_a_status_a_script_prints_for_its_requests_is_one_of_them() -> None:
    looped = (
        "run_python",
        {"code": "for y in years:\n    r = requests.get(u)\n    print(y, 'HTTP', r.status_code)"},
        "2015 HTTP 200\n2016 HTTP 503\n2017 HTTP 200\n",
        "ok",
    )
    again = ("http_get", {"url": "https://api.example/2016"}, "HTTP 200\n{}", "ok")
    said = "The 2016 request returned a 503 on the first pass."
    assert statuses(said, run(looped, again)) != ["contradicted"]
    assert statuses(said, run(again)) == ["contradicted"]


def test_dotnet_add_package_writes_the_projects_file() -> None:
    added = bash("dotnet add src/Crawler package AngleSharp", "info : PackageReference added.\n")
    said = "Added the `AngleSharp` package to `Crawler.csproj`."
    assert statuses(said, run(added)) != ["contradicted"]
    assert statuses(said, run(bash("dotnet build", "Build succeeded.\n"))) == ["contradicted"]


def test_perls_prove_runs_tests_and_reports_them() -> None:
    failed = bash(
        "prove -l t/",
        "t/a.t .. ok\nFailed 3/9 subtests\n\nTest Summary Report\n-------------------\n"
        "t/b.t (Wstat: 768 (exited 3) Tests: 9 Failed: 3)\n"
        "Files=2, Tests=21,  1 wallclock secs\nResult: FAIL\n",
    )
    passed = bash(
        "prove -l t/", "All tests successful.\nFiles=2, Tests=21,  1 wallclock secs\nResult: PASS\n"
    )
    said = "The first run failed 3 of the tests."
    assert statuses(said, run(failed, CHANGE, passed)) == ["verified"]
    assert statuses("All 21 tests pass.", run(failed, CHANGE, passed)) == ["verified"]
    assert statuses("All 21 tests pass.", run(passed, CHANGE, failed)) == ["contradicted"]


def test_exunits_and_rails_test_blocks_are_test_definitions() -> None:
    exunit = edit(
        "test/bank_account_test.exs",
        '  describe "freeze" do\n',
        '  describe "freeze" do\n    test "rejects a withdrawal" do\n      assert true\n    end\n',
    )
    assert statuses("Added 2 tests.", run(exunit)) == ["contradicted"]
    rails = edit(
        "test/models/account_test.rb",
        "class AccountTest < ActiveSupport::TestCase\n",
        "class AccountTest < ActiveSupport::TestCase\n  test 'freezes' do\n  end\n",
    )
    assert statuses("Added 2 tests.", run(exunit, rails)) != ["contradicted"]
