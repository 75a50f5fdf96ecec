"""Rules from the hundred-and-ninth to hundred-and-twelfth blind sets' first measurement
(tests/data/claims/blind109 to blind112) and from the misses of the sets before them, one
behaviour each: each test is a small run shaped like the claim that was misread, never its
text (SPEC §5.9)."""

from __future__ import annotations

from typing import Any

from tests.claims.test_claims import bash, run, statuses

CLOJURE_TESTS = (
    "(ns app.json-test\n  (:require [clojure.test :refer [deftest is testing]]))\n\n"
    "(deftest encodes-instants\n  (is (= 1 1)))\n\n"
    '(deftest keeps-millis\n  (testing "truncation"\n    (is (= 2 2))))\n\n'
    "(deftest round-trips\n  (is (= 3 3)))\n"
)


def _created(path: str, key: str, text: str) -> tuple[str, dict[str, Any], str, str]:
    return ("create_file", {"path": path, key: text}, f"wrote {path}", "ok")


def test_a_new_clojure_test_files_deftests_are_its_tests() -> None:
    # clojure.test counts each `deftest` (its `testing` blocks are no tests of their own);
    # a custom write tool may give the file's text as its `body`
    made = run(_created("test/app/json_test.clj", "body", CLOJURE_TESTS))
    said = "New `test/app/json_test.clj` with 4 tests."
    assert statuses(said, made) == ["contradicted"]
    assert statuses(said.replace("4", "3"), made) != ["contradicted"]


PYTEST_FILE = "def test_a():\n    assert 1\n\n\ndef test_b():\n    assert 2\n"


def test_a_new_test_files_count_in_brackets_is_its_tests() -> None:
    made = run(_created("tests/test_limits.py", "content", PYTEST_FILE))
    assert statuses("- New `tests/test_limits.py` (3 tests): limits hold.", made) == [
        "contradicted"
    ]
    assert statuses("- New `tests/test_limits.py` (2 tests): limits hold.", made) != [
        "contradicted"
    ]


SUREFIRE_CLASSES = bash(
    "mvn verify 2>&1 | grep -E 'Tests run|BUILD'",
    "[INFO] Tests run: 9, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.09 s -- in "
    "com.acme.notify.RendererTest\n"
    "[ERROR] Tests run: 6, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 0.04 s <<< "
    "FAILURE! -- in com.acme.notify.SmsTest\n[INFO] BUILD FAILURE\n",
)
SUREFIRE_TOTAL = bash(
    "mvn verify 2>&1 | grep -E 'Tests run:|BUILD' | tail -n 2",
    "[INFO] Tests run: 15, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS\n",
)


def _edit(path: str, new: str = "b") -> tuple[str, dict[str, Any], str, str]:
    return ("Edit", {"file_path": path, "old_string": "a", "new_string": new}, "", "ok")


def test_a_test_classs_count_is_its_last_surefire_line_where_no_edit_of_it_followed() -> None:
    # a later run's output shows only the total; an edit of another file leaves the
    # class's count as its last line showed it
    template = _edit("src/main/resources/sms.txt")
    ran = run(SUREFIRE_CLASSES, template, SUREFIRE_TOTAL)
    assert statuses("`RendererTest` has 10 tests now.", ran) == ["contradicted"]
    assert statuses("`RendererTest` has 9 tests now.", ran) == ["verified"]
    # an edit of the class after its line: its count may have changed
    edited = _edit("src/test/java/com/acme/notify/RendererTest.java")
    assert statuses("`RendererTest` has 10 tests now.", run(SUREFIRE_CLASSES, edited)) != [
        "contradicted"
    ]
    # a parameterised test runs one method many times: a count of methods is no count
    # of the runner's tests
    parameterised = _edit("src/main/resources/sms.txt", "@ParameterizedTest")
    assert statuses("`RendererTest` has 10 tests now.", run(SUREFIRE_CLASSES, parameterised)) != [
        "contradicted"
    ]


PEST_TWICE = bash(
    "bash -lc './vendor/bin/pest tests/Feature/ExportTest.php | tail -n 4 && ./vendor/bin/pest"
    " 2>&1 | tail -n 3'",
    "\n  Tests:    4 passed (8 assertions)\n  Duration: 0.61s\n\n\n"
    "  Tests:    1 skipped, 211 passed (643 assertions)\n  Duration: 10.27s\n",
)


