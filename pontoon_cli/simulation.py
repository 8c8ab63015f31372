"""Seeded simulation in shards: the edge of the bank (or the house) with its standard error.

``pontoon simulate`` cuts its rounds into shards of a fixed size (the last one shorter). Shard
``i`` is a fresh game (the table's starting balances, a new cut for the bank) played by
:func:`run_shard` from its own seed, :func:`shard_seed` ``(seed, i)``, so a shard's result does
not depend on which process, machine or order plays it. Every figure of a shard is an integer
(sums, and sums of squares and products per round), so adding shards (:func:`add`) is exact,
and the report (:func:`report`), computed once from the merged sums, is the same for any number
of workers.

The units of the standard error are rounds: the hands of a round share the banker's (dealer's)
hand, so each round is one observation. Per round ``r`` the bank's gain ``G_r`` (what the punters,
or the seats, lost: minus the sum of their nets; in Shoot Pontoon their shoot bets too, the kitty
being the bank's money, S1), the initial stakes ``I_r`` (the punters' ``stake`` decisions) and the
units staked ``S_r`` (every punter hand's final stake: buys, splits, doubles included; and shoot
bets, S2). The edge per initial stake is the ratio ``sum G / sum I``; its standard error
is the ratio estimator's (delta method) over the rounds; the same per unit staked with ``S``.

Shards travel between processes (and Dask workers) as plain dicts of ints, strings and dicts.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Final

from pontoon_cli.casino.deal import CasinoDeal
from pontoon_cli.core.errors import StrategyError
from pontoon_cli.core.events import Decision
from pontoon_cli.core.hands import HandClass
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import Rules, Table, balance_bound
from pontoon_cli.games import find_game, seeded_game
from pontoon_cli.shoot.deal import ShootDeal
from pontoon_cli.traditional.deal import Deal

#: Rounds per shard unless told otherwise: the unit of work a worker plays.
SHARD_ROUNDS: Final = 10_000
#: SplitMix64's increment (pontoon_cli.core.rng): the state after ``k`` outputs is seed + k * this.
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MASK: Final = (1 << 64) - 1
#: The per-round sums a shard keeps, each an integer.
SUMS: Final = (
    "gain",
    "initial",
    "staked",
    "gain_sq",
    "initial_sq",
    "staked_sq",
    "gain_initial",
    "gain_staked",
)
_LABELS: Final = tuple(c.label for c in sorted(HandClass))
Z95: Final = 1.959963984540054  # the 97.5th percentile of the standard normal


def shard_seed(seed: int, index: int) -> int:
    """Shard ``index``'s seed: the top 53 bits of output ``index + 1`` of the project's generator
    seeded with ``seed`` (SplitMix64, pontoon_cli.core.rng), found directly: after ``k`` outputs its
    state is ``seed + k * 0x9E3779B97F4A7C15`` mod 2**64. Below 2**53, so a log's header holds it
    and ``pontoon play --seed`` takes it."""
    return Rng((seed + index * _GOLDEN) & _MASK).next64() >> 11


def shard_count(rounds: int, size: int) -> int:
    """How many shards ``rounds`` rounds make, ``size`` each and the last what is left."""
    return -(-rounds // size)


def shard_rounds(rounds: int, size: int, index: int) -> int:
    """The rounds of shard ``index``: ``size``, the last one what is left. One shard at a time,
    never a list of them all: ``--rounds 9007199254740991`` is as cheap to plan as 1000."""
    return min(size, rounds - index * size)


def sim_bankroll(
    rules: Rules, seats: tuple[str, ...], min_stake: int, max_stake: int, size: int
) -> int:
    """A starting balance no seat can lose within one shard of ``size`` rounds (the bound on what
    moves in a deal, rules.balance_bound), so every seat plays every round (T8.6, C3)."""
    table = Table.build(
        list(seats),
        bankroll=1,
        min_stake=min_stake,
        max_stake=max_stake,
        house=find_game(rules).house,
    )
    return balance_bound(rules, table, size)


def run_shard(spec: dict[str, Any]) -> dict[str, Any]:
    """Play one shard and return its integer sums (the module docstring says which).

    ``spec``: ``rules`` (Rules.to_dict), ``seats``, ``bankroll``, ``min_stake``, ``max_stake``,
    ``punter`` and ``banker`` (strategy names, or the user's ``MODULE:NAME`` specs: each process
    loads them itself), ``seed`` (the simulation's), ``index``, ``rounds``. A strategy of the
    user's that fails says which shard it was playing, and its seed (``pontoon play --seed``).
    """
    try:
        return _play_shard(spec)
    except StrategyError as err:
        index: int = spec["index"]
        err.shard = f"shard {index} (seed {shard_seed(spec['seed'], index)})"
        raise


def _play_shard(spec: dict[str, Any]) -> dict[str, Any]:
    rules = Rules.from_dict(spec["rules"])
    definition = find_game(rules)
    seats: list[str] = list(spec["seats"])
    table = Table.build(
        seats,
        bankroll=spec["bankroll"],
        min_stake=spec["min_stake"],
        max_stake=spec["max_stake"],
        house=definition.house,
    )
    index: int = spec["index"]
    seed = shard_seed(spec["seed"], index)
    game, auto = seeded_game(rules, table, seed, spec["punter"], spec["banker"])
    game.unlogged()
    # The per-round sums as locals (native integers when compiled), in SUMS' order.
    sum_g = sum_i = sum_s = sum_gg = sum_ii = sum_ss = sum_gi = sum_gs = 0
    nets = dict.fromkeys(seats, 0)
    hands = [0] * len(_LABELS)  # the punters' (seats') hands, by class
    house = [0] * len(_LABELS)  # the banker's (dealer's) hands, by class
    actions: dict[str, int] = {}  # each action word's place in counts, in order of first use
    counts: list[int] = []
    played = 0
    for deal in auto.play(game, spec["rounds"]):
        played += 1
        if isinstance(deal, CasinoDeal):
            bank = ""
            bank_net = 0
            house[deal.dealer_hand.cls] = house[deal.dealer_hand.cls] + 1
        elif isinstance(deal, Deal):
            bank = deal.banker
            bank_net = deal.banker_net
            house[deal.banker_hand.cls] = house[deal.banker_hand.cls] + 1
        else:  # pragma: no cover - every game's deal is one of these
            raise TypeError(f"cannot simulate {type(deal).__name__}")
        initial = 0
        staked = 0
        for e in deal.events:
            if isinstance(e, Decision):
                action = e.action
                at = actions.get(action, -1)
                if at < 0:
                    at = actions[action] = len(counts)
                    counts.append(0)
                counts[at] = counts[at] + 1
                amount = e.amount
                if amount is not None:
                    if action == "stake":
                        initial += amount
                    elif action == "shoot":  # S2: a bet against the kitty, staked too
                        staked += amount
        for row in deal.rows:
            for h in row:
                hands[h.cls] = hands[h.cls] + 1
                staked += h.stake
        gain = 0
        net_at = deal.net_at
        for at, p in enumerate(deal.punters):  # the punters (seats) in turn: never the banker
            net = net_at[at]
            if net:
                nets[p] = nets[p] + net
                gain -= net
        if bank_net:
            nets[bank] = nets[bank] + bank_net
        if isinstance(deal, ShootDeal):  # S3, S6, S7: the kitty is the bank's money
            for p, paid in deal.shoot_net.items():
                nets[p] = nets[p] + paid
                nets[bank] = nets[bank] - paid
                gain -= paid
        sum_g += gain
        sum_i += initial
        sum_s += staked
        sum_gg += gain * gain
        sum_ii += initial * initial
        sum_ss += staked * staked
        sum_gi += gain * initial
        sum_gs += gain * staked
    sums = (sum_g, sum_i, sum_s, sum_gg, sum_ii, sum_ss, sum_gi, sum_gs)
    result: dict[str, Any] = {"index": index, "seed": seed, "rounds": played}
    for name, value in zip(SUMS, sums, strict=True):
        result[name] = value
    result["nets"] = nets
    result["hands"] = {_LABELS[c]: n for c, n in enumerate(hands) if n}
    result["house_hands"] = {_LABELS[c]: n for c, n in enumerate(house) if n}
    result["decisions"] = {action: counts[at] for action, at in sorted(actions.items())}
    return result


_COUNTS: Final = ("nets", "hands", "house_hands", "decisions")


def empty_total() -> dict[str, Any]:
    """The sums of no shard, to :func:`add` shards to as they finish."""
    total: dict[str, Any] = {"rounds": 0, "shards": 0}
    for name in SUMS:
        total[name] = 0
    for key in _COUNTS:
        total[key] = {}
    return total


def add(total: dict[str, Any], r: dict[str, Any]) -> None:
    """Add shard ``r``'s sums to ``total``. Every figure is an integer, so the sum is exact in
    any order: the shards are added as they finish and nothing is kept of them, so memory stays
    flat however many there are."""
    total["shards"] += 1
    total["rounds"] += r["rounds"]
    for name in SUMS:
        total[name] += r[name]
    for key in _COUNTS:
        into: dict[str, int] = total[key]
        part: dict[str, int] = r[key]
        for k, v in part.items():
            into[k] = into.get(k, 0) + v


def ratio(total: dict[str, Any], gain: str, base: str, cross: str, base_sq: str) -> dict[str, Any]:
    """``sum gain / sum base``, its standard error with rounds as units (the ratio estimator's
    delta method), and the 95% interval; None where there is no base or fewer than 2 rounds."""
    n: int = total["rounds"]
    a: int = total[gain]
    b: int = total[base]
    if b == 0:
        return {"edge": None, "se": None, "ci95": None}
    edge = Fraction(a, b)
    if n < 2:
        return {"edge": float(edge), "se": None, "ci95": None}
    # sum over rounds of (G - edge * B)^2, exactly, then over n (n - 1) and the mean base squared
    spread = total["gain_sq"] - 2 * edge * total[cross] + edge * edge * total[base_sq]
    variance = spread * n * n / (Fraction(n * (n - 1)) * b * b)
    se = math.sqrt(float(variance))
    e = float(edge)
    return {"edge": e, "se": se, "ci95": [e - Z95 * se, e + Z95 * se]}


def report(total: dict[str, Any], setup: dict[str, Any]) -> dict[str, Any]:
    """The report of a simulation: ``setup`` (what was run) and the figures of ``total``."""
    n: int = total["rounds"]
    hands: dict[str, int] = total["hands"]
    house: dict[str, int] = total["house_hands"]
    hand_count = sum(hands.values())
    return {
        **setup,
        "rounds_played": n,
        "edge": {
            "of": setup["house"],
            "per_initial_stake": ratio(total, "gain", "initial", "gain_initial", "initial_sq"),
            "per_unit_staked": ratio(total, "gain", "staked", "gain_staked", "staked_sq"),
        },
        "totals": {
            "gain": total["gain"],
            "initial_stakes": total["initial"],
            "staked": total["staked"],
            "hands": hand_count,
        },
        "mean_net_per_round": {p: v / n if n else 0.0 for p, v in total["nets"].items()},
        "hand_classes": {
            "hands": {k: hands[k] for k in _LABELS if k in hands},
            "house": {k: house[k] for k in _LABELS if k in house},
        },
        "decisions": dict(sorted(total["decisions"].items())),
    }
