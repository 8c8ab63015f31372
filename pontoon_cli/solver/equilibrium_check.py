"""The certificate of an equilibrium: exact best responses, walked apart from the solver.

Given both strategies as the plain dicts :func:`pontoon_cli.solver.equilibrium.solve` returns
(information set name -> {action: probability}), this module walks the game again on its own:
the banker card by card from each of his two-card hands (not the solver's merged states), the
punter by a memoised recursion over his situations. It never reads the solver's regrets, sums
or values. The same game description (:mod:`equilibrium_game`: legal moves, payments, names)
is shared, so a rule misread there would be misread by both; the fixed-banker cross-check
against :mod:`pontoon_cli.solver.traditional` (tests/strategy/test_equilibrium.py) covers
that.

- ``punter_best``: the punter's value when he best-responds to the banker's strategy;
- ``banker_best``: the punter's value when the banker best-responds to the punter's strategy;
- ``exploitability`` = (punter_best - v) + (v - banker_best) = punter_best - banker_best, for
  any game value v between them: zero exactly at an equilibrium.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pontoon_cli.solver import equilibrium_game as game
from pontoon_cli.solver.casino import RANK_PROBABILITY, two_cards
from pontoon_cli.solver.traditional import TraditionalRules

Strategy = Mapping[str, Mapping[str, float]]
Ending = str | int  # the banker's: "bust", "five" or the total he stays on
Outcomes = dict[Ending, float]


@dataclass(frozen=True)
class Certificate:
    """Values in stake units per deal, from the punter's side."""

    value: float  # the punter's value of the two strategies against each other
    punter_best: float
    banker_best: float
    mean_stake: float  # the punter's expected initial stake

    @property
    def exploitability(self) -> float:
        return self.punter_best - self.banker_best


def _banker_hands() -> list[tuple[float, int, int]]:
    """The banker's two cards (chance given no pontoon, first, second), T4.4 excluded."""
    p = RANK_PROBABILITY
    no_pontoon = 1 - game.P_PONTOON
    return [(p[a] * p[b] / no_pontoon, a, b) for a in p for b in p if {a, b} != {1, 10}]


def banker_outcomes(banker: Strategy, public: game.Public, five: bool) -> Outcomes:
    """The chance of each banker ending ("bust", "five", the total he stays on) under
    ``banker``'s strategy, walked card by card from each of his two-card hands (memoised on
    his hand: the future depends on nothing else)."""

    @functools.cache
    def walk(total: int, soft: bool, cards: int) -> Outcomes:
        """The banker's endings from this hand, each chance given reaching it."""
        draw = 0.0
        if game.banker_may_draw(total, soft, cards):
            draw = banker[game.banker_key(public, five, total, soft, cards)][game.DRAW]
        out: Outcomes = {total: 1 - draw} if draw < 1 else {}
        if draw <= 0:
            return out
        for card, p in RANK_PROBABILITY.items():
            low, new, new_soft = game.after(total, soft, card)
            if low > 21:
                ends: Outcomes = {"bust": 1.0}
            elif cards + 1 == game.MAX_CARDS:
                ends = {game.FIVE: 1.0}
            else:
                ends = walk(new, new_soft, cards + 1)
            for ending, chance in ends.items():
                out[ending] = out.get(ending, 0.0) + draw * p * chance
        return out

    total_out: Outcomes = {}
    for chance, a, b in _banker_hands():
        soft, total = two_cards(a, b)
        for ending, c in walk(total, soft, 2).items():
            total_out[ending] = total_out.get(ending, 0.0) + chance * c
    return total_out


def _pays(cls: int, banker: Ending) -> int:
    """The punter's payment per unit staked for class ``cls`` (0: five card trick)."""
    if cls == 0:
        return game.five_payment(banker)
    return game.stuck_payment(cls, banker)


