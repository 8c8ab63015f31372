"""What replay of a minimal Shoot Pontoon log does after a deal it could not finish, where the nets
do not say all: a punter who split and shot may have won on one hand and lost on another (T5.2,
S7), so the kitty and his balance are known within a range (pontoon_cli/shoot/unknown.py).

Each test tampers one deal of a real game (an extra decision after its end: the deal is not
finished, and nothing else changes) and checks one way the range is used: a seat the range lets
sit out that stakes nothing is taken at the log's word, said once by a line that follows from the
tampered deal; a recorded balance or kitty within the range is taken; one outside it is an error.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

import orjson
from support import shoot_planted as planted

from pontoon_cli import Divergence
from pontoon_cli.replay.run import replay_lines

Records = list[dict[str, Any]]


@cache
def _game() -> Records:
    """Seed 1, bankrolls of 300: p1 split in deal 71 and lost his shoot bets there (S7), and
    sits out from deal 89 on (T8.6)."""
    return planted.game(1, 100, bankroll=300)


def game() -> Records:
    records = copy.deepcopy(_game())
    assert records[89]["sat_out"] == ["p1"] and all(not r["sat_out"] for r in records[1:89])
    assert any(d["action"] == "split" and d["player"] == "p1" for d in records[71]["decisions"])
    lost = [m["amount"] for m in records[71]["kitty"]["moves"] if m["player"] == "p1"]
    assert lost and all(m > 0 for m in lost)
    return records


def unfinished(records: Records, deal: int = 71) -> int:
    """Append a decision after the deal's end (what its engine did is unchanged); the line of
    its divergence."""
    decisions = records[deal]["decisions"]
    decisions.append(dict(decisions[-1]))
    return deal + 1


def replay(records: Records) -> list[Divergence]:
    return replay_lines("x.jsonl", [orjson.dumps(r) + b"\n" for r in records])


def test_a_seat_the_range_lets_sit_out_sits_out_at_the_logs_word_said_once() -> None:
    records = game()
    line = unfinished(records)
    first, *rest = replay(planted.form(records))
    assert (first.deal, first.follows) == (71, None)
    # one line says it, then p1 sits out every deal the log shows him out, unsaid
    assert [(d.deal, d.player, d.rule, d.follows) for d in rest] == [(89, "p1", "T8.6", line)]
    assert str(rest[0]).endswith(
        'decisions recorded "no stake", rules give "p1 to stake" (T8.6) [follows from line 72: '
        "p1's balance after deal 71 is unknown: replay takes the log's word that p1 sits out]"
    )
    assert rest[0].to_dict()["because"] == (
        "p1's balance after deal 71 is unknown: replay takes the log's word that p1 sits out"
    )


def test_a_recorded_balance_within_the_range_is_taken() -> None:
    records = game()
    unfinished(records)
    minimal = planted.form(records)
    minimal[72]["balance"] = records[72]["balance"]
    assert [d.deal for d in replay(minimal)] == [71]  # p1 is known broke at deal 89: no line


def test_a_recorded_balance_outside_the_range_is_an_error_of_its_own() -> None:
    records = game()
    unfinished(records)
    minimal = planted.form(records)
    minimal[72]["balance"] = {**records[72]["balance"], "p1": records[72]["balance"]["p1"] - 1}
    found = replay(minimal)
    assert [(d.deal, d.field, d.player, d.rule, d.follows) for d in found[1:2]] == [
        (72, "balance", "p1", "T7", None)
    ]
    # the range says what the rules give: p1 lost his bets (the least), or won them
    low = records[72]["balance"]["p1"]
    assert found[1].expected == f"{low} to {low + 2 * 12}"
    assert found[1].detail == "p1's balance after deal 71 is known only within this range"


def test_a_recorded_kitty_within_the_range_is_taken_and_one_outside_it_is_an_error() -> None:
    """Deal 12: p4 split, shot on both hands and won both (S7): the kitty paid him, so it holds
    the least the range allows; the next deal keeps the kitty (no S10)."""
    records = game()
    assert [m["amount"] < 0 for m in records[12]["kitty"]["moves"] if m["player"] == "p4"] == [
        True,
        True,
    ]
    unfinished(records, 12)
    minimal = planted.form(records)
    after = records[13]["kitty"]["after"]
    minimal[13]["kitty"] = {"after": after}
    assert [d.deal for d in replay(minimal)] == [12]
    minimal[13]["kitty"] = {"before": records[13]["kitty"]["before"]}
    assert [d.deal for d in replay(minimal)] == [12]
    minimal[13]["kitty"] = {"after": after - 1}  # less than the kitty holds, had p4 won both
    found = [d for d in replay(minimal) if d.deal == 13]
    assert [(d.field, d.recorded, d.follows) for d in found] == [("kitty.after", after - 1, None)]
    assert found[0].expected == f"{after} to {after + 2 * 21}"  # p4 shot 18 and 3


def test_when_the_bank_changes_hands_the_old_banker_takes_the_kitty_and_its_range() -> None:
    """S10 in deal 72: p4, who banked deal 71, takes the kitty whatever it held; the new kitty
    is known, and p4's balance is the range the kitty was."""
    records = game()
    unfinished(records)
    minimal = planted.form(records)
    balance = records[72]["balance"]
    minimal[72]["balance"] = {**balance, "p1": balance["p1"], "p4": balance["p4"] - 1}
    assert [d.deal for d in replay(minimal)] == [71]  # p1's known now: no word needed at 89
    minimal[72]["balance"] = balance
    minimal[72]["kitty"] = {"after": records[72]["kitty"]["after"] - 1}
    found = [d for d in replay(minimal) if d.deal == 72]
    assert [(d.field, d.follows) for d in found] == [("kitty.after", None)]
