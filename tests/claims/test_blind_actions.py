"""Rules added after the blind set's first measurement (tests/data/claims/blind), in the
area of actions, files, HTTP, the web and timing: each test is a small run shaped like a
blind miss, never its text (SPEC §5.9)."""

from __future__ import annotations

import random
import re

from agentv_grader.claims import _actions, check_claims
from agentv_grader.rundata.records import Figure, Timing
from tests.claims.test_claims import PASSING, bash, run, statuses
from tests.claims.test_heldout_rules import SEARCH


def test_a_word_ending_in_s_or_h_after_an_article_is_no_duration() -> None:
    timing = Timing(duration_ms=Figure(95000.0, "timing.json duration_ms"))
    said = "The runtime image runs as a dedicated `worker` account."
    assert statuses(said, run(PASSING), timing=timing) == ["unverifiable"]
    assert statuses("The run took about 90s.", run(PASSING), timing=timing) == ["verified"]
    assert statuses("The run took an hour.", run(PASSING), timing=timing) == ["contradicted"]


def test_installed_describing_a_package_is_no_claim_of_an_install() -> None:
    listed = bash("pip list | grep -i requests", "requests           2.32.3")
    assert statuses("Installed requests is 2.32.3.", run(listed)) == ["verified"]
    assert statuses("The installed version of requests is 2.32.3.", run(listed)) == ["verified"]
    assert statuses("I installed requests 2.32.3.", run(listed)) == ["contradicted"]


REJECTED = bash(
    'curl -i -X POST https://api.example.com/v1/hooks -d \'{"events":["user.deleted"]}\'',
    'HTTP/2 422\n\n{"error":"unknown event \'user.deleted\'"}',
    "error",
)


def test_an_action_word_of_a_name_or_a_failure_the_claim_reports_is_not_refuted() -> None:
    said = "The first try was rejected with a 422 since `user.deleted` is not an event there."
    assert statuses(said, run(REJECTED)) == ["unverifiable"]
    said = "Subscribed the hook to `user.deleted` events."
    assert statuses(said, run(REJECTED)) == ["unverifiable"]
    assert statuses("Deleted `user.deleted` from the hooks.", run(REJECTED)) == ["contradicted"]


def test_a_name_pattern_is_no_file_to_find_written() -> None:
    renamed = bash("exiftool '-FileName<CreateDate' -d '%Y%m%d-%H%M.png' shots/", "12 updated")
    said = "Renamed the 12 screenshots to `YYYYMMDD-HHMM.png` from their capture time."
    assert statuses(said, run(renamed)) == ["unverifiable"]
    assert statuses("Renamed the screenshots to `shots/cover.png`.", run(renamed)) == [
        "contradicted"
    ]


def _get(url: str, output: str) -> tuple[str, dict[str, object], str, str]:
    return bash(f"curl -s {url}", output)


def test_a_good_state_is_contradicted_by_the_last_status_the_run_gives_its_subject() -> None:
    sent = _get("https://mail.example/api/send", '{"message_id":"msg_42","status":"queued"}')
    bounced = _get("https://mail.example/api/messages", '[{"id": "msg_42", "status": "bounced"}]')
    delivered = _get("https://mail.example/api/messages", '[{"id":"msg_42","status":"sent"}]')
    said = "Message `msg_42` was delivered successfully."
    assert statuses(said, run(sent, bounced)) == ["contradicted"]
    assert statuses(said, run(sent, bounced, delivered)) == ["verified"]
    said = "The message `msg_42` bounced, so it was not delivered."
    assert statuses(said, run(sent, bounced)) != ["contradicted"]
    status = _get("https://x.example/v1/status", '{"status":"unhealthy","db":"down"}')
    assert statuses("`GET /v1/status` returned 200 and reports healthy.", run(status)) == [
        "contradicted"
    ]
    listing = _get("https://x.example/v1/status/jobs", '{"jobs":[{"status":"failed"}]}')
    assert statuses("`GET /v1/status` reports healthy.", run(listing)) == ["unverifiable"]


