"""The ``equilibrium`` strategy plays the shipped solve (pontoon_cli/traditional/equilibrium.json)
in play and simulate: seeded, byte-identical, verified by replay, every choice one the solve
gives a chance, and no strategy of the tool's beats either side beyond the noise.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import pontoon_cli
from pontoon_cli import PontoonError, Table, play, simulate, verify
from pontoon_cli.cli.main import app
from pontoon_cli.traditional import equilibrium as names

RANK_VALUE = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}
TRADITIONAL = pontoon_cli.Rules.preset_named("traditional")
HEADS_UP = Table.seated(TRADITIONAL, 2)
runner = CliRunner()
compiled_only = pytest.mark.skipif(
    pontoon_cli.BUILD != "compiled",
    reason="statistics over many deals: the compiled pass plays them; the pure pass plays the "
    "same deals byte for byte (tests/project/test_equivalence.py)",
)


@functools.cache
def solve() -> dict[str, Any]:
    return names.shipped_data()


def value(card: str) -> int:
    return RANK_VALUE.get(card[0]) or int(card[0])


def _log(seed: int, deals: int, table: Table = HEADS_UP, **strategies: str) -> list[bytes]:
    import orjson

    return [orjson.dumps(r) for r in play(table=table, seed=seed, deals=deals, **strategies)]


# the log as the banker and punter saw it, read apart from the players' own code ------------------


class Hand:
    """A punter hand as the table saw it, from the record alone."""

    def __init__(self) -> None:
        self.stake = 0
        self.cards: list[str] = []
        self.prices: list[int] = []  # each bought card's price, in stakes
        self.twisted: list[str] = []

    def public(self, stakes: tuple[int, int]) -> str:
        twisted_low = sum(value(c) for c in self.twisted)
        ace = any(c[0] == "A" for c in self.twisted)
        stake = stakes[0] if self.stake == 1 else stakes[1]
        return names.public_name(stake, tuple(self.prices), len(self.twisted), twisted_low, ace)


def best(cards: list[str]) -> tuple[int, bool]:
    low = sum(value(c) for c in cards)
    soft = any(c[0] == "A" for c in cards) and low + 10 <= 21
    return (low + 10 if soft else low), soft


def situations(deal: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Each decision of ``deal``: (who, the situation's key as the solve names it, the choice)."""
    table = solve()
    stakes = (table["stakes"][0], table["stakes"][-1])
    dealt: dict[tuple[str, int], list[str]] = {}
    for c in deal["cards"]:
        dealt.setdefault((c["player"], c["hand"]), []).append(c["card"])
    hands: dict[tuple[str, int], Hand] = {}
    banker = deal["banker"]
    banker_drawn = 0
    out = []
    for d in deal["decisions"]:
        at = (d["player"], d["hand"])
        if d["player"] == banker:
            cards = dealt[at][: 2 + banker_drawn]
            total, soft = best(cards)
            standing = [
                h for h in hands.values() if best(h.cards)[0] <= 21 and not _pontoon(h.cards)
            ]
            if not standing:  # a punter's pontoon: nothing of his can beat it
                out.append(("banker", "", d["action"]))
                continue
            (h,) = standing  # heads-up: the one punter hand he plays against
            seen = names.seen_name(h.public(stakes), len(h.cards) == 5)
            key = f"{seen}: banker {names.banker_hand_name(total, soft, len(cards))}"
            out.append(("banker", key, d["action"]))
            banker_drawn += d["action"] == "draw"
            continue
        h = hands.setdefault(at, Hand())
        if d["action"] == "stake":
            h.stake = d["amount"]
            h.cards = dealt[at][:2]
            out.append(("punter", names.stake_key(value(h.cards[0])), f"stake {d['amount']}"))
            continue
        total, soft = best(h.cards)
        key = f"{h.public(stakes)}: {names.hand_name(total, soft)}"
        choice = d["action"]
        if choice == "buy":
            choice = f"buy {d['amount'] // h.stake}s"
        out.append(("punter", key, choice))
        if d["action"] in ("buy", "twist"):
            card = dealt[at][len(h.cards)]
            h.cards.append(card)
            if d["action"] == "buy":
                h.prices.append(d["amount"] // h.stake)
            else:
                h.twisted.append(card)
    return out


def _pontoon(cards: list[str]) -> bool:
    return len(cards) == 2 and {value(c) for c in cards} == {1, 10}


def chance(who: str, key: str, choice: str) -> float:
    table = solve()
    if not key:
        return float(choice == "stay")
    if who == "punter":
        return float(table["punter"][key].get(choice, 0.0))
    seen, _, hand = key.partition(": banker ")
    draw = float(table["banker"][seen][hand])
    return draw if choice == "draw" else 1 - draw


# play --------------------------------------------------------------------------------------------


def test_T4_2_T5_T6_1_equilibrium_play_is_the_same_bytes_for_a_seed_and_replay_verifies_it() -> (
    None
):
    for table in (HEADS_UP, Table.seated(TRADITIONAL, 4)):
        first = _log(5, 150, table, strategy="equilibrium")
        assert first == _log(5, 150, table, strategy="equilibrium")
        assert first != _log(6, 150, table, strategy="equilibrium")
        assert b'"strategies":{"punter":"equilibrium","banker":"equilibrium"}' in first[0]
        assert list(verify(first)) == []


def test_T5_T6_1_every_choice_the_equilibrium_makes_is_one_the_solve_gives_a_chance() -> None:
    """Each decision, its situation rebuilt from the log alone (the stake, each buy's price,
    each twisted card), is one the solve plays with a chance above 0: the players name the
    situations as the solve does."""
    import orjson

    seen: Counter[str] = Counter()
    for line in _log(11, 400, strategy="equilibrium")[1:]:
        for who, key, choice in situations(orjson.loads(line)):
            assert chance(who, key, choice) > 0, (who, key, choice)
            seen[who] += 1
    assert seen["punter"] > 800 and seen["banker"] > 200


def test_T4_2_the_stake_on_a_first_card_is_mixed_as_the_solve_says() -> None:
    """On a ten-card first the solve stakes the least with 0.957; the seeded draws follow it
    within four standard errors, and on a pure choice (an ace: the most) never stray."""
    import orjson

    stakes: dict[int, Counter[int]] = {1: Counter(), 10: Counter()}
    for line in _log(3, 3000, Table.seated(TRADITIONAL, 5), strategy="equilibrium")[1:]:
        deal = orjson.loads(line)
        firsts: dict[str, str] = {}
        for c in deal["cards"]:
            firsts.setdefault(c["player"], c["card"])
        for d in deal["decisions"]:
            if d["action"] == "stake" and value(firsts[d["player"]]) in stakes:
                stakes[value(firsts[d["player"]])][d["amount"]] += 1
    p = solve()["punter"]["first card 10"]["stake 1"]
    n = sum(stakes[10].values())
    assert n > 2000
    assert abs(stakes[10][1] / n - p) < 4 * math.sqrt(p * (1 - p) / n)
    assert stakes[10][10] > 0  # mixed: both are played
    assert set(stakes[1]) == {10}


@pytest.mark.parametrize(
    ("settings", "problem"),
    [
        (
            {"stick_minimum": 16},
            "these rules differ: stick_minimum=16 (T5.5, V2, V9)",
        ),
        ({"banker_doubles": True, "burn_on": 13}, "banker_doubles=true (V3), burn_on=13 (V8)"),
    ],
)
def test_V2_V3_V8_the_equilibrium_refuses_rules_it_was_not_solved_for(
    settings: dict[str, Any], problem: str
) -> None:
    rules = pontoon_cli.Rules.preset_named("traditional").with_overrides(settings)
    with pytest.raises(PontoonError, match="the equilibrium strategy is solved for") as err:
        next(iter(play(rules, seed=1, deals=1, strategy="equilibrium")))
    assert problem in str(err.value)
    # packs and splits are not in what it plays: those settings it takes
    more = pontoon_cli.Rules.preset_named("traditional").with_overrides(
        {"packs": 2, "max_hands": 1}
    )
    assert len(list(play(more, seed=1, deals=2, strategy="equilibrium"))) == 3


def test_S1_shoot_pontoon_is_refused_with_the_game_it_was_solved_for(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--rules", "shoot", "--strategy", "equilibrium"])
    assert result.exit_code == 2
    assert result.stderr == (
        "pontoon: --strategy equilibrium: the equilibrium strategy is solved for the traditional "
        "game (T1-T8), not for shoot (T1-T8, S1-S10)\n"
    )
    scenario = tmp_path / "s.toml"
    scenario.write_text(
        'rules = { preset = "traditional", stick_minimum = 17 }\nseed = 1\n'
        'strategy = "equilibrium"\n\n[table]\nplayers = ["ann", "bob"]\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["play", str(scenario)])
    assert result.exit_code == 2
    assert (
        "strategy: the equilibrium strategy is solved for the traditional preset's settings, "
        "and these rules differ: stick_minimum=17 (T5.5, V2, V9)"
    ) in result.stderr


# simulate: checked, not assumed ------------------------------------------------------------------

ROUNDS = 100_000


def _banker_per_deal(report: dict[str, Any]) -> tuple[float, float]:
    """The banker's mean net a deal, and its standard error (from the edge's, per stake)."""
    totals, rounds = report["totals"], report["rounds_played"]
    per_stake = totals["initial_stakes"] / rounds
    return totals["gain"] / rounds, report["edge"]["per_initial_stake"]["se"] * per_stake


@compiled_only
def test_T8_simulated_heads_up_the_equilibrium_edge_is_its_value_within_the_noise() -> None:
    report = simulate(players=2, rounds=ROUNDS, seed=1, strategy="equilibrium")
    edge = report["edge"]["per_initial_stake"]
    assert abs(edge["edge"] - solve()["value"]) < 4 * edge["se"]
    gain, se = _banker_per_deal(report)
    assert abs(gain - solve()["value_per_deal"]) < 4 * se


@compiled_only
@pytest.mark.parametrize("punter", ["default", "random", "examples/strategy.py:Cautious"])
def test_T5_no_punter_of_the_tool_beats_the_equilibrium_banker(punter: str) -> None:
    """Against the equilibrium banker no punter gains more a deal than the game's value gives
    him (the banker's net is at least ``value_per_deal``), beyond four standard errors."""
    report = simulate(
        players=2, rounds=ROUNDS, seed=2, strategy=punter, banker_strategy="equilibrium"
    )
    gain, se = _banker_per_deal(report)
    assert gain > solve()["value_per_deal"] - 4 * se


@compiled_only
@pytest.mark.parametrize("banker", ["default", "random"])
def test_T6_1_no_banker_of_the_tool_beats_the_equilibrium_punter(banker: str) -> None:
    report = simulate(
        players=2, rounds=ROUNDS, seed=3, strategy="equilibrium", banker_strategy=banker
    )
    gain, se = _banker_per_deal(report)
    assert gain < solve()["value_per_deal"] + 4 * se
