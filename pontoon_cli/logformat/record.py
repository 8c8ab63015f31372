"""The pieces every game's deal record writes alike: its decisions, its cards, and each hand.

The traditional record (log.py), Shoot's (the traditional one plus the kitty) and the casino
round's (casino_log.py) build these parts here, so a hand's keys and their order are written once.
A hand: ``player``, ``hand`` (its number, from 1), ``cards``, ``stake``, ``class``, ``total``,
``split``, then ``doubled`` where the game records it (the casino round, C7), ``net`` and
``rule`` (the rule that settled it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.core.events import BankSold, CardDealt, Event
from pontoon_cli.core.hands import Hand, HandClass

_LABELS: Final[tuple[str, ...]] = tuple(c.label for c in sorted(HandClass))


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
        "class": _LABELS[h.cls],
        "total": h.total,
        "split": h.from_split,
    }
    if doubled is not None:
        record["doubled"] = doubled
    record["net"] = h.net
    record["rule"] = h.rule
    return record


#: A game's deal record, built after the deal: (game, deal, sale) -> record.
RecordWriter = Callable[[GameBase, DealBase, BankSold | None], dict[str, Any]]
#: A game's deal record as the writer's bytes: (game, deal, sale, the pack's text if held) ->
#: bytes, or None where the record holds a number beyond ±(2**53 − 1).
LineWriter = Callable[[GameBase, DealBase, BankSold | None, str | None], bytes | None]
