"""The `report` and `mcp` subcommands on the command line (SPEC §10, §11): what they print,
where they write, their exit-2 lines."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.helpers import cli
from tests.report_runs import graded_example


def test_report_writes_the_page_where_asked(tmp_path: Path) -> None:
    _, bench = graded_example(tmp_path)
    target = tmp_path / "out" / "page.html"
    code, out, err = cli("report", str(bench), "--output", str(target))
    assert (code, err) == (0, "")
    size = target.stat().st_size
    assert out == f"report: {target} (3 tests, {size} bytes)\n"
    assert target.read_text("utf-8").startswith("<!DOCTYPE html>")


def test_report_defaults_to_report_html_in_the_bench_dir(tmp_path: Path) -> None:
    _, bench = graded_example(tmp_path)
    code, out, _ = cli("report", str(bench))
    assert code == 0 and (bench / "report.html").is_file()
    assert out.startswith(f"report: {bench / 'report.html'} (3 tests, ")


def test_report_on_a_folder_that_is_not_a_run_exits_2(tmp_path: Path) -> None:
    code, out, err = cli("report", str(tmp_path / "nope"))
    assert (code, out) == (2, "")
    assert err == (
        f"agentv-grade: error: bench dir {str(tmp_path / 'nope')!r} is not a folder "
        "(pass the run's --bench-dir)\n"
    )
    code, out, err = cli("report", str(tmp_path))
    assert code == 2 and "no graded test in" in err and "grade the run first" in err
    code, _, err = cli("report")
    assert code == 2 and "Missing argument 'BENCH_DIR'" in err


def test_report_and_mcp_have_help(tmp_path: Path) -> None:
    code, out, _ = cli("report", "--help")
    assert code == 0 and "--output" in out and "Usage: agentv-grade report" in out
    code, out, _ = cli("mcp", "--help")
    assert code == 0 and "Usage: agentv-grade mcp" in out and "stdio" in out
    code, out, _ = cli("--help")
    assert "agentv-grade report" in out and "agentv-grade mcp" in out


def test_mcp_without_the_extra_says_how_to_install_it() -> None:
    """With the SDK unimportable, the command exits 2 with the pip command."""
    code = (
        "import sys\n"
        "sys.modules['mcp'] = None\n"  # `import mcp` now raises ImportError
        "from agentv_grader.cli import main\n"
        "sys.argv = ['agentv-grade', 'mcp']\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "agentv-grade: error: the MCP server needs the mcp extra: "
        "pip install 'agentv-grader[mcp]'\n"
    )
