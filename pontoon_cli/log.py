"""The JSON-lines log: records built from the engine's events, written with orjson.

Format ``pontoon-log/1`` (docs/log-format.md; JSON Schema in ``log_schema.json``): a header record,
then one record per deal. Keys always come in the order written here; the same game always gives
the same bytes.
"""

from __future__ import annotations

import os
import sys
from operator import attrgetter
from pathlib import Path
from typing import Any, Final

import orjson

from pontoon_cli import __version__
from pontoon_cli.cards import Card
from pontoon_cli.engine import Deal, Game
from pontoon_cli.events import BankSold, CardDealt
from pontoon_cli.hands import HandClass
from pontoon_cli.output import Interrupted, Writable, held, open_sink
from pontoon_cli.rules import Rules, Table

FORMAT: Final = "pontoon-log/1"


def header_record(
    rules: Rules,
    table: Table,
    game: Game,
    seed: int | None,
    *,
    scenario: str | None = None,
    strategies: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The first record: format, tool, the full resolved rules, the table, the cut, the seed."""
    return {
        "type": "header",
        "format": FORMAT,
        "tool": f"pontoon-cli {__version__}",
        "rules": rules.to_dict(),
        "table": {
            "seats": list(table.seats),
            "banker": game.banker,
            "bankrolls": {p: table.bankrolls[p] for p in table.seats},
            "min_stake": table.min_stake,
            "max_stake": table.max_stake,
        },
        "cut": [{p: card.text for p, card in rnd.items()} for rnd in game.cut_rounds],
        "seed": seed,
        "scenario": scenario,
        "strategies": strategies,
    }


def deal_record(game: Game, deal: Deal, sale: BankSold | None = None) -> dict[str, Any]:
    """One deal's record, built after :meth:`Game.finish_deal` (balances are after the deal)."""
    decisions: list[dict[str, Any]] = []
    cards: list[dict[str, Any]] = []
    add_card = cards.append
    add_decision = decisions.append
    for e in deal.events:
        if isinstance(e, CardDealt):
            add_card({"player": e.player, "hand": e.hand, "card": e.card.text, "up": e.face_up})
        else:
            amount = e.amount
            if amount is None:
                add_decision({"player": e.player, "hand": e.hand, "action": e.action})
            else:
                add_decision(
                    {"player": e.player, "hand": e.hand, "action": e.action, "amount": amount}
                )
    hands: list[dict[str, Any]] = []
    add_hand = hands.append
    for p in deal.punters:
        for i, h in enumerate(deal.hands[p], 1):
            add_hand(
                {
                    "player": p,
                    "hand": i,
                    "cards": " ".join([c.text for c in h.cards]),
                    "stake": h.stake,
                    "class": _CLASS[h.cls],
                    "total": h.total,
                    "split": h.from_split,
                    "net": h.net,
                    "rule": h.rule,
                }
            )
    b = deal.banker_hand
    seats = game.table.seats
    nets = deal.nets
    balances = game.balances
    return {
        "type": "deal",
        "deal": deal.number,
        "sale": None
        if sale is None
        else {"seller": sale.seller, "buyer": sale.buyer, "price": sale.price},
        "banker": deal.banker,
        "pack_state": deal.pack_state,
        "pack": " ".join(map(_TEXT, deal.pack_before)),
        "sat_out": deal.sitting_out,
        "decisions": decisions,
        "cards": cards,
        "hands": hands,
        "banker_hand": {
            "cards": " ".join([c.text for c in b.cards]),
            "class": _CLASS[b.hand_class],
            "total": b.total,
        },
        "void": deal.void,
        "net": {p: nets[p] for p in seats if p in nets},
        "balance": {p: balances[p] for p in seats},
        "next_banker": deal.next_banker,
    }


_CLASS = {c: c.label for c in HandClass}
_TEXT = attrgetter("text")


def encode(record: dict[str, Any]) -> bytes:
    """One record as one compact JSON line, newline included."""
    return orjson.dumps(record, option=orjson.OPT_APPEND_NEWLINE)


def schema() -> dict[str, Any]:
    """The JSON Schema of the log, shipped in the package."""
    from importlib import resources  # only `pontoon schema` and replay's checks read it

    text = resources.files("pontoon_cli").joinpath("log_schema.json").read_bytes()
    result: dict[str, Any] = orjson.loads(text)
    return result


def cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join([c.text for c in cards])


class LogWriter:
    """Writes records, one JSON line each, to stdout or to ``--out`` (see :func:`open_sink`).

    Leaving the ``with`` block normally keeps the log (a file is renamed into place). Leaving it
    by :class:`Interrupted` keeps the records written so far, which are whole (each write is a
    :func:`held` step): a valid log that replays. Any other error, or a second signal that cut a
    record, discards a temporary file and leaves an existing file untouched. On stdout a closed
    pipe turns later writes into no-ops and sets ``broken``.
    """

    def __init__(self, out: str | Path | None, stream: Writable | None = None) -> None:
        target = None if out is None else os.fspath(out)
        self._sink = open_sink(target, sys.stdout.buffer if stream is None else stream)
        self.records = 0
        self._cut = False

    @property
    def where(self) -> str:
        """The file as named by ``--out``, or ``stdout``."""
        return self._sink.where

    @property
    def is_file(self) -> bool:
        return self._sink.is_file

    @property
    def to_terminal(self) -> bool:
        """True when the log itself goes to a terminal (no progress bar then)."""
        return self._sink.to_terminal

    @property
    def broken(self) -> bool:
        """True once stdout's reader has gone (``| head``): nothing written since arrived."""
        return self._sink.broken

    @property
    def deals(self) -> int:
        """Deal records written (the header is not a deal)."""
        return max(self.records - 1, 0)

    def write(self, record: dict[str, Any]) -> None:
        data = orjson.dumps(record, option=orjson.OPT_APPEND_NEWLINE)
        with held():
            self._cut = True  # until the record is whole: a second signal may stop us here
            self._sink.write(data)
            self._cut = False
            self.records += 1

    def commit(self) -> None:
        with held():
            self._sink.keep()

    def abort(self) -> None:
        self._sink.discard()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc is None:
            self.commit()
        elif isinstance(exc, Interrupted) and self.records and not self._cut:
            self.commit()  # the header and every whole deal: a log that replays
            deals = f"{self.deals} deal" + ("" if self.deals == 1 else "s")
            exc.kept = f"kept {deals} in {self.where}" if self.is_file else f"{deals} written"
        else:
            self.abort()
