"""The rule settings that exist besides the traditional defaults: V1, V2/V9, V4, V5, T5.2's cap.

Seats ann, bob, carl; carl banks, so the deal order is ann, bob, carl, then again ann, bob, carl.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.engine import RULES, make_deal, run

from pontoon_cli.core.errors import IllegalAction, RulesError
from pontoon_cli.core.limits import MAX_SAFE_INT
from pontoon_cli.core.rules import Rules, Table, balance_bound, money_problem
from pontoon_cli.traditional.engine import Phase
from pontoon_cli.traditional.players import seeded_game


def raised(action: object, *args: object) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        action(*args)  # type: ignore[operator]
    return info.value


def test_V1_aces_only_refuses_other_pairs() -> None:
    rules = RULES.with_overrides({"split_aces_only": True})
    deal = make_deal("KH 9C 7D  KS 8C TD", rules=rules)
    run(deal, "ann stake 2; bob stake 2")
    err = raised(deal.split, "ann", 1)
    assert str(err) == "ann, hand 1: cannot split: only a pair of aces splits (V1)"
    assert err.rule == "V1"
    plain = make_deal("KH 9C 7D  KS 8C TD")
    run(plain, "ann stake 2; bob stake 2")
    assert plain.can("split", "ann", 1)


def test_V1_aces_only_still_splits_aces() -> None:
    rules = RULES.with_overrides({"split_aces_only": True})
    deal = make_deal("AH 9C 7D  AS 8C TD  5C 6C", rules=rules)
    run(deal, "ann stake 2; bob stake 2; ann split")
    assert [len(h.cards) for h in deal.hands["ann"]] == [2, 2]


@pytest.mark.parametrize(("least", "rule"), [(16, "V2"), (17, "V2")])
def test_V2_stick_minimum_raises_the_least_total(least: int, rule: str) -> None:
    rules = RULES.with_overrides({"stick_minimum": least})
    deal = make_deal("9H 9C 7D  6C 8C TD", rules=rules)  # ann 15
    run(deal, "ann stake 2; bob stake 2")
    err = raised(deal.stick, "ann", 1)
    assert (
        str(err) == f"ann, hand 1: cannot stick on 15: the least is {least}; buy or twist ({rule})"
    )
    default = make_deal("9H 9C 7D  6C 8C TD")
    run(default, "ann stake 2; bob stake 2")
    assert default.can("stick", "ann", 1)  # T5.5: 15 is enough by default


def test_V2_a_soft_total_counts_when_it_reaches_the_minimum() -> None:
    rules = RULES.with_overrides({"stick_minimum": 16})
    deal = make_deal("AH 9C 7D  5C 8C TD", rules=rules)  # ann A-5: 6 or 16
    run(deal, "ann stake 2; bob stake 2")
    assert deal.can("stick", "ann", 1)


@pytest.mark.parametrize(("pays", "net"), [(1, 2), (2, 4), (3, 6)])
def test_V4_pontoon_pays_single_double_or_treble(pays: int, net: int) -> None:
    rules = RULES.with_overrides({"pontoon_pays": pays})
    deal = make_deal("AH 9C TD  KS 9D 8D", rules=rules)  # ann pontoon; bob 18; carl 18
    run(deal, "ann stake 2; bob stake 3; bob stick; carl stay")
    assert deal.phase is Phase.END
    ann = deal.hands["ann"][0]
    assert (ann.net, ann.rule) == (net, "T7")
    assert deal.nets == {"ann": net, "bob": -3, "carl": 3 - net}  # bob ties 18: T2.6


@pytest.mark.parametrize(("collects", "nets"), [(1, (-2, -3)), (2, (-4, -6))])
def test_V4_banker_pontoon_may_collect_single_stakes(collects: int, nets: tuple[int, int]) -> None:
    rules = RULES.with_overrides({"banker_pontoon_collects": collects})
    deal = make_deal("9H 9C AD  KS 8D KD", rules=rules)  # carl A-K
    run(deal, "ann stake 2; bob stake 3")
    assert deal.phase is Phase.END and deal.banker_pontoon
    assert (deal.nets["ann"], deal.nets["bob"]) == nets
    assert deal.nets["carl"] == -sum(nets)


def test_V5_no_bought_fifth_card_on_four_that_cannot_bust() -> None:
    rules = RULES.with_overrides({"no_bought_sure_thing": True})
    deal = make_deal("2H 9C 7D  3C 9D TD  2D 2S", rules=rules)  # ann 2 3, buys 2, 2: 9
    run(deal, "ann stake 2; bob stake 2; ann buy 2; ann buy 2")
    err = raised(deal.buy, "ann", 1, 2)
    assert (
        str(err) == "ann, hand 1: cannot buy a fifth card on four cards totalling 9: twist it (V5)"
    )
    assert deal.can("twist", "ann", 1)
    plain = make_deal("2H 9C 7D  3C 9D TD  2D 2S")
    run(plain, "ann stake 2; bob stake 2; ann buy 2; ann buy 2")
    assert plain.can("buy", "ann", 1, 2)


def test_T5_2_the_cap_on_hands_is_a_setting() -> None:
    rules = RULES.with_overrides({"max_hands": 2, "packs": 2})
    deal = make_deal("8C 9C 7D  8D 8C TD  8H 2C", rules=rules)
    run(deal, "ann stake 2; bob stake 2; ann split")  # [8C 8H] [8D 2C]
    err = raised(deal.split, "ann", 1)
    assert str(err) == "ann, hand 1: cannot split: 2 hands is the most one punter may hold (T5.2)"


def test_V9_packs_is_a_setting() -> None:
    deal = make_deal("", rules=RULES.with_overrides({"packs": 2}))
    assert len(deal.pack_before) == 104


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (
            {"stick_minimum": 21},
            "rule setting 'stick_minimum': 21 is not one of 12, 13, 14, 15, 16, 17",
        ),
        ({"pontoon_pays": "2"}, "rule setting 'pontoon_pays': '2' is not a whole number (T7, V4)"),
        ({"split_aces_only": 1}, "rule setting 'split_aces_only': 1 is not true or false (V1)"),
        ({"max_hand": 3}, "unknown rule setting 'max_hand'; did you mean 'max_hands'?"),
    ],
)
def test_bad_settings_are_refused_with_the_rule(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules().with_overrides(overrides)
    assert message in str(info.value)


# the static bound on balances -----------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**53 - 1),
    seats=st.integers(2, 6),
    max_stake=st.integers(1, 40),
    bankroll=st.integers(0, 60),
    pays=st.sampled_from([1, 2, 3]),
    max_hands=st.sampled_from([1, 2, 4]),
)
def test_T7_balance_bound_holds_for_every_balance_of_a_random_game(
    seed: int, seats: int, max_stake: int, bankroll: int, pays: int, max_hands: int
) -> None:
    # Bankrolls far below the stakes, so double losses drive balances negative (T8.6).
    rules = RULES.with_overrides({"pontoon_pays": pays, "max_hands": max_hands})
    names = [f"p{i}" for i in range(seats)]
    tab = Table.build(names, bankroll=bankroll, max_stake=max_stake)
    deals = 15
    bound = balance_bound(rules, tab, deals)
    game, auto = seeded_game(rules, tab, seed, "random", "random")
    for deal in auto.play(game, deals):
        assert all(abs(b) <= bound for b in game.balances.values()), deal.number
        assert all(abs(h.stake) <= 7 * max_stake for _, _, h in deal.hands_in_order())  # T5.3


def test_balance_bound_is_the_documented_formula() -> None:
    tab = Table.build(["a", "b", "c", "d"], bankroll={"a": 1, "b": 2, "c": 3, "d": 4}, max_stake=5)
    rules = RULES.with_overrides({"pontoon_pays": 3, "max_hands": 2})
    # sum of bankrolls + deals x (seats - 1) x max_hands x 7 x max_stake x largest multiple
    assert balance_bound(rules, tab, 10) == 10 + 10 * 3 * 2 * 7 * 5 * 3
    assert money_problem(rules, tab, 10) is None
    most = (MAX_SAFE_INT - 10) // (3 * 2 * 7 * 5 * 3)  # the most deals the bound allows
    assert money_problem(rules, tab, most) is None
    assert money_problem(rules, tab, most + 1) == (
        f"over {most + 1} deals a balance could reach {10 + (most + 1) * 630}, beyond "
        f"2**53 - 1 ({MAX_SAFE_INT}), the most a log holds exactly"
    )
