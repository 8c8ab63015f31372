"""A split seat's net that differs, named at the hand whose settlement explains it.

A minimal log holds one net a seat, whatever hands it played (T5.2; C8). When a seat that split
has a net the rules do not give, the difference is often one hand's settlement: a tie on hand 2
paid to the punter (T2.6), a five card trick paid evens (T7). :func:`named_hand` finds that hand:
one whose net, moved by the whole difference, is another line of the payout table for its stake
(a tie paid to the punter or pushed, as T2.6's and C2's misreading, first; else another line of
its class's table: ±1 × its stake for a plain total or a bust, up to ±2 × for a pontoon or a five
card trick; only a tie is ever read as pushed). The line is then that hand's, with the rule that
settled it, and says by how much::

    p3 hand 2: net recorded 4, rules give 0 (T2.6); hand 2 9D TC: total 19 against the banker's
    9S KD: total 19: a tie is the banker's, paid -1 × stake 2; the difference, 4, is 2 × this
    hand's stake, as if paid +1 × stake; hand 1 8D 8C TS: total 18, net 2 (T7.1)

When no one hand explains it but the seat's ties do together, every tie paid to the punter (or
every one pushed), the line is the first tie's and names the others. Where no hand, or more than
one, explains it, the seat's line stays as it was (T7, C10).
"""

from __future__ import annotations

from typing import Any, Final

#: The largest multiple of its stake a hand's other settlement is looked for at: the payout
#: table's (T7: a five card trick, a pontoon, a bust against the banker's trick; V3: a doubled
#: win or loss; C10: 2:1).
_MOST: Final = 2
#: The classes whose hand is paid or lost once its stake (T7.1, T5.6; C10), so another
#: settlement of one is too: only a pontoon or a five card trick is paid 2 x (T7; C10).
_PLAIN: Final = frozenset({"total", "bust"})
#: A tie's rule, and whose it is: the traditional game's (T2.6), the casino's (C2).
_TIE: Final = {"T2.6": "banker", "C2": "dealer"}


def named_hand(
    rows: list[dict[str, Any]], derived: dict[str, Any], house: str, difference: int
) -> tuple[int, str, str] | None:
    """The hand of a split seat (``rows``: its hands as the re-deal's record holds them) whose
    settlement explains the seat's net being off by ``difference`` (recorded minus the rules'):
    (its number, the rule that settled it, what the line says of it); None where no one hand
    does, or the seat played one."""
    if len(rows) < 2 or difference == 0:
        return None
    house_hand = derived.get("dealer_hand" if house == "dealer" else "banker_hand")
    ties: list[dict[str, Any]] = []
    others: list[dict[str, Any]] = []
    for h in rows:
        stake: int = h["stake"]
        paid = h["net"] + difference
        most = 1 if h.get("class") in _PLAIN else _MOST  # a plain total wins or loses 1 x
        if stake <= 0 or paid % stake != 0 or abs(paid) > most * stake:
            continue
        if _tie(h, house_hand) and paid in (0, stake):
            ties.append(h)
        elif paid != 0:  # no line of the payout table gives a hand that is no tie back its stake
            others.append(h)
    if len(ties) == 1:
        named = ties[0]
    elif not ties and (group := _tied_together(rows, house_hand, difference)):
        first = group[0]
        return (
            first["hand"],
            first["rule"],
            _said_together(group, rows, house, house_hand, difference),
        )
    elif not ties and len(others) == 1:
        named = others[0]
    else:
        return None
    return named["hand"], named["rule"], _said(named, rows, house, house_hand, difference)


def _tied_together(
    rows: list[dict[str, Any]], house_hand: dict[str, Any] | None, difference: int
) -> list[dict[str, Any]]:
    """The seat's lost ties, when there are two or more and the difference is what paying every
    one of them to the punter (each ``+2 ×`` its stake) or pushing every one (``+1 ×``) makes;
    else none."""
    group = [h for h in rows if h["stake"] > 0 and h["net"] == -h["stake"] and _tie(h, house_hand)]
    staked = sum(h["stake"] for h in group)
    if len(group) >= 2 and difference in (staked, 2 * staked):
        return group
    return []


def _tie(h: dict[str, Any], house_hand: dict[str, Any] | None) -> bool:
    """Whether the hand lost a tie: T2.6; C2 where its class and total are the dealer's."""
    rule = h["rule"]
    if rule == "T2.6":
        return True
    return (
        rule == "C2"
        and house_hand is not None
        and (h["class"], h["total"]) == (house_hand["class"], house_hand["total"])
    )


def _said_together(
    group: list[dict[str, Any]],
    rows: list[dict[str, Any]],
    house: str,
    house_hand: dict[str, Any] | None,
    difference: int,
) -> str:
    """The seat's ties against the house's hand, and what the difference would pay each; then
    the seat's other hands."""
    text = "; ".join(f"hand {h['hand']} {h['cards']}: {h['class']} {h['total']}" for h in group)
    if house_hand is not None:
        text += (
            f" against the {house}'s {house_hand['cards']}: "
            f"{house_hand['class']} {house_hand['total']}"
        )
    numbers = ", ".join(str(h["hand"]) for h in group[:-1]) + f" and {group[-1]['hand']}"
    staked = sum(h["stake"] for h in group)
    instead = (
        "as if each tie's stake went back"
        if difference == staked
        else ("as if each tie were paid +1 × stake")
    )
    share = "their stakes" if difference == staked else "2 × their stakes"
    text += (
        f": a tie is the {_TIE[group[0]['rule']]}'s, each paid -1 × its stake; the difference, "
        f"{difference}, is {share} (hands {numbers}), {instead}"
    )
    for h in rows:
        if h not in group:
            text += f"; hand {h['hand']} {h['cards']}: {h['class']} {h['total']}, net {h['net']}"
            text += f" ({h['rule']})"
    return text


def _said(
    named: dict[str, Any],
    rows: list[dict[str, Any]],
    house: str,
    house_hand: dict[str, Any] | None,
    difference: int,
) -> str:
    """The named hand against the house's, what it is paid and what the difference would pay
    it; then the seat's other hands."""
    stake: int = named["stake"]
    net: int = named["net"]
    text = f"hand {named['hand']} {named['cards']}: {named['class']} {named['total']}"
    if house_hand is not None:
        text += (
            f" against the {house}'s {house_hand['cards']}: "
            f"{house_hand['class']} {house_hand['total']}"
        )
    whose = _TIE.get(named["rule"])
    if whose is not None and _tie(named, house_hand):
        text += f": a tie is the {whose}'s"
    times = difference // stake
    share = "this hand's stake" if times == 1 else f"{times} × this hand's stake"
    paid = net + difference
    instead = "as if the stake went back" if paid == 0 else f"as if paid {paid // stake:+d} × stake"
    text += f", paid {net // stake:+d} × stake {stake}" if net % stake == 0 else f", net {net}"
    text += f"; the difference, {difference}, is {share}, {instead}"
    for h in rows:
        if h is not named:
            text += f"; hand {h['hand']} {h['cards']}: {h['class']} {h['total']}, net {h['net']}"
            text += f" ({h['rule']})"
    return text
