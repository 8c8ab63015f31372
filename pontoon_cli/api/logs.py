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

from pontoon_cli.log.reader import At, LogRecord, LogVisitor, open_log, records, visit
from pontoon_cli.logformat.divergence import Divergence
from pontoon_cli.logformat.lines import LineReader
from pontoon_cli.replay.replayer import LogReplayer

__all__ = ["LogSource", "read_log", "verify"]

#: What a log may be given as.
LogSource = str | os.PathLike[str] | IO[bytes] | Iterable[bytes]

R = TypeVar("R")


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
def read_log(source: LogSource, visitor: None = None) -> list[dict[str, Any]]: ...


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
    chosen: LogVisitor[Any] = _Records() if visitor is None else visitor
    return visit(_records(source), chosen)


def _records(source: LogSource) -> Iterator[LogRecord]:
    if isinstance(source, (str, os.PathLike)):
        return records(os.fspath(source))
    if isinstance(source, (io.IOBase, io.BufferedIOBase)) or hasattr(source, "read"):
        return records("-", source)  # type: ignore[arg-type]
    return LineReader(_name(source)).records(source)


def verify(source: LogSource, *, seeded: bool = False) -> Iterator[Divergence]:
    """Replay the log ``source`` and yield each divergence, in order, as ``pontoon replay``
    finds them: ``str(divergence)`` is replay's line (``FILE:LINE: deal N: player P hand H:
    FIELD: recorded X, expected Y (RULE)``), and its fields (``line``, ``deal``, ``player``,
    ``hand``, ``field``, ``recorded``, ``expected``, ``rule``) say the same for a program. An
    unreadable line raises :class:`~pontoon_cli.LogFormatError`. With ``seeded``, every shuffle
    must also be the header's seed's (``replay --seeded``).

    >>> import orjson
    >>> from pontoon_cli import play, verify
    >>> records = list(play(seed=7, deals=3))
    >>> list(verify(orjson.dumps(r) + b"\\n" for r in records))
    []
    >>> records[2]["net"]["p2"] += 1
    >>> [d.field for d in verify(orjson.dumps(r) + b"\\n" for r in records)]
    ['net']
    """
    if isinstance(source, (str, os.PathLike)):
        source_file = open_log(os.fspath(source))
        with source_file:
            replayer = LogReplayer(source_file.name, seeded=seeded)
            yield from replayer.replay(source_file.read())
        return
    if hasattr(source, "read"):
        handle = open_log("-", source)  # type: ignore[arg-type]
        with handle:
            replayer = LogReplayer(_name(source), seeded=seeded)
            yield from replayer.replay(handle.read())
        return
    yield from LogReplayer(_name(source), seeded=seeded).replay(source)
