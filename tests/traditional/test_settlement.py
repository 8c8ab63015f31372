"""The traditional deal, rule by rule (docs/rules.md): the settlement (T7), after the deal (T8),
and money at its edge; on stacked packs.

The table and how its stacked packs are written: tests/support/engine.py.
"""

from __future__ import annotations

from collections import Counter

import pytest
from support.engine import (
    TWO,
    dealt,
    game_with,
    illegal,
    make_deal,
    run,
    shuffled_and_cut,
    texts,
)

from pontoon_cli.core.cards import parse_cards
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.events import BankSold
from pontoon_cli.core.hands import HandClass
from pontoon_cli.traditional.engine import LegalAction, Phase

# T7 settlement -----------------------------------------------------------------------------------

T7_ROWS = [
    pytest.param(  # banker's pontoon against any hand (ann 17, bob 11)
        "9H 5C AS  8H 6C KS",
        "ann stake 4; bob stake 3",
        {"ann": -8, "bob": -6},
        id="T7-banker-pontoon-any-minus-2x",
    ),
    pytest.param(  # banker bust (T 6 9); ann pontoon, bob five card trick
        "AH 2C TD  KH 2D 6D  2H 2S 3C  9D",
        "ann stake 4; bob stake 3; bob twist; bob twist; bob twist; carl draw",
        {"ann": 8, "bob": 6},
        id="T7-banker-bust-pontoon-or-trick-plus-2x",
    ),
    pytest.param(  # banker bust; ann 17, bob a three-card 21 (soft)
        "9H 5C TD  8H 5D 6D  AC  9D",
        "ann stake 4; bob stake 3; ann stick; bob twist; bob stick; carl draw",
        {"ann": 4, "bob": 3},
        id="T7-banker-bust-other-standing-plus-1x",
    ),
    pytest.param(  # banker stays on 19; ann pontoon, bob five card trick
        "AH 2C TD  KH 2D 9D  2H 2S 3C",
        "ann stake 4; bob stake 3; bob twist; bob twist; bob twist; carl stay",
        {"ann": 8, "bob": 6},
        id="T7-banker-stays-pontoon-or-trick-plus-2x",
    ),
    pytest.param(  # banker stays on 18; ann 19 with a bought card (stake 4+6), bob 19
        "9H 7C TD  5H 7D 8D  5C  5S",
        "ann stake 4; bob stake 3; ann buy 6; ann stick; bob twist; bob stick; carl stay",
        {"ann": 10, "bob": 3},
        id="T7-banker-stays-total-above-B-plus-1x",
    ),
    pytest.param(  # banker stays on 18; ann 18 (equal: the banker wins), bob 17
        "9H TC TD  9S 7D 8D",
        "ann stake 4; bob stake 3; ann stick; bob stick; carl stay",
        {"ann": -4, "bob": -3},
        id="T7-banker-stays-total-B-or-less-minus-1x",
    ),
    pytest.param(  # banker five card trick (2 3 2 3 4); ann pontoon
        "AH 9C 2C  KH 9D 3C  2D 3D 4C",
        "ann stake 4; bob stake 3; bob stick; carl draw; carl draw; carl draw",
        {"ann": 8, "bob": -6},
        id="T7-banker-trick-pontoon-plus-2x",
    ),
    pytest.param(  # banker five card trick; ann 17, bob five card trick
        "9H 2H 2C  8H 2S 3C  3H 3S 4D  2D 3D 4C",
        "ann stake 4; bob stake 3; ann stick; bob twist; bob twist; bob twist;"
        "carl draw; carl draw; carl draw",
        {"ann": -8, "bob": -6},
        id="T7-banker-trick-any-other-incl-tricks-minus-2x",
    ),
]


