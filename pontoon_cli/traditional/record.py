"""The traditional game's deal record (docs/log-format.md): built from the deal's events and
hands as a dictionary (:func:`deal_record`), or written straight into the bytes the log writer
would give for it (:func:`deal_line`), which replay compares with each record it re-deals.

Shoot Pontoon's record extends it (:mod:`pontoon_cli.shoot.record`); the registry
(:mod:`pontoon_cli.games`) names each game's writers.
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.core.cards import FULL_PACK
from pontoon_cli.core.events import BankSold, CardDealt
from pontoon_cli.core.hands import HandClass
from pontoon_cli.core.limits import MAX_SAFE_INT
from pontoon_cli.logformat.record import events_record, hand_record
from pontoon_cli.traditional.deal import Deal
from pontoon_cli.traditional.game import Game

_MAX_INT: Final = MAX_SAFE_INT


def deal_record(
    game: Game, deal: Deal, sale: BankSold | None = None, *, pack: str | None = None
) -> dict[str, Any]:
    """One deal's record, built after :meth:`Game.finish_deal` (balances are after the deal).

    ``pack`` is the text of ``deal.pack_before`` when the caller holds it already (replay reads
    it from the record it re-deals): it is used as given.

    Built in one pass over the events and hands, from what the engine holds (each hand's class
    and running totals): this runs once per deal of a game with a log, and once per deal replay
    verifies, so its cost is a share of both (docs/development/performance.md).
    """
    decisions, cards = events_record(deal.events)
    all_hands = deal.hands
    hands = [hand_record(p, i, h) for p in deal.punters for i, h in enumerate(all_hands[p], 1)]
    b = deal.banker_hand
    nets = deal.nets
    balances = game.balances
    net: dict[str, int] = {}
    balance: dict[str, int] = {}
    for p in game.table.seats:
        if p in nets:
            net[p] = nets[p]
        balance[p] = balances[p]
    return {
        "type": "deal",
        "deal": deal.number,
        "sale": None
        if sale is None
        else {"seller": sale.seller, "buyer": sale.buyer, "price": sale.price},
        "banker": deal.banker,
        "pack_state": deal.pack_state,
        "pack": " ".join([c.text for c in deal.pack_before]) if pack is None else pack,
        "sat_out": deal.sitting_out,
        "decisions": decisions,
        "cards": cards,
        "hands": hands,
        "banker_hand": {
            "cards": " ".join([c.text for c in b.cards]),
            "class": _LABELS[b.cls],  # as settled: V7 (b) makes A + 10 a 21
            "total": b.total,
        },
        "void": deal.void,
        "net": net,
        "balance": balance,
        "next_banker": deal.next_banker,
    }


def traditional_record(
    game: GameBase, deal: DealBase, sale: BankSold | None = None
) -> dict[str, Any]:
    """:func:`deal_record` as a :data:`RecordWriter` (the traditional game's)."""
    if not isinstance(game, Game) or not isinstance(deal, Deal):  # pragma: no cover
        raise TypeError("the traditional record is written for the traditional game's deals")
    return deal_record(game, deal, sale)


def traditional_line(
    game: GameBase, deal: DealBase, sale: BankSold | None, pack: str | None
) -> bytes | None:
    """:func:`deal_line` as a :data:`LineWriter` (the traditional game's)."""
    if not isinstance(game, Game) or not isinstance(deal, Deal):  # pragma: no cover
        raise TypeError("the traditional line is written for the traditional game's deals")
    return deal_line(game, deal, sale, pack=pack)


def deal_line(
    game: Game, deal: Deal, sale: BankSold | None = None, *, pack: str | None = None
) -> bytes | None:
    """The bytes ``encode(deal_record(game, deal, sale, pack=pack))`` gives, written as text
    without building the record; None where that record holds an integer beyond ±(2**53 − 1)
    (OPT_STRICT_INTEGER refuses it, docs/reference/output.md, "Limits").

    What replay compares each record's bytes with: a dictionary per card, decision and hand
    and their encoding were a quarter of replay. The pieces go into one list joined once.
    ``tests/log/test_log_line.py`` holds it to :func:`deal_record` and :func:`encode` byte for byte.
    Names and any text that is not the engine's own card or class words are written by orjson.
    """
    up = _CARD_UP
    down = _CARD_DOWN
    labels = _LABELS
    big = _MAX_INT
    number = deal.number
    if not -big <= number <= big:
        return None
    parts: list[str] = ['{"type":"deal","deal":', str(number), ',"sale":']
    if sale is None:
        parts.append("null")
    else:
        price = sale.price
        if not -big <= price <= big:
            return None
        parts.append(
            f'{{"seller":{_quoted(sale.seller)},"buyer":{_quoted(sale.buyer)},"price":{price}}}'
        )
    if pack is None:  # else the caller's text of the pack: cards' texts and single spaces
        pack = " ".join([c.text for c in deal.pack_before])
    parts.append(',"banker":')
    parts.append(_quoted(deal.banker))
    parts.append(',"pack_state":')
    parts.append(_quoted(deal.pack_state))
    parts.append(',"pack":"')
    parts.append(pack)
    parts.append('","sat_out":[')
    parts.append(",".join([_quoted(p) for p in deal.sitting_out]))
    parts.append('],"decisions":[')
    cards: list[str] = []
    first_card = True
    first_decision = True
    for e in deal.events:
        if isinstance(e, CardDealt):
            cards.append(_head(e.player, first_card))
            first_card = False
            cards.append(_number(e.hand))
            cards.append(up[e.card.index] if e.face_up else down[e.card.index])
        else:
            parts.append(_head(e.player, first_decision))
            first_decision = False
            parts.append(_number(e.hand))
            amount = e.amount
            if amount is None:
                parts.append(_action(e.action, False))
            else:
                if not -big <= amount <= big:
                    return None
                parts.append(_action(e.action, True))
                parts.append(_number(amount))
                parts.append("}")
    parts.append('],"cards":[')
    parts.extend(cards)
    parts.append('],"hands":[')
    all_hands = deal.hands
    first_hand = True
    for p in deal.punters:
        for i, h in enumerate(all_hands[p], 1):
            stake = h.stake
            net = h.net
            if not (-big <= stake <= big and -big <= net <= big):
                return None
            parts.append(_head(p, first_hand))
            first_hand = False
            parts.append(_number(i))
            parts.append(',"cards":"')
            parts.append(" ".join([c.text for c in h.cards]))
            parts.append('","stake":')
            parts.append(_number(stake))
            parts.append(',"class":"')
            parts.append(labels[h.cls])
            parts.append('","total":')
            parts.append(_number(h.total))
            parts.append(',"split":true,"net":' if h.from_split else ',"split":false,"net":')
            parts.append(_number(net))
            parts.append(',"rule":')
            parts.append(_quoted(h.rule))
            parts.append("}")
    b = deal.banker_hand
    parts.append('],"banker_hand":{"cards":"')
    parts.append(" ".join([c.text for c in b.cards]))
    parts.append('","class":"')
    parts.append(labels[b.cls])  # as settled: V7 (b) makes A + 10 a 21
    parts.append('","total":')
    parts.append(_number(b.total))
    parts.append('},"void":true,"net":{' if deal.void else '},"void":false,"net":{')
    nets = deal.nets
    balances = game.balances
    seats = game.table.seats
    comma = ""
    for p in seats:
        if p in nets:
            net = nets[p]
            if not -big <= net <= big:
                return None
            parts.append(comma)
            parts.append(_quoted(p))
            parts.append(":")
            parts.append(_number(net))
            comma = ","
    parts.append('},"balance":{')
    comma = ""
    for p in seats:
        balance = balances[p]
        if not -big <= balance <= big:
            return None
        parts.append(comma)
        parts.append(_quoted(p))
        parts.append(":")
        parts.append(_number(balance))
        comma = ","
    parts.append('},"next_banker":')
    parts.append(_quoted(deal.next_banker))
    parts.append("}\n")
    return "".join(parts).encode()


#: The text of the small numbers a record holds most (hand numbers, totals, small stakes).
_SMALL: Final[tuple[str, ...]] = tuple(str(n) for n in range(128))


def _number(n: int) -> str:
    return _SMALL[n] if 0 <= n < 128 else str(n)


#: A card's own piece of a record's card: its text and whether it lies face up (T4, T5).
_CARD_UP: Final[tuple[str, ...]] = tuple(f',"card":"{c.text}","up":true}}' for c in FULL_PACK)
_CARD_DOWN: Final[tuple[str, ...]] = tuple(f',"card":"{c.text}","up":false}}' for c in FULL_PACK)
_HEADS: Final[dict[str, str]] = {}
_LATER_HEADS: Final[dict[str, str]] = {}
_ACTIONS: Final[dict[str, str]] = {}
_AMOUNT_ACTIONS: Final[dict[str, str]] = {}


def _head(player: str, first: bool) -> str:
    """How a card, decision or hand of ``player`` opens, up to its hand number."""
    heads = _HEADS if first else _LATER_HEADS
    found = heads.get(player)
    if found is None:
        found = ("{" if first else ",{") + f'"player":{_quoted(player)},"hand":'
        if len(heads) < 4096:  # a bounded cache: names come from the logs read
            heads[player] = found
    return found


def _action(action: str, amount: bool) -> str:
    """A decision's piece after its hand number: the action, then ``"amount":`` or its end."""
    pieces = _AMOUNT_ACTIONS if amount else _ACTIONS
    found = pieces.get(action)
    if found is None:
        found = f',"action":{_quoted(action)}' + (',"amount":' if amount else "}")
        if len(pieces) < 64:
            pieces[action] = found
    return found


_QUOTED: Final[dict[str, str]] = {}


def _quoted(value: str) -> str:
    """``value`` as a JSON string, as orjson writes it (names, words: kept once made)."""
    found = _QUOTED.get(value)
    if found is None:
        found = orjson.dumps(value).decode()
        if len(_QUOTED) < 4096:  # a bounded cache: names come from the logs read
            _QUOTED[value] = found
    return found


#: Each class's log name, by its value (a tuple index is cheaper than a dictionary look-up).
_LABELS: Final[tuple[str, ...]] = tuple(c.label for c in sorted(HandClass))
