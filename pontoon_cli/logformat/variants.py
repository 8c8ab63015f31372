"""A net that differs by exactly what a house option would pay: the option named, as a variant.

An engine that plays a house rule its log's header does not set (the banker's pontoon collecting
single stakes, V4; a dealer who stands on a soft 17, C9) pays otherwise than the rules in force,
and replay reports the net where it does. Such a line says so when, and only when, settling the
seat's hands again with one house option at one other setting gives exactly the net the record
holds: ``net recorded -1, rules give -2 (T4.4); ...; a house rule? V4 banker_pontoon_collects=1
pays this``. A developer can then tell a variant from a bug.

Each game says which single options could pay a finished deal's hands otherwise, and settles
them under each (:data:`HouseOption`: the traditional game's in
:func:`pontoon_cli.traditional.compare.house_options`, the casino's in
:mod:`pontoon_cli.casino.replay`); :func:`name_house_rule` compares. It runs only on a line
replay already reports (a seat's ``net``, a hand's ``hands[K].net``), so a deal that verifies
costs nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pontoon_cli.base.deal import DealBase
from pontoon_cli.core.hands import Hand
from pontoon_cli.logformat.compare import Fields, HandSettler
from pontoon_cli.logformat.divergence import Divergence

#: One house option at one setting, as a line names it (``V4 banker_pontoon_collects=1``), and
#: the finished deal's hands settled under it: the hand -> (net, rule).
HouseOption = tuple[str, HandSettler]


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
    paying = [name for name, settle in options if _net(hands, settle) == recorded]
    if not paying:
        return found
    hint = f"a house rule? {' or '.join(paying)} pays this"
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
