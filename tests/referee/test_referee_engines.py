"""The referee's own engines (tests/referee/): independent of pontoon_cli, correct without a bug
(``pontoon replay`` of their logs, minimal and full, reports nothing: an independent conformance
check of pontoon itself), playing every part of the rules they claim, and each planted bug
firing a few dozen times where its trace says."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from referee.common import FORMS, Run
from referee.planted import PLANTED, SEATS, clean, play, run
from referee.scorer import divergences, errors
from referee.shoot import Shoot

HERE = Path(__file__).resolve().parent
ENGINE = ("common", "traditional", "shoot", "casino", "planted")
CLEAN = {"traditional": 1500, "shoot": 1500, "casino": 1500}


def test_the_engines_import_nothing_of_pontoon_cli() -> None:
    for name in ENGINE:
        tree = ast.parse((HERE / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            assert not any(m.split(".")[0] == "pontoon_cli" for m in modules), (name, modules)
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(HERE.parent)!r})\n"
        "from referee.planted import play\n"
        "for game in ('traditional', 'shoot', 'casino'):\n"
        "    play(game, 30, ())\n"
        "print(sorted(m for m in sys.modules if m.startswith('pontoon')))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert proc.stdout == "[]\n", proc.stdout + proc.stderr


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("game", sorted(CLEAN))
def test_a_clean_engine_replays_without_a_line(game: str, form: str) -> None:
    found, refused = divergences(form, clean(game, CLEAN[game]).logs[form])
    assert (refused, [str(d) for d in found[:5]]) == (None, [])


def test_a_clean_casino_whose_dealer_stands_on_soft_17_replays_without_a_line() -> None:
    """C9 with ``dealer_hits_soft_17 = false``: the header the dealer-hits-soft-17 bug breaks."""
    from referee.casino import Casino

    logs = Casino(["p1", "p2", "p3"], seed=4, hits_soft_17=False).play(1500).logs
    for form in FORMS:
        assert divergences(form, logs[form]) == ([], None)


def records(game: Run) -> list[dict[str, Any]]:
    return [json.loads(line) for line in game.logs["full"][1:]]


def tally(game: Run) -> Counter[str]:
    """What the clean game played: decisions, hand rules, kitty moves, pack states."""
    seen: Counter[str] = Counter()
    for r in records(game):
        seen.update(f"decision {d['action']}" for d in r["decisions"])
        seen.update(f"rule {h['rule']}" for h in r["hands"])
        seen.update(f"class {h['class']}" for h in r["hands"])
        seen.update(f"kitty {m['rule']}" for m in r.get("kitty", {}).get("moves", []))
        seen.update([f"pack {r['pack_state']}", *(["sat out"] if r["sat_out"] else [])])
        seen.update(["split hand"] if any(h["split"] for h in r["hands"]) else [])
        passed = r.get("next_banker") not in (None, r.get("banker"))
        seen.update(["bank passed"] if passed else [])
    return seen


@pytest.mark.parametrize(
    ("game", "needs"),
    [
        (
            "traditional",
            "decision buy, decision twist, decision stick, decision split, decision draw, "
            "decision stay, rule T2.6, rule T4.4, rule T5.6, rule T7, rule T7.1, "
            "class five-card-trick, class twenty-one, pack continued, pack shuffled, "
            "split hand, bank passed",
        ),
        (
            "shoot",
            "decision shoot, kitty S3, kitty S6, kitty S7, kitty S9, kitty S10, "
            "sat out, split hand, bank passed",
        ),
        (
            "casino",
            "decision hit, decision stand, decision double, decision split, rule C2, rule C5, "
            "rule C6, rule C10, rule C11, pack continued, pack shuffled, split hand",
        ),
    ],
)
def test_a_clean_game_plays_every_part_of_the_rules_it_checks(game: str, needs: str) -> None:
    """So that the clean replay above checks them: each happens at least a few times (the
    kitty of S1 is put up once, before the first deal: the others check it)."""
    seen = tally(clean(game, CLEAN[game]))
    assert {need: seen[need] for need in needs.split(", ") if seen[need] < 3} == {}


def test_shoot_bets_come_in_all_three_places() -> None:
    """S2 (after the stakes), S4 (a hand of three cards, which then draws), S5 (a split's new
    hand, before its first decision)."""
    game = Shoot(SEATS, seed=3)
    game.play(CLEAN["shoot"])
    assert min(game.shots["S2"], game.shots["S4"], game.shots["S5"]) >= 3, game.shots


@pytest.mark.parametrize("planted", PLANTED, ids=[p.bug for p in PLANTED])
def test_each_planted_bug_fires_a_few_dozen_times_in_each_form(planted: Any) -> None:
    game = run(planted.bug)
    for form in FORMS:
        real = errors(game.fires, form)
        assert len(real) >= 30, (form, len(real))
        assert all(site.rule in planted_rules(planted.rule) for e in real for site in e)


def planted_rules(rule: str) -> set[str]:
    """A bug breaks its rule; the soft 21 stopped by the banker breaks T6.2, his T5.8."""
    return {rule, "T6.2"} if rule == "T5.8" else {rule}


def test_without_the_bug_the_same_table_fires_nothing() -> None:
    for planted in PLANTED:
        assert play(planted.game, 100, ()).fires == []
