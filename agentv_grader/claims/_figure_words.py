"""What a figure is, read from the words beside it, in a claim and at a place of it in an
output (SPEC §5.9): a place verifies a figure only where the two agree, or where either
has nothing beside it to compare (`1 failed` is no place of `1 of 6 runs`, `built in 2.14
seconds` none of `2 warnings`), and no place verifies a figure that is not one of what
the output holds: a list's number, another field's value, a count of what the claim says
all of, or one said of what the agent wrote or of what happens only sometimes."""

from __future__ import annotations

import re

from ._gate import Gated, Words
from ._later import later

NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve".split()
    )
}
# A count in digits or in words, as one group (`count_of` reads it).
NUM = r"(\d+|" + "|".join(NUMBER_WORDS) + r")"


def count_of(text: str) -> int:
    """The count `NUM` matched (`12`, `Twelve`; `ſix`, which `re.I` reads as `six`)."""
    text = text.casefold()
    return NUMBER_WORDS[text] if text in NUMBER_WORDS else int(text)


# `1 of 6 runs`: the words after the second figure say what the first counts
_OF_FIGURE = later(r"\s+(?:of|out of)\s+\$?(\d[\d,]*(?:\.\d+)?)")
# a multiple or a share, told by its mark (`2.4×`, `61%`)
_MARK = later(r"[ ]?(%|×)")
# where the words beside a figure end: a mark no phrase of words holds (`1 failed, 7
# passed`: `failed`), another figure, an arrow, or a line's end
_WORDS_END = later(r"->|[^a-z_ \t'’*`-]")
_WORDS_GO_ON = "_ \t'’*`-%×"  # what may follow a figure that has words or a mark beside it
_WORD = later(r"[a-z][a-z0-9]*")
_WIDTH = 40  # the characters after a figure read for its words
_READ = 3  # the words after a figure read for the first that says what it is
# words that say nothing of what a figure is (`2 in total`, `3 and 4`)
_BESIDE_STOP = frozenset(
    "a an the of to in on at for and or but is are was were be been has have had it its "
    "this that these those with from by as into than then so all only also now still just "
    "both each every per plus including total more less over under about".split()
)
# a unit's spellings, as one word (`2.14 seconds`, `36.8s`, `61 percent`)
_UNIT_OF = {
    **dict.fromkeys("s sec secs second seconds".split(), "second"),
    **dict.fromkeys("ms msec msecs millisecond milliseconds".split(), "ms"),
    **dict.fromkeys("m min mins minute minutes".split(), "minute"),
    **dict.fromkeys("h hr hrs hour hours".split(), "hour"),
    **dict.fromkeys("b byte bytes".split(), "byte"),
    **dict.fromkeys("k kb kib".split(), "kb"),
    **dict.fromkeys("mb mib".split(), "mb"),
    **dict.fromkeys("g gb gib".split(), "gb"),
    **dict.fromkeys("% percent".split(), "%"),
    "×": "times",  # a multiple (`3 times` is a count as often: `retried 3 times`)
}
_UNITS = frozenset(_UNIT_OF.values())


def figure_word(text: str, end: int) -> str | None:
    """What the figure ending at `end` of the lowercase `text` is: its mark or unit, else
    the first word after it that says something, stemmed, or after the last figure of a
    list it opens (`restarted 3 and 2 times`); None where nothing beside it says (a mark
    ends the words beside it: `1 failed, 7 passed`)."""
    for _ in range(_LIST_READ):  # a long list is not read to its end from each figure
        after = text[end : end + 1]
        if not ("a" <= after <= "z" or (after and after in _WORDS_GO_ON)):
            return None  # most places: a mark, a figure or a line's end follows (`3,`, `3\n`)
        mark = _MARK.match(text, end)
        if mark is not None:
            return _UNIT_OF[mark.group(1)]
        stop = _WORDS_END.search(text, end, end + _WIDTH)
        words_end = end + _WIDTH if stop is None else stop.start()
        for word in _WORD.findall(text, end, words_end)[:_READ]:
            if word not in _BESIDE_STOP:
                return _UNIT_OF.get(word) or _stemmed(word)
        listed = _LISTED.match(text, end)
        if listed is None:
            return None
        end = listed.end()
    return None


