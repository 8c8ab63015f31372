"""Drawing ``pontoon stats``: tables and a bankroll sparkline with rich, a chart with matplotlib.

The figures come from :meth:`pontoon_cli.views.stats.Stats.to_dict` (what ``--json`` writes), so
the text and the JSON cannot disagree. matplotlib is an optional extra (the ``plot``
extra, or ``pip install matplotlib``), imported only by :func:`plot`.
"""

from __future__ import annotations

import io
from typing import Any, Final

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from pontoon_cli.core.actions import PUNTER
from pontoon_cli.games import game_of
from pontoon_cli.render.plain import grid_lines
from pontoon_cli.views.show import name

SPARKS: Final = "▁▂▃▄▅▆▇█"
CLASSES: Final = ("royal-pontoon", "pontoon", "five-card-trick", "twenty-one", "total", "bust")
PLOT_SUFFIXES: Final = (".svg", ".png")
#: The width of text that is not on a terminal: wider than any line, so none is wrapped.
UNWRAPPED: Final = 1 << 16
#: The decision columns, each shown for a game whose punters' decision words hold its word.
DECISIONS: Final = (
    ("splits", "split"),
    ("doubles", "double"),
    ("buys", "buy"),
    ("burns", "burn"),
)


class PlotUnavailable(Exception):
    """matplotlib is not installed."""


def text(figures: dict[str, Any], title: str, *, colour: bool, width: int | None) -> str:
    """The figures as tables for a person: fitted to a terminal ``width`` wide; with no width
    (a pipe, a file) plain, each line as long as it is, never wrapped or cropped. Plain text is
    laid out here, line by line (:func:`~pontoon_cli.render.plain.grid_lines`, rich's layout
    without rich's cost: linear and fast for thousands of players); a terminal gets rich."""
    players = figures["players"]
    table = figures["table"]
    house = table["house"]
    words = tuple(a.word for a in game_of(figures["preset"]).actions.rows if a.taker == PUNTER)
    grids = [
        _players(players, banks=house == "banker"),
        _decisions(players, words),
        _classes(players),
    ]
    parts = [_table(table, figures["deals"], house), _bankrolls(figures["bankroll"], players)]
    if not colour and width is None:
        lines = [title]
        for columns, rows in grids:
            lines += grid_lines(columns, rows)
        for part in parts:
            lines += part.plain.rstrip().split("\n") if part.plain.strip() else [""]
        return "\n".join(line.rstrip() for line in lines) + "\n"
    buffer = io.StringIO()
    console = Console(
        file=buffer,
        width=width or UNWRAPPED,
        force_terminal=colour,
        color_system="standard" if colour else None,
        no_color=not colour,
        highlight=False,
        emoji=False,
    )
    console.print(Text(title, style="bold"))
    for columns, rows in grids:
        console.print(_grid(columns, rows))
    for part in parts:
        part.rstrip()  # in place: no blank line after the last line of each
        console.print(part)
    out = buffer.getvalue()
    if not colour:
        out = "\n".join(line.rstrip() for line in out.split("\n"))
    return out


Grid = tuple[list[str], list[list[str]]]  # the column heads, and each row's cells


def _grid(columns: list[str], rows: list[list[str]]) -> Table:
    grid = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    for i, column in enumerate(columns):
        grid.add_column(column, justify="left" if i == 0 else "right")
    for row in rows:
        grid.add_row(Text(row[0]), *row[1:])  # a name as it is: no markup read in it
    return grid


def _players(players: dict[str, Any], *, banks: bool) -> Grid:
    """Each player's deals, banks held (not at a casino table: the dealer banks, C3), net and
    hands."""
    columns = ["player", "deals", "banks", "net", "net per deal ± se", "hands"]
    columns += ["won", "lost", "tied"]
    if not banks:
        columns.remove("banks")
    rows = []
    for who, s in players.items():
        row = [name(who), str(s["deals"])]
        if banks:
            row.append(str(s["banks"]))
        row += [f"{s['net']:+d}", _estimate(s["net_per_deal"]), str(s["hands"])]
        row += [_percent(s["win_rate"]), _percent(s["lose_rate"]), _percent(s["tie_rate"])]
        rows.append(row)
    return columns, rows


def _decisions(players: dict[str, Any], words: tuple[str, ...]) -> Grid:
    """Busts, and the decisions the game gives a punter (``words``): no buy, burn or shoot bet
    at a casino table (C3), a double only there (C7), a shoot bet only in Shoot (S2)."""
    shown = [(column, key) for column, key in DECISIONS if key in words]
    shoot = "shoot" in words
    columns = ["decisions", "busts", *[c for c, _ in shown], *(["shoot bets (money)"] * shoot)]
    rows = []
    for who, s in players.items():
        row = [name(who), str(s["busts"])]
        row += [str(s[column]) for column, _ in shown]
        if shoot:
            row.append(f"{s['shoot_bets']} ({s['shoot_money']})")
        rows.append(row)
    return columns, rows


