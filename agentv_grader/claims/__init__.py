"""Claims in the response held against the run (SPEC §5.9).

The grader agent's own instructions ask it to extract what a response says the agent did
or found and check it against the logs. This package does the mechanical part: it cuts
the response into sentences and list items, keeps those that state something (a command
run, tests and their results, a file written, a package installed, a count, a value, an
HTTP status), classifies each as `process`, `factual`, `file` or `quality`, and holds it
against the transcript's tool calls and timing. Each claim ends `verified` (with the call
that proves it), `contradicted` (with the call that refutes it, or the absence of any
call that could have done it) or `unverifiable`. Precision first: hedged statements and
quality judgements are never checked, a negative statement ("I did not run X") can only
be contradicted, and any doubt leaves a claim unverifiable.

Imported only when a test has a transcript: a run without one pays nothing.
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

from ..load.yaml12 import gc_paused
from ..record import Record
from ._actions import (
    PROGRAMS,
    TOOLS,
    attempt_findings,
    batch_findings,
    command_findings,
    denied_run_findings,
    every_added,
    every_given,
    fixed_count_findings,
    git_findings,
    http_findings,
    install_findings,
    listed_errors_findings,
    lower_words,
    may_name_tools,
    review_findings,
    state_findings,
    step_findings,
    tool_findings,
)
from ._builds import build_findings, ci_findings
from ._facts import (
    CONTRADICTED,
    DOUBT,
    MONTH_RANKED,
    MONTH_WORDS,
    VERIFIED,
    Changes,
    Finding,
    code_findings,
    column_findings,
    entered_findings,
    failed_findings,
    holds_digit,
    key_text_findings,
    led_share_findings,
    listed_numbers_findings,
    month_rank_findings,
    month_ranked,
    none_findings,
    other_state,
    pair_findings,
    published_findings,
    ranked,
    set_on_findings,
    set_quantity_findings,
    state_now_findings,
    threshold_findings,
    value_findings,
)
from ._features import feature_findings
from ._files import _FILE_RULES, _VERB_WORDS, changed_later, file_findings, targets
from ._gate import Gated, Words, words_of
from ._index import RunIndex
from ._later import later, save_programs
from ._listings import (
    BACKTICKED,
    bound_where,
    every_counted,
    every_flag,
    every_version,
    search_counted,
)
from ._quoted import located_quote_findings
from ._rows import (
    anchored_rows,
    named_figures,
    paired_rows,
    ranked_rows,
    row_verdict,
    said_rows,
    unused_findings,
)
from ._tests import _TEST_WORDS, suite_findings, test_findings
from ._timing import timing_findings
from ._units import Positions, data_row, units
from ._web import _WEB_WORDS, web_findings

if TYPE_CHECKING:
    from ..rundata.records import Timing, Transcript

UNVERIFIABLE = "unverifiable"
KINDS = ("process", "factual", "file", "quality")
STATUSES = (VERIFIED, CONTRADICTED, UNVERIFIABLE)

_HEDGE = later(
    r"\b(should|probably|likely|might|may|maybe|perhaps|seems?|appears? to|I think|I believe|"
    r"presumably|expected to|looks?|suspect|suggests?|(?<!\bI )could(?!\s+not\b)|can be|possibly|"
    r"not sure|can't confirm|"
    r"cannot confirm|unclear|hopefully|arguably|would|(?:I|we)['’]d)\b",
    re.I,
)
# A word of each hedge: a claim holding none is not cut at its main clause nor searched.
_HEDGE_WORDS = Words(
    "should probably likely might may maybe perhaps seem seems appear appears think believe "
    "presumably expected look looks suspect suggest suggests could can possibly sure confirm "
    "unclear hopefully arguably would d"
)
# `Once the scan is typed in, the total will change`: what a condition will bring about;
# `the patch will be reverted unless the change is committed`: what will happen unless
_PREDICTION = Gated(
    later(
        r"^[\W_]*(?:once|if|when|as soon as)\b.*?\bwill\b"
        r"|\bwill\b(?:\s+\w+){1,8}?\s+(?:unless|until)\b",
        re.I,
    ),
    Words("will"),
)
# `**Recommendation:** on A100s, X is the default`, `on H100s use X`: advice, which names
# what the run found (a paper, a tool) without saying the run showed it
_ADVISED_WORD = r"(?!(?:I|we|you|they|it)\b)[\w.-]+"
_ADVICE = Gated(
    later(
        r"^[\W_]*(?:recommendations?|suggestions?|advice)\b|^[\W_]*(?:on|for|with|in|under)\s+"
        rf"{_ADVISED_WORD}(?:\s+{_ADVISED_WORD}){{0,2}},?\s+"
        r"(?:use|prefer|choose|pick|avoid|consider)\b(?!\s+of\b)"
        # `set `x` if you want the old behaviour`, `If you'd rather keep it, pin …`: the
        # reader's choice, what they may do
        r"|^[\W_]*(?:(?:set|use|add|pass|enable|disable|switch|pin|install|keep|raise|lower)"
        r"\b[^\n]{0,120}?\s)?if you(?:['’]d)? (?:want|need|prefer|rather|would like|like)\b",
        re.I,
    ),
    Words(
        "recommendation recommendations suggestion suggestions advice use prefer choose pick "
        "avoid consider want need rather like"
    ),
)
# `re-run `echo stats | nc …` tomorrow to confirm`, `Add a name and re-run `merge.py``,
# `Re-check batch 122 once the November statement is available`: what the reader is asked
# to do later
_LATER_ASKED = Gated(
    later(
        r"^[\W_]*(?:please\s+)?(?:(?:re-?run|run|re-?check|check|try|retry|confirm|verify|"
        r"watch|monitor)\b[^\n]{0,120}?\b(?:tomorrow|tonight|next (?:week|month|time)|"
        r"later (?:today|this week)|once\b[^\n]{0,60}?\b(?:is|are)\s+(?:available|out|ready|"
        r"posted|published|released|in))\b|(?:add|fix|set|fill in|correct|change|update)\b"
        r"[^\n]{0,80}?\b(?:and|then)\s+re-?run\b)",
        re.I,
    ),
    Words("tomorrow tonight next later once re rerun"),
)
_UNSTATED = Words.either(_HEDGE_WORDS, _PREDICTION, _ADVICE, _LATER_ASKED)
# A main clause ends where a reason or a result begins (`so` within it, not opening it)
_MAIN_CLAUSE = later(r"\b(?:since|because|so that|which|but)\b|(?<=\S )so\b|,\s+as\b")
_CHECKING = later(
    r"\b(?:I|we)\b[^.]*?\b(?:checked|verified|confirmed|compared|ensured|made "
    r"sure|tested|double-checked|cross-checked)\b",
    re.I,
)
_CHECKING_GATED = Gated(_CHECKING, Words("checked verified confirmed compared ensured made tested"))
# `I deleted the 2 `.AAE` sidecars`: what the agent removed, which a count of them before
# (`2 AAE`) does not show where no call removes anything (`_removal_shown`)
_REMOVING = Gated(
    later(r"\b(?:I|we)\s+(?:(?:also|then|just)\s+)?(?:deleted|removed)\b", re.I),
    Words("deleted removed"),
)
# `updated the min level to 30 in `mobile/build.gradle``: a value said set in a file, which
# a write of the file shows (the file check's), not the value in some output
_SET_TO = Gated(
    later(
        r"\b(?:bumped|set|changed|raised|lowered|increased|decreased|updated|pinned)\b[^.;]*?"
        r"\bto\s+`?v?\d",
        re.I,
    ),
    Words("bumped set changed raised lowered increased decreased updated pinned"),
)
# `every module resolves 2.1.0`: a value shown is one member's, the others' are not read
# `all four charge 20%`, `all of the 5xx came from x`: one member's value, the same;
# `9 actionable tasks, all executed`: what each of a count did, which the count shows not
_EVERY = Gated(
    later(
        r"(?<![\w/.-])every(?![\w/.-])|\b(?:all|each) of (?:the|them|these|those)\b|\ball "
        r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|^[\W_]*all [a-z]+s\b"
        r"|,\s+all\s+(?:of\s+them\s+)?[a-z]+ed\b",
        re.I,
    ),
    Words("every all each"),
)
# `figures are net of the 214 refunds`: how figures were reckoned, which no output shows
# (the count of refunds is real, whether the revenue query took them off is not read)
_RECKONED = Gated(
    later(r"\b(?:net of|excluding|exclusive of|adjusted for|after deducting|weighted by)\b", re.I),
    Words("net excluding exclusive adjusted deducting weighted"),
)
# `the 4 pending specs were already skipped on main`: the run shows this branch's 4, and
# main's only where a call names it (`gh run list --branch main`)
_ELSEWHERE = Gated(
    later(r"\b(?:on|in|from|than|as) (main|master|trunk)\b", re.I), Words("main master trunk")
)
# `this regressed in `a91f3c2``, `caused by the bump`: what caused a change, which the
# commit's or the failure's line (its date, its name) does not show
_BLAMED = Gated(
    later(
        r"\b(?:regressed (?:in|with|at)|(?:was|were|got) introduced (?:in|by)|caused by)\b", re.I
    ),
    Words("regressed introduced caused"),
)
# `Error 1020 is a firewall rule rather than rate limiting`: what a thing is, told from
# another reading of it, which its id or code in an output does not show
_READ_AS = Gated(
    later(r"\b(?:is|are|was|were)\s+(?:[\w-]+\s+){1,4}?rather than\b", re.I), Words("rather")
)
# `needs a Postgres on localhost:5432, which this sandbox doesn't have`: why a run failed,
# said of what the environment lacks; the failure's output shows the port, not the lack
_LACKING = Gated(
    later(
        r"\b(?:this|the|our|my) (?:sandbox|machine|environment|container|vm|host|runner)\b"
        r"[^.;]{0,30}?\b(?:doesn't|does not|don't|do not|lacks?|has no|have no)\b",
        re.I,
    ),
    Words("sandbox machine environment container vm host runner"),
)
# `211 passed, nothing skipped`, `builds with no warnings`, `4 pods with zero restarts`: an
# absence no figure of the claim shows (a figure found is the count beside it, or the
# build's version)
_NONE_SAID = Gated(
    later(
        r"\b(?:no|nothing|none|zero|without(?: any)?)\s+(?:[\w-]+\s+)?(?:warnings?|errors?|"
        r"skipped|skips|failures?|leaks?|violations?|vulnerabilit(?:y|ies)|regressions?|"
        r"restarts?)\b",
        re.I,
    ),
    Words("no nothing none zero without"),
)
_NOT_A_CLAIM = re.compile(
    r"^(?:if|you|to|next|let me|let's|I'll|I will|please|run|use|consider|feel free|would you|"
    r"here(?:'s| is| are)|summary|note|(?:so|then),?\s+(?:run|re-?run|check|use|try|wait)"
    # a step to take once something is done (`After the swap, re-clone the replica …`):
    # a time's clause, then a verb of no subject, in the form of an instruction
    r"|(?:after|once|when)\s[^,.;:]{1,60},\s+(?:re-?clone|clone|take|restart|re-?run|reboot|"
    r"shut|confirm|verify|schedule|rotate|revoke|remount|re-?enable|enable|disable|restore|"
    r"rebuild|redeploy|notify|contact|ask|escalate|bring|re-?check|re-?test|re-?try))\b",
    re.I,
)
# A claim the agent denies (`I did not run …`, `I did **not** run …`), not a clause of
# another subject's after a subordinator (`I re-ran it, in case the config wasn't picked
# up`, `since the suite can't run here`, `to double-check that last week wasn't an outlier`)
_NEGATED = later(
    r"^\s*(?:(?:there(?:'s| is| are| was| were) )?no|none of|nothing)\b"
    # `Pushed nothing, opened nothing`: a verb's object denied
    r"|^[\W_]*(?:(?:I|we)\s+)?(?:[a-z]+ed|ran|wrote|sent|made|built|did)\s+nothing\b"
    # (not in a relative clause: `the skip is in `X`, which I didn't touch`)
    r"|(?<!which )(?<!whom )(?<!who )\b(?:I|we)\b"
    r"(?:(?!\b(?:in case|because|although|unless|since|so that|that)\b)[^.:;])*?"
    r"\b(?:(?:did|have|had|was|could) (?:\*\*|_)?not|didn't|haven't|hadn't|wasn't|"
    r"couldn't|cannot|can't|never|was unable|wasn't able)\b",
    re.I,
)
_NEGATED_GATED = Gated(
    _NEGATED, Words("no none nothing not didn haven hadn wasn couldn cannot can never unable")
)
_QUALITY = later(
    r"\b(correct(?:ly)?|robust|safe(?:ly)?|minimal|thorough(?:ly)?|best|well[- ]\w+|"
    r"proper(?:ly)?|good|great|elegant|efficient|readable|maintainable|unrelated|unchanged|"
    r"idiomatic|reliable|comprehensive|accurate(?:ly)?|valid|behaviou?r)\b",
    re.I,
)
_QUALITY_GATED = Gated(
    _QUALITY,
    Words(
        "correct correctly robust safe safely minimal thorough thoroughly best well proper "
        "properly good great elegant efficient readable maintainable unrelated unchanged "
        "idiomatic reliable comprehensive accurate accurately valid behaviour behavior"
    ),
)
_PAST_START = later(
    r"^(?:[A-Z][a-z]+ed|Ran|Wrote|Made|Found|Got|Built|Took|Put|Set|Sent|"
    r"Read|Kept|Left|Ran)\b"
)
_SIGNAL = later(
    r"\b(?:I|we)\b|\d|`|\b\w+\.(?:py|js|ts|md|json|csv|ya?ml|txt|toml)\b|\btests?\b|\bsuite\b|"
    r"\b[a-z]+ed\b|^[*_]*[A-Z][\w ]{0,30}:[*_]*\s*[^\s*_]|"
    r"\b(?:took|lasted|ran|wrote|found|got|built|sent|"
    r"pass(?:es)?|fails?|green|clean|spotless|valid|correct(?:ly)?|behaviou?r|safe|robust|no|"
    r"warnings?|zero)\b|"
    r"^(?:" + MONTH_RANKED.pattern + ")",  # `June was the quietest month`: a ranking
    re.I,
)
_FILE_NEGATION = later(
    r"\b(?:touch|modify|change|edit|delete|remove)\b.*(?:`|\bfiles?\b|"
    r"\bcode\b|anything)|\bfiles? (?:was|were) (?:deleted|removed)\b",
    re.I,
)
_FILE_NEGATION_GATED = Gated(
    _FILE_NEGATION, Words("touch modify change edit delete remove file files")
)
# A reference list, under its heading or not. Each link is read to the next space whole
# (captured by a lookahead and matched again: an atomic group in Python 3.10's spelling),
# and the spaces before it only inside the link's group: read every way a link could end
# at a `[` or `>` inside it, or its spaces split, a list of forty items with a word after
# would take days to refuse.
_REFERENCES = later(
    r"(?:(?:Sources|References)\b:?\s*)?(?:\[\d{1,3}\]:?(?:\s*<?https?://(?=(\S+))\1)?\s*)+"
)
_BACKTICK_COMMAND = later(r"`(?:" + "|".join(sorted(PROGRAMS)) + r")\b")
_PROCESS = later(
    r"\b(ran|run|running|executed|installed|committed|pushed|searched|fetched|queried|"
    r"returned|responded|answered|tests?|suite|specs?|build|lint\w*|uploaded|submitted|"
    r"opened|used|validated|reloaded|deployed|checked|reviewed|read|deleted|uploaded|"
    r"compressed|filled|submitted|sent|posted|renamed|moved|cross-checked)\b",
    re.I,
)
_PROCESS_GATED = Gated(
    _PROCESS,
    Words(
        "ran run running executed installed committed pushed searched fetched queried returned "
        "responded answered test tests suite spec specs build uploaded submitted opened used "
        "validated reloaded deployed checked reviewed read deleted compressed filled sent "
        "posted renamed moved cross",
        marks=("lint",),
    ),
)

# The words of _PROCESS_GATED's gate that _PROCESS finds whole (`cross` is only part of
# `cross-checked`): a claim holding one is a process claim whatever else it holds.
_PROCESS_SURE = _PROCESS_GATED.words.words - {"cross"}


# Compiled once: a pattern given to re.search as text is looked up in re's cache per call.
_WORD_OR_HYPHENED = later(r"[A-Za-z][\w-]*")
# a word entered only at its start: a run of letters is not read again from each one
_CONCRETE = later(r"\d|`|(?<!\w)\w+\.\w{2,4}\b")


class Claim(Record):
    """One claim of the response with its verdict; `line`/`col` are 1-based in the file."""

    text: str
    kind: str
    line: int
    col: int
    status: str
    evidence: str
    start: int
    end: int

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "kind": self.kind,
            "line": self.line,
            "col": self.col,
            "status": self.status,
            "evidence": self.evidence,
        }


def check_claims(
    response: str, transcript: Transcript, task: str = "", timing: Timing | None = None
) -> tuple[Claim, ...]:
    """Every claim of `response`, checked against the run.

    Args:
        response: the response text, as in `response.md`.
        transcript: the run's messages and tool calls.
        task: the test input; numbers the response quotes from it are not claims about
            the run.
        timing: the run's timing figures, for claims about duration.

    Returns:
        The claims in response order.
    """
    # The index makes a record for each of thousands of tool calls, all kept alive until
    # the claims are judged, and creates no reference cycles: each collection pass would
    # only re-examine them (with the whole transcript), so the collector waits.
    with gc_paused():
        claims = _checked(response, RunIndex(transcript, task, timing))
    save_programs()
    return claims


def _checked(response: str, index: RunIndex) -> tuple[Claim, ...]:
    place = Positions(response)
    claims: list[Claim] = []
    # A verdict depends on the claim's text and the run only: a sentence the response
    # repeats (a summary restating the body) is judged once.
    verdicts: dict[str, tuple[str, str, str] | None] = {}
    for unit in units(response):
        if unit.text in verdicts:
            judged = verdicts[unit.text]
        else:
            judged = verdicts[unit.text] = _judge(unit.text, index)
        if judged is not None:
            kind, status, evidence = judged
            line, col = place(unit.start)
            claims.append(Claim(unit.text, kind, line, col, status, evidence, unit.start, unit.end))
    return tuple(claims)


def counts(claims: Iterable[Claim]) -> dict[str, int]:
    """Claims by status, with `total` and `checkable` (verified + contradicted)."""
    tally = {status: 0 for status in STATUSES}
    for claim in claims:
        tally[claim.status] += 1
    total = sum(tally.values())
    return {"total": total, **tally, "checkable": tally[VERIFIED] + tally[CONTRADICTED]}


def _judge(text: str, index: RunIndex) -> tuple[str, str, str] | None:
    if text[:1] == "|" and data_row(text):
        row = row_verdict(text, index)
        return None if row is None else ("factual", *row)
    if text.endswith("?") or _not_a_claim(text.lstrip("*_")):
        return None
    screen = _screen(text)
    if not _signals(text, screen):
        return None
    if text[:1] in "[SR" and _REFERENCES.fullmatch(text):  # opening with `[` or its heading
        return None
    negated = bool(screen & _NEGATION and _NEGATED.search(text))
    kind = _kind(text, screen)
    if screen & _UNSTATED_WORD:  # one ask for the hedge, the prediction and advice
        if (_HEDGE_WORDS.may_hold(text) and _hedged(text)) or _PREDICTION.search(text):
            return kind, UNVERIFIABLE, "hedged: the response does not state it as fact"
        if _ADVICE.search(text) or _LATER_ASKED.search(text):
            return kind, UNVERIFIABLE, "advice: the response recommends, it does not report"
    if kind == "quality":
        return kind, UNVERIFIABLE, "a judgement of quality, not something the run shows"
    if kind == "file" and not screen & _DIGIT and _heading(text):
        return kind, UNVERIFIABLE, "a heading: what the file's change was is said after it"
    if text[:2] == "**" and text.endswith(":**") and _heading(text):
        # `**Fixes for flake8:**`: a bold heading over what the lines after it say, which a
        # tool's run or a figure found shows nothing of
        return kind, UNVERIFIABLE, "a heading: what it heads is said after it"
    findings = list(_findings(text, index, negated, screen))
    return kind, *_combine(findings, negated)


# "To avoid breaking callers, I kept the old name", "To be safe I re-ran the lint": a
# purpose, then what was done
_DONE_FOR = later(
    r"to\b[^.:;]*?(?:,\s*|\s+)(?:I|we)\s+"
    r"(?:[a-z-]+ed|kept|left|made|(?:re)?wrote|(?:re-?)?ran|put|set|(?:re)?built|broke|took|"
    r"gave|did|got|sent|found|chose|began|held|let|paid|read|shut|spent|threw|split|cut)\b",
    re.I,
)


_HEADING_WORDS = 6  # a heading's most words (`**What I changed in `src/a.zig`:**`)


def _hedged(text: str) -> bool:
    """The claim's main clause hedges (`_HEDGE`) outside its backticked names (`` `suggest` ``,
    `` `may_retry` ``: a function's name, no hedge)."""
    main = _MAIN_CLAUSE.split(text, 1)[0]
    return _HEDGE.search(BACKTICKED.sub("``", main) if "`" in main else main) is not None