@pytest.mark.parametrize(("top", "script", "nets"), T7_ROWS)
def test_T7_settlement_table(top: str, script: str, nets: dict[str, int]) -> None:
    deal = make_deal(top)
    run(deal, script)
    assert deal.phase is Phase.END
    assert {p: deal.nets[p] for p in nets} == nets
    assert deal.nets["carl"] == -sum(nets.values())
    assert all(h.settled and h.net == nets[p] for p, _, h in deal.hands_in_order())


@pytest.mark.parametrize(
    ("top", "script"),
    [
        pytest.param("9H 9D  TH TD", "ann stake 3; ann stick; carl stay", id="19-against-19"),
        pytest.param(
            "7H 9D  7S 5D  7C  7D", "ann stake 3; ann twist; carl draw", id="21-against-21"
        ),
    ],
)
def test_T2_6_equal_hands_the_banker_wins(top: str, script: str) -> None:
    deal = make_deal(top, seats=TWO)
    run(deal, script)
    ann, banker = deal.hands["ann"][0], deal.banker_hand
    assert deal.phase is Phase.END and ann.total == banker.total
    assert ann.hand_class is banker.hand_class
    assert (ann.net, ann.rule) == (-3, "T2.6")


def test_T7_1_banker_staying_on_B_pays_B_plus_1() -> None:
    # carl stays on 17: ann 18 is paid, bob 17 pays.
    deal = make_deal("9H TC TD  9S 7D 7S")
    run(deal, "ann stake 2; bob stake 3; ann stick; bob stick; carl stay")
    assert deal.nets == {"ann": 2, "bob": -3, "carl": 1}
    assert [h.rule for _, _, h in deal.hands_in_order()] == ["T7.1", "T2.6"]


def test_T7_1_banker_on_21_pays_only_pontoons_and_five_card_tricks() -> None:
    # carl 7 6 8: 21. ann 7 7 7 is a three-card 21 and loses; bob's pontoon is paid.
    deal = make_deal("7H AC 7D  7S KC 6D  7C  8D")
    run(deal, "ann stake 2; bob stake 3; ann twist; carl draw")
    assert deal.banker_hand.total == 21 and deal.phase is Phase.END
    assert deal.nets == {"ann": -2, "bob": 6, "carl": -4}


def test_T7_2_split_ace_and_ten_card_is_paid_as_a_pontoon() -> None:
    deal = make_deal("AH 7D  AS TD  KH QS", seats=TWO)
    run(deal, "ann stake 3; ann split")
    assert [h.hand_class for h in deal.hands["ann"]] == [HandClass.PONTOON] * 2
    assert deal.phase is Phase.BANKER  # both split pontoons stand (T5.1)
    run(deal, "carl stay")
    assert [h.net for h in deal.hands["ann"]] == [6, 6]
    assert deal.nets == {"ann": 12, "carl": -12}


def test_T7_3_nets_are_whole_units_and_sum_to_zero() -> None:
    deal = make_deal("9H TC TD  9S 7D 7S")
    run(deal, "ann stake 3; bob stake 7; ann stick; bob stick; carl stay")
    assert all(type(n) is int for n in deal.nets.values())
    assert sum(deal.nets.values()) == 0
    deal2 = make_deal("2H 7D  3H TD", seats=TWO)
    run(deal2, "ann stake 3")
    for bad in (0, -2):  # 4.5 or True: tests/cli/test_wrong_types.py
        err = illegal(deal2.buy, "ann", 1, bad)
        assert str(err) == (
            f"ann, hand 1: cannot buy {bad!r}: amounts are whole units of 1 or more (T7.3)"
        )


# T8 after the deal -------------------------------------------------------------------------------


