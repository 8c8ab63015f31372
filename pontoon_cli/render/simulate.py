"""``pontoon simulate``: the report as text, and the progress bar on a terminal's stderr."""

from __future__ import annotations

import time
from typing import IO, TYPE_CHECKING, Any, Final

from pontoon_cli.render.console import bar_wanted, stderr_console, transient_bar

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:+.4f}%"


def _edge_line(name: str, e: dict[str, Any]) -> str:
    if e["edge"] is None:
        return f"  {name}: n/a (nothing staked)"
    if e["se"] is None:
        return f"  {name}: {_pct(e['edge'])}"
    lo, hi = e["ci95"]
    return (
        f"  {name}: {_pct(e['edge'])} ± {100 * e['se']:.4f}% (1 s.e.), "
        f"95% interval {_pct(lo)} to {_pct(hi)}"
    )


def _shares(counts: dict[str, int]) -> str:
    whole = sum(counts.values())
    if not whole:
        return "none"
    return ", ".join(f"{k} {100 * v / whole:.3f}%" for k, v in counts.items())


def report_text(r: dict[str, Any]) -> str:
    """The report as lines for people (the same figures as ``--json``)."""
    rules = r["rules"]
    changed = ", ".join(f"{k}={v}" for k, v in r["settings"].items()) or "preset defaults"
    strategies = ", ".join(f"{k} {v}" for k, v in r["strategies"].items())
    lines = [
        f"pontoon simulate: {r['tool']}",
        f"rules: {rules['preset']} ({changed})",
        f"table: {len(r['seats'])} seat{'' if len(r['seats']) == 1 else 's'} "
        f"({' '.join(r['seats'])}), strategies: {strategies}, "
        f"stakes {r['min_stake']}-{r['max_stake']}, bankroll {r['bankroll']:,} a shard",
        f"seed {r['seed']}, {r['rounds']:,} rounds in {r['shards']} shard"
        f"{'' if r['shards'] == 1 else 's'} of at most {r['shard_rounds']:,} (shard i seeded from "
        f"(seed, i)), {r['rounds_played']:,} played",
        f"{r['edge']['of']}'s edge (its gain, rounds as the units of the standard error):",
        _edge_line("per initial stake", r["edge"]["per_initial_stake"]),
        _edge_line("per unit staked", r["edge"]["per_unit_staked"]),
        "mean net per round: "
        + ", ".join(f"{p} {v:+.4f}" for p, v in r["mean_net_per_round"].items()),
        f"hands ({r['totals']['hands']:,}): {_shares(r['hand_classes']['hands'])}",
        f"{r['edge']['of']}'s hands: {_shares(r['hand_classes']['house'])}",
        "decisions: " + ", ".join(f"{k} {v:,}" for k, v in r["decisions"].items()),
    ]
    return "\n".join(lines) + "\n"


#: The simulate bar's own columns: its name, the bar, the time left (TimeRemainingColumn's 7).
BAR_NAME: Final = "simulate"
BAR_WIDTH: Final = 16
TIME_WIDTH: Final = 7


def bar_status(done: int, total: int, speed: str, interval: str, columns: int) -> str:
    """The text beside the simulate bar in a terminal ``columns`` wide: rounds done of the
    total always, then the edge's interval and the speed, each only where it still fits, so the
    bar stays one line and never crops the count (4 spaces between its 5 columns)."""
    room = columns - len(BAR_NAME) - BAR_WIDTH - TIME_WIDTH - 4
    text = f"{done:,}/{total:,} rounds"
    for extra in (interval, speed):
        if extra and len(text) + 1 + len(extra) <= room:
            text += " " + extra
    return text


class SimulateProgress:
    """A bar of rounds played on a terminal's stderr (never under ``TERM=dumb``), with the
    rounds done of the total, the current 95% interval of the edge per initial stake (from the
    shards finished so far) and rounds/s, as many of them as the terminal's width holds."""

    def __init__(self, stderr: IO[str], total: int, show: bool | None = None) -> None:
        self.total = total
        self.stderr = stderr
        self.shown = bar_wanted(stderr) if show is None else show
        self.done = 0
        self.started = time.monotonic()
        self._bar: Progress | None = None
        self._task: TaskID | None = None

    def __enter__(self) -> SimulateProgress:
        if self.shown:
            from rich.progress import TextColumn

            self._bar = transient_bar(
                stderr_console(self.stderr), TextColumn("{task.fields[status]}"), width=BAR_WIDTH
            )
            self._bar.start()
            status = bar_status(0, self.total, "", "", self._bar.console.width)
            self._task = self._bar.add_task(BAR_NAME, total=self.total, status=status)
        return self

    def advance(self, rounds: int, edge: dict[str, Any]) -> None:
        """``rounds`` more were played; ``edge`` is the interval so far (simulate.ratio)."""
        self.done += rounds
        if self._bar is None or self._task is None:
            return
        elapsed = max(time.monotonic() - self.started, 1e-9)
        interval = ""
        if edge["ci95"] is not None:
            lo, hi = edge["ci95"]
            interval = f"edge {100 * lo:+.2f}% to {100 * hi:+.2f}%"
        speed = f"{self.done / elapsed:,.0f}/s"
        status = bar_status(self.done, self.total, speed, interval, self._bar.console.width)
        self._bar.update(self._task, completed=self.done, status=status)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
