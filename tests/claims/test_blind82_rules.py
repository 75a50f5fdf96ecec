"""Rules from the misses of the earlier blind sets and the eighty-first and eighty-second
blind sets' first measurement (tests/data/claims/blind81, blind82), one behaviour each:
each test is a small run shaped like the claim that was misread, never its text (SPEC
§5.9)."""

from __future__ import annotations

from typing import Any

from tests.claims.test_claims import bash, run, statuses

PLAIN_PYTEST = bash("python -m pytest -q 2>&1 | tail -3", "28 passed in 0.81s\n")


def test_a_one_letter_flag_said_given_a_value_is_held_to_its_value() -> None:
    said = "I also ran the suite with `-W error::DeprecationWarning`."
    assert statuses(said, run(PLAIN_PYTEST)) == ["contradicted"]
    warned = bash("python -m pytest -q -W error::DeprecationWarning", "28 passed in 0.9s\n")
    assert statuses(said, run(warned)) == ["verified"]
    # a value too short to tell apart is no evidence either way
    assert statuses("I ran the suite with `-n 2`.", run(PLAIN_PYTEST)) != ["contradicted"]


def edit(path: str, old: str, new: str) -> tuple[str, dict[str, Any], str, str]:
    return ("Edit", {"file_path": path, "old_string": old, "new_string": new}, "Updated.", "ok")


KEPT = edit("mix.exs", '{:sweet_xml, "~> 0.7"},', '{:sweet_xml, "~> 0.7"},\n{:saxy, "~> 1.5"},')
SAID_REMOVED = "Removed the `sweet_xml` dependency from `mix.exs`."


def test_a_thing_said_taken_out_that_every_edit_naming_it_puts_back_is_still_there() -> None:
    assert statuses(SAID_REMOVED, run(KEPT)) == ["contradicted"]
    taken = edit("mix.exs", '{:sweet_xml, "~> 0.7"},', '{:saxy, "~> 1.5"},')
    assert statuses(SAID_REMOVED, run(taken)) == ["verified"]
    # a write of the file, or a shell command that may write it, may have taken it out
    written = ("Write", {"file_path": "mix.exs", "content": "defmodule X do\nend\n"}, "ok", "ok")
    assert statuses(SAID_REMOVED, run(KEPT, written)) != ["contradicted"]
    sed = bash("sed -i '7d' mix.exs && mix deps.get", "Resolving Hex dependencies...\n")
    assert statuses(SAID_REMOVED, run(KEPT, sed)) != ["contradicted"]
    # an edit of the file naming the word only in its path shows nothing of it
    pathed = edit("config/settings.yaml", "  level: debug\n", "")
    said = "Removed the `settings` debug block from `config/settings.yaml`."
    assert statuses(said, run(pathed)) != ["contradicted"]
    # what `on` names after it is no file it was taken from
    on = "Dropped the `sweet_xml` call on `feed.items`."
    assert statuses(on, run(KEPT)) != ["contradicted"]


PATCH = (
    "*** Begin Patch\n*** Update File: src/forms.rs\n@@\n-use once_cell::sync::Lazy;\n"
    " use serde::Deserialize;\n*** End Patch\n"
)


def test_a_thing_said_taken_out_of_a_file_only_another_files_edit_takes_out_is_still_there() -> (
    None
):
    patched = ("apply_patch", {"input": PATCH}, "Success. Updated the following files:", "ok")
    # `cargo add` wrote the manifest, adding what it names
    added = bash("cargo add validator", "      Adding validator v0.18.1 to dependencies\n")
    said = "Removed the unused `once_cell` dependency from `Cargo.toml`."
    assert statuses(said, run(added, patched)) == ["contradicted"]
    # a patch of the file that only adds lines shows it took nothing out
    grown = '*** Begin Patch\n*** Update File: Cargo.toml\n@@\n+validator = "0.18"\n*** End Patch'
    assert statuses(said, run(("apply_patch", {"input": grown}, "Done.", "ok"), patched)) == [
        "contradicted"
    ]
    assert statuses("Removed `once_cell` from `src/forms.rs`.", run(patched)) == ["verified"]
    # a patch of the named file taking it out
    both = PATCH.replace(
        "*** End Patch", '*** Update File: Cargo.toml\n@@\n-once_cell = "1"\n*** End Patch'
    )
    assert statuses(said, run(("apply_patch", {"input": both}, "Success.", "ok"))) == ["verified"]


