"""A decision the log lacks, named at the hand that lacked it.

An engine that stops a hand the rules say must still decide (a soft 21 taken for a hard 21, T5.8;
a hand stopped under the least to stick on, T5.5; the banker stopped short of a hard 21 and of
five cards, T6.2; a casino hand, C6) writes the next hand's decision where that hand's belongs, or
ends the deal's decisions. Replay then names the hand that lacked the decision, with its cards and
the rule that asks it (the deal's :meth:`~pontoon_cli.base.deal.DealBase.why_decide`), and says
what the log holds there instead:

    s3 hand 1: decisions[6] missing: 8D 2D AD is a soft 21, which may stick or draw on (T5.8);
    the log goes on with s4's "buy 2"

A decision is missing, rather than out of turn, when the log's next one is a later hand's in
turn (a later seat's, a later hand of the same seat's, the banker's) and the hand whose turn it
is decides nowhere after it in the record: a decision recorded early, its hand's coming later,
is out of turn (:meth:`~pontoon_cli.logformat.replay.GameReplay.out_of_turn`).
"""

from __future__ import annotations

from typing import Any

from pontoon_cli.base.deal import DealBase
from pontoon_cli.logformat.compare import action_text, decision_line
from pontoon_cli.logformat.divergence import Divergence, Place, escape, show

#: What the detail says when the deal's decisions end before the hand's.
ENDED = "the log's decisions end there"


def missing_decision(at: Place, deal: DealBase, decisions: list[Any], i: int) -> Divergence | None:
    """The actor's decision, missing at ``decisions[i]`` (``i`` past the end: the decisions
    ran out); None when the deal does not say why its actor must decide (the stakes: the
    phase's own words) or when the recorded decision there is out of turn, not in the missing
    one's place."""
    why = deal.why_decide()
    actor = deal.actor
    if why is None or actor is None:
        return None
    who, hand = actor
    if i < len(decisions):
        player, their_hand, action, amount = _fields(decisions[i])
        if not _later_in_turn(deal, player, their_hand) or _decides_later(
            decisions, i + 1, who, hand
        ):
            return None
        name = escape(player) if their_hand == 1 else f"{escape(player)} hand {their_hand}"
        shown = show(action_text(action, amount) if type(action) is str else action)
        goes_on = f"the log goes on with {name}'s {shown}"
    else:
        goes_on = ENDED
    reason, rule = why
    return decision_line(at, i, None, reason, rule, who, hand, goes_on, True)


def _fields(d: Any) -> tuple[Any, Any, Any, Any]:
    """A recorded decision's player, hand, action and amount: a
    :data:`~pontoon_cli.logformat.moves.Move` the line reader read, or a JSON object."""
    if type(d) is tuple:
        return d[0], d[1], d[2], d[3]
    if type(d) is dict:
        return d.get("player"), d.get("hand"), d.get("action"), d.get("amount")
    return None, None, None, None


def _later_in_turn(deal: DealBase, player: Any, hand: Any) -> bool:
    """Whether ``player``'s hand ``hand`` plays after the actor's in the seats' turns (T3.1, T5;
    C3, C6): a later seat, a later hand of the same seat, or the banker, who plays last (T6.1)."""
    if deal.phase is not deal.play_phase or type(player) is not str:
        return False
    punters = deal.punters
    if player in punters:
        at, mine = punters.index(player), punters.index(deal.actor_name)
        return at > mine or (at == mine and type(hand) is int and hand > deal.actor_hand)
    house = deal.house_hand()[0]
    return house is not None and player == house


def _decides_later(decisions: list[Any], start: int, who: str, hand: int) -> bool:
    """Whether the record holds a decision of ``who``'s hand ``hand`` from ``start`` on."""
    for d in decisions[start:]:
        player, their_hand, _, _ = _fields(d)
        if player == who and their_hand == hand:
            return True
    return False