def _heading(text: str) -> bool:
    """A few words ending in a colon, naming what the lines after it say (`Updated
    `ci.yml`:`): a file's write verifies none of them."""
    return text.rstrip("*_ ").endswith(":") and text.count(" ") < _HEADING_WORDS


def _not_a_claim(text: str) -> bool:
    """An instruction, a heading or a plan (`To roll back, run …`), not a purpose before
    what was done (`To keep callers working, I kept …`)."""
    skipped = _NOT_A_CLAIM.match(text)
    if skipped is None:
        return False
    return skipped.group(0).lower() != "to" or _DONE_FOR.match(text) is None


def _signals(text: str, screen: int) -> bool:
    """`_SIGNAL` finds something: a digit, a backtick or one of its whole words (`I`,
    `tests`, `ran`, …) in the claim's screen is enough, and most claims have one; else it
    is searched."""
    if screen & _SIGNALLED:
        return True
    for word in words_of(text)[0]:  # `\b[a-z]+ed\b` (`re.I`: as words_of spells ASCII too)
        if word.endswith("ed") and len(word) > 2 and word.isascii() and word.isalpha():
            return True
    # what is left of _SIGNAL is a file name (`x.py`) or a label (`Result: …`)
    if "." in text and _SIGNAL_FILE.search(text) is not None:
        return True
    if screen & _COLON != 0 and _SIGNAL_LABEL.match(text.lstrip("*_")) is not None:
        return True
    return screen & _MONTH != 0 and month_ranked(text)  # `June was the quietest month`


