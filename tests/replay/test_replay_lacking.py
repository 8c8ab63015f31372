"""A decision the log lacks is named at the hand that lacked it, with its cards and the rule that
asks it (T5.5, T5.8, T6.2, S4, V2; C6), not as the next hand's decision out of turn (T5): an
engine that stops a soft 21 like a hard 21 writes the next punter's decision where the soft 21's
belongs. Each log is ``pontoon play``'s, tampered so that a hand's last decision is gone, and
mostly reduced to the minimal form a third party writes (docs/log-format.md)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import orjson
from support.casino_logs import arranged
from support.logs import play_log, records
from support.replay import LOG, Record, dump, lacking, minimal, only, replay_bytes
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.rules import Rules
from pontoon_cli.logformat.missing import ENDED

#: Seed 17, deal 3: p2 buys to 8C 2D AC, a soft 21, and sticks; p3 buys next.
SOFT = records(play_log(17, deals=12))
#: Seed 24, deal 2: the banker p1 draws to AH AS 9S, a soft 21, and stays: the last decision.
BANKER_SOFT = records(play_log(24, deals=12))
#: Seed 27, deal 6: p3 splits his aces, then splits hand 2's aces again (T5.2).
ACES = records(play_log(27, deals=12))


def without(recs: list[Record], deal: int, index: int) -> list[Record]:
    """``recs`` with decision ``index`` of ``deal`` taken out."""
    tampered = copy.deepcopy(recs)
    del tampered[deal]["decisions"][index]
    return tampered


def text_lines(tmp_path: Path, recs: list[Record]) -> list[str]:
    """What ``pontoon replay`` prints of ``recs`` (the text form), one line a divergence."""
    return [str(d) for d in replay_bytes(dump(recs), str(tmp_path / LOG))]


def test_a_soft_21_stopped_like_a_hard_21_names_its_hand_T5_8(tmp_path: Path) -> None:
    assert SOFT[3]["hands"][0] == {**SOFT[3]["hands"][0], "player": "p2", "cards": "8C 2D AC"}
    decisions = SOFT[3]["decisions"]
    assert decisions[4:6] == [
        {"player": "p2", "hand": 1, "action": "stick"},
        {"player": "p3", "hand": 1, "action": "buy", "amount": 2},
    ]
    recs = minimal(without(SOFT, 3, 4))
    why = "8C 2D AC is a soft 21, which may stick or draw on"
    instead = 'the log goes on with p3\'s "buy 2"'
    assert only(tmp_path, recs) == lacking(tmp_path, 4, 3, "p2", 1, 4, why, "T5.8", instead)
    assert text_lines(tmp_path, recs) == [
        f"{tmp_path / LOG}:4: deal 3: p2 hand 1: decisions[4] missing: 8C 2D AC is a soft 21, "
        'which may stick or draw on (T5.8); the log goes on with p3\'s "buy 2"'
    ]


def test_the_full_form_names_the_same_hand(tmp_path: Path) -> None:
    """The decisions are taken before any other field is compared: the full log's line is the
    minimal log's."""
    why = "8C 2D AC is a soft 21, which may stick or draw on"
    instead = 'the log goes on with p3\'s "buy 2"'
    assert only(tmp_path, without(SOFT, 3, 4)) == lacking(
        tmp_path, 4, 3, "p2", 1, 4, why, "T5.8", instead
    )


def test_a_banker_stopped_on_a_soft_21_T6_2(tmp_path: Path) -> None:
    """Two aces and a 9: the banker's soft 21, on which he may draw on (T6.2); his stay was the
    deal's last decision, so the log's decisions end there."""
    rec = BANKER_SOFT[2]
    assert (rec["banker"], rec["banker_hand"]["cards"]) == ("p1", "AH AS 9S")
    n = len(rec["decisions"]) - 1
    assert rec["decisions"][n] == {"player": "p1", "hand": 1, "action": "stay"}
    recs = minimal(without(BANKER_SOFT, 2, n))
    why = "the banker's AH AS 9S is a soft 21, on which he may draw on or stay"
    assert only(tmp_path, recs) == lacking(tmp_path, 3, 2, "p1", 1, n, why, "T6.2", ENDED)
    assert text_lines(tmp_path, recs) == [
        f"{tmp_path / LOG}:3: deal 2: p1 hand 1: decisions[{n}] missing: the banker's AH AS 9S "
        "is a soft 21, on which he may draw on or stay (T6.2); the log's decisions end there"
    ]


