"""The settlement table (T4.4, T5.6, T7) as a pure function: every row, with the rule that decides.

The engine and replay's cross-check both call ``settle_traditional``; here it is called directly,
so a wrong sign, multiple or rule ID in any branch fails a test of its own.
"""

from __future__ import annotations

import pytest

from pontoon_cli.hands import HandClass
from pontoon_cli.rules import Rules
from pontoon_cli.settle import SETTLERS, settle_traditional

P, F, T21, TOT, BUST = (
    HandClass.PONTOON,
    HandClass.FIVE_CARD_TRICK,
    HandClass.TWENTY_ONE,
    HandClass.TOTAL,
    HandClass.BUST,
)
RULES = Rules()


@pytest.mark.parametrize(
    ("banker", "b_total", "punter", "p_total", "net", "rule"),
    [
        (P, 21, P, 21, -6, "T4.4"),  # the banker's pontoon beats the punter's
        (P, 21, TOT, 18, -6, "T4.4"),
        (TOT, 18, BUST, 25, -3, "T5.6"),  # a bust punter pays single, whatever the banker has
        (BUST, 25, BUST, 23, -3, "T5.6"),
        (BUST, 24, P, 21, 6, "T7"),
        (BUST, 24, F, 17, 6, "T7"),
        (BUST, 24, TOT, 12, 3, "T7"),
        (TOT, 18, P, 21, 6, "T7"),
        (TOT, 18, F, 14, 6, "T7"),
        (TOT, 18, TOT, 19, 3, "T7.1"),  # pay B+1
        (TOT, 18, TOT, 18, -3, "T2.6"),  # ties go to the banker
        (TOT, 18, TOT, 17, -3, "T7.1"),
        (T21, 21, T21, 21, -3, "T2.6"),  # a banker on 21 pays only pontoons and tricks
        (T21, 21, F, 16, 6, "T7"),
        (F, 15, P, 21, 6, "T7"),
        (F, 15, F, 20, -6, "T7"),  # the banker's five card trick beats the punter's
        (F, 15, TOT, 20, -6, "T7"),
    ],
)
def test_T7_settlement_table_row_by_row(
    banker: HandClass, b_total: int, punter: HandClass, p_total: int, net: int, rule: str
) -> None:
    assert settle_traditional(RULES, banker, b_total, punter, p_total, 3) == (net, rule)


def test_T5_6_a_bust_hand_pays_its_whole_stake_bought_cards_included() -> None:
    assert settle_traditional(RULES, TOT, 17, BUST, 26, 11) == (-11, "T5.6")


@pytest.mark.parametrize(("pays", "collects"), [(1, 1), (3, 2)])
def test_V4_multiples_come_from_the_rules(pays: int, collects: int) -> None:
    rules = RULES.with_overrides({"pontoon_pays": pays, "banker_pontoon_collects": collects})
    assert settle_traditional(rules, TOT, 18, P, 21, 4) == (4 * pays, "T7")
    assert settle_traditional(rules, P, 21, TOT, 19, 4) == (-4 * collects, "T4.4")


def test_the_settlement_setting_names_its_function() -> None:
    assert SETTLERS[RULES.settlement] is settle_traditional