# _SIGNAL's file name (`\b\w+\.(?:py|…)\b`: a word character before the `.` is the end
# of such a word; opening with the `.`, it is found as text is) and label, apart.
_SIGNAL_FILE = later(r"\.(?<=\w\.)(?:py|js|ts|md|json|csv|ya?ml|txt|toml)\b", re.I)
_SIGNAL_LABEL = later(r"[A-Z][\w ]{0,30}:[*_]*\s*[^\s*_]", re.I)  # at the start (`^`)
# The words _SIGNAL finds whole (each alternative `\b(?:…)\b` of plain words, spelt out).
_SIGNAL_WORDS = frozenset(
    "i we test tests suite took lasted ran wrote found got built sent pass passes fail fails "
    "green clean spotless valid correct correctly behaviour behavior safe robust no warning "
    "warnings zero".split()
)


def _findings(text: str, index: RunIndex, negated: bool, screen: int) -> Iterator[Finding]:
    """The claim's findings in `_combine`'s order, up to the first that contradicts it: that
    one decides the verdict, so the checks after it (often a claim's value lookups, the
    costliest) are not made."""
    for finding in _every_finding(text, index, negated, screen):
        yield finding
        if finding.status == CONTRADICTED:
            return


def _every_finding(text: str, index: RunIndex, negated: bool, screen: int) -> Iterator[Finding]:
    """Every finding, made as it is asked for: tests, then each rule of `_RULES` the claim's
    screen lets find something, then its values."""
    if negated:
        if screen & _TEST:
            yield from test_findings(text, index, negated=True)
        yield from file_findings(text, index, negated=True)
        if screen & _NO:
            yield from none_findings(text, index)
        if screen & _BACKTICK:
            yield from denied_run_findings(text, index)
        return
    tests = verified = False
    if screen & _TEST:
        for finding in test_findings(text, index, negated=False):
            tests = True
            verified = verified or finding.status == VERIFIED
            yield finding
    ruled = _ruled(text, screen)
    while ruled:
        rule = ruled & -ruled  # the lowest bit: the rules in their order
        ruled ^= rule
        for finding in _RULES[rule](text, index):
            verified = verified or finding.status == VERIFIED
            yield finding
    yield from _said_of_rows(text, index, screen)
    if not screen & _VALUED:
        return
    doubted: bool | None = None  # the claim says more than a value it verifies shows
    # a typeset minus (`−48.7%`) is the sign the outputs print (`-48.7%`); one character
    # for one, so every offset the value rules take stays the claim's
    valued = text.replace("\u2212", "-") if "\u2212" in text else text
    for finding in _value_rules(valued, index, tests, screen):
        if finding.status == VERIFIED:
            if doubted is None:  # asked of the few claims with a value verified
                doubted = _more_than_shown(text, index, verified)
            if doubted:
                continue
        yield finding


