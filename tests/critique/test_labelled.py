"""The critique against our labelled suites: recall on weak checks, false positives on sound ones.

Labels and layout are described in tests/data/critique/README.md. The figures are printed
(run with `-s` to see them) and asserted: recall ≥ 0.9 on weak, false-positive rate ≤ 0.1
on strong.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from agentv_grader import engine
from agentv_grader.critique import RULES, Critique, critique_test
from agentv_grader.load.evalfile import load_suite
from agentv_grader.model import RunData, Suite, TestCase

DATA = Path(__file__).resolve().parents[1] / "data" / "critique"


@dataclass(frozen=True)
class Unit:
    """One labelled thing: an assertion (index) or a test itself (index None)."""

    where: str
    index: int | None
    weak: bool
    rule: str | None
    found: tuple[str, ...]

    @property
    def hit(self) -> bool:
        return self.rule in self.found if self.weak else not self.found


def _critique(suite: Suite, test: TestCase, bench: Path | None) -> Critique:
    response = bench / test.id / "response.md" if bench else None
    if response is None or not response.is_file():
        return critique_test(suite, test, None, None, str(bench) if bench else None)
    run = RunData(
        test=test,
        response=response.read_text(encoding="utf-8"),
        response_path=str(response),
        eval_dir=str(DATA),
    )
    return critique_test(suite, test, run, engine.evaluate(test.assertions, run), str(bench))


def _units(path: Path) -> Iterator[Unit]:
    suite = load_suite(str(path))
    bench = path.parent / path.name.removesuffix(".eval.yaml")
    for test in suite.tests:
        result = _critique(suite, test, bench if bench.is_dir() else None)
        found: dict[int | None, list[str]] = {}
        for finding in result.suggestions:
            found.setdefault(finding.index, []).append(finding.rule)
        where = f"{path.name}:{test.id}"
        parts = test.id.split(".")
        weak = parts[0] == "weak"
        yield Unit(where, None, weak, parts[1] if weak else None, tuple(found.get(None, [])))
        for spec in test.assertions:
            label = spec.name.split(":")
            if label[0] in ("weak", "strong"):
                rule = label[1] if label[0] == "weak" else None
                at = tuple(found.get(spec.index, []))
                yield Unit(
                    f"{where}#{spec.index} {spec.name}", spec.index, label[0] == "weak", rule, at
                )


@lru_cache(maxsize=1)
def units() -> tuple[Unit, ...]:
    return tuple(u for path in sorted(DATA.glob("*.eval.yaml")) for u in _units(path))


def test_labelled_set_is_big_and_balanced() -> None:
    assertions = [u for u in units() if u.index is not None]
    weak = [u for u in assertions if u.weak]
    assert len(assertions) >= 60
    assert 0.4 <= len(weak) / len(assertions) <= 0.6
    assert len(list(DATA.glob("*.eval.yaml"))) >= 4
    assert {u.rule for u in units() if u.weak} == set(RULES)
    assert all(u.rule in RULES for u in units() if u.weak)


def test_recall_and_false_positive_rate() -> None:
    weak = [u for u in units() if u.weak]
    strong = [u for u in units() if not u.weak]
    recall = sum(u.hit for u in weak) / len(weak)
    fpr = sum(not u.hit for u in strong) / len(strong)
    split = {
        kind: (
            sum(1 for u in group if u.index is not None),
            sum(1 for u in group if u.index is None),
        )
        for kind, group in (("weak", weak), ("strong", strong))
    }
    print(
        f"\nlabelled critique set: weak {len(weak)} ({split['weak'][0]} assertions + "
        f"{split['weak'][1]} tests), strong {len(strong)} ({split['strong'][0]} assertions + "
        f"{split['strong'][1]} tests); recall on weak {recall:.3f}, "
        f"false-positive rate on strong {fpr:.3f}"
    )
    misses = [f"  missed {u.rule}: {u.where} (found {list(u.found)})" for u in weak if not u.hit]
    false = [f"  false positive: {u.where}: {list(u.found)}" for u in strong if not u.hit]
    print("\n".join(misses + false))
    assert recall >= 0.9, misses
    assert fpr <= 0.1, false
