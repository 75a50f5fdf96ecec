"""Wrong verdicts the fourteenth blind set found (tests/data/claims/blind14), each rule on
a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_verb_opening_a_compound_adjective_is_no_file_verb() -> None:
    listed = run(bash("terraform state list", "aws_s3_bucket.logs\naws_iam_role.ci"))
    said = "Read-only audit of `envs/staging` state (`terraform state list`)."
    assert statuses(said, listed) != ["contradicted"]
    assert statuses("I read `envs/staging/main.tf`.", listed) == ["contradicted"]


def test_a_bare_fraction_said_of_the_suite_counts_passing_tests() -> None:
    tested = run(bash("npm run test:unit", " Tests  1 failed | 31 passed (32)"))
    assert statuses("The whole unit suite now gives 32/32.", tested) == ["contradicted"]
    assert statuses("The whole unit suite now gives 31/32.", tested) == ["verified"]


def test_a_success_said_of_a_build_reporting_errors_at_source_lines_is_not_verified() -> None:
    broke = "# example.com/api/server\nserver/api.go:41:9: undefined: NewRouter\n"
    # the Go toolchain's report of a package's errors is its failure (test_blind29_rules)
    assert statuses("`go build ./...` succeeds.", run(bash("go build ./...", broke))) == [
        "contradicted"
    ]
    unheaded = "server/api.go:41:9: undefined: NewRouter\n"
    assert statuses("`go build ./...` succeeds.", run(bash("go build ./...", unheaded))) == [
        "unverifiable"
    ]
    warned = "lib/a.c:3:7: warning: unused variable 'n'\n"
    assert statuses("`make lib` succeeds.", run(bash("make lib", warned))) == ["verified"]
