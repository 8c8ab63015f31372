"""The log record of a Shoot Pontoon deal: the traditional record, then the kitty (S1-S10).

``kitty`` comes last in the record: ``before`` (what the last deal left; 0 before the first),
``moves`` in the order they happened (the banker's before the deal, S10, S1, S9, S8; then the
shoot bets settled in the deal, S6 at the bust, S3 or S7 at settlement), each with its rule, the
player, the hand (null for the banker's moves) and the amount (positive into the kitty, negative
out of it), and ``after``. A player's balance after the deal is his balance before it, plus his
``net`` (the stakes, T7), minus what he moved into the kitty.
"""

from __future__ import annotations

from typing import Any, Final

from librt.strings import BytesWriter

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.core.events import BankSold
from pontoon_cli.core.limits import MAX_SAFE_INT
from pontoon_cli.logformat.record import DealLine, head_text, kept, quoted, write_number
from pontoon_cli.shoot.deal import ShootDeal
from pontoon_cli.shoot.kitty import Kitty
from pontoon_cli.traditional.game import Game
from pontoon_cli.traditional.record import traditional_line, traditional_record, write_deal_line


def kitty_record(kitty: Kitty) -> dict[str, Any]:
    """The ``kitty`` field of a deal record."""
    return {
        "before": kitty.before,
        "moves": [
            {"rule": m.rule, "player": m.player, "hand": m.hand, "amount": m.amount}
            for m in kitty.moves
        ],
        "after": kitty.amount,
    }


def shoot_deal_record(
    game: GameBase, deal: DealBase, sale: BankSold | None = None
) -> dict[str, Any]:
    """One Shoot Pontoon deal's record, built after :meth:`Game.finish_deal`."""
    record = traditional_record(game, deal, sale)
    if isinstance(deal, ShootDeal):
        record["kitty"] = kitty_record(deal.kitty)
    return record


def shoot_deal_line(out: BytesWriter, line: DealLine) -> bool:
    """Write into ``out`` the bytes ``encode(shoot_deal_record(...))`` gives: the traditional
    line with the kitty last (log.LineWriter); False where a number is beyond ±(2**53 − 1)."""
    game, deal = line.game, line.deal
    if not isinstance(deal, ShootDeal) or not isinstance(game, Game):
        return traditional_line(out, line)
    # the traditional line without its end: the kitty comes before it
    return write_deal_line(out, game, deal, line, b"") and write_kitty(out, deal.kitty)


def write_kitty(out: BytesWriter, kitty: Kitty) -> bool:
    """Write ``,"kitty":{…}}`` and the line's end into ``out``, piece by piece as
    :func:`kitty_record` encodes; False where an amount is beyond ±(2**53 − 1)."""
    big = MAX_SAFE_INT
    before = kitty.before
    after = kitty.amount
    if not (-big <= before <= big and -big <= after <= big):
        return False
    out.write(b',"kitty":{"before":')
    write_number(out, before)
    out.write(b',"moves":[')
    first = True
    for m in kitty.moves:
        amount = m.amount
        if not -big <= amount <= big:
            return False
        out.write(_move_head(m.rule, m.player, m.hand, first))
        write_number(out, amount)
        out.write(b"}")
        first = False
    out.write(b'],"after":')
    write_number(out, after)
    out.write(b"}}\n")
    return True


#: A kitty move's text up to its amount, by rule, player, hand and whether it is the first
#: (a bounded cache, as every piece of the writer).
_MOVE_HEADS: Final[dict[tuple[str, str, int | None, bool], bytes]] = {}


def _move_head(rule: str, player: str, hand: int | None, first: bool) -> bytes:
    key = (rule, player, hand, first)
    found = _MOVE_HEADS.get(key)
    if found is None:
        number = b"null" if hand is None else str(hand).encode()
        text = (b'{"rule":' if first else b',{"rule":') + quoted(rule) + b","
        text += head_text(player, True)[1:] + number + b',"amount":'
        found = kept(_MOVE_HEADS, key, text)
    return found
