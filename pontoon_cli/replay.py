"""Replay: re-deal every deal of a log through the engine and verify what the record holds.

SPEC.md, "pontoon replay"; the format is docs/log-format.md. This module runs over the logs named
on the command line and keeps the summary; the work is split by job:

- :mod:`pontoon_cli.replay_source`: reading a log (a file, stdin, gzip) as raw lines;
- :mod:`pontoon_cli.replayer`: :class:`LogReplayer`, which checks one log record by record;
- :mod:`pontoon_cli.replay_pack` and :mod:`pontoon_cli.replay_compare`: the checks it makes;
- :mod:`pontoon_cli.replay_report`: :class:`Divergence`, :class:`Summary` and the output.

Exit codes (:attr:`Summary.exit_code`): 0 every deal verified, 1 a divergence, 2 unreadable input
(not JSON, truncated, a record of an unknown type or format, a field of the wrong type).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Final

import orjson

from pontoon_cli.errors import LogFormatError
from pontoon_cli.replay_report import Divergence, Output, StreamOutput, Summary
from pontoon_cli.replay_source import STDIN, Source, display
from pontoon_cli.replayer import LogReplayer

__all__ = [
    "STDIN",
    "Divergence",
    "LogReplayer",
    "Output",
    "StreamOutput",
    "Summary",
    "replay_lines",
    "replay_logs",
]

# running over files ------------------------------------------------------------------------------

_TICK: Final = 2047  # report progress every 2048 lines


def replay_logs(
    paths: Sequence[str],
    output: Output,
    *,
    fail_fast: bool = False,
    as_json: bool = False,
    stdin: IO[bytes] | None = None,
) -> int:
    """Replay every log in ``paths`` (``-`` is stdin; ``.gz`` files are read through gzip).

    Writes one line per divergence (text, or JSON lines with ``as_json``) and a closing summary,
    and returns the exit code: 0 verified, 1 a divergence, 2 unreadable input. A missing file is
    reported before anything is replayed. With ``fail_fast`` the run stops at the first
    divergence or unreadable line.
    """
    summary = Summary()
    missing = [p for p in paths if p != STDIN and not os.path.exists(p)]
    for path in missing:
        output.message(f"pontoon: {path}: no such file")
    if missing:
        summary.errors = len(missing)
        output.message(str(summary))
        return summary.exit_code

    if as_json:

        def emit(found: Divergence) -> None:
            output.write(orjson.dumps(found.to_dict(), option=orjson.OPT_APPEND_NEWLINE))
    else:

        def emit(found: Divergence) -> None:
            output.write(f"{found}\n".encode())

    for path in paths:
        summary.files += 1
        error: str | None = None
        stop = False
        try:
            source = Source(path, stdin)
        except OSError as err:  # a directory, no permission
            source = None
            error = f"{display(path)}: cannot read: {err.strerror or err}"
        if source is not None:
            with source:
                output.start(source.name, source.total)
                try:
                    stop = _replay_stream(source, summary, emit, output, fail_fast)
                except LogFormatError as err:
                    error = str(err)
                finally:
                    output.finish()
        if error is not None:
            summary.errors += 1
            output.message(f"pontoon: {error}")
            stop = fail_fast
        if stop:
            break
    output.message(str(summary))
    return summary.exit_code


def _replay_stream(
    source: Source,
    summary: Summary,
    emit: Callable[[Divergence], None],
    output: Output,
    fail_fast: bool,
) -> bool:
    """Replay one log; True when ``fail_fast`` says to stop. Raises LogFormatError."""
    replayer = LogReplayer(source.name)
    feed = replayer.feed
    consumed = 0
    number = 0
    try:
        for number, raw in enumerate(source.read(), 1):
            consumed += len(raw)
            if not number & _TICK:
                output.advance(source.position(consumed))
            found = feed(number, raw)
            if found is not None:
                summary.divergences += 1
                emit(found)
                if fail_fast:
                    return True
    finally:
        summary.lines += number
        summary.deals_verified += replayer.deals_verified
        summary.deals_diverged += replayer.deals_diverged
    if number == 0:
        raise LogFormatError(f"{source.name}: empty log: expected a header record on line 1")
    return False


def replay_lines(file: str, lines: Iterable[bytes]) -> list[Divergence]:
    """Every divergence of a log given as lines (tests, benchmarks). Raises LogFormatError."""
    replayer = LogReplayer(file)
    found = (replayer.feed(n, raw) for n, raw in enumerate(lines, 1))
    return [f for f in found if f is not None]
