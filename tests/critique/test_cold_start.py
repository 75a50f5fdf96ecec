"""The critique's cold-start shortcuts (SPEC §8) say what the full analysis says."""

from __future__ import annotations

import ast
import importlib
import random
import subprocess
import sys
from pathlib import Path

import pytest

from agentv_grader.critique import _automaton, _pattern, regex_risk

ATOMS = ["a", "b", "ab", "\\w", "\\s", "\\d", "\\W", ".", "[ab]", "[^a]", "[a-z]", "x", " "]
ZEROS = ["^", "$", "\\b", "\\B"]
QUANTIFIERS = ["*", "+", "?", "{2}", "{1,}", "{0,}", "{2,30}", "{3,5}", "*?", "+?"]


def _pattern_with(rng: random.Random, quantifiers: int) -> str:
    pieces = [rng.choice(ATOMS + ZEROS) for _ in range(rng.randint(0, 6))]
    if rng.random() < 0.5 and pieces:  # a group around some of them
        i = rng.randrange(len(pieces))
        j = rng.randint(i, len(pieces))
        pieces[i:j] = [rng.choice(["(", "(?:"]) + "".join(pieces[i:j]) + ")"]
    for _ in range(quantifiers):
        at = rng.randint(0, len(pieces))
        pieces.insert(at, rng.choice(QUANTIFIERS))
    return "".join(pieces)


def _full_analysis(body: str, flags: str) -> _automaton.Risk | None:
    try:
        return _automaton.analyse(_automaton.build(_pattern.read_pattern(body, flags), False))
    except _pattern.PatternUnreadable:
        return None


def test_the_shortcut_relies_on_the_minimum_degree() -> None:
    assert _automaton.MIN_DEGREE >= 3


@pytest.mark.parametrize("flags", ["", "i", "m", "s", "u"])
def test_patterns_the_shortcut_skips_have_no_blowup(flags: str) -> None:
    rng = random.Random(20 + len(flags))
    skipped = 0
    for _ in range(3000):
        body = _pattern_with(rng, rng.choice([0, 1, 1, 2]))
        if regex_risk.may_blow_up(body):
            continue
        skipped += 1
        assert _full_analysis(body, flags) is None, body
        assert regex_risk.assess(body, flags) is None
    assert skipped > 1000


ALTERNATIVES = ["(a|ab)", "(?:b|a)", "(\\w|\\d)", "(a|a)", "(?:x|\\s|.)", "(?=a|b)"]


@pytest.mark.parametrize("flags", ["", "i", "u"])
def test_one_repetition_of_one_atom_has_no_blowup(flags: str) -> None:
    """A pattern whose one repetition is of one atom is skipped however many `?`, groups
    and alternatives it holds (`\\border\\s+#?12\\b`), and none has a blowup."""
    rng = random.Random(22 + len(flags))
    for _ in range(1500):
        pieces = [rng.choice(ATOMS + ZEROS + ALTERNATIVES) for _ in range(rng.randint(2, 7))]
        for _ in range(rng.randint(0, 4)):
            at = rng.randrange(len(pieces))
            pieces[at] += rng.choice(["?", "??"])
        if rng.random() < 0.3:
            i = rng.randrange(len(pieces))
            pieces[i:] = ["(" + "".join(pieces[i:]) + ")" + rng.choice(["", "?", "|b"])]
        atom = rng.choice(["a", "\\w", "\\s", ".", "[ab]", "[^a]", "x"])
        loop = atom + rng.choice(["*", "+", "{1,}", "+?", "{2,30}", "{0,40}"])
        pieces.insert(rng.randint(0, len(pieces)), loop)
        body = "".join(pieces)
        assert not regex_risk.may_blow_up(body), body
        assert _full_analysis(body, flags) is None, body
    for blowup in ("(a?a?)+$", "(a|a)*$", "(\\w|\\d)+$"):
        assert regex_risk.may_blow_up(blowup) and regex_risk.assess(blowup, "") is not None


