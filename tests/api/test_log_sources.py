"""read_log and verify take a log however a Python program holds it: a path, its text (str or
bytes), a binary or text handle, or its lines (bytes or str) or records (play()'s dicts, play()'s
generator itself); every form gives the same divergences and the same records as the file.
Anything else is a LogSourceError (a PontoonError and a TypeError) at the call, saying what to
give; a path that cannot be opened is refused at the call too. write_log writes to a text
stream as to a binary one."""

from __future__ import annotations

import dataclasses
import gc
import gzip
import io
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import pontoon_cli as pontoon
from pontoon_cli import Divergence, LogFormatError, LogSourceError, PontoonError
from pontoon_cli.log.writer import encode

READERS: dict[str, Callable[[Any], object]] = {
    "verify": pontoon.verify,
    "read_log": pontoon.read_log,
}


def _tampered(rules: str) -> list[dict[str, Any]]:
    """A log's records with three wrong fields: a net, a hand's net, a decision's amount."""
    records = list(pontoon.play(rules, seed=7, deals=30))
    records[3]["net"]["p1"] += 1
    records[9]["hands"][0]["net"] -= 3
    stakes = [d for d in records[20]["decisions"] if d.get("amount")]
    stakes[0]["amount"] += 1
    return records


def _forms(records: list[dict[str, Any]], tmp_path: Path) -> dict[str, Callable[[], object]]:
    """Every form a log may be given in, each made fresh (a handle is read once)."""
    data = b"".join(encode(r) for r in records)
    text = data.decode()
    plain, packed = tmp_path / "log.jsonl", tmp_path / "log.jsonl.gz"
    plain.write_bytes(data)
    packed.write_bytes(gzip.compress(data))
    return {
        "path": lambda: str(plain),
        "pathlike": lambda: plain,
        "gzip-path": lambda: packed,
        "bytes": lambda: data,
        "text": lambda: text,
        "byte-lines": lambda: data.splitlines(keepends=True),
        "text-lines": lambda: text.splitlines(keepends=True),
        "text-lines-without-newlines": lambda: text.split("\n")[:-1],
        "records": lambda: records,
        "records-generator": lambda: (dict(r) for r in records),
        "binary-handle": lambda: io.BytesIO(data),
        "gzip-binary-handle": lambda: io.BytesIO(gzip.compress(data)),
        "text-handle": lambda: io.StringIO(text),
        "open-text": lambda: plain.open(encoding="utf-8"),
        "open-binary": lambda: plain.open("rb"),
    }


def _where_aside(found: Iterator[Divergence]) -> list[Divergence]:
    """The divergences with the log's name aside (a path's, or ``<log>`` for one in Python)."""
    return [dataclasses.replace(d, file="") for d in found]


@pytest.mark.parametrize("rules", ["traditional", "casino"])
def test_every_form_of_a_tampered_log_gives_the_same_divergences(
    rules: str, tmp_path: Path
) -> None:
    records = _tampered(rules)
    forms = _forms(records, tmp_path)
    expected = _where_aside(pontoon.verify(forms["path"]()))
    assert [(d.line, d.field) for d in expected][:2] == [(4, "net"), (10, "hands[0].net")]
    assert len(expected) >= 3
    for name, make in forms.items():
        assert _where_aside(pontoon.verify(make())) == expected, name  # type: ignore[arg-type]


def test_every_form_reads_the_same_records(tmp_path: Path) -> None:
    records = list(pontoon.play("shoot", seed=3, deals=5))
    expected = pontoon.read_log(_forms(records, tmp_path)["path"]())
    assert [r["type"] for r in expected] == ["header"] + ["deal"] * 5
    for name, make in _forms(records, tmp_path).items():
        assert pontoon.read_log(make()) == expected, name  # type: ignore[arg-type]


def test_plays_generator_is_verified_as_it_is_played() -> None:
    assert list(pontoon.verify(pontoon.play(seed=7, deals=20))) == []


def test_a_divergence_names_the_file_a_handle_was_opened_on(tmp_path: Path) -> None:
    records = _tampered("traditional")
    path = tmp_path / "engine.jsonl"
    path.write_bytes(b"".join(encode(r) for r in records))
    with path.open(encoding="utf-8") as text, path.open("rb") as binary:
        for handle in (text, binary):
            assert str(next(pontoon.verify(handle))).startswith(f"{path}:4: deal 3: p1 ")
    assert str(next(pontoon.verify(records))).startswith("<log>:4: deal 3: p1 ")


@pytest.mark.parametrize(
    ("given", "read_as"),
    [
        ("game.jsonl", "a path"),
        ("{date}.jsonl", "a path"),
        ('{"type":"header"}', "text: it starts with { and ends with }"),
        (' \n{"type":"header"}', "text: it holds a newline"),
    ],
)
def test_a_str_is_a_logs_text_when_it_holds_a_newline_or_is_one_records_braces(
    given: str, read_as: str
) -> None:
    with pytest.raises(LogFormatError) as raised:
        pontoon.read_log(given)
    said = str(raised.value)
    if read_as == "a path":
        assert said == f"{given}: no such file"
    else:  # read as the log itself: its header is looked at, not a file looked for
        assert said.startswith("<log>:") and "no such file" not in said, said


def test_a_byte_order_mark_starts_a_log_given_in_python_as_it_starts_a_file() -> None:
    text = "".join(encode(r).decode() for r in pontoon.play(seed=7, deals=2))
    marked = "\ufeff" + text
    for given in (marked, io.StringIO(marked), marked.splitlines(keepends=True)):
        assert len(pontoon.read_log(given)) == 3  # type: ignore[arg-type]


