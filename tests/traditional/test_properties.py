"""Properties of whole games over random seeds, tables and strategies (hypothesis).

Money is conserved in every deal (T7), every card is somewhere exactly once at every decision
(T5.6, T8.1), no hand holds more than five cards (T5.7), and a seed fixes the whole game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields

from hypothesis import HealthCheck, assume, example, given, note, settings
from hypothesis import strategies as st
from support.engine import RULES, check_deal, table

from pontoon_cli.core.cards import new_pack
from pontoon_cli.core.errors import PontoonError, RulesError
from pontoon_cli.core.events import Event
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import PRESETS, Rules, Table, seating_problem
from pontoon_cli.games import find_game, seeded_game
from pontoon_cli.traditional.engine import Game, Phase
from pontoon_cli.traditional.players import Players

DEALS = 8


@dataclass(frozen=True)
class Setup:
    seed: int
    seats: tuple[str, ...]
    punter: dict[str, str]
    banker: str
    bankroll: int
    min_stake: int
    max_stake: int
    rules: Rules = RULES


#: The traditional game, and with the options V3 (banker doubles) and V8 (burning).
RULE_SETS = (
    RULES,
    RULES.with_overrides({"banker_doubles": True}),
    RULES.with_overrides({"burn_on": 13}),
    RULES.with_overrides({"burn_on": 14, "banker_doubles": True}),
)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    n = draw(st.integers(2, 9))  # 8 or more players mix two packs (T1.1)
    seats = tuple(f"p{i}" for i in range(n))
    kinds = st.sampled_from(["default", "random"])
    low = draw(st.integers(1, 5))
    return Setup(
        seed=draw(st.integers(0, 2**64 - 1)),
        seats=seats,
        punter={p: draw(kinds) for p in seats},
        banker=draw(kinds),
        bankroll=draw(st.sampled_from([12, 40, 1000])),  # small rolls exercise T8.6
        min_stake=low,
        max_stake=low + draw(st.integers(0, 10)),
        rules=draw(st.sampled_from(RULE_SETS)),
    )


def play(setup: Setup, deals: int = DEALS) -> list[tuple[list[Event], dict[str, int]]]:
    """Play a seeded game, checking every decision; (events, balances) after each deal."""
    rng = Rng(setup.seed)
    t = table(
        setup.seats,
        banker=None,
        bankroll=setup.bankroll,
        min_stake=setup.min_stake,
        max_stake=setup.max_stake,
    )
    game = Game(setup.rules, t, rng)
    players = Players(t.seats, rng, punter=setup.punter, banker=setup.banker)
    full = Counter(new_pack(RULES.pack_count(len(t.seats))))
    total = sum(game.balances.values())
    out = []
    for _ in range(deals):
        try:
            deal = game.start_deal()
        except PontoonError:  # T8.6: nobody left who can stake
            break
        while True:
            check_deal(deal, full)
            if deal.phase is Phase.END:
                break
            players.decide(deal)
        note(f"deal {deal.number}: banker {deal.banker}, nets {deal.nets}")
        game.finish_deal(deal)
        assert Counter(game.pack) == full
        assert sum(game.balances.values()) == total  # money is conserved
        out.append((list(deal.events), dict(game.balances)))
    return out


@given(setups())
@settings(max_examples=100, deadline=None)
def test_every_deal_conserves_money_and_cards(setup: Setup) -> None:
    assert play(setup)


@given(setups())
@settings(max_examples=30, deadline=None)
def test_a_seed_gives_the_same_game_twice(setup: Setup) -> None:
    first, second = play(setup, 4), play(setup, 4)
    assert len(first) == len(second)
    for (events_a, balances_a), (events_b, balances_b) in zip(first, second, strict=True):
        assert events_a == events_b
        assert balances_a == balances_b


# every deal ends: a bounded number of decisions, whatever the seed, table and settings -----------


def _setting_choices(preset: str) -> dict[str, tuple[object, ...]]:
    """Each setting of ``preset`` with its values (its choices, or False/True); the kitty's
    amounts and the settlement table keep their defaults."""
    out: dict[str, tuple[object, ...]] = {}
    for f in fields(Rules):
        presets = f.metadata["presets"]
        if f.name in ("preset", "settlement") or (presets and preset not in presets):
            continue
        if f.metadata["choices"]:
            out[f.name] = tuple(f.metadata["choices"])
        elif isinstance(f.default, bool):
            out[f.name] = (False, True)
    return out


SETTING_CHOICES = {preset: _setting_choices(preset) for preset in PRESETS}


@dataclass(frozen=True)
class AnyGame:
    rules: Rules
    seats: int
    seed: int
    punter: str
    banker: str
    bankroll: int


@st.composite
def any_games(draw: st.DrawFn) -> AnyGame:
    """Any preset with any mix of its settings, crowded tables on few packs (so the pack runs
    low and out), each preset's strategies."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    overrides = {
        name: draw(st.sampled_from(values))
        for name, values in SETTING_CHOICES[preset].items()
        if draw(st.booleans())
    }
    crowded = preset != "casino" and draw(st.booleans())
    if crowded:  # one pack nearly dealt out, and burning (V8): the pack runs out mid-burn
        overrides |= {"packs": 1, "burn_on": draw(st.sampled_from([13, 14]))}
    try:
        rules = PRESETS[preset].with_overrides(overrides)
    except RulesError:
        assume(False)
        raise
    low, high = (1, 7) if preset == "casino" else (18, 26) if crowded else (2, 26)
    seats = draw(st.integers(low, high))
    assume(seating_problem(rules, seats, str) is None)
    definition = find_game(rules)
    # the strategies that play these rules (the equilibrium plays only the settings it solved)
    kinds = st.sampled_from(
        [k for k in definition.strategies if definition.strategy_problem(k, rules) is None]
    )
    return AnyGame(
        rules,
        seats,
        draw(st.integers(0, 2**64 - 1)),
        draw(kinds),
        draw(kinds),
        draw(st.sampled_from([30, 1000])),
    )


