#!/usr/bin/env python3
"""Regenerate agentv_grader/data/everyday_words.txt from wordfreq (`pip install wordfreq`)
and a spelling dictionary (Debian's `wamerican`, /usr/share/dict/words).

The critique's `generic-needle` rule (SPEC §6.2) asks whether a needle is an everyday
English word that a wrong answer on the topic is likely to contain anyway. wordfreq knows
(Zipf frequency, many corpora); importing it and loading its English list takes about
0.3 s and it installs 58 MB, too much for a single-test grade, so the words above the
threshold are written out once, here, and the package reads the plain list. wordfreq
lower-cases every word, so names ("london", "pacific"), which are often the very answer a
needle looks for, are left out by the dictionary: a word it also spells capitalised is no
everyday word here. Run with `--check` to fail when the shipped list differs.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "agentv_grader" / "data"
OUT = DATA / "everyday_words.txt"
DICTIONARY = Path("/usr/share/dict/words")
ZIPF_MIN = 4.4  # about once in 40,000 words of running text, or more often
CANDIDATES = 10_000  # wordfreq's most frequent English words examined
# Words every program of its language has: as generic in a code answer as "the" in prose.
CODE_WORDS = (
    "def", "func", "fn", "const", "let", "var", "int", "str", "bool", "void", "elif",
    "lambda", "async", "await", "import", "println", "printf", "console", "args", "kwargs",
    "len", "init", "foo", "bar",
)  # fmt: skip
HEADER = f"""\
# Everyday English words (lower case, one a line, most frequent first) for the critique's
# generic-needle rule (SPEC §6.2): wordfreq's English words with a Zipf frequency of at
# least {ZIPF_MIN}, less the ones in common_words.txt and the ones a spelling dictionary
# (Debian's wamerican) also spells capitalised (names), then words every program has.
# Written by scripts/gen_everyday_words.py from wordfreq (Robyn Speer et al.); wordfreq's
# data is licensed CC BY-SA 4.0, and so is this list derived from it.
"""


def render() -> str:
    from wordfreq import top_n_list, zipf_frequency

    common = {
        line.strip()
        for line in (DATA / "common_words.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    spelled = set(DICTIONARY.read_text(encoding="utf-8").split())
    words = [
        w
        for w in top_n_list("en", CANDIDATES, wordlist="small")
        if re.fullmatch(r"[a-z]{2,}", w)
        and w not in common
        and w.capitalize() not in spelled
        and zipf_frequency(w, "en", wordlist="small") >= ZIPF_MIN
    ]
    words += [w for w in CODE_WORDS if w not in words and w not in common]
    return HEADER + "\n".join(words) + "\n"


if __name__ == "__main__":
    text = render()
    if "--check" in sys.argv:
        sys.exit(0 if OUT.read_text(encoding="utf-8") == text else 1)
    OUT.write_text(text, encoding="utf-8")