def banker_best_value(public: game.Public, five: bool, classes: Mapping[int, float]) -> float:
    """The punter's value at a terminal when the banker plays his best against ``classes``
    (class -> chance mass), walked card by card."""
    staked = public.staked

    def punter_gets(banker: Ending) -> float:
        return staked * sum(m * _pays(cls, banker) for cls, m in classes.items())

    @functools.cache
    def walk(total: int, soft: bool, cards: int) -> float:
        stay = punter_gets(total)
        if not game.banker_may_draw(total, soft, cards):
            return stay
        draw = 0.0
        for card, p in RANK_PROBABILITY.items():
            low, new, new_soft = game.after(total, soft, card)
            if low > 21:
                draw += p * punter_gets("bust")
            elif cards + 1 == game.MAX_CARDS:
                draw += p * punter_gets(game.FIVE)
            else:
                draw += p * walk(new, new_soft, cards + 1)
        return min(stay, draw)

    return sum(chance * walk(*_rev(two_cards(a, b)), 2) for chance, a, b in _banker_hands())


def _rev(soft_total: tuple[bool, int]) -> tuple[int, bool]:
    return soft_total[1], soft_total[0]


def _punter_walk(
    rules: TraditionalRules,
    stakes: tuple[int, ...],
    banker: Strategy,
    choose: Callable[[str, dict[str, float]], float],
) -> float:
    """The punter's value against ``banker``; ``choose(key, action values)`` is his play."""

    @functools.cache
    def outcomes(public: game.Public, five: bool) -> Outcomes:
        return banker_outcomes(banker, public, five)

    def stuck(public: game.Public, total: int) -> float:
        dist = outcomes(public, False)
        return public.staked * sum(m * game.stuck_payment(total, o) for o, m in dist.items())

    @functools.cache
    def play(public: game.Public, total: int, soft: bool) -> float:
        values: dict[str, float] = {}
        for action in game.punter_actions(rules, public, total, soft):
            if action == game.STICK:
                values[action] = stuck(public, total)
                continue
            value = 0.0
            for card, p in RANK_PROBABILITY.items():
                if action == game.TWIST:
                    nxt = public.twisted_card(card)
                else:
                    nxt = public.bought(game.price_of(action))
                low, new, new_soft = game.after(total, soft, card)
                if low > 21:
                    value -= p * nxt.staked
                elif nxt.cards == game.MAX_CARDS:
                    dist = outcomes(nxt, True)
                    value += p * nxt.staked * sum(m * game.five_payment(o) for o, m in dist.items())
                elif low == 21:
                    value += p * stuck(nxt, 21)
                else:
                    value += p * play(nxt, new, new_soft)
            values[action] = value
        return choose(game.punter_key(public, total, soft), values)

    total_value = 0.0
    for first, p1 in RANK_PROBABILITY.items():
        values: dict[str, float] = {}
        for stake in stakes:
            v = -game.P_PONTOON * rules.banker_pontoon_collects * stake
            for second, p2 in RANK_PROBABILITY.items():
                chance = (1 - game.P_PONTOON) * p2
                if {first, second} == {1, 10}:
                    v += chance * rules.pontoon_pays * stake
                else:
                    soft, total = two_cards(first, second)
                    v += chance * play(game.Public(stake), total, soft)
            values[game.stake_action(stake)] = v
        total_value += p1 * choose(game.stake_key(first), values)
    return total_value


def punter_best_value(
    banker: Strategy, rules: TraditionalRules, stakes: tuple[int, ...] = (1,)
) -> float:
    """The punter's best-response value against ``banker``."""
    return _punter_walk(rules, stakes, banker, lambda _key, values: max(values.values()))


def profile_value(
    punter: Strategy, banker: Strategy, rules: TraditionalRules, stakes: tuple[int, ...] = (1,)
) -> float:
    """The punter's value of the two strategies played against each other."""

    def follow(key: str, values: dict[str, float]) -> float:
        return sum(punter[key].get(a, 0.0) * v for a, v in values.items())

    return _punter_walk(rules, stakes, banker, follow)


