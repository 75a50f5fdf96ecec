"""SHA-256 in hex, without loading OpenSSL for small data (cold start, SPEC §8)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any

# From this many bytes on, hashlib's OpenSSL SHA-256 is used: faster on big data, and it
# lets other threads run while it hashes (a big response is hashed in a thread). Loading
# it (libcrypto) costs a cold start about 2 ms, more than hashing a small eval file and
# response with the interpreter's own SHA-256 takes.
BIG = 1 << 20

_builtin: Callable[[Any], Any] | None = None


def _builtin_sha256() -> Callable[[Any], Any] | None:
    """The interpreter's own SHA-256 constructor (`_sha2` from 3.12, `_sha256` before),
    or None in a build without it."""
    name = "_sha2" if sys.version_info >= (3, 12) else "_sha256"
    try:
        module = importlib.import_module(name)
    except ImportError:
        return None
    found: Callable[[Any], Any] = module.sha256
    return found


def use_fast_sha256() -> None:
    """Hash data of every size with hashlib's (OpenSSL's) SHA-256 from now on: batch mode
    hashes a response per test, and on a 2 KB response it takes about a sixth of the
    interpreter's own time (2 µs against 10 µs), which repays loading it (2 ms) within a
    few hundred tests. Same digest either way."""
    global _builtin
    import hashlib

    _builtin = hashlib.sha256


def sha256_hex(data: bytes | bytearray | memoryview) -> str:
    """The SHA-256 of `data` as hexadecimal digits (the same digest whichever module
    computes it)."""
    global _builtin
    if len(data) < BIG:
        if _builtin is None:
            _builtin = _builtin_sha256()
        if _builtin is not None:
            return str(_builtin(data).hexdigest())
    import hashlib

    return hashlib.sha256(data).hexdigest()
