"""The parts every game's deal record shares (decisions, cards, a hand): one writer of their keys,
so the traditional record and the casino round's (C7 adds ``doubled``) cannot drift apart."""

from __future__ import annotations

from pontoon_cli.core.cards import Card
from pontoon_cli.core.events import CardDealt, Decision
from pontoon_cli.core.hands import Hand, HandClass
from pontoon_cli.logformat.deal_record import events_record, hand_record


def _hand() -> Hand:
    h = Hand(10, from_split=True)
    for text in ("KS", "9H"):
        h.add(Card.parse(text), True)
    h.stake = 20
    h.net = 20
    h.rule = "T7.1"
    h.cls = HandClass.TOTAL
    return h


def test_a_hand_has_the_same_keys_in_the_same_order_in_every_game() -> None:
    assert list(hand_record("Ann", 2, _hand()).items()) == [
        ("player", "Ann"),
        ("hand", 2),
        ("cards", "KS 9H"),
        ("stake", 20),
        ("class", "total"),
        ("total", 19),
        ("split", True),
        ("net", 20),
        ("rule", "T7.1"),
    ]


def test_a_casino_hand_adds_doubled_after_split_C7() -> None:
    keys = list(hand_record("Ann", 1, _hand(), doubled=True))
    assert keys == [
        *("player", "hand", "cards", "stake", "class", "total", "split"),
        "doubled",
        *("net", "rule"),
    ]
    assert hand_record("Ann", 1, _hand(), doubled=False)["doubled"] is False


def test_events_split_into_decisions_and_cards_in_order() -> None:
    events = [
        CardDealt("Ann", 1, Card.parse("KS"), False),
        Decision("Ann", 1, "stake", 10),
        Decision("Ann", 1, "stick"),
        CardDealt("Bob", 1, Card.parse("9H"), True),
    ]
    assert events_record(events) == (
        [
            {"player": "Ann", "hand": 1, "action": "stake", "amount": 10},
            {"player": "Ann", "hand": 1, "action": "stick"},
        ],
        [
            {"player": "Ann", "hand": 1, "card": "KS", "up": False},
            {"player": "Bob", "hand": 1, "card": "9H", "up": True},
        ],
    )
