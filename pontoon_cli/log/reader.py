"""Reading a log for people: one reader, many visitors (as python-chess reads PGN).

python-chess reads PGN with ``read_game(handle, Visitor=...)``: the reader parses, the visitor
decides what to keep. Here :func:`read_log` drives a :class:`LogVisitor` over one log:
:meth:`~LogVisitor.visit_header` for each header record (a second header starts a new game, as
``cat``-joined logs hold), :meth:`~LogVisitor.visit_deal` for each deal record,
:meth:`~LogVisitor.handle_error` for a line that cannot be read (by default: raise it), and
:meth:`~LogVisitor.result` at the end. ``pontoon show``, ``stats`` and ``diff`` are visitors (diff
pulls two logs at once through :func:`records`); none of them opens a file or parses JSON.

What the reader reuses rather than repeats:

- the bounded source of replay (:mod:`pontoon_cli.logformat.sources`): files, ``-``, gzip by its
  magic bytes, the line and size limits, line numbers;
- replay's header checks (:func:`~pontoon_cli.logformat.check.read_header`: the schema, the seats,
  the rules and the table, a casino seat named ``dealer`` refused as replay refuses it, C3);
- replay's reading of a line (:mod:`pontoon_cli.logformat.lines`: a line that is not a record, a
  deal before the header, a record of an unknown type, an empty log, each in replay's words) and the
  log schema's checks (:mod:`pontoon_cli.logformat.check`), so every record a visitor sees has the
  shape docs/log-format.md gives (a visitor may index it without a ``TypeError``);
- the strict look for duplicate keys and integers beyond ±(2**53 − 1)
  (:func:`~pontoon_cli.logformat.check.strict_problem`). A record whose bytes are exactly what
  orjson writes for it holds no duplicate key (a duplicate would be dropped), so only such a record
  with no run of 16 digits skips the slower look, as the log writer's records do.

The reader keeps one line at a time: memory does not grow with the log. It tells a
:class:`Progress` (replay's bar, on a terminal) how far it has read, as replay does.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import IO, Any, Final, Generic, Protocol, TypeVar

import orjson

from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.core.rules import Rules
from pontoon_cli.logformat.check import (
    MISSING,
    casino_body_problem,
    deal_body_problem,
    deal_head_problem,
    read_header,
)
from pontoon_cli.logformat.lines import (
    HEADER_FIRST,
    decode,
    empty_log,
    problem_error,
    strict_error,
    unknown_type,
    unreadable,
)
from pontoon_cli.logformat.sources import STDIN, Source, display, open_error

__all__ = [
    "STDIN",
    "STOP",
    "At",
    "LogRecord",
    "LogVisitor",
    "Progress",
    "display",
    "read_log",
    "records",
]

#: What a visit returns to read no further (``show --deals 3-5`` after 5, or at game 2's header).
STOP: Final = True

# A run of 16 digits (2**53 has 16) may be a number beyond it: every digit read as "0", every
# other byte as " ", and the run looked for with bytes.find (a regular expression costs 30 times
# as much on a deal's 2.5 kB).
_DIGITS: Final = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_SIXTEEN: Final = b"0" * 16


@dataclass(frozen=True, slots=True)
class At:
    """Where a record is: the log's name as messages give it (escaped if not printable) and
    the line number."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True, slots=True)
class LogRecord:
    """One checked record: where it is, ``"header"`` or ``"deal"``, the decoded object, its raw
    bytes, and for a header its rules (:meth:`Rules.from_dict`, the preset's defaults filled in)."""

    at: At
    kind: str
    record: dict[str, Any]
    raw: bytes
    rules: Rules | None = None


R = TypeVar("R")


class LogVisitor(Generic[R]):
    """What :func:`read_log` calls; override what you need. Records come checked against the
    log's schema, so their fields have the documented types (optional ones may be absent)."""

    def visit_header(self, at: At, record: dict[str, Any], rules: Rules) -> bool | None:
        """A header record: a game starts (again, for a second header); return :data:`STOP`
        to read no further."""
        return None

    def visit_deal(self, at: At, record: dict[str, Any]) -> bool | None:
        """A deal record; return :data:`STOP` to read no further."""
        return None

    def handle_error(self, error: LogFormatError) -> None:
        """A line that cannot be read, or a log that cannot be opened: raise it (the default),
        or keep it and return; reading stops either way."""
        raise error

    def result(self) -> R:
        """What the visit gives, after the last record (or the error)."""
        raise NotImplementedError


