"""``pontoon show``, ``stats`` and ``diff``: deals drawn for people, figures, two logs compared.

Each command reads through :func:`pontoon_cli.log.reader.read_log` (files, ``-``, gzip, the
limits and checks of replay), hands the records to its visitor (view_show, view_stats,
view_diff), and draws with rich (render_show, render_stats) only here and in render modules.
Unreadable input is exit 2 with FILE:LINE; a file written with ``--out``/``--plot`` is written
whole or not at all (output.open_sink).
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any

import typer

from pontoon_cli.cli.app import EXIT_RULES, command, fail, keep_inputs, stream_guard
from pontoon_cli.cli.options import Logs, json_option, log_argument, out_option
from pontoon_cli.core.errors import PontoonError

FORMATS = ("text", "svg", "html")


def _colour(stream: Any) -> bool:
    from pontoon_cli.render.console import colour_wanted

    return colour_wanted(stream)


def _bar(verb: str) -> Any:
    """replay's progress bar on stderr, only on a terminal (render.ReplayView), and the way to
    stdout that writes above it while it is shown."""
    from pontoon_cli.cli.app import data_out
    from pontoon_cli.render.console import ReplayView

    return ReplayView(data_out(), sys.stderr, verb=verb)


# show --------------------------------------------------------------------------------------------


def _chosen(metavar: str, which: str) -> Any:
    """``--deal`` or ``--deals``: ``which`` deals show draws (unless given, every one)."""
    return typer.Option(metavar=metavar, help=f"{which}  [default: every deal]")


@command(short_help="Draw a log's deals for people.")
def show(
    log: Annotated[str, log_argument("LOG")],
    deal: Annotated[
        str | None,
        _chosen(
            "[G:]N",
            "Only deal N of the log's first game; G:N, deal N of game G (each header "
            "starts a game: simulate --log and cat write several).",
        ),
    ] = None,
    deals: Annotated[
        str | None, _chosen("[G:]A-B", "Only deals A to B of the first game; G:A-B, of game G.")
    ] = None,
    player: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME",
            help="Only the deals NAME played or banked, and in them NAME's hands; give it again "
            "for more players.  [default: everyone]",
        ),
    ] = None,
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="text|svg|html",
            help="text for a terminal or a pipe; svg or html: the same picture as a file "
            "(at most 200 deals).  [default: text]",
            show_default=False,
        ),
    ] = "text",
    out: Annotated[str | None, out_option("Write to FILE")] = None,
) -> None:
    """Draw each deal of a log: who banked, every decision in order, each hand's cards, stake,
    class and settlement with its rule ID, the banker's hand, nets and balances, and the kitty
    in Shoot.

    A minimal log's deals (pack, decisions, nets) are re-dealt by the rules; one replay finds
    divergent is drawn as recorded and as the rules deal it, to its end or up to where the two
    part, under the first divergence.

    A log of several games (one header each) is read game by game: --deal and --deals choose in
    the first game unless they name another (2:5), and reading stops after the last deal chosen.
    Cards show their suits in colour on a terminal, and as the log's letters (TH) when piped,
    with NO_COLOR or TERM=dumb. Exit 2 for unreadable input, a deal not in the log, or a player
    not at the table.

    \b
    Examples:
      pontoon show game.jsonl --deal 2
      pontoon show game.jsonl --deals 1-3 --player p3
      pontoon show rounds.jsonl --deal 2:5 --player p2 --player p3
      pontoon show game.jsonl --deal 2 --format svg --out deal2.svg
    """
    from pontoon_cli.log.output import open_sink
    from pontoon_cli.render.show import Drawing
    from pontoon_cli.views.show import MAX_PICTURE_DEALS, Show, ShowError, parse_choice

    if fmt not in FORMATS:
        fail(f"--format {fmt!r}: expected one of {', '.join(FORMATS)}")
    if deal is not None and deals is not None:
        fail("--deal and --deals choose the same thing: give one")
    try:
        chosen = (
            parse_choice("--deal", deal)
            if deal is not None
            else parse_choice("--deals", deals)
            if deals is not None
            else None
        )
    except ShowError as err:
        fail(str(err))
    keep_inputs("--out", out, ("the log read", log))
    with stream_guard():
        sink = open_sink(out, sys.stdout.buffer)
        try:
            picture = fmt != "text"
            colour = not picture and out is None and _colour(sys.stdout)
            width = None
            if colour:
                import shutil

                width = shutil.get_terminal_size().columns
            drawing = Drawing(colour=colour, width=width, record=picture)
            bar = _bar("show")
            text_out = bar if out is None else sink  # to stdout above the bar, if one is shown

            def draw(p: Any) -> None:
                drawing.draw(p)
                if not picture:
                    text_out.write(drawing.take().encode())

            visitor = Show(
                draw,
                deals=chosen,
                players=tuple(dict.fromkeys(player or ())),
                most=MAX_PICTURE_DEALS if picture else None,
            )
            _read(log, visitor, bar)
            visitor.check(_name(log))
            if fmt == "svg":
                sink.write(drawing.svg(f"pontoon show {_name(log)}").encode())
            elif fmt == "html":
                sink.write(drawing.html().encode())
            sink.keep()
        except PontoonError as err:
            sink.discard()
            fail(str(err))
        except BaseException:
            sink.discard()
            raise


def _read(log: str, visitor: Any, bar: Any) -> Any:
    from pontoon_cli.log.reader import read_log

    return read_log(log, visitor, progress=bar)


def _name(log: str) -> str:
    from pontoon_cli.log.reader import display

    return display(log)


# stats -------------------------------------------------------------------------------------------


@command(short_help="Aggregate logs: nets, edges, hand classes, banks.")
def stats(
    logs: Logs,
    as_json: Annotated[bool, json_option("Write the figures as one JSON object.")] = False,
    plot_file: Annotated[
        str | None,
        typer.Option(
            "--plot",
            metavar="FILE.svg|png",
            help="Draw each player's bankroll over time to FILE (needs matplotlib, the plot "
            "extra: pip install matplotlib).  [default: no chart]",
        ),
    ] = None,
) -> None:
    """Aggregate logs as they stream by: per player deals, hands, banks held, net and net per
    deal with its standard error, win/lose/tie rates, hand classes, busts, splits, buys, burns,
    shoot bets; for the table the banker's edge per punter hand with its standard error, how
    long each bank lasted, pontoons per 100 deals; and each bankroll over time.

    Every log (and every game of a joined log) must be of one preset: a second preset is exit
    2, naming both headers; run stats on each apart. Memory stays flat whatever the logs'
    length; it grows only with the number of distinct players (a row each). Exit 2 for
    unreadable input.

    \b
    Examples:
      pontoon stats game.jsonl
      pontoon stats --json game.jsonl | jq -c .table.banks
      pontoon stats game.jsonl --plot bankroll.svg
    """
    suffix = ""
    if plot_file is not None:
        from pontoon_cli.render.stats import PLOT_SUFFIXES

        suffix = os.path.splitext(plot_file)[1].lower()
        if suffix not in PLOT_SUFFIXES:
            fail(f"--plot {plot_file}: the chart is written as .svg or .png, by its name")
        try:
            import matplotlib  # noqa: F401 - asked before the logs are read
        except ImportError:
            fail("--plot needs matplotlib, an optional extra: pip install matplotlib")
        for log in logs:
            keep_inputs("--plot", plot_file, ("the log read", log))
    with stream_guard():
        from pontoon_cli.log.output import open_sink

        # the chart's file is opened (a temporary file beside it) before any log is read: a
        # path that cannot be written is exit 2 at once, not after the whole report
        chart = open_sink(plot_file, sys.stdout.buffer) if plot_file is not None else None
        try:
            figures, names = _figures(logs)
            _report(figures, names, as_json)
            if chart is not None:
                _plot(figures, chart, suffix, names)
        except BaseException:
            if chart is not None:
                chart.discard()
            raise


def _figures(logs: list[str]) -> tuple[dict[str, Any], str]:
    """The figures of every log (read under the bar), and the logs' names for the title."""
    from pontoon_cli.views.stats import Stats, figures

    bar = _bar("stats")

    def read(log: str, visitor: Stats) -> None:
        try:
            _read(log, visitor, bar)
        except PontoonError as err:
            fail(str(err))

    return figures(logs, read), ", ".join(_name(log) for log in logs)


