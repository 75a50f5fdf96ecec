"""The descriptor helpers the result files, the team and the scout share."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from agentv_grader import descriptors


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="F_GETPIPE_SZ is Linux's")
def test_a_widened_pipe_holds_what_was_asked() -> None:
    import fcntl

    read_end, write_end = os.pipe()
    try:
        descriptors.widen_pipe(write_end)
        assert fcntl.fcntl(read_end, fcntl.F_GETPIPE_SZ) == descriptors.PIPE_SIZE
    finally:
        os.close(read_end)
        os.close(write_end)


def test_widening_what_is_no_pipe_is_no_failure() -> None:
    fd = os.open(os.devnull, os.O_WRONLY)
    try:
        descriptors.widen_pipe(fd)  # the platform refuses: the default stays, no error
    finally:
        os.close(fd)


def test_all_of_the_data_gets_through_a_pipe_smaller_than_it() -> None:
    data = bytes(range(256)) * 20_000  # 5 MB: several times any pipe
    read_end, write_end = os.pipe()
    received = bytearray()

    def read() -> None:
        while chunk := os.read(read_end, 1 << 16):
            received.extend(chunk)

    reader = threading.Thread(target=read)
    reader.start()
    try:
        descriptors.write_all(write_end, data, 7)
    finally:
        os.close(write_end)
        reader.join()
        os.close(read_end)
    assert bytes(received) == data[7:]