class Progress(Protocol):
    """How far a log has been read (replay's bar, :class:`pontoon_cli.render.console.ReplayView`):
    ``start`` when it is open (its size, if known), ``advance`` to a byte position every
    :data:`TICK` + 1 lines, ``finish`` when reading ends, however it ends."""

    def start(self, name: str, total: int | None) -> None: ...

    def advance(self, position: int) -> None: ...

    def finish(self) -> None: ...


#: Progress is told every 2048 lines, as replay tells it.
TICK: Final = 2047


def read_log(
    path: str,
    visitor: LogVisitor[R],
    stdin: IO[bytes] | None = None,
    progress: Progress | None = None,
) -> R:
    """Drive ``visitor`` over the log at ``path`` (``-``: stdin) and return its result."""
    items = records(path, stdin, progress)
    try:
        for item in items:
            if item.kind == "header":
                assert item.rules is not None
                if visitor.visit_header(item.at, item.record, item.rules) is STOP:
                    break
            elif visitor.visit_deal(item.at, item.record) is STOP:
                break
    except LogFormatError as err:
        visitor.handle_error(err)
    finally:
        items.close()  # the progress bar goes now, not when the generator is collected
    return visitor.result()


def records(
    path: str, stdin: IO[bytes] | None = None, progress: Progress | None = None
) -> Generator[LogRecord, None, None]:
    """The checked records of the log at ``path``, one at a time, telling ``progress``.

    Raises LogFormatError, whose message names the file, the line and the field: a log that
    cannot be opened, an empty log, a line that is not a record, a deal before the first header.
    """
    try:
        source = Source(path, stdin)
    except OSError as err:  # missing, a directory, no permission
        raise LogFormatError(open_error(path, err)) from None
    with source:
        if progress is not None:
            progress.start(source.name, source.total)
        try:
            yield from _checked(source, progress)
        finally:
            if progress is not None:
                progress.finish()


def _checked(source: Source, progress: Progress | None) -> Iterator[LogRecord]:
    name = source.name
    started = False
    house = False  # a casino table's log (C3): its rounds have their own keys
    number = 0
    for number, raw in enumerate(source.read(), 1):
        if progress is not None and not number & TICK:
            progress.advance(source.position())
        at = At(name, number)
        record = decode(name, number, raw)  # replay reads a line so too (log_read)
        kind = record.get("type", MISSING)
        # a duplicate key or a huge number explains a line first, as replay says it
        _strict(at, raw, record)
        if kind == "deal":
            if not started:
                raise unreadable(name, number, "type", HEADER_FIRST)
            body = casino_body_problem if house else deal_body_problem
            problem = deal_head_problem(record) or body(record)
            if problem is not None:
                raise problem_error(name, number, problem)
            yield LogRecord(at, "deal", record, raw)
        elif kind == "header":
            rules, table = read_header(record, str(at))  # replay's own checks (C3, T3.1)
            house = table.house  # the one answer replay reads a casino table's log by too
            started = True
            yield LogRecord(at, "header", record, raw, rules)
        else:
            raise unknown_type(name, number, kind)
    if number == 0:
        raise empty_log(name)


def _strict(at: At, raw: bytes, record: dict[str, Any]) -> None:
    """Refuse a duplicate key or an integer beyond ±(2**53 − 1), as replay does (README
    "Limits"): only a record that is not exactly orjson's bytes for it is looked at whole."""
    text = raw[:-1] if raw.endswith(b"\n") else raw
    if text.endswith(b"\r"):
        text = text[:-1]
    if text == orjson.dumps(record) and text.translate(_DIGITS).find(_SIXTEEN) < 0:
        return
    error = strict_error(at.file, at.line, raw)
    if error is not None:
        raise error
