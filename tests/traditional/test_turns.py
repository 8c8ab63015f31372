"""The traditional deal, rule by rule (docs/rules.md): a punter's turn (T5) and the banker's (T6),
and the edges of the ace rule and of V5 through the engine; on stacked packs.

The table and how its stacked packs are written: tests/support/engine.py.
"""

from __future__ import annotations

import pytest
from support.engine import (
    RULES,
    TWO,
    dealt,
    illegal,
    make_deal,
    run,
    texts,
)

from pontoon_cli.core.events import Decision
from pontoon_cli.core.hands import HandClass
from pontoon_cli.traditional.engine import LegalAction, Phase

# T5 a punter's turn ------------------------------------------------------------------------------


def test_T5_punters_finish_every_hand_in_turn_before_the_next() -> None:
    deal = make_deal("8H 9C 7D  8D 9D TD  TC 9S")
    run(deal, "ann stake 2; bob stake 2; ann split")
    assert deal.actor == ("ann", 1)
    run(deal, "ann stick")
    assert deal.actor == ("ann", 2)
    run(deal, "ann stick")
    assert deal.actor == ("bob", 1)


def test_T5_1_pontoon_is_declared_and_takes_no_more_cards() -> None:
    deal = make_deal("AH 9C 7D  KH 8C TD")
    run(deal, "ann stake 3; bob stake 2")
    assert deal.actor == ("bob", 1)  # ann is skipped: her pontoon stands
    ann = deal.hands["ann"][0]
    assert ann.done and ann.hand_class is HandClass.PONTOON
    err = illegal(deal.twist, "ann", 1)
    assert err.rule == "T3.1"
    run(deal, "bob stick; carl stay")
    assert deal.nets["ann"] == 6  # +2 × stake against a banker staying on 17


def test_T5_2_split_a_pair_of_the_same_rank() -> None:
    deal = make_deal("KH 9C 7D  KS 8C TD  5C 6C", seats=("ann", "bob", "carl"))
    run(deal, "ann stake 3; bob stake 2")
    assert LegalAction("split") in deal.legal_actions()
    event = deal.split("ann", 1)
    assert event == Decision("ann", 1, "split", 3)
    h1, h2 = deal.hands["ann"]
    assert (texts(h1.cards), texts(h2.cards)) == ("KH 5C", "KS 6C")  # first hand first
    assert (h1.initial, h1.stake, h2.initial, h2.stake) == (3, 3, 3, 3)  # s on the new hand
    assert dealt(deal)[-2:] == [("ann", 1, "5C", False), ("ann", 2, "6C", False)]
    assert deal.on_table["ann"] == 6
    assert deal.actor == ("ann", 1)


def test_T5_2_no_split_of_different_ranks() -> None:
    deal = make_deal("KH 9C 7D  QH 8C TD")
    run(deal, "ann stake 3; bob stake 2")
    assert not deal.can("split", "ann", 1)
    assert "split" not in [a.action for a in deal.legal_actions()]
    err = illegal(deal.split, "ann", 1)
    assert (
        str(err) == "ann, hand 1: cannot split KH QH: only two cards of the same rank split (T5.2)"
    )
    assert err.rule == "T5.2"


def test_T5_2_no_split_after_a_third_card() -> None:
    deal = make_deal("4H 9C 7D  4S 8C TD  2C", seats=("ann", "bob", "carl"))
    run(deal, "ann stake 3; bob stake 2; ann twist")
    err = illegal(deal.split, "ann", 1)
    assert (
        str(err)
        == "ann, hand 1: cannot split 4H 4S 2C: only two cards of the same rank split (T5.2)"
    )


