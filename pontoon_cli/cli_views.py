"""``pontoon show``, ``stats`` and ``diff``: deals drawn for people, figures, two logs compared.

Each command reads through :func:`pontoon_cli.log_visitor.read_log` (files, ``-``, gzip, the
limits and checks of replay), hands the records to its visitor (view_show, view_stats,
view_diff), and draws with rich (render_show, render_stats) only here and in render modules.
Unreadable input is exit 2 with FILE:LINE; a file written with ``--out``/``--plot`` is written
whole or not at all (output.open_sink).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from pontoon_cli.cli_app import EXIT_RULES, command, fail, stream_guard
from pontoon_cli.errors import PontoonError

FORMATS = ("text", "svg", "html")


def _colour(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and "NO_COLOR" not in os.environ


# show --------------------------------------------------------------------------------------------


@command(short_help="Draw a log's deals for people.")
def show(
    log: Annotated[str, typer.Argument(metavar="LOG", help="A log file (.gz too); - reads stdin.")],
    deal: Annotated[
        int | None, typer.Option(metavar="N", help="Only deal N.  [default: every deal]")
    ] = None,
    deals: Annotated[
        str | None, typer.Option(metavar="A-B", help="Only deals A to B.  [default: every deal]")
    ] = None,
    player: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="Only the deals NAME played or banked, and in them NAME's hands.  "
            "[default: everyone]",
        ),
    ] = None,
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="text|svg|html",
            help="text for a terminal or a pipe; svg or html: the same picture as a file "
            "(at most 200 deals).  [default: text]",
        ),
    ] = "text",
    out: Annotated[
        str | None,
        typer.Option(metavar="FILE", help="Write to FILE, whole or not at all.  [default: stdout]"),
    ] = None,
) -> None:
    """Draw each deal of a log: who banked, every decision in order, each hand's cards, stake,
    class and settlement with its rule ID, the banker's hand, nets and balances, and the kitty
    in Shoot.

    Cards show their suits in colour on a terminal, and as the log's letters (TH) when piped or
    with NO_COLOR. Exit 2 for unreadable input, a deal not in the log, or a player not at the
    table.

    \b
    Examples:
      pontoon show game.jsonl --deal 2
      pontoon show game.jsonl --deals 1-3 --player p2
      pontoon show game.jsonl --deal 2 --format svg --out deal2.svg
    """
    from pontoon_cli.output import open_sink
    from pontoon_cli.render_show import Drawing
    from pontoon_cli.view_show import MAX_PICTURE_DEALS, Show, ShowError, parse_range

    if fmt not in FORMATS:
        fail(f"--format {fmt!r}: expected one of {', '.join(FORMATS)}")
    if deal is not None and deals is not None:
        fail("--deal and --deals choose the same thing: give one")
    try:
        chosen = parse_range(deals) if deals is not None else None
    except ShowError as err:
        fail(str(err))
    if deal is not None:
        if deal < 1:
            fail(f"--deal {deal}: a deal number is 1 or more")
        chosen = (deal, deal)
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

            def draw(p: Any) -> None:
                drawing.draw(p)
                if not picture:
                    sink.write(drawing.take().encode())

            visitor = Show(
                draw,
                deals=chosen,
                player=player,
                most=MAX_PICTURE_DEALS if picture else None,
            )
            _read(log, visitor)
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


def _read(log: str, visitor: Any) -> Any:
    from pontoon_cli.log_visitor import read_log

    return read_log(log, visitor)


def _name(log: str) -> str:
    from pontoon_cli.log_visitor import display

    return display(log)


__all__ = ["EXIT_RULES", "Callable", "Path", "show"]
