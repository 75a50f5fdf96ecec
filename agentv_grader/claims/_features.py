"""A Rust crate's features said enabled (SPEC §5.9).

"Added `indicatif` with the `tokio` feature", "I also enabled the `pool` feature": in a
run that changed its dependencies with cargo (`cargo add`, an edit of `Cargo.toml`), a
feature is enabled by a line of some call's input naming it beside `features` (a
`features = [...]` list, `--features`, `-F`). Where no line does and either `cargo add`
listed it among the crate's features left off (`- tokio`) or no input names it at all,
the claim is contradicted; a program the run does not show may have enabled it, so then
nothing is said.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._facts import CONTRADICTED, VERIFIED, Finding
from ._files import opaque_ran
from ._index import Call, RunIndex
from ._later import later

# a ticked feature (group 1 or 2): `` `tokio` feature ``, `` features `a` ``
_FEATURE = later(r"`([\w-]+)`\s+(?:cargo\s+)?features?\b|\bfeatures?\s+`([\w-]+)`", re.I)
# what says it was turned on (not `the `tokio` feature is optional`)
_ENABLED = later(r"\b(?:enabled?|enabling|turned on|switched on|with|added|adds)\b", re.I)
# a line of `cargo add`'s output listing a feature left off (`             - tokio`)
_OFF = "             - "


def feature_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """Each ticked feature the claim says enabled (`_FEATURE`, `_ENABLED`), against the
    inputs enabling it, in a run changing its dependencies with cargo."""
    if _ENABLED.search(text) is None or not _cargo_changed(index):
        return
    for said in _FEATURE.finditer(text):
        feature = (said.group(1) or said.group(2)).lower()
        enabling = _enabling(index, feature)
        if enabling is not None:
            yield Finding(VERIFIED, f"feature `{feature}`: {enabling.cite(feature)}")
            continue
        left_off = next(iter(index.outputs_containing(_OFF + feature + "\n")), None)
        if left_off is None and index.inputs_containing(feature):
            continue  # named where no line enables it: a form the run's inputs may hide
        if opaque_ran(index):
            continue
        where = f": {left_off.cite(_OFF.strip() + ' ' + feature)}" if left_off else ""
        yield Finding(CONTRADICTED, f"no call enables feature `{feature}`{where}")


def _cargo_changed(index: RunIndex) -> bool:
    """The run ran `cargo add` or wrote or edited a `Cargo.toml`."""
    if index.in_inputs("cargo add"):
        return True
    return any(call.family in ("write", "edit") for call in index.inputs_containing("cargo.toml"))


def _enabling(index: RunIndex, feature: str) -> Call | None:
    """The first call whose input names `feature` on a line holding `features` or `-F`."""
    for call in index.inputs_containing(feature):
        for line in call.command_lower.replace("\\n", "\n").split("\n"):
            if feature in line and ("features" in line or " -f " in line):
                return call
    return None
