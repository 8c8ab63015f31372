"""Shoot Pontoon (docs/rules.md S1-S10): the kitty and shoot bets, rule by rule, on stacked packs.

The table is ann, bob, carl with carl banking (as tests/support/engine.py): the cards go
ann, bob, carl, then (after the stakes and the round of shoot bets) ann, bob, carl, then the draws.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.engine import SEATS, stacked, table

from pontoon_cli.base.start import DealSetup
from pontoon_cli.core.cards import parse_cards
from pontoon_cli.core.errors import IllegalAction, RulesError
from pontoon_cli.core.events import Decision
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import PRESETS, Rules
from pontoon_cli.games import find_game, new_game, seeded_game
from pontoon_cli.shoot.deal import ShootDeal, ShootGame, open_kitty
from pontoon_cli.shoot.kitty import Kitty
from pontoon_cli.shoot.players import ShootPlayers
from pontoon_cli.traditional.engine import Phase

SHOOT = PRESETS["shoot"]


def shoot_deal(top: str, kitty: int = 30) -> ShootDeal:
    """A deal at ann, bob, carl (carl banks), balances of 100, the kitty holding ``kitty``."""
    return ShootDeal(
        DealSetup(SHOOT, table(SEATS, bankroll=100), stacked(top), dict.fromkeys(SEATS, 100)),
        "carl", Kitty(kitty),
    )  # fmt: skip


def illegal(action: object, *args: object) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        action(*args)  # type: ignore[operator]
    return info.value


def moves(deal: ShootDeal) -> list[tuple[str, str, int | None, int]]:
    return [(m.rule, m.player, m.hand, m.amount) for m in deal.kitty.moves]


# S1 the kitty put up ----------------------------------------------------------------------------


def test_S1_the_shoot_preset_has_the_kitty_settings_and_traditional_has_none() -> None:
    assert SHOOT.to_dict()["kitty"] == 20
    assert "kitty" not in Rules().to_dict()  # traditional logs are unchanged
    with pytest.raises(RulesError, match=r"'kitty' belongs to the shoot preset \(S1, S9, S10\)"):
        Rules().with_overrides({"kitty": 30})


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"kitty": 5}, "'kitty': 5 is not from kitty_min 10 to kitty_max 100 (S1)"),
        ({"kitty": 101}, "'kitty': 101 is not from kitty_min 10 to kitty_max 100 (S1)"),
        ({"kitty_min": 0, "kitty": 1}, "'kitty_min' must be 1 or more, got 0 (S1)"),
    ],
)
def test_S1_a_kitty_outside_its_limits_is_refused(settings: dict[str, int], message: str) -> None:
    with pytest.raises(RulesError) as info:
        SHOOT.with_overrides(settings)
    assert message in str(info.value)


def test_S1_the_first_banker_puts_up_the_kitty_from_his_balance() -> None:
    game = ShootGame(SHOOT.with_overrides({"kitty": 25}), table(SEATS), Rng(1))
    deal = game.start_deal()
    assert isinstance(deal, ShootDeal)
    assert moves(deal) == [("S1", "carl", None, 25)]
    assert deal.kitty.before == 0 and deal.kitty.amount == 25
    assert deal.balances_before["carl"] == 975


def test_S1_the_registry_gives_each_preset_its_game() -> None:
    assert find_game(Rules()).game is not ShootGame
    assert isinstance(new_game(SHOOT, table(SEATS), Rng(1)), ShootGame)


# S2 shoot bets after the stakes -----------------------------------------------------------------


def test_S2_each_punter_may_shoot_after_every_stake_before_the_second_card() -> None:
    deal = shoot_deal("AH KC 9D 8S 7C 8D")
    deal.stake("ann", 2)
    assert deal.phase is Phase.STAKES
    assert illegal(deal.shoot, "ann", 1, 5).rule == "S2"  # not during the stakes
    deal.stake("bob", 2)
    assert deal.phase is Phase.SHOOT and deal.actor == ("ann", 1)
    assert len(deal.hands["ann"][0].cards) == 1  # on the first card
    deal.shoot("ann", 1, 10)
    assert deal.actor == ("bob", 1)
    deal.shoot("bob", 1, 20)
    assert deal.phase is Phase.PUNTERS
    assert [e for e in deal.events if isinstance(e, Decision) and e.action == "shoot"] == [
        Decision("ann", 1, "shoot", 10),
        Decision("bob", 1, "shoot", 20),
    ]


def test_S2_all_shoot_bets_together_stay_within_the_kitty() -> None:
    deal = shoot_deal("AH KC 9D 8S 7C 8D")
    deal.stake("ann", 2)
    deal.stake("bob", 2)
    deal.shoot("ann", 1, 25)
    err = illegal(deal.shoot, "bob", 1, 6)
    assert (err.rule, err.reason) == (
        "S2",
        "cannot shoot 6: the kitty holds 30 and the open shoot bets 25, so at most 5",
    )
    assert deal.legal_actions()[0].high == 5


def test_S2_a_pass_is_no_event_and_a_punter_who_cannot_shoot_is_not_asked() -> None:
    deal = shoot_deal("AH KC 9D 8S 7C 8D")
    deal.stake("ann", 2)
    deal.stake("bob", 2)
    deal.shoot("ann", 1, 30)  # the whole kitty: bob cannot shoot
    assert deal.phase is Phase.PUNTERS
    deal2 = shoot_deal("AH KC 9D 8S 7C 8D")
    deal2.stake("ann", 2)
    deal2.stake("bob", 2)
    events = len(deal2.events)
    deal2.decline("ann")
    assert len(deal2.events) == events and deal2.actor == ("bob", 1)
    assert deal2.optional_decision() == "shoot"


def test_S2_T8_6_no_shoot_bet_beyond_the_balance() -> None:
    deal = ShootDeal(
        DealSetup(SHOOT, table(SEATS), stacked("AH KC 9D 8S 7C 8D"),
                  {"ann": 10, "bob": 100, "carl": 100}),
        "carl", Kitty(50),
    )  # fmt: skip
    deal.stake("ann", 4)
    deal.stake("bob", 2)
    assert illegal(deal.shoot, "ann", 1, 7).rule == "T8.6"
    deal.shoot("ann", 1, 6)


def test_S2_a_punter_who_can_shoot_exactly_1_is_asked_and_may() -> None:
    deal = shoot_deal("AH KC 9D 8S 7C 8D", kitty=30)
    deal.stake("ann", 2)
    deal.stake("bob", 2)
    deal.shoot("ann", 1, 29)  # the kitty has room for 1 more
    assert deal.phase is Phase.SHOOT and deal.actor == ("bob", 1)
    assert [(a.action, a.low, a.high) for a in deal.legal_actions()] == [("shoot", 1, 1)]
    assert illegal(deal.shoot, "bob", 1, 2).reason.endswith("so at most 1")
    assert deal.shoot("bob", 1, 1) == Decision("bob", 1, "shoot", 1)
    assert deal.open_bets == 30 and deal.phase is Phase.PUNTERS


def test_S2_T8_6_a_punter_with_1_left_is_asked_and_may_shoot_it() -> None:
    deal = ShootDeal(
        DealSetup(SHOOT, table(SEATS), stacked("AH KC 9D 8S 7C 8D"),
                  {"ann": 3, "bob": 100, "carl": 100}),
        "carl", Kitty(50),
    )  # fmt: skip
    deal.stake("ann", 2)
    deal.stake("bob", 2)
    assert deal.actor == ("ann", 1) and deal.legal_actions()[0].high == 1
    deal.shoot("ann", 1, 1)
    assert deal.actor == ("bob", 1)


@pytest.mark.parametrize("amount", [0, -3])
def test_S2_S4_a_shoot_bet_of_less_than_1_cites_the_shoot_rule(amount: int) -> None:
    deal = shoot_deal("5H 6C TD 4S 5D 8C 3C")
    deal.stake("ann", 2)
    deal.stake("bob", 2)
    err = illegal(deal.shoot, "ann", 1, amount)
    assert (err.rule, err.reason) == (
        "S2",
        f"cannot shoot {amount}: amounts are whole units of 1 or more",
    )
    deal.decline("ann")
    deal.decline("bob")
    deal.twist("ann", 1)  # three cards: the shoot bet before the fourth (S4)
    err = illegal(deal.shoot, "ann", 1, amount)
    assert (err.rule, err.reason) == (
        "S4",
        f"cannot shoot {amount}: amounts are whole units of 1 or more",
    )


# S3 a banker's pontoon ---------------------------------------------------------------------------


def test_S3_a_bankers_pontoon_takes_every_shoot_bet() -> None:
    deal = shoot_deal("9H TC AS 9C 8D KD", kitty=20)
    deal.stake("ann", 2)
    deal.stake("bob", 3)
    deal.shoot("ann", 1, 5)
    deal.shoot("bob", 1, 10)
    assert deal.phase is Phase.END
    assert moves(deal) == [("S3", "ann", 1, 5), ("S3", "bob", 1, 10)]
    assert deal.nets == {"ann": -4, "bob": -6, "carl": 10}  # T4.4 as ever
    assert deal.shoot_net == {"ann": -5, "bob": -10}


# S4 before the fourth card -----------------------------------------------------------------------


def test_S4_no_shoot_bet_on_the_third_card() -> None:
    deal = shoot_deal("5H 6C TD 4S 5D 8C 3C")
    deal.stake("ann", 2)
    deal.stake("bob", 2)
    deal.decline("ann")
    deal.decline("bob")
    err = illegal(deal.shoot, "ann", 1, 5)
    assert (err.rule, err.reason) == (
        "S4",
        "cannot shoot: no shoot bet on the third card: the next comes before the fourth",
    )
    assert "shoot" not in [a.action for a in deal.legal_actions()]


def test_S4_one_shoot_bet_before_the_fourth_card_which_must_then_come() -> None:
    deal = shoot_deal("5H 6C TD 4S 5D 8C 6D 2C")
    deal.stake("ann", 2)
    deal.stake("bob", 2)
    deal.decline("ann")
    deal.decline("bob")
    deal.twist("ann", 1)  # 5-4-6: 15, a total she may stick on (T5.5)
    assert "shoot" in [a.action for a in deal.legal_actions()]
    deal.shoot("ann", 1, 10)
    assert deal.actor == ("ann", 1)  # the same hand decides on
    assert illegal(deal.shoot, "ann", 1, 1).rule == "S4"  # one further bet
    err = illegal(deal.stick, "ann", 1)
    assert (err.rule, err.reason) == (
        "S4",
        "cannot stick: the shoot bet was for the fourth card; buy or twist",
    )
    assert [a.action for a in deal.legal_actions()] == ["twist"]  # no buy after a twist (T5.4)
    deal.twist("ann", 1)  # 2C: 17
    err = illegal(deal.shoot, "ann", 1, 1)
    assert (err.rule, err.reason) == ("S4", "cannot shoot: no shoot bet after the fourth card")
    deal.stick("ann", 1)


# S5 splits ---------------------------------------------------------------------------------------


def test_S5_the_bet_stays_with_the_first_card_and_the_new_hand_may_shoot() -> None:
    deal = ShootDeal(
        DealSetup(SHOOT, table(("ann", "carl")), stacked("8H 7C 8D 7D 2C TC 9S 4H"),
                  {"ann": 100, "carl": 100}),
        "carl", Kitty(40),
    )  # fmt: skip
    deal.stake("ann", 2)
    deal.shoot("ann", 1, 10)
    deal.split("ann", 1)
    assert illegal(deal.shoot, "ann", 1, 5).rule == "S4"  # hand 1 holds the first card
    deal.twist("ann", 1)
    deal.stick("ann", 1)
    assert deal.actor == ("ann", 2)
    deal.shoot("ann", 2, 5)  # S5
    assert illegal(deal.shoot, "ann", 2, 1).rule == "S4"  # once
    deal.stick("ann", 2)
    deal.draw("carl")
    deal.stay("carl")
    assert moves(deal) == [("S7", "ann", 1, -10), ("S7", "ann", 2, 5)]


# S6 a bust ---------------------------------------------------------------------------------------


def test_S6_a_bust_sends_its_shoot_bets_to_the_kitty_at_once() -> None:
    deal = shoot_deal("5H 6C TD 4S 5D 8C 3C 8H 5S KH", kitty=50)
    deal.stake("ann", 2)
    deal.stake("bob", 2)
    deal.shoot("ann", 1, 5)
    deal.decline("bob")
    deal.twist("ann", 1)
    deal.twist("ann", 1)
    deal.stick("ann", 1)
    deal.buy("bob", 1, 2)
    deal.shoot("bob", 1, 10)
    deal.twist("bob", 1)  # KH: bust
    assert moves(deal) == [("S6", "bob", 1, 10)]
    assert deal.kitty.amount == 60 and deal.phase is Phase.BANKER


def test_S6_the_bust_that_leaves_every_punter_hand_bust_is_still_S6_T6_3() -> None:
    deal = shoot_deal("TH TD 9S 6C 5D 8C KH KS", kitty=50)
    deal.stake("ann", 2)
    deal.stake("bob", 2)
    deal.shoot("ann", 1, 5)
    deal.shoot("bob", 1, 10)
    deal.twist("ann", 1)  # KH: 26, bust
    deal.twist("bob", 1)  # KS: 25, bust: every punter hand is bust, the banker draws nothing
    assert moves(deal) == [("S6", "ann", 1, 5), ("S6", "bob", 1, 10)]
    assert deal.end_rule() == "T6.3" and deal.actor is None
    assert deal.kitty.amount == 65 and deal.shoot_net == {"ann": -5, "bob": -10}


# S7 settlement -----------------------------------------------------------------------------------


def test_S7_a_hand_that_beats_the_banker_is_paid_1_to_1_from_the_kitty_else_pays_into_it() -> None:
    deal = shoot_deal("AH KC 9D 8S 7C 8D")
    deal.stake("ann", 2)
    deal.stake("bob", 2)
    deal.shoot("ann", 1, 10)
    deal.shoot("bob", 1, 20)
    deal.stick("ann", 1)  # 19
    deal.stick("bob", 1)  # 17
    deal.stay("carl")  # 17
    assert moves(deal) == [("S7", "ann", 1, -10), ("S7", "bob", 1, 20)]
    assert deal.kitty.amount == 40
    assert deal.shoot_net == {"ann": 10, "bob": -20}


def test_S7_a_pontoon_wins_its_shoot_bet_at_even_money_only() -> None:
    deal = shoot_deal("AH KC 9D JS 7C 8D")
    deal.stake("ann", 2)
    deal.stake("bob", 2)
    deal.shoot("ann", 1, 10)
    deal.decline("bob")
    deal.stick("bob", 1)
    deal.stay("carl")
    assert moves(deal) == [("S7", "ann", 1, -10)]
    assert deal.nets["ann"] == 4  # the stake: 2 x for a pontoon (T7)


# S8-S10 between deals ----------------------------------------------------------------------------


def test_S8_the_banker_adds_never_past_kitty_max() -> None:
    game = ShootGame(SHOOT.with_overrides({"kitty": 20, "kitty_max": 50}), table(SEATS), Rng(1))
    err = illegal(game.add_to_kitty, 31)
    assert (err.rule, err.reason) == (
        "S8",
        "cannot add 31 to a kitty of 20: kitty_max is 50",
    )
    assert illegal(game.add_to_kitty, 0).rule == "S8"
    game.add_to_kitty(30)
    deal = game.start_deal()
    assert isinstance(deal, ShootDeal)
    assert moves(deal) == [("S1", "carl", None, 20), ("S8", "carl", None, 30)]


def test_S9_an_empty_kitty_is_put_up_anew_and_S10_goes_with_the_bank() -> None:
    game = ShootGame(SHOOT, table(SEATS), Rng(1))
    game.kitty, game.kitty_holder = 0, "carl"
    deal = game.start_deal()
    assert isinstance(deal, ShootDeal)
    assert moves(deal) == [("S9", "carl", None, 20)]
    game.open_deal = None
    game.kitty, game.kitty_holder, game.banker = 35, "carl", "ann"
    before = dict(game.balances)
    deal = game.start_deal()
    assert isinstance(deal, ShootDeal)
    assert moves(deal) == [("S10", "carl", None, -35), ("S10", "ann", None, 20)]
    assert game.balances["carl"] == before["carl"] + 35
    assert game.balances["ann"] == before["ann"] - 20


def test_S10_a_kitty_of_1_goes_back_to_the_old_banker() -> None:
    balances = dict.fromkeys(SEATS, 100)
    kitty = open_kitty(SHOOT, 1, "carl", "ann", 0, balances)
    assert [(m.rule, m.player, m.hand, m.amount) for m in kitty.moves] == [
        ("S10", "carl", None, -1),
        ("S10", "ann", None, 20),
    ]
    assert (kitty.amount, balances["carl"], balances["ann"]) == (20, 101, 80)


def test_S10_an_empty_kitty_records_no_move_of_0_for_the_old_banker() -> None:
    balances = dict.fromkeys(SEATS, 100)
    kitty = open_kitty(SHOOT, 0, "carl", "ann", 0, balances)
    assert [(m.rule, m.player, m.hand, m.amount) for m in kitty.moves] == [("S10", "ann", None, 20)]
    assert (kitty.amount, balances["carl"], balances["ann"]) == (20, 100, 80)


# money is conserved ------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 7),
    strategy=st.sampled_from(["default", "random"]),
    bankroll=st.sampled_from([5, 30, 200]),
)
def test_S1_to_S10_balances_plus_the_kitty_are_constant_after_every_deal(
    seed: int, players: int, strategy: str, bankroll: int
) -> None:
    seats = tuple(f"p{i}" for i in range(1, players + 1))
    game, auto = seeded_game(SHOOT, table(seats, banker=None, bankroll=bankroll), seed, strategy)
    assert isinstance(game, ShootGame) and isinstance(auto, ShootPlayers)
    total = bankroll * players
    for deal in auto.play(game, 40):
        assert isinstance(deal, ShootDeal)
        assert sum(game.balances.values()) + game.kitty == total
        assert sum(deal.nets.values()) == 0  # the stakes move only between players (T7)
        assert deal.kitty.amount == deal.kitty.before + sum(m.amount for m in deal.kitty.moves)
        assert game.kitty >= 0


def test_the_default_punter_shoots_a_quarter_of_the_kitty_on_an_ace_or_ten_card() -> None:
    game = ShootGame(SHOOT.with_overrides({"kitty": 40}), table(SEATS), Rng(1))
    game.stack(parse_cards("AH 5C 9D"))
    auto = ShootPlayers(SEATS, Rng(2))
    deal = game.start_deal()
    while deal.phase is not Phase.PUNTERS:
        auto.decide(deal)
    shots = [e for e in deal.events if isinstance(e, Decision) and e.action == "shoot"]
    assert shots == [Decision("ann", 1, "shoot", 10)]  # bob's 5 is no strong card


def test_S8_S10_the_balance_bound_counts_a_new_kitty_and_a_top_up_each_deal() -> None:
    from pontoon_cli.core.rules import balance_bound

    t = table(SEATS)
    assert balance_bound(SHOOT, t, 10) == balance_bound(Rules(), t, 10) + 10 * (20 + 100)


# the action table --------------------------------------------------------------------------------


def test_S2_shoot_is_one_row_of_shoot_pontoons_action_table() -> None:
    from pontoon_cli.core.actions import ALL_WORDS, SHOOT_ACTIONS, TRADITIONAL_ACTIONS
    from pontoon_cli.scenario.deals import parse_action
    from pontoon_cli.scenario.play import Step

    row = SHOOT_ACTIONS.by_word["shoot"]
    assert (row.taker, row.rule, row.amount, row.card_rule) == ("punter", "S2", True, None)
    assert SHOOT_ACTIONS.rows[:-1] == TRADITIONAL_ACTIONS.rows and "shoot" in ALL_WORDS
    assert "shoot" not in SHOOT_ACTIONS.others and TRADITIONAL_ACTIONS.others["shoot"] == "S2"
    for word in SHOOT_ACTIONS.words:
        assert callable(getattr(ShootDeal, word))
    assert find_game(SHOOT).actions is SHOOT_ACTIONS
    assert parse_action("Shoot 7", 3, SHOOT) == Step("shoot", 7, 3, "Shoot 7")
    assert parse_action("shoot 7", 3) == "'shoot 7' is not part of the traditional rules (S2)"
    deal = shoot_deal("AH KC 9D 8S 7C 8D")
    deal.act("ann", 1, "stake", 2)
    deal.act("bob", 1, "stake", 2)
    err = illegal(deal.act, "ann", 1, "shoot")
    assert (err.reason, err.rule) == ("shoot needs an amount", "S2")
    assert deal.act("ann", 1, "shoot", 4) == Decision("ann", 1, "shoot", 4)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), kitty=st.integers(1, 40))
def test_S2_S4_S6_S7_open_shoot_bets_never_exceed_the_kitty_at_any_step(
    seed: int, players: int, kitty: int
) -> None:
    """Random legal decisions, passes included; the invariants hold after every step."""
    from pontoon_cli.core.cards import new_pack

    rng = Rng(seed)
    seats = tuple(f"p{i}" for i in range(1, players + 1))
    pack = new_pack(1)
    rng.shuffle(pack)
    balances = {p: 1 + rng.below(40) for p in seats}
    deal = ShootDeal(
        DealSetup(SHOOT, table(seats, banker=seats[-1]), pack, dict(balances)),
        seats[-1], Kitty(kitty),
    )  # fmt: skip
    while deal.phase is not Phase.END:
        assert 0 <= deal.open_bets <= deal.kitty.amount
        assert all(deal.available(p) >= 0 for p in deal.punters)  # T8.6
        actor = deal.actor
        assert actor is not None
        legal = deal.legal_actions()
        if deal.optional_decision() is not None and rng.below(3) == 0:
            deal.decline(actor[0])
            continue
        choice = legal[rng.below(len(legal))]
        amount = None
        if choice.low is not None and choice.high is not None:
            amount = choice.low + rng.below(choice.high - choice.low + 1)
        deal.act(actor[0], actor[1], choice.action, amount)
    assert deal.open_bets == 0 and all(v == 0 for v in deal.on_table.values())
    assert deal.kitty.amount == kitty + sum(m.amount for m in deal.kitty.moves) >= 0
    assert sum(deal.shoot_net.values()) == kitty - deal.kitty.amount
