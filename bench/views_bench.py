"""``pontoon show`` against replay, for `make bench`: drawing a whole log into a pipe or a file
costs at most 20 times replaying it (the same log, lines per CPU second, interleaved in the same
rounds as bench/bench.py's other contenders).

``show`` runs in-process as a user runs it, its text written to ``/dev/null`` (``--out
/dev/null``: a device, written as it is, as a pipe is), so what is measured is reading, re-dealing
and drawing each deal, not the terminal.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import benchlib
from benchlib import Round, target

#: The most show may cost, as a multiple of replay's time on the same log.
SHOW_OVER_REPLAY = 20


def show_seconds(log: Path) -> float:
    """CPU seconds of ``pontoon show LOG --out /dev/null`` in this process."""
    from typer.testing import CliRunner

    from pontoon_cli.cli.main import app

    runner = CliRunner()
    done: list[Any] = []
    seconds = benchlib.cpu_seconds(
        lambda: done.append(runner.invoke(app, ["show", str(log), "--out", os.devnull]))
    )
    if done[0].exit_code != 0:
        raise RuntimeError(f"show failed on the bench log: {done[0].output}")
    return seconds


def show_contender(key: str, log: Path) -> Callable[[], Round]:
    return lambda: {key: show_seconds(log)}


def show_line(rounds: Sequence[Round], what: str) -> str:
    """show's time over replay's on the same log (rates: replay lines/s over show lines/s)."""
    return target(
        f"show (whole log, into a pipe) CPU time over replay's, {what}",
        benchlib.ratios(rounds, "replay_traditional", "show_traditional"),
        "<=",
        SHOW_OVER_REPLAY,
    ).line()
