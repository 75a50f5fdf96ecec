"""File names for result files that are safe on every file system (SPEC §6)."""

from __future__ import annotations

import re

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")
_RESERVED = frozenset(
    ["CON", "PRN", "AUX", "NUL"]
    + [f"COM{i}" for i in range(1, 10)]
    + [f"LPT{i}" for i in range(1, 10)]
)
MAX_NAME = 100
MAX_TEST_ID_BYTES = 255  # NAME_MAX of common file systems: the test id names a folder


def safe_name(name: str) -> str:
    """Replace unsafe characters, cut long names with a hash, dodge dot-files and DOS names."""
    out = _UNSAFE.sub("_", name) or "_"
    if len(out) > MAX_NAME:
        from .digest import sha256_hex  # rare: long names only

        out = out[:MAX_NAME] + "-" + sha256_hex(name.encode("utf-8"))[:8]
    if out.startswith(".") or out.split(".")[0].upper() in _RESERVED:
        out = "_" + out
    return out


def unique_safe_names(names: list[str], taken: set[str] | None = None) -> list[str]:
    """Safe names, with `-2`, `-3` … for names that collide ignoring case, in order."""
    used = {t.lower() for t in taken} if taken else set()
    return [unused_name(safe_name(name), used) for name in names]


def unused_name(base: str, used: set[str]) -> str:
    """`base`, else the first of `base-2`, `base-3` … that is not in `used` (lowercase
    names: a collision ignores case); the name returned is added to `used`."""
    candidate, count = base, 1
    while candidate.lower() in used:
        count += 1
        candidate = f"{base}-{count}"
    used.add(candidate.lower())
    return candidate


def unsafe_test_id(test_id: str) -> str | None:
    """Why a test id cannot be a folder name under the bench dir, or None when it can."""
    if not test_id or test_id.strip() == "":
        return "the test id is empty"
    if test_id in (".", ".."):
        return f"test id {test_id!r} would escape the bench dir"
    if "/" in test_id or "\\" in test_id or "\x00" in test_id:
        return f"test id {test_id!r} contains a path separator"
    if any(ord(c) < 0x20 or c == "\x7f" for c in test_id):
        return f"test id {test_id!r} contains a control character (tab, newline, …)"
    if re.match(r"^[A-Za-z]:", test_id):
        return f"test id {test_id!r} looks like an absolute path"
    try:
        size = len(test_id.encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate, possible in JSON ("\ud800")
        return f"test id {test_id!r} is not valid Unicode (a lone surrogate)"
    if size > MAX_TEST_ID_BYTES:
        return (
            f"test id is {size} bytes long in UTF-8; a folder name holds at most "
            f"{MAX_TEST_ID_BYTES}"
        )
    return None
