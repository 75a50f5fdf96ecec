"""Typed, frozen data shared by every stage: specs in, verdicts and outcomes out."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .record import Record, assignable, field, set_class

# Makes a record's assignable twin, which is filled and then made the record (below).
_new = object.__new__

if TYPE_CHECKING:  # made on first use (rundata/records.py): most gradings read none
    from .claims import Claim
    from .rundata.records import LlmResult, Timing, Transcript


class Status(str, enum.Enum):
    """SPEC §5.7's closed set of assertion states."""

    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    SKIPPED = "skipped"
    PENDING = "pending"


# Each status as a module constant. On Python 3.11 `Status.PASSED` goes through the enum
# metaclass's `__getattr__` hook, about 900 instructions against 10 for a global, and the
# grading path reads a status several times per assertion.
PASSED, FAILED, ERROR, SKIPPED, PENDING = (
    Status.PASSED,
    Status.FAILED,
    Status.ERROR,
    Status.SKIPPED,
    Status.PENDING,
)
# Each status's text, looked up once per process (an enum's `.value` is a property, and
# the report and merge files write one per assertion).
STATUS_TEXT = {status: status.value for status in Status}
# `Outcome.passed` of each status: True, False, or None (absent) for one not graded.
PASSED_OF = {PASSED: True, FAILED: False, ERROR: False}
# The statuses that count towards a test's score (SPEC §5.7): `Outcome.graded`. A tuple:
# `in` finds a member by identity, where a set would hash it through the enum's Python
# `__hash__`.
GRADED = (PASSED, FAILED, ERROR)


class TestVerdict(str, enum.Enum):
    """SPEC §5.7's closed set of test verdicts (the report's `verdict`)."""

    __test__ = False  # not a pytest test class, despite the name

    PASS = "pass"
    FAIL = "fail"
    PENDING = "pending"
    SKIPPED = "skipped"


class AssertionSpec(Record):
    """One assertion as loaded from the eval file, after type normalisation and templating.

    `options` holds every authored key (rendered), so a check reads its own parameters;
    `problem` is set when the loader already knows the assertion cannot be evaluated.
    """

    index: int
    name: str
    type: str
    options: Mapping[str, Any]
    weight: float = 1.0
    negate: bool = False
    required: bool = False
    min_score: float | None = None
    authored_type: str = ""
    normalised_from: str | None = None
    problem: str | None = None
    line: int | None = None
    children: tuple[AssertionSpec, ...] = ()

    @property
    def value(self) -> Any:
        return self.options.get("value")


# AssertionSpec's assignable twin (`record.assignable`), which `new_assertion_spec` fills.
_OpenAssertionSpec = assignable(AssertionSpec)


def new_assertion_spec(
    index: int,
    name: str,
    type: str,
    options: Mapping[str, Any],
    weight: float,
    negate: bool,
    required: bool,
    min_score: float | None,
    authored_type: str,
    normalised_from: str | None,
    problem: str | None,
    line: int | None,
    children: tuple[AssertionSpec, ...],
    /,
) -> AssertionSpec:
    """`AssertionSpec(index, name, ..., children)`, every field given by position: the
    loader's way to make each assertion (a batch builds thousands). Filled as its
    assignable twin (plain assignments) and made an AssertionSpec, where the record's own
    `__init__` sets each slot through its descriptor's `__set__` (about 800 instructions
    a slot, 10.9 K a spec, against 3.6 K this way)."""
    spec: Any = _new(_OpenAssertionSpec)
    spec.index = index
    spec.name = name
    spec.type = type
    spec.options = options
    spec.weight = weight
    spec.negate = negate
    spec.required = required
    spec.min_score = min_score
    spec.authored_type = authored_type
    spec.normalised_from = normalised_from
    spec.problem = problem
    spec.line = line
    spec.children = children
    spec.__class__ = AssertionSpec
    made: AssertionSpec = spec
    return made


class CheckItem(Record):
    """One line of a multi-check assertion (a field, a limit, a position)."""

    text: str
    passed: bool
    evidence: str = ""