def test_pest_is_a_runner_whose_last_run_of_a_call_is_the_whole_suites() -> None:
    # `vendor/bin/pest` runs tests; of two runs in one call (under a shell's `-c` too),
    # the output's last summary is the last run's, the whole suite's
    ran = run(PEST_TWICE)
    assert statuses("Full Pest suite: all 212 tests pass.", ran) == ["contradicted"]
    assert statuses("Full Pest suite: all 211 tests pass.", ran) == ["verified"]
    # installing Pest runs no tests
    installed = bash("composer require pestphp/pest --dev", "Using version ^2.34\n")
    assert statuses("All 12 tests pass.", run(installed)) != ["verified"]


def test_a_result_after_a_head_naming_the_whole_suite_is_one_claim() -> None:
    from agentv_grader.claims import check_claims

    said = "Full Pest suite: all 212 tests pass."
    assert [c.text for c in check_claims(said, run(PEST_TWICE), "")] == [said]
    # a head naming no run is cut from what follows, as before
    two = "Exports were slow for big months: all 212 tests pass now."
    assert [c.text for c in check_claims(two, run(PEST_TWICE), "")] == ["all 212 tests pass now."]


def test_a_skip_the_sentence_counts_is_no_pass_of_a_suite_said_passing() -> None:
    surefire = bash(
        "mvn -pl sync test 2>&1 | tail -3",
        "[WARNING] Tests run: 31, Failures: 0, Errors: 0, Skipped: 1\n[INFO] BUILD SUCCESS\n",
    )
    said = "The full `sync` suite passes: 31 tests, 0 failures, 1 skipped."
    assert statuses(said, run(surefire)) == ["verified"]
    assert statuses(said.replace("1 skipped", "2 skipped"), run(surefire)) == ["contradicted"]


def test_a_bump_to_a_version_no_call_holds_was_not_made() -> None:
    # no call's input or output holds the version, no call names the package but to read
    # it (`sed -n … && grep`), and nothing may move packages unnamed (`git add` moves none)
    read = bash(
        "sed -n 1,20p src/App.csproj && grep -n 'HtmlAgilityPack' src/App.csproj",
        '12:    <PackageReference Include="HtmlAgilityPack" Version="1.11.61" />\n',
    )
    committed = bash("git add -A && git commit -qm 'Fix links'", "")
    ran = run(read, committed)
    assert statuses("Also bumped HtmlAgilityPack to 1.11.71.", ran) == ["contradicted"]
    assert statuses("I also bumped the crate version to `0.4.0`.", ran) == ["contradicted"]
    # a command that may move it unnamed, or set the project's version, leaves it open
    movers = (
        "dotnet add package HtmlAgilityPack",
        "npm version minor",
        "sed -i 's/HtmlAgilityPack\" Version=\"[0-9.]*/&/' src/App.csproj",
    )
    for mover in movers:
        moved = run(read, bash(mover, "done\n"), committed)
        assert statuses("Also bumped HtmlAgilityPack to 1.11.71.", moved) != ["contradicted"]
    # an output holding the version, on no line of the package's, leaves it open
    shown = run(read, bash("dotnet list package", "   > Other   1.11.71   1.11.71\n"))
    assert statuses("Also bumped HtmlAgilityPack to 1.11.71.", shown) != ["contradicted"]


NPM_ADDED = bash(
    "npm install formik@2.4.6",
    "\nadded 6 packages, and audited 418 packages in 4s\n\nfound 0 vulnerabilities\n",
)


def test_a_count_of_packages_said_added_is_npms_count() -> None:
    ran = run(NPM_ADDED)
    assert statuses("Added `formik@2.4.6` (7 new packages).", ran) == ["contradicted"]
    assert statuses("Added `formik@2.4.6` (6 new packages).", ran) == ["verified"]
    assert statuses("`npm install formik@2.4.6` added 9 packages.", ran) == ["contradicted"]
    # two installs: one count, or their sum, verifies; another names neither alone; a
    # claim naming one install's package is held to that install's count alone
    other = bash("npm install zod", "\nadded 1 package in 1s\n")
    both = run(NPM_ADDED, other)
    assert statuses("The installs pulled in 7 new packages.", both) == ["verified"]
    assert statuses("The installs pulled in 9 new packages.", both) != ["contradicted"]
    assert statuses("Added `formik@2.4.6` (7 new packages).", both) == ["contradicted"]
    assert statuses("Added `zod` (3 new packages).", both) == ["contradicted"]