# what every field said entered holds: a yes or no, or a digit (the screen's), and a `:`
# or `as`, `to`, `with` in its first words
_YES_NO = Words("yes no true false")
_ENTERED_SEPARATOR = later(r":| (?:as|to|with) ")


def _said_of_rows(text: str, index: RunIndex, screen: int) -> Iterator[Finding]:
    """What a listing's rows decide, where the claim's words ask: a month's rank, the
    places a search found, a resource said unused."""
    if screen & _MONTH:  # `June was the quietest month`
        yield from month_rank_findings(text, index)
    searched = search_counted(text, index)  # `8 call sites across 4 files`
    if searched is not None:
        yield Finding(CONTRADICTED, searched)
    if screen & _PROCESS_SURE_WORD and "used" in text:  # `swap is not being used`
        for status, evidence in unused_findings(text, index):
            yield Finding(status, evidence)
    if " now " in text:  # `The form is now approved`
        yield from state_now_findings(text, index)
    if ": " in text and "`" in text:  # `` `more: true` on the first ``
        yield from pair_findings(text, index)
    if (screen & _DIGIT or _YES_NO.may_hold(text)) and _ENTERED_SEPARATOR.search(text, 0, 90):
        yield from entered_findings(text, index)  # `Household size entered as 4`


def _value_rules(text: str, index: RunIndex, tests: bool, screen: int) -> Iterator[Finding]:
    """The value rules' findings, each rule made only where the claim's screen (its words,
    a digit, a `:`) lets it find something."""
    if "→" in text or "->" in text:  # `PAY-1420 → Low, Payouts`
        yield from set_on_findings(text, index)
    if screen & _EVERY_WORD:  # most claims hold none of these
        other = (
            every_version(text, index)
            or every_flag(text, index)
            or every_counted(text, index)
            or every_given(text, index)
            or every_added(text, index)
        )
        if other is not None:
            yield Finding(CONTRADICTED, other)
    if screen & _NO:
        yield from none_findings(text, index)
    if screen & _COLUMNS:
        yield from column_findings(text, index)
    if screen & _DIGIT:
        yield from _figure_rules(text, index)
    rank = ranked(text) if screen & (_COLON | _DIGIT) else None
    if screen & _COLON:
        yield from key_text_findings(text, index, rank)
    if screen & _DIGIT:
        yield from value_findings(
            text,
            index,
            _test_spans(text) if _outcome(text, index, tests) else [],
            rank,
            Changes(partial(changed_later, text, index)),
        )


