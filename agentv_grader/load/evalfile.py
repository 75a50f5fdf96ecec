"""Read an AgentV eval file (YAML suite or JSONL + sidecar) into a `Suite` (SPEC §3)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from typing import Any

from ..digest import sha256_hex
from ..errors import GradeInputError, SpecError
from ..model import AssertionSpec, Suite, TestCase, new_test_case
from ..record import replace
from . import templating
from .assertions import ListContext, build_list, judge_items_named, kind_of
from .files import decode_utf8, read_text_file, read_utf8
from .prompts import PROMPT_KEY, expand_prompts
from .transform import transform_spec
from .yaml12 import JsonShape, YamlMap, gc_paused, jsonl_rows, load_yaml

DEFAULT_THRESHOLD = 0.8
_LIST_KEYS = ("assertions", "assert")
_EXEC_LIST_KEYS = ("assert", "evaluators")
# SPEC §3: the base name without `.eval.yaml`/`.eval.yml`, then `.yaml`/`.yml`, in any
# case (AgentV main's yaml-parser.ts), or without `.jsonl`.
# (This and the patterns below compiled on first use, through `re`'s cache: a cold start
# imports this module, and most loads need none of them.)
_SUITE_SUFFIX = r"(?i:(?:\.eval)?\.ya?ml$|\.jsonl$)"
_TEST_LIST_KEYS = ("tests", "evalcases", "eval_cases")
# Where a JSONL suite keeps its sidecar's `execution` (not a key an author can write).
SIDECAR_EXECUTION = "\x00sidecar execution"


def _load_json(text: str, path: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise GradeInputError(
            f"invalid JSON: {exc.msg}", file=path, line=exc.lineno, col=exc.colno
        ) from None
    except RecursionError:
        raise GradeInputError("JSON nesting too deep", file=path) from None


def suite_name_from_path(path: str) -> str:
    return re.sub(_SUITE_SUFFIX, "", os.path.basename(path), count=1) or "eval"


def load_suite(
    path: str,
    *,
    data: bytes | None = None,
    digest: Callable[[], str | None] | None = None,
    keep: list[Any] | None = None,
    shape: Callable[[], JsonShape | None] | None = None,
) -> Suite:
    """Load every test of an eval file. Raises GradeInputError for unusable files.

    `data`: the file's bytes, when the caller has read them (`read_text_file`); `digest`:
    asked for their SHA-256 once the tests are built, when it is worked out elsewhere
    (batch mode's scout process), computed here when it gives None; `keep`: given what
    parsing a JSON text made and the load no longer needs, which is then not freed here
    (`load_yaml`); `shape`: asked, for a JSON text, for `yaml12.json_shape` of the text of
    `data`, likewise.
    """
    with gc_paused():
        return _load_suite(path, data, digest, keep, shape)


def _load_suite(
    path: str,
    data: bytes | None,
    digest: Callable[[], str | None] | None,
    keep: list[Any] | None = None,
    shape: Callable[[], JsonShape | None] | None = None,
) -> Suite:
    if data is None:
        data = read_text_file(path, "eval file")
    doc: Any
    if re.search(r"\.eval\.m?ts$", path, re.IGNORECASE):
        from .tseval import typescript_eval_document

        doc = typescript_eval_document(path)
        text = json.dumps(doc)
    else:
        text = decode_utf8(data, path)
        if path.endswith(".jsonl"):
            doc = _jsonl_document(text, path)
        else:
            doc = load_yaml(text, path, keep=keep, shape=shape)
    if "env." in text and "{{" in text and (path.endswith(".jsonl") or may_render_env(text)):
        from .roots import environment, interpolate_env

        doc = interpolate_env(doc, environment(os.path.dirname(os.path.abspath(path))))
    if not isinstance(doc, Mapping):
        raise GradeInputError(
            f"eval file must be a mapping with 'tests', got {kind_of(doc)}",
            file=path,
            hint="see AgentV's eval file format",
        )
    builder = _SuiteBuilder(path, doc)
    bytes_read = data

    def hashed() -> str:
        found = digest() if digest is not None else None
        return sha256_hex(bytes_read) if found is None else found

    return builder.build(hashed)


# `{{`, then what the file can write between it and `env.` in a string that reads
# `{{ env.` (white space, an escape, a folded line break), then `env.`.
_ENV_BLOCK_WRITTEN = r"\{\{[\s\\\w]*env\."
# An escape that could stand for one of the characters `{{` and `env.` are written with,
# or an escaped line break (YAML's, which joins the characters either side of it).
_ENV_CHAR_ESCAPED = r"\\(?:(?:x|u00|U000000)(?:7[bB]|65|6[eE]|76|2[eE])|[ \t]*[\r\n])"


def may_render_env(text: str) -> bool:
    """Whether the document parsed from `text` (the whole of it: not a JSONL suite, whose
    sidecar adds strings) may hold a string that `{{ env.X }}` rendering changes.

    Such a string reads `{{`, white space, `env.` (roots._ENV_BLOCK). Written in the file
    with those characters themselves, `{{` is followed there by white space, escapes and
    line breaks only (letters, digits, `_`, backslashes: what an escape is written with)
    before `env.`; written with an escape for one of them, or across an escaped line
    break, the file holds that escape.
    False means neither is in the file, and rendering would leave every string as it is,
    so the walk over the whole document (most of a big suite's load when a prompt merely
    mentions `.env.example`) is skipped."""
    return bool(re.search(_ENV_BLOCK_WRITTEN, text) or re.search(_ENV_CHAR_ESCAPED, text))


def _jsonl_document(text: str, path: str) -> dict[str, Any]:
    """A `.jsonl` suite: rows, plus the optional `<base>.yaml` sidecar (AgentV's rule).

    The sidecar gives `name`, `description` and an `execution` block: a row without its
    own `execution` uses the sidecar's, whose `assert` list is appended to the row's own
    (AgentV main's jsonl-parser and parseGraders).
    """
    tests = jsonl_rows(text, path)
    doc: dict[str, Any] = {}
    sidecar = path[: -len(".jsonl")] + ".yaml"
    if os.path.isfile(sidecar):
        side = load_yaml(read_utf8(sidecar, "sidecar file"), sidecar)
        if not isinstance(side, Mapping):
            raise GradeInputError(
                f"sidecar file must be a mapping, got {kind_of(side)}", file=sidecar
            )
        doc.update({k: v for k, v in side.items() if k != "tests"})
        execution = side.get("execution")
        if isinstance(execution, Mapping):
            doc[SIDECAR_EXECUTION] = execution
    doc["tests"] = tests
    return doc


class _NoId(Exception):
    """A test that cannot be named: left out with a warning, so it never blocks the others."""


class _SuiteBuilder:
    """Walks one eval document; holds the suite-level defaults the tests inherit."""

    def __init__(self, path: str, doc: Mapping[str, Any]) -> None:
        self.path = path
        self.doc = doc
        self.dir = os.path.dirname(os.path.abspath(path))
        self.warnings: list[str] = []
        self.jsonl = path.endswith(".jsonl")
        # Tests of other eval files (`include` entries with `type: suite`), listed first.
        self.imported: list[TestCase] = []
        default_test = doc.get("default_test")
        if isinstance(default_test, str):
            default_test = self._default_test_file(default_test)
        self.default_test: Mapping[str, Any] = (
            default_test if isinstance(default_test, Mapping) else {}
        )
        # What every test inherits, looked up once rather than per test (a batch's serial
        # load makes thousands of tests, most of which inherit nothing).
        default_vars = self.default_test.get("vars")
        self._default_vars = default_vars if isinstance(default_vars, Mapping) else None
        self._suite_threshold = _first_given(
            ("default_test.threshold", self.default_test.get("threshold")),
            ("top-level threshold", doc.get("threshold")),
        )
        prompts = doc.get("prompts")
        self._first_prompt = (
            prompts[0]
            if isinstance(prompts, list) and prompts and isinstance(prompts[0], str)
            else None
        )
        self._default_transform = transform_spec({}, self.default_test)
        # What a test without a threshold of its own gets (`_threshold`), when the suite
        # gives none or a good one, and with it whether a test can take `_plain_test`.
        given = self._suite_threshold
        self._plain_threshold: tuple[float, str] | None = (
            (DEFAULT_THRESHOLD, "default") if given is None else _good_threshold(*given)
        )
        self._plain_suite = (
            not self.jsonl and self._default_vars is None and self._plain_threshold is not None
        )

    def _default_test_file(self, ref: str) -> Mapping[str, Any]:
        """`default_test: file://x.yaml`: a mapping found through AgentV's search roots."""
        line = getattr(self.doc, "line", None)
        if not ref.startswith("file://"):
            raise GradeInputError(
                f"default_test must be a mapping or a file:// reference, got {ref!r}",
                file=self.path,
                line=line,
            )
        from .roots import environment, interpolate_env, resolve_reference

        found = resolve_reference(ref[len("file://") :], self.dir)
        if found is None:
            raise GradeInputError(
                f"default_test file not found: {ref}", file=self.path, hint="check the path"
            )
        text = read_utf8(found, "default_test file")
        loaded = load_yaml(text, found)
        if "env." in text:
            loaded = interpolate_env(loaded, environment(self.dir))
        if not isinstance(loaded, Mapping):
            raise GradeInputError("default_test file must hold a mapping", file=found)
        if "assertions" in loaded:
            raise GradeInputError(
                "default_test file must use 'assert', not 'assertions' (AgentV main's rule)",
                file=found,
                line=getattr(loaded["assertions"], "line", None),
            )
        return loaded

    def build(self, digest: Callable[[], str]) -> Suite:
        """The suite, its tests built; `digest()` gives the file's SHA-256, asked last."""
        raw_tests = expand_prompts(self._raw_tests() + self._scenario_tests(), self.doc, self)
        plain = self._plain_suite
        raw_tests = [
            row
            for entry in raw_tests
            # (a test without vars in a suite without default vars is its only row)
            for row in ((entry,) if plain and entry.get("vars") is None else self._var_rows(entry))
        ]
        name = self.doc.get("name")
        if isinstance(name, str) and name.strip():
            suite_name = name.strip()
        else:
            suite_name = suite_name_from_path(self.path)
        self.warnings.extend(refused_run_controls(self.doc))
        tests: list[TestCase] = list(self.imported)
        counts: dict[str, int] = {}
        for case in tests:
            counts[case.id] = counts.get(case.id, 0) + 1
        for entry in raw_tests:
            try:
                case = self._test(entry, suite_name)
            except _NoId as exc:
                self.warnings.append(str(exc))
                continue
            counts[case.id] = counts.get(case.id, 0) + 1
            tests.append(case)
        return Suite(
            path=self.path,
            name=suite_name,
            sha256=digest(),
            tests=tuple(tests),
            raw_tests=counts,
            warnings=tuple(self.warnings),
        )

    def _var_rows(self, entry: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        """A var whose value is a list starting with a string (or empty) makes one test per
        value, several such vars their product, as AgentV main expands them (its
        expandArrayVarCases): each row's vars hold one value; ids may use them."""
        variables = self._vars(entry)
        if not variables or not any(_expands(v) for v in variables.values()):
            return [entry]
        rows: list[dict[str, Any]] = [{}]
        for name, value in variables.items():
            values = value if _expands(value) else [value]
            rows = [{**row, name: candidate} for row in rows for candidate in values]
        out: list[Mapping[str, Any]] = []
        for row_vars in rows:
            copy = YamlMap({**entry, "vars": row_vars})
            copy.line, copy.col = getattr(entry, "line", None), getattr(entry, "col", None)
            out.append(copy)
        return out

    def _scenario_tests(self) -> list[Mapping[str, Any]]:
        """`scenarios: [{config: [rows], tests: [tests]}]`: one test per row and test, as
        AgentV main lowers them (vars, metadata, options, run merged; assert lists joined)."""
        scenarios = self.doc.get("scenarios")
        if scenarios is None:
            return []
        line: int | None = getattr(scenarios, "line", None)
        if not isinstance(scenarios, list):
            raise GradeInputError("'scenarios' must be a list", file=self.path, line=line)
        out: list[Mapping[str, Any]] = []
        scenarios = [
            found
            for entry in scenarios
            for found in (
                self._scenario_file(entry)
                if isinstance(entry, str) and entry.startswith("file://")
                else [entry]
            )
        ]
        for s_index, scenario in enumerate(scenarios):
            rows = scenario.get("config") if isinstance(scenario, Mapping) else None
            tests = scenario.get("tests") if isinstance(scenario, Mapping) else None
            if not isinstance(rows, list) or not isinstance(tests, list):
                raise GradeInputError(
                    f"scenarios[{s_index}] must be a mapping with 'config' and 'tests' lists",
                    file=self.path,
                    line=getattr(scenario, "line", line),
                )
            for c_index, row in enumerate(rows):
                for t_index, test in enumerate(tests):
                    if not isinstance(row, Mapping) or not isinstance(test, Mapping):
                        raise GradeInputError(
                            f"scenarios[{s_index}]: config rows and tests must be mappings",
                            file=self.path,
                            line=getattr(scenario, "line", line),
                        )
                    out.append(_scenario_test(row, test, (s_index, c_index, t_index), len(tests)))
        return out

    def _scenario_file(self, ref: str) -> list[Any]:
        """`scenarios: [file://x.yaml]` (a glob allowed, its matches sorted): a list of
        scenarios, or a mapping with `scenarios` (AgentV main's scenario-file-loader)."""
        import glob

        pattern = os.path.join(self.dir, ref[len("file://") :])
        paths = sorted(glob.glob(pattern, recursive=True)) if glob.has_magic(pattern) else [pattern]
        found: list[Any] = []
        for path in paths:
            if path.endswith(".json"):
                loaded = _load_json(read_utf8(path, "scenario file"), path)
            elif path.endswith((".yaml", ".yml")):
                loaded = load_yaml(read_utf8(path, "scenario file"), path)
            else:
                raise GradeInputError(
                    "a scenario file must be .yaml, .yml or .json", file=path, hint=ref
                )
            if isinstance(loaded, Mapping) and isinstance(loaded.get("scenarios"), list):
                loaded = loaded["scenarios"]
            if loaded is None:
                continue  # an empty file: AgentV skips it with a warning
            if not isinstance(loaded, list):
                raise GradeInputError(
                    "a scenario file must hold a list of scenarios or a mapping with 'scenarios'",
                    file=path,
                )
            found.extend(loaded)
        return found

    def _raw_tests(self) -> list[Mapping[str, Any]]:
        present = [k for k in _TEST_LIST_KEYS if k in self.doc]
        if not present and "scenarios" in self.doc:
            return []
        if not present:
            raise GradeInputError(
                "eval file has no 'tests' list", file=self.path, hint="add tests: [...]"
            )
        key = present[0]
        if len(present) > 1:
            self.warnings.append(
                f"the eval file has several test lists ({', '.join(present)}); "
                f"using '{key}', the others are ignored"
            )
        listed = self.doc[key]
        if isinstance(listed, str):
            return self._case_file(listed, shorthand=True)
        if not isinstance(listed, list):
            raise GradeInputError(
                f"'{key}' must be a list, got {kind_of(listed)}",
                file=self.path,
                line=getattr(listed, "line", None),
            )
        out: list[Mapping[str, Any]] = []
        for entry in listed:
            if type(entry) is YamlMap and "include" not in entry:
                out.append(entry)  # the usual test, without an ABC's `Mapping` checks
                continue
            if isinstance(entry, str):
                if entry.strip():
                    out.extend(self._case_file(entry, shorthand=not entry.startswith("file://")))
            elif _is_include_entry(entry):
                out.extend(self._include_entry(entry))
            elif isinstance(entry, Mapping):
                out.append(entry)
            else:
                raise GradeInputError(
                    f"each test must be a mapping or a file:// path, got {kind_of(entry)}",
                    file=self.path,
                    line=getattr(listed, "line", None),
                )
        return out

    def _include_entry(self, entry: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        """`{include: path, type: tests|suite, select?, run?}` (AgentV main still loads these
        deprecated entries): `tests` takes the cases of the files (or an eval file's tests),
        `suite` the tests of another eval file as that file loads them; `select.test_ids`
        (globs) keeps some; `run` is laid under each case's own."""
        from .casefiles import resolve_include_paths

        where: dict[str, Any] = {"file": self.path, "line": getattr(entry, "line", None)}
        ref = str(entry["include"]).strip()
        mode = entry.get("type")
        if mode not in ("tests", "suite"):
            raise GradeInputError(f"include '{ref}' needs type: tests or type: suite", **where)
        patterns = _select_patterns(entry.get("select"), ref, where)
        run = entry.get("run")
        cases: list[Mapping[str, Any]] = []
        for path in resolve_include_paths(ref, self.dir):
            if mode == "suite":
                self.imported.extend(_imported_tests(path, patterns, ref, where))
                continue
            for case in _include_cases(path):
                if patterns is not None and not _selected(case.get("id"), patterns):
                    continue
                if isinstance(run, Mapping):
                    merged = YamlMap(case)
                    merged.line, merged.col = getattr(case, "line", None), None
                    merged["run"] = {**run, **_mapping(case.get("run"))}
                    case = merged
                cases.append(case)
        return cases

    def _case_file(self, ref: str, *, shorthand: bool) -> list[Mapping[str, Any]]:
        """Tests from files (load/casefiles.py, AgentV main's case-file rules): YAML, JSON,
        JSONL, CSV, a test generator, globs; with `shorthand` also a folder of
        `*/case.yaml`. Paths are resolved from the eval file's folder (SPEC §3)."""
        from .casefiles import load_reference

        cases = load_reference(ref, self.dir, shorthand=shorthand)
        if cases and _has_env_template(cases):
            from .roots import environment, interpolate_env

            cases = interpolate_env(cases, environment(self.dir))
        return cases

    def _test(self, entry: Mapping[str, Any], suite: str) -> TestCase:
        line = getattr(entry, "line", None)
        if self._plain_suite:
            plain = self._plain_test(entry, suite, line)
            if plain is not None:
                return plain
        variables = self._vars(entry)
        raw_id = entry.get("id")
        if isinstance(raw_id, (int, float)) and not isinstance(raw_id, bool):
            raw_id = str(raw_id)
        if not isinstance(raw_id, str) or not raw_id.strip():
            raise _NoId(
                f"{self._where(line)}: a test has no 'id' (a non-empty string); it cannot be graded"
            )
        test_id = str(raw_id)
        if "{{" in raw_id or "{%" in raw_id:  # (templating.has_template, without a call)
            try:
                test_id = str(templating.render_string(raw_id, variables))
            except SpecError as exc:
                raise _NoId(
                    f"{self._where(line)}: test id {raw_id!r} cannot be rendered: {exc}"
                ) from None

        def build() -> tuple[tuple[AssertionSpec, ...], tuple[str, ...]]:
            ctx = ListContext(test_id=test_id, eval_dir=self.dir, variables=variables)
            specs = self._assertions(entry, ctx)
            return judge_items_named(specs), tuple(ctx.warnings)

        warnings = (
            self._unread_thresholds(entry, self._where(line), test_id)
            if self.jsonl or entry.get("threshold") is not None
            else []
        )
        threshold, source, threshold_problem = self._threshold(entry, line)
        prompt = self._input(entry, variables)
        expected = _render_soft(
            _one_message_as_list(
                entry["expected_output"]
                if "expected_output" in entry
                else variables.get("expected_output")
                if variables
                else None
            ),
            variables,
        )
        criteria = entry.get("criteria")
        if criteria is None:  # (_criteria_of, without a call per test)
            criteria = entry.get("expected_outcome")
        criteria = _render_soft(criteria, variables)
        if criteria is not None and not isinstance(criteria, str):
            warnings.append(
                f"{self._where(line)}: test '{test_id}' criteria must be text, "
                f"got {kind_of(criteria)}; it was ignored"
            )
            criteria = None
        turns = entry.get("turns")
        transform = self._default_transform
        if entry.get("options") is not None:
            transform = transform_spec(entry, self.default_test)
        return new_test_case(  # (TestCase's fields by position: a keyword call costs more)
            test_id,
            suite,
            threshold,
            source,
            threshold_problem,
            prompt if type(prompt) is str else _message_text(prompt),  # input_text
            _messages(prompt),  # input_messages
            criteria,
            expected,  # expected_output
            variables,
            line,
            () if turns is None else _turns(turns),
            transform,  # output_transform
            build,
            tuple(warnings),
        )

    # `_test` of the usual test, written out without the calls each step makes for what
    # it does not hold (a batch's serial load builds thousands of tests), or None for a
    # test with anything more: in a plain suite (`_plain_suite`: no JSONL, no default
    # vars, the suite's threshold none or a good one), a test whose id is a
    # text without templates, with no vars, run, execution, threshold, options, turns,
    # expected_output or input_messages, whose input is a text (or none, with no prompt
    # given) and whose criteria is a text or none, templates in neither. (A comment, not
    # a docstring: a cold start reads it for nothing.) The tests check that it answers
    # as `_test` does, field by field.
    def _plain_test(
        self, entry: Mapping[str, Any], suite: str, line: int | None
    ) -> TestCase | None:
        """The usual test, built with fewer calls; None: `_test` builds it."""
        raw_id = entry.get("id")
        if type(raw_id) is not str or not raw_id.strip() or "{{" in raw_id or "{%" in raw_id:
            return None
        get = entry.get
        if not (
            get("vars") is None
            and get("run") is None
            and get("execution") is None
            and get("threshold") is None
            and get("options") is None
            and get("turns") is None
            and "expected_output" not in entry
        ):
            return None
        if "input" in entry:
            prompt = entry["input"]
        elif "input_messages" in entry or PROMPT_KEY in entry:
            return None
        else:
            prompt = None
        if prompt is None and self._first_prompt is not None:
            return None  # (the suite's first prompt stands in: `_input`)
        criteria = get("criteria")
        if criteria is None:
            criteria = get("expected_outcome")
        if type(prompt) is str:
            if "{{" in prompt or "{%" in prompt:
                return None
            messages: tuple[Mapping[str, Any], ...] = ({"role": "user", "content": prompt},)
            text = prompt
        elif prompt is None:
            messages, text = (), ""
        else:
            return None
        if criteria is not None and (
            type(criteria) is not str or "{{" in criteria or "{%" in criteria
        ):
            return None
        variables: dict[str, Any] = {}

        def build() -> tuple[tuple[AssertionSpec, ...], tuple[str, ...]]:
            ctx = ListContext(test_id=raw_id, eval_dir=self.dir, variables=variables)
            specs = self._assertions(entry, ctx)
            return judge_items_named(specs), tuple(ctx.warnings)

        threshold, source = self._plain_threshold  # type: ignore[misc]
        return new_test_case(  # (as `_test` makes it)
            raw_id,
            suite,
            threshold,
            source,
            None,  # threshold_problem
            text,  # input_text
            messages,  # input_messages
            criteria,
            None,  # expected_output
            variables,
            line,
            (),  # turns
            self._default_transform,
            build,
        )

    def _where(self, line: int | None) -> str:
        """`file:line` of a test, as its warnings name it."""
        return f"{self.path}:{line}" if line is not None else self.path

    def _vars(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        own = entry.get("vars")
        defaults = self._default_vars
        merged: dict[str, Any] = {}
        if defaults is not None:
            merged.update(defaults)
        # (None first: most tests have no vars, and a `Mapping` check is an ABC's)
        if own is not None and isinstance(own, Mapping):
            merged.update(own)
        return merged

    def _assertions(self, entry: Mapping[str, Any], ctx: ListContext) -> list[AssertionSpec]:
        present: list[tuple[str, Any]] = [(k, entry[k]) for k in _LIST_KEYS if k in entry]
        execution = _mapping(entry.get("execution"))
        present += [(f"execution.{k}", execution[k]) for k in _EXEC_LIST_KEYS if k in execution]
        if "evaluators" in entry:
            present.append(("evaluators", entry["evaluators"]))
        if len(present) > 1:
            names = ", ".join(k for k, _ in present)
            ctx.warnings.append(
                f"test '{ctx.test_id}' has several assertion lists ({names}); "
                f"using '{present[0][0]}'"
            )
        own: Any = present[0][1] if present else None
        specs = build_list(own, ctx) if present else []
        if self.jsonl and execution.get("skip_defaults") is not True:
            # AgentV main: the row's `execution`, else the sidecar's, gives an `assert` list
            # appended to the row's own (for a row's own, unless it was the list used).
            suite_exec = _mapping(entry.get("execution") or self.doc.get(SIDECAR_EXECUTION))
            appended = suite_exec.get("assert")
            if appended is not None and appended is not own:
                specs += build_list(appended, ctx, start=len(specs))
        if execution.get("skip_defaults") is not True:
            inherited = None  # made only for a suite with defaults (most have none)
            for defaults in (self.default_test.get("assert"), self.doc.get("assert")):
                if defaults is not None:
                    if inherited is None:
                        inherited = replace(ctx, literal=True, warnings=ctx.warnings)
                    specs += build_list(defaults, inherited, start=len(specs))
        if not present and not specs and isinstance(_criteria_of(entry), str):
            specs = build_list([_criteria_of(entry)], ctx)
        return specs

    def _unread_thresholds(self, entry: Mapping[str, Any], where: str, test_id: str) -> list[str]:
        """Thresholds AgentV main does not read (a test's bare `threshold`; any on a JSONL
        row): ignored as there, said so in the report."""
        unread = ["threshold"] if entry.get("threshold") is not None else []
        if self.jsonl:
            unread += [
                f"{block}.threshold"
                for block in ("run", "execution")
                if _mapping(entry.get(block)).get("threshold") is not None
            ]
        return [
            f"{where}: test '{test_id}' {key} is not read (AgentV main ignores it"
            + ("; write execution.threshold)" if key == "threshold" and not self.jsonl else ")")
            for key in unread
        ]

    def _threshold(
        self, entry: Mapping[str, Any], line: int | None
    ) -> tuple[float, str, GradeInputError | None]:
        """The test's threshold by AgentV's precedence (SPEC §2).

        A bad one is exit 2 naming the file, the test's line and the field, when that test
        is graded (docs/SPEC.md §3): no verdict can be given without it, but the other
        tests of the file stay usable.
        """
        given: tuple[str, Any] | None = None
        run, execution = entry.get("run"), entry.get("execution")
        # (AgentV main reads no threshold from a JSONL row; most tests have neither block)
        if not self.jsonl and (run is not None or execution is not None):
            given = _first_given(
                ("run.threshold", _mapping(run).get("threshold")),
                ("execution.threshold", _mapping(execution).get("threshold")),
            )
        if given is None:
            given = self._suite_threshold
        if given is None:
            return DEFAULT_THRESHOLD, "default", None
        source, value = given
        good = _good_threshold(source, value)
        if good is None:
            problem = GradeInputError(
                f"{source} must be a number in 0..1, got {value!r}",
                file=self.path,
                line=line,
                hint="write e.g. 0.8",
            )
            return DEFAULT_THRESHOLD, source, problem
        return good[0], source, None

    def _input(self, entry: Mapping[str, Any], variables: Mapping[str, Any]) -> Any:
        """The prompt (text or messages), rendered: `input`, `input_messages`, the prompt
        a `prompts` matrix gave this test, else the first of the suite's `prompts`. The
        critique's echo and leak checks use it."""
        if "input" in entry:
            raw = entry["input"]
        elif "input_messages" in entry:
            raw = entry["input_messages"]
        else:
            raw = entry.get(PROMPT_KEY)
        if raw is None:
            raw = self._first_prompt
        return _render_soft(raw, variables)


def _good_threshold(source: str, value: Any) -> tuple[float, str] | None:
    """(the threshold, `source`) for a number in 0..1 (not a bool), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (0 <= value <= 1):
        return None
    return float(value), source


def _first_given(*candidates: tuple[str, Any]) -> tuple[str, Any] | None:
    """The first (source, value) whose value is given (not None)."""
    for candidate in candidates:
        if candidate[1] is not None:
            return candidate
    return None


# Run controls AgentV main refuses to load (yaml-parser.ts:2664-2679 and experiment.ts:190-203
# at 58f316ca2), with its guidance. They say how often a target runs, never how one response
# is graded, so agentv-grade grades the file as the released 4.x does and warns instead.
_REMOVED_TOP_LEVEL = {
    "runs": "top-level 'runs' has been removed. Use a positive integer evaluate_options.repeat",
    "early_exit": (
        "top-level 'early_exit' has been removed. Use a positive integer evaluate_options.repeat"
    ),
    "repeat": "top-level 'repeat' has been removed. Use evaluate_options.repeat",
}


def refused_run_controls(doc: Mapping[str, Any]) -> list[str]:
    """Warnings for the run controls of `doc` that make AgentV main refuse the file."""
    found = [
        f"AgentV main refuses this file: {guidance} (graded as AgentV 4.x grades it)"
        for key, guidance in _REMOVED_TOP_LEVEL.items()
        if key in doc
    ]
    options = doc.get("evaluate_options")
    repeat = options.get("repeat") if isinstance(options, Mapping) else None
    positive = (
        isinstance(repeat, (int, float))
        and not isinstance(repeat, bool)
        and repeat > 0
        and float(repeat).is_integer()
    )
    if repeat is not None and not positive:
        found.append(
            "AgentV main refuses this file: evaluate_options.repeat must be a positive integer; "
            "the repeat object shape has been removed, use evaluate_options.repeat: 2 "
            "(graded as AgentV 4.x grades it)"
        )
    return found


def _turns(raw: Any) -> tuple[Mapping[str, Any], ...]:
    """A conversation test's turns as authored (the mappings among them)."""
    if not isinstance(raw, list):
        return ()
    return tuple(turn for turn in raw if isinstance(turn, Mapping))


def _merged(first: Any, second: Any) -> dict[str, Any] | None:
    out = {
        **(first if isinstance(first, Mapping) else {}),
        **(second if isinstance(second, Mapping) else {}),
    }
    return out or None


def _joined(first: Any, second: Any) -> list[Any] | None:
    out = [
        *(first if isinstance(first, list) else [] if first is None else [first]),
        *(second if isinstance(second, list) else [] if second is None else [second]),
    ]
    return out or None


def _scenario_test(
    row: Mapping[str, Any], test: Mapping[str, Any], where: tuple[int, int, int], count: int
) -> Mapping[str, Any]:
    """One scenario row joined with one test (AgentV main's mergeScenarioTestRows)."""
    s_index, c_index, t_index = where
    out = YamlMap({**row, **test})
    out.line, out.col = getattr(test, "line", None), None
    for key in ("vars", "metadata", "options", "run"):
        merged = _merged(row.get(key), test.get(key))
        if merged is not None:
            out[key] = merged
    joined = _joined(row.get("assert"), test.get("assert"))
    if joined is not None:
        out["assert"] = joined
    test_id, row_id = test.get("id"), row.get("id")
    if isinstance(test_id, str) and test_id.strip():
        out["id"] = test_id
    elif isinstance(row_id, str) and row_id.strip():
        out["id"] = f"{row_id}__scenario_test_{t_index + 1}" if count > 1 else row_id
    else:
        out["id"] = f"scenario-{s_index + 1}-{c_index + 1}-{t_index + 1}"
    return out


def _expands(value: Any) -> bool:
    """AgentV main's shouldExpandVarValue: a list that is empty or starts with a string."""
    return isinstance(value, list) and (not value or isinstance(value[0], str))


def _is_include_entry(entry: Any) -> bool:
    """AgentV main's test-list include entry: a mapping whose `include` is a path."""
    return (
        isinstance(entry, Mapping)
        and isinstance(entry.get("include"), str)
        and bool(entry["include"].strip())
    )


def _select_patterns(select: Any, ref: str, where: dict[str, Any]) -> list[str] | None:
    """`select`: a glob, a list of globs, or `{test_ids: …}`; None selects every test."""
    if select is None:
        return None
    if isinstance(select, Mapping):
        if select.get("tags") is not None or select.get("metadata") is not None:
            raise GradeInputError(
                f"include '{ref}': select by tags or metadata is not supported here "
                "(select by test_ids)",
                **where,
            )
        select = select.get("test_ids", select.get("testIds"))
        if select is None:
            return None
    patterns = [select] if isinstance(select, str) else select
    if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
        raise GradeInputError(f"include '{ref}': select must be a glob or a list of globs", **where)
    return [p.strip() for p in patterns if p.strip()]


def _selected(test_id: Any, patterns: list[str]) -> bool:
    import fnmatch

    return isinstance(test_id, str) and any(fnmatch.fnmatchcase(test_id, p) for p in patterns)


def _include_cases(path: str) -> list[Mapping[str, Any]]:
    """The raw cases a `type: tests` include takes from one path (AgentV main's
    loadRawCasesForInclude): an eval file's own tests, a folder's cases, a file's."""
    from .casefiles import load_directory, load_file, load_reference

    if not re.search(r"\.eval\.ya?ml$", path, re.IGNORECASE):
        return load_directory(path) if os.path.isdir(path) else load_file(path)
    doc = load_yaml(read_utf8(path, "included eval file"), path)
    tests = doc.get("tests") if isinstance(doc, Mapping) else None
    folder = os.path.dirname(path)
    if isinstance(tests, str):
        return load_reference(tests, folder, shorthand=True)
    if not isinstance(tests, list):
        return []
    cases: list[Mapping[str, Any]] = []
    for entry in tests:
        if isinstance(entry, str) and entry.startswith("file://"):
            cases += load_reference(entry, folder, shorthand=False)
        elif isinstance(entry, Mapping):
            cases.append(entry)
    return cases


_IMPORTING: set[str] = set()


def _imported_tests(
    path: str, patterns: list[str] | None, ref: str, where: dict[str, Any]
) -> list[TestCase]:
    """The tests of another eval file (`type: suite`), loaded as that file loads them."""
    key = os.path.realpath(path)
    if key in _IMPORTING:
        raise GradeInputError(f"include '{ref}' imports a suite that imports it back", **where)
    _IMPORTING.add(key)
    try:
        suite = load_suite(path)
    finally:
        _IMPORTING.discard(key)
    return [t for t in suite.tests if patterns is None or _selected(t.id, patterns)]


def _has_env_template(value: Any) -> bool:
    """Whether some string inside holds `{{ env.`…: only then is a case file rendered."""
    if isinstance(value, str):
        return "env." in value and "{{" in value
    if isinstance(value, list):
        return any(_has_env_template(v) for v in value)
    if isinstance(value, dict):
        return any(_has_env_template(v) for v in value.values())
    return False


def _criteria_of(entry: Mapping[str, Any]) -> Any:
    """`criteria`, else the legacy `expected_outcome` (AgentV main still reads it)."""
    criteria = entry.get("criteria")
    return entry.get("expected_outcome") if criteria is None else criteria


def _one_message_as_list(value: Any) -> Any:
    """`expected_output: {role, content}` is one message (AgentV main's shorthand), so the
    reference answer is its content, as for a list of messages."""
    if value is not None and isinstance(value, Mapping) and "role" in value:
        return [value]
    return value


def _mapping(value: Any) -> Mapping[str, Any]:
    if value is None:
        return {}
    return value if isinstance(value, Mapping) else {}


def _render_soft(value: Any, variables: Mapping[str, Any]) -> Any:
    """Render reference data (criteria, input, expected_output) as AgentV does; on a
    template error keep it raw: the assertions that use it say what is wrong. A text
    that certainly fails to render is kept without Jinja2 (imported only to render)."""
    if type(value) is str:
        if "{{" not in value and "{%" not in value:
            return value  # no template: rendering gives the text back
        if templating.fails_on_undefined(value, variables):
            return value
    elif value is None:
        return None
    try:
        return templating.render_value(value, variables)
    except SpecError:
        return value


def _messages(raw: Any) -> tuple[Mapping[str, Any], ...]:
    """The prompt as chat messages: a string is one user message (AgentV's shorthand)."""
    if isinstance(raw, str):
        return ({"role": "user", "content": raw},)
    if isinstance(raw, list):
        return tuple(m for m in raw if isinstance(m, Mapping))
    return ()


def _message_text(raw: Any) -> str:
    if isinstance(raw, str):
        return raw
    if isinstance(raw, list):
        parts = []
        for message in raw:
            if isinstance(message, Mapping):
                content = message.get("content")
                if isinstance(content, str):
                    parts.append(content)
            elif isinstance(message, str):
                parts.append(message)
        return "\n".join(parts)
    return ""
