"""The log record of a Shoot Pontoon deal: the traditional record, then the kitty (S1-S10).

``kitty`` comes last in the record: ``before`` (what the last deal left; 0 before the first),
``moves`` in the order they happened (the banker's before the deal, S10, S1, S9, S8; then the
shoot bets settled in the deal, S6 at the bust, S3 or S7 at settlement), each with its rule, the
player, the hand (null for the banker's moves) and the amount (positive into the kitty, negative
out of it), and ``after``. A player's balance after the deal is his balance before it, plus his
``net`` (the stakes, T7), minus what he moved into the kitty.
"""

from __future__ import annotations

from typing import Any

import orjson

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.core.events import BankSold
from pontoon_cli.shoot.deal import ShootDeal
from pontoon_cli.shoot.kitty import Kitty
from pontoon_cli.traditional.record import traditional_line, traditional_record


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


def shoot_deal_line(
    parts: list[str], game: GameBase, deal: DealBase, sale: BankSold | None, pack: str | None
) -> bool:
    """Append to ``parts`` the text ``encode(shoot_deal_record(...))`` gives: the traditional
    line with the kitty last (log.LineWriter); False where a number is beyond ±(2**53 − 1)."""
    if not traditional_line(parts, game, deal, sale, pack):
        return False
    if not isinstance(deal, ShootDeal):
        return True
    try:
        kitty = orjson.dumps(kitty_record(deal.kitty), option=orjson.OPT_STRICT_INTEGER)
    except orjson.JSONEncodeError:
        return False
    parts[-1] = ',"kitty":' + kitty.decode() + "}\n"  # in place of the traditional line's end
    return True