@pytest.mark.parametrize("body", ["(a+)+$", "(\\w+\\s?)*$", "\\d+\\d+x", "(a|a)*$", "^(a+)+$"])
def test_blowups_are_still_analysed(body: str) -> None:
    assert regex_risk.may_blow_up(body)
    assert regex_risk.assess(body, "") is not None


def test_grading_simple_patterns_does_not_load_the_analysis(tmp_path: Path) -> None:
    suite = tmp_path / "s.eval.yaml"
    suite.write_text(
        "name: s\ntests:\n  - id: t1\n    input: Q\n    assertions:\n"
        "      - {type: regex, value: 'capital of \\w+', flags: i}\n"
        "      - {type: regex, value: '^Answer:', flags: m}\n"
        "      - {type: contains, value: Paris}\n",
        encoding="utf-8",
    )
    (tmp_path / "run" / "s" / "t1").mkdir(parents=True)
    (tmp_path / "run" / "s" / "t1" / "response.md").write_text(
        "Answer: Paris, capital of France\n", "utf-8"
    )
    argv = ["--eval-path", str(suite), "--test-id", "t1", "--bench-dir", str(tmp_path / "run/s")]
    code = (
        "import io, sys\n"
        "from agentv_grader.cli import run\n"
        f"status = run({argv!r}, io.StringIO(), io.StringIO())\n"
        "print(status, sorted(m for m in ('click', 'agentv_grader.critique._automaton',\n"
        "    'agentv_grader.critique.regex_risk') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["0", "['agentv_grader.critique.regex_risk']"]


def test_pattern_nodes_behave_as_frozen_dataclasses() -> None:
    from agentv_grader.record import FrozenInstanceError

    a = _pattern.Atom(((97, 97),), (0, 1))
    assert repr(a) == "Atom(ranges=((97, 97),), span=(0, 1))"
    assert repr(_pattern.Repeat(_pattern.Zero("^"), 1, None)) == (
        "Repeat(body=Zero(kind='^'), lo=1, hi=None)"
    )
    assert a == _pattern.Atom(((97, 97),), (0, 1)) and hash(a) == hash(
        _pattern.Atom(a.ranges, a.span)
    )
    assert a != _pattern.Atom(((97, 97),)) and _pattern.Seq((a,)) != _pattern.Alt((a,))
    assert _pattern.Atom(((97, 97),)).span == (0, 0)
    with pytest.raises(FrozenInstanceError):
        a.span = (1, 2)  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del a.ranges  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.other = 1  # type: ignore[attr-defined]


SEQUENCE_ATOMS = [
    *ATOMS, "\\S", "\\D", ":", "\"", "\\.", "\\-", "\\n", "\\t", "K", "s", "é", "-", "0",
    "[\\]a]", "[]", "[^]", "\\0", "\\u0041", "\\x41", "\\cA", "\\_",
    # classes read member by member: ranges (to and from escapes), escapes, negation
    "[:=]", "[a-c]", "[^\\s]", "[\\d.]", "[.-]", "[\\.-z]", "[!-\\-]", "[A-Z]", "[\\w-]",
    "[\\b]", "[é-ü]", "[^:]", "[\\n-\\r]", "[+-9]", "[\\s:]", "[^a-z]", "[z-a]", "[k]",
]  # fmt: skip
SEQUENCE_QUANTIFIERS = [*QUANTIFIERS, "", "", "", "{0,10}", "{1,11}", "{0,40}", "??", "{3}?"]


@pytest.mark.parametrize("flags", ["", "i", "m", "s", "u", "iu", "y"])
def test_sequences_whose_loops_never_chain_have_no_blowup(flags: str) -> None:
    """`loops_never_chain` spares the analysis only patterns it would find safe."""
    rng = random.Random(40 + len(flags) + ord(flags[:1] or "_"))
    spared = analysed = 0
    for _ in range(2500):
        pieces = []
        for _ in range(rng.randint(1, 7)):
            if rng.random() < 0.15:
                pieces.append(rng.choice(ZEROS))
            else:
                pieces.append(rng.choice(SEQUENCE_ATOMS) + rng.choice(SEQUENCE_QUANTIFIERS))
        if rng.random() < 0.05:
            pieces.insert(rng.randint(0, len(pieces)), rng.choice(["(", ")", "|", "{", "*"]))
        found = _spared_safely("".join(pieces), flags)
        if found is not None:
            spared, analysed = spared + found, analysed + (not found)
    assert spared > 300 and analysed > 300, (spared, analysed)


def _spared_safely(body: str, flags: str) -> bool | None:
    """Whether `loops_never_chain` spares `body` the analysis, checking that the analysis
    (and `assess`) then find it safe; None for a pattern that cannot blow up at all."""
    if not regex_risk.may_blow_up(body):
        return None
    if not regex_risk.loops_never_chain(body, flags):
        return False
    assert _full_analysis(body, flags) is None, body
    assert regex_risk.assess(body, flags) is None
    return True


GROUP_ATOMS = [
    "a", "b", "\\s", "\\d", ":", "x", "[ab]", "", "^", "\\b", "(?:a|b)", "(a)",
    "\\(", "\\|", "[)|]",  # group characters that are none: escaped, in a class
]  # fmt: skip
LOOP_ATOMS = ["a", "b", "\\s", "\\d", ":", "x", "\\w", "[^a]", "[:=]", "[a-c]", "[^\\s]", "[.-]"]


def _group(rng: random.Random) -> str:
    """A group of one to three alternatives of atoms, mostly with nothing repeated in or
    after it (what `loops_never_chain` reads), sometimes with (what it leaves alone)."""
    inner = ["", "", "", "", "", "", "?", "{2}", "{0,3}", "+"]
    alternatives = [
        "".join(rng.choice(GROUP_ATOMS) + rng.choice(inner) for _ in range(rng.randint(0, 3)))
        for _ in range(rng.randint(1, 3))
    ]
    opening = rng.choice(["(", "(", "(?:", "(?:", "(?:", "(?=", "(?<n>"])
    after = rng.choice(["", "", "", "", "", "?", "??", "+", "*"])
    return opening + "|".join(alternatives) + ")" + after


@pytest.mark.parametrize("flags", ["", "i", "m", "s", "u", "iu", "y"])
def test_sequences_with_groups_whose_loops_never_chain_have_no_blowup(flags: str) -> None:
    """With groups among the atoms (`"status"\\s*:\\s*"(ok|done)"`), `loops_never_chain`
    still spares the analysis only patterns it would find safe."""
    rng = random.Random(60 + len(flags) + ord(flags[:1] or "_"))
    spared = analysed = 0
    for _ in range(3000):
        pieces = []
        for _ in range(rng.randint(1, 5)):
            if rng.random() < 0.5:
                pieces.append(_group(rng))
            else:
                pieces.append(rng.choice(SEQUENCE_ATOMS) + rng.choice(["", "", "?", "{2}"]))
        for _ in range(rng.randint(2, 3)):  # repeated atoms, the group between them or not
            loop = rng.choice(LOOP_ATOMS) + rng.choice(["*", "+", "{1,}", "{0,40}", "+?"])
            pieces.insert(rng.randint(0, len(pieces)), loop)
        body = "".join(pieces)
        found = _spared_safely(body, flags)
        if found is not None:
            spared, analysed = spared + (found and "(" in body), analysed + (not found)
    assert spared > 60 and analysed > 300, (spared, analysed)


@pytest.mark.parametrize(
    ("body", "flags", "spared"),
    [
        ('"id"\\s*:\\s*4\\b', "", True),  # `:` is required between, and no white space
        ("^\\s*\\d+\\s*$", "", True),  # white space and digits share no character
        ("a+-b+-c+", "i", True),
        ("\\d+\\d+x", "", False),  # the analysis finds degree 3
        ("\\s*\\s*\\s*$", "", False),
        ("a+A+a+$", "i", False),  # one letter under `i`
        ("\\w+\\.\\w+\\.\\w+$", "", True),  # an escaped `.` is a `.`, which \\w is not
        ("(a+)+$", "", False),  # a repeated group: left to the analysis
        ('"status"\\s*:\\s*"(ok|done)"', "", True),  # a group between, with no white space
        ("\\s*(?:a|\\s)\\s*$", "", False),  # a group that may read white space
        ("\\s*(?:a|)\\s*\\s*$", "", False),  # an alternative that matches empty
        ("\\s*(?:a+|b)\\s*$", "", False),  # a repetition in the group
        ("\\s*(?=a)\\s*$", "", False),  # a lookaround
        ('password\\s*[:=]\\s*"[^"]+"', "", True),  # a class read member by member
        ("[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}", "", True),
        ("[a-z]+@[a-z]+\\.[a-z]+", "i", True),
        ("\\s*[^a]\\s*$", "", False),  # a negated class holds white space
        ("[a-c]+[A-C][a-c]+$", "i", False),  # both cases under `i`
        ("\\d*[!-\\-]\\d*$", "", False),  # a range to an escape: any character
        ("a*[!-\\x7f]a*$", "", False),  # (up to DEL here, `a` among them)
        ("a*[^A]a*$", "i", False),  # `i`: a negated class leaves out both cases only
        ("a*b?a*b?a*$", "", False),  # an optional atom separates nothing
    ],
)
def test_loops_never_chain_examples(body: str, flags: str, spared: bool) -> None:
    assert regex_risk.loops_never_chain(body, flags) is spared
    if spared:
        assert _full_analysis(body, flags) is None


def test_loops_never_chain_bounds_repeats_as_the_analysis_does() -> None:
    assert regex_risk._SMALL_BOUND == _automaton._MAX_BOUNDED


@pytest.mark.parametrize(
    "body",
    [r'"s"\s*:\s*"(o\|k|d[)|]n)"', r"\s*(a\)|b)\s*:\s*", r"\s*(\(x|y)\s*:"],
)
def test_escaped_and_classed_group_characters_are_read_as_characters(body: str) -> None:
    """A `(`, `)` or `|` escaped or in a class inside a group neither opens, closes nor
    splits it: the group is still read, and the pattern spared the analysis."""
    assert _spared_safely(body, "") is True


def _typed_and_run_time_named_tuples(source: str) -> list[tuple[ast.ClassDef, ast.Call]]:
    """Each `if TYPE_CHECKING:` NamedTuple class of `source` with the `collections.namedtuple`
    call its `else:` makes the run-time class with, in order."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            classes = [c for c in node.body if isinstance(c, ast.ClassDef)]
            calls = [
                a.value
                for a in node.orelse
                if isinstance(a, ast.Assign) and isinstance(a.value, ast.Call)
            ]
            if any(ast.unparse(b) == "NamedTuple" for c in classes for b in c.bases):
                assert len(classes) == len(calls), ast.unparse(node)
                found += zip(classes, calls, strict=True)
    return found


@pytest.mark.parametrize("module", ["_screen", "context", "pairs"])
def test_each_named_tuple_is_made_at_run_time_as_its_typed_class_says(module: str) -> None:
    """The critique's named tuples are `typing.NamedTuple` classes for mypy and
    `collections.namedtuple` ones at run time (`critique/_record`): the two spellings must
    name the same fields in the same order, with the same defaults, or a positional
    construction would silently put a value in another field."""
    source = (Path(__file__).parents[2] / "agentv_grader" / "critique" / f"{module}.py").read_text()
    pairs = _typed_and_run_time_named_tuples(source)
    assert pairs, f"no typed/run-time named tuple pair found in critique/{module}.py"
    for typed, call in pairs:
        fields = [f for f in typed.body if isinstance(f, ast.AnnAssign)]
        names = [ast.unparse(f.target) for f in fields]
        defaults = [ast.literal_eval(f.value) for f in fields if f.value is not None]
        assert ast.literal_eval(call.args[0]) == typed.name
        assert list(ast.literal_eval(call.args[1])) == names, typed.name
        given = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
        assert list(given.get("defaults", ())) == defaults, typed.name
        made = getattr(importlib.import_module(f"agentv_grader.critique.{module}"), typed.name)
        assert made._fields == tuple(names)
