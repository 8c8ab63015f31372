"""`pontoon show`, `stats` and `diff` read casino logs (C1-C11): the dealer where the banker
would be, a doubled hand marked, the players' doubles counted, the dealer's edge named as his."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from support.views import join, lines, play, run, scenario_log


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_C7_show_draws_the_dealer_and_marks_a_doubled_hand(here: Path) -> None:
    (here / "c7.jsonl").write_bytes(scenario_log("c7-double"))
    code, out, err = run("show", "c7.jsonl", "--deal", "1")
    assert code == 0, err
    rows = out.splitlines()
    # ann 5 6 doubles and is dealt 9 (C7): her row says so, with the doubled stake and its net
    (ann,) = [r for r in rows if r.startswith("ann ")]
    assert ann.split() == [
        "ann",
        "1",
        "5H",
        "6H",
        "9H",
        "4",
        "total",
        "(doubled)",
        "20",
        "+4",
        "C2",
    ]
    (dealer,) = [r for r in rows if r.startswith("dealer ")]
    assert dealer.split() == ["dealer", "TD", "9D", "total", "19"]
    assert "ann doubles 2" in out and "banker" not in out


def test_C7_stats_counts_each_players_doubles_and_names_the_dealer(here: Path) -> None:
    log = scenario_log("c7-double")
    (here / "c7.jsonl").write_bytes(log)
    code, out, err = run("stats", "c7.jsonl", "--json")
    assert code == 0, err
    report = orjson.loads(out)
    doubles = sum(1 for d in lines(log)[1]["decisions"] if d["action"] == "double")
    assert doubles == 2
    assert report["players"]["ann"]["doubles"] == 1 and report["players"]["bob"]["doubles"] == 1
    assert report["table"]["house"] == "dealer"
    code, text, _ = run("stats", "c7.jsonl")
    assert "the dealer's gain per punter hand" in text


def test_C10_diff_names_a_changed_payout_and_which_side_the_rules_give(here: Path) -> None:
    log = play("--rules", "casino", "--seed", "4", "--deals", "3", "--players", "2")
    (here / "a.jsonl").write_bytes(log)
    records = lines(log)
    records[2]["net"]["p1"] += 1
    records[2]["balance"]["p1"] += 1
    (here / "b.jsonl").write_bytes(join(records))
    code, out, _ = run("diff", "a.jsonl", "b.jsonl")
    assert code == 1
    assert "deal 2: net.p1:" in out and "the rules give a.jsonl" in out


def _seat_named_dealer() -> bytes:
    """A casino log whose first seat is renamed ``dealer`` in the header and every round."""
    log = play("--rules", "casino", "--seed", "4", "--deals", "2", "--players", "2")
    seat = lines(log)[0]["table"]["seats"][0]
    return log.replace(f'"{seat}"'.encode(), b'"dealer"')


@pytest.mark.parametrize("command", [["show"], ["stats"], ["stats", "--json"], ["replay"]])
def test_C3_a_seat_named_dealer_is_refused_by_the_views_as_by_replay(
    here: Path, command: list[str]
) -> None:
    (here / "c3.jsonl").write_bytes(_seat_named_dealer())
    code, out, err = run(*command, "c3.jsonl")
    assert out == ""
    assert code == 2
    assert (
        "pontoon: c3.jsonl:1: table: 'dealer' is the dealer's name at a casino table (C3): "
        "name the seat otherwise"
    ) in err.splitlines()
