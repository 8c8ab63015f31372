"""The traditional deal and game, rule by rule (docs/rules.md): the cards, the table and the deal
(T1, T3, T4), the game, and what the engine answers replay; on stacked packs. The punters' turns
are in test_turns.py, the settlement and what follows the deal in test_settlement.py.

The table and how its stacked packs are written: tests/support/engine.py.
"""

from __future__ import annotations

from collections import Counter

import pytest
from support.engine import (
    RULES,
    TWO,
    dealt,
    game_with,
    illegal,
    live_cards,
    make_deal,
    run,
    stacked,
    table,
    texts,
)

from pontoon_cli.core.cards import Card, new_pack, parse_cards
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.events import Decision
from pontoon_cli.core.rng import Rng
from pontoon_cli.traditional.engine import Game, LegalAction, Phase, cut_highest

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
    assert deal.can("stick", "ann", 1)
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
    assert deal.can("stake", "ann", 1, amount) is ok
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
