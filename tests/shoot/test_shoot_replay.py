"""Replay of Shoot Pontoon's kitty (S1-S10), tampered move by move: each change is one divergence,
in the deal that holds it, citing the rule of the move concerned; none stops the replay."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import orjson
import pytest
from support.replay import Record, dump, replay
from typer.testing import CliRunner

from pontoon_cli.cli.main import app

runner = CliRunner()


def play(*args: str) -> list[Record]:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 0, result.stderr
    return [orjson.loads(line) for line in result.stdout_bytes.splitlines()]


#: Seed 7, 30 deals. Deal 1: the first kitty (S1); 2: two shoot bets paid into it (S7); 5: two
#: lost (S7); 7: the banker's pontoon takes a bet (S3); 8: no move; 18: a bust (S6), then a bet
#: paid out (S7); 21: the bank changes hands (S10 twice), then a bet paid out (S7).
SEVEN = play("--rules", "shoot", "--seed", "7", "--deals", "30")
#: Seed 1, random players: deal 7 holds a split hand's bust (S6 on hand 2).
SPLIT = play("--rules", "shoot", "--seed", "1", "--deals", "10", "--strategy", "random")


def seven() -> list[Record]:
    return copy.deepcopy(SEVEN)


def found(tmp_path: Path, recs: list[Record]) -> list[tuple[Any, ...]]:
    """Every divergence of a tampered log (exit 1) as (deal, player, hand, field, recorded,
    expected, rule)."""
    code, divergences, err = replay(tmp_path, dump(recs))
    assert code == 1, err
    keys = ("deal", "player", "hand", "field", "recorded", "expected", "rule")
    return [tuple(d[k] for k in keys) for d in divergences]


def details(tmp_path: Path, recs: list[Record]) -> list[str | None]:
    """The ``detail`` of every divergence of a tampered log."""
    return [d.get("detail") for d in replay(tmp_path, dump(recs))[1]]


def moves(recs: list[Record], deal: int) -> list[dict[str, Any]]:
    kitty: dict[str, Any] = recs[deal]["kitty"]
    return list(kitty["moves"])


def test_the_seed_7_deals_are_as_described() -> None:
    rules = {n: [m["rule"] for m in moves(SEVEN, n)] for n in (1, 2, 5, 7, 8, 18, 21)}
    assert rules == {
        1: ["S1"],
        2: ["S7", "S7"],
        5: ["S7", "S7"],
        7: ["S3"],
        8: [],
        18: ["S6", "S7"],
        21: ["S10", "S10", "S7"],
    }
    assert [(m["rule"], m["hand"]) for m in moves(SPLIT, 7)][:2] == [("S6", 1), ("S6", 2)]


@pytest.mark.parametrize(("deal", "index"), [(2, 2), (8, 0)])
def test_S7_one_kitty_move_too_many_is_named_by_its_fields(
    tmp_path: Path, deal: int, index: int
) -> None:
    """A move the rules do not make is named, where it is, by its own rule, player and hand,
    not counted (``recorded "3 moves", rules give "2 moves"``)."""
    recs = seven()
    extra = {"rule": "S7", "player": "p1", "hand": 1, "amount": 1}
    recs[deal]["kitty"]["moves"].append(extra)
    assert found(tmp_path, recs) == [(deal, "p1", 1, f"kitty.moves[{index}]", extra, None, "S7")]
    assert details(tmp_path, recs) == ["a move the rules do not make: S7 p1 hand 1 +1"]


def test_S7_a_kitty_move_left_out_is_named_with_its_rule_player_hand_and_amount(
    tmp_path: Path,
) -> None:
    recs = seven()
    left_out = recs[2]["kitty"]["moves"].pop()
    assert left_out == {"rule": "S7", "player": "p2", "hand": 1, "amount": 5}
    assert found(tmp_path, recs) == [(2, "p2", 1, "kitty.moves[1]", None, left_out, "S7")]
    assert details(tmp_path, recs) == [
        "missing: p2 hand 1's shoot bets of 5 go into the kitty, not having beaten the banker (S7)"
    ]


def test_S7_the_first_of_two_moves_left_out_is_that_one_not_the_next_shifted(
    tmp_path: Path,
) -> None:
    """Without p1's move, p2's is not "p1's move with its player changed" (as by position:
    ``kitty.moves[0].player recorded "p2", rules give "p1"``): p1's is missing."""
    recs = seven()
    left_out = recs[2]["kitty"]["moves"].pop(0)
    assert left_out["player"] == "p1"
    assert found(tmp_path, recs) == [(2, "p1", 1, "kitty.moves[0]", None, left_out, "S7")]


