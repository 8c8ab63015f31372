"""Shoot Pontoon in scenario files (S1-S10): `kitty` in [table], `kitty_add`, `expect.kitty`,
`shoot N`; what `check` refuses and what `play` stops at, with the rule ID."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pontoon_cli.cli.main import app

runner = CliRunner()

HEAD = """\
name = "shoot"
rules = "shoot"
strategy = "strict"

[table]
players = ["ann", "bob", "cal"]
banker = "cal"
bankroll = 100
kitty = 30
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(text)
    return path


def test_S1_S2_S8_kitty_keys_and_shoot_under_the_traditional_rules_are_refused(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        HEAD.replace('rules = "shoot"', 'rules = "traditional"')
        + """
[[deal]]
kitty_add = 5
ann = ["shoot 5", "stick"]
expect = { kitty = 30 }
""",
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [
        f"{path}:9: table.kitty: the kitty belongs to Shoot Pontoon (S1); preset is 'traditional'",
        f"{path}:12: deal[1].kitty_add: the kitty belongs to Shoot Pontoon (S8); preset is "
        "'traditional'",
        f"{path}:13: deal[1].ann: action 1: 'shoot 5' is not part of the traditional rules (S2)",
        f"{path}:14: deal[1].expect.kitty: the kitty belongs to Shoot Pontoon (S1)",
    ]


def test_S1_S2_S8_shoot_scenario_values_are_checked(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        HEAD.replace("kitty = 30", "kitty = 500")
        + """
[[deal]]
kitty_add = 0
ann = ["shoot", "stick"]
expect = { kitty = -1 }
""",
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    out = result.stdout
    assert (
        "table.kitty: rule setting 'kitty': 500 is not from kitty_min 10 to kitty_max 100 (S1)"
        in out
    )
    assert "deal[1].kitty_add: " in out
    assert "deal[1].ann: action 1: 'shoot': shoot needs a whole amount, e.g. 'shoot 4' (S2)" in out
    assert "deal[1].expect.kitty: " in out


def test_S4_an_illegal_shoot_bet_exits_1_with_deal_player_hand_and_rule(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        HEAD
        + """
[[deal]]
pack = "5H 6C TD 4S 5D 8C 3C"
stakes = { ann = 2, bob = 2 }
ann = ["shoot 5", "shoot 1", "twist"]
""",
    )
    result = runner.invoke(app, ["play", str(path)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"pontoon: {path}:14: deal 1, ann, hand 1: cannot shoot: no shoot bet on the third card: "
        "the next comes before the fourth (S4)\n"
    )


def test_S8_a_top_up_past_kitty_max_exits_1(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "\n[[deal]]\nkitty_add = 71\n")
    result = runner.invoke(app, ["play", str(path)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"pontoon: {path}:12: deal 1, cal: cannot add 71 to a kitty of 30: kitty_max is 100 (S8)\n"
    )


def test_S7_a_failed_kitty_expectation_shows_expected_and_actual(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        HEAD
        + """
[[deal]]
pack = "AH KC 9D 8S 7C 8D"
stakes = { ann = 2, bob = 2 }
ann = ["shoot 10", "stick"]
bob = ["stick"]
banker = ["stay"]
expect = { kitty = 30 }
""",
    )
    result = runner.invoke(app, ["play", str(path)])
    assert result.exit_code == 1
    assert f"{path}:17  deal 1  kitty  30        20" in result.stderr
