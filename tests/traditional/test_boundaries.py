"""Rule edges end to end: a scenario played by `pontoon play`, its log verified by `pontoon replay`.

The engine's own tests pin the same edges (test_hands.py, test_turns.py); here the banker's total
at the edge of the ace rule decides a payout that the scenario's expectation and replay both check.
"""

from __future__ import annotations

from pathlib import Path

import orjson
from typer.testing import CliRunner

from pontoon_cli.cli.main import app

runner = CliRunner()

# cal banks on A-A, draws a ten: 12, not 22 (T1.2, T1.3). ann's 15 beats it and is paid (T7.1).
BANKER_A_A_T = """\
name = "banker stays on A-A-T: 12, not 22"
strategy = "strict"

[table]
players = ["ann", "cal"]
banker = "cal"
bankroll = 100

[[deal]]
pack = "8H AD 7C AS TS"
stakes = { ann = 3 }
ann = ["stick"]
banker = ["draw", "stay"]
expect = { net = { ann = 3, cal = -3 }, banker_class = "total" }
"""


def _play(tmp_path: Path) -> list[dict]:
    path = tmp_path / "a-a-t.toml"
    path.write_text(BANKER_A_A_T)
    result = runner.invoke(app, ["play", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "expectation" in result.stderr and "failed" not in result.stderr
    return [orjson.loads(line) for line in result.stdout.splitlines()]


def test_T1_2_T7_1_banker_on_A_A_T_has_12_and_pays_15_in_play_and_replay(tmp_path: Path) -> None:
    header, deal = _play(tmp_path)
    assert deal["banker_hand"] == {"cards": "AD AS TS", "class": "total", "total": 12}
    assert deal["hands"][0]["net"] == 3 and deal["hands"][0]["rule"] == "T7.1"
    assert deal["net"] == {"ann": 3, "cal": -3}
    log = tmp_path / "a-a-t.jsonl"
    log.write_bytes(orjson.dumps(header) + b"\n" + orjson.dumps(deal) + b"\n")
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stdout == ""
    assert "1 deal verified, 0 with divergences" in result.stderr


def test_T1_3_replay_refuses_a_banker_A_A_T_recorded_as_22(tmp_path: Path) -> None:
    header, deal = _play(tmp_path)
    deal["banker_hand"]["total"] = 22
    log = tmp_path / "tampered.jsonl"
    log.write_bytes(orjson.dumps(header) + b"\n" + orjson.dumps(deal) + b"\n")
    result = runner.invoke(app, ["replay", "--json", str(log)])
    assert result.exit_code == 1
    (divergence,) = [orjson.loads(line) for line in result.stdout.splitlines()]
    assert (divergence["field"], divergence["recorded"], divergence["expected"]) == (
        "banker_hand.total",
        22,
        12,
    )
