"""``[follows from line N: ...]`` where a line depends on what replay had to guess, and only there.

After a deal replay could not finish, a minimal log (no ``next_banker``) does not say who banks
next (T8.3): replay reads it from the next deal's banker decisions (T6.1), else from its stakes
(T4.2). Where neither says, a divergence is marked as following only if it depends on the guess:
the deal is re-dealt with each other seat that staked nothing as banker, and a decision refused
under all of them is independent (``cannot stick on 14`` is illegal whoever banks).

The table: ann, bob, cal, dan, dan banking. cal and dan start with nothing: cal sits out (T8.6),
and the stakes cannot tell dan the banker from cal sitting out. Deal 1 stops at ann's illegal
stick on 12 (T5.5), and its record names no next banker.
"""

from __future__ import annotations

from typing import Any

import orjson

from pontoon_cli import Divergence
from pontoon_cli.core.cards import new_pack
from pontoon_cli.replay.run import replay_lines

HEADER = {
    "type": "header",
    "format": "pontoon-log/1",
    "rules": {"preset": "traditional"},
    "table": {
        "seats": ["ann", "bob", "cal", "dan"],
        "banker": "dan",
        "bankrolls": {"ann": 100, "bob": 100, "cal": 0, "dan": 0},
        "min_stake": 1,
        "max_stake": 10,
    },
}


def pack(top: str) -> str:
    """A pack starting with ``top``, the other cards after it in order."""
    cards = top.split()
    return " ".join(cards + [c.text for c in new_pack() if c.text not in cards])


def decide(player: str, action: str, amount: int | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"player": player, "hand": 1, "action": action}
    if amount is not None:
        found["amount"] = amount
    return found


def deal(number: int, top: str, decisions: list[dict[str, Any]], net: dict[str, int]) -> Any:
    return {"type": "deal", "deal": number, "pack": pack(top), "decisions": decisions, "net": net}


#: ann 5H 7C (12) sticks, which T5.5 forbids; the deal goes no further.
DEAL_1 = deal(
    1,
    "5H 9C TD 7C 8S 6D",
    [
        decide("ann", "stake", 1),
        decide("bob", "stake", 1),
        decide("ann", "stick"),
        decide("bob", "stick"),
        decide("dan", "stay"),
    ],
    {"ann": 1, "bob": 1, "dan": -2},
)


def replay(*deals: Any) -> list[Divergence]:
    return replay_lines("x.jsonl", [orjson.dumps(r) + b"\n" for r in [HEADER, *deals]])


def test_a_decision_illegal_whoever_banks_is_independent() -> None:
    """Deal 2: ann sticks on 9D 5S, 14 (T5.5). Nothing says who banks, but cal, the one other
    seat that staked nothing, would deal ann the same two cards: the stick is illegal either way."""
    second = deal(
        2,
        "9D KC QH 5S 8D 3H",
        [decide("ann", "stake", 1), decide("bob", "stake", 1), decide("ann", "stick")],
        {"ann": -1, "bob": -1, "cal": 2},
    )
    first, found = replay(DEAL_1, second)
    assert (first.deal, first.rule, first.follows) == (1, "T5.5", None)
    assert (found.deal, found.field, found.rule, found.follows) == (2, "decisions[2]", "T5.5", None)
    text = str(found)
    assert 'rules give "cannot stick on 14: the least is 15; buy or twist" (T5.5)' in text
    assert "[follows" not in text  # the house option V2 may be named after it, nothing else


def test_a_net_that_depends_on_who_banks_follows_and_says_why() -> None:
    """Deal 2: both punters bust (T6.3: the banker never decides) and cal's net is the banker's.
    Replay's guess (dan still banks) gives cal nothing; with cal banking it verifies."""
    second = deal(
        2,
        "TD 9H 2S 6S 8C 3S KC TC",
        [
            decide("ann", "stake", 1),
            decide("bob", "stake", 1),
            decide("ann", "twist"),
            decide("bob", "twist"),
        ],
        {"ann": -1, "bob": -1, "cal": 2},
    )
    _, found = replay(DEAL_1, second)
    assert (found.deal, found.field, found.player, found.follows) == (2, "net", "cal", 2)
    assert found.because == "who banks after deal 1 is unknown"
    assert str(found).endswith("[follows from line 2: who banks after deal 1 is unknown]")
    assert found.to_dict()["because"] == "who banks after deal 1 is unknown"
    assert found.to_dict()["follows"] == 2


def test_the_bankers_own_decision_says_who_banks() -> None:
    """Deal 2: cal stays as banker (T6.1): he banks, and the deal verifies."""
    second = deal(
        2,
        "TD 9H 2S 6S 8C 3S",
        [
            decide("ann", "stake", 1),
            decide("bob", "stake", 1),
            decide("ann", "stick"),
            decide("bob", "stick"),
            decide("cal", "stay"),
        ],
        {"ann": 1, "bob": 1, "cal": -2},
    )
    assert [d.deal for d in replay(DEAL_1, second)] == [1]


def test_an_independent_divergence_has_neither_follows_nor_because() -> None:
    (first,) = replay(DEAL_1)
    assert "follows" not in first.to_dict() and "because" not in first.to_dict()
    assert not str(first).endswith("]")
