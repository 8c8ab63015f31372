"""The traditional game's deal record (docs/log-format.md): built from the deal's events and
hands as a dictionary (:func:`deal_record`), or written straight into the text the log writer
writes for it, piece by piece (:func:`write_deal_line`), which replay compares with each record
it re-deals (as bytes: :func:`~pontoon_cli.logformat.record.line_bytes`).

Shoot Pontoon's record extends it (:mod:`pontoon_cli.shoot.record`); the registry
(:mod:`pontoon_cli.games`) names each game's writers.
"""

from __future__ import annotations

from typing import Any, Final

from librt.strings import BytesWriter

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.core.cards import pack_text
from pontoon_cli.core.events import BankSold
from pontoon_cli.core.limits import MAX_SAFE_INT
from pontoon_cli.logformat.deal_record import events_record, hand_record, house_record
from pontoon_cli.logformat.record import (
    BANKER_HAND_HEAD,
    DealLine,
    quoted,
    write_deal_body,
    write_money,
    write_number,
)
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
        "pack": pack_text(deal.pack_before) if pack is None else pack,
        "sat_out": deal.sitting_out,
        "decisions": decisions,
        "cards": cards,
        "hands": hands,
        "banker_hand": house_record(deal.banker_hand),  # as settled: V7 (b) makes A + 10 a 21
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


def traditional_line(out: BytesWriter, line: DealLine) -> bool:
    """:func:`write_deal_line` as a :class:`LineWriter` (the traditional game's)."""
    game, deal = line.game, line.deal
    if not isinstance(game, Game) or not isinstance(deal, Deal):  # pragma: no cover
        raise TypeError("the traditional line is written for the traditional game's deals")
    return write_deal_line(out, game, deal, line, b"}\n")


def write_deal_line(out: BytesWriter, game: Game, deal: Deal, line: DealLine, end: bytes) -> bool:
    """Write into ``out`` the bytes ``encode(deal_record(game, deal, line.sale, pack=...))`` give,
    piece by piece, without building the record, then ``end`` (the record's brace and the
    newline; a game that writes a field after them, Shoot's kitty, gives b""); False where that
    record holds an integer beyond ±(2**53 − 1) (OPT_STRICT_INTEGER refuses it,
    docs/reference/output.md, "Limits"), ``out`` then holding part of the line. What the caller
    holds of the line already (the pack's and decisions' bytes, the nets) comes in ``line``.

    What replay compares each record's bytes with, and what the log writer writes: a dictionary
    per card, decision and hand and their encoding were a quarter of replay. The log writer
    writes each line into the bytes of the batch it holds.
    ``tests/log/test_log_line.py`` holds it to :func:`deal_record` and :func:`encode` byte for byte.
    Names and any text that is not the engine's own card or class words are written by orjson.
    """
    big = _MAX_INT
    number = deal.number
    if not -big <= number <= big:
        return False
    sale = line.sale
    nets = line.nets
    out.write(b'{"type":"deal","deal":')
    write_number(out, number)
    if sale is None:
        out.write(b',"sale":null,"banker":')
    else:
        price = sale.price
        if not -big <= price <= big:
            return False
        out.write(b',"sale":{"seller":')
        out.write(quoted(sale.seller))
        out.write(b',"buyer":')
        out.write(quoted(sale.buyer))
        out.write(b',"price":')
        write_number(out, price)
        out.write(b'},"banker":')
    out.write(quoted(deal.banker))
    # the banker's class as settled: V7 (b) makes A + 10 a 21
    if not write_deal_body(out, deal, line, False, BANKER_HAND_HEAD, deal.banker_hand):
        return False
    out.write(b'},"void":true,"net":{' if deal.void else b'},"void":false,"net":{')
    if not write_money(out, game.table.seats, deal.nets if nets is None else nets, game.balances):
        return False
    out.write(b'},"next_banker":')
    out.write(quoted(deal.next_banker))
    out.write(end)
    return True
