"""stats() and strategy(): from Python, the figures ``pontoon stats`` and ``pontoon
strategy`` write."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pontoon_cli import (
    Decision,
    PontoonError,
    Rules,
    StrategyChart,
    stats,
    strategy,
    write_log,
)
from pontoon_cli.casino import basic
from pontoon_cli.cli.main import app

runner = CliRunner()
RANKS = "A23456789TJQK"


def cli_json(*args: str) -> object:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout_bytes)


# stats ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["traditional", "shoot", "casino"])
def test_stats_gives_the_figures_of_stats_json(tmp_path: Path, preset: str) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl.gz"
    write_log(first, preset, seed=3, deals=30)
    write_log(second, preset, seed=4, deals=10)
    assert stats(first) == cli_json("stats", "--json", str(first))
    both = stats(str(first), second)  # two logs, one run: as the command reads them
    assert both == cli_json("stats", "--json", str(first), str(second))
    assert both["logs"] == 2 and both["deals"] == 40
    assert stats(io.BytesIO(first.read_bytes())) == stats(first)  # a handle, as read_log takes


def test_stats_refuses_two_presets_as_the_command_does(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    write_log(first, seed=3, deals=2)
    write_log(second, "casino", seed=3, deals=2)
    with pytest.raises(PontoonError, match="run stats on each preset's logs apart"):
        stats(first, second)


# strategy ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        ([], {}),
        (["--rules", "traditional", "--banker-stays", "16"], {"banker_stays": 16}),
        (["--rules", "casino"], {"rules": "casino"}),
        (["--rules", "casino", "--set", "dealer_hits_soft_17=false"], {"soft_17": False}),
    ],
)
def test_the_chart_holds_what_strategy_json_writes(args: list[str], kwargs: dict[str, Any]) -> None:
    if "soft_17" in kwargs:
        rules = Rules.preset_named("casino").with_overrides(
            {"dealer_hits_soft_17": kwargs.pop("soft_17")}
        )
        kwargs["rules"] = rules
    chart = strategy(**kwargs)
    assert isinstance(chart, StrategyChart)
    assert chart.data == cli_json("strategy", "--json", *args)
    edges = chart.data["edge"]
    assert chart.edge == edges.get("banker", edges.get("basic"))


def _casino_hands() -> list[tuple[str, str]]:
    """Every two-card casino hand that has a decision (no pontoon), as cards."""
    out = []
    for i, a in enumerate(RANKS):
        for b in RANKS[i:]:
            values = {min(RANKS.index(a) + 1, 10), min(RANKS.index(b) + 1, 10)}
            if values != {1, 10}:
                out.append((f"{a}H", f"{b}C"))
    return out


def test_the_casino_charts_best_is_the_basic_strategy_play_uses() -> None:
    chart = strategy("casino")
    for cards in _casino_hands():
        best = chart.best(list(cards))
        values = [min(RANKS.index(c[0]) + 1, 10) for c in cards]
        soft = 1 in values and sum(values) + 10 <= 21
        total = sum(values) + (10 if soft else 0)
        pair = values[0] if values[0] == values[1] else None
        assert best.action == basic.decide(soft, total, 2, pair, False, True, True), cards
        assert best.value == best.values[best.action] == max(best.values.values()) or (
            best.action == "split"
        )
    three = chart.best("5H 3C 4D")  # hard 12 in three cards: the table's own row
    assert three.values == chart.data["play"]["hard 12 3"]["ev"]
    assert chart.best("5H 3C 4D", doubled=True).action == "hit"  # a doubled hand doubles no more


def test_the_traditional_charts_best_reads_its_column() -> None:
    chart = strategy()
    two = chart.best("9H 5C")  # hard 14: under the stick minimum, no stick (T5.5)
    row = chart.data["play"]["2"]["hard 14"]
    assert two == Decision(row["order"][0], row["ev"][row["order"][0]], two.values)
    assert list(two.values) == row["order"] and "stick" not in two.values
    assert chart.best(["8H", "8C"]).action == "split"  # the chart splits 8s (T5.2)
    assert chart.data["pairs"]["8"]["split"] is True
    bought = chart.best("5H 3C 2D", bought="bought 2s")
    assert bought.values == chart.data["play"]["3 bought 2s"]["hard 10"]["ev"]
    assert bought.action == chart.data["play"]["3 bought 2s"]["hard 10"]["order"][0]


def test_the_equilibrium_is_what_strategy_equilibrium_json_writes() -> None:
    found = strategy().equilibrium()
    assert found.data == cli_json("strategy", "--equilibrium", "--json")
    assert found.value == found.data["value"] < 0  # the banker's net: the punter's edge
    assert found.punter["first card 10"] == found.data["punter"]["first card 10"]


def test_the_finite_shoe_is_what_strategy_decks_json_writes() -> None:
    figures = strategy("casino").shoe(1)
    assert figures == cli_json("strategy", "--rules", "casino", "--decks", "1", "--json")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: strategy("shoot"), r"strategy\(\): the shoot preset is not calc"),
        (lambda: strategy(banker_stays=3), r"banker_stays= takes a whole number from 4"),
        (lambda: strategy("casino", banker_stays=17), r"banker_stays= a casino dealer"),
        (lambda: strategy(17), r"rules= takes a Rules, a preset name or a rules file"),
        (lambda: strategy().best("TH 6C", "5H"), r"banker_card= no card .* \(T4.3, C4\)"),
        (lambda: strategy().best("TH"), r"cards= TH: no decision to take"),
        (lambda: strategy().best("AH KC"), r"cards= AH KC: no decision"),
        (lambda: strategy().best("TH 1X"), r"cards= '1X' is not a card"),
        (lambda: strategy().best(16), r"cards= takes cards as"),
        (lambda: strategy().best("5H 3C 2D"), r"bought= takes one of bought s, bought"),
        (lambda: strategy().best("5H 3C 2D", bought="s"), r"bought= takes one of .*'s'"),
        (lambda: strategy().best("TH 6C", doubled=True), r"doubled= is a casino hand's"),
        (lambda: strategy("casino").best("TH 2C 3D", bought="twisted"), r"bought= is the"),
        (lambda: strategy("casino").equilibrium(), r"the traditional game only"),
        (lambda: strategy().shoe(), r"shoe\(\): the casino table only"),
        (lambda: strategy("casino").shoe(9), r"decks= takes a whole number from 1 to 8"),
    ],
)
def test_a_natural_mistake_is_refused_naming_the_argument(call: object, message: str) -> None:
    with pytest.raises(PontoonError, match=message):
        call()  # type: ignore[operator]
