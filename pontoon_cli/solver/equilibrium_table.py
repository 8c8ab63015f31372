"""``pontoon strategy --rules traditional --equilibrium``'s data: the solve, shipped or fresh.

The preset's solve is shipped as ``pontoon_cli/traditional/equilibrium.json``, which the
``equilibrium`` strategy plays (written by ``python tools/equilibrium_table.py``: deterministic
bytes, sorted keys, every figure rounded to :data:`DECIMALS` places, its certificate computed
again on the rounded strategies), so the command answers at once; other settings are solved at
run time (:data:`STAKES`, up to :data:`ITERATIONS` iterations: about half a minute).

**The shipped solve lets the punter stake 1 or 10 on his first card**: the default table's least
and most stakes (T3.3), chosen after he sees the card (T4.2), as ``pontoon play`` deals the game.
Prices between the two are not offered (:mod:`equilibrium`'s docstring). Staking one unit always
is a strategy he may still choose; a banker who reads the stake answers it.

To this the report adds what the solve does not hold: the fixed banker's figures beside it
(``--banker-stays``), and **the value of the bank**. A deal passes the bank (T8.3) when the
punter holds a natural pontoon and the banker none: chance ``q`` a deal, heads-up, whatever
either side plays. The number of deals a banker holds it is then geometric, mean ``1/q``, and
his expected total while he holds it is ``v/q`` for a value ``v`` a deal (Wald's identity: the
deal that passes the bank is the last counted).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Final

from pontoon_cli.solver import equilibrium_check as check
from pontoon_cli.solver import equilibrium_game as game
from pontoon_cli.solver.equilibrium import Equilibrium, solve
from pontoon_cli.solver.traditional import BANKER_STAYS, Traditional, TraditionalRules
from pontoon_cli.traditional.equilibrium import FORMAT, shipped_data

DECIMALS: Final = 6
STAKES: Final = (1, 10)  # the default table's limits (T3.3), chosen on the first card (T4.2)
ITERATIONS: Final = 250
TOLERANCE: Final = 0.0005  # stakes per deal
#: The settings the solve reads (the rest: the banker's rule and splits, are not modelled).
SETTINGS: Final = (
    "stick_minimum",
    "no_bought_sure_thing",
    "pontoon_pays",
    "banker_pontoon_collects",
)
METHOD: Final = (
    "CFR+ over the whole game tree with chance enumerated exactly, infinite deck (each rank "
    "1/13), one punter heads-up against a banker who sees what the punter shows (T6.1), no "
    "splits; the exploitability is computed by an independent exact best-response walk "
    "(pontoon_cli/solver/equilibrium.py docstring)"
)


def pass_chance() -> float:
    """The chance a heads-up deal passes the bank (T8.3): the punter's natural pontoon, the
    banker without one, from the infinite deck."""
    return game.P_PONTOON * (1 - game.P_PONTOON)


def _rnd(value: float) -> float:
    return round(value, DECIMALS) + 0.0  # + 0.0: never -0.0


def solved_settings(rules: TraditionalRules) -> dict[str, Any]:
    return {name: getattr(rules, name) for name in SETTINGS}


def nest_banker(banker: check.Strategy) -> dict[str, dict[str, float]]:
    """The solver's banker ({"<seen>: banker <hand>": {stay, draw}}) as {seen: {hand: draw}}."""
    out: dict[str, dict[str, float]] = {}
    for key, probabilities in banker.items():
        seen, _, hand = key.partition(": banker ")
        out.setdefault(seen, {})[hand] = _rnd(probabilities[game.DRAW])
    return out


