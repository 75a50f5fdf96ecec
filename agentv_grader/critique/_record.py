"""`Record` for the critique's own records: the package's (`agentv_grader.record`).

The critique's named tuples (`Decoy`, `TurnSpec`, `Screen`, `Fact`, `Requirement`, `Hit`)
are `typing.NamedTuple` classes for type checkers and `collections.namedtuple` ones at run
time, the same class either way: typing's makes the same class and then checks each
field's annotation (under `from __future__ import annotations`, a `ForwardRef` compiled
per field), 1.0 M instructions a class against 0.4 M, in every run that imports the
critique, a cold single test's too.
"""

from __future__ import annotations

from ..record import FrozenInstanceError, Record

__all__ = ["FrozenInstanceError", "Record"]