def test_S7_a_move_paid_to_another_player_is_named_by_its_changed_field(
    tmp_path: Path,
) -> None:
    """One move for one: the same move with its player changed, as before."""
    recs = seven()
    recs[7]["kitty"]["moves"][0]["player"] = "p4"
    (d,) = found(tmp_path, recs)
    assert d[3:] == ("kitty.moves[0].player", "p4", SEVEN[7]["kitty"]["moves"][0]["player"], "S3")


def test_S10_a_missing_new_kitty_cites_S10(tmp_path: Path) -> None:
    recs = seven()
    new_kitty = recs[21]["kitty"]["moves"].pop(1)  # the new banker's kitty (S10)
    assert found(tmp_path, recs) == [(21, "p1", None, "kitty.moves[1]", None, new_kitty, "S10")]
    assert details(tmp_path, recs) == ["missing: p1, the new banker, puts up a kitty of 20 (S10)"]


def test_S8_a_recorded_negative_kitty_after_cites_S8(tmp_path: Path) -> None:
    recs = seven()
    recs[5]["kitty"]["after"] = -1
    assert found(tmp_path, recs) == [(5, "p4", None, "kitty.after", -1, 8, "S8")]


def test_S8_a_recorded_negative_kitty_before_cites_S8_even_as_the_last_after(
    tmp_path: Path,
) -> None:
    """Deal 5's ``after`` written as -1 and deal 6 going on from it: both are S8, not the
    second one taken as the number the last deal wrote."""
    recs = seven()
    recs[5]["kitty"]["after"] = -1
    recs[6]["kitty"]["before"] = -1
    assert found(tmp_path, recs) == [
        (5, "p4", None, "kitty.after", -1, 8, "S8"),
        (6, None, None, "kitty.before", -1, 8, "S8"),
    ]


@pytest.mark.parametrize(
    ("log", "deal", "index", "hand", "want"),
    [
        ("seven", 2, 0, None, (2, "p1", 1, "kitty.moves[0].hand", None, 1, "S7")),
        ("seven", 18, 0, None, (18, "p2", 1, "kitty.moves[0].hand", None, 1, "S6")),
        ("seven", 1, 0, 1, (1, "p4", None, "kitty.moves[0].hand", 1, None, "S1")),
        ("seven", 21, 1, 1, (21, "p1", None, "kitty.moves[1].hand", 1, None, "S10")),
        # a split hand's move with no hand is not a question of which hand (S5): its own rule
        ("split", 7, 1, None, (7, "p2", 2, "kitty.moves[1].hand", None, 2, "S6")),
        ("split", 7, 1, 1, (7, "p2", 2, "kitty.moves[1].hand", 1, 2, "S5")),
    ],
)
def test_a_kitty_moves_hand_changed_cites_the_moves_own_rule(
    tmp_path: Path, log: str, deal: int, index: int, hand: int | None, want: tuple[Any, ...]
) -> None:
    recs = seven() if log == "seven" else copy.deepcopy(SPLIT)
    recs[deal]["kitty"]["moves"][index]["hand"] = hand
    assert found(tmp_path, recs) == [want]


