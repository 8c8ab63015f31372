"""Replay as the referee of a Shoot Pontoon engine with a planted bug, in the minimal form and with
a few optional fields: every planted error found at its deal, player, hand and rule; no line at a
deal without one counted as independent; every line that rests on what replay had to guess marked
as following; the summary's independent count the planted count.

The logs are this tool's games, edited so that a bug fires in known deals and every later record
is still what the buggy engine writes (support/shoot_planted.py). Without a ``kitty`` or
``balance``, a deal replay cannot finish leaves its shoot bets' settlement to be read from its
nets (S3, S6, S7); before it was, replay lost the kitty and the balances there and its guesses
failed deal after deal.
"""

from __future__ import annotations

import copy
import io
import re
from functools import cache
from pathlib import Path
from typing import Any

import orjson
import pytest
from support import shoot_planted as planted

from pontoon_cli.replay.run import StreamOutput, replay_logs

#: The forms a third party may write (docs/log-format.md, the minimal form), by the deal fields
#: kept beyond the minimal ones.
FORMS = {"minimal": (), "with balance": ("balance",), "with kitty": ("kitty",)}


@cache
def _game(seed: int, deals: int, bankroll: int) -> list[dict[str, Any]]:
    return planted.game(seed, deals, bankroll)


def buggy(
    bug: str, seed: int = 1, deals: int = 1000, bankroll: int = 3000, split: bool = False
) -> tuple[list[dict[str, Any]], list[planted.Plant]]:
    """A game's records with ``bug`` planted in every deal that allows it, and the plants."""
    records = copy.deepcopy(_game(seed, deals, bankroll))
    plant = planted.plant_fourth if bug == "fourth" else planted.plant_limit
    return records, plant(records, 1, split)


def run(tmp_path: Path, records: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], str]:
    """``pontoon replay --json`` of the records: its lines, and the summary it ends with."""
    log = tmp_path / "engine.jsonl"
    log.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    out, err = io.BytesIO(), io.StringIO()
    replay_logs([str(log)], StreamOutput(out, err), as_json=True)
    return [orjson.loads(line) for line in out.getvalue().splitlines()], err.getvalue()


def independent_in(summary: str, lines: int) -> int:
    """The summary's count of independent divergences (all of them when none follows)."""
    found = re.search(r"(\d+) independent", summary)
    return int(found.group(1)) if found else lines


@pytest.mark.parametrize("bug", ["fourth", "limit"])
def test_the_full_log_is_the_truth_each_planted_error_and_nothing_else(
    tmp_path: Path, bug: str
) -> None:
    """With every field written the log says the kitty and the balances: replay finds exactly the
    planted errors, which makes the edited log the engine's (the scoring's ground truth)."""
    records, plants = buggy(bug)
    assert len(plants) >= 30
    lines, _ = run(tmp_path, records)
    want = {(p.deal, p.player, p.hand, p.rule, f"decisions[{p.decision}]") for p in plants}
    assert {(d["deal"], d["player"], d["hand"], d["rule"], d["field"]) for d in lines} == want
    assert all("follows" not in d for d in lines)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(
    ("bug", "bankroll"),
    [("fourth", 3000), ("limit", 3000), ("fourth", 500)],
    ids=["fourth", "limit", "fourth-players-run-out"],
)
def test_a_planted_bug_is_found_once_where_it_fired_and_nothing_cascades(
    tmp_path: Path, bug: str, bankroll: int, form: str
) -> None:
    """With bankrolls of 500 the players run out of money (T8.6) and sit out: a balance replay
    lost would have had them stake deal after deal (``rules give "p2 to stake"``)."""
    records, plants = buggy(bug, bankroll=bankroll)
    assert len(plants) >= 30
    lines, summary = run(tmp_path, planted.form(records, FORMS[form]))
    where = {p.deal: p for p in plants}
    exact = [
        d
        for d in lines
        if d["deal"] in where
        and "follows" not in d
        and (d["player"], d["hand"], d["rule"])
        == (where[d["deal"]].player, where[d["deal"]].hand, where[d["deal"]].rule)
    ]
    assert len(exact) >= 0.9 * len(plants), summary
    # a deal without a planted error has no independent line; whatever rests on a guess follows
    unplanted = [d for d in lines if d["deal"] not in where]
    assert all("follows" in d for d in unplanted), unplanted[:3]
    independent = independent_in(summary, len(lines))
    assert abs(independent - len(plants)) <= 0.1 * len(plants), summary


def test_which_hand_of_a_split_won_is_a_range_and_nothing_is_refused_for_it(tmp_path: Path) -> None:
    """A planted error in a deal whose punter split and shot: his hands' nets are one net, so the
    kitty and his balance after it are known within a range. No check fails for a value the
    range allows: every planted error is found, and nothing else is independent."""
    records, plants = buggy("limit", split=True)
    assert len(plants) >= 30
    for form in FORMS.values():
        lines, summary = run(tmp_path, planted.form(records, form))
        where = {p.deal for p in plants}
        assert {d["deal"] for d in lines if "follows" not in d} == where, summary