class Verdict(Record):
    """What a check decided, before negation and weighting (those live in the engine).

    `score` is None for skipped and pending verdicts. `text` is AgentV's statement for
    the assertion; `evidence` quotes what was found (or what was looked at).
    `negation_proof` is set when the answer must not be inverted by negation (e.g. a
    missing target_output_key: the assertion fails whether negated or not); `children`
    are a group assertion's (assert-set, composite) children's outcomes, in order.
    """

    status: Status
    score: float | None
    text: str
    evidence: str = ""
    checks: tuple[CheckItem, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)
    negation_proof: bool = False
    children: tuple[Outcome, ...] = ()

    @staticmethod
    def binary(ok: bool, text_pass: str, text_fail: str, evidence: str = "") -> Verdict:
        """A score-1-or-0 verdict, the shape of every AgentV string assertion: filled as
        the assignable twin, as `new_outcome` (most checks end here)."""
        verdict: Any = _new(_OpenVerdict)
        if ok:
            verdict.status = PASSED
            verdict.score = 1.0
            verdict.text = text_pass
        else:
            verdict.status = FAILED
            verdict.score = 0.0
            verdict.text = text_fail
        verdict.evidence = evidence
        verdict.checks = ()
        verdict.details = {}
        verdict.negation_proof = False
        verdict.children = ()
        verdict.__class__ = Verdict
        made: Verdict = verdict
        return made

    @staticmethod
    def skipped(reason: str) -> Verdict:
        return Verdict(status=SKIPPED, score=None, text=reason, evidence=reason)

    @staticmethod
    def pending(text: str) -> Verdict:
        return Verdict(status=PENDING, score=None, text=text)


class Outcome(Record):
    """An assertion's final state in the report: verdict after negation, with its spec."""

    spec: AssertionSpec
    status: Status
    score: float | None
    text: str
    evidence: str
    checks: tuple[CheckItem, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)
    children: tuple[Outcome, ...] = ()

    @property
    def passed(self) -> bool | None:
        return PASSED_OF.get(self.status)

    @property
    def graded(self) -> bool:
        """Counts towards the test score (SPEC §5.7: passed, failed and error)."""
        return self.status in GRADED


# The assignable twins (`record.assignable`) `Verdict.binary` and `new_outcome` fill.
_OpenVerdict = assignable(Verdict)
_OpenOutcome = assignable(Outcome)


def new_outcome(
    spec: AssertionSpec,
    status: Status,
    score: float | None,
    text: str,
    evidence: str,
    checks: tuple[CheckItem, ...],
    details: Mapping[str, Any],
    children: tuple[Outcome, ...],
    /,
) -> Outcome:
    """`Outcome(spec, status, ..., children)`, every field given by position: the engine's
    way to make each assertion's outcome. Filled as its assignable twin and made an
    Outcome, as `new_assertion_spec`: no call of the class and its `__init__` (about
    1,700 instructions of the 4,800 an outcome cost)."""
    outcome: Any = _new(_OpenOutcome)
    outcome.spec = spec
    outcome.status = status
    outcome.score = score
    outcome.text = text
    outcome.evidence = evidence
    outcome.checks = checks
    outcome.details = details
    outcome.children = children
    outcome.__class__ = Outcome
    made: Outcome = outcome
    return made


# Builds a test's assertion list on first use: (the specs, the warnings building them gave).
AssertionBuilder = Callable[[], "tuple[tuple[AssertionSpec, ...], tuple[str, ...]]"]