def test_T5_2_new_hand_stands_after_its_parent_and_resplits_up_to_four_hands() -> None:
    rules = RULES.with_overrides({"packs": 2})
    top = "8C 9C 7D  8D 8C TD  8H 2C  8S 3C  8H 4C"
    deal = make_deal(top, rules=rules)  # ann: 8C 8D; bob 9C 8C; carl 7D TD
    run(deal, "ann stake 2; bob stake 2; ann split")  # [8C 8H] [8D 2C]
    run(deal, "ann split")  # [8C 8S] [8H 3C] [8D 2C]
    run(deal, "ann split")  # [8C 8H] [8S 4C] [8H 3C] [8D 2C]
    row = [texts(h.cards) for h in deal.hands["ann"]]
    assert row == ["8C 8H", "8S 4C", "8H 3C", "8D 2C"]
    assert all(h.from_split and h.initial == 2 for h in deal.hands["ann"])
    assert deal.on_table["ann"] == 8
    # hand 1 holds a pair again, but four hands is the cap
    assert not deal.can("split", "ann", 1)
    err = illegal(deal.split, "ann", 1)
    assert str(err) == "ann, hand 1: cannot split: 4 hands is the most one punter may hold (T5.2)"
    assert err.rule == "T5.2"
    # hands are played in row order
    order = []
    while deal.actor is not None and deal.actor[0] == "ann":
        order.append(deal.actor[1])
        run(deal, "ann stick" if deal.can("stick", "ann", deal.actor[1]) else "ann twist")
    assert order[0] == 1 and order == sorted(order) and order[-1] == 4


def test_T5_3_buy_prices_follow_the_last_price_paid() -> None:
    # The rules' own example: s = 6; the 3rd costs 6-12; paying 10, the 4th costs 6-10.
    deal = make_deal("2H 7D  3H TD  2S 3S 4S", seats=TWO, bankroll=1000)
    run(deal, "ann stake 6")
    assert deal.legal_actions()[0] == LegalAction("buy", 6, 12)
    for bad in (5, 13):
        err = illegal(deal.buy, "ann", 1, bad)
        assert str(err) == (
            f"ann, hand 1: cannot buy the 3rd card for {bad}: the price must be from 6 to 12 "
            "(2 × the stake) (T5.3)"
        )
        assert err.rule == "T5.3"
    event = deal.buy("ann", 1, 10)
    assert event == Decision("ann", 1, "buy", 10)
    assert dealt(deal)[-1] == ("ann", 1, "2S", False)  # a bought card comes face down
    assert deal.legal_actions()[0] == LegalAction("buy", 6, 10)
    err = illegal(deal.buy, "ann", 1, 11)
    assert str(err) == (
        "ann, hand 1: cannot buy the 4th card for 11: the price must be from 6 to 10 "
        "(the price of the 3rd) (T5.3)"
    )
    assert not deal.can("buy", "ann", 1, 5)
    run(deal, "ann buy 8")
    assert deal.legal_actions()[0] == LegalAction("buy", 6, 8)
    err = illegal(deal.buy, "ann", 1, 9)
    assert str(err) == (
        "ann, hand 1: cannot buy the 5th card for 9: the price must be from 6 to 8 "
        "(the price of the 4th) (T5.3)"
    )
    run(deal, "ann buy 6")
    h = deal.hands["ann"][0]
    assert h.stake == 6 + 10 + 8 + 6 and deal.on_table["ann"] == 30
    assert texts(h.cards) == "2H 3H 2S 3S 4S"


def test_T5_3_split_hands_buy_from_the_same_s() -> None:
    deal = make_deal("5H 7D  5S TD  2C 3C", seats=TWO)
    run(deal, "ann stake 4; ann split")
    assert deal.legal_actions()[0] == LegalAction("buy", 4, 8)
    run(deal, "ann buy 7")
    assert [h.stake for h in deal.hands["ann"]] == [11, 4]


def test_T5_4_twist_comes_face_up_and_leaves_the_stake() -> None:
    deal = make_deal("2H 7D  3H TD  2S 3S", seats=TWO)
    run(deal, "ann stake 4; ann buy 5")
    event = deal.twist("ann", 1)
    assert event == Decision("ann", 1, "twist")  # a twist after buys is allowed
    assert dealt(deal)[-1] == ("ann", 1, "3S", True)
    assert deal.hands["ann"][0].stake == 9