def decision_bound(rules: Rules, seats: int) -> int:
    """The most decisions a deal can take.

    Traditional and Shoot, each punter: a stake and a shoot bet (S2); then each of his hands
    (at most ``max_hands``, T5.2): a split, three cards bought or twisted (T5.7), a stick, two
    shoot bets (S4, S5) and burns, each taking two cards of the pack that the hand has not
    burnt (V8), so at most half the pack. The banker: a double (V3), three draws, a stay.
    Casino, each seat: a stake, then each hand (at most ``split_hands`` + 1): a split, a
    double, a stand and the hits of at most 11 cards (A A A A 2 2 2 2 3 3 3 is 21).
    """
    if rules.preset == "casino":
        return seats * (1 + (rules.split_hands + 1) * 12)
    cards = 52 * rules.pack_count(seats)
    per_hand = 1 + 3 + 1 + 2 + cards // 2
    return (seats - 1) * (2 + rules.max_hands * per_hand) + 5


@example(
    AnyGame(
        PRESETS["traditional"].with_overrides({"packs": 1, "burn_on": 13}),
        22,
        71,
        "default",
        "default",
        1000,
    )
)
@given(any_games())
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
def test_V8_T8_5_every_deal_ends_within_a_bounded_number_of_decisions(setup: AnyGame) -> None:
    names = tuple(f"p{i}" for i in range(1, setup.seats + 1))
    house = find_game(setup.rules).house  # a casino table: seats against the dealer (C3)
    t = Table.build(names, bankroll=setup.bankroll, house=house)
    game, players = seeded_game(setup.rules, t, setup.seed, setup.punter, setup.banker)
    bound = decision_bound(setup.rules, setup.seats)
    for _ in range(4):
        try:
            deal = game.start_deal()
        except PontoonError:  # T8.6: nobody left who can stake
            break
        steps = 0
        while deal.phase is not Phase.END:
            steps += 1
            assert steps <= bound, f"deal {deal.number} took more than {bound} decisions"
            players.decide(deal)
        game.finish_deal(deal)
