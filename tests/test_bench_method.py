"""How scripts/bench.py turns batch runs into figures (SPEC §8): each round's paired ratio
to the AgentV run beside it, by wall and by CPU time, and CPU time counted over the whole
process tree. The bench's timings themselves are never asserted."""

from __future__ import annotations

import array
import os
import struct
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import bench  # noqa: E402
from bench import AGENTV, ExportFigures, Paired, Sample  # noqa: E402


def test_paired_ratios_are_round_by_round_not_a_ratio_of_medians() -> None:
    # AgentV's time moves 2.5 x between rounds; ours moves with it in the same rounds.
    theirs = [Sample(3.0, 2.0), Sample(8.0, 2.4), Sample(3.2, 2.1)]
    ours = [Sample(1.2, 1.0), Sample(3.2, 1.2), Sample(1.6, 1.05)]
    wall = bench._paired(ours, theirs)
    assert wall.rounds == pytest.approx((0.4, 0.4, 0.5))
    assert (wall.median, wall.low, wall.high) == pytest.approx((0.4, 0.4, 0.5))
    # the ratio of the medians would have been 1.6 / 3.2 = 0.5
    cpu = bench._paired(ours, theirs, cpu=True)
    assert cpu.rounds == pytest.approx((0.5, 0.5, 0.5))


def test_paired_ratios_need_the_same_rounds_on_both_sides() -> None:
    with pytest.raises(ValueError, match="equal, non-zero rounds"):
        bench._paired([Sample(1, 1)], [Sample(1, 1), Sample(2, 2)])
    with pytest.raises(ValueError, match="equal, non-zero rounds"):
        bench._paired([], [])


def test_paired_median_of_an_even_count_is_the_mean_of_the_middle_two() -> None:
    paired = Paired((0.5, 0.3, 0.4, 0.2))
    assert (paired.median, paired.low, paired.high) == pytest.approx((0.35, 0.2, 0.5))


def test_round_order_keeps_the_first_two_workloads_next_to_the_baseline() -> None:
    others = ["ours", "no critique", "json", "files"]
    even = bench._round_order(others, "agentv", 0)
    odd = bench._round_order(others, "agentv", 1)
    assert even == ["files", "no critique", "agentv", "ours", "json"]
    assert odd == even[::-1]
    for order in (even, odd):
        at = order.index("agentv")
        assert {order[at - 1], order[at + 1]} == {"ours", "no critique"}
    # ours runs after AgentV in one round and before it in the next
    assert even.index("ours") > even.index("agentv") and odd.index("ours") < odd.index("agentv")
    assert bench._round_order(["ours"], "agentv", 0) == ["agentv", "ours"]
    assert bench._round_order(["ours"], "agentv", 3) == ["ours", "agentv"]


def test_paired_rounds_runs_every_workload_once_a_round_after_its_setup() -> None:
    log: list[str] = []

    def run(name: str) -> Sample:
        log.append(name)
        return Sample(float(len(log)), 0.0)

    names = ["ours", AGENTV, "floor"]
    runs = {name: (lambda name=name: run(name)) for name in names}
    samples = bench._paired_rounds(
        3, runs, AGENTV, lambda order: log.append("setup:" + ",".join(order)), lambda: None
    )
    assert log == [
        "setup:floor,agentv,ours", "floor", AGENTV, "ours",
        "setup:ours,agentv,floor", "ours", AGENTV, "floor",
        "setup:floor,agentv,ours", "floor", AGENTV, "ours",
    ]  # fmt: skip
    assert [s.wall for s in samples["ours"]] == [4.0, 6.0, 12.0]
    assert [s.wall for s in samples[AGENTV]] == [3.0, 7.0, 11.0]


def test_measure_counts_cpu_of_the_child_and_of_the_processes_it_waited_for() -> None:
    burn = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass"
    spawn = f"import subprocess, sys\nsubprocess.run([sys.executable, '-c', {burn!r}])"
    direct = bench._measure([sys.executable, "-c", burn])
    nested = bench._measure([sys.executable, "-c", spawn])
    assert direct.cpu >= 0.3 and direct.wall >= 0.3
    assert nested.cpu >= 0.3  # the grandchild's CPU is in the figure


