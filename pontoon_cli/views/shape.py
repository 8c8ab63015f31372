"""What each preset's deal record holds, for ``show``, ``stats`` and ``diff``: in one place.

The views read records by key and take the absence of an optional key in their stride (a third
party's minimal log holds only the pack, the decisions and the nets). Where presets differ, they
ask :func:`shape_of` rather than test ``preset == ...``: who the punters play against and which
field holds his hand, whether the bank changes hands, whether there is a kitty. Each game's
:class:`RecordShape` is part of its definition in the registry (``games.all_games``); Casino
Pontoon's is a dealer who is the house, ``dealer_hand``, no ``banker``, ``sale`` or
``next_banker``.

:class:`GameTrack` carries what a record may leave out from deal to deal (the banker, the
balances, the kitty), the way replay does: the recorded value where given, else the last one
moved by the deal's money.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.core.rules import Rules
from pontoon_cli.games import RecordShape, all_games

#: Each preset's record shape (the registry's, games.GameDefinition.shape).
SHAPES: Final[dict[str, RecordShape]] = {preset: game.shape for preset, game in all_games().items()}


def shape_of(rules: Rules, file: str, line: int) -> RecordShape:
    """The record shape of ``rules``' preset; a preset the views do not know is unreadable
    input at the header's ``file``:``line``."""
    shape = SHAPES.get(rules.preset)
    if shape is None:
        raise LogFormatError(
            f"{file}:{line}: rules.preset: the views read {', '.join(SHAPES)} logs, "
            f"not {rules.preset!r}",
            file,
            line,
        )
    return shape


@dataclass(frozen=True, slots=True)
class DealFacts:
    """One deal as the views need it, whatever the record left out."""

    number: int
    banker: str | None  # None: the house (a casino dealer)
    sale: dict[str, Any] | None
    before: dict[str, int]  # every seat's balance before the deal, after any sale
    after: dict[str, int]  # every seat's balance after it
    net: dict[str, int]  # every seat's net (0 when the record leaves a seat out)
    kitty_before: int | None
    kitty_after: int | None
    next_banker: str | None


class GameTrack:
    """The state one game carries from deal to deal, read from its header and records."""

    def __init__(self, header: dict[str, Any], shape: RecordShape) -> None:
        table = header["table"]
        self.shape = shape
        self.seats: tuple[str, ...] = tuple(table["seats"])
        self.banker: str | None = table["banker"] if shape.house_key else None
        self.balances: dict[str, int] = {p: table["bankrolls"].get(p, 0) for p in self.seats}
        self.kitty = 0

    def deal(self, record: dict[str, Any]) -> DealFacts:
        """The facts of ``record``; the state moves on to the deal after it."""
        shape = self.shape
        balances = dict(self.balances)
        banker = self.banker
        sale = record.get("sale") if shape.bank_moves else None
        if sale is not None:  # T8.4: the buyer pays and banks this deal
            banker = sale["buyer"]
            for who, sign in ((sale["buyer"], -1), (sale["seller"], 1)):
                if who in balances:
                    balances[who] += sign * sale["price"]
        if shape.house_key is not None:
            banker = record.get(shape.house_key, banker)
        recorded_net = record["net"]
        net = {p: recorded_net.get(p, 0) for p in self.seats}
        kitty_before = kitty_after = None
        moved: dict[str, int] = {}
        kitty = record.get("kitty") if shape.kitty else None
        if shape.kitty:
            kitty_before = self.kitty if kitty is None else kitty.get("before", self.kitty)
            flow = 0
            for move in [] if kitty is None else kitty.get("moves", []):
                moved[move["player"]] = moved.get(move["player"], 0) + move["amount"]
                flow += move["amount"]
            kitty_after = kitty_before + flow
            if kitty is not None:
                kitty_after = kitty.get("after", kitty_after)
            self.kitty = kitty_after
        recorded = record.get("balance") or {}
        after = {
            p: recorded.get(p, balances[p] + net[p] - moved.get(p, 0)) for p in self.seats
        }  # S7: a kitty move into the kitty comes out of the player's balance
        next_banker = banker
        if shape.bank_moves:
            next_banker = record.get("next_banker", banker)
        self.balances = after
        self.banker = next_banker
        return DealFacts(
            number=record["deal"],
            banker=banker,
            sale=sale,
            before=balances,
            after=after,
            net=net,
            kitty_before=kitty_before,
            kitty_after=kitty_after,
            next_banker=next_banker,
        )
