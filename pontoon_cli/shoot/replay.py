"""Replay's checks of Shoot Pontoon: the kitty from deal to deal, and the optional shoot bets.

The kitty is verified as balances are: each deal's ``kitty.before`` must be what the last deal
left (its ``after``), the banker's moves before the deal must be the ones S1 and S8-S10 give
(S8's top-up is the banker's decision, read from the record and judged), and every move in the
deal and the ``after`` must be what the re-deal gives. A shoot bet the round after the stakes
(S2) is an optional decision: a punter whose shoot bet is not the next recorded decision passed.
"""

from __future__ import annotations

from typing import Any

from pontoon_cli.base.deal import PackState
from pontoon_cli.core.errors import IllegalAction
from pontoon_cli.logformat.check import MISSING
from pontoon_cli.logformat.divergence import Divergence, Place, count
from pontoon_cli.shoot.deal import ShootDeal, ShootGame, open_kitty
from pontoon_cli.shoot.kitty import Kitty
from pontoon_cli.traditional.deal import Deal
from pontoon_cli.traditional.game import Game

#: The rule behind each field of a kitty move.
_MOVE_KEYS = ("rule", "player", "hand", "amount")


def kitty_before(
    at: Place,
    game: Game,
    banker: str,
    record: dict[str, Any],
    balances: dict[str, int],
    written: int | None = None,
) -> tuple[Kitty | None, Divergence | None]:
    """The kitty as the deal starts (S1, S8-S10), its moves made on ``balances``; None for a
    game without a kitty. A divergence when ``kitty.before`` is neither what the last deal left
    by the rules nor what its record wrote (``written``, when the two differ: that deal's own
    divergence), or the recorded top-up is one the rules refuse (S8)."""
    if not isinstance(game, ShootGame):
        return None, None
    found: Divergence | None = None
    recorded = record.get("kitty")
    top_up = 0
    if type(recorded) is dict:
        before = recorded.get("before", MISSING)
        if before is not MISSING and before != game.kitty and before != written:
            # S8: nothing leaves the kitty between deals but through a recorded move
            found = at.div(None, None, "kitty.before", before, game.kitty, "S8")
        moves = recorded.get("moves")
        if type(moves) is list:
            for m in moves:
                if type(m) is dict and m.get("rule") == "S8" and type(m.get("amount")) is int:
                    top_up += m["amount"]
    try:
        kitty = open_kitty(game.rules, game.kitty, game.kitty_holder, banker, top_up, balances)
    except IllegalAction as err:
        found = found or at.div(banker, None, "kitty.moves", top_up, err.reason, err.rule)
        kitty = open_kitty(game.rules, game.kitty, game.kitty_holder, banker, 0, balances)
    return kitty, found


def new_deal(
    game: Game,
    banker: str,
    pack: list[Any],
    balances: dict[str, int],
    number: int,
    pack_state: PackState,
    kitty: Kitty | None,
) -> Deal:
    """The deal to re-deal: the game's own kind (a ShootDeal with its kitty, or a Deal)."""
    if kitty is not None:
        return ShootDeal(game.rules, game.table, banker, pack, balances, number, pack_state, kitty)
    return Deal(game.rules, game.table, banker, pack, balances, number, pack_state)


def pass_optional(deal: Deal, player: Any, hand: Any, action: Any) -> None:
    """S2: every punter before the one whose shoot bet is the next decision passed, and all of
    them when the next decision is no shoot bet (``player`` None: the decisions ran out)."""
    if not isinstance(deal, ShootDeal):
        return
    while deal.optional_decision() is not None:
        actor = deal.actor
        assert actor is not None
        if action == "shoot" and actor == (player, hand):
            return
        deal.decline(actor[0])


def balance_change(deal: Deal, player: str) -> int:
    """What the shoot bets of the deal did to ``player``'s balance (0 without a kitty)."""
    if isinstance(deal, ShootDeal):
        return deal.shoot_net.get(player, 0)
    return 0


def compare_kitty(
    at: Place, record: dict[str, Any], derived: dict[str, Any], banker: str
) -> Divergence | None:
    """The first field of the recorded kitty that the re-deal does not give."""
    got = record.get("kitty", MISSING)
    want = derived.get("kitty", MISSING)
    if got is MISSING or got == want:
        return None
    if want is MISSING:
        return at.div(None, None, "kitty", got, None, "S1")
    moves = got.get("moves", MISSING)
    if moves is not MISSING and moves != want["moves"]:
        for i, (m, w) in enumerate(zip(moves, want["moves"], strict=False)):
            for key in _MOVE_KEYS:
                value = m.get(key, MISSING)
                if value is not MISSING and value != w[key]:
                    who = w["player"]
                    where = f"kitty.moves[{i}].{key}"
                    rule = w["rule"]
                    if key == "hand" and type(value) is int and type(w[key]) is int:
                        rule = "S5"  # two hand numbers: which hand of a split holds the bet
                    return at.div(who, w["hand"], where, value, w[key], rule)
        if len(moves) != len(want["moves"]):
            rule = "S7" if len(moves) > len(want["moves"]) else want["moves"][len(moves)]["rule"]
            shown = count(len(want["moves"]), "move")
            return at.div(None, None, "kitty.moves", count(len(moves), "move"), shown, rule)
    after = got.get("after", MISSING)
    if after is not MISSING and after != want["after"]:
        # the rule of the deal's last kitty move (S3, S6, S7; S1, S8-S10 before the deal)
        rule = want["moves"][-1]["rule"] if want["moves"] else "S1"
        return at.div(banker, None, "kitty.after", after, want["after"], rule)
    return None


def carry_kitty(
    game: Game, record: dict[str, Any], deal: Deal | None, banker: str, after_wrong: bool
) -> int | None:
    """Keep the kitty for the next deal: as recorded where given, else as re-dealt; and as
    re-dealt when the recorded ``after`` is the deal's divergence (``after_wrong``: its moves are
    the rules', so the re-dealt kitty is right). Returns the recorded ``after`` when it is not the
    kitty kept: the next deal's ``before`` may continue from either, so one wrong number is one
    divergence, in the deal that wrote it."""
    if not isinstance(game, ShootGame):
        return None
    game.kitty_holder = banker
    recorded = record.get("kitty")
    after = recorded.get("after") if type(recorded) is dict else None
    if isinstance(deal, ShootDeal) and (after_wrong or type(after) is not int):
        game.kitty = deal.kitty.amount
        return after if after_wrong else None  # the recorded number, not the rules'
    if type(after) is int:
        game.kitty = after
    return None
