"""Reading and verifying logs from Python: :func:`read_log` (python-chess's ``read_game`` with a
visitor) and :func:`verify`, which is what ``pontoon replay`` does, one divergence at a time.

A log is given as any of (:data:`LogSource`):

- a path (``str`` or :class:`os.PathLike`; ``-`` is stdin; gzip is read by its magic bytes);
- the log's text: a ``str`` that holds a newline, or starts with ``{`` and ends with ``}`` (a
  record's line; a path does neither), or ``bytes`` (the file's content, gzip too);
- a handle, binary (``open(path, "rb")``, gzip read by its magic bytes) or text (``open(path)``,
  UTF-8);
- an iterable of its lines or records (a list, a generator: :func:`~pontoon_cli.play`'s own),
  each line ``bytes`` or ``str`` and each record a ``dict``, written as the log writer writes it,
  so records verify as the log ``pontoon play`` writes of them.

Anything else is refused at the call with :class:`LogSourceError`, saying what to give.
"""

from __future__ import annotations

import io
import os
from collections.abc import Generator, Iterable, Iterator
from typing import IO, Any, Protocol, TypeVar, overload

import orjson

from pontoon_cli.api.types import DealRecord, HeaderRecord
from pontoon_cli.core.errors import LogFormatError, PontoonError
from pontoon_cli.core.limits import MAX_LOG_LINE_BYTES
from pontoon_cli.log.output import is_text
from pontoon_cli.log.reader import At, LogVisitor, open_log, visit
from pontoon_cli.log.writer import encode
from pontoon_cli.logformat.divergence import Divergence
from pontoon_cli.logformat.lines import LineReader
from pontoon_cli.logformat.sources import BOM, STDIN, display, line_too_long
from pontoon_cli.replay.coverage import RuleCoverage
from pontoon_cli.replay.replayer import LogReplayer

__all__ = ["LogSource", "LogSourceError", "read_log", "verify"]

#: What a log may be given as: a path, its text, a handle, or its lines or records.
LogSource = (
    str
    | os.PathLike[str]
    | bytes
    | IO[bytes]
    | IO[str]
    | Iterable[bytes]
    | Iterable[str]
    | Iterable[dict[str, Any]]
)

R = TypeVar("R")


class LogSourceError(PontoonError, TypeError):
    """A log given in a form :func:`read_log` and :func:`verify` do not take (a ``TypeError`` as
    Python would raise, and a :class:`~pontoon_cli.PontoonError`), or a line or record in an
    iterable that is neither ``bytes``, ``str`` nor a JSON record; the message says what to give
    instead."""


#: The forms, as a message lists them.
_FORMS = (
    "a path, the log's text, a handle (open(path) or open(path, 'rb')), or an iterable of its "
    "lines or records (a list, or play()'s generator)"
)
#: What a log given in Python is called in messages, where it has no name of its own.
_UNNAMED = "<log>"


def is_log_text(text: str) -> bool:
    """Whether the str ``text`` is a log's text rather than a path: it holds a newline, or it
    starts with ``{`` and ends with ``}`` (blanks and a byte-order mark aside), as one record's
    line does and a log's path does not."""
    if "\n" in text:
        return True
    line = text.strip(" \t\r\ufeff")
    return line.startswith("{") and line.endswith("}")


class _Opened(Protocol):
    """A log open for reading: its name as messages give it, its raw lines, and ``close``."""

    name: str

    def read(self) -> Iterator[bytes]: ...

    def close(self) -> None: ...


class _Given:
    """A log given as lines or records in Python, or as a text handle: read as a file's lines
    are (the line limit, a byte-order mark at the start skipped)."""

    def __init__(self, name: str, items: Iterable[object]) -> None:
        self.name = name
        self._items = items

    def read(self) -> Iterator[bytes]:
        return _lines(self._items, self.name)

    def close(self) -> None:
        """The caller's lines or handle are the caller's to close."""


def _lines(items: Iterable[object], name: str) -> Iterator[bytes]:
    """Each item as a log line: bytes as they are, a str encoded (UTF-8), a record as the log
    writer encodes it; each at most MAX_LOG_LINE_BYTES."""
    limit = MAX_LOG_LINE_BYTES
    for number, item in enumerate(items, 1):
        if type(item) is bytes:  # the common case first: lines read from a file
            raw = item
        elif isinstance(item, str):
            raw = item.encode()
        elif isinstance(item, dict):
            try:
                raw = encode(item)
            except orjson.JSONEncodeError as err:
                raise LogSourceError(
                    f"{name}:{number}: the record cannot be written as JSON: {err}"
                ) from None
        elif isinstance(item, (bytes, bytearray, memoryview)):
            raw = bytes(item)
        else:
            raise LogSourceError(
                f"{name}:{number}: a log line is bytes or str and a record a dict, "
                f"got {type(item).__name__}"
            )
        if len(raw) > limit:
            raise line_too_long(name, number)
        if number == 1 and raw.startswith(BOM):  # as a file's: a byte-order mark is not the log's
            raw = raw[3:]
        yield raw


def _text_lines(handle: IO[str], name: str) -> Iterator[str]:
    """A text handle's lines, each read with a bound (memory stays within a line's limit)."""
    readline = handle.readline
    number = 0
    while True:
        number += 1
        try:
            text = readline(MAX_LOG_LINE_BYTES + 1)
        except UnicodeDecodeError as err:
            raise LogFormatError(
                f"{name}:{number}: cannot read as UTF-8 text ({err.reason}): open the log in "
                "binary mode ('rb'), which also reads gzip"
            ) from None
        if not text:
            return
        yield text


