"""What a run's side files hold, as read by the `rundata` readers: timing and usage
figures, transcript messages and their tool calls, the grader agent's LLM results.

Kept apart from `model` because most gradings read none of these files. Every one is a
`Record`: a frozen dataclass costs about half a millisecond (4 M instructions) to make
when its module is imported, and batch mode imports this module for every suite with
timing files. A transcript's records (`ToolCall`, `Message`, `Transcript`): a transcript of
thousands of short tool calls makes one of each per call, and the dataclass's `__init__`
(keyword arguments, a global and an attribute looked up per field) was a fifth of reading
one; a record class's `__init__` is compiled by its 64th record, as fast as one written by
hand (SPEC §8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..record import Record

if TYPE_CHECKING:
    from ..model import CheckItem


class Figure(Record):
    """A measured number with where it came from, so evidence can cite its source."""

    value: float
    source: str


class Timing(Record):
    """Timing and usage figures (SPEC §4.3); None means missing data, never 0."""

    path: str | None = None
    duration_ms: Figure | None = None
    input_tokens: Figure | None = None
    output_tokens: Figure | None = None
    cached_tokens: Figure | None = None
    reasoning_tokens: Figure | None = None
    total_tokens: Figure | None = None
    cost_usd: Figure | None = None
    tool_calls: Figure | None = None
    llm_calls: Figure | None = None
    # Base names of the files the figures came from ("timing.json", "metrics.json").
    files: tuple[str, ...] = ()


class ToolCall(Record):
    """One tool call of a transcript message, in AgentV's terms."""

    name: str
    input: Any = None
    output: Any = None
    status: str = "ok"
    duration_ms: float | None = None
    start_time: str | None = None
    end_time: str | None = None
    id: str | None = None
    category: str | None = None


class Message(Record):
    """One transcript message; `index` counts from 1 over the whole transcript."""

    index: int
    role: str
    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    start_time: str | None = None
    end_time: str | None = None


class Transcript(Record):
    """A run's messages in order, whatever shape the file had (SPEC §4.4)."""

    path: str
    shape: str
    messages: tuple[Message, ...]
    # True when the test input was put first as a user message (index 0; SPEC §4.4).
    prepended_input: bool = False

    def assistant_messages(self) -> tuple[Message, ...]:
        return tuple(m for m in self.messages if m.role == "assistant")


class LlmResult(Record):
    """The grader agent's judgement of one LLM item: `llm_grader_results/<stem>.json`.

    `judged` is False when only AgentV's own `llm_graders/<stem>.json` config exists (it
    fixes the file name the agent must use); `problem` says why a result file is unusable.
    """

    path: str
    judged: bool = True
    score: float | None = None
    assertions: tuple[CheckItem, ...] = ()
    problem: str | None = None
    # Rubric items whose failure makes AgentV's verdict `fail` whatever the score, as
    # `agentv-grade judge` records them (`details.required_failed`); none in other files.
    required_failed: tuple[str, ...] = ()
    # What the result was judged against, as `agentv-grade judge` records it
    # (`judged_against`: the response's and the item's digests); None in a file without it.
    judged_against: JudgedAgainst | None = None
    # The result file's modification time (ns), to compare with the response's when the
    # file carries no record (one written by hand).
    mtime_ns: int | None = None
    # AgentV's `llm_graders/<stem>.json` for this stem, when it exists: its `name`, its
    # rubric outcomes and prompt text, to match the config to the eval's item by content.
    config: AgentvLlmConfig | None = None


class JudgedAgainst(Record):
    """What an LLM result was judged against (SPEC §5.6 *Stale results*): the SHA-256 of
    the response text graded and of the item (its criteria, rubric items, prompt, reference
    and the test's input), as `agentv-grade judge` writes them into the result file."""

    response_sha256: str
    item_sha256: str

    def to_json(self) -> dict[str, str]:
        return {"response_sha256": self.response_sha256, "item_sha256": self.item_sha256}


class AgentvLlmConfig(Record):
    """What `agentv pipeline input` exported for one LLM item (`llm_graders/<stem>.json`)."""

    name: str
    outcomes: tuple[str, ...] = ()
    prompt: str = ""
    weight: float = 1.0
