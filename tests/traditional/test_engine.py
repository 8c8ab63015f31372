"""The traditional deal and game, rule by rule (docs/rules.md T1–T8), on stacked packs.

Unless a test says otherwise the table is ann, bob, carl with carl banking, so ann sits on the
banker's left: the cards go ann, bob, carl, ann, bob, carl, then ann's draws, bob's, carl's.
Stacked packs are written in those groups.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from support.engine import RULES, live_cards, make_deal, run, stacked, table, texts

from pontoon_cli.core.cards import Card, new_pack, parse_cards
from pontoon_cli.core.errors import IllegalAction, PontoonError
from pontoon_cli.core.events import BankSold, CardDealt, Decision
from pontoon_cli.core.hands import HandClass
from pontoon_cli.core.rng import Rng
from pontoon_cli.traditional.engine import Deal, Game, LegalAction, Phase, cut_highest

TWO = ("ann", "carl")  # one punter: ann, carl, ann, carl, then ann's draws, carl's


def dealt(deal: Deal) -> list[tuple[str, int, str, bool]]:
    """Every card dealt so far as (player, hand, card, face up)."""
    return [
        (e.player, e.hand, e.card.text, e.face_up) for e in deal.events if isinstance(e, CardDealt)
    ]


def illegal(action: object, *args: object) -> IllegalAction:
    """The IllegalAction that ``action(*args)`` raises."""
    with pytest.raises(IllegalAction) as info:
        action(*args)  # type: ignore[operator]
    return info.value


def shuffled_and_cut(rng: Rng, deal: Deal) -> list[Card]:
    """The deal's pack as the game's generator will shuffle and cut it next (T8.2)."""
    twin = copy.copy(rng)
    pack = list(deal.pack)
    twin.shuffle(pack)
    twin.cut(pack)
    return pack


def game_with(top: str, seats: tuple[str, ...] = ("ann", "bob", "carl"), **kw: object) -> Game:
    game = Game(RULES, table(seats, **kw), Rng(7))  # type: ignore[arg-type]
    game.stack(parse_cards(top))
    return game


# T1 cards ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "packs"), [(2, 1), (7, 1), (8, 2), (10, 2)])
def test_T1_1_one_pack_two_from_eight_players(seats: int, packs: int) -> None:
    names = tuple(f"p{i}" for i in range(seats))
    game = Game(RULES, table(names, banker="p0"), Rng(1))
    assert len(game.pack) == 52 * packs
    assert Counter(game.pack) == Counter(new_pack(packs))
    deal = game.start_deal()
    assert Counter(live_cards(deal)) == Counter(new_pack(packs))


def test_T1_2_ace_counts_one_or_eleven_in_play() -> None:
    # ann A-6 is soft 17 and may stick; after a 9 the ace counts 1: 16.
    deal = make_deal("AH 7D  6H TD  9S", seats=TWO)
    run(deal, "ann stake 2")
    assert deal.current_hand().total == 17
    assert deal.can_stick("ann", 1)
    run(deal, "ann twist")
    assert deal.current_hand().total == 16


def test_T1_3_bust_only_when_lowest_total_is_over_21() -> None:
    # A-9 then a K: 30 with the ace high, but 20 with it low, so the hand stands.
    deal = make_deal("AH 7D  9H TD  KS", seats=TWO)
    run(deal, "ann stake 2; ann twist")
    h = deal.hands["ann"][0]
    assert not h.is_bust and h.total == 20
    deal2 = make_deal("AH 7D  9H TD  KS 3S", seats=TWO)
    run(deal2, "ann stake 2; ann twist; ann twist")
    assert deal2.hands["ann"][0].is_bust
    assert deal2.hands["ann"][0].rule == "T5.6"


# T3 the table ------------------------------------------------------------------------------------


def test_T3_1_turns_run_clockwise_from_the_bankers_left() -> None:
    seats = ("ann", "bob", "carl", "dave")
    deal = make_deal("2C 3C 4C 5C", seats=seats, banker="bob")
    assert deal.punters == ["carl", "dave", "ann"]
    assert [p for p, *_ in dealt(deal)] == ["carl", "dave", "ann", "bob"]
    order = []
    while deal.phase is Phase.STAKES:
        assert deal.actor is not None
        order.append(deal.actor[0])
        deal.stake(deal.actor[0], 1)
    assert order == ["carl", "dave", "ann"]


def test_T3_1_acting_out_of_turn() -> None:
    deal = make_deal("9H 8C 7D  3H 7S 6D  3C")
    err = illegal(deal.stake, "bob", 5)
    assert str(err) == "bob, hand 1: cannot stake: it is ann's turn (T3.1)"
    assert (err.rule, err.player, err.hand) == ("T3.1", "bob", 1)
    run(deal, "ann stake 5; bob stake 5")
    err = illegal(deal.twist, "bob", 1)
    assert str(err) == "bob, hand 1: cannot twist: it is ann's hand 1 (T3.1)"
    assert err.rule == "T3.1"
    err = illegal(deal.twist, "ann", 2)
    assert str(err) == "ann, hand 2: cannot twist: it is ann's hand 1 (T3.1)"
    run(deal, "ann twist; ann stick; bob stick")
    err = illegal(deal.draw, "ann")
    assert str(err) == "ann, hand 1: cannot draw: it is carl's turn (T3.1)"
    assert err.rule == "T3.1"


def test_actions_only_in_their_phase() -> None:
    deal = make_deal("9H 8C 7D  6H 7S 6D")
    err = illegal(deal.buy, "ann", 1, 5)
    assert str(err) == "ann, hand 1: cannot buy now: the deal is at the stakes (T5)"
    assert err.rule == "T5"
    err = illegal(deal.draw, "carl")
    assert str(err) == "carl, hand 1: cannot draw now: the deal is at the stakes (T6.1)"
    run(deal, "ann stake 5; bob stake 5")
    err = illegal(deal.stake, "ann", 5)
    assert str(err) == "ann, hand 1: cannot stake now: the deal is at the punters' turns (T4.2)"
    assert err.rule == "T4.2"
    run(deal, "ann stick; bob stick; carl stay")
    assert deal.phase is Phase.END
    err = illegal(deal.stay, "carl")
    assert str(err) == "carl, hand 1: cannot stay now: the deal is at the end of deal (T6.1)"
    assert deal.legal_actions() == [] and deal.actor is None


def test_unknown_or_malformed_action_words() -> None:
    deal = make_deal("9H 8C 7D  3H 5D 6D")
    run(deal, "ann stake 5; bob stake 5")
    err = illegal(deal.act, "ann", 1, "fold")
    assert str(err) == (
        "ann, hand 1: unknown action 'fold': expected stake, buy, twist, stick, split, burn, "
        "draw, stay, double or no_double (T5)"
    )
    assert str(illegal(deal.act, "ann", 1, "buy")) == "ann, hand 1: buy needs an amount (T5.3)"
    err = illegal(deal.act, "ann", 1, "twist", 3)
    assert str(err) == "ann, hand 1: twist takes no amount (T5.4)"
    # a word of another game's rules cites the rule it belongs to (S2: a shoot bet)
    err = illegal(deal.act, "ann", 1, "shoot", 3)
    assert str(err).startswith("ann, hand 1: unknown action 'shoot': expected stake, buy")
    assert err.rule == "S2"


def _cut_ok(game: Game) -> None:
    cutting = list(game.table.seats)
    for cut in game.cut_rounds:
        assert list(cut) == cutting
        best = max(card.cut_rank for card in cut.values())
        cutting = [p for p, card in cut.items() if card.cut_rank == best]
    assert cutting == [game.banker]


def test_T3_2_highest_cut_banks_ace_high() -> None:
    t = table(banker=None)
    checked = 0
    for seed in range(200):
        game = Game(RULES, t, Rng(seed))
        _cut_ok(game)
        (cut,) = game.cut_rounds[-1:]
        ranks = {card.rank for card in cut.values()}
        if len(game.cut_rounds) == 1 and {1, 13} <= ranks:  # an ace against a king
            assert cut[game.banker].is_ace
            checked += 1
    assert checked > 0
    assert Card.parse("AS").cut_rank > Card.parse("KS").cut_rank > Card.parse("QS").cut_rank
    assert Card.parse("2S").cut_rank == 2


def test_T3_2_ties_for_highest_cut_again() -> None:
    t = table(banker=None)
    seed = next(s for s in range(1000) if len(Game(RULES, t, Rng(s)).cut_rounds) > 1)
    game = Game(RULES, t, Rng(seed))
    first, second, *_ = game.cut_rounds
    best = max(card.cut_rank for card in first.values())
    tied = [p for p, card in first.items() if card.cut_rank == best]
    assert len(tied) >= 2 and list(second) == tied  # only the tied players cut again
    _cut_ok(game)
    assert Game(RULES, t, Rng(seed)).cut_rounds == game.cut_rounds  # the seed fixes it
    assert game.start_deal().banker == game.banker


@pytest.mark.parametrize(("amount", "ok"), [(1, False), (2, True), (8, True), (9, False)])
def test_T3_3_initial_stake_within_the_limits(amount: int, ok: bool) -> None:
    deal = make_deal("9H 8C 7D", min_stake=2, max_stake=8)
    assert deal.legal_actions() == [LegalAction("stake", 2, 8)]
    assert deal.can_stake("ann", amount) is ok
    if ok:
        deal.stake("ann", amount)
        assert deal.hands["ann"][0].initial == amount
    else:
        err = illegal(deal.stake, "ann", amount)
        assert (
            str(err) == f"ann, hand 1: cannot stake {amount}: the stake must be from 2 to 8 (T3.3)"
        )
        assert err.rule == "T3.3"


def test_T3_3_buys_are_not_bound_by_the_stake_limits() -> None:
    deal = make_deal("2H 7D  3H TD  4S", seats=TWO, max_stake=8)
    run(deal, "ann stake 8")
    assert LegalAction("buy", 8, 16) in deal.legal_actions()
    run(deal, "ann buy 16")
    assert deal.hands["ann"][0].stake == 24


# T4 the deal -------------------------------------------------------------------------------------


def test_T4_1_first_card_face_down_from_the_bankers_left_round_to_the_banker() -> None:
    deal = make_deal("9H 8C 7D  3H 5D 6D")
    assert deal.phase is Phase.STAKES
    assert dealt(deal) == [
        ("ann", 1, "9H", False),
        ("bob", 1, "8C", False),
        ("carl", 1, "7D", False),
    ]
    assert [len(deal.hands[p][0].cards) for p in ("ann", "bob")] == [1, 1]
    assert texts(deal.banker_hand.cards) == "7D"


def test_T4_2_each_punter_stakes_in_turn_from_the_bankers_left() -> None:
    deal = make_deal("9H 8C 7D  3H 5D 6D")
    assert deal.actor == ("ann", 1)
    event = deal.stake("ann", 4)
    assert event == Decision("ann", 1, "stake", 4)
    assert deal.actor == ("bob", 1) and deal.phase is Phase.STAKES
    assert len(deal.hands["ann"][0].cards) == 1  # no second card until every stake is down
    deal.stake("bob", 7)
    assert [(h.initial, h.stake) for _, _, h in deal.hands_in_order()] == [(4, 4), (7, 7)]
    assert deal.on_table == {"ann": 4, "bob": 7}


# A stake of another type (2.5, True, "3") is refused by the reader that took it in; the typed,
# compiled engine is never handed one (tests/cli/test_wrong_types.py;
# docs/development/style.md, "The engine").
@pytest.mark.parametrize("amount", [0, -1])
def test_T7_3_stakes_are_whole_units(amount: int) -> None:
    deal = make_deal("9H 8C 7D")
    err = illegal(deal.stake, "ann", amount)
    assert err.rule == "T7.3"
    assert str(err) == (
        f"ann, hand 1: cannot stake {amount!r}: amounts are whole units of 1 or more (T7.3)"
    )


def test_T4_3_second_card_to_everyone_banker_last() -> None:
    deal = make_deal("9H 8C 7D  3H 5D 6D")
    run(deal, "ann stake 1; bob stake 1")
    assert dealt(deal)[3:] == [
        ("ann", 1, "3H", False),
        ("bob", 1, "5D", False),
        ("carl", 1, "6D", False),
    ]
    assert deal.phase is Phase.PUNTERS and deal.actor == ("ann", 1)


@pytest.mark.parametrize("banker_cards", [("AS", "KS"), ("TS", "AD")])
def test_T4_4_bankers_pontoon_collects_double_from_everyone(banker_cards: tuple[str, str]) -> None:
    first, second = banker_cards
    # ann A-K is a pontoon too, and pays: ties go to the banker.
    deal = make_deal(f"AH 9C {first}  KH 8C {second}")
    run(deal, "ann stake 5; bob stake 2")
    assert deal.banker_pontoon and deal.phase is Phase.END
    assert not any(isinstance(e, Decision) and e.action != "stake" for e in deal.events)
    assert len(dealt(deal)) == 6  # no punter played
    assert deal.nets == {"ann": -10, "bob": -4, "carl": 14}
    assert [h.rule for _, _, h in deal.hands_in_order()] == ["T4.4", "T4.4"]
    assert deal.next_banker == "carl"


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
    assert not deal.can_split("ann", 1)
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
    assert not deal.can_split("ann", 1)
    err = illegal(deal.split, "ann", 1)
    assert str(err) == "ann, hand 1: cannot split: 4 hands is the most one punter may hold (T5.2)"
    assert err.rule == "T5.2"
    # hands are played in row order
    order = []
    while deal.actor is not None and deal.actor[0] == "ann":
        order.append(deal.actor[1])
        run(deal, "ann stick" if deal.can_stick("ann", deal.actor[1]) else "ann twist")
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
    assert not deal.can_buy("ann", 1, 5)
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
    assert not deal.can_buy("ann", 1, 4)
    err = illegal(deal.buy, "ann", 1, 4)
    assert str(err) == "ann, hand 1: cannot buy after a twist (T5.4)"
    assert (err.rule, err.player, err.hand) == ("T5.4", "ann", 1)
    run(deal, "ann twist")
    assert str(illegal(deal.buy, "ann", 1, 4)) == "ann, hand 1: cannot buy after a twist (T5.4)"


def test_T5_5_no_stick_below_15() -> None:
    deal = make_deal("9H 7D  5H TD  AS", seats=TWO)
    run(deal, "ann stake 4")
    assert not deal.can_stick("ann", 1)
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
    assert deal.can_stick("ann", 1) is ok


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
    assert str(err) == "ann, hand 1: cannot buy for 9 with a balance of 8 (T8.6)"
    assert err.rule == "T8.6"
    deal2 = make_deal("2H 7D  3H TD  2S", seats=TWO, bankroll={"ann": 10, "carl": 0})
    run(deal2, "ann stake 6")  # 4 left: less than s
    assert [a.action for a in deal2.legal_actions()] == ["twist"]
    err = illegal(deal2.buy, "ann", 1, 6)
    assert str(err) == "ann, hand 1: cannot buy for 6 with a balance of 4 (T8.6)"


def test_T8_6_split_beyond_the_balance() -> None:
    deal = make_deal("8H 7D  8S TD", seats=TWO, bankroll={"ann": 10, "carl": 0})
    run(deal, "ann stake 6")
    assert not deal.can_split("ann", 1)
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


# the game ----------------------------------------------------------------------------------------


def test_game_finish_deal_before_the_end_is_an_error() -> None:
    game = game_with("9H 9C 7D  8H 7C TD")
    deal = game.start_deal()
    with pytest.raises(PontoonError) as info:
        game.finish_deal(deal)
    assert str(info.value) == "deal 1 is not over: it is at the stakes"


def test_game_stack_rejects_more_copies_than_the_pack_holds() -> None:
    game = game_with("")
    with pytest.raises(PontoonError) as info:
        game.stack(parse_cards("AS 2C AS"))
    assert str(info.value) == (
        "stacked card 3 'AS' is stacked more often than the 1 pack(s) hold (T1.1)"
    )


def test_game_stack_puts_cards_on_top_and_keeps_the_rest() -> None:
    game = Game(RULES, table(), Rng(3))
    before = list(game.pack)
    game.stack(parse_cards("AS 2C"))
    rest = [c for c in before if c.text not in ("AS", "2C")]
    assert game.pack == parse_cards("AS 2C") + rest
    assert game.pack_state == "stacked"


def test_stacked_helper_builds_a_full_pack() -> None:
    pack = stacked("AS 2C", packs=2)
    assert texts(pack[:2]) == "AS 2C" and Counter(pack) == Counter(new_pack(2))


# The edges of the ace rule and of V5, through the engine (T1.2, T1.3, T5.5, T5.8, T7.1, V5) ----


def test_T1_2_T5_5_no_stick_on_A_2_9_the_ace_counts_1() -> None:
    deal = make_deal("AH 7D  2H TD  9S", seats=TWO)
    run(deal, "ann stake 1; ann twist")  # A-2-9: 12; an ace as 11 would make 22
    hand = deal.hands["ann"][0]
    assert (hand.low, hand.total, hand.hand_class) == (12, 12, HandClass.TOTAL)
    assert not deal.can_stick("ann", 1)
    err = illegal(deal.stick, "ann", 1)
    assert str(err) == "ann, hand 1: cannot stick on 12: the least is 15; buy or twist (T5.5)"
    assert deal.can_twist("ann", 1) and deal.can_buy("ann", 1, None) is False  # T5.4: twisted


def test_T5_5_T5_8_stick_on_A_2_8_a_soft_21() -> None:
    deal = make_deal("AH 7D  2H TD  8S", seats=TWO)
    run(deal, "ann stake 1; ann twist")  # A-2-8: 11 or 21
    hand = deal.hands["ann"][0]
    assert (hand.low, hand.total, hand.hand_class) == (11, 21, HandClass.TWENTY_ONE)
    assert deal.actor == ("ann", 1)  # a soft 21 does not stop by itself (T5.8)
    assert deal.can_stick("ann", 1) and deal.can_twist("ann", 1)
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
    assert deal.can_stick("ann", 1) is ok


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
    assert deal.can_buy("ann", 1, 2) is may_buy
    assert deal.can_twist("ann", 1)
    if may_buy:
        deal.buy("ann", 1, 2)
        assert len(deal.hands["ann"][0].cards) == 5
    else:
        err = illegal(deal.buy, "ann", 1, 2)
        assert str(err) == (
            "ann, hand 1: cannot buy a fifth card on four cards totalling 11: twist it (V5)"
        )
        assert err.rule == "V5"


# Money at its edge (T8.6, T8.4), and what the table can see of a hand -----------------------------


def test_T8_6_split_with_exactly_the_balance_left() -> None:
    deal = make_deal("8H 7D  8S TD  2C 3C", seats=TWO, bankroll={"ann": 12, "carl": 0})
    run(deal, "ann stake 6")  # 6 left: exactly the new hand's stake
    assert deal.available("ann") == 6
    assert deal.can_split("ann", 1)
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


# the engine answers what replay asks: whose turn, under which rule, why the deal ended -------


@pytest.mark.parametrize(
    ("pack", "script", "expected", "rule"),
    [
        ("9H 8C 7D  3H 5D 6D", "", "ann to stake", "T4.2"),
        ("9H 8C 7D  3H 5D 6D", "ann stake 2", "bob to stake", "T4.2"),
        ("9H 8C 7D  3H 5D 6D  2C", "ann stake 2; bob stake 1", "ann hand 1 to decide", "T5"),
        ("9H 7D  8H 2D", "ann stake 1; ann stick", "carl (the banker) to draw or stay", "T6.1"),
    ],
    ids=["T4.2-first", "T4.2-next", "T5-punter", "T6.1-banker"],
)
def test_T3_1_the_deal_says_whose_turn_it_is_and_under_which_rule(
    pack: str, script: str, expected: str, rule: str
) -> None:
    seats = TWO if "T6.1" in rule else ("ann", "bob", "carl")
    deal = make_deal(pack, seats=seats)
    run(deal, script)
    assert (deal.expected_decision(), deal.turn_rule()) == (expected, rule)


@pytest.mark.parametrize(
    ("pack", "script", "rule"),
    [
        ("AH 9C AS  KH 8C KS", "ann stake 5; bob stake 2", "T4.4"),  # the banker's pontoon
        ("9H 7D  8H 6D  5S 3C", "ann stake 1; ann stick; carl draw; carl draw", "T6.2"),  # hard 21
        ("9H TC 7D  8H 9C 6D  KS KH", "ann stake 2; bob stake 3; ann twist; bob twist", "T6.3"),
        ("9H 7D  8H 2D  3C", "ann stake 1; ann stick; carl stay", "T6.1"),
        (
            "TH AC 2D  9H AS 3D  5H",
            "ann stake 4; bob stake 5; ann twist; bob buy 10; bob buy 7; carl draw; carl draw",
            "T8.5",
        ),
    ],
    ids=["T4.4", "T6.2", "T6.3", "T6.1", "T8.5"],
)
def test_the_deal_says_which_rule_ended_it(pack: str, script: str, rule: str) -> None:
    seats = TWO if script.count("stake") == 1 else ("ann", "bob", "carl")
    deal = make_deal(pack=parse_cards(pack)) if rule == "T8.5" else make_deal(pack, seats=seats)
    run(deal, script)
    assert deal.phase is Phase.END and deal.actor is None
    assert (deal.expected_decision(), deal.end_rule(), deal.turn_rule()) == (
        "the deal is over",
        rule,
        rule,
    )


def test_T3_2_cut_highest_names_who_banks_or_cuts_again() -> None:
    cut = dict(zip(("ann", "bob", "carl"), parse_cards("AS KS AH"), strict=True))
    assert cut_highest(cut) == ["ann", "carl"]  # an ace is high; the tied cut again, in order
    assert cut_highest(dict(zip(("ann", "bob"), parse_cards("2S KD"), strict=True))) == ["bob"]
