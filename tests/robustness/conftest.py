"""Hypothesis budgets for the robustness tests.

The tests pick modest example counts so `tests/robustness` stays well under a minute;
`HYPOTHESIS_PROFILE=fuzz python3 -m pytest tests/robustness` runs every property with the
`fuzz` profile's large budget instead (see tests/robustness/FUZZING.md).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "fuzz", max_examples=20_000, deadline=None, suppress_health_check=list(HealthCheck)
)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