def _figure_rules(text: str, index: RunIndex) -> Iterator[Finding]:
    """`_value_rules`' findings for a claim holding a digit, each rule made only where the
    claim's words ask for it."""
    if "failed" in text:
        yield from failed_findings(text, index)
    if "error" in text or "warning" in text or "rule" in text:
        yield from code_findings(text, index)
    yield from _flaws_counted(text, index)
    if "published" in text or "released" in text or "posted" in text:
        yield from published_findings(text, index)
    if "%" in text:
        yield from led_share_findings(text, index)
    if " to " in text:
        yield from set_quantity_findings(text, index)
    if " below " in text or " above " in text or " under " in text or " over " in text:
        yield from threshold_findings(text, index)  # `19 employees are below 0.90`
    if "`" in text and ": " in text:  # `` `bad.json:4:5: unexpected token` ``
        yield from located_quote_findings(text, index)
    yield from _rows_restated(text, index)
    yield from listed_numbers_findings(text, index)


def _flaws_counted(text: str, index: RunIndex) -> Iterator[Finding]:
    """The refutations of a count of flaws: said fixed (`fixed all 6 violations`), or
    found (`7 errors across 5 files`)."""
    if "fixed" in text or "resolved" in text or "addressed" in text:
        yield from fixed_count_findings(text, index)
    if "error" in text:
        yield from listed_errors_findings(text, index)


def _rows_restated(text: str, index: RunIndex) -> Iterator[Finding]:
    """The refutations of the table rows a sentence restates: a ranking's entries (`then
    DE with 1,074`), a figure with its name in brackets (`$699.00 (Glacier 3P)`), a
    port's local address in a socket listing (`9100 is bound only to localhost`)."""
    if (
        "localhost" in text
        or "loopback" in text
        or "127.0.0.1" in text
        or "interface" in text
        or "0.0.0.0" in text
    ):
        bound = bound_where(text, index)
        if bound is not None:
            yield Finding(CONTRADICTED, bound)
    if " with " in text:
        for _, evidence in ranked_rows(text, index):
            yield Finding(CONTRADICTED, evidence)
    if " (" in text:
        for _, evidence in named_figures(text, index):
            yield Finding(CONTRADICTED, evidence)
        for _, evidence in paired_rows(text, index):
            yield Finding(CONTRADICTED, evidence)
    for _, evidence in said_rows(text, index):
        yield Finding(CONTRADICTED, evidence)
    for _, evidence in anchored_rows(text, index):
        yield Finding(CONTRADICTED, evidence)