def test_T5_4_no_buy_after_twist() -> None:
    deal = make_deal("2H 7D  3H TD  2S 3S", seats=TWO)
    run(deal, "ann stake 4; ann twist")
    assert [a.action for a in deal.legal_actions()] == ["twist"]
    assert not deal.can("buy", "ann", 1, 4)
    err = illegal(deal.buy, "ann", 1, 4)
    assert str(err) == "ann, hand 1: cannot buy after a twist (T5.4)"
    assert (err.rule, err.player, err.hand) == ("T5.4", "ann", 1)
    run(deal, "ann twist")
    assert str(illegal(deal.buy, "ann", 1, 4)) == "ann, hand 1: cannot buy after a twist (T5.4)"


def test_T5_5_no_stick_below_15() -> None:
    deal = make_deal("9H 7D  5H TD  AS", seats=TWO)
    run(deal, "ann stake 4")
    assert not deal.can("stick", "ann", 1)
    err = illegal(deal.stick, "ann", 1)
    assert str(err) == "ann, hand 1: cannot stick on 14: the least is 15; buy or twist (T5.5)"
    assert err.rule == "T5.5"
    run(deal, "ann twist")  # 15 with the ace low
    event = deal.stick("ann", 1)
    assert event == Decision("ann", 1, "stick")
    assert deal.hands["ann"][0].stake == 4 and deal.phase is Phase.BANKER


@pytest.mark.parametrize(
    ("cards", "ok"),
    [("AH 4H", True), ("AH 3H", False), ("8H 7H", True), ("8H 6H", False), ("TH 9H", True)],
)
def test_T5_5_stick_when_some_value_is_15_to_21(cards: str, ok: bool) -> None:
    first, second = cards.split()
    deal = make_deal(f"{first} 7D  {second} TD", seats=TWO)
    run(deal, "ann stake 1")
    assert deal.can("stick", "ann", 1) is ok


def test_T5_5_hard_14_with_an_ace_cannot_stick() -> None:
    deal = make_deal("AH 7D  4H TD  9S", seats=TWO)
    run(deal, "ann stake 1; ann twist")  # A-4-9: 14, the ace cannot count 11
    err = illegal(deal.stick, "ann", 1)
    assert str(err) == "ann, hand 1: cannot stick on 14: the least is 15; buy or twist (T5.5)"


def test_T5_6_bust_is_settled_at_once_and_its_cards_go_to_the_bottom_at_once() -> None:
    deal = make_deal("9H 8C 7D  8H 9C TD  3S TH")
    run(deal, "ann stake 4; bob stake 2; ann buy 5")
    assert deal.actor == ("ann", 1)
    run(deal, "ann twist")  # 9 8 3 T: 30
    h = deal.hands["ann"][0]
    assert h.is_bust and h.done and h.settled
    assert (h.net, h.rule) == (-9, "T5.6")
    assert deal.nets == {"ann": -9, "bob": 0, "carl": 9}  # before the banker has played
    assert deal.on_table["ann"] == 0
    assert texts(list(deal.pack)[-4:]) == "9H 8H 3S TH"
    assert deal.actor == ("bob", 1)
    run(deal, "bob stick; carl stay")
    assert deal.nets == {"ann": -9, "bob": -2, "carl": 11}


def test_T5_7_five_card_trick_takes_no_more_cards() -> None:
    deal = make_deal("2H 9C 7D  2S 8C TD  3H 3S 4C")
    run(deal, "ann stake 1; bob stake 1; ann buy 1; ann buy 1")
    assert deal.actor == ("ann", 1)
    run(deal, "ann twist")  # 2 2 3 3 4 = 14 in five cards
    h = deal.hands["ann"][0]
    assert len(h.cards) == 5 and h.done and h.hand_class is HandClass.FIVE_CARD_TRICK
    assert deal.actor == ("bob", 1)


def test_T5_8_hard_21_sticks_by_itself() -> None:
    deal = make_deal("7H 9C 7D  7S 8C TD  7C")
    run(deal, "ann stake 1; bob stake 1; ann twist")
    h = deal.hands["ann"][0]
    assert h.total == 21 and h.done and len(h.cards) == 3
    assert deal.actor == ("bob", 1)


