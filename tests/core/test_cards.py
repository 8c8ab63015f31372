"""Cards and packs (T1.1, T1.2): parsing, text forms, the pack."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from pontoon_cli.core.cards import FULL_PACK, Card, format_cards, new_pack, parse_cards
from pontoon_cli.core.errors import CardError, PontoonError


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("TH", 10, "H"), ("10h", 10, "H"), ("as", 1, "S"), ("AS", 1, "S"), (" kd ", 13, "D")],
)
def test_parse(text: str, rank: int, suit: str) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card.of(rank, suit)  # one shared object per card


@pytest.mark.parametrize("text", ["", "1H", "11H", "TX", "ZZ", "A", "AHH", "10", "T H"])
def test_parse_rejects_non_cards_naming_the_text(text: str) -> None:
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert str(info.value) == (
        f"{text!r} is not a card: expected a rank of A 2-9 T (or 10) J Q K then a suit of "
        "C D H S, e.g. 'TH'"
    )
    assert isinstance(info.value, PontoonError) and isinstance(info.value, ValueError)


def test_card_constructor_rejects_unknown_rank_or_suit() -> None:
    with pytest.raises(CardError, match=r"no card has rank 14 and suit 'S'"):
        Card.of(14, "S")
    with pytest.raises(CardError, match=r"no card has rank 1 and suit 'X'"):
        Card.of(1, "X")


@pytest.mark.parametrize("card", FULL_PACK, ids=str)
def test_repr_round_trips_through_eval(card: Card) -> None:
    assert repr(card) == f"Card.parse({card.text!r})"
    assert eval(repr(card), {"Card": Card}) is card
    assert Card.parse(str(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_cards_are_immutable() -> None:
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = 2  # type: ignore[misc]


def test_T1_1_a_new_pack_holds_52_different_cards_in_order() -> None:
    pack = new_pack()
    assert len(pack) == 52 == len(set(pack))
    assert format_cards(pack[:3]) == "AC 2C 3C" and format_cards(pack[-2:]) == "QS KS"
    assert [card.index for card in pack] == list(range(52))
    two = new_pack(2)
    assert len(two) == 104 and set(Counter(two).values()) == {2}


@pytest.mark.parametrize(
    ("text", "value", "is_ace", "is_ten"),
    [
        ("AS", 1, True, False),
        ("2H", 2, False, False),
        ("9D", 9, False, False),
        ("TC", 10, False, True),
        ("JC", 10, False, True),
        ("QH", 10, False, True),
        ("KS", 10, False, True),
    ],
)
def test_T1_2_card_values(text: str, value: int, is_ace: bool, is_ten: bool) -> None:
    card = Card.parse(text)
    assert (card.value, card.is_ace, card.is_ten) == (value, is_ace, is_ten)


def test_T3_2_cut_rank_is_ace_high() -> None:
    order = [card.cut_rank for card in parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")]
    assert order == sorted(order, reverse=True) and len(set(order)) == 13


def test_parse_cards_and_format_cards() -> None:
    cards = parse_cards("AS, 10h  kd")
    assert format_cards(cards) == "AS TH KD"
    assert parse_cards(["2c", "3C"]) == [Card.parse("2C"), Card.parse("3C")]
    assert parse_cards("") == []


def test_parse_cards_names_the_bad_card_and_its_position() -> None:
    with pytest.raises(CardError) as info:
        parse_cards("AS ZZ KD")
    assert str(info.value) == (
        "card 2: 'ZZ' is not a card: expected a rank of A 2-9 T (or 10) J Q K then a suit of "
        "C D H S, e.g. 'TH'"
    )
    with pytest.raises(CardError) as info:
        parse_cards(["AS", 7])  # type: ignore[list-item]
    assert str(info.value) == "card 2: 7 is not a card string"
