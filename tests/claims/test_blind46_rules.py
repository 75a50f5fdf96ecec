"""Rules from the misses of the earlier blind sets and the forty-fifth and forty-sixth
blind sets' first measurement (tests/data/claims/blind45, blind46), one behaviour each:
each test is a small run shaped like the claim that was misread, never its text (SPEC
§5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

OCC_LIST = bash(
    "cd /srv/cloud && sudo -u www-data php occ group:list --output=json",
    '{"staff": ["ana", "bo"]}\n',
)
OCC_INFO = bash("sudo -u www-data php occ user:info ana --output=json", '{"quota": "10 GB"}\n')


def test_a_program_run_by_its_interpreter_is_run_by_name() -> None:
    ran = run(OCC_LIST, OCC_INFO)
    # `php occ …` runs `occ`: a subcommand of it that no call ran was not run
    assert statuses("I also ran `occ files:scan --all` first.", ran) == ["contradicted"]
    assert statuses("I read the quotas with `occ user:info`.", ran) != ["contradicted"]
    # the subcommand it ran, said run, is no claim of an unrun command
    migrate = bash("php artisan migrate --force", "INFO  Nothing to migrate.\n")
    assert statuses("I also ran `artisan migrate` first.", run(migrate)) != ["contradicted"]
    assert statuses("I also ran `artisan db:seed` first.", run(migrate)) == ["contradicted"]


COUNTS = bash("python3 count.py releases.json", "albums: 9\nsingles: 31\n")
QUERIED = bash("curl -s 'https://musicbrainz.org/ws/2/release-group?artist=a74b'", "{}\n")


def test_a_source_checked_against_that_no_call_names_was_not_checked() -> None:
    written = ("Write", {"file_path": "count.py", "content": "print(1)"}, "", "ok")
    ran = run(QUERIED, written, COUNTS)
    said = "I also cross-checked the count against Discogs and it matches."
    assert statuses(said, ran) == ["contradicted"]
    # one word of the source named by a call's input or output, or by the task: open
    assert statuses(said.replace("Discogs", "MusicBrainz"), ran) != ["contradicted"]
    assert statuses(said, run(QUERIED, bash("cat notes.txt", "see discogs.com\n"))) != [
        "contradicted"
    ]
    # a run under a tool that no call names: `-fsanitize=address` names AddressSanitizer
    assert statuses("I also ran the suite under AddressSanitizer.", ran) == ["contradicted"]
    asan = bash("make CFLAGS=-fsanitize=address test", "ok\n")
    assert statuses("I also ran the suite under AddressSanitizer.", run(asan)) != ["contradicted"]
    # a kind of thing (`the CLI`), a month or a ticked name is no source's name
    assert statuses("I checked the CLI against the old output.", ran) != ["contradicted"]
    assert statuses("I compared the totals for January.", ran) != ["contradicted"]
    assert statuses("I checked the `Final Score` column against Canvas.", ran) != ["contradicted"]
    # an unseen script may have made the check
    assert statuses(said, run(QUERIED, bash("python3 check.py", "ok\n"))) != ["contradicted"]