def test_T5_8_soft_21_may_still_buy_twist_or_stick() -> None:
    deal = make_deal("AH 9C 7D  5H 8C TD  5S KS")
    run(deal, "ann stake 2; bob stake 1; ann buy 2")  # A-5-5: soft 21
    assert deal.actor == ("ann", 1) and deal.current_hand().total == 21
    assert [a.action for a in deal.legal_actions()] == ["buy", "twist", "stick"]
    run(deal, "ann buy 2")  # the ace now counts 1: A-5-5-K is a hard 21, and stops
    h = deal.hands["ann"][0]
    assert h.total == 21 and h.done and h.hand_class is HandClass.TWENTY_ONE
    assert deal.actor == ("bob", 1)


# T6 the banker's turn ----------------------------------------------------------------------------


def test_T6_1_banker_draws_face_up_after_every_punter_and_has_no_minimum() -> None:
    deal = make_deal("9H 7D  8H 2D  3C", seats=TWO)
    run(deal, "ann stake 1")
    assert deal.phase is Phase.PUNTERS
    run(deal, "ann stick")
    assert deal.phase is Phase.BANKER and deal.actor == ("carl", 1)
    assert deal.legal_actions() == [LegalAction("draw"), LegalAction("stay")]
    event = deal.draw("carl")
    assert event == Decision("carl", 1, "draw")
    assert dealt(deal)[-1] == ("carl", 1, "3C", True)
    run(deal, "carl stay")  # on 12: no minimum
    assert deal.phase is Phase.END and deal.nets == {"ann": 1, "carl": -1}


@pytest.mark.parametrize(
    ("draws", "stops"),
    [
        ("9S", "bust"),  # 7 6 9: 22
        ("8S", "hard 21"),  # 7 6 8
        ("2S 2H 3H", "five cards"),  # 7 6 2 2 3: 20
    ],
)
def test_T6_2_banker_stops_by_himself(draws: str, stops: str) -> None:
    deal = make_deal(f"9H 7D  8H 6D  {draws}", seats=TWO)
    run(deal, "ann stake 1; ann stick")
    for _ in draws.split():
        run(deal, "carl draw")
    assert deal.phase is Phase.END, stops
    b = deal.banker_hand
    assert {"bust": b.is_bust, "hard 21": b.total == 21, "five cards": len(b.cards) == 5}[stops]


def test_T6_2_banker_on_soft_21_may_draw_on() -> None:
    deal = make_deal("9H AD  8H 5D  5S 2S", seats=TWO)
    run(deal, "ann stake 1; ann stick; carl draw")  # A-5-5: soft 21
    assert deal.phase is Phase.BANKER and deal.banker_hand.total == 21
    run(deal, "carl draw")  # A-5-5-2: 13
    assert deal.phase is Phase.BANKER and deal.banker_hand.total == 13


def test_T6_3_banker_does_not_split_buy_or_twist() -> None:
    deal = make_deal("9H 7D  8H 7S", seats=TWO)
    run(deal, "ann stake 1; ann stick")
    assert deal.actor == ("carl", 1)
    assert [a.action for a in deal.legal_actions()] == ["draw", "stay"]
    for action, args in ((deal.split, ()), (deal.twist, ()), (deal.buy, (2,))):
        err = illegal(action, "carl", 1, *args)
        assert err.rule == "T5"
        assert "the deal is at the banker's turn" in str(err)


def test_T6_3_banker_does_not_draw_when_every_punter_hand_is_bust() -> None:
    deal = make_deal("9H TC 7D  8H 9C 6D  KS KH")
    run(deal, "ann stake 2; bob stake 3; ann twist; bob twist")
    assert deal.phase is Phase.END
    assert len(deal.banker_hand.cards) == 2
    assert deal.nets == {"ann": -2, "bob": -3, "carl": 5}


# The edges of the ace rule and of V5, through the engine (T1.2, T1.3, T5.5, T5.8, T7.1, V5) ----