def punter_reach(
    punter: Strategy,
    rules: TraditionalRules,
    stakes: tuple[int, ...] = (1,),
    situations: dict[tuple[game.Public, int, bool], float] | None = None,
) -> tuple[float, dict[tuple[game.Public, bool], dict[int, float]], float]:
    """Walking the punter's strategy forward: (the value settled before the banker acts, i.e.
    pontoons and busts, per deal; the chance of each (terminal, class); the mean stake).
    ``situations``, if given, receives the chance per deal of each of his decisions."""
    settled = 0.0
    mean_stake = 0.0
    ends: dict[tuple[game.Public, bool], dict[int, float]] = {}
    layer: dict[tuple[game.Public, int, bool], float] = {}

    def end(public: game.Public, five: bool, cls: int, mass: float) -> None:
        classes = ends.setdefault((public, five), {})
        classes[cls] = classes.get(cls, 0.0) + mass

    for first, p1 in RANK_PROBABILITY.items():
        for stake in stakes:
            mass = p1 * punter[game.stake_key(first)][game.stake_action(stake)]
            mean_stake += mass * stake
            settled -= mass * game.P_PONTOON * rules.banker_pontoon_collects * stake
            for second, p2 in RANK_PROBABILITY.items():
                m = mass * (1 - game.P_PONTOON) * p2
                if {first, second} == {1, 10}:
                    settled += m * rules.pontoon_pays * stake
                    continue
                soft, total = two_cards(first, second)
                key = (game.Public(stake), total, soft)
                layer[key] = layer.get(key, 0.0) + m
    while layer:
        if situations is not None:
            for key, mass in layer.items():
                situations[key] = situations.get(key, 0.0) + mass
        following: dict[tuple[game.Public, int, bool], float] = {}
        for (public, total, soft), mass in layer.items():
            sigma = punter[game.punter_key(public, total, soft)]
            for action in game.punter_actions(rules, public, total, soft):
                m = mass * sigma.get(action, 0.0)
                if m == 0.0:
                    continue
                if action == game.STICK:
                    end(public, False, total, m)
                    continue
                for p, nxt, where, new, new_soft in game.drawn(public, action, total, soft):
                    if where == game.BUST:
                        settled -= m * p * nxt.staked  # T5.6
                    elif where == game.FIVE:
                        end(nxt, True, 0, m * p)  # T5.7
                    elif where == game.HARD_21:
                        end(nxt, False, 21, m * p)  # T5.8
                    else:
                        k = (nxt, new, new_soft)
                        following[k] = following.get(k, 0.0) + m * p
        layer = following
    return settled, ends, mean_stake


def banker_best(punter: Strategy, rules: TraditionalRules, stakes: tuple[int, ...] = (1,)) -> float:
    """The punter's value when the banker best-responds to ``punter``'s strategy."""
    settled, ends, _ = punter_reach(punter, rules, stakes)
    return settled + sum(
        banker_best_value(public, five, classes) for (public, five), classes in ends.items()
    )


def certify(
    punter: Strategy, banker: Strategy, rules: TraditionalRules, stakes: tuple[int, ...] = (1,)
) -> Certificate:
    """Both best responses and the value of the pair (module docstring)."""
    return Certificate(
        value=profile_value(punter, banker, rules, stakes),
        punter_best=punter_best_value(banker, rules, stakes),
        banker_best=banker_best(punter, rules, stakes),
        mean_stake=punter_reach(punter, rules, stakes)[2],
    )


def exploitability(
    punter: Strategy, banker: Strategy, rules: TraditionalRules, stakes: tuple[int, ...] = (1,)
) -> float:
    """(punter's best response - value) + (value - banker's best response), per deal."""
    return certify(punter, banker, rules, stakes).exploitability


def fixed_banker(keys: list[str], stays: int) -> dict[str, dict[str, float]]:
    """The banker of :mod:`traditional` as a strategy: stay on ``stays`` or more, soft or hard,
    whatever the punter showed. ``keys``: the banker's information sets."""
    out: dict[str, dict[str, float]] = {}
    for key in keys:
        total = int(key.rsplit(":", 1)[1].split()[2])
        draw = 0.0 if total >= stays else 1.0
        out[key] = {game.STAY: 1 - draw, game.DRAW: draw}
    return out
