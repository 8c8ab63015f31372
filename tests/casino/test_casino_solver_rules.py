"""The exact solvers read C6 and C9 on their own, independent of the engine; here the two readings
are set against each other, hand by hand, so neither can drift alone."""

from __future__ import annotations

import itertools

import pytest

from pontoon_cli.casino import basic as casino_basic
from pontoon_cli.casino import deal as casino
from pontoon_cli.core.cards import Card
from pontoon_cli.core.hands import Hand
from pontoon_cli.solver import casino as strategy_casino

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")


def test_C6_the_stand_minimum_is_the_same_in_the_engine_and_the_solvers() -> None:
    assert strategy_casino.STAND_MINIMUM == casino.STAND_MINIMUM == 15
    assert casino_basic.STAND_MINIMUM == casino.STAND_MINIMUM


@pytest.mark.parametrize("hits_soft_17", [True, False], ids=["C9-hits-soft-17", "C9-stands"])
def test_C9_the_solvers_dealer_draws_where_the_engines_does(hits_soft_17: bool) -> None:
    checked = 0
    for n in range(2, 6):
        for ranks in itertools.product(RANKS, repeat=n):
            h = Hand()
            for rank in ranks:
                h.add(Card.parse(rank + "S"), False)
            soft = h.total != h.low
            solver_draws = (
                n < strategy_casino.MAX_CARDS
                and h.low <= 21
                and not strategy_casino.dealer_stands(h.total, soft, hits_soft_17)
            )
            assert casino.dealer_draws(h, hits_soft_17) == solver_draws, (ranks, hits_soft_17)
            checked += 1
    assert checked == 10**2 + 10**3 + 10**4 + 10**5