# a figure's list going on to another figure (`3 and 2`, `3 or 4`)
_LISTED = later(r"[ ](?:and|or)[ ]\d[\d,]*(?:\.\d+)?(?![\d.,])")
_LIST_READ = 3  # the figures of a list read for the words after its last


# the deed before a count of times (`restarted 3 times`): a past verb, its stem's letters
_DONE = later(r"\b([a-z]{4,})ed[ ]$")


def how_often(text: str, start: int) -> str:
    """What a count of times (`3 times`) starting at `start` of the claim `text` is:
    `time`, and the first letters of the deed done that often where a past verb stands
    before it (`restarted 3 and 2 times`: `time rest`, found beside `restarts` or `times`,
    not beside `3 new replicas`; `retried 3 times` beside `3 retries`)."""
    lowered = text.lower()  # its offsets are the text's unless a letter lowers to two
    if len(lowered) != len(text):
        return "time"
    done = _DONE.search(lowered, max(0, start - 24), start)
    return "time" if done is None else f"time {done.group(1)[:4]}"


# make's line for a recipe that failed (`make: *** [Makefile:2: build] Error 1`): its
# figure is the recipe's exit status
_MAKE_STATUS = later(r"\*\*\*[ ]\[[^\]\n]*\][ ]error[ ]$")


def exit_status(text: str, at: int, word: str) -> bool:
    """The figure at `at` of the lowercase `text` is make's exit status (`Error 1`), no
    count of errors, where the claim counts errors (`word`)."""
    return word == "error" and _MAKE_STATUS.search(text, max(0, at - 200), at) is not None


