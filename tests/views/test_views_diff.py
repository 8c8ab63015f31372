"""`pontoon diff A B`: the first (or every) deal that differs, by field path and both values, and
which one the rules give by replaying each side; headers, rules and lengths reported as such;
exit 0 same, 1 differ, 2 unreadable."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from support.views import join, lines, play, run

from pontoon_cli.logformat.check import MISSING
from pontoon_cli.views.diff import differences

LOG = play("--seed", "7", "--deals", "20", "--players", "4")


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "a.jsonl").write_bytes(LOG)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(here: Path, name: str, records: list[dict]) -> None:
    (here / name).write_bytes(join(records))


def test_the_same_log_is_exit_0(here: Path) -> None:
    assert run("diff", "a.jsonl", "a.jsonl") == (
        0,
        "",
        "pontoon diff: the same: 20 deals compared\n",
    )
    assert run("diff", "a.jsonl", "-", stdin=LOG)[0] == 0


def test_a_changed_payout_names_the_field_and_the_side_the_rules_give(here: Path) -> None:
    records = lines(LOG)
    records[2]["hands"][0]["net"] = -4  # rules give -2 (T7.1)
    write(here, "b.jsonl", records)
    code, out, err = run("diff", "a.jsonl", "b.jsonl")
    assert code == 1
    assert out == (
        "a.jsonl:3 b.jsonl:3: deal 2: hands[0].net: a.jsonl -2, b.jsonl -4; the rules give "
        "a.jsonl's (b.jsonl's deal does not replay)\n"
    )
    assert err == "pontoon diff: 2 deals compared, 1 difference\n"
    code, out, _ = run("diff", "b.jsonl", "a.jsonl")
    assert "the rules give a.jsonl's (b.jsonl's deal does not replay)" in out


def test_neither_and_both(here: Path) -> None:
    a, b = lines(LOG), lines(LOG)
    a[3]["net"]["p1"] += 1
    b[3]["net"]["p1"] += 2
    write(here, "x.jsonl", a)
    write(here, "y.jsonl", b)
    code, out, _ = run("diff", "x.jsonl", "y.jsonl")
    assert code == 1 and out.endswith("the rules give neither (neither replays clean)\n")
    assert "deal 3: net.p1: x.jsonl" in out
    (here / "other.jsonl").write_bytes(play("--seed", "8", "--deals", "20", "--players", "4"))
    code, out, _ = run("diff", "a.jsonl", "other.jsonl")
    assert code == 1
    deal_lines = [line for line in out.splitlines() if ": deal " in line]
    assert deal_lines[0].endswith(
        "; the rules allow both (each replays clean) (and 139 more fields)"
    )


def test_all_reports_every_deal_and_a_pack_difference_by_card(here: Path) -> None:
    records = lines(LOG)
    for n in (5, 9):
        records[n]["hands"][0]["stake"] += 1
    pack = records[1]["pack"].split(" ")
    pack[3], pack[4] = pack[4], pack[3]
    records[1]["pack"] = " ".join(pack)
    write(here, "b.jsonl", records)
    code, out, err = run("diff", "--all", "a.jsonl", "b.jsonl")
    assert code == 1
    found = out.splitlines()
    assert [line.split(": ")[1] for line in found] == ["deal 1", "deal 5", "deal 9"]
    assert found[0].startswith(f'a.jsonl:2 b.jsonl:2: deal 1: pack[3]: a.jsonl "{pack[4]}"')
    assert "(and 1 more field)" in found[0]  # pack[4] too
    assert err == "pontoon diff: 20 deals compared, 3 differences\n"


def test_headers_rules_and_lengths_are_reported_as_such(here: Path) -> None:
    (here / "b.jsonl").write_bytes(
        play("--seed", "7", "--deals", "20", "--players", "4", "--set", "stick_minimum=16")
    )
    code, out, _ = run("diff", "a.jsonl", "b.jsonl")
    assert code == 1
    assert out.splitlines()[0] == (
        "a.jsonl:1 b.jsonl:1: rules differ: rules.stick_minimum: a.jsonl 15, b.jsonl 16"
    )
    (here / "short.jsonl").write_bytes(b"".join(LOG.splitlines(keepends=True)[:15]))
    code, out, err = run("diff", "a.jsonl", "short.jsonl")
    assert (code, out) == (
        1,
        "lengths differ: a.jsonl has 20 deals, short.jsonl 14 deals (deals 15-20 only in "
        "a.jsonl)\n",
    )
    assert err == "pontoon diff: 14 deals compared, 1 difference\n"


def test_json_lines(here: Path) -> None:
    records = lines(LOG)
    records[2]["hands"][0]["net"] = -4
    write(here, "b.jsonl", records)
    code, out, _ = run("diff", "--json", "a.jsonl", "b.jsonl")
    assert code == 1
    assert [orjson.loads(line) for line in out.splitlines()] == [
        {
            "kind": "deal",
            "deal": 2,
            "line_a": 3,
            "line_b": 3,
            "field": "hands[0].net",
            "a": -2,
            "b": -4,
            "rules": "a",
            "more": 0,
            "only": None,
        }
    ]


def test_unreadable_input_is_exit_2_naming_the_line(here: Path) -> None:
    (here / "bad.jsonl").write_bytes(LOG[: LOG.index(b"\n") + 1] + b"{]\n")
    code, out, err = run("diff", "a.jsonl", "bad.jsonl")
    assert (code, out) == (2, "")
    assert err.startswith("pontoon: bad.jsonl:2: not JSON: ") and "Traceback" not in err
    assert run("diff", "a.jsonl", "missing.jsonl")[2] == "pontoon: missing.jsonl: no such file\n"
    assert run("diff", "-", "-")[0] == 2


def test_nothing_from_the_log_reaches_the_terminal_raw(here: Path) -> None:
    records = lines(LOG)
    records[1]["net"]["p\x1b[2J"] = 0  # a key that is no seat
    write(here, "b.jsonl", records)
    code, out, _ = run("diff", "a.jsonl", "b.jsonl")
    assert code == 1 and "\x1b" not in out
    assert "net.'p\\x1b[2J': a.jsonl nothing, b.jsonl 0" in out
    code, out, _ = run("diff", "--json", "a.jsonl", "b.jsonl")
    assert "\x1b" not in out and orjson.loads(out)["field"] == "net.'p\\x1b[2J'"


def test_differences_by_type_and_path() -> None:
    assert list(differences({"a": 1}, {"a": 1.0})) == [("a", 1, 1.0)]
    assert list(differences({"a": 1}, {"a": True})) == [("a", 1, True)]
    assert list(differences([1, 2], [1])) == [("[1]", 2, MISSING)]
    assert list(differences({"cards": "2H 3H"}, {"cards": "2H 4H 5H"})) == [
        ("cards[1]", "3H", "4H"),
        ("cards[2]", MISSING, "5H"),
    ]
