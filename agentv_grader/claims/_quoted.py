"""Diagnostics a claim quotes with their place (SPEC §5.9).

A response often quotes what a program printed, place and all (`` `tests/bad.json:4:5:
unexpected token near ']'` ``). The quote is held against the output lines printing that
message for that file: one at the quoted place verifies it; where every such line puts
the file at another place (`:4:3`), the quote misplaces it, unless the file was changed
after the last of them (a later run, unseen, may print the quoted place).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._facts import CONTRADICTED, VERIFIED, Finding
from ._index import Call, RunIndex, line_at
from ._later import later

# a backticked diagnostic: a file's path (group 1), its line and column (2), the message (3)
_LOCATED = later(r"`((?:[\w.-]+/)*[\w.-]+\.\w+):(\d+(?::\d+)?):?\s+([^`\n]{8,})`")


def located_quote_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """Each diagnostic the claim quotes with its place (`_LOCATED`), against the output
    lines printing its message for its file (`_shown`)."""
    for quote in _LOCATED.finditer(text):
        path, place, message = quote.groups()
        name = path.rsplit("/", 1)[-1].lower()
        shown = _shown(index, name, message.strip().lower())
        if not shown:
            continue
        same = next(((call, line) for at, call, line in shown if at == place), None)
        if same is not None:
            yield Finding(VERIFIED, f"`{path}:{place}`: {same[0].cite_line(same[1])}")
            continue
        _, last, line = shown[-1]
        if any(name in call.command_lower for call in index.edits_after(last)):
            continue  # the file changed after: a later run may print the quoted place
        yield Finding(CONTRADICTED, f"`{path}:{place}` quoted, but {last.cite_line(line)}")


def _shown(index: RunIndex, name: str, message: str) -> list[tuple[str, Call, str]]:
    """The places (`4:3`) at which output lines printing `message` (lowercase) put the
    file `name` (lowercase), each with its call and line, in order."""
    placed = re.compile(re.escape(name) + r":(\d+(?::\d+)?)")
    found: list[tuple[str, Call, str]] = []
    for call in index.outputs_containing(message):
        output = call.output_lower
        at = output.find(message)
        while at >= 0:
            line = line_at(output, at)
            place = placed.search(line)
            if place is not None:
                found.append((place.group(1), call, line_at(call.output, call.written(at))))
            at = output.find(message, at + len(message))
    return found