@pytest.mark.parametrize("also_before", [True, False])
def test_S7_a_changed_kitty_after_is_one_divergence_whatever_the_next_before(
    tmp_path: Path, also_before: bool
) -> None:
    """Deal 5's ``after`` changed, and deal 6's ``before`` with it or not: the next deal goes on
    from the kitty the rules give and may continue from either number."""
    recs = seven()
    recs[5]["kitty"]["after"] += 1
    if also_before:
        recs[6]["kitty"]["before"] += 1
    assert found(tmp_path, recs) == [(5, "p4", None, "kitty.after", 9, 8, "S7")]


def test_S7_a_changed_shoot_bet_is_one_divergence_the_kitty_goes_on_as_recorded(
    tmp_path: Path,
) -> None:
    """The re-deal of a changed decision is not the record's kitty: the next deal goes on from
    the recorded ``after``, which agrees with the recorded moves."""
    recs = seven()
    bet = next(d for d in recs[2]["decisions"] if d["action"] == "shoot")
    bet["amount"] += 1
    assert found(tmp_path, recs) == [(2, bet["player"], 1, "kitty.moves[0].amount", 5, 6, "S7")]


def test_S8_a_before_that_is_neither_number_is_still_caught(tmp_path: Path) -> None:
    recs = seven()
    recs[5]["kitty"]["after"] += 1
    recs[6]["kitty"]["before"] += 2
    assert found(tmp_path, recs) == [
        (5, "p4", None, "kitty.after", 9, 8, "S7"),
        (6, None, None, "kitty.before", 10, 8, "S8"),
    ]


@pytest.mark.parametrize(("deal", "rule"), [(1, "S1"), (7, "S3"), (18, "S7"), (21, "S7")])
def test_a_kitty_after_divergence_cites_the_last_moves_rule(
    tmp_path: Path, deal: int, rule: str
) -> None:
    recs = seven()
    want = recs[deal]["kitty"]["after"]
    assert moves(recs, deal)[-1]["rule"] == rule
    recs[deal]["kitty"]["after"] += 1
    assert found(tmp_path, recs) == [
        (deal, recs[deal]["banker"], None, "kitty.after", want + 1, want, rule)
    ]


def test_a_record_without_kitty_after_carries_the_re_dealt_kitty(tmp_path: Path) -> None:
    recs = seven()
    del recs[5]["kitty"]["after"]
    assert replay(tmp_path, dump(recs))[:2] == (0, [])
    recs[6]["kitty"]["before"] = 9  # the re-dealt deal 5 left 8
    assert found(tmp_path, recs) == [(6, None, None, "kitty.before", 9, 8, "S8")]


def test_a_traditional_log_without_one_deals_balance_verifies(tmp_path: Path) -> None:
    log = play("--seed", "7", "--deals", "30")
    for deal in range(1, len(log)):
        recs = copy.deepcopy(log)
        del recs[deal]["balance"]
        code, divergences, err = replay(tmp_path, dump(recs))
        assert (code, divergences) == (0, []), (deal, err)
    recs = copy.deepcopy(log)
    del recs[5]["balance"]
    recs[6]["balance"]["p1"] += 1  # deal 6 still goes on from deal 5's re-dealt balances
    divergence = found(tmp_path, recs)[0]
    assert divergence[:4] == (6, "p1", None, "balance") and divergence[4] == divergence[5] + 1


def test_S8_a_refused_top_up_at_kitty_max_replays(tmp_path: Path) -> None:
    recs = play("--rules", "shoot", "--seed", "7", "--deals", "10", "--set", "kitty=100")
    assert recs[2]["kitty"]["before"] == recs[0]["rules"]["kitty_max"] == 100
    banker = recs[2]["banker"]
    recs[2]["kitty"]["moves"].insert(0, {"rule": "S8", "player": banker, "hand": None, "amount": 1})
    code, divergences, err = replay(tmp_path, dump(recs))
    assert code == 1
    assert [
        (d["deal"], d["player"], d["field"], d["recorded"], d["expected"], d["rule"])
        for d in divergences
    ] == [(2, banker, "kitty.moves", 1, "cannot add 1 to a kitty of 100: kitty_max is 100", "S8")]
    assert "9 deals verified, 1 with divergences" in err  # the rest of the log replays