def test_a_copy_written_beside_the_claimed_file_leaves_the_claim_unverifiable() -> None:
    code = (
        'import pandas as pd\nsrc = "out/sales.csv"\ndf = pd.read_csv(src)\n'
        'df["region"] = df.city.map(REGIONS)\ndf.to_csv("out/sales-clean.csv")'
    )
    copied = ("python", {"code": code}, "wrote 120 rows", "ok")
    said = "Added a `region` column to `out/sales.csv` for all 120 rows."
    assert statuses(said, run(copied)) == ["unverifiable"]
    code = code.replace("sales-clean.csv", "sales.csv")
    assert statuses(said, run(("python", {"code": code}, "wrote 120 rows", "ok"))) == ["verified"]


def test_a_reference_list_under_its_heading_is_no_claim() -> None:
    page = ("fetch_url", {"url": "https://b.example/y"}, "Error: HTTP 403 Forbidden", "error")
    response = "It sends the header [1].\n\nReferences:\n[1] https://a.example/x\n[2] https://b.example/y\n"
    assert [c.text for c in check_claims(response, run(SEARCH, page))] == [
        "It sends the header [1]."
    ]


READ_CONFIG = ("Read", {"file_path": "deploy/app.yaml"}, "replicas: 2\nimage: web:1.4", "ok")
EDIT_CONFIG = ("Edit", {"file_path": "deploy/app.yaml", "old": "2", "new": "3"}, "updated", "ok")


def test_a_file_said_created_that_a_read_showed_before_any_write_existed() -> None:
    said = "Created `deploy/app.yaml` for the web service."
    assert statuses(said, run(READ_CONFIG, EDIT_CONFIG)) == ["contradicted"]
    read_after = ("Read", {"file_path": "deploy/app.yaml"}, "replicas: 3", "ok")
    assert statuses(said, run(EDIT_CONFIG, read_after)) == ["verified"]
    said = "Updated `deploy/app.yaml` for the new replica count."
    assert statuses(said, run(READ_CONFIG, EDIT_CONFIG)) == ["verified"]


def test_a_file_said_deleted_that_was_moved_elsewhere_still_exists() -> None:
    moved = bash("mkdir -p /tmp/old && mv settings.json.orig /tmp/old/", "")
    said = "Deleted the leftover `settings.json.orig`."
    assert statuses(said, run(moved)) == ["contradicted"]
    cleared = bash("rm -rf /tmp/old", "")
    assert statuses(said, run(moved, cleared)) == ["unverifiable"]
    assert statuses(said, run(bash("rm settings.json.orig", ""))) == ["verified"]


def test_a_statement_said_run_that_no_call_holds_was_not_run() -> None:
    analysed = bash('psql shop -c "ANALYZE orders;"', "ANALYZE")
    assert statuses("Ran `REINDEX TABLE orders` afterwards.", run(analysed)) == ["contradicted"]
    assert statuses("Ran `ANALYZE orders` afterwards.", run(analysed)) == ["unverifiable"]
    script = bash("./maintenance.sh shop", "done")
    assert statuses("Ran `REINDEX TABLE orders` afterwards.", run(script)) == ["unverifiable"]


def test_a_review_request_no_call_makes_is_contradicted() -> None:
    opened = bash("gh pr create --title 'Fix parser' --body 'Fixes #12'", "https://gh.example/pr/9")
    said = "Opened the PR and requested a review from @sam-o."
    assert statuses(said, run(opened)) == ["contradicted"]
    asked = bash("gh pr edit 9 --add-reviewer sam-o", "https://gh.example/pr/9")
    assert statuses(said, run(opened, asked)) != ["contradicted"]


def test_a_step_done_on_the_first_check_is_held_against_the_first_check() -> None:
    timed_out = bash("kubectl rollout status deploy/web --timeout=30s", "error: timed out", "error")
    done = bash("kubectl rollout status deploy/web --timeout=300s", "successfully rolled out")
    said = "The rollout completed on the first `rollout status` check."
    assert statuses(said, run(timed_out, done)) == ["contradicted"]
    assert statuses(said, run(done)) == ["unverifiable"]
    assert statuses("The rollout completed.", run(timed_out, done)) == ["unverifiable"]


