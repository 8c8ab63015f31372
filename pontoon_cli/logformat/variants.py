"""A net that differs by exactly what a house option would pay: the option named, as a variant.

An engine that plays a house rule its log's header does not set (the banker's pontoon collecting
single stakes, V4; a dealer who stands on a soft 17, C9) pays otherwise than the rules in force,
and replay reports the net where it does. Such a line says so when, and only when, settling the
seat's hands again with one house option at one other setting gives exactly the net the record
holds: ``net recorded -1, rules give -2 (T4.4); ...; a house rule? V4 banker_pontoon_collects=1
pays this``. A developer can then tell a variant from a bug. An option that changes the house's
own play rather than a payout (the dealer's draw to a soft 17, C9) is where the deal parted from
the rules: a line only it explains cites it, and says what that play does.

Each game says which single options could pay a finished deal's hands otherwise, and settles
them under each (:data:`HouseOption`: the traditional game's in
:func:`pontoon_cli.traditional.compare.house_options`, the casino's in
:mod:`pontoon_cli.casino.replay`); :func:`name_house_rule` compares. It runs only on a line
replay already reports (a seat's ``net``, a hand's ``hands[K].net``), so a deal that verifies
costs nothing.
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from typing import Any, Final

from pontoon_cli.base.deal import DealBase
from pontoon_cli.core.events import Decision
from pontoon_cli.core.hands import Hand
from pontoon_cli.core.rules import Rules
from pontoon_cli.logformat.compare import Fields, HandSettler
from pontoon_cli.logformat.divergence import Divergence

#: One house option at one setting, as a line names it (``V4 banker_pontoon_collects=1``), the
#: finished deal's hands settled under it (the hand -> (net, rule)), and, for an option that
#: changes the house's own play rather than a payout (C9), what that play does in the deal
#: (``drawing to his soft 17, the dealer holds 6D AH TC: total 17``); else "".
HouseOption = tuple[str, HandSettler, str]


def option_name(rule: str, setting: str, value: object) -> str:
    """``V4 banker_pontoon_collects=1``: the rule, the setting and its value as ``--set`` and
    a rules file write it (``true``, ``false``, a number, a word)."""
    if isinstance(value, bool):
        return f"{rule} {setting}={'true' if value else 'false'}"
    return f"{rule} {setting}={value}"


def net_line(found: Divergence) -> bool:
    """Whether ``found`` is a punter's net that differs: a seat's ``net`` or a hand's
    ``hands[K].net``."""
    field = found.field
    return found.player is not None and (
        field == "net" or (field.startswith("hands[") and field.endswith("].net"))
    )


def name_house_rule(
    found: Divergence, record: Fields, deal: DealBase, options: list[HouseOption]
) -> Divergence:
    """``found`` (a net line: :func:`net_line`) with its detail ending ``; a house rule? V4
    banker_pontoon_collects=1 pays this`` when settling the hands again under one of
    ``options`` gives exactly the net the record holds: the seat's (a ``net`` line, every hand
    of the seat) or the hand's (``hands[K].net``). Several that do are named with ``or``;
    ``found`` itself when none does."""
    player = found.player
    rows = deal.hands.get(player) if player is not None else None
    if not rows or not options:
        return found  # the banker's net, or a seat that played no hand
    recorded = _recorded_net(found, record)
    if recorded is None:
        return found
    if found.field == "net":
        hands = rows
    else:
        if found.hand is None or not 1 <= found.hand <= len(rows):
            return found
        hands = [rows[found.hand - 1]]
    paying = [(name, play) for name, settle, play in options if _net(hands, settle) == recorded]
    if not paying:
        return found
    hint = f"a house rule? {' or '.join(name for name, _ in paying)} pays this"
    name, play = paying[0]
    if len(paying) == 1 and play:  # the house's play differs: the line is that rule's
        hint = f"{play}; {hint}"
        found = replace(found, rule=name.split(" ", 1)[0])
    detail = hint if found.detail is None else f"{found.detail}; {hint}"
    return replace(found, detail=detail)


#: A recorded decision the rules refused: ``decisions[4]``.
_DECISION: Final = re.compile(r"decisions\[([0-9]+)\]")
#: A house option that decides what is legal, and its other settings to try, nearest to the
#: setting in force first (``("V2", "stick_minimum", (14, 13, 12, 16, 17))``).
LegalOption = tuple[str, str, tuple[object, ...]]


def other_settings(rules: Rules, setting: str) -> tuple[object, ...]:
    """Every setting of ``setting`` but the one ``rules`` hold, nearest to it first (a number
    by its distance, the lower of two as near; null, for none, last): the order
    :func:`name_legal_rule` tries them in."""
    current = getattr(rules, setting)
    field = next(f for f in fields(Rules) if f.name == setting)
    choices: tuple[object, ...] = field.metadata.get("choices") or (False, True)
    others = [c for c in choices if c != current]

    def distance(value: object) -> tuple[int, int]:
        if isinstance(value, int) and isinstance(current, int):
            return abs(value - current), value
        return (1 << 30, 0) if value is None else (0, 0)

    return tuple(sorted(others, key=distance))


def name_legal_rule(
    found: Divergence,
    record: Fields,
    deal: DealBase,
    options: list[LegalOption],
    derived: frozenset[str],
) -> Divergence:
    """``found``, a recorded decision ``deal`` stopped at because the rules refused it, with
    its detail ending ``; a house rule? V2 stick_minimum=14 allows this`` for each option of
    ``options`` one of whose settings lets the deal, as it stands, take that decision (the
    setting nearest to the one in force that does); ``found`` itself when none does, or when
    the deal went on past that decision. A word in ``derived`` (a split) is asked without its
    amount, as replay takes it."""
    match = _DECISION.fullmatch(found.field)
    if match is None or not options:
        return found
    i = int(match[1])
    decisions = record.get("decisions")
    if not isinstance(decisions, list) or i >= len(decisions):
        return found
    taken = 0
    for event in deal.events:
        if isinstance(event, Decision):
            taken += 1
    if taken != i:  # the deal took it, or stopped before it: not the state to ask
        return found
    move = decisions[i]
    if isinstance(move, dict):
        player, hand, action, amount = (
            move.get("player"),
            move.get("hand"),
            move.get("action"),
            move.get("amount"),
        )
    else:
        player, hand, action, amount = move
    if not (isinstance(player, str) and type(hand) is int and isinstance(action, str)):
        return found
    if action in derived:
        amount = None
    elif amount is not None and type(amount) is not int:
        return found
    if deal.problem(action, player, hand, amount) is None:
        return found  # refused for its form (an amount where it takes none), not by a rule
    rules = deal.rules
    allowing: list[str] = []
    try:
        for rule, setting, values in options:
            for value in values:
                deal.rules = rules.with_overrides({setting: value})
                if deal.problem(action, player, hand, amount) is None:
                    allowing.append(option_name(rule, setting, value))
                    break
    finally:
        deal.rules = rules  # the deal stopped here: its rules are the header's again
    if not allowing:
        return found
    hint = f"a house rule? {' or '.join(allowing)} allows this"
    detail = hint if found.detail is None else f"{found.detail}; {hint}"
    return replace(found, detail=detail)


def _recorded_net(found: Divergence, record: Fields) -> int | None:
    """What the record holds for the line's net: the seat's from ``net`` (0 when it leaves the
    seat out), the hand's from its row; None when it is no whole number."""
    value: Any
    if found.field == "net":
        net = record.get("net")
        value = net.get(found.player, 0) if isinstance(net, dict) else None
    else:
        value = found.recorded
    if type(value) is not int:
        return None
    return value


def _net(hands: list[Hand], settle: HandSettler) -> int:
    """The hands' nets settled by ``settle``, added up."""
    total = 0
    for h in hands:
        total += settle(h)[0]
    return total
