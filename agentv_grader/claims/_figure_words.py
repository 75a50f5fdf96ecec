"""What a figure is, read from the words beside it, in a claim and at a place of it in an
output (SPEC §5.9): a place verifies a figure only where the two agree, or where either
has nothing beside it to compare (`1 failed` is no place of `1 of 6 runs`, `built in 2.14
seconds` none of `2 warnings`)."""

from __future__ import annotations

from ._later import later

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
    the first word after it that says something, stemmed; None where nothing beside it
    says (a mark ends the words beside it: `1 failed, 7 passed`)."""
    after = text[end : end + 1]
    if not ("a" <= after <= "z" or (after and after in _WORDS_GO_ON)):
        return None  # most places: a mark, a figure or a line's end follows (`3,`, `3\n`)
    mark = _MARK.match(text, end)
    if mark is not None:
        return _UNIT_OF[mark.group(1)]
    stop = _WORDS_END.search(text, end, end + _WIDTH)
    for word in _WORD.findall(text, end, end + _WIDTH if stop is None else stop.start())[:_READ]:
        if word not in _BESIDE_STOP:
            return _UNIT_OF.get(word) or _stemmed(word)
    return None


def _stemmed(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def agree(claimed: str | None, shown: str | None) -> bool:
    """A place's word (`shown`) and the claim's (`claimed`) do not say the figure is two
    things: where either is a unit, both are that unit (`2 warnings` is not `2.14
    seconds`, `2.4×` not `2.36 s`); two other words are not compared (`9 tables` and
    `(9 rows)`, `8 tests` and `8 passed` are the same figure said two ways)."""
    if claimed is None or shown is None or claimed == shown:
        return True
    return claimed not in _UNITS and shown not in _UNITS


def part_of(text: str, end: int) -> str | None:
    """The whole the figure ending at `end` of `text` is counted out of (`1 of 6 runs`:
    `6`), as digits; None where it is not."""
    of = _OF_FIGURE.match(text, end)
    return None if of is None else of.group(1).replace(",", "")
