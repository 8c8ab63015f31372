"""Output for people: rich on stderr, and only where it helps.

:class:`ReplayView` is where ``pontoon replay`` writes: divergence lines to stdout as bytes,
messages and the summary to stderr, and a transient progress bar on stderr when stderr is a
terminal (without colour under ``NO_COLOR``, not at all under ``TERM=dumb``); ``show``, ``stats``
and ``diff`` read under the same bar. :class:`PlayProgress` is the bar of ``pontoon play --out
FILE``, on the same terms.
"""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING

from pontoon_cli.log.output import Writable

# rich is imported where a console or a bar is made: `pontoon play` to stdout shows no bar and
# must not pay for rich at start-up.
if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, ProgressColumn, TaskID


def plain_terminal() -> bool:
    """``NO_COLOR`` or ``TERM=dumb``: no colour; and for ``TERM=dumb`` no other ANSI code either
    (no bar, whose redrawing is cursor movement)."""
    return "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb"


def colour_wanted(stream: object) -> bool:
    """Colour on ``stream``: only a terminal, never under ``NO_COLOR`` or ``TERM=dumb``."""
    return _is_terminal(stream) and not plain_terminal()


def bar_wanted(stream: object) -> bool:
    """A progress bar on ``stream`` (stderr): only a terminal, never ``TERM=dumb`` (under
    ``NO_COLOR`` it is drawn without colour, by :func:`stderr_console`)."""
    return _is_terminal(stream) and os.environ.get("TERM") != "dumb"


def stderr_console(stream: IO[str]) -> Console:
    """A console on ``stream`` (stderr) that never colours under ``NO_COLOR`` or ``TERM=dumb``,
    and writes a user's text as it is (a file named ``:smile:.jsonl`` is no emoji)."""
    from rich.console import Console

    return Console(file=stream, highlight=False, no_color=plain_terminal(), emoji=False)


def transient_bar(console: Console, *middle: ProgressColumn, width: int = 40) -> Progress:
    """A progress bar on ``console`` that leaves no trace: description, a bar ``width``
    columns wide, the ``middle`` columns (bytes and speed for replay, deals for play), then the
    time remaining."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(
        TextColumn("{task.description}", markup=False),  # it names the user's file: as it is
        BarColumn(bar_width=width),
        *middle,
        TimeRemainingColumn(),
        console=console,
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    )


class ReplayView:
    """Implements ``replay.Output``: data on stdout, messages and progress on stderr.

    ``pontoon show``, ``stats`` and ``diff`` read their logs under the same bar (``verb`` names
    the command in it), and write their lines through :meth:`write` while it is shown.
    """

    def __init__(self, stdout: Writable, stderr: IO[str], verb: str = "replay") -> None:
        self._stdout = stdout
        self._stderr = stderr
        self.verb = verb
        self._bar: Progress | None = None
        self._task: TaskID | None = None
        self._show_bar = bar_wanted(stderr)
        # Lines for a terminal go above the bar; lines for a pipe or file go out as bytes.
        self._data_on_terminal = self._show_bar and _is_terminal(stdout)

    def write(self, data: bytes) -> None:
        if self._bar is not None and self._data_on_terminal:
            text = data.decode().rstrip("\n")
            self._bar.console.print(text, markup=False, highlight=False, soft_wrap=True)
        else:
            self._stdout.write(data)

    def message(self, text: str) -> None:
        """A line on stderr: above the bar while it is shown, else as it is (no rich: a replay
        whose stderr is no terminal does not load it)."""
        if self._bar is not None:
            self._bar.console.print(text, markup=False, highlight=False, soft_wrap=True)
        else:
            self._stderr.write(text + "\n")
            self._stderr.flush()

    def start(self, name: str, total: int | None) -> None:
        if not self._show_bar:
            return
        from rich.progress import DownloadColumn, TransferSpeedColumn

        console = stderr_console(self._stderr)
        self._bar = transient_bar(console, DownloadColumn(), TransferSpeedColumn())
        self._bar.start()
        self._task = self._bar.add_task(f"{self.verb} {name}", total=total)

    def advance(self, position: int) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=position)

    def finish(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
            self._task = None
        self._stdout.flush()


class PlayProgress:
    """The bar of ``pontoon play --out FILE``: deals written out of the deals asked for.

    Shown on stderr when it is a terminal (``show`` forces it either way); updated every
    :attr:`STEP` deals and at the end, so a long run pays next to nothing for it.
    """

    STEP = 64

    def __init__(self, stderr: IO[str], total: int, where: str, show: bool | None = None) -> None:
        self.total = total
        self.where = where
        self.stderr = stderr
        self.shown = bar_wanted(stderr) if show is None else show
        self.done = 0
        self._bar: Progress | None = None
        self._task: TaskID | None = None

    def __enter__(self) -> PlayProgress:
        if self.shown:
            from rich.progress import MofNCompleteColumn, TextColumn

            self._bar = transient_bar(
                stderr_console(self.stderr), MofNCompleteColumn(), TextColumn("deals")
            )
            self._bar.start()
            self._task = self._bar.add_task(f"play > {self.where}", total=self.total)
        return self

    def advance(self, deals: int) -> None:
        """``deals`` have been written so far."""
        self.done = deals
        if self._bar is not None and self._task is not None and not deals % self.STEP:
            self._bar.update(self._task, completed=deals)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=self.done)
            self._bar.stop()
            self._bar = None


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())