def test_a_split_hand_skipped_for_the_next_names_hand_1_T5_5(tmp_path: Path) -> None:
    """p3's first split is gone: his hand 1, a pair of aces (a soft 12), lacks its decision, and
    the log goes on with his hand 2's. What the hand may do is the engine's list (T5.2-T5.4)."""
    decisions = ACES[6]["decisions"]
    assert decisions[4:6] == [
        {"player": "p3", "hand": 1, "action": "split", "amount": 2},
        {"player": "p3", "hand": 2, "action": "split", "amount": 2},
    ]
    why = "AC AS is a soft 12, which must buy, twist or split: the least to stick on is 15"
    instead = 'the log goes on with p3 hand 2\'s "split"'
    assert only(tmp_path, minimal(without(ACES, 6, 4))) == lacking(
        tmp_path, 7, 6, "p3", 1, 4, why, "T5.5", instead
    )


def test_a_hand_under_a_house_stick_minimum_cites_V2(tmp_path: Path) -> None:
    recs = records(play_log(5, deals=3, rules=Rules(stick_minimum=16)))
    rec = recs[1]
    assert rec["hands"][0]["player"] == "p2" and rec["hands"][0]["cards"].startswith("7D 3H ")
    stakes = sum(d["action"] == "stake" for d in rec["decisions"])
    rec["decisions"] = rec["decisions"][:stakes]  # the stakes, and nobody plays
    why = "7D 3H is 10, which must buy or twist: the least to stick on is 16"
    assert only(tmp_path, minimal(recs)) == lacking(
        tmp_path, 2, 1, "p2", 1, stakes, why, "V2", ENDED
    )


def test_a_decision_recorded_early_is_still_out_of_turn(tmp_path: Path) -> None:
    """p3's buy before p2's stick: p2's hand decides later in the record, so nothing is
    missing; the line is p3's decision out of turn, as before (T5)."""
    recs = copy.deepcopy(SOFT)
    decisions = recs[3]["decisions"]
    decisions[4], decisions[5] = decisions[5], decisions[4]
    found = only(tmp_path, minimal(recs))
    assert "missing" not in found
    assert (found["player"], found["field"], found["recorded"], found["expected"]) == (
        "p3",
        "decisions[4]",
        "buy 2",
        "p2 hand 1 to decide",
    )


def test_a_missing_stake_keeps_its_form_T4_2(tmp_path: Path) -> None:
    """A stake is no hand's decision to lack: the stakes' own words (T4.2)."""
    recs = minimal(copy.deepcopy(SOFT))
    recs[3]["decisions"] = recs[3]["decisions"][:1]
    found = only(tmp_path, recs)
    assert "missing" not in found
    assert (found["field"], found["recorded"], found["rule"]) == ("decisions", "1 decision", "T4.2")


# Shoot Pontoon: a hand that shot before its fourth card must take it (S4) -----------------------


def test_S4_a_hand_that_shot_for_its_fourth_card_and_drew_none(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["play", "--rules", "shoot", "--seed", "3", "--deals", "8", "--strategy", "random"]
    )
    recs: list[dict[str, Any]] = [orjson.loads(line) for line in result.stdout_bytes.splitlines()]
    decisions = recs[6]["decisions"]
    assert decisions[5:8] == [
        {"player": "p3", "hand": 1, "action": "shoot", "amount": 1},
        {"player": "p3", "hand": 1, "action": "twist"},
        {"player": "p4", "hand": 1, "action": "buy", "amount": 12},
    ]
    why = "KH 8C 2C is 20, which shot for its fourth card and must twist"  # it twisted (T5.4)
    instead = 'the log goes on with p4\'s "buy 12"'
    assert only(tmp_path, without(recs, 6, 6)) == lacking(
        tmp_path, 7, 6, "p3", 1, 6, why, "S4", instead
    )


# casino: a soft 21 is asked (C6) ----------------------------------------------------------------


def test_C6_a_casino_soft_21_stopped_names_its_hand(tmp_path: Path) -> None:
    recs = arranged(
        "8D 9C TC 2D 9S 7S AD",  # ann 8D 2D, bob 9C 9S, the dealer TC 7S; ann hits AD
        [
            ("ann", 1, "stake", 2),
            ("bob", 1, "stake", 2),
            ("ann", 1, "hit", None),
            ("ann", 1, "stand", None),
            ("bob", 1, "stand", None),
        ],
        seats=("ann", "bob"),
    )
    assert recs[1]["hands"][0]["cards"] == "8D 2D AD"
    why = "8D 2D AD is a soft 21, which may hit or stand"
    instead = 'the log goes on with bob\'s "stand"'
    assert only(tmp_path, minimal(without(recs, 1, 3))) == lacking(
        tmp_path, 2, 1, "ann", 1, 3, why, "C6", instead
    )
