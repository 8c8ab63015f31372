"""Properties of whole games over random seeds, tables and strategies (hypothesis).

Money is conserved in every deal (T7), every card is somewhere exactly once at every decision
(T5.6, T8.1), no hand holds more than five cards (T5.7), and a seed fixes the whole game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from conftest import RULES, check_deal, table
from hypothesis import given, note, settings
from hypothesis import strategies as st

from pontoon_cli.cards import new_pack
from pontoon_cli.engine import Game, Phase
from pontoon_cli.errors import PontoonError
from pontoon_cli.events import Event
from pontoon_cli.rng import Rng
from pontoon_cli.rules import Rules
from pontoon_cli.strategies import Players

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
