"""How a log's lines are read, once for every reader: replay and the views (show, stats, diff).

Each line is one JSON object (:func:`decode`), a ``header`` record first, then ``deal`` records;
a second header starts a new game. What cannot be read is a :class:`LogFormatError` whose
message names the file, the line and the field (:func:`unreadable`), in the same words whoever
reads: a line that is not JSON or not an object, a deal before the first header
(:data:`HEADER_FIRST`), a record of an unknown type (:func:`unknown_type`), a field the log
schema refuses (:func:`problem_error`), a duplicate key or an integer beyond ±(2**53 − 1)
(:func:`strict_error`), an empty log (:func:`empty_log`). The header itself is read by
:func:`~pontoon_cli.logformat.check.read_header`, which also answers whether the log is a casino
table's (``Table.house``, C3). The place is built only when a line is refused, so a reader pays
nothing for it on the lines it reads.
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.logformat.check import Problem, brief, json_problem, strict_problem

#: A deal record before any header.
HEADER_FIRST: Final = 'expected the header record ("type": "header") first'


def unreadable(file: str, line: int, where: str | None, message: str) -> LogFormatError:
    """``FILE:LINE: WHERE: message`` (``WHERE`` left out when the line is wrong as a whole)."""
    return LogFormatError(f"{file}:{line}: " + (f"{where}: " if where else "") + message)


def decode(file: str, line: int, raw: bytes) -> dict[str, Any]:
    """The line's JSON object; LogFormatError when it is not JSON or not an object."""
    try:
        record = orjson.loads(raw)
    except orjson.JSONDecodeError as err:
        raise unreadable(file, line, None, json_problem(raw, err)) from None
    if type(record) is not dict:
        raise unreadable(
            file,
            line,
            None,
            f"expected a JSON object (a header or deal record), got {brief(record)}",
        )
    return record


def unknown_type(file: str, line: int, kind: Any) -> LogFormatError:
    """A record whose ``type`` is neither a header nor a deal."""
    return unreadable(file, line, "type", f'expected "header" or "deal", got {brief(kind)}')


def problem_error(file: str, line: int, problem: Problem) -> LogFormatError:
    """A field the log schema refuses (:mod:`~pontoon_cli.logformat.check`): expected and got."""
    where, expected, got = problem
    return unreadable(file, line, where, f"expected {expected}, got {brief(got)}")


def strict_error(file: str, line: int, raw: bytes) -> LogFormatError | None:
    """A duplicate key or an integer beyond ±(2**53 − 1) in the line (README "Limits"), or None."""
    problem = strict_problem(raw)
    if problem is None:
        return None
    return unreadable(file, line, problem[0], problem[1])


def empty_log(name: str) -> LogFormatError:
    """A log without a line."""
    return LogFormatError(f"{name}: empty log: expected a header record on line 1")