def test_measure_does_not_count_waiting_as_cpu() -> None:
    start = time.process_time()
    sample = bench._measure([sys.executable, "-c", "import time; time.sleep(0.5)"])
    assert sample.wall >= 0.5
    assert sample.cpu < 0.4  # start-up only
    assert time.process_time() - start < 0.4  # the bench's own CPU is not the child's


def test_measure_stops_the_bench_on_a_failed_command() -> None:
    with pytest.raises(SystemExit, match="command failed \\(3\\)"):
        bench._measure([sys.executable, "-c", "import sys; sys.exit(3)"])


def test_export_lines_print_paired_wall_and_cpu_ratios_and_the_medians() -> None:
    figures = ExportFigures(
        samples={
            "agentv-grade": [Sample(1.0, 1.5), Sample(2.0, 1.6), Sample(1.1, 1.4)],
            "no critique": [Sample(0.8, 1.2), Sample(1.6, 1.3), Sample(0.9, 1.1)],
            AGENTV: [Sample(3.0, 3.0), Sample(6.0, 3.2), Sample(3.3, 2.8)],
            "floor": [Sample(0.02, 0.02), Sample(0.03, 0.02), Sample(0.02, 0.02)],
        },
        agree="100/100",
        written=700,
        settled="creating a file: 16 us",
        create_us=(15.0, 61.0, 18.0),
    )
    lines = bench._export_lines("varied suite 100 tests", figures, 100)
    assert lines[0] == "varied suite 100 tests: verdicts identical: 100/100; creating a file: 16 us"
    assert "each of 3 rounds" in lines[1]
    assert lines[2] == (
        "    agentv-grade: wall 0.333 x [0.333-0.333] (0.333 0.333 0.333); "
        "CPU 0.500 x [0.500-0.500] (0.500 0.500 0.500)"
    )
    assert lines[3].startswith("    --no-critique: wall 0.267 x [0.267-0.273]")
    assert "agentv-grade 1.10 s wall, 1.50 s CPU" in lines[4]
    assert (
        "AgentV 3.30 s wall, 3.00 s CPU (30 tests per second against agentv-grade's 91)" in lines[4]
    )
    assert "python floor 20 ms (agentv-grade 55 x)" in lines[4]
    assert lines[-1].startswith("  creating a file, once each round's copies were made and synced")
    assert "15 61 18 us" in lines[-1]
    assert not any("files written" in line for line in lines)  # no file-creation floor run


@pytest.mark.skipif(struct.calcsize("l") != 8, reason="the numbers below are a 64-bit build's")
def test_inode_flag_ioctls_are_the_kernels_numbers() -> None:
    assert bench._inode_flags_ioctl(write=False) == 0x80086601  # FS_IOC_GETFLAGS
    assert bench._inode_flags_ioctl(write=True) == 0x40086602  # FS_IOC_SETFLAGS


def test_spread_copies_sets_the_topdir_flag_or_says_why_not(tmp_path: Path) -> None:
    note = bench._spread_copies(tmp_path)
    if note.endswith("(TOPDIR)"):
        import fcntl

        handle = os.open(tmp_path, os.O_RDONLY)
        try:
            flags = array.array("i", [0])
            fcntl.ioctl(handle, bench._inode_flags_ioctl(write=False), flags, True)
        finally:
            os.close(handle)
        assert flags[0] & bench._TOPDIR_FL
    else:  # a file system without the flag (tmpfs, another OS): the bench says so
        assert note.startswith("export copies in the temporary folder's block group (")
    assert bench._spread_copies(tmp_path / "missing").startswith(
        "export copies in the temporary folder's block group (no TOPDIR flag: "
    )


def test_workload_folders_outlive_their_workload_only_inside_mains_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with bench._workload_folder("varied") as alone:
        assert alone.is_dir()
    assert not alone.exists()  # no main folder: deleted when the workload ends
    monkeypatch.setattr(bench, "_KEEP_UNTIL_EXIT", [tmp_path])
    with bench._workload_folder("varied") as kept:
        assert kept.parent == tmp_path and kept.name.startswith("varied-")
    assert kept.is_dir()  # deleted with main's folder, after every workload was timed
