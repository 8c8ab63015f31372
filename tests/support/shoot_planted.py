"""Shoot Pontoon logs with planted bugs, for replay as a referee (tests/shoot/test_planted.py).

A game is played by this tool (``pontoon_cli.play``) with :class:`Shooter`, a strategy that shoots
often: in the round after the stakes (S2), before a hand's fourth card (S4) and on the new hand
of a split (S5). Its log is then edited so that it is what an engine with a bug would have
written, the bug firing in known deals, and every later record still what that engine writes:

- ``fourth``: a shoot bet made before a hand's fourth card is moved after it, before the fifth
  (S4 allows none there). The bet, its hand and its settlement are the same, so no money moves
  otherwise: the kitty and the balances after the deal are the engine's, unchanged.
- ``limit``: a shoot bet on a hand that lost it is raised above what the kitty holds beyond the
  open bets (S2, S4, S5). The kitty takes the larger bet: the edit carries the difference through
  the kitty (each later ``before`` and ``after``, and the S10 move that hands it to the old
  banker) and the balances (the shooter's, then the old banker's), as that engine would have.

Each plant records where it fired (:class:`Plant`: the deal, the player, the hand, the rule), so
replay's lines can be scored against it. :func:`form` cuts a full log down to the minimal form
(docs/log-format.md) or a form with a few optional fields kept.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pontoon_cli import Rules, Table, play

#: The minimal form's fields of a deal record.
MINIMAL = ("type", "deal", "pack", "decisions", "net")
#: The minimal form's fields of the header.
HEADER = ("type", "format", "rules", "table")


class Shooter:
    """A punter who shoots often (S2, S4, S5) and a banker who stays on 17, from the seed the
    game gives each seat (the same game every run)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def stake(self, view: Any) -> int:
        (stake,) = view.legal
        return int(self.rng.randint(stake.low, stake.high))

    def play(self, view: Any) -> str | tuple[str, int]:
        legal = {a.action: a for a in view.legal}
        rng = self.rng
        shoot = legal.get("shoot")
        if "pass" in legal:  # the round after the stakes (S2)
            if shoot is not None and rng.random() < 0.6:
                return "shoot", rng.randint(shoot.low, max(shoot.low, min(shoot.high, 40)))
            return "pass"
        cards = len(view.cards)
        if shoot is not None and rng.random() < (0.8 if cards == 3 and view.total <= 13 else 0.3):
            return "shoot", rng.randint(shoot.low, max(shoot.low, shoot.high // 3))
        if "split" in legal:
            return "split"
        draw = view.total <= 14 or (cards == 4 and view.total <= 16)
        if not draw and "stick" in legal:
            return "stick"
        buy = legal.get("buy")
        if buy is not None and rng.random() < 0.4:
            return "buy", int(buy.low)
        if "twist" in legal:
            return "twist"
        if buy is not None:
            return "buy", int(buy.low)
        return "stick"

    def bank(self, view: Any) -> str:
        return "stay" if view.total >= 17 else "draw"


@dataclass(frozen=True)
class Plant:
    """Where a planted bug fired: the deal, the punter, his hand, the rule it breaks and the
    index of the decision it made."""

    deal: int
    player: str
    hand: int
    rule: str
    decision: int


def game(seed: int, deals: int, bankroll: int = 3000) -> list[dict[str, Any]]:
    """The header and deal records of a Shoot game played by :class:`Shooter` at four seats."""
    rules = Rules.from_dict({"preset": "shoot"})
    table = Table.seated(rules, 4, banker="p4", bankroll=bankroll)
    spec = f"{Path(__file__)}:Shooter"
    return list(play(rules, table, seed=seed, deals=deals, strategy=spec, banker_strategy=spec))


def _hand_turns(decisions: list[dict[str, Any]]) -> dict[tuple[str, int], list[int]]:
    """The indices of each hand's decisions, by (player, hand)."""
    turns: dict[tuple[str, int], list[int]] = {}
    for i, d in enumerate(decisions):
        turns.setdefault((d["player"], d["hand"]), []).append(i)
    return turns


def _fourth_card_shots(record: dict[str, Any]) -> list[tuple[int, int]]:
    """(the shoot's index, the index of the draw of the fourth card) for each hand that shot
    before its fourth card, then drew a fifth: the shoot can be moved after the fourth."""
    decisions = record["decisions"]
    found = []
    for (_, _), idx in _hand_turns(decisions).items():
        words = [decisions[i]["action"] for i in idx]
        for j in range(len(words) - 2):
            if (
                words[j] == "shoot"
                and words[j + 1] in ("twist", "buy")
                and words[j + 2] in ("twist", "buy")
                and j > 0  # at the hand's turn, not the round after the stakes
                and decisions[idx[j - 1]]["action"] in ("twist", "buy")
            ):
                found.append((idx[j], idx[j + 1]))
    return found


def plant_fourth(records: list[dict[str, Any]], every: int, split: bool = False) -> list[Plant]:
    """Plant ``fourth`` in about every ``every``-th deal that allows it (edits ``records``):
    deals where nobody split, or with ``split`` only deals where the punter who shoots split
    (his hands' nets are then one net: which of them won is not in a minimal log)."""
    plants = []
    candidates = 0
    for record in records[1:]:
        shots = _fourth_card_shots(record)
        if not shots:
            continue
        shooter = record["decisions"][shots[0][0]]["player"]
        splitters = {d["player"] for d in record["decisions"] if d["action"] == "split"}
        if (shooter in splitters) != split or (splitters and not split):
            continue
        candidates += 1
        if candidates % every:
            continue
        shot, fourth = shots[0]
        decisions = record["decisions"]
        move = decisions.pop(shot)
        decisions.insert(fourth, move)  # after the fourth card's draw (now at ``fourth - 1``)
        plants.append(Plant(record["deal"], move["player"], move["hand"], "S4", fourth))
    return plants


def _hand_over(records: list[dict[str, Any]], after: int) -> int | None:
    """The index of the first deal after ``after`` whose kitty is put up anew (S9, S10), when
    the old banker takes the kitty there (S10); None when it is emptied first, or never put up
    anew: a larger kitty would then change more than its amount."""
    for i in range(after + 1, len(records)):
        moves = records[i]["kitty"]["moves"]
        if any(m["rule"] in ("S9", "S10") for m in moves):
            taken = any(m["rule"] == "S10" and m["amount"] < 0 for m in moves)
            return i if taken else None
    return None


def plant_limit(records: list[dict[str, Any]], every: int, split: bool = False) -> list[Plant]:
    """Plant ``limit`` in about every ``every``-th deal that allows it (edits ``records``): a
    shoot bet of the round after the stakes that lost, raised to one more than the kitty held
    beyond the bets before it (S2). In deals where nobody split, or with ``split`` only in deals
    where the punter who shoots split (T5.2: which of his hands won is not in a minimal log)."""
    plants: list[Plant] = []
    candidates = 0
    busy_until = 0  # one plant at a time between two hand-overs of the kitty (S10)
    for i in range(1, len(records)):
        record = records[i]
        decisions = record["decisions"]
        splitters = {d["player"] for d in decisions if d["action"] == "split"}
        if i <= busy_until or (splitters and not split):
            continue
        reset = _hand_over(records, i)
        if reset is None:
            continue
        kitty = record["kitty"]
        # the kitty as the deal starts: what the last deal left and the banker's moves
        room = kitty["before"] + sum(m["amount"] for m in kitty["moves"] if m["hand"] is None)
        lost = {(m["player"], m["hand"]) for m in kitty["moves"] if m["hand"] is not None}
        lost -= {(m["player"], m["hand"]) for m in kitty["moves"] if m["amount"] < 0}
        opened = 0
        target = None
        for at in range(_first_turn(decisions)):
            d = decisions[at]
            if d["action"] != "shoot":
                continue
            if (d["player"], d["hand"]) in lost and (d["player"] in splitters) == split:
                target = (at, d, room - opened)
                break
            opened += d["amount"]
        if target is None:
            continue
        candidates += 1
        if candidates % every:
            continue
        at, d, limit = target
        extra = limit + 1 - d["amount"]
        _raise_lost_bet(records, i, reset, d, extra)
        busy_until = reset
        plants.append(Plant(record["deal"], d["player"], d["hand"], "S2", at))
    return plants


def _first_turn(decisions: list[dict[str, Any]]) -> int:
    """The index of the first decision at a hand's turn, after the stakes and the round of
    shoot bets (a turn never opens with a shoot: S4 comes at three cards, S5 after a split)."""
    for i, d in enumerate(decisions):
        if d["action"] not in ("stake", "shoot"):
            return i
    return len(decisions)


def _raise_lost_bet(
    records: list[dict[str, Any]], at: int, reset: int, bet: dict[str, Any], extra: int
) -> None:
    """The lost ``bet`` of deal ``records[at]`` made ``extra`` larger, and what that does to the
    kitty and the balances up to the deal ``records[reset]``, whose S10 hands the kitty on."""
    player = bet["player"]
    bet["amount"] += extra
    record = records[at]
    for m in record["kitty"]["moves"]:
        if (m["player"], m["hand"]) == (player, bet["hand"]) and m["amount"] > 0:
            m["amount"] += extra
            break
    for i in range(at, len(records)):
        records[i]["balance"][player] -= extra
    for i in range(at, reset + 1):
        kitty = records[i]["kitty"]
        if i > at:
            kitty["before"] += extra
        if i < reset:
            kitty["after"] += extra
    (s10,) = [m for m in records[reset]["kitty"]["moves"] if m["rule"] == "S10" and m["amount"] < 0]
    s10["amount"] -= extra  # the old banker takes the larger kitty
    for i in range(reset, len(records)):
        records[i]["balance"][s10["player"]] += extra


def form(records: list[dict[str, Any]], keep: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The log in the minimal form, with the deal fields ``keep`` kept too."""
    header = {k: records[0][k] for k in HEADER}
    fields = (*MINIMAL, *keep)
    return [header, *({k: r[k] for k in fields if k in r} for r in records[1:])]
