"""The log record of a casino round (C1-C11): the traditional record's keys where they apply, in
the same order, and the dealer's hand in place of the banker's.

Keys, in order: ``type`` ("deal"), ``deal`` (the round's number), ``pack_state`` (C1:
"shuffled" before a round the shoe was shuffled for, "continued" when it carried over,
"stacked" by a scenario), ``pack`` (the shoe before the round, top card first: all
``decks`` × 52 cards after a shuffle), ``sat_out`` (seats that could not cover the minimum stake,
C3), ``decisions`` (``stake`` N, ``hit``, ``stand``, ``double`` N (the bet added, C7), ``split``
N (the new hand's stake, C8); each with player and hand), ``cards`` (every card in the order
dealt, to a seat's hand or to ``"dealer"``, hand 1; the dealer's first two face down, C4, the
players' cards and the dealer's draws face up), ``hands`` (each player hand: player, hand,
cards, stake (twice the initial when doubled), class, total, split, doubled, net, rule: the rule
that settled it), ``dealer_hand`` (cards, class, total), ``net`` (each seat's net this round),
``balance`` (each seat's balance after it). There is no ``sale``, ``banker``, ``void`` or
``next_banker``: a casino table has no bank to pass or sell (C3), and its shoe always holds a
whole round (C1).
"""

from __future__ import annotations

from typing import Any, Final

from librt.strings import BytesWriter

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.casino.deal import CasinoDeal
from pontoon_cli.core.cards import pack_text
from pontoon_cli.core.events import BankSold
from pontoon_cli.core.limits import MAX_SAFE_INT
from pontoon_cli.logformat.deal_record import events_record, hand_record, house_record
from pontoon_cli.logformat.record import (
    DEALER_HAND_HEAD,
    DealLine,
    write_deal_body,
    write_money,
    write_number,
)

_MAX_INT: Final = MAX_SAFE_INT


def casino_deal_record(
    game: GameBase, deal: DealBase, sale: BankSold | None = None
) -> dict[str, Any]:
    """One casino round's record, built after :meth:`CasinoGame.finish_deal` (balances are
    after the round). ``sale`` is always None: there is no bank to sell (C3)."""
    if not isinstance(deal, CasinoDeal):  # pragma: no cover - the registry pairs them
        raise TypeError("the casino record is written for casino rounds")
    decisions, cards = events_record(deal.events)
    # C7: doubling is the only way a stake grows
    hands = [hand_record(p, i, h, h.stake != h.initial) for p, i, h in deal.hands_in_order()]
    nets = deal.nets
    balances = game.balances
    seats = game.table.seats
    return {
        "type": "deal",
        "deal": deal.number,
        "pack_state": deal.pack_state,
        "pack": pack_text(deal.pack_before),
        "sat_out": deal.sitting_out,
        "decisions": decisions,
        "cards": cards,
        "hands": hands,
        "dealer_hand": house_record(deal.dealer_hand),
        "net": {p: nets[p] for p in seats if p in nets},
        "balance": {p: balances[p] for p in seats},
    }


def casino_deal_line(out: BytesWriter, line: DealLine) -> bool:
    """Write into ``out`` the bytes ``encode(casino_deal_record(...))`` gives (log.LineWriter),
    piece by piece, without building the record; False where a number is beyond ±(2**53 − 1).
    ``pack`` is the shoe's bytes when the caller holds them (replay reads them from the record it
    re-deals): they are used as given, so a round does not write its 416-card shoe again."""
    game, deal, nets = line.game, line.deal, line.nets
    if not isinstance(deal, CasinoDeal):  # pragma: no cover - the registry pairs them
        raise TypeError("the casino line is written for casino rounds")
    big = _MAX_INT
    number = deal.number
    if not -big <= number <= big:
        return False
    out.write(b'{"type":"deal","deal":')
    write_number(out, number)
    if not write_deal_body(out, deal, line, True, DEALER_HAND_HEAD, deal.dealer_hand):
        return False
    out.write(b'},"net":{')
    if not write_money(out, game.table.seats, deal.nets if nets is None else nets, game.balances):
        return False
    out.write(b"}}\n")
    return True
