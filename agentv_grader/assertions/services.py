"""`webhook` and `similar`: they need a network or embeddings service (SPEC §5.6).

agentv-grade calls no service, so these are `skipped` with the reason: never a guess.
"""

from __future__ import annotations

from ..model import AssertionSpec, RunData, Verdict


def webhook(spec: AssertionSpec, run: RunData) -> Verdict:
    """Skipped: AgentV POSTs the output to a URL, which a deterministic grader does not do."""
    return Verdict.skipped("webhook needs a network service, which agentv-grade does not call")


def similar(spec: AssertionSpec, run: RunData) -> Verdict:
    """Skipped: cosine similarity of embeddings needs an embeddings service."""
    return Verdict.skipped("similar needs an embeddings service, which agentv-grade does not call")
