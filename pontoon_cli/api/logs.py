"""Reading and verifying logs from Python: :func:`read_log` (python-chess's ``read_game`` with a
visitor) and :func:`verify`, which is what ``pontoon replay`` does, one divergence at a time.

A log is given as a path (``str`` or :class:`os.PathLike`; ``-`` is stdin; gzip is read by its
magic bytes), as a binary handle, or as an iterable of byte lines (a list, a generator).
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Iterator
from typing import IO, Any, TypeVar, overload

from pontoon_cli.api.types import DealRecord, HeaderRecord
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.limits import MAX_LOG_LINE_BYTES
from pontoon_cli.log.reader import At, LogRecord, LogVisitor, open_log, records, visit
from pontoon_cli.logformat.divergence import Divergence
from pontoon_cli.logformat.lines import LineReader
from pontoon_cli.logformat.sources import line_too_long
from pontoon_cli.replay.coverage import RuleCoverage
from pontoon_cli.replay.replayer import LogReplayer

__all__ = ["LogSource", "LogSourceError", "read_log", "verify"]

#: What a log may be given as.
LogSource = str | os.PathLike[str] | IO[bytes] | Iterable[bytes]

R = TypeVar("R")


class LogSourceError(PontoonError, TypeError):
    """A log given in a form :func:`read_log` and :func:`verify` do not take (a ``TypeError`` as
    Python would raise, and a :class:`~pontoon_cli.PontoonError`): text where bytes are read,
    the text of a whole log where a path is expected."""


#: A path is never longer; a longer text, or one with a newline, is a log's text, not a path.
_LONGEST_PATH = 4096
_FORMS = "a path, a binary handle (open(..., 'rb')) or an iterable of byte lines"


def _checked(source: object) -> LogSource:
    """``source`` if a log may be given so; else LogSourceError saying what is expected."""
    if isinstance(source, str):
        if "\n" in source or len(source) > _LONGEST_PATH or source.lstrip().startswith("{"):
            raise LogSourceError(
                f"source: got the text of a log ({len(source)} characters), not a path: give "
                "its lines as bytes, e.g. text.encode().splitlines(keepends=True)"
            )
        return source
    if isinstance(source, os.PathLike):
        return source
    if isinstance(source, (bytes, bytearray, memoryview)):
        raise LogSourceError(
            f"source: got {type(source).__name__}: give {_FORMS}, "
            "e.g. data.splitlines(keepends=True)"
        )
    if isinstance(source, io.TextIOBase) or "b" not in str(getattr(source, "mode", "b")):
        raise LogSourceError("source: got a text handle: open the log in binary mode ('rb')")
    if hasattr(source, "read"):
        return source  # type: ignore[return-value]
    if isinstance(source, Iterable):
        return source
    raise LogSourceError(f"source: got {type(source).__name__}: give {_FORMS}")


def _byte_lines(lines: Iterable[object], name: str) -> Iterator[bytes]:
    """``lines`` checked as a file's are read: bytes, each at most MAX_LOG_LINE_BYTES."""
    limit = MAX_LOG_LINE_BYTES
    for number, raw in enumerate(lines, 1):
        if not isinstance(raw, bytes):
            raise LogSourceError(
                f"{name}:{number}: a log line is bytes, got {type(raw).__name__} "
                "(open the file in 'rb', or encode the text)"
            )
        if len(raw) > limit:
            raise line_too_long(name, number)
        yield raw


def _name(source: LogSource) -> str:
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    return str(getattr(source, "name", "<log>"))


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
    """Read the log ``source`` and return ``visitor.result()``: the visitor's ``visit_header``
    and ``visit_deal`` see each record, checked against the log's schema (replay's messages for
    what cannot be read: :class:`~pontoon_cli.LogFormatError`, handed to ``handle_error``).
    Without a visitor, the list of records.

    >>> import orjson
    >>> from pontoon_cli import LogVisitor, play, read_log
    >>> lines = [orjson.dumps(r) + b"\\n" for r in play(seed=7, deals=3)]
    >>> class Nets(LogVisitor):
    ...     def __init__(self): self.nets = []
    ...     def visit_deal(self, at, record): self.nets.append(record["net"]["p1"])
    ...     def result(self): return self.nets
    >>> len(read_log(lines, Nets()))
    3
    >>> [r["type"] for r in read_log(lines)]
    ['header', 'deal', 'deal', 'deal']
    """
    source = _checked(source)
    chosen: LogVisitor[Any] = _Records() if visitor is None else visitor
    return visit(_records(source), chosen)


def _records(source: LogSource) -> Iterator[LogRecord]:
    if isinstance(source, (str, os.PathLike)):
        return records(os.fspath(source))
    if isinstance(source, (io.IOBase, io.BufferedIOBase)) or hasattr(source, "read"):
        return records("-", source)  # type: ignore[arg-type]
    name = _name(source)
    return LineReader(name).records(_byte_lines(source, name))


def verify(
    source: LogSource, *, seeded: bool = False, coverage: RuleCoverage | None = None
) -> Iterator[Divergence]:
    """Replay the log ``source`` and yield each divergence, in order, as ``pontoon replay``
    finds them: ``str(divergence)`` is replay's line (``FILE:LINE: deal N: player P hand H:
    FIELD: recorded X, expected Y (RULE)``), and its fields (``line``, ``deal``, ``player``,
    ``hand``, ``field``, ``recorded``, ``expected``, ``rule``) say the same for a program. An
    unreadable line raises :class:`~pontoon_cli.LogFormatError`. With ``seeded``, every shuffle
    must also be the header's seed's (``replay --seeded``). With ``coverage`` (a
    :class:`~pontoon_cli.RuleCoverage`), every deal's rules are tallied into it, as ``replay
    --coverage`` tallies them: ``coverage.report()`` gives the JSON line's fields.

    >>> import orjson
    >>> from pontoon_cli import play, verify
    >>> records = list(play(seed=7, deals=3))
    >>> list(verify(orjson.dumps(r) + b"\\n" for r in records))
    []
    >>> records[2]["net"]["p2"] += 1
    >>> [d.field for d in verify(orjson.dumps(r) + b"\\n" for r in records)]
    ['net']
    """
    return _verified(_checked(source), seeded, coverage)  # checked now, before iterating


def _verified(
    source: LogSource, seeded: bool, coverage: RuleCoverage | None
) -> Iterator[Divergence]:
    if isinstance(source, (str, os.PathLike)):
        source_file = open_log(os.fspath(source))
        with source_file:
            replayer = LogReplayer(source_file.name, seeded=seeded, coverage=coverage)
            yield from replayer.replay(source_file.read())
        return
    if hasattr(source, "read"):
        handle = open_log("-", source)  # type: ignore[arg-type]
        with handle:
            replayer = LogReplayer(_name(source), seeded=seeded, coverage=coverage)
            yield from replayer.replay(handle.read())
        return
    name = _name(source)
    replayer = LogReplayer(name, seeded=seeded, coverage=coverage)
    yield from replayer.replay(_byte_lines(source, name))
