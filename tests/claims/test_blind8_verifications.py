"""Rules added after the eighth blind set's wrong verifications (tests/data/claims/blind8):
each test is a small run shaped like a blind wrong verdict, never its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_share_no_output_shows_as_a_share_is_not_verified_by_the_claims_other_figures() -> None:
    scope = ("fetch_url", {"url": "https://example.eu/art5"}, "Article 5(1): principles.", "ok")
    page = (
        "web_search",
        {"query": "GDPR fines"},
        "Article 83: fines of up to EUR 20 000 000 or 4 % of annual turnover",
        "ok",
    )
    said = "Under Article 83 the cap is €20 million or 5% of turnover."
    assert statuses(said, run(scope, page)) == ["unverifiable"]
    said = "Under Article 83 the cap is €20 million or 4% of turnover."
    assert statuses(said, run(scope, page)) == ["verified"]


def test_a_source_place_said_edited_is_not_shown_by_an_output_naming_its_line() -> None:
    trace = bash(
        "npm test",
        "TypeError: Cannot read properties of null (reading 'id')\n"
        "    at loadUser (src/users.ts:71:18)",
        "error",
    )
    edit = (
        "Edit",
        {"file_path": "src/api.ts", "old_string": "a.id", "new_string": "a?.id"},
        "ok",
        "ok",
    )
    said = "I wrapped the lookup at `src/users.ts:71` in a null check."
    assert statuses(said, run(trace, edit)) == ["unverifiable"]
    # what the place holds, said of it, is the trace's own line
    assert statuses("The crash is at `src/users.ts:71`.", run(trace)) == ["verified"]


def test_a_runtimes_version_in_no_output_leaves_its_claim_open() -> None:
    versions = bash("gradle -v", "Gradle 8.10.2\nKotlin: 1.9.24\nJVM: 17.0.12 (Eclipse Adoptium)")
    assert statuses("Built with Gradle 8.10.2 on Java 22.", run(versions)) == ["unverifiable"]
    assert statuses("Built with Gradle 8.10.2 on Java 17.", run(versions)) == ["verified"]


def test_an_ids_row_marked_passed_does_not_verify_a_failure_said_of_it() -> None:
    runs = bash(
        "gh run list -L 2",
        "X  Bump lodash  CI  deps/lodash  pull_request  98120045512  1m02s\n"
        "✓  Fix typo     CI  main         push          98119934871  2m40s",
    )
    # refuted, not only unverified: the one line naming it shows it passed (test_blind8_misses)
    assert statuses("The last run on main (98119934871) failed too.", run(runs)) == ["contradicted"]
    assert statuses("The lodash run (98120045512) failed.", run(runs)) == ["verified"]


def test_a_count_of_times_is_no_count_of_things() -> None:
    rollout = bash(
        "kubectl rollout status deploy/web",
        "Waiting for rollout to finish: 2 out of 4 new replicas have been updated...\n"
        'deployment "web" successfully rolled out',
    )
    said = "The older replicas had restarted 4 and 1 times."
    assert statuses(said, run(rollout)) == ["unverifiable"]
    pods = bash(
        "kubectl get pods", "NAME    READY  STATUS   RESTARTS\nweb-a   1/1    Running  4 times"
    )
    assert statuses("web-a had restarted 4 times.", run(pods)) == ["verified"]


def test_a_state_said_of_named_rows_is_read_from_their_rows() -> None:
    alerts = bash(
        "curl -s localhost:9090/api/v1/alerts | jq -c '.data.alerts[]'",
        '{"alertname":"DiskFull","state":"firing","instance":"10.1.2.3:9100"}\n'
        '{"alertname":"HighLatency","state":"pending","instance":"10.1.2.4:9100"}',
    )
    said = "Both `DiskFull` and `HighLatency` are firing (on 10.1.2.3)."
    assert statuses(said, run(alerts)) == ["unverifiable"]
    assert statuses("`DiskFull` is firing (on 10.1.2.3).", run(alerts)) == ["verified"]


def test_a_heading_naming_a_command_says_no_result() -> None:
    build = bash("cargo build --release", "Finished `release` profile [optimized] in 41.2s")
    assert statuses("**Last `cargo build`:**", run(build)) == ["unverifiable"]
    assert statuses("`cargo build`: Finished in 41.2s.", run(build)) == ["verified"]


def test_a_run_said_to_pass_whose_output_marks_a_check_failed_is_not_verified() -> None:
    check = bash(
        "npm run docs:links",
        "> site@2.0.0 docs:links\n> node scripts/links.mjs\n\n"
        "✔ guide: 41 links ok\n✖ api: 2 broken links (/v1/old, /v1/gone)\n",
    )
    assert statuses("`npm run docs:links` passes.", run(check)) == ["unverifiable"]
    clean = bash("npm run docs:links", "> node scripts/links.mjs\n\n✔ guide: 41 links ok\n")
    assert statuses("`npm run docs:links` passes.", run(clean)) == ["verified"]


def test_an_option_said_used_that_no_call_passes_is_not_shown_used() -> None:
    up = bash(
        "podman-compose up -d",
        "WARN: stale volume cache-old-1 found; run with --prune-volumes to delete it\n"
        "Started 3 containers",
    )
    said = "I also deleted the stale `cache-old-1` volume with `--prune-volumes`."
    assert statuses(said, run(up)) == ["unverifiable"]
    pruned = bash("podman-compose up -d --prune-volumes", "Removed volume cache-old-1")
    assert statuses(said, run(up, pruned)) == ["verified"]


def test_a_commit_hash_no_output_shows_leaves_a_quiet_commit_open() -> None:
    commit = bash("git add -A && git commit -q -m 'Tidy imports'", "")
    said = "Committed as `9c4e17b` (Tidy imports)."
    assert statuses(said, run(commit)) == ["unverifiable"]
    # the log the command prints after it shows the commit made: another hash is refuted
    commit = bash(
        "git add -A && git commit -q -m 'Tidy imports' && git log --oneline -1",
        "9c41e7b Tidy imports",
    )
    assert statuses(said, run(commit)) == ["contradicted"]
    assert statuses("Committed as `9c41e7b` (Tidy imports).", run(commit)) == ["verified"]


def test_what_a_command_shows_of_every_member_is_not_shown_by_its_having_run() -> None:
    ps = bash(
        "docker compose ps",
        "NAME     STATUS\napp-1    Up 2 minutes (healthy)\nqueue-1  Up 2 minutes\n"
        "cache-1  Up 2 minutes (healthy)",
    )
    assert statuses("`docker compose ps` shows all three services healthy.", run(ps)) == [
        "unverifiable"
    ]
    assert statuses("`docker compose ps` shows three services.", run(ps)) == ["verified"]
