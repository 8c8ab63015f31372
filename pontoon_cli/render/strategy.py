"""``pontoon strategy``'s tables for people: plain text for pipes, rich on a terminal.

Both draw the same rows from the data :mod:`strategy_casino` and :mod:`strategy_traditional` make
(``--json`` writes that data itself): a letter per decision, a column per number of cards (casino)
or per way the hand got there (traditional), then the pairs to split and the edge.
"""

from __future__ import annotations

import os
from typing import Any, Final

CASINO_LETTERS: Final = {"hit": "H", "stand": "S", "double": "D", "split": "P"}
TRADITIONAL_LETTERS: Final = {
    "stick": "S",
    "twist": "T",
    "buy": "B",
    "buy-most": "M",
    "split": "P",
}
CASINO_KEY: Final = "H hit, S stand, D double, P split, - cannot occur"
TRADITIONAL_KEY: Final = (
    "S stick, T twist, B buy for the stake s, M buy for the most allowed, - cannot occur"
)
COLOURS: Final = {
    "H": "yellow",
    "T": "yellow",
    "S": "green",
    "D": "cyan",
    "B": "cyan",
    "M": "bold cyan",
    "P": "magenta",
}


def percent(value: float) -> str:
    return f"{100 * value:+.4f}%"


# casino ------------------------------------------------------------------------------------------


def casino_rows(data: dict[str, Any]) -> list[tuple[str, list[str], list[str]]]:
    """(hand, letters for two to four cards, letters after a double) for each hand."""
    from pontoon_cli.solver.casino import reachable_states, state_name

    reachable = reachable_states()
    fewest_doubled = 3 if data["rules"]["double_deals_card"] else 2  # C7: the card is dealt

    def cells(part: str, soft: bool, total: int) -> list[str]:
        fewest = fewest_doubled if part == "doubled" else 2
        return [
            CASINO_LETTERS[data[part][state_name(soft, total, n)]["order"][0]]
            if (soft, total, n) in reachable and n >= fewest
            else "-"
            for n in (2, 3, 4)
        ]

    rows = []
    for soft, totals in ((False, range(4, 21)), (True, range(12, 22))):
        for total in totals:
            hand = f"{'soft' if soft else 'hard'} {total}"
            rows.append((hand, cells("play", soft, total), cells("doubled", soft, total)))
    return rows


def casino_header(data: dict[str, Any], decks: int | None) -> list[str]:
    rules = data["rules"]
    dealer = "hits" if rules["dealer_hits_soft_17"] else "stands on"
    shoe = "" if decks is None else f"; the rules' {decks}-deck shoe is not modelled"
    return [
        f"casino (C1-C11): the dealer {dealer} soft 17 (C9), up to {rules['max_hands']} hands "
        f"(C8), a double deals one card (C7)",
        f"exact expected values, infinite deck (every card independent){shoe}",
    ]


def casino_footer(data: dict[str, Any]) -> list[str]:
    names = {"1": "A", "10": "T"}
    split = [names.get(p, p) for p, row in data["pairs"].items() if row["split"]]
    edge = data["edge"]
    return [
        "split pairs: " + (" ".join(split) or "none") + " (at any hand count up to the cap)",
        "",
        f"house edge, basic:        {percent(edge['basic'])} of the initial stake",
        f"house edge, dealer-mimic: {percent(edge['dealer-mimic'])} of the initial stake",
    ]


def casino_text(data: dict[str, Any], decks: int | None = None) -> str:
    """The casino table as plain text: a row per hand, a column per number of cards."""
    out = [
        *casino_header(data, decks),
        "",
        CASINO_KEY + "; columns: two, three, four cards",
        "",
        "hand     2 3 4   doubled 2 3 4",
    ]
    for hand, play, doubled in casino_rows(data):
        out.append(f"{hand:<8} {' '.join(play)}           {' '.join(doubled)}")
    return "\n".join([*out, "", *casino_footer(data)]) + "\n"


# casino on a finite shoe -------------------------------------------------------------------------

SHOE_POLICIES: Final = {
    "basic": "basic (the shipped table)",
    "table": "the table above",
    "optimal": "the best play for his cards",  # his own cards only (C4)
    "dealer-mimic": "dealer-mimic",
}