def flat_banker(nested: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
    """:func:`nest_banker` undone: the form :mod:`equilibrium_check` reads."""
    return {
        f"{seen}: banker {hand}": {game.STAY: 1 - draw, game.DRAW: draw}
        for seen, hands in nested.items()
        for hand, draw in hands.items()
    }


def solve_data(
    solved: Equilibrium, rules: TraditionalRules, stakes: tuple[int, ...]
) -> dict[str, Any]:
    """The solve as data, rounded, with the certificate of exactly the rounded strategies."""
    punter = {k: {a: _rnd(p) for a, p in v.items()} for k, v in solved.punter.items()}
    banker = nest_banker(solved.banker)
    found = check.certify(punter, flat_banker(banker), rules, stakes)
    return {
        "format": FORMAT,
        "method": METHOD,
        "rules": {"preset": "traditional", **solved_settings(rules), "deck": "infinite"},
        "stakes": list(stakes),
        "iterations": solved.iterations,
        "value": _rnd(-found.value / found.mean_stake),
        "value_per_deal": _rnd(-found.value),
        "mean_stake": _rnd(found.mean_stake),
        "exploitability": _rnd(found.exploitability),
        "bounds": {"punter_best": _rnd(found.punter_best), "banker_best": _rnd(found.banker_best)},
        "punter": punter,
        "banker": banker,
    }


def dumps(data: dict[str, Any]) -> str:
    """Deterministic bytes: sorted keys, one entry a line."""
    return json.dumps(data, sort_keys=True, indent=1) + "\n"


def shipped() -> dict[str, Any]:
    """The shipped solve (``equilibrium.json``)."""
    return shipped_data()


def is_shipped(rules: TraditionalRules) -> bool:
    """Whether ``rules`` are the shipped solve's (only the settings the solve reads count)."""
    return solved_settings(rules) == solved_settings(TraditionalRules())


def fixed_banker(rules: TraditionalRules, stays: int, stakes: tuple[int, ...]) -> dict[str, Any]:
    """The punter's best against a banker who stays on ``stays`` (traditional's exact values):
    the same stake choice and no splits, beside the equilibrium; and ``pontoon strategy
    --banker-stays``'s own figure (one stake, splits)."""
    fixed = Traditional(replace(rules, banker_stays=stays, max_hands=1))
    per_deal = mean_stake = 0.0
    for rank in range(1, 14):  # the punter's best stake on each first card (T4.2)
        value = fixed.first_card_value(rank)
        stake = max(stakes) if value > 0 else min(stakes)
        per_deal += stake * value / 13
        mean_stake += stake / 13
    today = Traditional(replace(rules, banker_stays=stays))
    return {
        "banker_stays": stays,
        "value": _rnd(-per_deal / mean_stake),
        "value_per_deal": _rnd(-per_deal),
        "mean_stake": _rnd(mean_stake),
        "one_stake_with_splits": _rnd(today.edge()),
    }


def situations(data: dict[str, Any]) -> dict[str, float]:
    """The chance a deal of each of the punter's decisions (and his stake choice, 1)."""
    rules = TraditionalRules(**{k: data["rules"][k] for k in SETTINGS})
    masses: dict[tuple[game.Public, int, bool], float] = {}
    check.punter_reach(data["punter"], rules, tuple(data["stakes"]), masses)
    return {game.punter_key(*key): mass for key, mass in masses.items()}


def seen_chances(data: dict[str, Any]) -> dict[str, float]:
    """The chance a deal of each thing the banker sees before he plays (the punter stuck or
    holds five cards), under the punter's strategy."""
    rules = TraditionalRules(**{k: data["rules"][k] for k in SETTINGS})
    _, ends, _ = check.punter_reach(data["punter"], rules, tuple(data["stakes"]))
    out: dict[str, float] = {}
    for (public, five), classes in ends.items():
        seen = game.banker_key(public, five, 0, False, 0).partition(": banker ")[0]
        out[seen] = sum(classes.values())
    return out


def report(rules: TraditionalRules, stays: int = BANKER_STAYS) -> dict[str, Any]:
    """The whole answer: the solve (shipped when the rules are the preset's), the fixed banker
    beside it and the value of the bank."""
    if is_shipped(rules):
        data = shipped()
    else:
        data = solve_data(
            solve(rules, iterations=ITERATIONS, tolerance=TOLERANCE, stakes=STAKES), rules, STAKES
        )
    q = pass_chance()
    return {
        **data,
        "shipped": is_shipped(rules),
        "fixed_banker": fixed_banker(rules, stays, tuple(data["stakes"])),
        "bank_pass_chance": _rnd(q),
        "deals_held": _rnd(1 / q),
        "bank_value": _rnd(data["value"] / q),
        "bank_value_units": _rnd(data["value_per_deal"] / q),
    }
