"""Hand values (T1.2, T1.3), hand classes and their order (T2)."""

from __future__ import annotations

import pytest

from pontoon_cli.core.cards import parse_cards
from pontoon_cli.core.hands import (
    CLASS_LABELS,
    HandClass,
    best_total,
    class_of,
    classify,
    hand_value,
    is_pontoon,
    is_soft,
    low_total,
    strength,
)
from pontoon_cli.traditional.engine import Hand


@pytest.mark.parametrize(
    ("cards", "low", "value", "soft"),
    [
        ("AS 6H", 7, 17, True),
        ("AS 6H 9D", 16, 16, False),
        ("AS AH", 2, 12, True),
        ("AS AH 9D", 11, 21, True),
        ("AS AH AD AC", 4, 14, True),
        ("AS 5H 5D", 11, 21, True),
        ("AS 5H 5D KC", 21, 21, False),
        ("KS QH", 20, 20, False),
        ("9S 7H", 16, 16, False),
    ],
)
def test_T1_2_an_ace_counts_one_or_eleven(cards: str, low: int, value: int, soft: bool) -> None:
    hand = parse_cards(cards)
    assert low_total(hand) == low
    assert hand_value(hand) == value
    assert is_soft(hand) is soft


@pytest.mark.parametrize(
    ("cards", "bust", "value"),
    [
        ("KS QH 2D", True, 22),
        ("AS KH QD", False, 21),
        ("AS AH KD QC", True, 22),
        ("TS 9H 2D", False, 21),
    ],
)
def test_T1_3_bust_only_when_the_lowest_total_is_over_21(
    cards: str, bust: bool, value: int
) -> None:
    hand = parse_cards(cards)
    assert (classify(hand) is HandClass.BUST) is bust
    assert hand_value(hand) == value


@pytest.mark.parametrize(
    ("cards", "pontoon"),
    [
        ("AS KH", True),
        ("TD AC", True),
        ("AS JH", True),
        ("AS QH", True),
        ("AS 9H", False),
        ("AS KH 2D", False),
        ("KS QH", False),
        ("AS AH", False),
    ],
)
def test_T2_1_pontoon_is_exactly_an_ace_and_a_ten_card(cards: str, pontoon: bool) -> None:
    hand = parse_cards(cards)
    assert is_pontoon(hand) is pontoon
    assert (classify(hand) is HandClass.PONTOON) is pontoon


@pytest.mark.parametrize(
    "cards", ["2S 2H 2D 2C 3S", "AS AH AD AC KS", "7S 3H 4D 2C 2S", "5S 5H 4D 4C 3S"]
)
def test_T2_2_five_cards_not_bust_are_a_trick_whatever_the_total(cards: str) -> None:
    assert classify(parse_cards(cards)) is HandClass.FIVE_CARD_TRICK


def test_T2_2_five_cards_bust_are_bust() -> None:
    assert classify(parse_cards("5S 5H 4D 4C 4S")) is HandClass.BUST


@pytest.mark.parametrize(
    ("cards", "cls"),
    [
        ("7S 7H 7D", HandClass.TWENTY_ONE),
        ("AS 5H 5D", HandClass.TWENTY_ONE),
        ("9S 8H 4D", HandClass.TWENTY_ONE),
        ("2S 3H 6D KC", HandClass.TWENTY_ONE),
        ("9S AH", HandClass.TOTAL),  # two cards to 20
        ("7S 7H 6D", HandClass.TOTAL),
    ],
)
def test_T2_3_21_in_three_or_four_cards(cards: str, cls: HandClass) -> None:
    assert classify(parse_cards(cards)) is cls


def test_T2_4_totals_rank_by_total_not_by_card_count() -> None:
    two = strength(parse_cards("KS 9H"))
    four = strength(parse_cards("2S 3H 4D KC"))
    assert two == four  # 19 in two cards equals 19 in four
    assert strength(parse_cards("KS 8H")) < two < strength(parse_cards("KS QH"))


def test_T2_5_bust_is_worthless() -> None:
    busts = [strength(parse_cards(c)) for c in ("KS QH 2D", "KS QH JD", "5S 5H 4D 4C 4S")]
    assert len(set(busts)) == 1
    assert busts[0] < strength(parse_cards("2S 3H"))  # below the lowest standing hand


def test_T2_6_equal_hands_compare_equal_so_the_banker_wins() -> None:
    # strength decides the class and total only; ties are then the banker's (see test_engine).
    assert strength(parse_cards("AS KH")) == strength(parse_cards("TD AC"))
    assert strength(parse_cards("2S 2H 2D 2C 3S")) == strength(parse_cards("5S 5H 4D 4C 2S"))
    assert strength(parse_cards("7S 7H 7D")) == strength(parse_cards("2S 3H 6D KC"))