def test_T8_1_cards_go_to_the_bottom_in_order_and_play_continues_from_the_top() -> None:
    top = "9H 8C 7D  8H 8D 6D  TH  5C 9C  3C  2C"
    game = game_with(top)
    deal = game.start_deal()
    run(deal, "ann stake 2; bob stake 2; ann twist")  # ann busts: to the bottom at once
    rest = list(deal.pack_before[11:])
    assert list(deal.pack) == [*deal.pack_before[7:], *parse_cards("9H 8H TH")]
    # bob splits: [8C 5C] [8D 9C]; hand 1 twists 3C; carl draws 2C
    run(deal, "bob split; bob twist; bob stick; bob stick; carl draw; carl stay")
    assert not deal.pontoon_in_deal
    order = "9H 8H TH  8C 5C 3C  8D 9C  7D 6D 2C"
    assert list(deal.pack) == rest + parse_cards(order)
    game.finish_deal(deal)
    assert game.pack_state == "continued"
    assert game.pack == rest + parse_cards(order)
    following = game.start_deal()
    assert following.pack_state == "continued"
    assert [c for _, _, c, _ in dealt(following)] == [c.text for c in rest[:3]]


@pytest.mark.parametrize(
    ("top", "script"),
    [
        pytest.param(
            "AH 8C 7D  KH 8D 6D", "ann stake 2; bob stake 2; bob stick; carl stay", id="punter"
        ),
        pytest.param("9H 8C AD  8H 8D KD", "ann stake 2; bob stake 2", id="banker"),
        pytest.param(
            "9H AC 7D  8H AD TD  KC QC",
            "ann stake 2; bob stake 2; ann stick; bob split; carl stay",
            id="split-hand",
        ),
    ],
)
def test_T8_2_a_pontoon_in_the_deal_shuffles_the_pack(top: str, script: str) -> None:
    game = game_with(top)
    deal = game.start_deal()
    run(deal, script)
    assert deal.phase is Phase.END and deal.pontoon_in_deal
    expected = shuffled_and_cut(game.rng, deal)
    game.finish_deal(deal)
    assert game.pack_state == "shuffled"
    assert game.pack == expected != list(deal.pack)
    assert game.start_deal().pack_state == "shuffled"


def test_T8_3_a_punters_pontoon_takes_the_bank() -> None:
    game = game_with("9H AC 7D  8H KD 6D")
    deal = game.start_deal()
    run(deal, "ann stake 2; bob stake 2; ann stick; carl stay")
    assert deal.next_banker == "bob"
    game.finish_deal(deal)
    assert game.banker == "bob"
    assert game.start_deal().banker == "bob"


def test_T8_3_the_first_pontoon_from_the_bankers_left_takes_the_bank() -> None:
    # bob banks: carl sits on his left, then ann; both make a pontoon.
    deal = make_deal("AH AC 9C  KH KC 7D", banker="bob")
    assert deal.punters == ["carl", "ann"]
    run(deal, "carl stake 1; ann stake 1; bob stay")
    assert deal.next_banker == "carl"


def test_T8_3_a_pontoon_from_a_split_hand_does_not_take_the_bank() -> None:
    deal = make_deal("AH 8C 7D  AS 9C TD  KH QS")
    run(deal, "ann stake 1; bob stake 1; ann split; bob stick; carl stay")
    assert [h.hand_class for h in deal.hands["ann"]] == [HandClass.PONTOON] * 2
    assert deal.pontoon_in_deal and deal.next_banker == "carl"


def test_T8_3_the_bankers_pontoon_keeps_the_bank() -> None:
    deal = make_deal("AH 9C AD  KH 7D TD")
    run(deal, "ann stake 1; bob stake 1")
    assert deal.banker_pontoon and deal.next_banker == "carl"


def test_T8_3_no_pontoon_the_banker_keeps_the_bank() -> None:
    deal = make_deal("9H 9C 7D  8H 7C TD")
    run(deal, "ann stake 1; bob stake 1; ann stick; bob stick; carl stay")
    assert deal.next_banker == "carl"


