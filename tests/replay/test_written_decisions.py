"""Replay compares a record written in the log writer's shape with the line it writes for the
deal again, and does not write the decisions again when the record's are the deal's own, one for
one: their text is then the text they were read from. ``written_decisions`` says when: every
field of every decision the same, none more or fewer, each amount one the writer writes (within
±(2**53 − 1)). Each case below differs from the deal's decisions in one way only, and must not be
taken as written; a log whose decisions are the deal's verifies in one comparison."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.replay import replay
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.cards import parse_cards
from pontoon_cli.core.events import CardDealt, Decision, Event
from pontoon_cli.core.limits import MAX_SAFE_INT
from pontoon_cli.logformat.record import written_decisions

KS, H7, C4 = parse_cards("KS 7H 4C")
EVENTS: list[Event] = [
    Decision("p1", 1, "stake", 2),
    CardDealt("p1", 1, KS, False),
    CardDealt("p2", 1, H7, False),
    Decision("p1", 1, "twist"),
    CardDealt("p1", 1, C4, True),
    Decision("p1", 1, "stick"),
]
MOVES: list[Any] = [("p1", 1, "stake", 2), ("p1", 1, "twist", None), ("p1", 1, "stick", None)]


def test_the_deals_own_decisions_are_taken_as_written() -> None:
    assert written_decisions(EVENTS, MOVES)
    assert written_decisions([e for e in EVENTS if isinstance(e, CardDealt)], [])


@pytest.mark.parametrize(
    "moves",
    [
        [("p2", 1, "stake", 2), *MOVES[1:]],  # another player
        [("p1", 2, "stake", 2), *MOVES[1:]],  # another hand
        [("p1", 1, "buy", 2), *MOVES[1:]],  # another action
        [("p1", 1, "stake", 3), *MOVES[1:]],  # another amount
        [("p1", 1, "stake", None), *MOVES[1:]],  # no amount where the deal has one
        [MOVES[0], ("p1", 1, "twist", 0), MOVES[2]],  # an amount where the deal has none
        MOVES[:2],  # one fewer
        [*MOVES, ("p1", 1, "stick", None)],  # one more
        [{"player": "p1", "hand": 1, "action": "stake", "amount": 2}, *MOVES[1:]],  # as JSON
    ],
    ids=[
        "player",
        "hand",
        "action",
        "amount",
        "amount-left-out",
        "amount-added",
        "fewer",
        "more",
        "a-json-object",
    ],
)
def test_decisions_that_differ_in_one_way_are_written_again(moves: list[Any]) -> None:
    assert not written_decisions(EVENTS, moves)


def test_an_amount_beyond_the_writers_limit_is_written_again() -> None:
    """The writer gives no line for a record with an integer beyond ±(2**53 − 1), so replay
    refuses it whole; such a decision is never taken as written."""
    big = MAX_SAFE_INT + 1
    events: list[Event] = [Decision("p1", 1, "stake", big)]
    assert not written_decisions(events, [("p1", 1, "stake", big)])
    events = [Decision("p1", 1, "stake", MAX_SAFE_INT)]
    assert written_decisions(events, [("p1", 1, "stake", MAX_SAFE_INT)])
    events = [Decision("p1", 1, "stake", -big)]
    assert not written_decisions(events, [("p1", 1, "stake", -big)])
    events = [Decision("p1", 1, "stake", -MAX_SAFE_INT)]
    assert written_decisions(events, [("p1", 1, "stake", -MAX_SAFE_INT)])


@pytest.mark.parametrize("rules", ["traditional", "shoot", "casino"])
def test_a_log_in_the_writers_shape_verifies_and_a_changed_decision_does_not(
    tmp_path: Path, rules: str
) -> None:
    """End to end: the writer's log verifies; the same log with one decision's amount changed
    is caught (T7.3: a stake made negative; C3 in the casino game)."""
    result = CliRunner().invoke(app, ["play", "--rules", rules, "--seed", "3", "--deals", "5"])
    assert result.exit_code == 0
    lines = result.stdout_bytes.splitlines(keepends=True)
    assert replay(tmp_path, b"".join(lines))[:2] == (0, [])
    changed = lines[3].replace(b'"action":"stake","amount":', b'"action":"stake","amount":-', 1)
    assert changed != lines[3]
    code, found, _ = replay(tmp_path, b"".join([*lines[:3], changed, *lines[4:]]))
    assert code == 1
    assert found[0]["line"] == 4
    assert found[0]["field"] == "decisions[0]"
