"""The `basic` strategy of casino Pontoon: a table of decisions shipped as data.

``basic.json`` beside this module is the output of ``pontoon strategy --rules casino``
(:mod:`pontoon_cli.solver.casino`, an exact infinite-deck expected-value calculation; the file's
header names the method, the command that wrote it, the rules it assumes and the house edge).
It holds, for every situation a player can meet (hard or soft total, two to four cards, doubled
or not), the value of each legal choice and the choices best first, and for each pair whether to
split. The player sees no dealer card (C4),
so a decision depends on his own hand only. The table assumes C7 as the project reads it: a double
deals exactly one card, then play goes on (the header's ``rules.double_deals_card``).

:func:`decide` answers from the table; the file is read once, on first use. Only the standard
library is imported. The module is not compiled (``_build.NOT_COMPILED``): it answers from
dicts, and compiled it measured no faster.
"""

from __future__ import annotations

import json
from typing import Any, Final

RESOURCE: Final = "basic.json"
FORMAT: Final = "pontoon-casino-basic/1"
STAND_MINIMUM: Final = 15  # C6, read on its own as the solvers do (strategy_casino.STAND_MINIMUM)
#: A hand as :func:`decide` is told it: soft, total, cards, pair, doubled, may_split, may_double.
Hand = tuple[bool, int, int, int | None, bool, bool, bool]


class BasicTable:
    """A table as ``pontoon strategy --rules casino`` writes it; :meth:`decide` answers from it.

    The shipped table is :func:`shipped`; :func:`load` reads another (other rule settings).
    """

    def __init__(self, data: dict[str, Any]) -> None:
        if data.get("format") != FORMAT:
            raise ValueError(f"casino table: format {data.get('format')!r}, expected {FORMAT!r}")
        self.data = data
        self.play: dict[str, list[str]] = {k: v["order"] for k, v in data["play"].items()}
        self.doubled: dict[str, list[str]] = {k: v["order"] for k, v in data["doubled"].items()}
        self.split: dict[int, bool] = {int(k): bool(v["split"]) for k, v in data["pairs"].items()}

    def header(self) -> dict[str, Any]:
        """Format, method, command, rules, edge, the dealer's outcomes: all but the table."""
        return {k: v for k, v in self.data.items() if k not in ("play", "doubled", "pairs")}

    def rules(self) -> dict[str, Any]:
        """The rules the table assumes (``dealer_hits_soft_17``, ``double_deals_card``...)."""
        rules: dict[str, Any] = self.data["rules"]
        return rules

    def decide(self, *hand: *Hand) -> str:
        """The choice for a hand, from this table: see :func:`decide`."""
        soft, total, cards, pair, doubled, may_split, may_double = hand
        if not 2 <= cards <= 4:
            raise ValueError(f"cards {cards!r}: a decision is taken on two to four cards (C6)")
        said = f"{'soft' if soft else 'hard'} {total!r}"
        low = total - 10 if soft else total
        if total > 21 or (soft and total < 12) or low < cards:
            raise ValueError(f"{said} in {cards} cards: no such hand")
        if pair is not None:
            expected = (True, 12) if pair == 1 else (False, 2 * pair)
            if cards != 2 or not 1 <= pair <= 10 or (soft, total) != expected:
                raise ValueError(f"pair {pair!r} with {said} in {cards} cards: no such hand")
        if total == 21 and not soft:
            return "stand"  # C6: a hard 21 ends the hand by itself
        if pair is not None and may_split and not doubled and self.split[pair]:
            return "split"
        key = f"{'soft' if soft else 'hard'} {total} {cards}"
        for action in (self.doubled if doubled else self.play)[key]:
            if action == "double" and (doubled or not may_double):
                continue
            if action == "stand" and total < STAND_MINIMUM:
                continue  # never in the table; stated for the reader (C6)
            return action
        raise AssertionError(f"casino table: no legal choice for {key!r}")  # hit always is (C6)


def load(path: str) -> BasicTable:
    """A table from a file ``pontoon strategy --rules casino --write`` wrote (other settings)."""
    with open(path, encoding="utf-8") as f:
        return BasicTable(json.loads(f.read()))


class _Cache:
    table: BasicTable | None = None


_CACHE: Final = _Cache()


def shipped() -> BasicTable:
    """The shipped table (``basic.json``), read once, on first use."""
    table = _CACHE.table
    if table is None:
        from importlib import resources  # here, not at import: `pontoon play` may never need it

        text = resources.files("pontoon_cli.casino").joinpath(RESOURCE).read_text(encoding="utf-8")
        table = BasicTable(json.loads(text))
        _CACHE.table = table
    return table


def header() -> dict[str, Any]:
    """The shipped table's header: format, method, command, rules, edge, the dealer's outcomes."""
    return shipped().header()


def table_rules() -> dict[str, Any]:
    """The rules the shipped table assumes (``dealer_hits_soft_17``, ``max_hands``...)."""
    return shipped().rules()


def decide(*hand: *Hand) -> str:
    """The `basic` choice for a hand: ``hit``, ``stand``, ``double`` or ``split``.

    The hand is told as ``soft, total, cards, pair, doubled, may_split, may_double``
    (:data:`Hand`): ``total`` is the hand's best total (``soft``: an ace counted 11), ``cards``
    2 to 4, ``pair`` the card value (1 for aces, 10 for ten-cards) when the hand is two cards of
    the same value (C8), else None; ``doubled`` whether the hand is doubled (asked after the
    double's card is dealt, C7: a doubled hand has three cards or more); ``may_split`` and
    ``may_double`` what the split cap (C8) and the seat's balance allow. Never returns what is
    not legal: ``split`` only for a pair with ``may_split`` and not doubled; ``double`` only with
    ``may_double`` and not doubled (C7); ``stand`` only on 15 or more and ``hit`` only under a
    lowest total of 21 (C6). A hard 21 has no choice left (the hand is over): ``stand``.

    Raises ValueError for a hand that cannot exist (a soft total under 12, a bust total, five
    cards, a pair that does not make ``total``).
    """
    return shipped().decide(*hand)