def test_T8_4_sell_the_bank_between_deals() -> None:
    game = game_with("9H 9C 7D  8H 7C TD")
    deal = game.start_deal()
    run(deal, "ann stake 1; bob stake 1; ann stick; bob stick; carl stay")
    game.finish_deal(deal)
    before = dict(game.balances)
    event = game.sell_bank("ann", 30)
    assert event == BankSold("carl", "ann", 30)
    assert game.balances == {**before, "ann": before["ann"] - 30, "carl": before["carl"] + 30}
    assert game.banker == "ann"
    assert game.sell_bank("bob", 0) == BankSold("ann", "bob", 0)  # a gift is a price too
    nxt = game.start_deal()
    assert nxt.banker == "bob" and nxt.punters == ["carl", "ann"]


@pytest.mark.parametrize(
    ("buyer", "price", "message", "rule"),
    [
        ("zed", 5, "cannot sell the bank to 'zed': not at the table (T8.4)", "T8.4"),
        ("carl", 5, "carl: cannot sell the bank to carl: he holds it (T8.4)", "T8.4"),
        (
            "ann",
            -1,
            "ann: cannot sell the bank for -1: the price is a whole number of 0 or more (T7.3)",
            "T7.3",
        ),
        ("ann", 1001, "ann: cannot buy the bank for 1001 with a balance of 1000 (T8.6)", "T8.6"),
    ],
)
def test_T8_4_sell_the_bank_errors(buyer: str, price: object, message: str, rule: str) -> None:
    game = game_with("")
    err = illegal(game.sell_bank, buyer, price)
    assert (str(err), err.rule) == (message, rule)
    assert game.banker == "carl" and set(game.balances.values()) == {1000}


def test_T8_4_no_sale_during_a_deal() -> None:
    game = game_with("9H 9C 7D  8H 7C TD")
    deal = game.start_deal()
    err = illegal(game.sell_bank, "ann", 30)
    assert str(err) == "carl: cannot sell the bank during a deal: sell it between deals (T8.4)"
    assert err.rule == "T8.4"
    run(deal, "ann stake 1; bob stake 1; ann stick; bob stick; carl stay")
    game.finish_deal(deal)
    assert game.sell_bank("ann", 30) == BankSold("carl", "ann", 30)


def test_T8_5_empty_pack_voids_the_deal() -> None:
    # A seven-card pack. ann busts (T 9 5); her cards go to the bottom and are dealt again:
    # bob buys the T and the 9 (A A T 9: hard 21), carl draws the 5 and then finds no card.
    pack = parse_cards("TH AC 2D  9H AS 3D  5H")
    deal = make_deal(pack=pack)
    run(deal, "ann stake 4; bob stake 5; ann twist")
    assert deal.hands["ann"][0].settled and texts(deal.pack) == "TH 9H 5H"
    run(deal, "bob buy 10; bob buy 7")
    assert texts(deal.hands["bob"][0].cards) == "AC AS TH 9H" and deal.on_table["bob"] == 22
    run(deal, "carl draw")
    assert not deal.void and texts(deal.banker_hand.cards) == "2D 3D 5H"
    run(deal, "carl draw")
    assert deal.void and deal.phase is Phase.END
    assert deal.nets == {"ann": -4, "bob": 0, "carl": 4}  # the bust stays settled
    assert [(h.net, h.rule) for _, _, h in deal.hands_in_order()] == [(-4, "T5.6"), (0, "T8.5")]
    assert deal.on_table == {"ann": 0, "bob": 0}
    assert deal.pontoon_in_deal  # the pack is shuffled before the next deal
    assert deal.next_banker == "carl"
    assert Counter(deal.pack) == Counter(pack)


@pytest.mark.parametrize(
    ("cards", "script"),
    [
        pytest.param("9H 8C", "", id="first-card-round"),
        pytest.param("9H 8C 7D  3H", "ann stake 2; bob stake 3", id="second-card-round"),
        pytest.param("8H 8C 7D  8D 2C 3D", "ann stake 2; bob stake 3; ann split", id="split"),
    ],
)
def test_T8_5_void_at_any_card_returns_every_stake(cards: str, script: str) -> None:
    pack = parse_cards(cards)
    deal = make_deal(pack=pack)
    run(deal, script)
    assert deal.void and deal.phase is Phase.END and deal.pontoon_in_deal
    assert set(deal.nets.values()) == {0}
    assert Counter(deal.pack) == Counter(pack)