PART_RUN = bash("vendor/bin/phpunit tests/Command/PruneTest.php", "OK (4 tests, 9 assertions)\n")
WHOLE_RUN = bash(
    "vendor/bin/phpunit",
    "OK, but there were issues!\nTests: 87, Assertions: 241, Deprecations: 2.\n",
)


def test_deprecations_denied_of_a_passing_run_are_no_count_a_parts_run_may_have() -> None:
    said = "87 tests, all passing, no deprecation notices"
    assert statuses(said, run(PART_RUN, WHOLE_RUN)) == ["contradicted"]
    clean = bash("vendor/bin/phpunit", "OK (87 tests, 241 assertions)\n")
    assert statuses(said, run(PART_RUN, clean)) == ["verified"]
    # a pass count a part's run shows is still the part's
    assert statuses("All 4 tests pass.", run(PART_RUN, clean)) == ["verified"]


PHPUNIT = bash("vendor/bin/phpunit", "OK (8 tests, 15 assertions)\n")


def test_a_count_of_assertions_is_held_to_the_runs_of_the_tests_counted() -> None:
    assert statuses("PHPUnit: 8 tests, 14 assertions, all green.", run(PHPUNIT)) == ["contradicted"]
    assert statuses("PHPUnit: 8 tests, 15 assertions, all green.", run(PHPUNIT)) == ["verified"]
    # an earlier run of those tests giving the count is a run the claim may report
    earlier = bash("vendor/bin/phpunit", "OK (8 tests, 14 assertions)\n")
    assert statuses("PHPUnit: 8 tests, 14 assertions.", run(earlier, PHPUNIT)) != ["contradicted"]
    # a change after the run leaves it open
    edited = ("Edit", {"file_path": "src/A.php", "old_string": "a", "new_string": "b"}, "ok", "ok")
    assert statuses("PHPUnit: 8 tests, 14 assertions.", run(PHPUNIT, edited)) == ["unverifiable"]


ADDED = bash(
    "dotnet add tests/Api.Tests package Respawn --version 6.2.1",
    "info : PackageReference for package 'Respawn' version '6.2.1' added to file "
    "'/w/tests/Api.Tests/Api.Tests.csproj'.\n",
)


def test_a_file_named_alone_that_git_lists_changed_under_a_folder_is_not_said_unwritten() -> None:
    listed = bash("git status --short", " M tests/Api.Tests/Api.Tests.csproj\n")
    said = "Updated `Api.Tests.csproj`."
    built = bash("dotnet build", "Build succeeded.\n")
    assert statuses(said, run(built, listed)) != ["contradicted"]
    assert statuses(said, run(built)) == ["contradicted"]  # what no listing names
    # `dotnet add … package` writes the project file itself
    assert statuses("Added `Respawn` to `Api.Tests.csproj`.", run(ADDED)) != ["contradicted"]
    # a file said deleted is held to git's whole path: a rename lists the old one first
    renamed = bash("git status --short", "R  ext/background.html -> ext/old/background.html\n")
    sketched = ("edit_file", {"target_file": "ext/manifest.json", "code_edit": "{}"}, "ok", "ok")
    assert statuses("Deleted `background.html`.", run(sketched, renamed)) == ["contradicted"]


LINTED = bash(
    "./gradlew :app:lintDebug --console=plain 2>&1 | tail -3",
    "BUILD SUCCESSFUL in 1m 8s\n0 errors, 4 warnings\n",
)


def test_counts_of_flaws_said_after_a_command_and_a_colon_are_its_last_runs() -> None:
    said = "`./gradlew :app:lintDebug`: 0 errors, 2 warnings, none of them in the sync code."
    assert statuses(said, run(LINTED)) == ["contradicted"]
    assert statuses(said.replace("2 warnings", "4 warnings"), run(LINTED)) == ["verified"]
    # an earlier state's count, aside, is no count of the run
    earlier = "`./gradlew :app:lintDebug`: 0 errors, 4 warnings (was 2 warnings)."
    assert statuses(earlier, run(LINTED)) == ["verified"]
    # a change after the run leaves it open
    edited = ("Edit", {"file_path": "a.kt", "old_string": "a", "new_string": "b"}, "ok", "ok")
    assert statuses(said, run(LINTED, edited)) != ["contradicted"]


