"""Reading a log for people: one reader, many visitors (as python-chess reads PGN).

python-chess reads PGN with ``read_game(handle, Visitor=...)``: the reader parses, the visitor
decides what to keep. Here :func:`read_log` drives a :class:`LogVisitor` over one log:
:meth:`~LogVisitor.visit_header` for each header record (a second header starts a new game, as
``cat``-joined logs hold), :meth:`~LogVisitor.visit_deal` for each deal record,
:meth:`~LogVisitor.handle_error` for a line that cannot be read (by default: raise it), and
:meth:`~LogVisitor.result` at the end. ``pontoon show``, ``stats`` and ``diff`` are visitors (diff
pulls two logs at once through :func:`records`); none of them opens a file or parses JSON.

The lines are read by the loop replay reads them by
(:class:`~pontoon_cli.logformat.lines.LineReader`, from the bounded source
:mod:`~pontoon_cli.logformat.sources`: files, ``-``, gzip by its magic bytes, the line and size
limits), so the views give replay's messages, run replay's header checks and answer "is this a
casino table's log" as replay does. Every deal record a visitor sees has
been looked at whole (the strict look and the log schema), so it has the shape
docs/log-format.md gives and may be indexed without a ``TypeError``.

The reader keeps one line at a time: memory does not grow with the log. It tells a
:class:`Progress` (replay's bar, on a terminal) how far it has read, as replay does.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import IO, Any, Final, Generic, TypeVar

from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.core.rules import Rules
from pontoon_cli.logformat.lines import At, LineReader, LogRecord, Progress
from pontoon_cli.logformat.sources import STDIN, Source, display, open_error

__all__ = [
    "STDIN",
    "STOP",
    "At",
    "LogRecord",
    "LogVisitor",
    "Progress",
    "display",
    "open_log",
    "read_log",
    "records",
    "visit",
]

#: What a visit returns to read no further (``show --deals 3-5`` after 5, or at game 2's header).
STOP: Final = True


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


def read_log(
    path: str,
    visitor: LogVisitor[R],
    stdin: IO[bytes] | None = None,
    progress: Progress | None = None,
) -> R:
    """Drive ``visitor`` over the log at ``path`` (``-``: stdin) and return its result."""
    return visit(records(path, stdin, progress), visitor)


def visit(items: Iterator[LogRecord], visitor: LogVisitor[R]) -> R:
    """Drive ``visitor`` over ``items`` (checked records) and return its result: each header
    and deal to its ``visit_*`` until one returns :data:`STOP`, a line that cannot be read to
    ``handle_error``."""
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
        close = getattr(items, "close", None)
        if close is not None:
            close()  # the progress bar goes now, not when the generator is collected
    return visitor.result()


def records(
    path: str, stdin: IO[bytes] | None = None, progress: Progress | None = None
) -> Generator[LogRecord, None, None]:
    """The checked records of the log at ``path``, one at a time, telling ``progress``.

    Raises LogFormatError, whose message names the file, the line and the field: a log that
    cannot be opened, an empty log, a line that is not a record, a deal before the first header.
    """
    source = open_log(path, stdin)
    with source:
        if progress is not None:
            progress.start(source.name, source.total)
        try:
            reader = LineReader(source.name)
            yield from reader.records(source.read(), progress, source.position)
        finally:
            if progress is not None:
                progress.finish()


def open_log(path: str, stdin: IO[bytes] | None = None, name: str | None = None) -> Source:
    """The log at ``path`` (``-``: stdin, or the stream ``stdin``, called ``name`` in messages),
    open for reading; LogFormatError naming the path when it cannot be opened (missing, a
    directory, no permission, a ``.gz`` that is not gzip, over the size limit)."""
    try:
        return Source(path, stdin, name)
    except OSError as err:
        raise LogFormatError(open_error(path, err), display(path)) from None
