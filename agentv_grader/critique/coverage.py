"""Rules about what is checked: `uncovered-outcome` and `near-miss` (SPEC §6.2)."""

from __future__ import annotations

import importlib
import json
import re
import unicodedata
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from ..errors import SpecError
from ..js.strings import JS_WHITESPACE, js_lower, js_lower_only, js_trim
from ..model import AssertionSpec, Status
from ..record import Record, replace
from .context import (
    MARK_JUDGED,
    MARK_PROGRAM,
    SHARED_LOWER_FROM,
    Context,
    Walked,
    common_words,
    is_pattern,
    quote,
    reference_answer,
    text_option,
    walk,
)
from .decoys import field_paths
from .fixes import bounded_pattern, flow
from .model import Hit
from .regex_risk import pattern_flags
from .static import is_format_only

MAX_TERMS = 8
_SKIP_KEYS = frozenset({"type", "name", "metric"})
_QUOTED = (
    r"\"([^\"\n]{1,60})\"|“([^”\n]{1,60})”|‘([^’\n]{1,60})’|`([^`\n]{1,60})`"
    r"|(?<!\w)'([^'\n]{1,60})'(?!\w)"
)
_QUOTE_OPENERS = "\"“‘`'"  # each alternative of `_QUOTED` starts with one (a scan: no search)
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w])")
_NAME = re.compile(r"\b[A-Z][a-z][\w'’-]*(?: [A-Z][a-z][\w'’-]*)*")
_SENTENCE_END = ".!?:;\n-*•"
_SHORT = 40
_LONG = 120  # characters of one line of free text beyond which a judge reads it as an example
_VALUE_MAX = 80  # a one-line string value of a structured reference is compared whole


class Term(Record):
    """A concrete outcome named in the criteria or the reference answer.

    `kind`: number, name, quoted or value; `source`: criteria or expected_output; `where`:
    evidence, the text around it or the JSON path; `path`: the value's own path in a
    structured reference; `context`: the text it was found in, and where (for pattern
    coverage); `leaf`: the path of the structured value it was found in.
    """

    text: str
    kind: str
    source: str
    where: str
    path: str | None = None
    context: str = ""
    span: tuple[int, int] = (0, 0)
    leaf: str | None = None


def _snippet(text: str, start: int, end: int) -> str:
    left, right = max(0, start - 30), min(len(text), end + 30)
    return (
        ("…" if left else "")
        + text[left:right].replace("\n", " ")
        + ("…" if right < len(text) else "")
    )


def _sentence_start(text: str, at: int) -> bool:
    before = text[:at].rstrip(" \t\"'“‘(")
    return not before or before[-1] in _SENTENCE_END or bool(_NUMBERED.search(before))


_NUMBERED = re.compile(r"(^|\n)\s*\d+[.)]$")


@lru_cache(maxsize=1)
def quoted() -> re.Pattern[str]:
    """`_QUOTED` compiled on first use: only a text holding one of `_QUOTE_OPENERS` is
    searched, and compiling costs every run that imports the critique."""
    return re.compile(_QUOTED)


def text_terms(text: str, source: str) -> Iterator[Term]:
    """Quoted terms, numbers and capitalised names of free text, in order of appearance."""
    found: list[tuple[int, Term]] = []

    def make(value: str, kind: str, start: int, end: int) -> Term:
        return Term(value, kind, source, _snippet(text, start, end), None, text, (start, end))

    for m in quoted().finditer(text) if _has_any(text, _QUOTE_OPENERS) else ():
        inner = next(g for g in m.groups() if g is not None).strip()
        if inner and inner.lower() not in common_words():
            found.append((m.start(), make(inner, "quoted", *m.span())))
    for m in _NUMBER.finditer(text):
        number = m.group()
        after = text[m.end() : m.end() + 2]
        marker = after in (". ", ") ") and _list_marker().search(text[: m.start()])
        if marker or (source == "criteria" and len(number) == 1):
            continue
        found.append((m.start(), make(number, "number", *m.span())))
    for m in _NAME.finditer(text):
        words, start = m.group().split(" "), m.start()
        if _sentence_start(text, start):
            start += len(words[0]) + 1
            words = words[1:]
        name = " ".join(words)
        if name and not (len(words) == 1 and name.lower() in common_words()):
            found.append((start, make(name, "name", start, m.end())))
    ordered = [term for _, term in sorted(found, key=lambda pair: pair[0])]
    alternatives = _alternatives(text, ordered)
    for term in ordered:
        if term.span not in alternatives:
            yield term