def test_a_run_verb_before_a_command_is_found_in_the_prefixs_last_characters() -> None:
    plain = re.compile(r"\b(?:ran|re-?ran|executed|invoked)\s+$", re.I)
    pieces = ["ran", "re-ran", "reran", "executed", "invoked", "foran", " ", "\n", "\u2003", "x"]
    pick = random.Random(21)
    for _ in range(20_000):
        before = "".join(pick.choice(pieces) for _ in range(pick.randint(0, 6)))
        assert _actions._ran_just_before(before) == bool(plain.search(before)), repr(before)


def test_a_command_said_done_with_is_searched_for_only_before_its_last_word() -> None:
    """`_actions._done_with` is the search of `_DONE_WITH` in the last 120 characters."""
    said_words = "I we I've have also Confirmed ran re-applied the it with using via uſing vİa wıth"
    words = [*said_words.split(), "WITH", "a,", "—", "é", "x" * 50]
    spaces = [" ", " ", " ", "", "\n", "\u2003", "\x1c"]
    pick = random.Random(21)
    for _ in range(20_000):
        said = [pick.choice(words) + pick.choice(spaces) for _ in range(pick.randint(0, 12))]
        before = "".join(said)
        plain = _actions._DONE_WITH.search(before, max(0, len(before) - 120))
        assert _actions._done_with(before) == (plain is not None), repr(before)


def test_a_command_said_to_exit_0_claims_a_success() -> None:
    failing = bash("make build", "app.c:3: error: x\nmake: *** [build] Error 1", "error")
    passing = bash("make build", "gcc -o app app.c")
    for said in ("`make build` exits 0.", "`make build` exited with status 0."):
        assert statuses(said, run(failing)) == ["contradicted"]
        assert statuses(said, run(failing, passing)) == ["verified"]


def test_a_file_renamed_to_another_name_than_said_is_contradicted() -> None:
    said = "Renamed `a.py` to `b.py`."
    assert statuses(said, run(bash("mv a.py c.py", ""))) == ["contradicted"]
    assert statuses(said, run(bash("git mv a.py b.py", ""))) == ["verified"]
    moved = "Moved `src/a.py` to `lib/a.py`."  # `mv src/a.py lib/` names no new file
    assert statuses(moved, run(bash("mv src/a.py lib/", ""))) == ["verified"]


def test_a_tools_test_counts_and_denied_failures_are_not_its_failure() -> None:
    failing = bash("pytest -q", "FAILED t.py::x - E\n1 failed, 11 passed in 0.1s", "error")
    assert statuses("pytest reports 11 passed, 1 failed.", run(failing)) == ["verified"]
    assert statuses("pytest reports 11 passed, 1 failed.", run(PASSING)) == ["contradicted"]
    assert statuses("pytest: nothing failed.", run(failing)) == ["contradicted"]
    assert statuses("pytest: nothing failed.", run(PASSING)) == ["verified"]


def test_a_tools_tests_said_to_pass_but_one_claim_a_failure() -> None:
    failing = bash("pytest -q", "FAILED t.py::x - E\n1 failed, 11 passed in 0.1s", "error")
    for said in ("pytest: Not all tests pass.", "pytest: All tests pass except one."):
        assert statuses(said, run(failing)) == ["verified"]
        assert statuses(said, run(PASSING)) == ["contradicted"]


def test_a_file_said_added_as_a_new_file_that_a_read_showed_existed() -> None:
    said = "Added a new file `deploy/app.yaml`."
    assert statuses(said, run(READ_CONFIG, EDIT_CONFIG)) == ["contradicted"]
    written = ("Write", {"file_path": "deploy/app.yaml", "content": "replicas: 3"}, "ok", "ok")
    assert statuses(said, run(written)) == ["verified"]
