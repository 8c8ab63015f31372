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


def dealt_so_far(deal: DealBase) -> dict[str, Any]:
    """A deal that stopped before its end (its record parted from the rules: an illegal
    decision, one out of turn, too few) as far as the rules dealt it, as a record's fields:
    ``decisions`` and ``cards`` taken so far, each ``hands`` row with the class and total its
    cards make now (``net`` and ``rule`` only for a hand already settled, a bust: T5.6, C6;
    else None and ``""``), and ``house_hand``, the banker's or dealer's cards so far (None
    before he holds one). ``show`` draws a minimal log's divergent deal so."""
    decisions, cards = events_record(deal.events)
    hands: list[dict[str, Any]] = []
    for at, player in enumerate(deal.punters):
        for number, h in enumerate(deal.rows[at], 1):
            row = hand_record(player, number, h)
            row["class"] = HAND_LABELS[h.cls if h.settled else h.hand_class]
            if not h.settled:
                row["net"], row["rule"] = None, ""
            hands.append(row)
    _, house = deal.house_hand()
    house_hand = None
    if house is not None and house.cards:
        house_hand = house_record(house)
        house_hand["class"] = HAND_LABELS[house.hand_class]
    return {"decisions": decisions, "cards": cards, "hands": hands, "house_hand": house_hand}