class TestCase(Record):
    """One test of a suite, with everything grading and critique need from the eval file.

    `assertions` (with the `warnings` building them gave) may be given as a `build`
    function, run on first use: a suite of thousands of tests is loaded to grade one of
    them (a grader agent calls once per test; a batch worker grades its share), and
    building every test's assertions was most of the load (docs/SPEC.md §8). Hence a
    keyword-only `__init__` and identity equality.

    `threshold_problem` is set when the eval gives this test an unusable threshold
    (grading it is exit 2). `turns` are a conversation test's turns as authored (each a
    mapping with its `input` and `assert`): grading does not run them; the critique reads
    their assertions. `output_transform` is AgentV main's `options.transform` (JavaScript
    run on the output before every assertion, load/transform.py), or None.
    """

    __test__ = False  # not a pytest test class, despite the name

    id: str
    suite: str
    threshold: float
    threshold_source: str
    threshold_problem: Exception | None
    input_text: str
    input_messages: tuple[Mapping[str, Any], ...]
    criteria: str | None
    expected_output: Any
    vars: Mapping[str, Any]
    line: int | None
    turns: tuple[Mapping[str, Any], ...]
    output_transform: str | None
    # Set by `__init__` from its `assertions`, `warnings` and `build`; not in the repr,
    # and `replace` does not pass them on (as the dataclass's non-init fields).
    _assertions: tuple[AssertionSpec, ...] | None = field(init=False, compare=False)
    _warnings: tuple[str, ...] = field(init=False, compare=False)
    _build: AssertionBuilder | None = field(init=False, compare=False)

    __eq__ = object.__eq__
    __hash__ = object.__hash__

    def __init__(
        self,
        *,
        id: str,
        suite: str,
        threshold: float,
        threshold_source: str,
        assertions: tuple[AssertionSpec, ...] = (),
        build: AssertionBuilder | None = None,
        threshold_problem: Exception | None = None,
        input_text: str = "",
        input_messages: tuple[Mapping[str, Any], ...] = (),
        criteria: str | None = None,
        expected_output: Any = None,
        vars: Mapping[str, Any] | None = None,
        line: int | None = None,
        warnings: tuple[str, ...] = (),
        turns: tuple[Mapping[str, Any], ...] = (),
        output_transform: str | None = None,
    ) -> None:
        # Filled as its assignable twin (`_OpenTestCase`, the same slots), whose plain
        # assignments are the interpreter's cheapest way to set a slot, and made a
        # TestCase again: setting each of the 16 slots through its descriptor's `__set__`
        # cost about 1,100 instructions a slot (a batch's serial load makes thousands of
        # tests). A subclass, if any, is filled the general way.
        values = (
            id, suite, threshold, threshold_source, threshold_problem, input_text,
            input_messages, criteria, expected_output, {} if vars is None else vars, line,
            turns, output_transform, None if build is not None else assertions, warnings, build,
        )  # fmt: skip
        if type(self) is TestCase:
            set_class(self, _OpenTestCase)
            _filled(self, *values)
            return
        for slot, value in zip(_TEST_CASE_SLOTS, values, strict=True):
            slot.__set__(self, value)

    @property
    def assertions(self) -> tuple[AssertionSpec, ...]:
        """The test's assertions in order: its own, then inherited defaults."""
        if self._assertions is None:
            self._materialise()
        assert self._assertions is not None
        return self._assertions

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the eval file says wrong about this test, its assertions' first."""
        if self._build is not None:
            self._materialise()
        return self._warnings

    def _materialise(self) -> None:
        assert self._build is not None
        specs, warnings = self._build()
        object.__setattr__(self, "_assertions", specs)
        object.__setattr__(self, "_warnings", warnings + self._warnings)
        object.__setattr__(self, "_build", None)

    def reference_answer(self) -> Any:
        """`expected_output` (or `vars.expected_output`) as a reader wants it: for a list of
        messages, the last `assistant` message's content (AgentV's rule, SPEC §3)."""
        raw = self.expected_output
        if raw is None:
            raw = self.vars.get("expected_output")
        if (
            isinstance(raw, list)
            and raw
            and all(isinstance(m, Mapping) and "role" in m for m in raw)
        ):
            for message in reversed(raw):
                if message.get("role") == "assistant" and message.get("content") is not None:
                    return message.get("content")
            return None
        return raw


# TestCase's slots in the order its `__init__` gives their values.
_TEST_CASE_SLOTS = tuple(
    getattr(TestCase, name)
    for name in (
        "id", "suite", "threshold", "threshold_source", "threshold_problem", "input_text",
        "input_messages", "criteria", "expected_output", "vars", "line", "turns",
        "output_transform", "_assertions", "_warnings", "_build",
    )
)  # fmt: skip


# TestCase's assignable twin (`record.assignable`), which `TestCase.__init__` fills.
_OpenTestCase = assignable(TestCase)


def new_test_case(
    id: str,
    suite: str,
    threshold: float,
    threshold_source: str,
    threshold_problem: Exception | None,
    input_text: str,
    input_messages: tuple[Mapping[str, Any], ...],
    criteria: str | None,
    expected_output: Any,
    vars: Mapping[str, Any],
    line: int | None,
    turns: tuple[Mapping[str, Any], ...],
    output_transform: str | None,
    build: AssertionBuilder,
    warnings: tuple[str, ...] = (),
    /,
) -> TestCase:
    """`TestCase(id=id, ..., build=build, warnings=warnings)`, its fields by position in
    this order: the eval loader's way to make each test of a suite, without the keyword
    call's binding of 16 names (a batch's serial load makes thousands of tests)."""
    return _filled(
        _new(_OpenTestCase), id, suite, threshold, threshold_source, threshold_problem,
        input_text, input_messages, criteria, expected_output, vars, line, turns,
        output_transform, None, warnings, build,
    )  # fmt: skip


