"""Replay: re-deal every deal of a log through the engine and verify what the record holds.

docs/how-to/verify.md; the format is docs/log-format.md. This module runs over the logs named
on the command line and keeps the summary; the work is split by job:

- :mod:`pontoon_cli.logformat.sources`: reading a log (a file, stdin, gzip) as raw lines, and
  :class:`pontoon_cli.logformat.lines.LineReader`: the lines as records, the loop the views read
  by too;
- :mod:`pontoon_cli.replay.replayer`: :class:`LogReplayer`, which checks one log record by record;
- :mod:`pontoon_cli.logformat.replay`: the per-deal pipeline every game's replay runs, with its
  hooks filled in by :mod:`pontoon_cli.traditional.replay` (with :mod:`pontoon_cli.traditional.pack`
  and :mod:`pontoon_cli.traditional.compare`), :mod:`pontoon_cli.shoot.replay` (the kitty, S1-S10)
  and :mod:`pontoon_cli.casino.replay` (C1-C11);
- :mod:`pontoon_cli.replay.seeded`: ``--seeded``, every shuffle re-derived from the header's seed;
- :mod:`pontoon_cli.logformat.divergence`: :class:`Divergence`, :class:`Summary` and the output.

Exit codes (:attr:`Summary.exit_code`): 0 every deal verified, 1 a divergence, 2 unreadable input
(not JSON, truncated, a record of an unknown type or format, a field of the wrong type).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import IO, Protocol

import orjson

from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.log.reader import open_log
from pontoon_cli.logformat.divergence import Divergence, Output, StreamOutput, Summary
from pontoon_cli.logformat.sources import STDIN, Source
from pontoon_cli.replay.coverage import RuleCoverage, coverage_table, coverage_under
from pontoon_cli.replay.replayer import LogReplayer

__all__ = [
    "STDIN",
    "Divergence",
    "LogReplayer",
    "Output",
    "StreamOutput",
    "Summary",
    "Watch",
    "replay_lines",
    "replay_logs",
]

# running over files ------------------------------------------------------------------------------


class Watch(Protocol):
    """What a run tells an observer besides its output (``replay --junit-xml``, ``--annotate``:
    :mod:`pontoon_cli.replay.ci`): each log as it starts and ends, each divergence as found."""

    def started(self, path: str, summary: Summary) -> None: ...

    def found(self, divergence: Divergence) -> None: ...

    def ended(self, summary: Summary, error: str | None) -> None: ...


def replay_logs(
    paths: Sequence[str],
    output: Output,
    *,
    fail_fast: bool = False,
    as_json: bool = False,
    stdin: IO[bytes] | None = None,
    seeded: bool = False,
    coverage: RuleCoverage | None = None,
    fail_under: float | None = None,
    watch: Watch | None = None,
) -> int:
    """Replay every log in ``paths`` (``-`` is stdin; gzip is read by its magic bytes).

    Writes one line per divergence (text, or JSON lines with ``as_json``) and a closing summary,
    and returns the exit code, the worst of every log's: 0 verified, 1 a divergence, 2 unreadable
    input. Every log named is read, in order, whatever the one before it held (a missing file
    too); with ``fail_fast`` the run stops at the first divergence or unreadable input. With
    ``seeded`` every shuffled pack must also be the header's seed's (:mod:`replay_seeded`).
    With ``coverage`` every deal's rules are tallied and reported after the summary (a table,
    or with ``as_json`` one last JSON line); with ``fail_under`` too, the exit code is at least
    1 when fewer than that percentage of the applicable rules were exercised.
    ``watch`` is told of each log and divergence as well (:class:`Watch`).
    """
    summary = Summary()
    if as_json:

        def emit(found: Divergence) -> None:
            output.write(found.to_json())
    else:

        def emit(found: Divergence) -> None:
            output.write(f"{found}\n".encode())

    report = emit if watch is None else _watched(emit, watch)
    for path in paths:
        if watch is not None:
            watch.started(path, summary)
        error: str | None = None
        stop = False
        try:
            source: Source | None = open_log(path, stdin)
        except LogFormatError as err:  # missing, a directory, no permission, not gzip, too big
            source = None
            error = str(err)
            summary.unopened += 1
        if source is not None:
            summary.files += 1
            with source:
                output.start(source.name, source.total)
                try:
                    stop = _replay_stream(
                        source, summary, report, output, fail_fast, seeded, coverage
                    )
                except LogFormatError as err:
                    error = str(err)
                finally:
                    output.finish()
        if error is not None:
            summary.errors += 1
            output.message(f"pontoon: {error}")
            stop = fail_fast
        if watch is not None:
            watch.ended(summary, error)
        if stop:
            break
    output.message(str(summary))
    code = summary.exit_code
    if coverage is not None:
        tallied = coverage.report()
        if as_json:
            output.write(orjson.dumps(tallied) + b"\n")
        else:
            output.message(coverage_table(tallied).rstrip("\n"))
        under = coverage_under(tallied, fail_under)
        if under is not None:
            output.message(under)
            code = max(code, 1)
    return code


def _watched(emit: Callable[[Divergence], None], watch: Watch) -> Callable[[Divergence], None]:
    """``emit``, then the watch told."""

    def both(found: Divergence) -> None:
        emit(found)
        watch.found(found)

    return both


def _replay_stream(
    source: Source,
    summary: Summary,
    emit: Callable[[Divergence], None],
    output: Output,
    fail_fast: bool,
    seeded: bool,
    coverage: RuleCoverage | None = None,
) -> bool:
    """Replay one log; True when ``fail_fast`` says to stop. Raises LogFormatError."""
    replayer = LogReplayer(source.name, seeded=seeded, coverage=coverage)
    try:
        for found in replayer.replay(source.read(), output, source.position):
            summary.divergences += 1
            if found.follows is not None:
                summary.following += 1
            emit(found)
            if fail_fast:
                return True
    finally:
        summary.lines += replayer.lines
        summary.deals_verified += replayer.deals_verified
        summary.deals_diverged += replayer.deals_diverged
        summary.headers_diverged += replayer.headers_diverged
        summary.deals_stacked += replayer.deals_stacked
    return False


def replay_lines(file: str, lines: Iterable[bytes], *, seeded: bool = False) -> list[Divergence]:
    """Every divergence of a log given as lines (tests, benchmarks). Raises LogFormatError."""
    return list(LogReplayer(file, seeded=seeded).replay(lines))