@pytest.mark.parametrize("reader", list(READERS))
@pytest.mark.parametrize(
    ("given", "said"),
    [
        (
            42,
            "source: got int: give a path, the log's text, a handle (open(path) or "
            "open(path, 'rb')), or an iterable of its lines or records (a list, or play()'s "
            "generator)",
        ),
        (
            {"type": "header"},
            "source: got one record (a dict): give the log's records together, header first, "
            "e.g. [header, *deals] or play()'s generator",
        ),
    ],
    ids=["int", "one-record"],
)
def test_a_form_not_taken_is_refused_at_the_call_saying_what_to_give(
    reader: str, given: object, said: str
) -> None:
    with pytest.raises(LogSourceError) as raised:
        READERS[reader](given)  # no list(): the call itself refuses
    assert str(raised.value) == said
    assert isinstance(raised.value, PontoonError) and isinstance(raised.value, TypeError)


@pytest.mark.parametrize("reader", list(READERS))
def test_a_line_neither_bytes_str_nor_a_record_is_refused_naming_the_line(reader: str) -> None:
    header = next(pontoon.play(seed=7, deals=1))
    with pytest.raises(LogSourceError) as raised:
        list(READERS[reader]([header, 7]))  # type: ignore[call-overload]
    assert str(raised.value) == ("<log>:2: a log line is bytes or str and a record a dict, got int")


def test_a_record_json_cannot_hold_is_refused_naming_the_line() -> None:
    with pytest.raises(LogSourceError, match=r"^<log>:1: the record cannot be written as JSON: "):
        list(pontoon.verify([{"type": "header", "seed": object()}]))


def test_a_missing_file_is_refused_at_the_call(tmp_path: Path) -> None:
    with pytest.raises(LogFormatError, match=r"missing\.jsonl: no such file$"):
        pontoon.verify(tmp_path / "missing.jsonl")  # no list(): the call itself refuses


def test_a_gzip_log_opened_as_text_is_told_to_open_it_in_binary_mode(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl.gz"
    path.write_bytes(gzip.compress(b"".join(encode(r) for r in pontoon.play(seed=7, deals=2))))
    with path.open(encoding="utf-8") as handle, pytest.raises(LogFormatError) as raised:
        list(pontoon.verify(handle))
    assert str(raised.value) == (
        f"{path}:1: cannot read as UTF-8 text (invalid start byte): open the log in binary "
        "mode ('rb'), which also reads gzip"
    )
    assert list(pontoon.verify(path.open("rb"))) == []


@pytest.mark.parametrize("reader", list(READERS))
@pytest.mark.parametrize("as_text", [False, True])
def test_lines_given_in_python_meet_a_files_line_limit(reader: str, as_text: bool) -> None:
    lines: list[Any] = [encode(next(pontoon.play(seed=7, deals=1))), b"x" * (1 << 20) + b"\n"]
    given = [line.decode() for line in lines] if as_text else lines
    with pytest.raises(LogFormatError) as raised:
        list(READERS[reader](given))  # type: ignore[call-overload]
    assert str(raised.value) == (
        "<log>:2: line longer than 1048576 bytes (MAX_LOG_LINE_BYTES): not a log line"
    )


def test_verify_closes_the_file_it_opened_however_it_is_left(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"".join(encode(r) for r in _tampered("traditional")))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        unread = pontoon.verify(path)
        first = pontoon.verify(path)
        next(first)
        whole = list(pontoon.verify(path))
        del unread, first
        gc.collect()
    assert whole and [w for w in caught if w.category is ResourceWarning] == []


def test_write_log_writes_a_text_stream_the_logs_text() -> None:
    text, binary = io.StringIO(), io.BytesIO()
    assert pontoon.write_log(text, seed=7, deals=5) == pontoon.write_log(binary, seed=7, deals=5)
    assert text.getvalue() == binary.getvalue().decode()
    assert list(pontoon.verify(text.getvalue())) == []


def test_write_log_writes_a_file_opened_as_text(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    with path.open("w", encoding="utf-8") as out:
        pontoon.write_log(out, seed=7, deals=5)
    assert path.read_bytes() == b"".join(encode(r) for r in pontoon.play(seed=7, deals=5))


def test_write_log_works_where_stdout_is_text_without_bytes_beneath(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A notebook's or a doctest's stdout has no ``buffer``: a file is written all the same,
    and ``-`` writes the log's text to that stdout."""
    shown = io.StringIO()
    monkeypatch.setattr(sys, "stdout", shown)
    pontoon.write_log(tmp_path / "game.jsonl", seed=7, deals=2)
    pontoon.write_log("-", seed=7, deals=2)
    expected = b"".join(encode(r) for r in pontoon.play(seed=7, deals=2))
    assert (tmp_path / "game.jsonl").read_bytes() == expected
    assert shown.getvalue() == expected.decode()


def test_the_fixture_reads_a_logs_text_as_the_log_and_a_str_path_from_the_rootdir(
    tmp_path: Path,
) -> None:
    from pontoon_cli.pytest_plugin import PontoonFixture

    data = b"".join(encode(r) for r in _tampered("traditional"))
    (tmp_path / "engine.jsonl").write_bytes(data)
    fixture = PontoonFixture(tmp_path)
    by_path = _where_aside(fixture.verify("engine.jsonl"))
    assert by_path and _where_aside(fixture.verify(data.decode())) == by_path
