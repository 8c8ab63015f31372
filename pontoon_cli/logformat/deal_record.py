"""A deal's record as a dictionary: the parts every game's record builds alike.

The traditional record, Shoot's (the traditional one plus the kitty) and the casino round's
build these parts here, so a hand's keys and their order are written once. A hand:
``player``, ``hand`` (its number, from 1), ``cards``, ``stake``, ``class``, ``total``,
``split``, then ``doubled`` where the game records it (the casino round, C7), ``net`` and
``rule`` (the rule that settled it). The line each game writes as bytes
(:mod:`pontoon_cli.logformat.record`) is held to these records byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.core.events import BankSold, CardDealt, Event
from pontoon_cli.core.hands import Hand
from pontoon_cli.logformat.record import HAND_LABELS


def events_record(
    events: list[Event],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A deal's ``decisions`` and ``cards``, in the order they happened."""
    decisions: list[dict[str, Any]] = []
    cards: list[dict[str, Any]] = []
    for e in events:
        if isinstance(e, CardDealt):
            cards.append({"player": e.player, "hand": e.hand, "card": e.card.text, "up": e.face_up})
        else:
            amount = e.amount
            if amount is None:
                decisions.append({"player": e.player, "hand": e.hand, "action": e.action})
            else:
                decisions.append(
                    {"player": e.player, "hand": e.hand, "action": e.action, "amount": amount}
                )
    return decisions, cards


def hand_record(player: str, number: int, h: Hand, doubled: bool | None = None) -> dict[str, Any]:
    """One entry of a record's ``hands``; ``doubled`` only where the game records it."""
    record: dict[str, Any] = {
        "player": player,
        "hand": number,
        "cards": " ".join([c.text for c in h.cards]),
        "stake": h.stake,
        "class": HAND_LABELS[h.cls],
        "total": h.total,
        "split": h.from_split,
    }
    if doubled is not None:
        record["doubled"] = doubled
    record["net"] = h.net
    record["rule"] = h.rule
    return record


def house_record(h: Hand) -> dict[str, Any]:
    """The banker's or dealer's hand as a record holds it: its cards, class and total."""
    return {
        "cards": " ".join([c.text for c in h.cards]),
        "class": HAND_LABELS[h.cls],
        "total": h.total,
    }


#: A game's deal record, built after the deal: (game, deal, sale) -> record.
RecordWriter = Callable[[GameBase, DealBase, BankSold | None], dict[str, Any]]
