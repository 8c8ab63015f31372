"""read_log and verify say what they take, at the call, the same words compiled and pure: a
path, a binary handle, or an iterable of byte lines; anything else is a LogSourceError (a
PontoonError and a TypeError) with a short message, and lines given in Python meet a file's
1 MiB line limit."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import orjson
import pytest

import pontoon_cli as pontoon
from pontoon_cli import LogFormatError, LogSourceError, PontoonError

LINES = [orjson.dumps(r) + b"\n" for r in pontoon.play(seed=7, deals=3)]
TEXT = b"".join(LINES).decode()
READERS: dict[str, Callable[[Any], object]] = {
    "verify": pontoon.verify,  # refused at the call, before the first divergence is asked for
    "read_log": pontoon.read_log,
}


@pytest.mark.parametrize("reader", list(READERS))
@pytest.mark.parametrize(
    ("given", "said"),
    [
        (
            [line.decode() for line in LINES],
            "<log>:1: a log line is bytes, got str (open the file in 'rb', or encode the text)",
        ),
        (io.StringIO(TEXT), "source: got a text handle: open the log in binary mode ('rb')"),
        (
            TEXT.encode(),
            "source: got bytes: give a path, a binary handle (open(..., 'rb')) or an iterable of "
            "byte lines, e.g. data.splitlines(keepends=True)",
        ),
        (
            TEXT,
            f"source: got the text of a log ({len(TEXT)} characters), not a path: give its "
            "lines as bytes, e.g. text.encode().splitlines(keepends=True)",
        ),
        (
            42,
            "source: got int: give a path, a binary handle (open(..., 'rb')) or an iterable of "
            "byte lines",
        ),
    ],
    ids=["str-lines", "text-handle", "bytes", "log-text", "int"],
)
def test_a_log_given_in_a_form_not_taken_is_a_type_error_saying_what_to_give(
    reader: str, given: object, said: str
) -> None:
    with pytest.raises(LogSourceError) as raised:
        result = READERS[reader](given)
        if reader == "verify" and not isinstance(given, list):
            pytest.fail("verify accepted the source at the call")
        list(result)  # type: ignore[call-overload]
    assert str(raised.value) == said
    assert isinstance(raised.value, PontoonError) and isinstance(raised.value, TypeError)


def test_the_type_of_the_source_is_checked_before_the_first_divergence_is_asked_for() -> None:
    with pytest.raises(LogSourceError):
        pontoon.verify(TEXT.encode())  # no list(): the call itself refuses


@pytest.mark.parametrize("reader", list(READERS))
def test_lines_given_in_python_meet_a_files_line_limit(reader: str) -> None:
    lines = [LINES[0], b"x" * (1 << 20) + b"\n"]
    with pytest.raises(LogFormatError) as raised:
        result = READERS[reader](lines)
        list(result)  # type: ignore[call-overload]
    assert str(raised.value) == (
        "<log>:2: line longer than 1048576 bytes (MAX_LOG_LINE_BYTES): not a log line"
    )


@pytest.mark.parametrize(
    "given",
    [LINES, iter(LINES), io.BytesIO(b"".join(LINES))],
    ids=["list", "generator", "binary-handle"],
)
def test_the_forms_taken_read_the_log(given: object) -> None:
    assert list(pontoon.verify(given)) == []  # type: ignore[arg-type]
