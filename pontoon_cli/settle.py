"""Settlement: what one punter hand receives or pays against the bank (T4.4, T5.6, T7, V6, V7).

This is a pure function of the two final hands (each as class, total and grade: hands.rate) and
the stake, used by the engine at the end of a
deal and, independently, by replay's cross-check. Which table applies is the ``settlement`` rule
setting (a hook: a seat-against-dealer table for casino play registers here beside it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pontoon_cli.hands import HandClass
from pontoon_cli.rules import Rules

#: (rules, banker class, total, grade, punter class, total, grade, stake, doubled) -> (net, rule)
Settler = Callable[[Rules, HandClass, int, int, HandClass, int, int, int, bool], tuple[int, str]]

# Final, so the compiled build reads them as constants, not from the module's dictionary.
_PONTOON: Final = HandClass.PONTOON
_TRICK: Final = HandClass.FIVE_CARD_TRICK
_BUST: Final = HandClass.BUST
_ROYAL: Final = HandClass.ROYAL_PONTOON
#: What a royal pontoon is paid, in stakes (V6).
ROYAL_PONTOON_PAYS: Final = 3


def settle_traditional(
    rules: Rules,
    banker: HandClass,
    banker_total: int,
    banker_grade: int,
    punter: HandClass,
    punter_total: int,
    punter_grade: int,
    stake: int,
    doubled: bool = False,
) -> tuple[int, str]:
    """The punter hand's net in whole units (T7.3) and the rule that decides it.

    Positive: the banker pays the punter; negative: the punter pays the banker. The grades
    (hands.rate) order pontoons under V7; they are 0 for every other hand. ``doubled``: the
    banker doubled every stake (V3): ordinary wins and losses (a bust's too) are 2 × the stake,
    cited as V3 (a bust stays T5.6); pontoon, royal pontoon and five card trick payments and
    collections stay at their multiple of the undoubled stake.
    """
    if punter is _ROYAL:  # V6: a punter's 7-7-7 beats every hand, the banker's pontoon included
        return ROYAL_PONTOON_PAYS * stake, "V6"
    if banker is _PONTOON:  # T4.4: every punter pays, his own pontoon included
        if punter is _PONTOON and punter_grade > banker_grade:  # V7: but a higher grade wins
            return rules.pontoon_pays * stake, "V7"
        return -rules.banker_pontoon_collects * stake, "T4.4"
    if punter is _BUST:  # T5.6: settled the moment it busts (V3: on the doubled stake)
        return (-2 * stake if doubled else -stake), "T5.6"
    if punter is _PONTOON:  # T7: a pontoon beats every banker hand but a pontoon (T7.2 too)
        return rules.pontoon_pays * stake, "T7"
    if banker is _TRICK:  # T7: the banker's five card trick beats every other hand
        return -2 * stake, "T7"
    if punter is _TRICK:  # T7: a five card trick is paid double unless the banker has one
        return 2 * stake, "T7"
    if doubled:  # V3: the ordinary rows below count twice, citing the double
        won = banker is _BUST or punter_total > banker_total  # T7, T7.1; ties lose (T2.6)
        return (2 * stake if won else -2 * stake), "V3"
    if banker is _BUST:  # T7: every standing hand is paid
        return stake, "T7"
    if punter_total > banker_total:  # T7.1: "pay B+1"
        return stake, "T7.1"
    if punter_total == banker_total:
        return -stake, "T2.6"  # equal hands: the banker wins ties
    return -stake, "T7.1"  # worse: the banker pays only B+1 or better


SETTLERS: dict[str, Settler] = {"traditional": settle_traditional}
