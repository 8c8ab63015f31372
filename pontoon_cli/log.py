"""The JSON-lines log: records built from the engine's events, written with orjson.

Format ``pontoon-log/1`` (docs/log-format.md; JSON Schema in ``log_schema.json``): a header record,
then one record per deal. Keys always come in the order written here; the same game always gives
the same bytes.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from importlib import resources
from operator import attrgetter
from pathlib import Path
from typing import IO, Any, Final

import orjson

from pontoon_cli import __version__
from pontoon_cli.cards import Card
from pontoon_cli.engine import Deal, Game
from pontoon_cli.errors import PontoonError
from pontoon_cli.events import BankSold, CardDealt
from pontoon_cli.hands import HandClass
from pontoon_cli.rules import Rules, Table

FORMAT: Final = "pontoon-log/1"


class OutputError(PontoonError):
    """The log cannot be written where asked (exit 2); nothing is left behind."""


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
        if type(e) is CardDealt:
            player, hand, card, up = e
            add_card({"player": player, "hand": hand, "card": card.text, "up": up})
        else:
            player, hand, action, amount = e
            if amount is None:
                add_decision({"player": player, "hand": hand, "action": action})
            else:
                add_decision({"player": player, "hand": hand, "action": action, "amount": amount})
    hands: list[dict[str, Any]] = []
    add_hand = hands.append
    for p in deal.punters:
        for i, h in enumerate(deal.hands[p], 1):
            low = h.low
            add_hand(
                {
                    "player": p,
                    "hand": i,
                    "cards": " ".join([c.text for c in h.cards]),
                    "stake": h.stake,
                    "class": _CLASS[h.cls],
                    "total": low + 10 if h.has_ace and low <= 11 else low,
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
    text = resources.files("pontoon_cli").joinpath("log_schema.json").read_bytes()
    result: dict[str, Any] = orjson.loads(text)
    return result


def cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join([c.text for c in cards])


class LogWriter:
    """Writes encoded lines to stdout (flushed record by record) or to a file.

    A file is written completely or not at all: lines go to a temporary file beside it, renamed
    over the target by :meth:`commit`; :meth:`abort` (or leaving the ``with`` block by an error)
    removes the temporary file and leaves any existing file untouched.
    """

    def __init__(self, out: Path | None, stream: IO[bytes] | None = None) -> None:
        self.out = out
        self._tmp: str | None = None
        if out is None:
            assert stream is not None
            self._stream = stream
            self._flush = True
            return
        if out.is_dir():
            raise OutputError(f"--out {out}: is a directory; name a file to write the log to")
        directory = out.parent if str(out.parent) else Path(".")
        try:
            fd, self._tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=directory)
        except OSError as err:
            raise OutputError(f"--out {out}: cannot write there: {err.strerror}") from None
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(self._tmp, 0o666 & ~umask)  # as an ordinary new file would be
        self._stream = os.fdopen(fd, "wb", buffering=1 << 16)
        self._flush = False

    def write(self, record: dict[str, Any]) -> None:
        self._stream.write(orjson.dumps(record, option=orjson.OPT_APPEND_NEWLINE))
        if self._flush:
            self._stream.flush()

    def commit(self) -> None:
        if self._tmp is not None and self.out is not None:
            try:
                self._stream.close()
                os.replace(self._tmp, self.out)
            except OSError as err:
                self.abort()
                raise OutputError(f"--out {self.out}: cannot write: {err.strerror}") from None
            self._tmp = None

    def abort(self) -> None:
        if self._tmp is not None:
            with contextlib.suppress(OSError):
                self._stream.close()
            with contextlib.suppress(OSError):
                os.unlink(self._tmp)
            self._tmp = None

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is None:
            self.commit()
        else:
            self.abort()