def _more_than_shown(text: str, index: RunIndex, verified: bool) -> bool:
    """A value the claim gives is no evidence of what it says: "I checked that the 6 files
    add up" (the 6 is real, the checking is not shown), every member's value, a figure
    reckoned from the shown one, what caused a change or what a thing is rather than
    another, another branch's, what the environment lacks, a value said set in a file no
    write shows (`verified`: a finding but a value's verified it), a state said of names
    whose row gives another."""
    return bool(
        (_CHECKING_GATED.search(text) and not verified)
        or (_REMOVING.search(text) and not verified and not _removal_shown(index))
        or (not verified and _set_in_file(text))
        or _EVERY.search(text)
        or _RECKONED.search(text)
        or _BLAMED.search(text)
        or _READ_AS.search(text)
        or _elsewhere(text, index)
        or _LACKING.search(text)
        or (_NONE_SAID.search(text) and not verified)
        or other_state(text, index)
        or (not verified and _act_unshown(text, index))
    )


# "I also disabled health checks on `api-03`": an act the agent says it did to a thing
_AGENT_ACT = later(
    r"^[\W_]*(?:(?:I|we)\s+(?:also\s+|then\s+|just\s+)?)?(?:disabled|enabled|drained|"
    r"restarted|stopped|paused|resumed|silenced|acknowledged|acked|muted|archived|assigned|"
    r"closed|reopened|approved|rejected|cancell?ed|revoked|rotated|suspended|banned|unbanned|"
    r"blocked|unblocked|tagged|labell?ed|snoozed|escalated|resolved)\b",
    re.I,
)
# the things a claim names: in backticks, or an id (letters and digits joined by `-`/`_`)
_NAMED_THING = later(r"`([^`\n]+)`|\b([A-Za-z]+[-_]\d[\w-]*)\b")


def _act_unshown(text: str, index: RunIndex) -> bool:
    """The claim says the agent acted on things it names (`disabled … on `api-03``), and no
    call's input names any of them: an output showing the thing shows that it exists,
    not that it was acted on."""
    if _AGENT_ACT.match(text) is None:
        return False
    names = [(m.group(1) or m.group(2)).lower() for m in _NAMED_THING.finditer(text)]
    names = [name for name in names if len(name) > 2]
    return bool(names) and not any(index.inputs_containing(name) for name in names)


def _removal_shown(index: RunIndex) -> bool:
    """Some call's input removes something (`rm`, `delete`, `--prune-volumes`) or its
    output tells of a removal (`Removed volume x`)."""
    return any(map(index.in_inputs, _REMOVAL_INPUTS)) or any(
        map(index.in_outputs, ("removed", "deleted"))
    )


_REMOVAL_INPUTS = ("rm", "rmdir", "unlink", "delete", "remove", "prune", "drop")


def _set_in_file(text: str) -> bool:
    """The claim says it set a value in a file it names (`_SET_TO`, a written path)."""
    return _SET_TO.search(text) is not None and any(_writes(verb) for verb, _ in targets(text))


def _unseen_browsers(text: str, index: RunIndex) -> Iterator[Finding]:
    """`24 passed on Chromium, Firefox and WebKit`: a browser the claim names that no call
    names ran nothing the run shows, whatever count its figures find."""
    for browser in sorted(_BROWSERS.intersection(words_of(text)[0])):
        if index.first_output(browser) is None and not index.inputs_with(browser):
            yield Finding(DOUBT, f"{browser!r}: no tool call names it")
            return


def _elsewhere(text: str, index: RunIndex) -> bool:
    """The claim speaks of another branch than the run's, which no call names."""
    branch = _ELSEWHERE.search(text)
    return branch is not None and not index.inputs_with(branch.group(1).lower())


_BROWSERS = frozenset(("chromium", "chrome", "firefox", "webkit", "safari"))

# The claim's screen: one bit for each gate below, set where the claim holds one of the
# gate's words (or marks), or the character it asks for. `_screen` reads it once for
# every gate of `_judge` and of the rules it calls, where each gate asked the claim's
# words in turn (held against the gates in tests/claims/test_gates.py).
_SIGNALLED, _NEGATION, _UNSTATED_WORD, _FILE_NEGATION_WORD, _PROCESS_SURE_WORD = 1, 2, 4, 8, 16
_PROCESS_WORD, _QUALITY_WORD, _TOOL, _TEST, _FILE_VERB = 32, 64, 128, 256, 512
_FILE_RULE, _BROWSER, _EVERY_WORD, _NO, _COLUMNS, _WEB = 1024, 2048, 4096, 8192, 16384, 32768
_BACKTICK, _COLON, _DIGIT, _MONTH = 1 << 16, 1 << 17, 1 << 18, 1 << 19
_VALUED = _EVERY_WORD | _NO | _COLUMNS | _COLON | _DIGIT  # what the value rules ask
_SCREENED: tuple[tuple[int, Words | frozenset[str]], ...] = (
    (_SIGNALLED, _SIGNAL_WORDS),
    (_NEGATION, _NEGATED_GATED.words),
    (_UNSTATED_WORD, _UNSTATED),
    (_FILE_NEGATION_WORD, _FILE_NEGATION_GATED.words),
    (_PROCESS_SURE_WORD, _PROCESS_SURE),
    (_PROCESS_WORD, _PROCESS_GATED.words),
    (_QUALITY_WORD, _QUALITY_GATED.words),
    (_TOOL, TOOLS),
    (_TEST, _TEST_WORDS),
    (_FILE_VERB, _VERB_WORDS),
    (_FILE_RULE, _FILE_RULES),
    (_BROWSER, _BROWSERS),
    (_EVERY_WORD, frozenset(("every", "each", "all"))),
    (_NO, frozenset(("no",))),
    (_COLUMNS, frozenset(("columns",))),
    (_WEB, _WEB_WORDS),
    (_MONTH, MONTH_WORDS),
)