def test_T2_example_chain_best_first() -> None:
    chain = ["AS JH", "7S 3H 4D 2C 2S", "9S 8H 4D", "9S AH", "9D 6H AC"]
    keys = [strength(parse_cards(c)) for c in chain]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    assert [classify(parse_cards(c)).label for c in chain] == [
        "pontoon",
        "five-card-trick",
        "twenty-one",
        "total",
        "total",
    ]


def test_class_labels_round_trip_best_first() -> None:
    assert CLASS_LABELS == (
        "royal-pontoon",
        "pontoon",
        "five-card-trick",
        "twenty-one",
        "total",
        "bust",
    )
    for cls in HandClass:
        assert HandClass.from_label(cls.label) is cls


@pytest.mark.parametrize(
    "cards",
    ["AS KH", "AS 5H 5D", "AS 5H 5D KC", "2S 2H 2D 2C 3S", "KS QH 2D", "9S AH", "AS AH", "7S"],
)
def test_engine_hand_agrees_with_the_pure_functions(cards: str) -> None:
    hand = Hand()
    for card in parse_cards(cards):
        hand.add(card, False)
    assert hand.hand_class is classify(hand.cards)
    assert hand.total == hand_value(hand.cards)
    assert hand.is_bust is (classify(hand.cards) is HandClass.BUST)


def test_T2_1_the_one_classifier_finds_a_pontoon_by_its_cards() -> None:
    """``class_of`` knows a pontoon by its totals (two cards, an ace, lowest total 11): for every
    pair of ranks, exactly when the cards are an ace and a ten-card (T2.1)."""
    ranks = "A23456789TJQK"
    for first in ranks:
        for second in ranks:
            cards = parse_cards(f"{first}S {second}H")
            low, ace = low_total(cards), any(c.is_ace for c in cards)
            assert (class_of(low, ace, 2) is HandClass.PONTOON) is is_pontoon(cards), cards
            assert class_of(low, ace, 2) is classify(cards)


# The edges of the ace rule (T1.2, T1.3): an ace counts 11 only while the lowest total is 11 or
# less, so 11 + 10 = 21 is the most a soft hand can be. A-A-T is 12, never 22.


@pytest.mark.parametrize(
    ("low", "has_ace", "best"),
    [
        (1, True, 11),  # a lone ace
        (10, True, 20),
        (11, True, 21),  # A-T, A-A-9, A-2-8: the last lowest total an ace may count 11 on
        (12, True, 12),  # A-A-T, A-2-9: 22 would be bust, so the ace counts 1
        (21, True, 21),  # A-K-Q: a hard 21
        (11, False, 11),  # no ace: the lowest total is the value
        (12, False, 12),
    ],
    ids=["A", "A-9", "low-11", "low-12", "hard-21", "no-ace-11", "no-ace-12"],
)
def test_T1_2_best_total_at_the_edge_of_the_ace_rule(low: int, has_ace: bool, best: int) -> None:
    assert best_total(low, has_ace) == best


@pytest.mark.parametrize(
    ("cards", "low", "value", "soft", "cls"),
    [
        ("AS 9H", 10, 20, True, HandClass.TOTAL),
        ("AS TH", 11, 21, True, HandClass.PONTOON),
        ("AS 2H 8D", 11, 21, True, HandClass.TWENTY_ONE),  # soft 21 (T5.8)
        ("AS AH TD", 12, 12, False, HandClass.TOTAL),  # 12, not 22
        ("AS 2H 9D", 12, 12, False, HandClass.TOTAL),
        ("AS 2H 9D 9C", 21, 21, False, HandClass.TWENTY_ONE),  # hard 21 (T5.8)
        ("AS AH TD KC", 22, 22, False, HandClass.BUST),  # T1.3: the lowest total is over 21
    ],
    ids=["A-9", "A-T", "A-2-8", "A-A-T", "A-2-9", "A-2-9-9", "A-A-T-K"],
)
def test_T1_3_hands_at_the_edge_of_the_ace_rule(
    cards: str, low: int, value: int, soft: bool, cls: HandClass
) -> None:
    hand = parse_cards(cards)
    assert low_total(hand) == low
    assert hand_value(hand) == value
    assert is_soft(hand) is soft
    assert classify(hand) is cls
    engine_hand = Hand()
    for card in hand:
        engine_hand.add(card, True)
    assert (engine_hand.total, engine_hand.hand_class) == (value, cls)
    assert (engine_hand.up_low, engine_hand.up_cards) == (low, len(hand))  # all face up


def test_T2_4_A_A_T_ranks_as_12_below_13_and_above_11() -> None:
    twelve = strength(parse_cards("AS AH TD"))
    assert twelve == (int(HandClass.TOTAL), 12)
    assert strength(parse_cards("2S KH")) == twelve
    assert strength(parse_cards("9S 2H")) < twelve < strength(parse_cards("3S KH"))
