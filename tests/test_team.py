"""The forked team behind batch mode on Linux (agentv_grader/team.py, docs/SPEC.md §2)."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import team
from agentv_grader.team import Team
from tests.helpers import child_processes

pytestmark = pytest.mark.skipif(not team.available(), reason="a team needs Linux and fork")


@pytest.fixture(autouse=True)
def _no_child_left_behind() -> Iterator[None]:
    """Every test here ends with each child it forked ended and reaped."""
    running = child_processes()
    yield
    assert child_processes() == running


def _ready() -> None:
    pass


def _run(size: int, pieces: int, work: Any) -> list[tuple[int, Any, bool]]:
    with Team.start(size, pieces, work, _ready) as crew:
        return list(crew.run())


@pytest.mark.parametrize("size", [2, 3])
@pytest.mark.parametrize("pieces", [1, 2, 7, 40])
def test_every_piece_is_done_once_and_comes_back_in_order(
    size: int, pieces: int, tmp_path: Path
) -> None:
    parent = os.getpid()

    def work(piece: int) -> tuple[int, int, list[str]]:
        if pieces >= 7:
            _both_at_work(tmp_path, parent)
        return piece, os.getpid(), [f"piece {piece}"] * 3

    results = _run(size, pieces, work)
    assert [p for p, _, _ in results] == list(range(pieces))
    assert all(graded for _, _, graded in results)
    assert [r[0] for _, r, _ in results] == list(range(pieces))
    assert all(r[2] == [f"piece {p}"] * 3 for p, r, _ in results)
    workers = {r[1] for _, r, _ in results}
    if pieces >= 7:
        assert parent in workers and len(workers) > 1  # this process works too


def _both_at_work(folder: Path, parent: int, patience: float = 10.0) -> None:
    """Each process's first piece waits until this process and a child have each taken
    one, so the work is shared whatever the machine's load (a sleep in each piece let
    this process take all seven under load). After `patience` seconds it goes on, and the
    test's assertion that both worked fails instead of hanging."""
    mark = folder / f"took-{os.getpid()}"
    if mark.exists():
        return
    mark.touch()
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        took = {int(p.name.split("-")[1]) for p in folder.glob("took-*")}
        if parent in took and len(took) > 1:
            return
        time.sleep(0.001)


def test_results_bigger_than_a_pipe_arrive_whole() -> None:
    def work(piece: int) -> str:
        return chr(ord("a") + piece) * (3 << 20)  # 3 MB: three times the asked pipe size

    results = _run(2, 4, work)
    assert [r for _, r, _ in results] == [c * (3 << 20) for c in "abcd"]


def test_a_killed_child_loses_only_the_piece_it_had() -> None:
    """A child killed while it works (by the kernel's out-of-memory killer, say) loses the
    piece it had taken; every other piece is done, and this process does not wait forever."""
    parent = os.getpid()

    def work(piece: int) -> int:
        if os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)
        time.sleep(0.01)  # the children take their first pieces meanwhile
        return piece

    results = _run(3, 12, work)
    lost = [p for p, _, graded in results if not graded]
    assert [p for p, _, _ in results] == list(range(12))
    assert 1 <= len(lost) <= 2  # one piece per child at most: each dies on its first
    assert all(r == p for p, r, graded in results if graded)


def test_the_reason_a_piece_was_lost_is_told() -> None:
    parent = os.getpid()

    def work(piece: int) -> int:
        if os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)
        time.sleep(0.01)
        return piece

    with Team.start(2, 6, work, _ready) as crew:
        results = list(crew.run())
        reason = crew.lost_reason()
    assert any(not graded for _, _, graded in results)
    assert reason == f"killed by signal {int(signal.SIGKILL)}"


def test_a_bug_in_a_child_loses_its_piece_and_is_shown(capfd: pytest.CaptureFixture[str]) -> None:
    parent = os.getpid()

    def work(piece: int) -> int:
        if os.getpid() != parent:
            raise RuntimeError("a bug in the work")
        time.sleep(0.01)
        return piece

    with Team.start(2, 6, work, _ready) as crew:
        results = list(crew.run())
        reason = crew.lost_reason()
    assert [p for p, _, graded in results if not graded]
    assert reason == "exit status 3"
    assert "RuntimeError: a bug in the work" in capfd.readouterr().err