def test_T8_5_game_shuffles_after_a_void_deal() -> None:
    game = game_with("")
    short = parse_cards("TH AC 2D  9H AS 3D  5H")  # as above
    game.pack = list(short)
    deal = game.start_deal()
    run(deal, "ann stake 4; bob stake 5; ann twist; bob buy 10; bob buy 7; carl draw; carl draw")
    assert deal.void
    expected = shuffled_and_cut(game.rng, deal)
    game.finish_deal(deal)
    assert game.balances == {"ann": 996, "bob": 1000, "carl": 1004}
    assert game.pack_state == "shuffled" and game.pack == expected != list(deal.pack)


def test_T8_6_stake_beyond_the_balance() -> None:
    deal = make_deal("9H 8C 7D", bankroll={"ann": 5, "bob": 1000, "carl": 1000})
    assert deal.legal_actions() == [LegalAction("stake", 1, 5)]
    err = illegal(deal.stake, "ann", 8)
    assert str(err) == "ann, hand 1: cannot stake 8 with a balance of 5 (T8.6)"
    assert err.rule == "T8.6"


def test_T8_6_buy_beyond_the_balance() -> None:
    deal = make_deal("2H 7D  3H TD  2S", seats=TWO, bankroll={"ann": 14, "carl": 0})
    run(deal, "ann stake 6")  # 8 left
    assert deal.legal_actions()[0] == LegalAction("buy", 6, 8)
    err = illegal(deal.buy, "ann", 1, 9)
    assert str(err) == (
        "ann, hand 1: cannot buy for 9 with a balance of 8: 14 before the deal, less 6 staked "
        "(T8.6)"
    )
    assert err.rule == "T8.6"
    deal2 = make_deal("2H 7D  3H TD  2S", seats=TWO, bankroll={"ann": 10, "carl": 0})
    run(deal2, "ann stake 6")  # 4 left: less than s
    assert [a.action for a in deal2.legal_actions()] == ["twist"]
    err = illegal(deal2.buy, "ann", 1, 6)
    assert str(err) == (
        "ann, hand 1: cannot buy for 6 with a balance of 4: 10 before the deal, less 6 staked "
        "(T8.6)"
    )


def test_T8_6_split_beyond_the_balance() -> None:
    deal = make_deal("8H 7D  8S TD", seats=TWO, bankroll={"ann": 10, "carl": 0})
    run(deal, "ann stake 6")
    assert not deal.can("split", "ann", 1)
    err = illegal(deal.split, "ann", 1)
    assert str(err) == (
        "ann, hand 1: cannot split: the new hand's stake 6 is more than the balance 4 (T8.6)"
    )
    assert err.rule == "T8.6"


def test_T8_6_a_punter_who_cannot_cover_the_minimum_sits_out() -> None:
    deal = make_deal(
        "9H 7D  8H TD", min_stake=3, bankroll={"ann": 2, "bob": 3, "carl": 0}
    )  # ann sits out: bob gets the first card
    assert deal.punters == ["bob"] and deal.sitting_out == ["ann"]
    assert dealt(deal) == [("bob", 1, "9H", False), ("carl", 1, "7D", False)]
    assert "ann" not in deal.hands and "ann" not in deal.nets
    err = illegal(deal.stake, "ann", 3)
    assert err.rule == "T3.1"


def test_T8_6_nobody_can_stake_ends_the_game() -> None:
    with pytest.raises(PontoonError) as info:
        make_deal("", min_stake=3, bankroll={"ann": 2, "bob": 0, "carl": 50})
    assert str(info.value) == (
        "deal 1: no punter can cover the minimum stake of 3 (T8.6); the game cannot go on"
    )


