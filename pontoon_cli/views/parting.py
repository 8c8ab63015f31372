"""Where a minimal log's deal parts from the rules, for ``show``: both versions of one deal.

``show`` re-deals a minimal log's deal (its pack and decisions) by the rules, as replay does.
When replay finds the deal divergent, its picture holds both: the deal as recorded (its
decisions, nets and balances) and as the rules deal it, to the end or up to the divergence (the
hands, what the rules give where the record parts from them, and their nets and balances where
their deal reached its end), with the first divergence above them, as replay reports it.
:func:`parting` builds what the picture draws; nothing here draws.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from pontoon_cli.logformat.divergence import Divergence, show

#: A divergence in one recorded decision: ``decisions[4]``.
_DECISION: Final = re.compile(r"decisions\[([0-9]+)\]")


@dataclass(frozen=True, slots=True)
class RulesSeat:
    """A seat's net and balance after the deal as the rules deal it."""

    player: str
    net: int
    after: int


@dataclass(slots=True)
class Parting:
    """Where a deal's record parts from the rules' deal.

    ``divergence`` is replay's first divergence of the deal, as it reports it without the file,
    line and deal (``p2 hand 1: decisions[4] recorded "stick", rules give ...``). The first
    ``common`` of the picture's decisions are the rules' too; where the record parts from them
    at a decision, ``rules_next`` is what the rules give there, with its rule (``cannot stick on
    14: the least is 15; buy or twist (T5.5)``), else None. ``stop`` says where the rules' deal
    stopped before its end (``decisions[4]``; ``its start`` when nothing could be dealt), None
    when it reached its end; then ``seats`` are its nets and balances and ``next_banker`` who
    banks after it by the rules.
    """

    divergence: str
    common: int
    rules_next: str | None
    stop: str | None
    seats: list[RulesSeat] = field(default_factory=list)
    next_banker: str | None = None


def divergence_text(found: Divergence) -> str:
    """``found`` as replay reports it, without the file, the line and the deal its picture's
    title names."""
    text = str(found)
    prefix = f"{found.file}:{found.line}: "
    if found.deal is not None:
        prefix += f"deal {found.deal}: "
    return text[len(prefix) :] if text.startswith(prefix) else text


def parting(
    found: Divergence,
    recorded: dict[str, Any],
    filled: dict[str, Any],
    redealt: dict[str, Any] | None,
    so_far: dict[str, Any] | None,
    house_key: str,
) -> tuple[dict[str, Any], Parting]:
    """The record a divergent minimal deal's picture draws, and where it parts from the rules.

    ``recorded`` is the deal's record; ``filled`` it with what it leaves out filled in from the
    rules' re-deal (``LogReplayer.completed``); ``redealt`` the rules' record of the deal where
    it reached its end, ``so_far`` the rules' deal as far as it went where it did not
    (``LogReplayer.dealt_so_far``); ``house_key`` the record's field of the banker's or dealer's
    hand. The record drawn holds the record's decisions, nets and balances (a balance it leaves
    out follows from its net, not from the rules) and the rules' hands and house hand. The
    parting's seats are left for the caller, who knows the balances before the deal."""
    decisions: list[Any] = recorded["decisions"]
    picture = dict(filled)
    if "balance" not in recorded:
        picture.pop("balance", None)  # the rules' balances: the parting holds them
    match = _DECISION.fullmatch(found.field)
    at_decision = match is not None or found.field == "decisions"
    if match is not None:
        common = int(match[1])
    elif so_far is not None and not at_decision:
        common = len(so_far["decisions"])
    else:
        common = len(decisions)
    stop: str | None = None
    if so_far is not None:
        picture["hands"] = so_far["hands"]
        if so_far["house_hand"] is not None:
            picture[house_key] = so_far["house_hand"]
        if "net" not in so_far:  # else the rules' deal ended there: the record went on
            stop = f"decisions[{len(so_far['decisions'])}]"
    elif redealt is None:
        stop = "its start"  # nothing dealt: no banker at the table, no seat could stake
    rules_next = None
    if at_decision or (so_far is not None and common < len(decisions)):
        given = found.expected if isinstance(found.expected, str) else show(found.expected)
        rules_next = f"{given} ({found.rule})"
    part = Parting(divergence_text(found), min(common, len(decisions)), rules_next, stop)
    if redealt is not None:
        part.next_banker = redealt.get("next_banker")
    return picture, part


def rules_seats(
    seats: tuple[str, ...], before: dict[str, int], dealt: dict[str, Any]
) -> list[RulesSeat]:
    """Each seat's net and balance after the rules' deal ``dealt`` (its record: ``net``, and
    ``balance``, or ``side``, what side bets did to a balance, S7), from the balances
    ``before`` it."""
    nets: dict[str, int] = dealt.get("net", {})
    side: dict[str, int] = dealt.get("side") or {}
    balances: dict[str, int] = dealt.get("balance") or {
        p: before.get(p, 0) + nets.get(p, 0) + side.get(p, 0) for p in seats
    }
    return [RulesSeat(p, nets.get(p, 0), balances.get(p, 0)) for p in seats]