def _bits_of_words() -> dict[str, int]:
    """Each word of the gates of `_SCREENED`, with the bits of the gates it opens."""
    bits: dict[str, int] = {}
    for bit, gate in _SCREENED:
        for word in gate.words if isinstance(gate, Words) else gate:
            bits[word] = bits.get(word, 0) | bit
    return bits


_WORD_BITS = _bits_of_words()
_SCREEN_WORDS = frozenset(_WORD_BITS)
_SCREEN_MARKS = tuple(
    (mark, bit) for bit, gate in _SCREENED if isinstance(gate, Words) for mark in gate.marks
)


def _screen(text: str) -> int:
    """The claim's screen: the bits of the gates its words and marks open, a backtick, a
    `:`, a digit."""
    words, lowered = words_of(text)
    screen = functools.reduce(operator.or_, map(_WORD_BITS.__getitem__, words & _SCREEN_WORDS), 0)
    for mark, bit in _SCREEN_MARKS:
        if mark in lowered:
            screen |= bit
    if "`" in text:
        screen |= _BACKTICK | _SIGNALLED
    if ":" in text:
        screen |= _COLON
    if holds_digit(text):
        screen |= _DIGIT | _SIGNALLED
    if not screen & _TOOL and may_name_tools(text):  # a name glued to digits, a linter's, …
        screen |= _TOOL
    return screen


_Rule = Callable[[str, RunIndex], Iterable[Finding]]
# The rules a claim is held against after its tests, in `_combine`'s order, each keyed by
# its bit of `_ruled`: the tools, files and browsers the claim names, then the families
# whose words it holds.
_IN_ORDER: tuple[_Rule, ...] = (
    tool_findings,
    partial(file_findings, negated=False),
    _unseen_browsers,
    command_findings,
    install_findings,
    feature_findings,
    git_findings,
    review_findings,
    batch_findings,
    http_findings,
    attempt_findings,
    web_findings,
    timing_findings,
    step_findings,
    state_findings,
    suite_findings,
    build_findings,
    ci_findings,
)
_RULES = {1 << order: rule for order, rule in enumerate(_IN_ORDER)}
(_TOOLS, _FILES, _BROWSERS_NAMED, _COMMAND, _INSTALL, _FEATURES, _GIT, _REVIEW, _BATCH, _HTTP,
 _ATTEMPT, _WEB_FAMILY, _TIMING, _STEP, _STATE, _SUITE, _BUILD, _CI) = _RULES  # fmt: skip


def _ruled(text: str, screen: int) -> int:
    """The bits of `_RULES` that may find something in the claim, from its screen and the
    words of each family (`_families`)."""
    lowered = words_of(text)[1] if text.isascii() else text.lower()
    ruled = _families(lowered, screen)
    if "feature" in lowered:
        ruled |= _FEATURES
    if screen & _TOOL:
        ruled |= _TOOLS
    if screen & (_FILE_VERB | _BACKTICK | _FILE_RULE):
        ruled |= _FILES
    if screen & _BROWSER:
        ruled |= _BROWSERS_NAMED
    return ruled


def _families(lowered: str, screen: int) -> int:
    """The bits of the families whose words the claim's lowercase holds. A family's words
    are asked by a chain of `in` (cheaper than any pattern or response-wide pass measured):
    a loop over a tuple of them took a third more, its steps per word costing more than the
    tests."""
    ruled = 0
    # fmt: off
    if screen & _BACKTICK:
        ruled |= _COMMAND
    if ("install" in lowered or "removed" in lowered or "dropped" in lowered
            or "bumped" in lowered or "upgraded" in lowered or " packages" in lowered
            or " dependencies" in lowered or "resolved to" in lowered):
        ruled |= _INSTALL
    if ("commit" in lowered or "push" in lowered or "pull request" in lowered
            or "merge request" in lowered or " pr" in lowered or "diff" in lowered
            or "insertion" in lowered or "tagged" in lowered or " files changed" in lowered
            or "cleanly" in lowered or "conflict" in lowered
            # a commit named by its hash alone, with its branch or size (`_commit_named`)
            or (screen & _BACKTICK and ("branch" in lowered or " file" in lowered
                                        or "+" in lowered))):
        ruled |= _GIT
    if "review" in lowered:
        ruled |= _REVIEW
    if "#" in lowered or "quer" in lowered or "ed all " in lowered:
        ruled |= _BATCH
    if ("0" in lowered or "1" in lowered or "2" in lowered or "3" in lowered or "4" in lowered
            or "5" in lowered or "request" in lowered):
        ruled |= _HTTP
    if ("upload" in lowered or "push" in lowered or "delet" in lowered or "remov" in lowered
            or "sent" in lowered or "submit" in lowered or "post" in lowered
            or "deploy" in lowered or "publish" in lowered or "download" in lowered
            or "creat" in lowered or "updat" in lowered or "cancel" in lowered
            or "refund" in lowered or "mail" in lowered or "purged" in lowered
            or "flushed" in lowered or "invalidated" in lowered or "as read" in lowered
            or "assign" in lowered or "stopped" in lowered or "killed" in lowered
            or "shut down" in lowered or "convert" in lowered or "chose" in lowered
            or "selected" in lowered or "picked" in lowered or "restarted" in lowered
            or "reloaded" in lowered or "terminated" in lowered):
        ruled |= _ATTEMPT
    if screen & _WEB and (
            "search" in lowered or "fetch" in lowered or "quer" in lowered or "visit" in lowered
            or "brows" in lowered or "download" in lowered or "page" in lowered
            or "summari" in lowered or "extract" in lowered or "quot" in lowered
            or "took" in lowered or "read" in lowered or "source" in lowered
            or "check" in lowered or "verif" in lowered or "confirm" in lowered
            or "compar" in lowered or "pep" in lowered or "rfc" in lowered or "cve" in lowered
            or "ghsa" in lowered or "iso" in lowered or "fill" in lowered or "first" in lowered
            or "initial" in lowered or "retry" in lowered or "review" in lowered
            or "consult" in lowered or "ran" in lowered or "tested" in lowered
            or "matched" in lowered or "validated" in lowered or "reconciled" in lowered
            or "opened" in lowered or "viewed" in lowered):
        ruled |= _WEB_FAMILY
    if ("took" in lowered or "tool call" in lowered or "lasted" in lowered or "spent" in lowered
            or "finished in" in lowered or "completed in" in lowered or "runtime" in lowered
            or "run time" in lowered or "in total" in lowered):
        ruled |= _TIMING
    if ("completed" in lowered or "succeeded" in lowered or "finished" in lowered
            or "went through" in lowered or "successful" in lowered):
        ruled |= _STEP
    if ("health" in lowered or "success" in lowered or "deliver" in lowered
            or "settled" in lowered or "cleared" in lowered or "accepted" in lowered
            or "switched" in lowered or "turned" in lowered or "abled" in lowered):
        ruled |= _STATE
    if ("coverage" in lowered or "re-ran" in lowered or "reran" in lowered
            or "skipped" in lowered or "sessions" in lowered or "env" in lowered
            or "second " in lowered or "twice" in lowered or "first " in lowered
            or "third " in lowered or " times" in lowered):
        ruled |= _SUITE
    if ("warning" in lowered or "first t" in lowered or "first a" in lowered
            or "first g" in lowered or "clean" in lowered):
        ruled |= _BUILD
    if "checks" in lowered or "ci" in lowered or "runs" in lowered or "job" in lowered:
        ruled |= _CI
    # fmt: on
    return ruled