def test_a_child_that_cannot_send_its_result_loses_the_piece() -> None:
    """What `marshal` cannot write (here: an object of a class) is a bug in the work: the
    child reports it and the piece is lost, instead of anything hanging."""
    parent = os.getpid()

    def work(piece: int) -> Any:
        if os.getpid() != parent:
            return object()
        time.sleep(0.01)
        return piece

    results = _run(2, 6, work)
    assert [p for p, _, _ in results] == list(range(6))
    assert any(not graded for _, _, graded in results)


def test_a_failure_here_stops_and_reaps_the_children() -> None:
    parent = os.getpid()

    def work(piece: int) -> int:
        if os.getpid() == parent:
            raise ValueError("stop")
        time.sleep(0.5)  # children busy with long pieces when this process fails
        return piece

    started = time.monotonic()
    with pytest.raises(ValueError, match="stop"), Team.start(3, 20, work, _ready) as crew:
        list(crew.run())
    assert time.monotonic() - started < 4  # stopped, not waited for (20 x 0.5 s)


def test_closing_before_running_lets_the_children_go_without_working(tmp_path: Path) -> None:
    """A batch refused after the team was formed: its children take no piece."""

    def work(piece: int) -> int:
        (tmp_path / f"worked-{piece}").write_text("", "utf-8")
        return piece

    ready_marks = tmp_path / "ready"

    def ready() -> None:
        ready_marks.mkdir(exist_ok=True)

    with Team.start(3, 5, work, ready):
        pass
    assert not list(tmp_path.glob("worked-*"))


def test_a_failing_head_start_is_no_failure() -> None:
    def ready() -> None:
        raise RuntimeError("not ready")

    def work(piece: int) -> int:
        time.sleep(0.002)
        return piece

    with Team.start(2, 8, work, ready) as crew:
        results = list(crew.run())
    assert [r for _, r, graded in results if graded] == list(range(8))


def test_a_team_works_without_memfd(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where `os.memfd_create` is missing, the counter lives in an unlinked temporary file."""
    monkeypatch.delattr(os, "memfd_create")

    def work(piece: int) -> int:
        time.sleep(0.002)
        return piece * 2

    assert [r for _, r, _ in _run(2, 9, work)] == [p * 2 for p in range(9)]


def test_a_team_of_one_is_this_process_alone() -> None:
    parent = os.getpid()
    results = _run(1, 3, lambda piece: (piece, os.getpid()))
    assert [r for _, r, _ in results] == [(p, parent) for p in range(3)]


def test_no_team_where_processes_are_not_forked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    assert not team.available()
    monkeypatch.setattr(sys, "platform", "linux")
    assert team.available()


def test_no_team_while_another_thread_runs() -> None:
    """A fork copies only the forking thread: a lock that another one holds (an import's,
    a stream's) would stay locked in the child, so a process pool is used instead."""
    import threading

    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not team.available()
    finally:
        stop.set()
        other.join()
    assert team.available()


def test_a_fork_refused_leaves_a_smaller_team(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the system gives no more processes, the team works with those it has."""
    real_fork, forks = os.fork, []

    def fork() -> int:
        if forks:
            raise BlockingIOError(11, "Resource temporarily unavailable")
        forks.append(1)
        return real_fork()

    monkeypatch.setattr(os, "fork", fork)

    def work(piece: int) -> tuple[int, int]:
        time.sleep(0.002)
        return piece, os.getpid()

    results = _run(4, 10, work)
    assert [r[0] for _, r, _ in results] == list(range(10))
    assert len({r[1] for _, r, _ in results}) <= 2


def test_the_results_do_not_wait_for_a_child_to_be_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A child closes its pipe as it leaves, and `run` ends with the last result, not once
    the child has ended (the kernel frees a batch worker's memory first, 5-30 ms); closing
    the team still reaps it. Here a child's leaving waits until `run` is over."""
    released, left = tmp_path / "released", tmp_path / "left"
    real_exit = os._exit

    def slow_exit(code: int) -> None:
        deadline = time.monotonic() + 10
        while not released.exists() and time.monotonic() < deadline:
            time.sleep(0.005)
        left.write_text("", "utf-8")
        real_exit(code)

    monkeypatch.setattr(os, "_exit", slow_exit)  # (only a child calls it)

    def work(piece: int) -> int:
        time.sleep(0.002)
        return piece

    with Team.start(2, 6, work, _ready) as crew:
        results = list(crew.run())
        assert not left.exists()  # the child is still leaving
        released.touch()
    assert left.exists()  # reaped by `close`, after it left
    assert [r for _, r, graded in results if graded] == list(range(6))
    assert crew.lost_reason() == "it stopped before sending its results"
