"""Settlement: what one punter hand receives or pays against the bank (T4.4, T5.6, T7, V6, V7).

This is a pure function of the two final hands (each as class, total and grade: hands.rate) and
the stake, used by the engine at the end of a
deal and, independently, by replay's cross-check. Which table applies is the ``settlement`` rule
setting (a hook). :func:`settle_casino` is the seat-against-dealer table of casino Pontoon
(C2, C5, C6, C10, C11), the casino deal's and (later) replay's.
"""

from __future__ import annotations

from typing import Final

from pontoon_cli.core.hands import HandClass
from pontoon_cli.core.rules import Rules

# Final, so the compiled build reads them as constants, not from the module's dictionary.
_PONTOON: Final = HandClass.PONTOON
_TRICK: Final = HandClass.FIVE_CARD_TRICK
_BUST: Final = HandClass.BUST
_ROYAL: Final = HandClass.ROYAL_PONTOON
#: What a royal pontoon is paid, in stakes (V6).
ROYAL_PONTOON_PAYS: Final = 3


class Settler:
    """A settlement table, the ``settlement`` rule setting's hook. This one is the traditional
    table (T7); another would override :meth:`settle`. A class rather than a function kept in a
    dictionary: compiled, the engine and replay call its method natively, where a function kept
    in a variable goes through Python's generic call."""

    def settle(
        self,
        rules: Rules,
        *,
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


SETTLERS: dict[str, Settler] = {"traditional": Settler()}
#: The traditional table as a function (rules, then by keyword: banker, banker_total,
#: banker_grade, punter, punter_total, punter_grade, stake, doubled=False) -> (net, rule), for the
#: tests and anyone calling it by name.
settle_traditional: Final = SETTLERS["traditional"].settle

#: What a player's pontoon and five card trick are paid at a casino table, in stakes (C10).
CASINO_BONUS_PAYS: Final = 2


def settle_casino(
    *, dealer: HandClass, dealer_total: int, player: HandClass, player_total: int, stake: int
) -> tuple[int, str]:
    """A casino player hand's net in whole units against the dealer, and the rule deciding it.

    ``stake`` is everything on the hand: a doubled hand's is twice the initial stake (C7), and
    it is what is paid at the rate. Ties go to the dealer (C2). A dealer's pontoon takes every
    stake (C5); a bust loses at once (C6); a player's pontoon beats any other dealer hand and a
    player's five card trick any but a five card trick, each paid 2:1 (C10); a dealer's five
    card trick beats every other player hand (C11); against a dealer's bust every standing hand
    wins at its rate (C10); else the higher total wins 1:1 and an equal one loses (C2).
    """
    if dealer is _PONTOON:  # C5: shown, and every seat loses its stake, a pontoon's too (C2)
        return -stake, "C5"
    if player is _BUST:  # C6: lost the moment it busts
        return -stake, "C6"
    if player is _PONTOON:  # C10: 2:1, against any dealer hand but a pontoon
        return CASINO_BONUS_PAYS * stake, "C10"
    if dealer is _TRICK:  # C11, C2: beats every player hand but a pontoon, a trick too
        return -stake, "C11"
    if player is _TRICK:  # C10: 2:1, it beats a dealer's 21 in three or four cards
        return CASINO_BONUS_PAYS * stake, "C10"
    if dealer is _BUST:  # C10: every standing hand wins 1:1
        return stake, "C10"
    if player_total > dealer_total:  # C2, C10: the higher total wins 1:1
        return stake, "C2"
    return -stake, "C2"  # C2: an equal or lower total loses: ties go to the dealer