def _classes(players: dict[str, Any]) -> Grid:
    seen = {label for s in players.values() for label in s["classes"]}
    labels = [c for c in CLASSES if c in seen] + sorted(seen.difference(CLASSES))
    rows = [
        [name(who), *[_share(s["classes"].get(label, 0), s["hands"]) for label in labels]]
        for who, s in players.items()
    ]
    return ["hand classes", *labels], rows


def _table(table: dict[str, Any], deals: int, house: str) -> Text:
    gain = table[f"{house}_gain_per_hand"]
    edge = table[f"{house}_edge_per_unit_staked"]
    banks = table["banks"]
    out = Text()
    out.append(f"table: {table['punter_hands']} punter hands in {deals} deals\n")
    out.append(f"  the {house}'s gain per punter hand: {_estimate(gain)} units\n")
    out.append(f"  the {house}'s edge per unit staked: {_estimate(edge, percent=True)}\n")
    classes = table[f"{house}_classes"]
    if classes:
        shown = " · ".join(f"{label} {n}" for label, n in classes.items())
        out.append(f"  the {house}'s hands: {shown}\n")
    if banks["count"]:
        out.append(
            f"  banks held: {banks['count']}, lasting {banks['shortest']} to {banks['longest']} "
            f"deals (mean {banks['mean']:.1f})\n"
        )
    if table["pontoons_per_100_deals"] is not None:
        out.append(f"  pontoons per 100 deals: {table['pontoons_per_100_deals']:.1f}\n")
    if table["deals_without_hands"]:
        out.append(f"  {table['deals_without_hands']} deals record no hands: no per-hand figures\n")
    return out


def _bankrolls(series: dict[str, Any], players: dict[str, Any]) -> Text:
    out = Text()
    if not series:
        return out
    width = max(s["deals_per_point"] for s in series.values())
    per = "deal" if width == 1 else f"{width} deals"
    out.append(f"bankroll over time (a mark per {per}, the balance after the last of them)\n")
    pad = max(len(name(who)) for who in series)
    for who, s in series.items():
        last = [point[2] for point in s["points"]]
        low = min(point[0] for point in s["points"])
        high = max(point[1] for point in s["points"])
        out.append(f"  {name(who).ljust(pad)} {sparkline(last, low, high)} ")
        out.append(f"{players[who]['balance']['first']} → {last[-1]} (low {low}, high {high})\n")
    return out


def sparkline(values: list[int], low: int, high: int) -> str:
    """One block character per value, ▁ for ``low`` to █ for ``high``."""
    if high == low:
        return SPARKS[3] * len(values)
    top = len(SPARKS) - 1
    return "".join(SPARKS[round((v - low) * top / (high - low))] for v in values)


def _estimate(value: dict[str, float | None], percent: bool = False) -> str:
    mean, se = value["mean"], value["se"]
    if mean is None:
        return "-"
    if percent:
        shown = f"{mean * 100:+.2f}%"
        return shown if se is None else f"{shown} ± {se * 100:.2f}%"
    shown = f"{mean:+.3f}"
    return shown if se is None else f"{shown} ± {se:.3f}"


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate * 100:.1f}%"


def _share(count: int, whole: int) -> str:
    return "-" if not whole else f"{count} ({count * 100 / whole:.1f}%)"


# --plot ------------------------------------------------------------------------------------------


def plot(figures: dict[str, Any], suffix: str, title: str) -> bytes:
    """Each player's bankroll over the deals as a chart (the band: lowest to highest balance of
    each point's deals; the line: the balance after them), as SVG or PNG bytes. Raises
    PlotUnavailable without matplotlib."""
    try:
        import matplotlib
    except ImportError:
        raise PlotUnavailable from None
    matplotlib.use("Agg")  # no display: a file only
    from matplotlib.figure import Figure

    matplotlib.rcParams["svg.hashsalt"] = "pontoon"  # the same ids for the same figures
    figure = Figure(figsize=(8, 4.5), dpi=100)
    axes = figure.subplots()
    lines, names = [], []
    for who, s in figures["bankroll"].items():
        step = s["deals_per_point"]
        start = s["from_deal"]
        xs = [start + i * step for i in range(len(s["points"]))]
        lows = [p[0] for p in s["points"]]
        highs = [p[1] for p in s["points"]]
        lasts = [p[2] for p in s["points"]]
        (line,) = axes.plot(xs, lasts, linewidth=1.2)
        lines.append(line)
        names.append(name(who))
        if step > 1:
            axes.fill_between(xs, lows, highs, color=line.get_color(), alpha=0.2, linewidth=0)
    axes.set_xlabel("deal")
    axes.set_ylabel("balance")
    # names are text: never mathtext ($x^{2}$ drawn as x², $\frac a parse error), and given
    # to the legend as they are (a name starting "_", such as _nolegend_, is not left out)
    axes.set_title(title, parse_math=False)
    axes.grid(alpha=0.3)
    legend = axes.legend(lines, names, loc="best", fontsize="small")
    for label in legend.get_texts():
        label.set_parse_math(False)
    figure.tight_layout()
    buffer = io.BytesIO()
    fmt = suffix.lstrip(".")
    metadata: dict[str, Any] = {"Date": None} if fmt == "svg" else {"Software": None}
    figure.savefig(buffer, format=fmt, metadata=metadata)
    return buffer.getvalue()
