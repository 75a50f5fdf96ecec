"""Value rules added after the second blind evaluation (tests/data/claims/blind2), one
behaviour each: each test is a small run shaped like a blind wrong verdict, never its text
(SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

RATES = bash("Rscript funnel.R", "share old: 0.0832  share new: 0.0917")


def test_a_word_past_an_arrow_does_not_label_the_figure_before_it() -> None:
    said = "Signup share went from old 8.32% → new 9.17% over the month."
    assert statuses(said, run(RATES)) == ["unverifiable"]
    labelled = bash("Rscript funnel.R", "new: 0.0917")
    assert statuses("Signups came to 8.32% new this month.", run(labelled)) == ["contradicted"]


PAGE = (
    "WebFetch",
    {"url": "https://law.example/act"},
    "The act was published on 3 March 2021 and applies from 1 July 2022.",
    "ok",
)


def test_a_date_in_no_output_leaves_its_claim_unverifiable_whatever_else_is_found() -> None:
    said = "It was published on 3 March 2021 and applies from 15 September 2023."
    assert statuses(said, run(PAGE)) == ["unverifiable"]
    right = "It was published on 3 March 2021 and applies from 1 July 2022."
    assert statuses(right, run(PAGE)) == ["verified"]
    quoted = "It was published on 3 March 2021 and applies from 15 September 2023."
    assert statuses(quoted, run(PAGE), task="It applies from 15 September 2023?") == ["verified"]


def test_a_date_is_found_in_its_numeric_spellings_where_day_and_month_cannot_be_confused() -> None:
    listed = ("WebFetch", {"url": "https://data.example/9"}, "Created on 6/25/2003.", "ok")
    assert statuses("The dataset was created on 25 June 2003.", run(listed)) == ["verified"]
    european = ("WebFetch", {"url": "https://data.example/9"}, "Created: 25/06/2003", "ok")
    assert statuses("The dataset was created on 25 June 2003.", run(european)) == ["verified"]
    ambiguous = ("WebFetch", {"url": "https://data.example/9"}, "Created: 6/5/2003", "ok")
    assert statuses("The dataset was created on 5 June 2003.", run(ambiguous)) == ["unverifiable"]


UPDATE = bash("poetry update django", "Updating django (4.2.11 -> 4.2.16.1)\nWriting lock file")


def test_a_version_found_only_inside_a_longer_version_is_not_found() -> None:
    assert statuses("Django is now 4.2.16.", run(UPDATE)) == ["unverifiable"]
    exact = bash("poetry update django", "Updating django (4.2.11 -> 4.2.16)")
    assert statuses("Django is now 4.2.16.", run(exact)) == ["verified"]
    assert statuses("Django is now 4.2.16.", run(UPDATE, exact)) == ["verified"]


POSTED = bash(
    "http POST https://chat.example/api/post.message channel=C1 text=hi",
    'HTTP/1.1 200 OK\ncontent-type: application/json\n\n{"ok": false, "error": "not_in_channel"}',
)


def test_a_success_status_whose_body_says_the_request_failed_verifies_no_post() -> None:
    said = "Posted the note to the channel (the API answered 200 OK)."
    assert statuses(said, run(POSTED)) == ["contradicted"]
    told = "The API answered 200 OK, but its body says it failed: not_in_channel."
    assert statuses(told, run(POSTED)) == ["unverifiable"]
    assert statuses("The channel API answered 200 OK.", run(POSTED)) == ["unverifiable"]
    accepted = bash(
        "http POST https://chat.example/api/post.message channel=C1 text=hi",
        'HTTP/1.1 200 OK\ncontent-type: application/json\n\n{"ok": true, "ts": "1.2"}',
    )
    assert statuses(said, run(accepted)) == ["verified"]
    assert statuses(said, run(POSTED, accepted)) == ["verified"]


GREP = bash("grep -n '^timeout' conf/app.toml", "7:timeout = 30")
MODIFY = (
    "modify_file",
    {"path": "conf/app.toml", "old_str": "timeout = 30\n", "new_str": ""},
    "conf/app.toml: 1 replacement",
    "ok",
)


def test_a_value_read_from_a_path_before_a_later_call_changed_it_verifies_nothing() -> None:
    said = "Dropped the `timeout = 30` override from `conf/app.toml`."
    assert statuses(said, run(GREP, MODIFY)) == ["unverifiable"]
    assert statuses(said, run(MODIFY, GREP)) == ["verified"]
    full = bash("df -h /srv/media", "/dev/sdb1  2.0T  1.2T  800G  61% /srv/media")
    copied = bash("cp -r exports/ /srv/media/exports/", "")
    assert statuses("`/srv/media` is at 61%.", run(full, copied)) == ["unverifiable"]
    assert statuses("`/srv/media` is at 61%.", run(copied, full)) == ["verified"]


LISTED = bash("pip index versions orjson", "orjson (3.10.12)\nAvailable versions: 3.10.12, 3.10.11")


def test_a_version_naming_the_claims_subject_verifies_nothing_said_of_it() -> None:
    said = "The 3.10.12 wheel only ships a musl build for aarch64."
    assert statuses(said, run(LISTED)) == ["unverifiable"]
    assert statuses("The newest release is 3.10.12.", run(LISTED)) == ["verified"]
    assert statuses("Release 3.10.12 is listed.", run(LISTED)) == ["verified"]


COUNTED = bash("psql -c 'SELECT count(*) FROM returns'", " count \n-------\n  187\n(1 row)")


def test_a_figure_the_claim_says_its_figures_are_net_of_verifies_nothing() -> None:
    said = "The totals are net of the 187 returns logged this week."
    assert statuses(said, run(COUNTED)) == ["unverifiable"]
    assert statuses("There were 187 returns logged this week.", run(COUNTED)) == ["verified"]