# A number next to test words (`12 passed`, `3 of 40 tests`, `(8 tests)`), read only from
# its first digit (`(?<!\d\d)` after it): a run of digits is not entered at each digit
# (quadratic). Every alternative opens with that digit, so a search looks for digits
# alone, where a lookbehind before it was tried at each character, with each alternative.
_TEST_NUMBER = later(
    r"\d(?:(?<!\d\d)\d*(?=\s+(?:of\s+(?:the\s+)?\d+\s+(?:[\w-]+\s+(?=tests?\b))?)?"
    r"(?:tests?|specs?|pass|passed|passing|fail|failed|failing|failures?|errors?|were|are|"
    r"ran|pending)\b)|(?<=of \d)\d*(?= tests?)|"
    r"(?<=\(\d)\d*(?= tests?\))|(?<!\d\d)\d*(?=\s+[\w-]+\s+tests?\b))"  # `31 lib tests`
)


# `all 7 tests pass`, `all 12 are green`: a count with the outcome of all it counts
_ALL_PASS = Gated(
    later(r"\ball\s+\d+\b[^.;]*?\b(?:pass(?:es|ed|ing)?|green|succeed(?:s|ed)?)\b", re.I),
    Words("all"),
)
# `12/12 green`, `40/40 passing`: all of a count passed, said by no count an output holds
_EVERY_ONE_PASSED = Gated(
    later(r"(?<![\w/.])(\d+)/\1(?![\w/.])\s+(?:[a-z]+\s+)?(?:pass(?:es|ed|ing)?|green)\b", re.I),
    Words("green pass passes passed passing"),
)


def _outcome(text: str, index: RunIndex, tests: bool) -> bool:
    """The claim's numbers next to test words are the test checker's: it made a finding
    (`tests`), or the claim says all of a count pass where tests ran, which a place of the
    count in an output does not show (a failed run prints the same total), or says so as
    `12/12 green` (a run of any runner: its `0 pending` is no value a summary beside
    failures verifies)."""
    if tests or _EVERY_ONE_PASSED.search(text) is not None:
        return True
    return bool(index.tests) and _ALL_PASS.search(text) is not None


def _test_spans(text: str) -> list[tuple[int, int]]:
    """Numbers next to test words are the test checker's, not values to look up."""
    return [m.span() for m in _TEST_NUMBER.finditer(text)]


def _combine(findings: list[Finding], negated: bool) -> tuple[str, str]:
    for finding in findings:
        if finding.status == CONTRADICTED:
            return CONTRADICTED, finding.evidence
    doubts = [f for f in findings if f.status == DOUBT]
    if doubts:
        return UNVERIFIABLE, doubts[0].evidence
    verified = [f for f in findings if f.status == VERIFIED]
    if verified and not negated:
        return VERIFIED, "; ".join(dict.fromkeys(f.evidence for f in verified[:3]))
    if negated:
        return UNVERIFIABLE, "a negative statement; nothing in the run refutes it"
    return UNVERIFIABLE, "nothing in the transcript shows it either way"


def _kind(text: str, screen: int) -> str:
    named = targets(text) if screen & _FILE_VERB else []  # most claims name no file
    if (named and any(_writes(verb) for verb, _ in named)) or (
        screen & _FILE_NEGATION_WORD and _FILE_NEGATION.search(text)
    ):
        return "file"
    if screen & _PROCESS_SURE_WORD:
        return "process"  # _PROCESS finds that word: the tool names need not be read
    if not screen & _TOOL:
        names_a_tool = False
    elif text.isascii():  # its words lowercased are the lowercased text's (as tool_findings')
        names_a_tool = not TOOLS.isdisjoint(lower_words(words_of(text)[1]))
    else:
        names_a_tool = not TOOLS.isdisjoint(map(str.lower, _WORD_OR_HYPHENED.findall(text)))
    if (
        names_a_tool
        or (screen & _BACKTICK and _BACKTICK_COMMAND.search(text))
        or (screen & _PROCESS_WORD and _PROCESS.search(text))
    ):
        return "process"
    if screen & _QUALITY_WORD and _QUALITY.search(text) and not _CONCRETE.search(text):
        return "quality"
    return "factual"


def _writes(verb: str) -> bool:
    return verb not in (
        "read",
        "loaded",
        "opened",
        "parsed",
        "inspected",
        "validated",
        "used",
        "analysed",
        "analyzed",
        "processed",
        "checked",
    )
