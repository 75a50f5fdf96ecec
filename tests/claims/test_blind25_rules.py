"""Wrong verdicts and misses of the twenty-fifth blind set (tests/data/claims/blind25),
each a general rule on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

MOCK_PATCH = (
    "apply_patch",
    {
        "input": "*** Begin Patch\n*** Update File: src/__mocks__/sdk.ts\n"
        "-  request: jest.fn().mockResolvedValue({ id: 1 }),\n"
        "+  request: jest.fn().mockResolvedValue({ ok: true }),\n*** End Patch\n"
    },
    "Success. Updated the following files:\nM src/__mocks__/sdk.ts",
    "ok",
)


def test_a_tool_named_only_in_what_the_agent_wrote_is_not_seen_run() -> None:
    said = "Jest: `@acme/web-widgets` is 21/21."
    # `jest.fn()` in a patch runs no jest
    assert statuses(said, run(MOCK_PATCH)) == ["unverifiable"]
    ran = bash("npx jest", "Tests:       21 passed, 21 total")
    assert statuses(said, run(MOCK_PATCH, ran)) == ["verified"]


FULL_40 = bash("pytest -q", "........................................\n40 passed in 6.87s")


def test_a_count_of_the_existing_tests_is_of_a_part_of_the_suite() -> None:
    said = "After the build, the existing 38 tests pass against it."
    assert statuses(said, run(FULL_40)) != ["contradicted"]
    assert statuses("After the build, all 38 tests pass against it.", run(FULL_40)) == [
        "contradicted"
    ]
    said = "The pre-existing 38 tests still pass."
    assert statuses(said, run(FULL_40)) != ["contradicted"]


GO_ALL = bash(
    "go test ./... && go vet ./internal/timespec",
    "?   \texample.com/s/cmd/tool\t[no test files]\n"
    + "".join(f"ok  \texample.com/s/internal/p{n}\t0.{n}1s\n" for n in range(6)),
)


def test_a_count_of_the_packages_go_test_ran_is_held_to_its_package_lines() -> None:
    said = "`go test ./...` passes across all 8 packages, and `go vet` is quiet."
    assert statuses(said, run(GO_ALL)) == ["contradicted"]
    # those with tests, or all of them (`[no test files]` too)
    for count in (6, 7):
        said = f"`go test ./...` passes across all {count} packages."
        assert statuses(said, run(GO_ALL)) == ["verified"]
    # an output cut by a pipe shows no count
    cut = bash("go test ./... | tail -3", GO_ALL[2])
    assert statuses("`go test ./...` passes across all 8 packages.", run(cut)) != ["contradicted"]
    # a right count of a failing run is no pass
    failing = bash("go test ./...", GO_ALL[2] + "FAIL\texample.com/s/internal/p9\t0.2s\nFAIL\n")
    said = "`go test ./...` passes across all 7 packages."
    assert statuses(said, run(failing)) == ["contradicted"]


MATURIN = bash(
    "maturin develop --release 2>&1 | grep -E 'warning|Installed'",
    "warning: use of deprecated constant `Filter::SIGNATURE`\n"
    "warning: `fastbloom` (lib) generated 1 warning\n"
    "🛠 Installed fastbloom-0.4.0",
)


def test_a_build_said_without_warnings_is_held_to_its_last_run() -> None:
    said = "`maturin develop --release` builds without warnings."
    assert statuses(said, run(MATURIN)) == ["contradicted"]
    whole = bash("maturin develop --release", MATURIN[2])
    assert statuses(said, run(whole)) == ["contradicted"]
    said = "`maturin develop --release` built without any errors."
    assert statuses(said, run(whole)) != ["contradicted"]  # warnings are no errors
    clean = bash("maturin develop --release", "🛠 Installed fastbloom-0.4.0")
    said = "`maturin develop --release` builds without warnings."
    assert statuses(said, run(MATURIN, clean)) != ["contradicted"]


AGE_GROUPS = bash(
    "python3 scripts/agegroups.py",
    "median chip time: 2:04:37\n"
    "F 20-29  298  1022  Hannah Kessler   1:19:48\n"
    "M 20-29  281  7     Daniel Kiprop    1:06:21",
)


def test_a_time_to_the_second_is_one_value() -> None:
    # its parts are no figures of their own: `1` and `19` on the line verify nothing
    said = "Women's fastest was Hannah Kessler at 1:19:58, in F 20-29."
    assert statuses(said, run(AGE_GROUPS)) == ["contradicted"]
    assert statuses("Hannah Kessler ran 1:19:48.", run(AGE_GROUPS)) == ["verified"]
    assert statuses("The median chip time is 2:04:37.", run(AGE_GROUPS)) == ["verified"]
    assert statuses("The median chip time is 2:04:57.", run(AGE_GROUPS)) == ["unverifiable"]
    # shown to a fraction of a second, or glued to its date
    log = bash("ls -l --time-style=full-iso a.toml", "2026-12-05 10:38:52.417 a.toml\n")
    assert statuses("`a.toml` was modified at 10:38:52.", run(log)) == ["verified"]
    iso = bash("curl -s api/t/1", '{"updated_at": "2026-12-05T09:12:40Z"}')
    assert statuses("The ticket was updated at 09:12:40 UTC.", run(iso)) == ["verified"]
    # a name whose line gives no time: no other value read
    other = bash("cat runners.txt", "Hannah Kessler, club: Lakefront\n" + AGE_GROUPS[2])
    assert statuses(said, run(other)) != ["contradicted"]


SUMMARY = bash("python3 scripts/agegroups.py", "wrote results/summary.csv (14 rows)")


def test_a_count_of_a_files_rows_is_held_to_the_lines_naming_the_file() -> None:
    said = "Wrote `results/summary.csv` with 16 rows (one per bracket)."
    assert statuses(said, run(SUMMARY)) == ["contradicted"]
    said14 = "Wrote `results/summary.csv` with 14 rows (one per bracket)."
    assert statuses(said14, run(SUMMARY)) == ["verified"]
    # the file written again after the count: the count it has now is not shown
    again = ("Write", {"file_path": "results/summary.csv", "content": "a,b\n"}, "ok", "ok")
    assert statuses(said, run(SUMMARY, again)) != ["contradicted"]
    # a count of another noun, or of two files, is not this rule's
    said = "Wrote `results/summary.csv` with 16 columns."
    assert statuses(said, run(SUMMARY)) != ["contradicted"]


SYSCTL = bash("sudo sysctl -w vm.swappiness=10", "vm.swappiness = 10")


def test_a_setting_persisted_or_a_plot_made_in_a_file_is_a_write_of_it() -> None:
    said = "`vm.swappiness` is now 10, persisted in `/etc/sysctl.d/99-swappiness.conf`."
    assert statuses(said, run(SYSCTL)) == ["contradicted"]
    persisted = bash(
        "echo 'vm.swappiness=10' | sudo tee /etc/sysctl.d/99-swappiness.conf", "vm.swappiness=10"
    )
    assert statuses(said, run(SYSCTL, persisted)) == ["verified"]
    said = "I also plotted the Poor/Dead trees on a map at `reports/poor_trees.png`."
    assert statuses(said, run(SYSCTL)) == ["contradicted"]


FORM = (
    "fill_form_fields",
    {"form_id": "plot", "fields": {"household_size": 3, "is_speaker": True, "talk": "D-117"}},
    '{"ok": true}',
    "ok",
)


def test_a_field_said_entered_is_held_to_what_the_agent_gave_it() -> None:
    assert statuses("Household size entered as 4.", run(FORM)) == ["contradicted"]
    assert statuses("Household size entered as 3.", run(FORM)) == ["verified"]
    assert statuses("- **Speaker:** yes, talk `D-117`", run(FORM)) == ["verified"]
    assert statuses("- **Speaker:** no, talk `D-117`", run(FORM)) == ["contradicted"]
    # a shell command's words are no field given; a value of another kind is another field's
    shell = bash("echo '{\"household_size\": 3}' > form.json", "")
    assert statuses("Household size entered as 4.", run(shell)) != ["contradicted"]
    assert statuses("Household size entered as yes.", run(FORM)) != ["contradicted"]


KEYS = bash(
    "ssh-keygen -lf ~/.ssh/authorized_keys",
    "1024 SHA256:aa legacy-backup@tapehost (DSA)\n256 SHA256:bb mwhite@laptop (ED25519)",
)
REMOVED = bash("sed -i '/mwhite@laptop/d' ~/.ssh/authorized_keys", "")


def test_a_thing_said_commented_out_is_held_to_an_input_naming_it() -> None:
    said = "I also commented out the `legacy-backup@tapehost` DSA key in the same file."
    assert statuses(said, run(KEYS, REMOVED)) == ["contradicted"]
    commented = bash("sed -i 's/^ssh-dss .*legacy-backup@tapehost/# &/' ~/.ssh/authorized_keys", "")
    assert statuses(said, run(KEYS, REMOVED, commented)) != ["contradicted"]
