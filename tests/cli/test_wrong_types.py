"""A value of the wrong type (2.5, true, "3") is refused by the public reader that took it in.

The engine's methods are typed; compiled (mypyc), they refuse a wrong type with a bare TypeError
before their own checks run. So a wrong type is tested where a user can give one: a scenario file,
a rules file, a log (docs/development/style.md, "The engine"). Whole numbers out of range stay
tested at the engine (test_engine.py). Every case runs on both builds (``make test`` runs the
suite twice).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pontoon_cli.cli.main import app

runner = CliRunner()

SCENARIO = """\
name = "wrong types"
rules = "traditional"
[table]
players = ["ann", "bob", "carl"]
banker = "carl"
bankroll = 50
[[deal]]
pack = "9H TS TD 8H 7S 8D"
stakes = {{ ann = {stake}, bob = 3 }}
ann = [{ann}]
bob = ["stick"]
banker = ["stay"]
[[deal]]
sell_bank = {{ to = "bob", price = {price} }}
pack = "KC 7C QH 9C 5C 8C 6D"
stakes = {{ carl = 4, ann = 1 }}
carl = ["stick"]
ann = ["twist", "stick"]
banker = ["stay"]
"""


def play(tmp_path: Path, stake: str = "2", ann: str = '"stick"', price: str = "5") -> tuple:
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.format(stake=stake, ann=ann, price=price))
    result = runner.invoke(app, ["play", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr.replace(str(path), "s.toml")


def test_the_scenario_plays_with_whole_numbers(tmp_path: Path) -> None:
    code, out, err = play(tmp_path)
    assert (code, err) == (0, "s.toml: 2 deals played, no expectations to check\n")
    assert out.count('"type":"deal"') == 2


@pytest.mark.parametrize(
    ("stake", "got"),
    [("2.5", "a number 2.5"), ("true", "a boolean True"), ('"3"', "a string '3'")],
    ids=["T7_3-float", "T7_3-bool", "T7_3-string"],
)
def test_T7_3_a_stake_that_is_not_a_whole_number(tmp_path: Path, stake: str, got: str) -> None:
    assert play(tmp_path, stake=stake) == (
        2,
        "",
        f"s.toml:9: deal[1].stakes.ann: expected a whole number, got {got}\n",
    )


@pytest.mark.parametrize("amount", ["4.5", "true"], ids=["T7_3-float", "T7_3-bool"])
def test_T7_3_a_buy_that_is_not_a_whole_number(tmp_path: Path, amount: str) -> None:
    assert play(tmp_path, ann=f'"buy {amount}", "stick"') == (
        2,
        "",
        f"s.toml:10: deal[1].ann: action 1: 'buy {amount}': buy needs a whole amount, "
        "e.g. 'buy 4' (T5.3)\n",
    )


@pytest.mark.parametrize(
    ("price", "got"),
    [("2.5", "a number 2.5"), ("true", "a boolean True"), ('"5"', "a string '5'")],
    ids=["T8_4-float", "T8_4-bool", "T8_4-string"],
)
def test_T8_4_a_bank_price_that_is_not_a_whole_number(tmp_path: Path, price: str, got: str) -> None:
    assert play(tmp_path, price=price) == (
        2,
        "",
        f"s.toml:14: deal[2].sell_bank.price: expected a whole number, got {got}\n",
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('preset = "traditional"\nstick_minimum = "sixteen"\n', "rule setting 'stick_minimum'"),
        ('preset = "traditional"\nsplit_aces_only = 1\n', "rule setting 'split_aces_only'"),
        ("preset = [1]\n", "unknown preset [1]"),
    ],
    ids=["T5_5-string", "V1-int-for-bool", "preset-list"],
)
def test_a_rules_file_setting_of_the_wrong_type(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "r.toml"
    path.write_text(text)
    for command in (["check", str(path)], ["play", "--seed", "1", "--rules", str(path)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, (command, result.exception)
        assert message in result.stdout + result.stderr
        assert "Traceback" not in result.stdout + result.stderr
