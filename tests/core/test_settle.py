"""The settlement table (T4.4, T5.6, T7, V6, V7) as a pure function: every row, with the rule.

The engine and replay's cross-check both call ``settle_traditional``; here it is called directly,
so a wrong sign, multiple or rule ID in any branch fails a test of its own.
"""

from __future__ import annotations

import pytest
from support.engine import settled

from pontoon_cli.core.hands import HandClass
from pontoon_cli.core.rules import Rules
from pontoon_cli.core.settle import SETTLERS, settle_casino, settle_traditional

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
    assert settled(RULES, banker, b_total, punter, p_total, 3) == (net, rule)


def test_T5_6_a_bust_hand_pays_its_whole_stake_bought_cards_included() -> None:
    assert settled(RULES, TOT, 17, BUST, 26, 11) == (-11, "T5.6")


@pytest.mark.parametrize(("pays", "collects"), [(1, 1), (3, 2)])
def test_V4_multiples_come_from_the_rules(pays: int, collects: int) -> None:
    rules = RULES.with_overrides({"pontoon_pays": pays, "banker_pontoon_collects": collects})
    assert settled(rules, TOT, 18, P, 21, 4) == (4 * pays, "T7")
    assert settled(rules, P, 21, TOT, 19, 4) == (-4 * collects, "T4.4")


def test_the_settlement_setting_names_its_function() -> None:
    settler = SETTLERS[RULES.settlement]
    assert settler.settle(
        RULES,
        banker=TOT,
        banker_total=18,
        banker_grade=0,
        punter=P,
        punter_total=21,
        punter_grade=0,
        stake=4,
        doubled=False,
    ) == settled(RULES, TOT, 18, P, 21, 4)
    assert settler.settle(
        RULES,
        banker=P,
        banker_total=21,
        banker_grade=0,
        punter=TOT,
        punter_total=19,
        punter_grade=0,
        stake=4,
        doubled=True,
    ) == settled(RULES, P, 21, TOT, 19, 4, doubled=True)


@pytest.mark.parametrize(
    ("banker", "b_total"),
    [(P, 21), (F, 18), (T21, 21), (TOT, 20), (BUST, 25)],
    ids=["banker-pontoon", "banker-five-card-trick", "banker-21", "banker-20", "banker-bust"],
)
def test_V6_a_royal_pontoon_beats_every_banker_hand_and_is_paid_three_stakes(
    banker: HandClass, b_total: int
) -> None:
    rules = RULES.with_overrides({"royal_pontoon": True})
    assert settled(rules, banker, b_total, ROYAL, 21, 4) == (12, "V6")


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
    assert settled(RULES, P, 21, P, 21, 4, banker_grade=b_grade, punter_grade=p_grade) == (
        net,
        rule,
    )


def test_V7_a_grade_is_only_for_pontoons_against_a_bankers_pontoon() -> None:
    rules = RULES.with_overrides({"pontoon_pays": 3})
    assert settled(rules, P, 21, TOT, 20, 4, banker_grade=1, punter_grade=2) == (-8, "T4.4")
    assert settled(rules, TOT, 20, P, 21, 4, punter_grade=2) == (12, "T7")
    assert settled(rules, P, 21, P, 21, 4, banker_grade=1, punter_grade=2) == (
        12,
        "V7",
    )  # paid pontoon_pays


def test_a_settlement_is_called_by_name_not_by_position() -> None:
    """Nine values of one type in a row are easily swapped: past the rules, every argument of a
    settlement is given by name."""
    with pytest.raises(TypeError):
        settle_traditional(RULES, TOT, 17, 0, TOT, 19, 0, 4)  # type: ignore[misc]
    with pytest.raises(TypeError):
        settle_casino(TOT, 17, TOT, 19, 4)  # type: ignore[misc]
    won = settle_casino(dealer=TOT, dealer_total=17, player=TOT, player_total=19, stake=4)
    assert won == (4, "C2")  # the higher total wins 1:1