def test_T8_6_the_bankers_balance_may_go_negative() -> None:
    game = game_with("AH AC 9D  KH KC 8D", bankroll={"ann": 100, "bob": 100, "carl": 5})
    deal = game.start_deal()
    run(deal, "ann stake 10; bob stake 10; carl stay")
    game.finish_deal(deal)
    assert game.balances == {"ann": 120, "bob": 120, "carl": -35}


# Money at its edge (T8.6, T8.4), and what the table can see of a hand -----------------------------


def test_T8_6_split_with_exactly_the_balance_left() -> None:
    deal = make_deal("8H 7D  8S TD  2C 3C", seats=TWO, bankroll={"ann": 12, "carl": 0})
    run(deal, "ann stake 6")  # 6 left: exactly the new hand's stake
    assert deal.available("ann") == 6
    assert deal.can("split", "ann", 1)
    deal.split("ann", 1)
    assert [h.stake for h in deal.hands["ann"]] == [6, 6]
    assert deal.available("ann") == 0


def test_T8_4_T8_6_buy_the_bank_with_exactly_the_balance() -> None:
    game = game_with("")
    assert game.sell_bank("ann", 1000) == BankSold("carl", "ann", 1000)
    assert game.balances["ann"] == 0 and game.balances["carl"] == 2000
    assert game.banker == "ann"


def test_T4_1_T5_4_the_table_sees_only_face_up_cards() -> None:
    # ann's first two cards are face down; a bought card comes face down, a twist face up.
    deal = make_deal("2H 7D  3C TD  4S 5S", seats=TWO)
    hand = deal.hands["ann"][0]
    assert (hand.up_cards, hand.up_low) == (0, 0)
    run(deal, "ann stake 2; ann buy 2")
    assert (hand.up_cards, hand.up_low) == (0, 0)
    run(deal, "ann twist")
    assert (hand.up_cards, hand.up_low) == (1, 5)
    assert len(hand.cards) == 4 and hand.low == 14


def test_T8_after_settlement_every_hand_is_done_and_numbered_from_1() -> None:
    # ann splits her eights: hands 1 and 2; bob holds hand 1. Numbers are 1-based everywhere.
    deal = make_deal("8H 9C 7D  8S 9D TD  2C 3C  9H TH", bankroll=100)
    run(deal, "ann stake 2; bob stake 2; ann split; ann twist; ann stick; ann twist; bob stick")
    run(deal, "carl stay")  # ann 8-2-9 and 8-3-T (a hard 21 stops by itself), bob 18, carl 17
    assert deal.phase is Phase.END
    assert [(p, i) for p, i, _ in deal.hands_in_order()] == [("ann", 1), ("ann", 2), ("bob", 1)]
    assert all(h.done and h.settled for _, _, h in deal.hands_in_order())


def test_T8_5_after_a_void_deal_every_hand_is_done_and_settled() -> None:
    deal = make_deal(pack=parse_cards("TH AC 2D  9H AS 3D  5H"))  # as in the test above
    run(deal, "ann stake 4; bob stake 5; ann twist; bob buy 10; bob buy 7; carl draw; carl draw")
    assert deal.void and deal.phase is Phase.END
    assert all(h.done and h.settled for _, _, h in deal.hands_in_order())
    assert deal.actor is None and deal.legal_actions() == []


def test_T5_2_split_hands_show_nothing_until_a_twist() -> None:
    # ann's eights were dealt face down, and so are the cards the split deals (T5.2).
    deal = make_deal("8H 9C 7D  8S 9D TD  2C 3C  9H", bankroll=100)
    run(deal, "ann stake 2; bob stake 2; ann split")
    first, second = deal.hands["ann"]
    assert [(h.up_cards, h.up_low) for h in (first, second)] == [(0, 0), (0, 0)]
    run(deal, "ann twist")
    assert [(h.up_cards, h.up_low) for h in (first, second)] == [(1, 9), (0, 0)]
