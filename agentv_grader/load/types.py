"""Assertion type spellings: canonical kebab-case names, legacy aliases, `not-` forms (SPEC §3)."""

from __future__ import annotations

from functools import lru_cache

from ..assertions import REGISTRY, types_where
from ..record import Record

# Every type SPEC names, in its kebab-case spelling, and the types an LLM must judge
# (always `pending` here): both read off the registry.
KNOWN_TYPES: frozenset[str] = frozenset(REGISTRY)
LLM_TYPES: frozenset[str] = types_where(lambda entry: entry.family == "llm")

LEGACY_ALIASES: dict[str, str] = {
    "code-grader": "script",
    "code-judge": "script",
    "script-grader": "script",
    "llm-grader": "llm-rubric",
    "llm-judge": "llm-rubric",
    "rubric": "llm-rubric",
    "rubrics": "llm-rubric",
}

# Spellings AgentV main refuses (its grader-parser: removed graders, removed public LLM
# graders, stale authored graders), with its guidance. agentv-grade still reads them as the
# released 4.x does (SPEC §3) and warns with this text.
_MAIN_REPLACEMENTS: dict[str, str] = {
    "script-grader": "script", "code-grader": "script", "code-judge": "script",
    "code_grader": "script", "code_judge": "script", "rubrics": "llm-rubric with value",
    "rubric": "llm-rubric with value", "composite": "assert-set", "llm_judge": "llm-rubric",
    "tool_trajectory": "tool-trajectory", "field_accuracy": "field-accuracy",
    "token_usage": "token-usage", "execution_metrics": "execution-metrics",
    "contains_any": "contains-any", "contains_all": "contains-all",
    "icontains_any": "icontains-any", "icontains_all": "icontains-all",
    "starts_with": "starts-with", "ends_with": "ends-with", "is_json": "is-json",
}  # fmt: skip
_MAIN_GUIDANCE: dict[str, str] = {
    "llm-grader": "use 'llm-rubric' for free-form rubric checks or 'agent-rubric' for "
    "agentic rubric checks",
    "skill-trigger": "use 'skill-used' with value: <skill>, or 'not-skill-used' when the "
    "skill must not be used",
    "tool-trajectory": "use trajectory:tool-used, trajectory:tool-sequence and "
    "trajectory:tool-args-match",
}


def is_v4_code_grader(authored: str) -> bool:
    """Whether a script assertion was authored as AgentV 4.x's `code-grader` (or
    `code_grader`, which 4.x read as the same): named, run and read as 4.x does, since
    AgentV main refuses the spelling (SPEC §5.6, docs/agentv-semantics.md §11)."""
    return authored.strip().replace("_", "-") == "code-grader"


@lru_cache(maxsize=256)
def agentv_main_refuses(authored: str) -> str | None:
    """AgentV main's guidance for a type spelling it no longer accepts, else None.
    Cached: a function of the spelling alone, asked once per assertion of a suite."""
    spelled = authored.strip()
    if spelled in _MAIN_REPLACEMENTS:
        return f"use '{_MAIN_REPLACEMENTS[spelled]}' instead"
    kebab = spelled.replace("_", "-")
    if kebab == "llm-judge":
        kebab = "llm-grader"
    return _MAIN_GUIDANCE.get(kebab)


# Vally's shorthand negated forms (SPEC §5.2): `transcript-not-contains` = negate: true.
_NEGATED_SHORTHANDS: dict[str, str] = {
    "transcript-not-contains": "transcript-contains",
    "transcript-not-matches": "transcript-matches",
    "output-not-contains": "output-contains",
    "output-not-matches": "output-matches",
    "not-skill-used": "skill-used",
}

# promptfoo types AgentV names as future scope (docs/agentv-semantics.md §2.3).
UNSUPPORTED_PROMPTFOO: frozenset[str] = frozenset(
    """answer-relevance bleu classifier contains-html contains-json contains-sql contains-xml
    context-faithfulness context-recall context-relevance conversation-relevance factuality
    finish-reason gleu guardrails is-html is-refusal is-sql is-valid-function-call
    is-valid-openai-function-call is-valid-openai-tools-call is-xml levenshtein meteor
    model-graded-closedqa model-graded-factuality moderation perplexity perplexity-score pi
    rouge-n ruby similar:cosine similar:dot similar:euclidean select-best human max-score
    tool-call-f1 trace-error-spans trace-span-count trace-span-duration search-rubric
    word-count g-eval""".split()
)


# What AgentV tells authors to use instead, where it names a replacement.
_REPLACEMENTS: dict[str, str] = {"g-eval": "llm-rubric"}


class ResolvedType(Record):
    """An authored type spelling resolved to a canonical type and a negation."""

    type: str
    negate: bool
    normalised_from: str | None
    problem: str | None = None


@lru_cache(maxsize=1024)
def resolve_type(authored: str) -> ResolvedType:
    """Map an authored spelling onto a canonical type (snake_case, legacy names, `not-`).

    Cached: a suite spells the same few types thousands of times (the result is frozen)."""
    spelled = authored.strip()
    kebab = spelled.replace("_", "-")
    if kebab in UNSUPPORTED_PROMPTFOO or (
        kebab.startswith("not-") and kebab[4:] in UNSUPPORTED_PROMPTFOO
    ):
        return ResolvedType(kebab, False, None, _unsupported_message(spelled, kebab))
    negate = False
    if kebab in _NEGATED_SHORTHANDS:
        kebab, negate = _NEGATED_SHORTHANDS[kebab], True
    elif kebab.startswith("not-") and _canonical(kebab[4:]) is not None:
        kebab, negate = kebab[4:], True
    canonical = _canonical(kebab)
    if canonical is None:
        return ResolvedType(spelled, negate, None, _unknown_message(spelled))
    changed = canonical != spelled or negate
    return ResolvedType(canonical, negate, spelled if changed else None)


def _canonical(kebab: str) -> str | None:
    if kebab in REGISTRY:  # the table itself, not a copy: a row added later counts too
        return kebab
    if kebab in LEGACY_ALIASES:
        return LEGACY_ALIASES[kebab]
    if kebab == "skill-trigger":
        return "skill-trigger"
    return None


def _unsupported_message(spelled: str, kebab: str) -> str:
    instead = _REPLACEMENTS.get(kebab)
    if instead is not None:
        return f"unsupported assertion type '{spelled}'; use '{instead}' instead (as AgentV says)"
    return f"unsupported promptfoo assertion type '{spelled}' (future scope in AgentV too)"


def _unknown_message(spelled: str) -> str:
    import difflib

    close = difflib.get_close_matches(spelled.replace("_", "-"), sorted(REGISTRY), n=3)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"unknown assertion type '{spelled}'{hint}"
