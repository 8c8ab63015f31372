"""A minimal log (header; per deal its pack, decisions and nets) read by ``show`` and ``diff``:
each deal re-dealt by the rules, as replay re-deals it, so a developer sees the deal replay
names and compares what both sides derive."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from support.views import join, lines, play, run

MINIMAL_KEYS = ("type", "deal", "pack", "decisions", "net")


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def minimal(records: list[dict]) -> list[dict]:
    header, *deals = copy.deepcopy(records)
    return [header, *({k: d[k] for k in MINIMAL_KEYS if k in d} for d in deals)]


@pytest.mark.parametrize("preset", ["traditional", "shoot", "casino"])
def test_show_draws_a_minimal_logs_hands_as_the_rules_deal_them(here: Path, preset: str) -> None:
    full = play("--rules", preset, "--seed", "8", "--deals", "6", "--players", "3")
    (here / "full.jsonl").write_bytes(full)
    (here / "minimal.jsonl").write_bytes(join(minimal(lines(full))))
    code, whole, _ = run("show", "full.jsonl", "--deal", "4")
    assert code == 0
    code, redealt, _ = run("show", "minimal.jsonl", "--deal", "4")
    assert code == 0
    assert "(the record holds no hands)" not in redealt
    assert "re-dealt from the record's pack and decisions (a minimal log)" in redealt
    hand_rows = [line for line in whole.splitlines() if line.startswith("p")]
    assert hand_rows and all(row in redealt.splitlines() for row in hand_rows)


def test_diff_of_a_minimal_log_and_a_full_one_compares_what_both_derive(here: Path) -> None:
    """An engine's minimal log against this tool's full log of the same packs and decisions:
    only the net the engine paid otherwise differs, and the rules give the full log's."""
    full = lines(play("--seed", "4", "--deals", "30"))
    engine = minimal(full)
    deal = next(d for d in engine[1:] if any(x["action"] == "twist" for x in d["decisions"]))
    player = next(p for p in deal["net"] if deal["net"][p] < 0)
    deal["net"][player] += 1  # the engine's bug: one unit short of a loss
    (here / "engine.jsonl").write_bytes(join(engine))
    (here / "full.jsonl").write_bytes(join(full))
    code, out, err = run("diff", "engine.jsonl", "full.jsonl")
    assert code == 1
    assert out.splitlines() == [
        f"engine.jsonl:{deal['deal'] + 1} full.jsonl:{deal['deal'] + 1}: deal {deal['deal']}: "
        f"net.{player}: engine.jsonl {deal['net'][player]}, full.jsonl "
        f"{deal['net'][player] - 1}; the rules give full.jsonl's (engine.jsonl's deal does not "
        "replay)"
    ]
    assert err.strip().endswith("1 difference")
