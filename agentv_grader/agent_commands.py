"""The grader agent's own subcommands: `agentv-grade instructions` and `agentv-grade judge`
(SPEC §2). They parse and print; the work is in `judgement.judge_item` and `judging`.

Built on first use, like the other click commands: click is imported only to parse.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import IO, TYPE_CHECKING, Any

from .errors import GradeInputError

if TYPE_CHECKING:
    import click

    from .judging import ItemJudgement

INSTRUCTIONS_FILE = "grader-instructions.md"
_MET = {"pass": True, "passed": True, "met": True, "yes": True, "true": True,
        "fail": False, "failed": False, "unmet": False, "not-met": False, "no": False,
        "false": False}  # fmt: skip


def instructions_text() -> str:
    """The grader agent's instructions, as shipped in the package."""
    from .references_dir import reference_path

    return reference_path(INSTRUCTIONS_FILE).read_text("utf-8")


def parse_check(raw: str) -> ItemJudgement:
    """`ID=VERDICT[:EVIDENCE]`: VERDICT `pass`/`fail` (a checklist item) or an integer 0–10
    (a score-range item); the evidence is everything after the first `:`.

    Raises:
        GradeInputError: anything else, with the form to use.
    """
    from .judging import ItemJudgement

    rid, equals, rest = raw.partition("=")
    verdict, _, evidence = rest.partition(":")
    verdict = verdict.strip().lower()
    form = "--check ID=pass:EVIDENCE, ID=fail:EVIDENCE or ID=N:EVIDENCE (N 0-10)"
    if not equals or not rid.strip() or not verdict:
        raise GradeInputError(f"--check {raw!r} is not ID=VERDICT[:EVIDENCE]", hint=form)
    if verdict in _MET:
        return ItemJudgement(rid.strip(), met=_MET[verdict], evidence=evidence.strip())
    try:
        score = float(verdict)
    except ValueError:
        raise GradeInputError(f"--check {raw!r}: unknown verdict {verdict!r}", hint=form) from None
    return ItemJudgement(rid.strip(), score=score, evidence=evidence.strip())


def _from_json(source: str, stdin: IO[str] | None) -> tuple[list[ItemJudgement], Any, str]:
    from .judging import JudgementError, judgements_from_json

    try:
        if source == "-":
            text = (stdin.read() if stdin is not None else "") or ""
        else:
            with open(source, encoding="utf-8") as handle:
                text = handle.read(16 * 1024 * 1024)
    except OSError as exc:
        raise GradeInputError(f"cannot read the judgement: {exc.strerror}", file=source) from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise GradeInputError(f"the judgement is not JSON: {exc}", file=source) from None
    try:
        return judgements_from_json(data)
    except JudgementError as exc:
        raise GradeInputError(str(exc), file=source) from None


def run_judge(options: Mapping[str, Any], out: IO[str], stdin: IO[str] | None = None) -> int:
    """Score and write one item's result; print what was written. Exit 0."""
    from .judgement import judge_item

    checks = [parse_check(c) for c in options.get("check") or ()]
    score = options.get("score")
    evidence = options.get("evidence") or ""
    if options.get("from_file"):
        if checks or score is not None:
            raise GradeInputError(
                "give the judgement with --from or with --check/--score, not both"
            )
        checks, score, from_evidence = _from_json(options["from_file"], stdin)
        evidence = evidence or from_evidence
    judged = judge_item(
        options["eval_path"],
        options["test_id"],
        options["item"],
        checks,
        bench_dir=options["bench_dir"],
        score=score,
        evidence=evidence,
        response_file=options.get("response_file"),
    )
    content = judged.content
    if options.get("fmt") == "json":
        out.write(json.dumps({"item": judged.item["name"], "path": judged.path,
                              "result": content}, ensure_ascii=False) + "\n")  # fmt: skip
        return 0
    details = content["details"]
    lines = [
        f"JUDGED {judged.item['name']} score={content['score']:.3f} "
        f"({details['scoring']}) -> {judged.path}"
    ]
    for entry in content["assertions"]:
        lines.append(f"  [{'pass' if entry['passed'] else 'fail'}] {entry['text']}")
    if details["required_failed"]:
        lines.append(
            f"  required item(s) not met: {', '.join(details['required_failed'])} "
            "(the item fails whatever its score, as in AgentV)"
        )
    lines.append("  next: judge the other pending items, then run agentv-grade again")
    out.write("\n".join(lines) + "\n")
    return 0


def commands() -> dict[str, click.Command]:
    """`instructions` and `judge`, as click commands."""
    import click

    context = {"help_option_names": ["-h", "--help"], "terminal_width": 80,
               "max_content_width": 80}  # fmt: skip

    @click.command(context_settings=context)
    @click.pass_context
    def instructions_command(ctx: click.Context) -> int:
        """Print the grader agent's instructions (use them as its prompt)."""
        ctx.obj["stdout"].write(instructions_text())
        return 0

    @click.command(context_settings=context)
    @click.option("--eval-path", required=True, help="AgentV eval file.")
    @click.option("--test-id", required=True, help="The test the item belongs to.")
    @click.option("--bench-dir", required=True, help="Run directory for the suite.")
    @click.option(
        "--response-file", help="The answer [default: <bench-dir>/<test-id>/response.md]."
    )
    @click.option("--item", required=True, help="The pending item's name (report: pending[].name).")
    @click.option(
        "--check",
        multiple=True,
        help="ID=pass|fail[:EVIDENCE] per checklist item, ID=N[:EVIDENCE] (0-10) per "
        "score-range item.",
    )
    @click.option("--score", type=float, help="The item's score 0..1 (items without rubric items).")
    @click.option("--evidence", help="Evidence for --score.")
    @click.option("--from", "from_file", help="The judgement as JSON from a file ('-': stdin).")
    @click.option(
        "--format",
        "fmt",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help="What to print.",
    )
    @click.pass_context
    def judge_command(ctx: click.Context, /, **options: Any) -> int:
        """Judge one pending LLM item: the score is computed with AgentV's rules and the
        result written where both tools read it."""
        return run_judge(options, ctx.obj["stdout"], ctx.obj.get("stdin"))

    return {"instructions": instructions_command, "judge": judge_command}
