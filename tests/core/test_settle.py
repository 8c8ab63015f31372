"""The settlement table (T4.4, T5.6, T7, V6, V7) as a pure function: every row, with the rule.

The engine and replay's cross-check both call ``settle_traditional``; here it is called directly,
so a wrong sign, multiple or rule ID in any branch fails a test of its own.
"""

from __future__ import annotations

import pytest

from pontoon_cli.core.hands import HandClass
from pontoon_cli.core.rules import Rules
from pontoon_cli.core.settle import SETTLERS, settle_traditional

ROYAL, P, F, T21, TOT, BUST = (
    HandClass.ROYAL_PONTOON,
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
    assert settle_traditional(RULES, banker, b_total, 0, punter, p_total, 0, 3) == (net, rule)


def test_T5_6_a_bust_hand_pays_its_whole_stake_bought_cards_included() -> None:
    assert settle_traditional(RULES, TOT, 17, 0, BUST, 26, 0, 11) == (-11, "T5.6")


@pytest.mark.parametrize(("pays", "collects"), [(1, 1), (3, 2)])
def test_V4_multiples_come_from_the_rules(pays: int, collects: int) -> None:
    rules = RULES.with_overrides({"pontoon_pays": pays, "banker_pontoon_collects": collects})
    assert settle_traditional(rules, TOT, 18, 0, P, 21, 0, 4) == (4 * pays, "T7")
    assert settle_traditional(rules, P, 21, 0, TOT, 19, 0, 4) == (-4 * collects, "T4.4")


def test_the_settlement_setting_names_its_function() -> None:
    settler = SETTLERS[RULES.settlement]
    assert settler.settle(RULES, TOT, 18, 0, P, 21, 0, 4, False) == settle_traditional(
        RULES, TOT, 18, 0, P, 21, 0, 4
    )
    assert settler.settle(RULES, P, 21, 0, TOT, 19, 0, 4, True) == settle_traditional(
        RULES, P, 21, 0, TOT, 19, 0, 4, True
    )


@pytest.mark.parametrize(
    ("banker", "b_total"),
    [(P, 21), (F, 18), (T21, 21), (TOT, 20), (BUST, 25)],
    ids=["banker-pontoon", "banker-five-card-trick", "banker-21", "banker-20", "banker-bust"],
)
def test_V6_a_royal_pontoon_beats_every_banker_hand_and_is_paid_three_stakes(
    banker: HandClass, b_total: int
) -> None:
    rules = RULES.with_overrides({"royal_pontoon": True})
    assert settle_traditional(rules, banker, b_total, 0, ROYAL, 21, 0, 4) == (12, "V6")


@pytest.mark.parametrize(
    ("b_grade", "p_grade", "net", "rule"),
    [
        (1, 2, 8, "V7"),  # the punter's higher grade beats the banker's pontoon, paid as T7
        (2, 2, -8, "T4.4"),  # equal grades go to the banker
        (1, 1, -8, "T4.4"),
        (2, 1, -8, "T4.4"),
        (0, 0, -8, "T4.4"),  # no grades in force: T4.4 as it stands
    ],
)
def test_V7_a_punters_higher_grade_beats_the_bankers_pontoon(
    b_grade: int, p_grade: int, net: int, rule: str
) -> None:
    assert settle_traditional(RULES, P, 21, b_grade, P, 21, p_grade, 4) == (net, rule)


def test_V7_a_grade_is_only_for_pontoons_against_a_bankers_pontoon() -> None:
    rules = RULES.with_overrides({"pontoon_pays": 3})
    assert settle_traditional(rules, P, 21, 1, TOT, 20, 2, 4) == (-8, "T4.4")
    assert settle_traditional(rules, TOT, 20, 0, P, 21, 2, 4) == (12, "T7")
    assert settle_traditional(rules, P, 21, 1, P, 21, 2, 4) == (12, "V7")  # paid pontoon_pays