def _handle_name(handle: object) -> str:
    name = getattr(handle, "name", None)
    return display(name) if isinstance(name, str) and name != STDIN else _UNNAMED


def _open(source: object) -> _Opened:
    """``source`` open for reading, at the call: LogSourceError saying what to give for a form
    not taken, LogFormatError for a path that cannot be opened."""
    if isinstance(source, str) and is_log_text(source):
        return open_log(STDIN, io.BytesIO(source.encode()), _UNNAMED)
    if isinstance(source, (str, os.PathLike)):
        return open_log(os.fsdecode(source))
    if isinstance(source, (bytes, bytearray, memoryview)):
        return open_log(STDIN, io.BytesIO(bytes(source)), _UNNAMED)
    if isinstance(source, dict):
        raise LogSourceError(
            "source: got one record (a dict): give the log's records together, header first, "
            "e.g. [header, *deals] or play()'s generator"
        )
    if hasattr(source, "read"):
        name = _handle_name(source)
        if is_text(source):
            return _Given(name, _text_lines(source, name))  # type: ignore[arg-type]
        return open_log(STDIN, source, name)  # type: ignore[arg-type]
    if isinstance(source, Iterable):
        return _Given(_UNNAMED, source)
    raise LogSourceError(f"source: got {type(source).__name__}: give {_FORMS}")


class _Records(LogVisitor[list[dict[str, Any]]]):
    """The default visitor: every record, in order."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def visit_header(self, at: At, record: dict[str, Any], rules: Any) -> None:
        self.records.append(record)

    def visit_deal(self, at: At, record: dict[str, Any]) -> None:
        self.records.append(record)

    def result(self) -> list[dict[str, Any]]:
        return self.records


@overload
def read_log(source: LogSource, visitor: None = None) -> list[HeaderRecord | DealRecord]: ...


@overload
def read_log(source: LogSource, visitor: LogVisitor[R]) -> R: ...


def read_log(source: LogSource, visitor: LogVisitor[Any] | None = None) -> Any:
    """Read the log ``source`` (a path, its text, a handle, or its lines or records: the
    module's list) and return ``visitor.result()``: the visitor's ``visit_header`` and
    ``visit_deal`` see each record, checked against the log's schema (replay's messages for
    what cannot be read: :class:`~pontoon_cli.LogFormatError`, handed to ``handle_error``).
    Without a visitor, the list of records.

    >>> from pontoon_cli import LogVisitor, play, read_log
    >>> records = list(play(seed=7, deals=3))
    >>> class Nets(LogVisitor):
    ...     def __init__(self): self.nets = []
    ...     def visit_deal(self, at, record): self.nets.append(record["net"]["p1"])
    ...     def result(self): return self.nets
    >>> len(read_log(records, Nets()))
    3
    >>> [r["type"] for r in read_log(records)]
    ['header', 'deal', 'deal', 'deal']
    """
    chosen: LogVisitor[Any] = _Records() if visitor is None else visitor
    try:
        opened = _open(source)
    except LogFormatError as err:  # a log that cannot be opened goes to the visitor too
        chosen.handle_error(err)
        return chosen.result()
    try:
        return visit(LineReader(opened.name).records(opened.read()), chosen)
    finally:
        opened.close()


def _replayed(replayer: LogReplayer, opened: _Opened) -> Generator[Divergence, None, None]:
    yield from replayer.replay(opened.read())


class _Verifying(Iterator[Divergence]):
    """What :func:`verify` returns: the divergences, one at a time; the log it opened is closed
    when they end, when ``close()`` is called, or when it is collected."""

    def __init__(self, opened: _Opened, seeded: bool, coverage: RuleCoverage | None) -> None:
        replayer = LogReplayer(opened.name, seeded=seeded, coverage=coverage)
        self._found = _replayed(replayer, opened)
        self._opened: _Opened | None = opened

    def __next__(self) -> Divergence:
        try:
            return next(self._found)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Stop reading and close the log (a path's file) now."""
        opened = getattr(self, "_opened", None)  # None when made without one: nothing to close
        self._opened = None
        if opened is not None:
            self._found.close()
            opened.close()

    def __del__(self) -> None:
        self.close()


def verify(
    source: LogSource, *, seeded: bool = False, coverage: RuleCoverage | None = None
) -> Iterator[Divergence]:
    """Replay the log ``source`` (a path, its text, a handle, or its lines or records: the
    module's list) and yield each divergence, in order, as ``pontoon replay`` finds them:
    ``str(divergence)`` is replay's line (``FILE:LINE: deal N: player P hand H: FIELD: recorded
    X, expected Y (RULE)``), and its fields (``line``, ``deal``, ``player``, ``hand``,
    ``field``, ``recorded``, ``expected``, ``rule``) say the same for a program. The source is
    checked, and a path opened, at the call (:class:`LogSourceError`, or
    :class:`~pontoon_cli.LogFormatError` for a path that cannot be opened); an unreadable line
    raises :class:`~pontoon_cli.LogFormatError` when it is reached. With ``seeded``, every
    shuffle must also be the header's seed's (``replay --seeded``). With ``coverage`` (a
    :class:`~pontoon_cli.RuleCoverage`), every deal's rules are tallied into it, as ``replay
    --coverage`` tallies them: ``coverage.report()`` gives the JSON line's fields.

    >>> from pontoon_cli import play, verify
    >>> records = list(play(seed=7, deals=3))
    >>> list(verify(records))
    []
    >>> records[2]["net"]["p2"] += 1
    >>> [d.field for d in verify(records)]
    ['net']
    """
    return _Verifying(_open(source), seeded, coverage)