@lru_cache(maxsize=1)
def _list_marker() -> re.Pattern[str]:
    """Only white space before a number on its line (`1. `, `2) `: a list marker, no
    term); compiled on first use, as the patterns below (few texts need them, and
    compiling costs every run that imports the critique)."""
    return re.compile(r"(?:^|\n)[ \t]*$")


@lru_cache(maxsize=1)
def _or() -> re.Pattern[str]:
    """`or` or `either` between two quoted terms: alternatives."""
    return re.compile(r"\b(?:or|either)\b", re.I)


def _alternatives(text: str, terms: list[Term]) -> set[tuple[int, int]]:
    """The spans of quoted terms offered as alternatives ("use `a` or `b`"): no answer has
    to give each of them."""
    quoted = [t for t in terms if t.kind == "quoted"]
    found: set[tuple[int, int]] = set()
    for first, second in zip(quoted, quoted[1:], strict=False):
        gap = text[first.span[1] : second.span[0]]
        if len(gap) <= 60 and _or().search(gap):
            found.update((first.span, second.span))
    return found


def _leaves(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, _SCALARS):  # most values: a leaf, told without the Mapping ABC
        yield path, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _leaves(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaves(item, f"{path}[{i}]")
    else:
        yield path, value


_SCALARS = (str, int, float, type(None))  # (bool is an int)


def _long(text: str) -> bool:
    """More than a sentence or two: an example of an open-ended answer, not the answer."""
    return "\n" in text or len(text) > _LONG


def _short(text: str) -> bool:
    return len(text) <= _SHORT and "\n" not in text and len(text.split()) <= 4


def expected_terms(expected: Any, open_ended: bool = False) -> Iterator[Term]:
    """Terms of the reference answer (inside the message wrapper, which is no outcome):
    short values whole, a short sentence's numbers and names, structured values by path.
    A longer free text is left out when `open_ended` (a judge reads it as an example)."""
    if open_ended and _trace_shaped(expected):
        return  # an example run of an open-ended task: its tool calls, then what it said
    answer, prefix = reference_answer(expected)
    if isinstance(answer, str):
        stripped = js_trim(answer)
        if stripped[:1] in ("{", "[") and (parsed := _json(stripped)) is not None:
            answer = parsed
        elif _short(stripped) and len(stripped.split()) < 3:
            value = stripped.rstrip(".!")
            if value and value.lower() not in common_words():
                yield Term(value, "value", "expected_output", quote(stripped), None, value,
                           (0, len(value)))  # fmt: skip
            return
        else:
            if not (open_ended and _long(stripped)):
                yield from text_terms(answer, "expected_output")
            return
    if answer is None:
        return
    for path, leaf in _leaves(answer, ""):
        where = f"{prefix}{'.' if path and path[0] != '[' else ''}{path}"
        if isinstance(leaf, bool) or leaf is None or _illustrative_key(path):
            continue
        text = js_trim(str(leaf))
        if isinstance(leaf, (int, float)):
            yield Term(text, "number", "expected_output", where, path, text, (0, len(text)), path)
        elif isinstance(leaf, str) and text and len(text) <= _VALUE_MAX and "\n" not in text:
            yield Term(text, "value", "expected_output", where, path, text, (0, len(text)), path)
        elif isinstance(leaf, str):
            for term in text_terms(leaf, "expected_output"):
                yield replace(term, leaf=path)


def _trace_shaped(expected: Any) -> bool:
    """A messages reference that records tool calls (a trace of one good run)."""
    if not isinstance(expected, list):
        return False
    for message in expected:
        if isinstance(message, Mapping) and message.get("tool_calls"):
            return True
    return False


def _illustrative_key(path: str) -> bool:
    """A value a model makes up about itself (its confidence, its reasoning): no right
    answer has to match it."""
    key = path.rsplit(".", 1)[-1].split("[", 1)[0].lower()
    return key in _ILLUSTRATIVE_KEYS


_ILLUSTRATIVE_KEYS = frozenset(
    "confidence score probability likelihood certainty reasoning rationale explanation "
    "notes comment comments".split()
)


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _authored_and_paths(walked: list[Walked]) -> tuple[str, set[str]]:
    """Every string and number the assertions (`Context.walked`) were written with,
    lower-cased, in one text; and the paths that a `field-accuracy` or a script's `fields`
    compares with the reference. Each assertion's share is remembered in its facts."""
    parts: list[str] = []
    paths: set[str] = set()
    for spec, _, _, facts in walked:
        found = facts.coverage
        if found is None:
            found = facts.coverage = (_authored_parts(spec), tuple(field_paths(spec)))
        parts += found[0]
        paths.update(found[1])
    return js_lower("\n".join(parts)), paths


def _authored_parts(spec: AssertionSpec) -> tuple[str, ...]:
    """What `_authored_text` takes from one assertion (its own options; not its
    children's), in order: told from the assertion alone, so remembered with it."""
    parts: list[str] = []
    for key, value in spec.options.items():
        if key in _SKIP_KEYS:
            continue
        if value.__class__ is str:  # most options: one leaf, itself
            parts.append(value)
        else:
            parts += [str(v) for _, v in _leaves(value, "") if isinstance(v, (str, int, float))]
    if is_pattern(spec.type):
        pattern = text_option(spec, "value", "pattern") or ""
        parts.append(_ESCAPED.sub(r"\1", pattern) if "\\" in pattern else pattern)
    return tuple(parts)


_ESCAPED = re.compile(r"\\(.)")


def _under(path: str, paths: set[str]) -> bool:
    """`path` is one of `paths` or inside one (`a.b[0]` is inside `a.b`)."""
    if path in paths:
        return True
    for cut in range(len(path) - 1, 0, -1):
        if path[cut] in ".[" and path[:cut] in paths:
            return True
    return False


def _has_number(text: str, number: str) -> bool:
    """`number` occurs in `text` with no digit either side (a search, not a regex to build
    for every number of every test)."""
    at = text.find(number)
    while at >= 0:
        end = at + len(number)
        if (at == 0 or not text[at - 1].isdigit()) and (
            end == len(text) or not text[end].isdigit()
        ):
            return True
        at = text.find(number, at + 1)
    return False


def _covered(term: Term, authored: str, paths: set[str]) -> bool:
    where = term.path if term.path is not None else term.leaf
    if where is not None and paths and _under(where, paths):
        return True
    if term.kind == "number":
        bare = term.text.replace(",", "")
        return _has_number(authored, term.text) or (
            bare != term.text and _has_number(authored, bare)
        )
    if js_lower(term.text) in authored:
        return True
    words = js_lower(term.text).split(" ")
    if term.kind != "name" or len(words) < 2:
        return False
    return any(w in authored for w in words if w not in _TITLES and w not in common_words())


_TITLES = frozenset(
    "captain mount mr mrs ms dr saint st lake river king queen sir lord general president "
    "professor prof".split()
)


class _Patterns:
    """The test's regex assertions, run over a term's own text: a match there covers it."""

    def __init__(self, specs: tuple[AssertionSpec, ...] | list[AssertionSpec]) -> None:
        """`specs`: the test's assertions, or all of them with their children, in order."""
        self.compiled: list[Any] = []
        self.regexp: Any = None
        self.spans: dict[str, list[tuple[int, int]]] = {}
        walked = specs if isinstance(specs, list) else [s for s, _, _ in walk(specs)]
        sources = [(text_option(s, "value", "pattern"), s) for s in walked if is_pattern(s.type)]
        if not any(p for p, _ in sources):
            return
        try:
            self.regexp = importlib.import_module("agentv_grader.js.regexp")
        except ImportError:
            return
        for pattern, spec in sources:
            if pattern:
                body, flags = pattern_flags(spec.options, pattern)
                try:
                    self.compiled.append(self.regexp.compile_js(body, flags))
                except SpecError:
                    continue

    def covers(self, term: Term) -> bool:
        if not self.compiled or not term.context:
            return False
        if term.context not in self.spans:
            self.spans[term.context] = list(self._matches(term.context))
        start, end = term.span
        return any(s < end and e > start for s, e in self.spans[term.context])

    def _matches(self, text: str) -> Iterator[tuple[int, int]]:
        for compiled in self.compiled:
            try:
                for n, match in enumerate(compiled.finditer(text, _PATTERN_MS)):
                    if n >= 50:
                        break
                    yield match.start, match.end
            except SpecError:  # a timeout: no coverage from this pattern
                continue


_PATTERN_MS = 50


def uncovered_outcome(ctx: Context) -> Iterator[Hit]:
    r"""A number, name or quoted term of `criteria`/`expected_output` that nothing checks.

    The reference answer is read inside its message wrapper (the role is no outcome). Terms
    are covered when an assertion's text mentions them (rubric text included), when a
    `field-accuracy` or a script's `fields` lists their path (or a path above it), or when a
    script (which gets both) is present. Not terms: text the prompt already holds, quoted
    alternatives ("use `a` or `b`"), the details of a longer free-text reference, or of a
    trace-shaped one (messages with tool calls), when a judge reads the answer (an example
    of an open-ended answer, not its checklist), values a model makes up about itself
    (`confidence`, `reasoning`), and a structured reference that `format-only` covers.

    Flags: {criteria: "Says the answer is 42.", assert: [{type: contains, value: answer is}]}
    Flags: {expected_output: {city: Paris, country: France},
            assert: [{type: equals, value: Paris, target_output_key: city}]}
    Okay: {criteria: "Says the answer is 42.", assert: [{type: regex, value: '\b42\b'}]}
    Okay: {criteria: "About 6650 km long.", assert: [{type: regex, value: '6[,.]?650\s?km'}]}
    Okay: {criteria: "Mentions Captain Ahab.", assert: [{type: contains, value: Ahab}]}
    Okay: {criteria: "Names the capital.", assert: [{type: contains, value: Paris}]}
    Okay: {expected_output: "Paris", assert: [{type: icontains, value: paris}]}
    Flags: {expected_output: [{role: assistant, content: {total: 12, city: Rome}}],
            assert: [{type: field-accuracy, fields: [{path: total}]}]}
    Okay: {expected_output: [{role: assistant, content: {total: 12}}],
           assert: [{type: field-accuracy, fields: [{path: total}]}]}
    Okay: {expected_output: [{role: assistant, content: "Paris"}],
           assert: [{type: contains, value: Paris}]}
    Okay: {input: "Write a guide to HTTP status codes.", expected_output: "# Guide\n200 OK:
           success.\n404 Not Found: no such page.\n500 Internal Server Error: it broke.",
           assert: ["Covers 2xx, 4xx and 5xx codes"]}
    Okay: {input: "Why does `range(len(xs) - 1)` drop the last item?",
           criteria: "Explains that `range(len(xs) - 1)` stops one short.",
           assert: [{type: contains, value: "range(len(xs))"}]}
    Okay: {input: "Research laptop X1.", expected_output: [{role: assistant, tool_calls:
           [{tool: search, input: {query: X1}}]}, {role: assistant, content: {verdict: Buy,
           pros: [Light]}}], assert: ["Gives a reasoned recommendation"]}
    Okay: {expected_output: "Use `range(len(xs))` or iterate: `for x in xs:`",
           assert: [{type: contains, value: xs}]}
    Okay: {expected_output: {risk: High, confidence: 0.9},
           assert: [{type: equals, value: High, target_output_key: risk}]}
    """
    test = ctx.test
    walked = ctx.walked
    if ctx.marks & MARK_PROGRAM:  # a program gets the criteria and expected_output too
        return
    open_ended = bool(ctx.marks & MARK_JUDGED)  # a judge reads the answer
    said = ctx.said
    terms: list[Term] = []
    if isinstance(test.criteria, str):
        terms += [t for t in text_terms(test.criteria, "criteria") if js_lower(t.text) not in said]
    if test.expected_output is not None:
        structured_left = is_format_only(ctx)
        for term in expected_terms(test.expected_output, open_ended):
            if term.path is None and js_lower(term.text) in said:
                continue  # free text quoted from the prompt (a whole value is an outcome)
            if structured_left and (term.path is not None or term.leaf is not None):
                continue  # `format-only` names the keys and values
            terms.append(term)
    if not terms:
        return
    authored, paths = _authored_and_paths(walked)
    patterns = _Patterns([spec for spec, _, _, _ in walked])
    seen: set[str] = set()
    shown = 0
    for term in terms:
        key = js_lower(term.text)
        if key in seen or _covered(term, authored, paths) or patterns.covers(term):
            continue
        seen.add(key)
        shown += 1
        if shown > MAX_TERMS:
            return
        yield Hit(
            None,
            None,
            f"{term.source} names {quote(term.text)}, and no assertion checks it",
            f"{term.source}: {term.where}" if term.path is None else term.where,
            "add " + suggest(term),
        )


def suggest(term: Term) -> str:
    """A concrete assertion that checks the term."""
    if term.path is not None:
        return flow("equals", value=term.text, target_output_key=term.path)
    if term.kind == "number":
        return flow("regex", value=bounded_pattern(term.text))
    return flow("contains", value=term.text)


_NEAR = {
    "contains": "in",
    "icontains": "in",
    "equals": "eq",
    "starts-with": "pre",
    "ends-with": "suf",
}
_QUOTES = str.maketrans(
    {c: "'" for c in "‘’‚‛′`´"} | {c: '"' for c in "“”„‟″«»"} | {c: "-" for c in "‐‑‒–—―−﹘﹣－"}
)
_QUOTE_KEYS = "".join(map(chr, _QUOTES))  # the characters `_QUOTES` changes


@lru_cache(maxsize=1)
def _ws_to_change() -> re.Pattern[str]:
    """The runs of JavaScript white space that collapsing them to one space changes: all
    but a lone space (substituting only these gives the same text, without a match and a
    copy for every space between words). Compiled on first use: only a text holding a
    character `str.split` and JavaScript disagree on gets here (`_spaces`)."""
    return re.compile(
        f" [{re.escape(JS_WHITESPACE)}]+|[{re.escape(JS_WHITESPACE.replace(' ', ''))}]"
        f"[{re.escape(JS_WHITESPACE)}]*"
    )


def _nfkc(text: str) -> str:
    if text.isascii():  # NFKC keeps ASCII, and the backtick is the one ASCII key of _QUOTES
        return text.replace("`", "'")
    normal = unicodedata.normalize("NFKC", text)
    if not _has_any(normal, _QUOTE_KEYS):  # most texts: `translate` would copy it unchanged
        return normal
    return normal.translate(_QUOTES)


def _spaces(text: str) -> str:
    if not _has_any(text, _SPACE_DISAGREES):
        # Without the characters str.split and JavaScript disagree on, both count the same
        # white space, and split-and-join is many times faster than the substitution.
        return " ".join(text.split())
    return _ws_to_change().sub(" ", text).strip()


# White space to str.split and not to JavaScript (the ASCII separators, NEL), and the one
# the other way round (U+FEFF).
_SPACE_DISAGREES = "\x1c\x1d\x1e\x1f\x85\ufeff"


def _has_any(text: str, chars: str) -> bool:
    for char in chars:  # a loop of `in`: each a fast scan, no regex
        if char in text:
            return True
    return False


_FOLDS = (
    ("ignoring case", js_lower),
    ("collapsing white space", _spaces),
    ("after NFKC with quote and dash folding", _nfkc),
    ("after case, white space and NFKC folding", lambda t: js_lower(_spaces(_nfkc(t)))),
)


def _holds(op: str, text: str, value: str) -> bool:
    if op == "in":
        return value in text
    text, value = js_trim(text), js_trim(value)
    if op == "eq":
        return text == value
    return text.startswith(value) if op == "pre" else text.endswith(value)


# Near misses are a hint for people; folding a huge response four ways per failed check
# would cost many times its size in memory (docs/SPEC.md §6.2), so big ones are left out.
NEAR_MISS_MAX_CHARS = 8_000_000
_KEEP_FOLDS_CHARS = 1_000_000


def near_miss(ctx: Context) -> Iterator[Hit]:
    """A failed text check that would pass after harmless normalisation (verdict unchanged).

    Flags: {response: "The capital is paris.", assert: [{type: contains, value: Paris}]}
    Flags: {response: "It’s done", assert: [{type: equals, value: "It's done"}]}
    Okay: {response: "The capital is Rome.", assert: [{type: contains, value: Paris}]}
    Okay: {response: "The capital is Paris.", assert: [{type: contains, value: Paris}]}
    """
    if ctx.outcomes is None or ctx.run is None or len(ctx.run.response) > NEAR_MISS_MAX_CHARS:
        return
    failed = Status.FAILED  # looked up once: an enum member costs a call to find
    response = ctx.run.response
    # The response's folds, made once each for all its failed checks; a big response's are
    # not kept (four copies of it at once).
    folded: list[str | None] | None = (
        [None] * len(_FOLDS) if len(response) <= _KEEP_FOLDS_CHARS else None
    )
    for outcome in ctx.outcomes:
        spec = outcome.spec
        if outcome.status is not failed or spec.negate or spec.type not in _NEAR:
            continue
        value = text_option(spec)
        if not value:
            continue
        text = _graded_text(spec, response)
        if text is None:
            continue
        how = _first_fold(_NEAR[spec.type], text, folded if text is response else None, value)
        if how is not None:
            yield Hit(
                spec.name,
                spec.index,
                f"it failed, but would pass {how}: the answer may be right in another form",
                f"{outcome.text}; {how}, the response matches {quote(value)}",
                "decide whether that form is acceptable; if so use icontains, a regex, or "
                "`case_sensitive: false` (the verdict is unchanged here)",
            )


def _first_fold(op: str, text: str, folded: list[str | None] | None, value: str) -> str | None:
    """The first of `_FOLDS` under which the check `op` holds on `text`, else None. With
    `folded`, `text` folded each way is kept there (in the order of `_FOLDS`, made when
    first needed), so the response is folded once for all the checks that failed on it."""
    normal = None  # `text` after `_nfkc`: the last fold starts from it (one NFKC, not two)
    for at, (how, fold) in enumerate(_FOLDS):
        done = None if folded is None else folded[at]
        if done is None:
            if at == _ALL_FOLDS and normal is not None:
                spaced = folded[_SPACES_FOLD] if folded is not None and normal == text else None
                # NFKC changed nothing (an ASCII text without a backtick, most): the white
                # space fold is made already
                done = js_lower(_spaces(normal) if spaced is None else spaced)
            elif at == _CASE_FOLD and not text.isascii() and len(text) < SHARED_LOWER_FROM:
                # `str.lower`, not `js_lower`, which scans its result for newer letters:
                # `_case_holds` tells the check from it (an ASCII text's is the same). A
                # longer text's `js_lower` is kept (`js.strings`), and the response's was
                # made already: by its grading, or as the previous test's decoy
                done = text.lower()
            else:
                done = fold(text)
            if folded is not None:
                folded[at] = done
        if at == _NFKC_FOLD:
            normal = done
        wanted = fold(value)
        if _case_holds(op, text, done, wanted) if at == _CASE_FOLD else _holds(op, done, wanted):
            return how
        if at == _CASE_FOLD and _beyond_folding(op, text, done, value):
            return None  # most failed checks: the value is not there in any form
    return None


_CASE_FOLD, _SPACES_FOLD, _NFKC_FOLD, _ALL_FOLDS = 0, 1, 2, 3  # positions in `_FOLDS`


def _case_holds(op: str, text: str, lowered: str, wanted: str) -> bool:
    """`_holds(op, js_lower(text), wanted)` for `wanted`, a value in `js_lower` form, told
    from `lowered`: `text.lower()` (or `js_lower(text)`, the same for an ASCII text). The
    two lower cases differ only where node lowers a letter newer than this Python's
    Unicode data (kept as it is by `str.lower`, one character each way), which no
    `js_lower` form holds, so `wanted` can match there only in `js_lower(text)`, and only
    by holding what it lowers to (`js_lower_only`); a value without those holds in one
    exactly where it holds in the other (trimming, of white space, keeps the same ends of
    both). Spares most failed checks the scan `js_lower` makes of a non-ASCII text for
    those letters. None of them is ASCII: an ASCII value (most) is not asked, and their
    table is not loaded for it."""
    if wanted.isascii() or js_lower_only().isdisjoint(wanted):
        return _holds(op, lowered, wanted)
    return _holds(op, js_lower(text), wanted)


def _beyond_folding(op: str, text: str, lowered: str, value: str) -> bool:
    """True when no fold of `_FOLDS` can make the check `op` hold, told from `text` in
    lower case (`lowered`, the first fold, made already: `js_lower` or `str.lower` of it,
    alike for the ASCII pieces asked) without making the others; only for an ASCII value
    and a text NFKC leaves as it is (ASCII, or normal already), else
    False (fold them), except that `eq` is ruled out for an ASCII value whenever the text
    keeps more ASCII characters than the value has (`_kept_ascii`), NFKC or not.

    A fold changes or drops only white space, quotes, dashes and the backtick, and lowers
    letters, so every fold of the value holds its pieces between those characters, maybe
    lowered; a piece in a fold of such a text is in the text itself (NFKC changes only its
    quotes and dashes), lowered in `lowered`. A check on an end (`eq`, `pre`, `suf`) needs
    the value's first (last) kept character, when it is no such character, to be the text's
    after trimming, lowered or not: JavaScript's trim keeps one, the white space fold's strip
    (white space to either language) another, and each is compared lowered.
    """
    if not value.isascii():
        return False
    if not (text.isascii() or unicodedata.is_normalized("NFKC", text)):
        # NFKC may turn other letters into ASCII ones: only `eq`'s length can be told
        return op == "eq" and _kept_ascii(text) > len(value)
    for piece in _pieces().split(value):
        if piece and piece.lower() not in lowered:
            return True
    if op == "in":
        return False
    return (op != "suf" and _ends_differ(text, value, 0)) or (
        op != "pre" and _ends_differ(text, value, -1)
    )


def _kept_ascii(text: str) -> int:
    """How many characters of `text` are ASCII and white space to neither language: every
    fold of `_FOLDS` keeps each of them as one ASCII character (lowered, or a backtick made
    a quote), or NFKC composes it with the combining mark after it into a letter that stays
    non-ASCII. So a fold of `text` is no ASCII text shorter than this, and no fold of an
    ASCII value (ASCII, and never longer than the value) that is shorter equals it. The
    white space is counted in the ASCII characters alone, as bytes (`count` of a byte is
    one `memchr` scan; of a character in a text holding wider ones, a loop over it)."""
    kept = text.encode("ascii", "ignore")
    return len(kept) - sum(map(kept.count, _ASCII_SPACE))


_ASCII_SPACE = b"\t\n\x0b\x0c\r \x1c\x1d\x1e\x1f"  # white space to either language


# What a fold may change or drop in an ASCII value: white space (JavaScript's, and the
# separators str.split also counts), quotes, the backtick and the dash.
_FOLD_CHANGED = "\t\n\x0b\x0c\r \x1c\x1d\x1e\x1f'\"`-"


@lru_cache(maxsize=1)
def _pieces() -> re.Pattern[str]:
    """The runs of `_FOLD_CHANGED` between which an ASCII value's pieces lie."""
    return re.compile(f"[{re.escape(_FOLD_CHANGED)}]+")


_ANY_SPACE = JS_WHITESPACE + "\x1c\x1d\x1e\x1f\x85"  # white space to either language


def _ends_differ(text: str, value: str, side: int) -> bool:
    """The value's first (`side` 0) or last (-1) character after trimming is none of
    `_FOLD_CHANGED`, and the text's, trimmed as JavaScript trims or stripped of
    `_ANY_SPACE`, lowers to another character there (or the text is all white space)."""
    strip = str.lstrip if side == 0 else str.rstrip
    kept = strip(value, JS_WHITESPACE)
    if not kept or kept[side] in _FOLD_CHANGED:
        return False
    wanted = kept[side].lower()
    for trimmed in (strip(text, JS_WHITESPACE), strip(text, _ANY_SPACE)):
        if trimmed and js_lower(trimmed[side])[side] == wanted:
            return False
    return True


def _graded_text(spec: AssertionSpec, response: str) -> str | None:
    key = spec.options.get("target_output_key")
    if key is None:
        return response
    from ..assertions import _output

    try:
        return _output.select(response, key)
    except (_output.MissingKey, SpecError):  # nothing to compare
        return None
