"""The heads-up traditional equilibrium (pontoon_cli/solver/equilibrium.py) and its certificate.

The certificate (exact best responses, equilibrium_check) is set against the fixed-banker solver
of traditional.py, which computes the same best response another way; the solved strategies are
small to exploit, bad ones are not, and the value lies between the bounds the fixed strategies
give.
"""

from __future__ import annotations

import functools

import pytest

from pontoon_cli.solver import equilibrium_check as check
from pontoon_cli.solver import equilibrium_game as game
from pontoon_cli.solver.equilibrium import Equilibrium, Solver, solve
from pontoon_cli.solver.traditional import Traditional, TraditionalRules

RULES = TraditionalRules(max_hands=1)  # the equilibrium does not split (T5.2)
LOOSE = 0.01  # the tests' tolerance: reached in a few dozen iterations


@functools.cache
def _solved() -> Equilibrium:
    return solve(RULES, iterations=200, tolerance=LOOSE)


def _banker_keys() -> list[str]:
    return list(Solver(RULES).strategies()[1])


def _traditional_punter(stays: int) -> dict[str, dict[str, float]]:
    """traditional.py's best play against a banker staying on ``stays``, as a strategy."""
    fixed = Traditional(TraditionalRules(max_hands=1, banker_stays=stays))
    out: dict[str, dict[str, float]] = {}
    for node in Solver(RULES).nodes:
        public, total, soft = node
        most = game.THIRD_CARD_MOST if not public.prices else public.prices[-1]
        values = fixed.choices(soft, total, public.cards, public.staked, most, not public.twists)
        best = max(values, key=lambda a: values[a])
        action = {"buy": game.buy_action(1), "buy-most": game.buy_action(most)}.get(best, best)
        assert action in game.punter_actions(RULES, public, total, soft)
        out[game.punter_key(public, total, soft)] = {action: 1.0}
    out.update({game.stake_key(card): {game.stake_action(1): 1.0} for card in range(1, 11)})
    return out


@pytest.mark.parametrize("stays", [15, 17, 19])
def test_the_best_response_to_a_fixed_banker_is_traditionals_figure(stays: int) -> None:
    banker = check.fixed_banker(_banker_keys(), stays)
    value = check.punter_best_value(banker, RULES)
    fixed = Traditional(TraditionalRules(max_hands=1, banker_stays=stays))
    assert value == pytest.approx(-fixed.edge(), abs=1e-12)


def test_the_fixed_bankers_best_punter_is_his_best_response() -> None:
    """traditional.py's play against a banker on 17, against that banker, is worth exactly the
    best response: the two walks agree, and the profile walk too."""
    banker = check.fixed_banker(_banker_keys(), 17)
    punter = _traditional_punter(17)
    certificate = check.certify(punter, banker, RULES)
    assert certificate.value == pytest.approx(certificate.punter_best, abs=1e-12)
    assert certificate.value == pytest.approx(0.0671127376624295, abs=1e-12)


def test_the_solved_strategies_are_hardly_exploitable_computed_apart() -> None:
    solved = _solved()
    again = check.certify(solved.punter, solved.banker, RULES)
    assert again.exploitability == pytest.approx(solved.exploitability, abs=1e-12)
    assert 0 <= again.exploitability <= LOOSE
    assert again.banker_best <= -solved.value_per_deal <= again.punter_best
    assert solved.value == solved.value_per_deal  # one stake: per deal is per initial stake


def test_a_bad_strategy_is_very_exploitable() -> None:
    solved = _solved()
    # a punter who picks uniformly among his legal choices
    uniform = {k: {a: 1 / len(v) for a in v} for k, v in solved.punter.items()}
    assert check.exploitability(uniform, solved.banker, RULES) > 0.3
    # a banker who never draws
    never = {k: {game.STAY: 1.0, game.DRAW: 0.0} for k in solved.banker}
    assert check.exploitability(solved.punter, never, RULES) > 0.3


def test_the_value_lies_between_the_fixed_strategies_bounds() -> None:
    """The punter's game value is at most what he gets against any fixed banker (his best
    response to one on 17 is traditional's +6.7%), and at least what traditional's play for
    that banker keeps against a banker who best-responds to it."""
    solved = _solved()
    upper = -Traditional(RULES).edge()
    lower = check.banker_best(_traditional_punter(17), RULES)
    assert lower <= solved.punter_best
    assert solved.banker_best <= upper
    assert lower < -solved.value < upper
    assert -0.04 < -solved.value < -0.01  # the banker's reading turns +6.7% into about -2.4%


def test_the_strategies_are_probabilities_under_readable_names() -> None:
    solved = _solved()
    for strategy in (solved.punter, solved.banker):
        for probabilities in strategy.values():
            assert sum(probabilities.values()) == pytest.approx(1.0)
            assert all(p >= 0 for p in probabilities.values())
    assert "stake 1: hard 12" in solved.punter
    assert "stake 1, punter stuck: banker hard 16 in 2" in solved.banker


def test_the_stake_choice_signals_and_values_are_per_initial_stake() -> None:
    """With the preset's limits (T3.3, 1 and 10) the punter stakes on his first card (T4.2):
    the most on an ace, and the figures per deal are the mean stake times per initial stake."""
    solved = solve(RULES, iterations=50, tolerance=0.05, stakes=(1, 10))
    again = check.certify(solved.punter, solved.banker, RULES, (1, 10))
    assert again.exploitability == pytest.approx(solved.exploitability, abs=1e-12)
    assert again.exploitability <= 0.05
    assert solved.punter["first card A"]["stake 10"] > 0.99
    assert solved.value * again.mean_stake == pytest.approx(solved.value_per_deal)