def shoe_header(data: dict[str, Any]) -> list[str]:
    rules = data["rules"]
    decks = data["decks"]
    dealer = "hits" if rules["dealer_hits_soft_17"] else "stands on"
    return [
        f"casino (C1-C11): the dealer {dealer} soft 17 (C9), up to {rules['max_hands']} hands "
        f"(C8), a double deals one card (C7)",
        f"finite shoe of {decks} {'deck' if decks == 1 else 'decks'}, fresh each round, one "
        "seat: exact expected values, every card dealt leaving the shoe",
        "splits exact for basic and dealer-mimic; the best play's split hands decided on their "
        "own cards (approximate)",
    ]


def shoe_rows(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(policy, house edge on this shoe, on the infinite deck) for each policy."""
    edge, infinite = data["edge"], data["infinite_deck_edge"]
    return [(label, percent(edge[k]), percent(infinite[k])) for k, label in SHOE_POLICIES.items()]


def shoe_table(data: dict[str, Any]) -> dict[str, Any]:
    """The finite shoe's table in the infinite-deck data's shape (:func:`casino_rows`)."""
    table = data["table"]
    return {
        "rules": data["rules"],
        "play": {k: {"order": [a]} for k, a in table["play"].items()},
        "doubled": {k: {"order": [a]} for k, a in table["doubled"].items()},
        "pairs": {p: {"split": split} for p, split in table["split"].items()},
    }


def shoe_table_lines(data: dict[str, Any]) -> list[str]:
    """The split pairs and where the table differs from `basic`."""
    names = {"1": "A", "10": "T"}
    split = [names.get(p, p) for p, row in data["table"]["split"].items() if row]
    differs = data["table"]["differs_from_basic"]
    return [
        "split pairs: " + (" ".join(split) or "none") + " (at any hand count up to the cap)",
        "differs from basic: " + ("; ".join(differs) or "nowhere"),
    ]


def shoe_footer(data: dict[str, Any]) -> list[str]:
    dealer = data["dealer"]
    outcomes = ", ".join(f"{k} {100 * v:.2f}%" for k, v in dealer["given_no_pontoon"].items())
    return [
        f"the dealer from the full shoe: pontoon {100 * dealer['pontoon']:.2f}% (C5); given none:",
        f"  {outcomes}",
    ]


def shoe_text(data: dict[str, Any]) -> str:
    """The finite-shoe edges as plain text, beside the infinite deck's."""
    title = "house edge, per initial stake"
    width = max(len(name) for name in [title, *SHOE_POLICIES.values()])
    out = [*shoe_header(data), "", CASINO_KEY + "; columns: two, three, four cards", ""]
    out.append("hand     2 3 4   doubled 2 3 4")
    for hand, play, doubled in casino_rows(shoe_table(data)):
        out.append(f"{hand:<8} {' '.join(play)}           {' '.join(doubled)}")
    out += ["", *shoe_table_lines(data), ""]
    out.append(f"{title:<{width}}  {'this shoe':>9}  {'infinite':>9}")
    for name, edge, infinite in shoe_rows(data):
        out.append(f"{name:<{width}}  {edge:>9}  {infinite:>9}")
    return "\n".join([*out, "", *shoe_footer(data)]) + "\n"


# traditional -------------------------------------------------------------------------------------


def traditional_rows(data: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """(hand, a letter for each column of ``play``) for each hand."""
    columns = list(data["play"])
    hands = [f"hard {t}" for t in range(4, 21)] + [f"soft {t}" for t in range(12, 22)]
    rows = []
    for hand in hands:
        cells = []
        for column in columns:
            row = data["play"][column].get(hand)
            cells.append("-" if row is None else TRADITIONAL_LETTERS[row["order"][0]])
        rows.append((hand, cells))
    return rows


def traditional_header(data: dict[str, Any]) -> list[str]:
    rules = data["rules"]
    return [
        f"traditional (T1-T8), heads-up: the banker stays on {rules['banker_stays']} or more "
        f"(soft or hard), a punter sticks on {rules['stick_minimum']} or more, up to "
        f"{rules['max_hands']} hands",
        "exact expected values, infinite deck (every card independent), in stakes s",
    ]


def traditional_footer(data: dict[str, Any]) -> list[str]:
    split = [rank for rank, row in data["pairs"].items() if row["split"]]
    first = ", ".join(f"{rank} {value:+.3f}" for rank, value in data["first_card"].items())
    return [
        "split pairs: " + (" ".join(split) or "none"),
        f"value of the first card (T4.2, per stake; 10 for any ten-card): {first}",
        "",
        f"banker's edge: {percent(data['edge']['banker'])} of the initial stake "
        "(negative: the punter's)",
    ]


def traditional_text(data: dict[str, Any]) -> str:
    """The traditional table as plain text: a row per hand, a column per way it got there."""
    columns = list(data["play"])
    widths = [max(len(c), 1) for c in columns]
    out = [
        *traditional_header(data),
        "",
        TRADITIONAL_KEY,
        "columns: the number of cards, and how the cards after the second came (bought for s or "
        "2s, or twisted: then no more buying, T5.4)",
        "",
        "hand     " + "  ".join(columns),
    ]
    for hand, cells in traditional_rows(data):
        out.append(
            f"{hand:<8} "
            + "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()
        )
    return "\n".join([*out, "", *traditional_footer(data)]) + "\n"


# the value of every choice -----------------------------------------------------------------------


def values_rows(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(situation, best choice, every choice's value) for each situation of the data."""
    rows = []
    if data["format"].startswith("pontoon-casino"):
        from pontoon_cli.solver.casino import reachable_states

        reachable = {f"{'soft' if s else 'hard'} {t} {n}" for s, t, n in reachable_states()}
        parts = [("play", ""), ("doubled", " doubled")]
        groups = [
            (f"{key} cards{suffix}", row)
            for part, suffix in parts
            for key, row in data[part].items()
            if key in reachable and not (part == "doubled" and key.endswith(" 2"))
        ]
    else:
        groups = [
            (f"{hand}, cards {column}", row)
            for column, rows_ in data["play"].items()
            for hand, row in rows_.items()
        ]
    for name, row in groups:
        values = "  ".join(f"{a} {row['ev'][a]:+.4f}" for a in row["order"])
        rows.append((name, row["order"][0], values))
    return rows


def values_text(data: dict[str, Any]) -> str:
    width = max(len(name) for name, _, _ in values_rows(data))
    lines = [f"{name:<{width}}  {best:<8}  {values}" for name, best, values in values_rows(data)]
    return "\n".join(lines) + "\n"


# rich, on a terminal -----------------------------------------------------------------------------


def print_rich(data: dict[str, Any], values: bool, decks: int | None = None) -> None:
    """The same table as the plain text, drawn with rich on stdout (a terminal)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(no_color="NO_COLOR" in os.environ, highlight=False)
    casino = data["format"].startswith("pontoon-casino")

    def cell(letter: str) -> Text:
        return Text(letter, style=COLOURS.get(letter, "dim"))

    if data["format"].startswith("pontoon-casino-shoe"):
        console.print("\n".join(shoe_header(data)))
        grid = Table(caption=CASINO_KEY)
        grid.add_column("hand", no_wrap=True)
        for name in ("2", "3", "4", "doubled 3", "doubled 4"):
            grid.add_column(name, justify="center")
        for hand, play, doubled in casino_rows(shoe_table(data)):
            grid.add_row(hand, *map(cell, play), *map(cell, doubled[1:]))
        console.print(grid)
        console.print("\n".join(shoe_table_lines(data)))
        table = Table(caption="house edge, per initial stake")
        for column in ("policy", "this shoe", "infinite deck"):
            table.add_column(column, justify="left" if column == "policy" else "right")
        for row in shoe_rows(data):
            table.add_row(*row)
        console.print(table)
        console.print("\n".join(shoe_footer(data)))
        return
    if values:
        table = Table(title="the value of each choice, best first (stakes)")
        for column in ("situation", "best", "values"):
            table.add_column(column)
        for name, best, text in values_rows(data):
            table.add_row(name, Text(best, style="bold"), text)
        console.print(table)
        return
    header = casino_header(data, decks) if casino else traditional_header(data)
    console.print("\n".join(header))
    table = Table(caption=CASINO_KEY if casino else TRADITIONAL_KEY)
    table.add_column("hand", no_wrap=True)
    if casino:
        for name in ("2", "3", "4", "doubled 3", "doubled 4"):
            table.add_column(name, justify="center")
        for hand, play, doubled in casino_rows(data):
            table.add_row(hand, *map(cell, play), *map(cell, doubled[1:]))
        footer = casino_footer(data)
    else:
        for name in data["play"]:
            table.add_column(name, justify="center")
        for hand, cells in traditional_rows(data):
            table.add_row(hand, *map(cell, cells))
        footer = traditional_footer(data)
    console.print(table)
    console.print("\n".join(footer))