def test_T1_2_T5_5_no_stick_on_A_2_9_the_ace_counts_1() -> None:
    deal = make_deal("AH 7D  2H TD  9S", seats=TWO)
    run(deal, "ann stake 1; ann twist")  # A-2-9: 12; an ace as 11 would make 22
    hand = deal.hands["ann"][0]
    assert (hand.low, hand.total, hand.hand_class) == (12, 12, HandClass.TOTAL)
    assert not deal.can("stick", "ann", 1)
    err = illegal(deal.stick, "ann", 1)
    assert str(err) == "ann, hand 1: cannot stick on 12: the least is 15; buy or twist (T5.5)"
    assert deal.can("twist", "ann", 1) and deal.can("buy", "ann", 1, None) is False  # T5.4: twisted


def test_T5_5_T5_8_stick_on_A_2_8_a_soft_21() -> None:
    deal = make_deal("AH 7D  2H TD  8S", seats=TWO)
    run(deal, "ann stake 1; ann twist")  # A-2-8: 11 or 21
    hand = deal.hands["ann"][0]
    assert (hand.low, hand.total, hand.hand_class) == (11, 21, HandClass.TWENTY_ONE)
    assert deal.actor == ("ann", 1)  # a soft 21 does not stop by itself (T5.8)
    assert deal.can("stick", "ann", 1) and deal.can("twist", "ann", 1)
    deal.stick("ann", 1)
    assert deal.phase is Phase.BANKER


@pytest.mark.parametrize(
    ("least", "cards", "ok"),
    [
        (15, "AH 4C", True),  # soft 15: the ace as 11 reaches the minimum exactly
        (15, "AH 3C", False),  # soft 14
        (16, "AH 5C", True),
        (16, "AH 4C", False),
        (16, "9H 7C", True),  # hard 16
        (16, "9H 6C", False),
    ],
)
def test_T5_5_V2_stick_minimum_edges_soft_and_hard(least: int, cards: str, ok: bool) -> None:
    first, second = cards.split()
    rules = RULES.with_overrides({"stick_minimum": least})
    deal = make_deal(f"{first} 7D  {second} TD", seats=TWO, rules=rules)
    run(deal, "ann stake 1")
    assert deal.can("stick", "ann", 1) is ok


def test_T7_1_banker_staying_on_A_A_T_has_12_not_22() -> None:
    # carl A-A, draws T: 12 (the aces count 1). ann's 15 beats it and is paid.
    deal = make_deal("8H AD  7C AS  TS", seats=TWO)
    run(deal, "ann stake 3; ann stick; carl draw")
    banker = deal.banker_hand
    assert (banker.low, banker.total, banker.hand_class) == (12, 12, HandClass.TOTAL)
    run(deal, "carl stay")
    ann = deal.hands["ann"][0]
    assert (ann.net, ann.rule) == (3, "T7.1")
    assert deal.nets == {"ann": 3, "carl": -3}


def test_T7_1_banker_staying_on_A_9_has_20_and_beats_19() -> None:
    deal = make_deal("TH AD  9C 9S", seats=TWO)
    run(deal, "ann stake 3; ann stick; carl stay")
    assert deal.banker_hand.total == 20
    assert deal.nets == {"ann": -3, "carl": 3}


@pytest.mark.parametrize(
    ("fourth", "total", "may_buy"),
    [("3S", 11, False), ("4S", 12, True)],
    ids=["four-cards-11-refused", "four-cards-12-allowed"],
)
def test_V5_the_edge_of_no_bought_sure_thing(fourth: str, total: int, may_buy: bool) -> None:
    rules = RULES.with_overrides({"no_bought_sure_thing": True})
    deal = make_deal(f"2H 7D  3C TD  3D {fourth}", seats=TWO, rules=rules)
    run(deal, "ann stake 2; ann buy 2; ann buy 2")  # 2-3-3 and the fourth card
    assert deal.hands["ann"][0].low == total
    assert deal.can("buy", "ann", 1, 2) is may_buy
    assert deal.can("twist", "ann", 1)
    if may_buy:
        deal.buy("ann", 1, 2)
        assert len(deal.hands["ann"][0].cards) == 5
    else:
        err = illegal(deal.buy, "ann", 1, 2)
        assert str(err) == (
            "ann, hand 1: cannot buy a fifth card on four cards totalling 11: twist it (V5)"
        )
        assert err.rule == "V5"
