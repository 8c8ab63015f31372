"""What replay and the engine say of a refused shoot bet or buy in Shoot Pontoon (S2, T8.6): a
shoot bet recorded for a punter the round of shoot bets passed because he could shoot nothing
says why, as a shoot bet over the limit does, not whose turn it is; a refusal for want of
balance shows the balance, the stake and the shoot bets that leave it."""

from __future__ import annotations

import copy
from pathlib import Path

import orjson
import pytest
from support.engine import SEATS, stacked, table
from support.replay import Record, dump, replay

from pontoon_cli import play
from pontoon_cli.base.start import DealSetup
from pontoon_cli.core.errors import IllegalAction
from pontoon_cli.core.rules import PRESETS, Table
from pontoon_cli.replay.run import replay_lines
from pontoon_cli.shoot.deal import ShootDeal
from pontoon_cli.shoot.kitty import Kitty

SHOOT = PRESETS["shoot"]
#: Seed 1, random players: in deal 5 (p1 banks) p3 shoots the whole kitty of 6 in the round after
#: the stakes (S2), so p4, after him, is not asked; p2's hand plays first.
RANDOM_1 = list(play("shoot", seed=1, deals=5, strategy="random"))
#: Seed 7, random players at bankrolls of 30: in deal 4 p1 (25 before it) stakes 8, shoots 9,
#: and buys his third card for 8, all he has left.
SMALL_7 = list(
    play(
        "shoot",
        Table.build(["p1", "p2", "p3", "p4"], bankroll=30),
        seed=7,
        deals=4,
        strategy="random",
    )
)


def divergences(tmp_path: Path, recs: list[Record]) -> list[Record]:
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1, err
    return found


def test_S2_a_shoot_bet_after_the_kitty_is_taken_up_says_so_not_whose_turn(tmp_path: Path) -> None:
    recs = copy.deepcopy(RANDOM_1)
    decisions = recs[5]["decisions"]
    assert [(d["player"], d["action"], d.get("amount")) for d in decisions[3:5]] == [
        ("p3", "shoot", 6),
        ("p2", "buy", 6),
    ]
    assert (recs[5]["banker"], recs[5]["kitty"]["before"]) == ("p1", 6)
    decisions.insert(4, {"player": "p4", "hand": 1, "action": "shoot", "amount": 5})
    d = divergences(tmp_path, recs)[0]
    assert (d["deal"], d["player"], d["hand"], d["field"], d["recorded"], d["rule"]) == (
        5,
        "p4",
        1,
        "decisions[4]",
        "shoot 5",
        "S2",
    )
    assert d["expected"] == "cannot shoot 5: the kitty holds 6 and the open shoot bets 6"


def test_S2_a_shoot_bet_once_a_hand_has_played_is_still_a_question_of_turn(
    tmp_path: Path,
) -> None:
    """p4 recorded shooting once p2's hand has played (his buy went bust): the turn-order
    message, as before, whatever the kitty holds."""
    recs = copy.deepcopy(RANDOM_1)
    decisions = recs[5]["decisions"]
    decisions.insert(5, {"player": "p4", "hand": 1, "action": "shoot", "amount": 5})
    d = divergences(tmp_path, recs)[0]
    assert (d["deal"], d["player"], d["field"], d["expected"], d["rule"]) == (
        5,
        "p4",
        "decisions[5]",
        "p3 hand 1 to decide",
        "T5",
    )


def test_T8_6_a_buy_beyond_what_is_left_shows_the_balance_stake_and_shoot_bets(
    tmp_path: Path,
) -> None:
    recs = copy.deepcopy(SMALL_7)
    (i,) = [
        i for i, d in enumerate(recs[4]["decisions"]) if (d["player"], d["action"]) == ("p1", "buy")
    ]
    assert recs[3]["balance"]["p1"] == 25
    assert recs[4]["decisions"][i]["amount"] == 8
    recs[4]["decisions"][i]["amount"] = 9
    d = divergences(tmp_path, recs)[0]
    assert (d["deal"], d["player"], d["hand"], d["field"], d["recorded"], d["rule"]) == (
        4,
        "p1",
        1,
        f"decisions[{i}]",
        "buy 9",
        "T8.6",
    )
    assert d["expected"] == (
        "cannot buy for 9 with a balance of 8: 25 before the deal, less 8 staked and 9 in "
        "shoot bets"
    )


def test_the_text_line_shows_a_reason_whole() -> None:
    """A reason longer than a recorded value may be shown (60 characters) is shown whole."""
    recs = copy.deepcopy(SMALL_7)
    for d in recs[4]["decisions"]:
        if (d["player"], d["action"]) == ("p1", "buy"):
            d["amount"] = 9
    (line, *_) = replay_lines("x", [orjson.dumps(r) for r in recs])
    assert str(line).endswith(
        'rules give "cannot buy for 9 with a balance of 8: 25 before the deal, less 8 staked '
        'and 9 in shoot bets" (T8.6)'
    )


def shoot_deal(balances: dict[str, int], kitty: int = 30) -> ShootDeal:
    return ShootDeal(
        DealSetup(SHOOT, table(SEATS), stacked("AH KC 9D 8S 7C 8D 5C 4C"), balances),
        "carl", Kitty(kitty),
    )  # fmt: skip


def test_T8_6_a_punter_staking_all_he_has_is_passed_and_told_why() -> None:
    deal = shoot_deal({"ann": 5, "bob": 100, "carl": 100})
    deal.stake("ann", 5)
    deal.stake("bob", 2)
    assert deal.actor == ("bob", 1)  # ann can shoot nothing: not asked (S2)
    refusal = deal.passed_shoot_problem("ann", 3)
    assert refusal is not None
    assert (refusal.rule, refusal.reason) == (
        "T8.6",
        "cannot shoot 3 with a balance of 0: 5 before the deal, less 5 staked and 0 in shoot bets",
    )
    assert deal.passed_shoot_problem("bob", 3) is None  # the round has not passed him
    deal.decline("bob")
    assert deal.passed_shoot_problem("bob", 3) is None  # he could have shot: he passed


def test_T8_6_the_shoot_limits_message_shows_what_makes_the_balance() -> None:
    deal = shoot_deal({"ann": 10, "bob": 100, "carl": 100}, kitty=50)
    deal.stake("ann", 4)
    deal.stake("bob", 2)
    with pytest.raises(IllegalAction) as info:
        deal.shoot("ann", 1, 7)
    assert (info.value.rule, info.value.reason) == (
        "T8.6",
        "cannot shoot 7 with a balance of 6: 10 before the deal, less 4 staked and 0 in shoot bets",
    )