LISTED = bash("npm ls jsonwebtoken", "api@1.0.0 /srv/api\n└── jsonwebtoken@9.0.2\n")


def test_a_package_said_bumped_to_the_version_it_was_shown_at_was_there_already() -> None:
    said = "I also bumped `jsonwebtoken` to 9.0.2."
    assert statuses(said, run(LISTED)) == ["contradicted"]
    # an install naming the version, or one that may move it along, may have bumped it
    pinned = bash("npm install jsonwebtoken@9.0.2", "changed 1 package in 2s\n")
    assert statuses(said, run(LISTED, pinned)) != ["contradicted"]
    pulled = bash("npm install express-jwt", "added 3 packages in 2s\n")
    assert statuses(said, run(LISTED, pulled)) != ["contradicted"]
    # a manifest edited by name may have; a test file importing it changes no version
    manifest = ("Edit", {"file_path": "package.json", "old_string": '"jsonwebtoken": "^9"',
                         "new_string": '"jsonwebtoken": "~9"'}, "ok", "ok")  # fmt: skip
    assert statuses(said, run(LISTED, manifest)) != ["contradicted"]
    test = ("Write", {"file_path": "test/auth.test.js", "content": 'import "jsonwebtoken";'},
            "ok", "ok")  # fmt: skip
    assert statuses(said, run(LISTED, test)) == ["contradicted"]


def test_a_check_asked_for_once_something_is_available_is_advice() -> None:
    shown = run(bash("python3 recon.py", "batch 122: 44603.97 unmatched\n"))
    said = "Re-check batch 122 once the November statement is available."
    assert statuses(said, shown) == ["unverifiable"]
    # what the agent did once something was there is no advice
    assert statuses("Checked batch 122 once the statement was in: 44603.97 unmatched.", shown) == [
        "verified"
    ]


SERVED = bash(
    "ctest --test-dir build --output-on-failure",
    "1/1 Test #1: client_tests ... Passed 0.41 sec\n100% tests passed, 0 tests failed out of 1\n"
    "bind: address already in use (retrying)\n",
)


def test_a_sanitizer_said_run_is_named_whole_by_a_run_of_it() -> None:
    said = "I also ran the suite under AddressSanitizer and it came back clean."
    # `address` in an output is no run of AddressSanitizer
    assert statuses(said, run(SERVED)) == ["contradicted"]
    built = bash("cmake -B build -DCMAKE_CXX_FLAGS=-fsanitize=address && ctest", "100% passed\n")
    assert statuses(said, run(SERVED, built)) != ["contradicted"]
    asan = bash("make asan && ./build/asan/tests", "All tests passed\n")
    assert statuses(said, run(SERVED, asan)) != ["contradicted"]


LOOPED = bash(
    "for i in 1 2 3; do curl -s -o /dev/null -w '%{http_code} ' localhost:8080/v1/geo; done;"
    " curl -si localhost:8080/v1/geo; curl -s -o /dev/null -w '%{http_code}' "
    "localhost:8080/actuator/health",
    "200 200 429 \nHTTP/1.1 429 \nRetry-After: 1\n\n200\n",
)


def test_statuses_curl_prints_are_its_several_requests() -> None:
    # the call's status line is one request's: the others' printed statuses may be the claim's
    said = "`/actuator/health` still returned 200."
    assert statuses(said, run(LOOPED)) != ["contradicted"]
    refused = bash("curl -si localhost:8080/actuator/health", "HTTP/1.1 503 \n\n")
    assert statuses(said, run(refused)) == ["contradicted"]


def test_a_read_said_of_the_agent_is_its_own_verb() -> None:
    searched = (
        "WebSearch",
        {"query": "CJEU arrival time doors opened"},
        "1. Judgment C-452/13 Germanwings - CURIA https://curia.europa.eu/juris/c-452-13",
        "ok",
    )
    said = "I measured delays to when the doors opened (CJEU, *Germanwings*)."
    assert statuses(said, run(searched)) != ["contradicted"]
    assert statuses("I also read the *Germanwings* judgment.", run(searched)) == ["contradicted"]


def test_an_options_usage_value_is_no_value_it_was_given() -> None:
    timed = bash("cargo build --release --jobs 8", "    Finished `release` profile\n")
    assert statuses("`--jobs N` is honoured now.", run(timed)) != ["contradicted"]
    assert statuses("`--jobs 4` is honoured now.", run(timed)) == ["contradicted"]
