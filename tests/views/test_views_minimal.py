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


# a minimal deal replay finds divergent: as recorded, and as the rules deal it -----------------


def planted(preset: str = "traditional", seed: int = 8) -> tuple[list[dict], list[dict]]:
    """A game's full records and their minimal form, of 6 deals at 3 seats."""
    full = lines(play("--rules", preset, "--seed", str(seed), "--deals", "6", "--players", "3"))
    return full, minimal(full)


def drawn(here: Path, records: list[dict], *args: str) -> list[str]:
    (here / "engine.jsonl").write_bytes(join(records))
    code, out, err = run("show", "engine.jsonl", *args)
    assert (code, err) == (0, ""), err
    return out.splitlines()


def money_line(full_deal: dict) -> str:
    """The full record's money line as show draws it, without its two-space indent."""
    seats = [
        f"{p} {full_deal['net'][p]:+d} → {full_deal['balance'][p]}".replace("+0 ", "0 ")
        for p in full_deal["balance"]
    ]
    line = " · ".join(seats)
    if "next_banker" in full_deal:
        line += f"  next banker: {full_deal['next_banker']}"
    return line


@pytest.mark.parametrize("preset", ["traditional", "shoot", "casino"])
def test_a_divergent_net_draws_both_money_lines_under_the_divergence(
    here: Path, preset: str
) -> None:
    full, engine = planted(preset)
    deal = engine[2]
    player = next(p for p in deal["net"] if deal["net"][p] < 0)
    deal["net"][player] -= 1  # the engine's bug: one unit too many lost
    out = drawn(here, engine, "--deal", "2")
    title = next(i for i, line in enumerate(out) if line.startswith("deal 2 "))
    assert out[title + 1].startswith(f"  first divergence: {player}")
    assert (
        f"net recorded {deal['net'][player]}, rules give {deal['net'][player] + 1}"
        in (out[title + 1])
    )
    assert out[title + 2] == "  " + " · ".join(
        show_decision(d) for d in deal["decisions"]
    )  # the decisions are the rules' too: one line
    (recorded,) = [line for line in out if line.startswith("  as recorded:  ")]
    (rules,) = [line for line in out if line.startswith("  by the rules: ")]
    assert rules == "  by the rules: " + money_line(full[2])  # the rules' own deal
    before = full[1]["balance"][player]
    assert f"{player} {deal['net'][player]:+d} → {before + deal['net'][player]}" in recorded
    hand_rows = [line for line in drawn(here, full, "--deal", "2") if line.startswith("p")]
    assert all(row in out for row in hand_rows)  # the hands as the rules deal them


def show_decision(d: dict) -> str:
    words = {
        "stake": "stakes",
        "buy": "buys for",
        "twist": "twists",
        "stick": "sticks",
        "shoot": "shoots",
        "draw": "draws",
        "stay": "stays",
        "hit": "hits",
        "stand": "stands",
        "double": "doubles",
        "split": "splits",
        "burn": "burns",
    }
    text = f"{d['player']}" + ("" if d["hand"] == 1 else f" hand {d['hand']}")
    text += " " + words[d["action"]]
    if "amount" in d and d["action"] != "split":
        text += f" {d['amount']}"
    return text


def burnt(full: list[dict]) -> tuple[list[dict], int, int, str]:
    """The minimal form of ``full`` with the first twist made a burn (V8 is off): the engine,
    the deal, the decision's index, its player."""
    engine = minimal(full)
    n, deal = next(
        (n, d)
        for n, d in enumerate(engine[1:], 1)
        if any(x["action"] == "twist" for x in d["decisions"])
    )
    i = next(i for i, x in enumerate(deal["decisions"]) if x["action"] == "twist")
    deal["decisions"][i] = {**deal["decisions"][i], "action": "burn"}
    return engine, n, i, deal["decisions"][i]["player"]


#: Seed 7 at 4 seats: deal 3's p1 twists first (docs/how-to/read-logs.md draws it).
SEED_7 = ("--seed", "7", "--deals", "6", "--players", "4")


def test_a_decision_the_rules_refuse_draws_both_from_where_they_part(here: Path) -> None:
    full = lines(play(*SEED_7))
    engine, n, i, player = burnt(full)
    deal = engine[n]
    out = drawn(here, engine, "--deal", str(n))
    title = next(k for k, line in enumerate(out) if line.startswith(f"deal {n} "))
    reason = "cannot burn: these rules have no burning (burn_on)"
    recorded = [show_decision(d) for d in deal["decisions"]]
    assert (
        out[title + 1 : title + 5]
        == [
            f'  first divergence: {player} hand 1: decisions[{i}] recorded "burn", rules give '
            f'"{reason}" (V8); a house rule? V8 burn_on=13 allows this',  # p3's 7D 6H: a hard 13
            "  " + " · ".join(recorded[:i]),
            "    as recorded:  " + " · ".join(recorded[i:]),
            f"    by the rules: {reason} (V8)",
        ]
    )
    assert recorded[i] == f"{player} burns"
    assert f"dealt by the rules up to decisions[{i}] (a minimal log)" in [
        line.strip() for line in out
    ]
    assert out[-2].startswith("  as recorded:  ")
    assert out[-1] == f"  by the rules: no nets: the deal stops at decisions[{i}]"
    # the burner's hand as it stood before his twist: its first cards, neither paid nor ruled
    whole = next(h for h in full[n]["hands"] if h["player"] == player)
    (row,) = [line.split() for line in out if line.startswith(f"{player} ")]
    held = whole["cards"].split()[: len(row) - 5]  # player, hand, the cards, stake, class, total
    assert 2 <= len(held) < len(whole["cards"].split())
    assert row == [player, "1", *held, str(whole["stake"]), "total", row[-1]]
    # the recorded side's money follows from the record's nets
    assert out[-2] == "  as recorded:  " + money_line(full[n])


def test_a_deal_that_verifies_is_drawn_as_before(here: Path) -> None:
    full, engine = planted()
    out = drawn(here, engine)
    assert not any("first divergence" in line or "by the rules:" in line for line in out)
    money = [line[2:] for line in out if line.startswith("  p") and " → " in line]
    assert money == [money_line(d) for d in full[1:]]


def test_player_keeps_his_part_of_both_versions(here: Path) -> None:
    full = lines(play(*SEED_7))
    engine, n, i, player = burnt(full)
    deal = engine[n]
    assert full[n]["banker"] != player
    out = drawn(here, engine, "--deal", str(n), "--player", player)
    mine = [show_decision(d) for d in deal["decisions"][:i] if d["player"] == player]
    theirs = [show_decision(d) for d in deal["decisions"][i:] if d["player"] == player]
    assert "  " + " · ".join(mine) in out
    assert "    as recorded:  " + " · ".join(theirs) in out
    rows = [line for line in out if line.startswith("p")]
    banker = f"{full[n]['banker']} (banker)"
    assert rows and all(line.startswith((f"{player} ", "player", banker)) for line in rows), rows
    assert out[-2].startswith(f"  as recorded:  {player} ") and " · " not in out[-2]