def _report(figures: dict[str, Any], names: str, as_json: bool) -> None:
    if as_json:
        from pontoon_cli.cli.app import write_json

        write_json(figures)
        return
    from pontoon_cli.cli.app import data_out
    from pontoon_cli.render.stats import text

    width = None  # not on a terminal: no line is wrapped
    if sys.stdout.isatty():
        import shutil

        width = shutil.get_terminal_size().columns
    title = (
        f"pontoon stats {names}: {figures['deals']} deals, {figures['games']} "
        f"game{'s' if figures['games'] != 1 else ''}"
    )
    out = data_out()
    out.write(text(figures, title, colour=_colour(sys.stdout), width=width).encode())
    out.flush()


def _plot(figures: dict[str, Any], chart: Any, suffix: str, names: str) -> None:
    from pontoon_cli.cli.app import say
    from pontoon_cli.render.stats import plot

    chart.write(plot(figures, suffix, f"bankroll: {names}"))
    chart.keep()
    say(f"pontoon: bankroll chart written to {chart.where}")


# diff --------------------------------------------------------------------------------------------


@command(short_help="Compare two logs deal by deal.")
def diff(
    a: Annotated[str, log_argument("A")],
    b: Annotated[str, typer.Argument(metavar="B", help="Another log file (.gz too).")],
    every: Annotated[
        bool, typer.Option("--all", help="Report every deal that differs, not only the first.")
    ] = False,
    as_json: Annotated[bool, json_option("Write the differences as JSON lines.")] = False,
) -> None:
    """Compare two logs deal by deal; report the first deal where they differ (every one with
    --all): the field, both values, and which one the rules give (each side's deal replayed).

    Headers, rules and tables that differ, and logs of different lengths, are reported as such.
    Exit 0 when the logs are the same, 1 when they differ, 2 for unreadable input.

    \b
    Examples:
      pontoon diff game.jsonl game.jsonl
      pontoon diff --all game.jsonl changed.jsonl
    """
    from pontoon_cli.cli.app import counted, data_out, say
    from pontoon_cli.views.diff import Diff

    if a == "-" and b == "-":
        fail("A and B cannot both be stdin (-)")
    name_a, name_b = _name(a), _name(b)
    if name_a == name_b:
        name_a, name_b = f"A {name_a}", f"B {name_b}"
    bar = _bar("diff")
    comparison = Diff(a, b, every=every, progress=bar)
    out = data_out()
    found = 0
    with stream_guard():
        try:
            for difference in comparison.run():
                found += 1
                if as_json:
                    import orjson

                    from pontoon_cli.logformat.check import escape_json

                    line = orjson.dumps(
                        difference.to_dict(name_a, name_b), option=orjson.OPT_APPEND_NEWLINE
                    ).decode()
                    bar.write(escape_json(line).encode())
                else:
                    bar.write((difference.text(name_a, name_b) + "\n").encode())
        except PontoonError as err:
            out.flush()
            fail(str(err))
        out.flush()
    compared = counted(comparison.deals, "deal")
    if found == 0:
        say(f"pontoon diff: the same: {compared} compared")
        return
    say(f"pontoon diff: {compared} compared, {counted(found, 'difference')}")
    raise typer.Exit(EXIT_RULES)
