"""Shoot Pontoon's S1, S3, S5 and S9 in what a user sees: the command line and the log.

tests/shoot/test_shoot.py drives the engine rule by rule; here the Shoot scenarios of
``scenarios/`` are played and their logs read: the kitty moves each rule writes, and replay
catching each one changed.
The kitty settings that contradict each other are refused on the command line (S1).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import orjson
import pytest
from support.replay import first
from typer.testing import CliRunner

from pontoon_cli.cli.main import app

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"

runner = CliRunner()
Record = dict[str, Any]


def scenario_log(name: str) -> list[Record]:
    result = runner.invoke(app, ["play", str(SCENARIOS / name)])
    assert result.exit_code == 0, result.stderr
    return [orjson.loads(line) for line in result.stdout_bytes.splitlines()]


S3_LOG = scenario_log("s3-banker-pontoon-takes-the-shoot-bets.toml")
S5_LOG = scenario_log("s5-split-hands-shoot.toml")
S9_LOG = scenario_log("s8-s9-s10-the-kitty-between-deals.toml")


def moves(rec: Record) -> list[tuple[str, str, int | None, int]]:
    return [(m["rule"], m["player"], m["hand"], m["amount"]) for m in rec["kitty"]["moves"]]


# S1 the limits of the kitty ---------------------------------------------------------------------


def test_S1_a_kitty_min_above_kitty_max_is_refused_as_such() -> None:
    result = runner.invoke(
        app, ["play", "--rules", "shoot", "--set", "kitty_min=50", "--set", "kitty_max=40"]
    )

    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "pontoon: rule settings 'kitty_min' 50 and 'kitty_max' 40: the least kitty is above the "
        "most (S1)\n"
    )


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        # the limits agree, the kitty (20 by default) lies outside them
        (["kitty_min=50", "kitty_max=60"], "rule setting 'kitty': 20 is not from kitty_min 50 to "),
        # the limits contradict each other whatever the kitty
        (["kitty_min=50", "kitty_max=40", "kitty=45"], "rule settings 'kitty_min' 50 and "),
    ],
)
def test_S1_the_kitty_or_its_limits_are_named_for_what_is_wrong(
    settings: list[str], message: str
) -> None:
    args = [arg for setting in settings for arg in ("--set", setting)]
    result = runner.invoke(app, ["play", "--rules", "shoot", *args])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"pontoon: {message}")


def test_S1_a_kitty_min_equal_to_kitty_max_fixes_the_kitty() -> None:
    limits = ["--set", "kitty_min=30", "--set", "kitty_max=30", "--set", "kitty=30"]
    result = runner.invoke(
        app, ["play", "--rules", "shoot", "--deals", "1", "--seed", "1", *limits]
    )
    assert result.exit_code == 0, result.stderr
    deal = orjson.loads(result.stdout_bytes.splitlines()[1])
    assert deal["kitty"]["moves"][0]["rule"] == "S1"
    assert deal["kitty"]["moves"][0]["amount"] == 30


# S3 a banker's pontoon --------------------------------------------------------------------------


def test_S3_in_the_log_a_bankers_pontoon_takes_every_shoot_bet_into_the_kitty() -> None:
    deal = S3_LOG[1]
    bets = [(d["player"], d["amount"]) for d in deal["decisions"] if d["action"] == "shoot"]
    assert deal["banker_hand"]["class"] == "pontoon"
    assert moves(deal)[1:] == [("S3", who, 1, amount) for who, amount in bets]
    assert deal["kitty"]["after"] == deal["kitty"]["before"] + 20 + sum(a for _, a in bets)
    assert all(len(h["cards"].split()) == 2 for h in deal["hands"])  # the deal ended (T4.4)


def test_S3_a_shoot_bet_the_bankers_pontoon_took_changed_in_the_log_is_caught(
    tmp_path: Path,
) -> None:
    recs = copy.deepcopy(S3_LOG)
    recs[1]["kitty"]["moves"][1]["amount"] = 4
    d = first(tmp_path, recs)
    assert (d["deal"], d["player"], d["field"], d["recorded"], d["expected"], d["rule"]) == (
        1,
        "ann",
        "kitty.moves[1].amount",
        4,
        5,
        "S3",
    )


# S5 a split hand's shoot bets -------------------------------------------------------------------


def test_S5_in_the_log_the_bet_before_the_split_is_settled_with_the_first_cards_hand() -> None:
    deal = S5_LOG[1]
    first_card = deal["cards"][0]
    assert first_card["player"] == "ann"
    bets = [(d["hand"], d["amount"]) for d in deal["decisions"] if d["action"] == "shoot"]
    assert bets == [(1, 10), (2, 5)]  # before the split, on hand 1; then hand 2's own
    hands = {h["hand"]: h for h in deal["hands"]}
    assert hands[1]["cards"].split()[0] == first_card["card"]  # hand 1 kept the first card
    # hand 1's 19 beats the banker's 18: its 10 out of the kitty; hand 2's 18 ties: its 5 in
    assert moves(deal)[1:] == [("S7", "ann", 1, -10), ("S7", "ann", 2, 5)]


def test_S5_a_split_hands_bet_moved_to_the_other_hand_in_the_log_is_caught(
    tmp_path: Path,
) -> None:
    recs = copy.deepcopy(S5_LOG)
    recs[1]["kitty"]["moves"][1]["hand"] = 2
    d = first(tmp_path, recs)
    assert (d["field"], d["recorded"], d["expected"]) == ("kitty.moves[1].hand", 2, 1)
    assert d["rule"] == "S5"  # which hand of a split holds the bet


def test_S3_a_changed_kitty_after_a_bankers_pontoon_cites_S3(tmp_path: Path) -> None:
    recs = copy.deepcopy(S3_LOG)
    recs[1]["kitty"]["after"] += 1
    d = first(tmp_path, recs)
    assert (d["field"], d["recorded"] - d["expected"], d["rule"]) == ("kitty.after", 1, "S3")


# S9 an emptied kitty ----------------------------------------------------------------------------


def test_S9_in_the_log_a_kitty_emptied_by_a_deal_is_put_up_anew_before_the_next() -> None:
    _, one, two, _ = S9_LOG
    assert one["kitty"]["after"] == 0  # ann's shoot bet won the whole kitty
    assert two["kitty"]["before"] == 0
    assert moves(two)[0] == ("S9", "cal", None, 10)  # [table] kitty = 10, by the same banker
    assert two["banker"] == one["next_banker"] == "cal"
    # cal's balance pays for it: 83 after deal 1, -10 for the kitty, -1 on the stakes
    assert (one["balance"]["cal"], two["net"]["cal"], two["balance"]["cal"]) == (83, -1, 72)


@pytest.mark.parametrize(
    ("tamper", "field", "recorded", "expected"),
    [
        (lambda moves: moves[0].update(amount=11), "kitty.moves[0].amount", 11, 10),
        (
            lambda moves: moves.pop(0),
            "kitty.moves[0]",
            None,
            {"rule": "S9", "player": "cal", "hand": None, "amount": 10},
        ),
    ],
    ids=["amount", "left-out"],
)
def test_S9_a_kitty_put_up_anew_changed_or_left_out_of_the_log_is_caught(
    tmp_path: Path, tamper: Any, field: str, recorded: object, expected: object
) -> None:
    recs = copy.deepcopy(S9_LOG)
    tamper(recs[2]["kitty"]["moves"])
    d = first(tmp_path, recs)
    assert (d["deal"], d["player"], d["field"], d["recorded"], d["expected"], d["rule"]) == (
        2,
        "cal",
        field,
        recorded,
        expected,
        "S9",
    )