def _stemmed(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def agree(claimed: str | None, shown: str | None) -> bool:
    """A place's word (`shown`) and the claim's (`claimed`) do not say the figure is two
    things: where either is a unit, both are that unit (`2 warnings` is not `2.14
    seconds`, `2.4×` not `2.36 s`); two other words are not compared (`9 tables` and
    `(9 rows)`, `8 tests` and `8 passed` are the same figure said two ways); a count of
    times said of a deed (`how_often`) is found only beside that deed or `times`."""
    if claimed is None or shown is None or claimed == shown:
        return True
    if claimed.startswith("time "):  # how often a deed was done, found beside the deed
        return shown == "time" or shown.startswith(claimed[5:])
    return claimed not in _UNITS and shown not in _UNITS


# a count and its word (`8 passed`, `3 to add`), and what may join two of a tally (`8
# passed, 0 failed`, `0 errors and 0 warnings`, `2 errors | 1 warning`)
_COUNT_PAIR = later(r"(\d(?<![\w.,]\d)[\d,]*)[ ]+(?:to[ ]+)?([a-z]+)\b")
_JOIN = later(r"[ ]*(?:[,;|][ ]*)?(?:and[ ]+)?")
# a word and its count on a place's line (`failed: 0`; `5 passed` is a _COUNT_PAIR)
_WORD_PAIR = later(r"\b([a-z]+)[\"']?[ ]?[:=]?[ ]?(\d[\d,]*)(?![\w.])")
_MONTH_WORDS = frozenset(
    "jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june "
    "july august september october november december".split()
)

Tally = tuple[str, tuple[tuple[str, str], ...]]


def tallied(text: str, start: int) -> Tally | None:
    """Where the figure starting at `start` of the lowercase claim `text` is one count of
    a tally (`8 passed, 0 failed`: counts side by side, each its own word), its word and
    the other counts (figure, word), words as `tally_stem` spells them: the words say
    which count each figure is. None where it is not."""
    pairs = [m for m in _COUNT_PAIR.finditer(text) if _counted(m.group(2))]
    at = next((i for i, m in enumerate(pairs) if m.start() == start), None)
    if at is None:
        return None
    first = last = at
    while first > 0 and _joined(text, pairs[first - 1], pairs[first]):
        first -= 1
    while last + 1 < len(pairs) and _joined(text, pairs[last], pairs[last + 1]):
        last += 1
    word = tally_stem(pairs[at].group(2))
    others = tuple(
        (m.group(1).replace(",", ""), tally_stem(m.group(2)))
        for m in pairs[first : last + 1]
        if m is not pairs[at]
    )
    return (word, others) if any(other != word for _, other in others) else None


# a count's word as a label before it (`passed: 12`, `**failed:** 0`), and its figure
_KEYED = later(r"\b([a-z]+)\*{0,2}:\*{0,2}[ ]?$")
_FIGURE = later(r"\d[\d,]*")


def keyed(text: str, start: int) -> Tally | None:
    """Where the figure starting at `start` of the lowercase claim `text` is labelled by
    the word it counts (`Passed: 12`), a tally of that one count, so a line giving the
    word another figure (`11 passed, 12 total`) is no place of it (`other_count`)."""
    key = _KEYED.search(text, max(0, start - 24), start)
    figure = _FIGURE.match(text, start)
    if key is None or figure is None or not _counted(key.group(1)):
        return None
    word = tally_stem(key.group(1))
    return word, ((figure.group(0).replace(",", ""), word),)


def _joined(text: str, left: re.Match[str], right: re.Match[str]) -> bool:
    joint = _JOIN.match(text, left.end())
    return joint is not None and joint.end() == right.start() and left.end() < right.start()


def other_count(line: str, others: tuple[tuple[str, str], ...]) -> bool:
    """The lowercase `line` gives one of a tally's `others` (`tallied`) another figure
    (`5 passed` where the claim says `8 passed`): a place on it is another run's tally."""
    wanted = dict((word, figure) for figure, word in others)
    shown = [m.groups() for m in _COUNT_PAIR.finditer(line)]
    shown += [m.group(2, 1) for m in _WORD_PAIR.finditer(line)]
    return any(
        wanted.get(tally_stem(word), figure.replace(",", "")) != figure.replace(",", "")
        for figure, word in shown
    )


def counts_another_noun(
    word: str, shown: str | None, claim: str, claim_end: int, output: str, start: int
) -> bool:
    """The figure at `start` of the lowercase `output`, whose `figure_word` is `shown`,
    counts another thing than the one ending at `claim_end` of the lowercase `claim`,
    whose word is `word`: the output's word is none of the claim's after it, and its line
    counts the claim's word with other figures only (`analyzed 64 files, 211
    dependencies` is no place of `211 files`; `2431 valid` of `2450 orders` is one of
    `2,431 orders are valid`)."""
    if shown is None or shown == word or word in _UNITS:
        return False
    if shown in map(_stemmed, _WORD.findall(claim, claim_end, claim_end + _WIDTH)):
        return False
    line_end = output.find("\n", start)
    line = output[output.rfind("\n", 0, start) + 1 : len(output) if line_end < 0 else line_end]
    stem = tally_stem(word)
    counts = [f.replace(",", "") for f, w in _COUNT_PAIR.findall(line) if tally_stem(w) == stem]
    figure = _FIGURE.match(output, start)
    return bool(counts) and figure is not None and figure.group(0).replace(",", "") not in counts


def _counted(word: str) -> bool:
    """`word` may say what a count counts: no unit, month nor word that says nothing."""
    return word not in _BESIDE_STOP and word not in _UNIT_OF and word not in _MONTH_WORDS


def tally_stem(word: str) -> str:
    """`failed`, `fails`, `failures` and `failing` as one word, `fail`; `passes` and
    `passed` as `pass`; `skipped` as `skip`."""
    if word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    for suffix in ("ure", "ing", "ed"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    return word[:-1] if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "sl" else word


def counts_another(text: str, start: int, end: int, tally: Tally) -> bool:
    """The figure at `start:end` of the lowercase output `text` is another count of the
    claim's `tally` (`tallied`): the word after or before it is another count's and not
    its own (`0 errors` for the 0 of `0 warnings`; `failed 0` for the 0 of `0 passed`)."""
    words = (figure_word(text, end), _word_before(text, start))
    beside = {tally_stem(word) for word in words if word}
    own, others = tally
    return own not in beside and any(word in beside for _, word in others)


def _word_before(text: str, start: int) -> str | None:
    """The word before the figure starting at `start` of the lowercase `text`, a space,
    `:` or `=` and a quote between at most (`failed 0`, `Errors: 2`, `"skipped": 4`):
    read back by hand, as `field_key` is."""
    at = start
    for marks in (" ", ":=", " ", "\"'"):
        if text[at - 1 : at] and text[at - 1] in marks:
            at -= 1
    key_end = at
    while at > max(0, key_end - _KEY_LONGEST) and "a" <= text[at - 1] <= "z":
        at -= 1
    return text[at:key_end] or None


def part_of(text: str, end: int) -> str | None:
    """The whole the figure ending at `end` of `text` is counted out of (`1 of 6 runs`:
    `6`), as digits; None where it is not."""
    of = _OF_FIGURE.match(text, end)
    return None if of is None else of.group(1).replace(",", "")


def list_marker(text: str, start: int, end: int) -> bool:
    """The figure at `start:end` of `text` numbers an item of a list (`  1) test x`, `2.
    fix y`): only spaces before it on its line, `)` or `.` and a space after. No count."""
    if text[end : end + 2] not in _MARKER_ENDS:
        return False
    return not text[text.rfind("\n", 0, start) + 1 : start].strip(" \t")


_MARKER_ENDS = (") ", ")\t", ". ", ".\t")


def conditional(text: str, start: int, end: int) -> bool:
    """The figure at `start:end` of `text` is a branch of a conditional expression
    (`workers: process.env.CI ? 4 : 2`): one case's value, not the setting's."""
    after = text[end : end + 3].lstrip(" \t")
    if after[:1] == ":" and after[1:2] != ":":  # the first branch: `? 2 :`
        return text[max(0, start - 2) : start].rstrip(" \t").endswith("?")
    line_start = text.rfind("\n", 0, start) + 1
    return _ELSE.search(text, max(line_start, start - 60), start) is not None


# `? 4 : 2`: what stands before the second branch
_ELSE = later(r"\?[ \t]*[\w.\"'-]+[ \t]*:[ \t]*$")
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz_-")
_KEY_LONGEST = 30


def field_key(text: str, start: int) -> str | None:
    """The key of the field whose value is the figure starting at `start` of the lowercase
    `text` (`ok (skipped=4)`: `skipped`), stemmed; None where it is no field's. Read back
    by hand: a pattern ending at `=` would be searched from every letter before it."""
    if text[start - 1 : start] != "=":
        return None
    at = key_end = start - 1
    while at > max(0, key_end - _KEY_LONGEST) and text[at - 1] in _KEY_CHARS:
        at -= 1
    key = text[at:key_end].lstrip("_-")
    return _stemmed(key) if key else None


# `All 7 type errors are fixed`, `all 5 tests passed`: what the claim says of all it counts
_ALL_SAID = later(
    r"^[\W_]*all\s+\d[\d,]*(?=(?:\s+[\w-]+){0,3}?\s+(?:(?:are|were|have|has|had|now|been)\s+)*"
    r"([a-z]+ed|pass|green)\b)",
    re.I,
)
# the members a claim says what they are, counted (`The 3 failing tests were all in x`)
_THE_SAID = later(
    r"^[\W_]*the\s+\d[\d,]*(?=(?:\s+[\w`:-]+){1,3}?\s+(?:are|were)\s+((?:[^.;]|\.(?=\w))*))",
    re.I,
)
_CODE_SPAN = later(r"`[^`]*`")
_SAID_WORDS = 4  # the words of what the claim says of them that a line may hold
# a figure of what the agent wrote (`drafted a reply saying 26 May works`), read before it
_WRITTEN = later(
    r"\b(?:drafted|wrote|written|sent|posted|replied|commented)\b[^.;:]{0,60}?\b(?:saying|that "
    r"says|which says|reading|telling|to say)\b[^.;]*$",
    re.I,
)
# a claim of what happens now and then (`sometimes times out under 4 workers`)
_NOW_AND_THEN = Gated(
    later(r"\b(?:sometimes|occasionally|at times|now and then)\b", re.I),
    Words("sometimes occasionally times then"),
)


def said_of_all(text: str, end: int) -> tuple[str, ...] | None:
    """What the claim `text` says of all the members its figure ending at `end` counts,
    as stemmed words (`All 7 errors are fixed`: `fix`; `The 3 failing tests were all in
    `x``: none, a name being no word said of them): a place of the figure is a count of
    them, which shows what the claim says only on a line saying it too (`Found 7 errors`
    does not, `7 passed` does). None where the claim counts no such members."""
    said = _ALL_SAID.match(text)
    if said is not None and said.end() == end:
        return (_said_stem(said.group(1).lower()),)
    said = _THE_SAID.match(text)
    if said is None or said.end() != end:
        return None
    plain = _CODE_SPAN.sub(" ", said.group(1).lower())  # a name (`x_test.py`) says nothing
    words = [word for word in _WORD.findall(plain) if word not in _BESIDE_STOP]
    return tuple(_said_stem(word) for word in words[:_SAID_WORDS])


def _said_stem(word: str) -> str:
    if len(word) > 4 and word.endswith("ed"):
        return word[:-2]
    return word[:-1] if len(word) > 4 and word.endswith("s") else word


# `All 5 tests passed first time`: the count's first run is what the claim says of
_FIRST_TIME = later(r"\b(?:first time|(?:on|at) the first (?:try|run|attempt|go))\b", re.I)
_FAILURES = later(r"(?<![\w.])[1-9]\d*\s+(?:failures?|failed|errors?)\b")


def said_first_time(text: str) -> bool:
    """`text` says how something went the first time (`passed on the first run`)."""
    return _FIRST_TIME.search(text) is not None


def failed_first_time(text: str, line: str) -> bool:
    """The claim `text`, saying all its figure counts passed, says they did the first
    time, and `line` (lowercase), the first output line of that count, shows some failed
    (`5 tests, 1 failure`): refuted, whatever a later run shows."""
    return _FIRST_TIME.search(text) is not None and _FAILURES.search(line) is not None


def not_shown(text: str, start: int) -> bool:
    """The figure starting at `start` of the claim `text` is no evidence of it wherever
    an output shows it: said of what the agent wrote (found in what it wrote, not in what
    it read), or in a claim of what happens sometimes (a figure shown is one run's)."""
    return bool(_WRITTEN.search(text, 0, start) or _NOW_AND_THEN.search(text))


# What stands before a figure that is a source position's line or column (`line 38`,
# `Tests.cs:38`, `File "a.py", line 3`, `testing.zig:38:13`): a place of no count, unless
# the claim says a line too.
_SOURCE_LINE = later(r"(?:\bline |\w\.[a-z]{1,5}:(?:\d+:)?)$", re.I)


def source_line(text: str, start: int) -> bool:
    """The figure starting at `start` of `text` is a line (or column) number of a source
    position."""
    return _SOURCE_LINE.search(text, max(0, start - 12), start) is not None