def _filled(
    record: Any,
    id: str,
    suite: str,
    threshold: float,
    threshold_source: str,
    threshold_problem: Exception | None,
    input_text: str,
    input_messages: tuple[Mapping[str, Any], ...],
    criteria: str | None,
    expected_output: Any,
    vars: Mapping[str, Any],
    line: int | None,
    turns: tuple[Mapping[str, Any], ...],
    output_transform: str | None,
    assertions: tuple[AssertionSpec, ...] | None,
    warnings: tuple[str, ...],
    build: AssertionBuilder | None,
) -> TestCase:
    """An `_OpenTestCase` `record` with every slot set, made a TestCase."""
    record.id = id
    record.suite = suite
    record.threshold = threshold
    record.threshold_source = threshold_source
    record.threshold_problem = threshold_problem
    record.input_text = input_text
    record.input_messages = input_messages
    record.criteria = criteria
    record.expected_output = expected_output
    record.vars = vars
    record.line = line
    record.turns = turns
    record.output_transform = output_transform
    record._assertions = assertions
    record._warnings = warnings
    record._build = build
    record.__class__ = TestCase
    made: TestCase = record
    return made


class Suite(Record):
    """A loaded eval file: its tests in file order and what was said about it."""

    path: str
    name: str
    sha256: str
    tests: tuple[TestCase, ...]
    raw_tests: Mapping[str, int] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()

    def test_ids(self) -> list[str]:
        return [t.id for t in self.tests]


class RunData(Record):
    """Everything an assertion may look at for one test: pure data, no I/O left to do.

    A `*_problem` is the reason a side file could not be used (assertions that need
    it become `error`); `None` data with no problem means the file is simply absent.
    `llm_results`: the grader agent's LLM results by file stem (SPEC §5.6), read by
    rundata.llm_results. The claims checked against the transcript are worked out on the
    first call of `claims()` and kept (`init=False` fields: not compared, not passed by `replace`).
    """

    test: TestCase
    response: str
    response_path: str | None = None
    eval_dir: str = "."
    timing: Timing | None = None
    timing_problem: str | None = None
    transcript: Transcript | None = None
    transcript_problem: str | None = None
    llm_results: Mapping[str, LlmResult] = field(default_factory=dict)
    _claims: tuple[Claim, ...] | None = field(default=None, init=False, compare=False)
    _claims_checked: bool = field(default=False, init=False, compare=False)

    def claims(self) -> tuple[Claim, ...] | None:
        """The response's claims checked against the transcript (SPEC §5.9), checked on
        the first call and kept: grading writes them to `claims.json` and
        `claims-consistent` scores them, one check per test. None without a usable
        transcript; the checker is imported only with one (cold start, §8)."""
        if not self._claims_checked:
            claims = None
            if self.transcript is not None:
                from .claims import check_claims

                claims = check_claims(
                    self.response, self.transcript, self.test.input_text, self.timing
                )
            object.__setattr__(self, "_claims", claims)
            object.__setattr__(self, "_claims_checked", True)
        return self._claims


# RunData's assignable twin (`record.assignable`), which `run_with_response` fills.
_OpenRunData = assignable(RunData)


def run_with_response(run: RunData, response: str) -> RunData:
    """`replace(run, response=response)`: the critique grades each decoy on a copy of the
    test's run with the decoy for its response. Filled as the assignable twin and made a
    RunData, as `new_outcome`, where `replace` built a keyword mapping of the fields and
    called the class (its claims not yet checked, as `replace` leaves them)."""
    made: Any = _new(_OpenRunData)
    made.test = run.test
    made.response = response
    made.response_path = run.response_path
    made.eval_dir = run.eval_dir
    made.timing = run.timing
    made.timing_problem = run.timing_problem
    made.transcript = run.transcript
    made.transcript_problem = run.transcript_problem
    made.llm_results = run.llm_results
    made._claims = None
    made._claims_checked = False
    made.__class__ = RunData
    fresh: RunData = made
    return fresh
