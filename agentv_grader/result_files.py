"""A graded test's files, written: the report, the critique and the merge files, each
atomically inside the test's folder, and what a previous run wrote and this one does not
removed (SPEC §6)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import merge
from .errors import GradeInputError
from .jsontext import json_bytes, parse_json
from .load.files import Listing, read_regular
from .outputs import (
    check_targets,
    folder_prefix,
    prepare_targets,
    remove_quietly,
    write_atomic,
    write_if_changed,
    write_new_folder,
)
from .report import CLAIMS_FILE, CRITIQUE_JSON, CRITIQUE_MD, REPORT_FILE

if TYPE_CHECKING:
    from .claims import Claim
    from .critique import Critique

_READ_BACK_LIMIT = 64 * 1024 * 1024  # characters of a previous report read back (SPEC §7)


def _previous_report(test_dir: str) -> dict[str, Any]:
    try:
        data = read_regular(os.path.join(test_dir, REPORT_FILE), _READ_BACK_LIMIT)
        previous = parse_json(data)  # past the limit (a device): cut short, so not JSON
    except (OSError, ValueError, RecursionError):
        return {}
    return previous if isinstance(previous, dict) else {}


def write(
    test_dir: str,
    data: dict[str, Any],
    merge_files: list[merge.MergeFile],
    critique: Critique | None,
    *,
    listing: Listing | None = None,
    claims: Sequence[Claim] | None = None,
) -> None:
    """Write merge files, the critique, then the report; remove only what a previous run
    of this tool wrote and this run does not write again (SPEC §6.2). `critique`: the
    test's own critique files; None writes none (`--no-critique`, or batch mode, which
    writes the suite's), and removes those a previous run wrote.

    The targets are checked from one listing of the test folder where `prepare_targets`
    can (a first grading then opens no previous report: the listing says there is none),
    else by `check_targets`; either way before anything is written. A result folder the
    listing found missing is written whole (`write_new_folder`). `listing`: the test
    folder's listing taken when its inputs were found, reused when nothing has run since
    that could have changed the folder. `claims`: written to `claims.json` (SPEC §5.9);
    None (no transcript) removes the one a previous run wrote.
    """
    names = [m.relpath for m in merge_files]
    names.append(REPORT_FILE)
    if critique is not None:
        names += [CRITIQUE_JSON, CRITIQUE_MD]
    if claims is not None:
        names.append(CLAIMS_FILE)
    present = prepare_targets(test_dir, names, make_folders=False, listing=listing)
    if present is None:
        check_targets((os.path.join(test_dir, name) for name in names), inside=test_dir)
    prefix = folder_prefix(test_dir)  # + a relative path: `os.path.join`'s result
    if present is not None and REPORT_FILE not in present:  # a first grading: nothing to read
        previous: dict[str, Any] = _NO_PREVIOUS
        old_files: set[str] = set()
    else:
        previous = _previous_report(test_dir)
        listed = previous.get("files")
        old_files = {f for f in listed if isinstance(f, str)} if isinstance(listed, list) else set()
    overwritten = _write_merge_files(test_dir, prefix, merge_files, present, old_files)
    if overwritten:
        data["warnings"].append(_overwritten_warning(overwritten))
    if old_files:
        for relpath in sorted(old_files - {m.relpath for m in merge_files}):
            if _is_merge_path(relpath) and _stays_inside(test_dir, prefix + relpath):
                remove_quietly(prefix + relpath)
    again = previous is not _NO_PREVIOUS and _wrote_critique(previous)
    if critique is not None:
        _rewrite(prefix + CRITIQUE_JSON, json_bytes(critique.to_json()), again)
        _rewrite(prefix + CRITIQUE_MD, critique.to_markdown(), again)
    elif again:
        remove_quietly(prefix + CRITIQUE_JSON)
        remove_quietly(prefix + CRITIQUE_MD)
    if claims is not None:
        listed_claims = {"claims": [claim.to_json() for claim in claims]}
        _rewrite(prefix + CLAIMS_FILE, json_bytes(listed_claims), bool(previous.get("claims")))
    elif previous.get("claims"):
        remove_quietly(prefix + CLAIMS_FILE)
    write_atomic(prefix + REPORT_FILE, json_bytes(data))


_NO_PREVIOUS: dict[str, Any] = {}  # no previous report (never written to)


def _wrote_critique(previous: dict[str, Any]) -> bool:
    """Whether the previous run wrote the test's own critique files: its report points
    to them (a batch run's report points to the suite's file instead, SPEC §6.1)."""
    block = previous.get("critique")
    return isinstance(block, dict) and block.get("path") == CRITIQUE_JSON


def _write_merge_files(
    test_dir: str,
    prefix: str,
    merge_files: list[merge.MergeFile],
    present: frozenset[str] | None,
    old_files: set[str],
) -> list[str]:
    """Each merge file, atomically; those of a result folder that the listing found
    missing as one new folder (a first grading), else one by one. Should the folder have
    appeared since (another writer), its paths are checked again, then written one by one.

    Returns the merge files of the previous run that another program has rewritten since
    (AgentV's `pipeline grade` writes its own results under the same names), which this
    run writes again."""
    new: dict[str, list[tuple[str, bytes]]] = {}
    overwritten: list[str] = []
    for item in merge_files:
        relpath = item.relpath
        folder, _, name = relpath.rpartition("/")
        if present is not None and folder and folder not in present:
            files = new.get(folder)
            if files is None:
                files = new[folder] = []
            files.append((name, json_bytes(item.content)))
        elif relpath in old_files:
            if _rewrite_ours(prefix + relpath, json_bytes(item.content)):
                overwritten.append(relpath)
        else:
            write_atomic(prefix + relpath, json_bytes(item.content))
    for folder, files in new.items():
        if write_new_folder(prefix + folder, files):
            continue
        paths = [f"{prefix}{folder}/{name}" for name, _ in files]
        check_targets(paths, inside=test_dir)
        for path, (_, data) in zip(paths, files, strict=True):
            write_atomic(path, data)
    return overwritten


# What every merge file this tool writes holds (`merge.merge_content`'s `details`).
_OUR_MARK = b'"graded_by": "agentv-grade"'


_MERGE_READ_LIMIT = 1024 * 1024


def _rewrite_ours(path: str, data: bytes) -> bool:
    """A merge file the previous run wrote: left alone when it still holds this text (a
    re-grade), else written again; True when another program had rewritten it (the file
    no longer carries this tool's mark)."""
    try:
        before: bytes | None = read_regular(path, _MERGE_READ_LIMIT)
    except OSError:
        before = None
    if before == data:
        return False
    write_atomic(path, data)
    return before is not None and _OUR_MARK not in before


def _overwritten_warning(paths: list[str]) -> str:
    more = f" and {len(paths) - 1} more" if len(paths) > 1 else ""
    return (
        f"{paths[0]}{more} had been rewritten by another program since agentv-grade's last "
        "run (AgentV's pipeline grade writes its own results under the same names); "
        "agentv-grade wrote its results again. Run agentv-grade after pipeline grade, "
        "then pipeline bench"
    )


def _rewrite(path: str, text: str | bytes, wrote_before: bool) -> None:
    """A file the previous run of this tool wrote is left alone when its text is the same
    (a re-grade); any other file is written without looking (a first grading)."""
    if wrote_before:
        write_if_changed(path, text)
    else:
        write_atomic(path, text)


def _stays_inside(test_dir: str, path: str) -> bool:
    """A stale merge file is removed only where a result could be written: not through a
    folder that now leads out of the test folder (a link planted since, say, in a folder
    of the other layout, which this run does not check)."""
    try:
        check_targets([path], inside=test_dir)
    except GradeInputError:
        return False
    return True


def _is_merge_path(relpath: str) -> bool:
    parts = relpath.split("/")
    return (
        len(parts) == 2
        and parts[0] in ("code_grader_results", "script_grader_results")
        and parts[1].endswith(".json")
        and ".." not in parts[1]
    )
