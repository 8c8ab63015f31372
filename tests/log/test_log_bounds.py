"""What a log claims is bounded before anything is drawn or replayed: a hand of more than five
cards (T5.7, T6.2) and a table of more seats than any game deals to (T1.1, T4.1) are refused
when the line is read, by replay and by every view, exit 2, naming the line and the field."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.rules import MOST_SEATS

runner = CliRunner()
COMMANDS = [["replay"], ["show"], ["show", "--format", "svg"], ["stats"], ["diff", "{other}"]]


@pytest.fixture
def played() -> list[dict[str, object]]:
    out = runner.invoke(app, ["play", "--seed", "7", "--deals", "2"]).stdout
    return [orjson.loads(line) for line in out.splitlines()]


def _write(path: Path, records: list[dict[str, object]]) -> Path:
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    return path


def _run(command: list[str], log: Path, other: Path) -> tuple[int, str]:
    args = [a.replace("{other}", str(other)) for a in command]
    result = runner.invoke(app, [args[0], str(log), *args[1:]])
    return result.exit_code, result.stderr


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_T1_3_a_hand_of_more_than_twenty_two_cards_is_refused_when_read(
    tmp_path: Path, played: list[dict[str, object]], command: list[str]
) -> None:
    other = _write(tmp_path / "other.jsonl", played)
    deal = played[1]
    deal["hands"][0]["cards"] = " ".join(["9H"] * 300_000)  # type: ignore[index]
    log = _write(tmp_path / "log.jsonl", played)
    code, err = _run(command, log, other)
    assert code == 2
    said = (
        f"{log}:2: hands[0].cards: expected at most 22 cards (T1.3: 22 cards count over 21 even "
        "as aces, so no hand holds more)"
    )
    assert said in err
    assert len(err) < 1000  # the 900 kB of cards are not shown


def test_T5_7_a_hand_played_on_past_five_cards_is_compared_not_refused(
    tmp_path: Path, played: list[dict[str, object]]
) -> None:
    played[1]["banker_hand"]["cards"] = "2H 3H 4H 5H 6H 7H"  # type: ignore[index]
    log = _write(tmp_path / "log.jsonl", played)
    result = runner.invoke(app, ["replay", str(log)])
    assert "expected at most" not in result.stdout + result.stderr  # compared, not refused
    assert result.exit_code == 1
    assert 'banker_hand.cards recorded "2H 3H 4H 5H 6H 7H"' in result.stdout


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_T1_1_a_header_of_more_seats_than_any_game_deals_to_is_refused(
    tmp_path: Path, played: list[dict[str, object]], command: list[str]
) -> None:
    other = _write(tmp_path / "other.jsonl", played)
    seats = [f"q{i}" for i in range(20_000)]
    played[0]["table"] = {**played[0]["table"], "seats": seats}  # type: ignore[dict-item]
    played[0]["table"]["bankrolls"] = dict.fromkeys(seats, 1000)  # type: ignore[index]
    log = _write(tmp_path / "log.jsonl", played[:1])
    code, err = _run(command, log, other)
    assert code == 2
    assert (
        f"{log}:1: table.seats: expected at most {MOST_SEATS} seats (T1.1, T4.1: 8 packs deal 2 "
        "cards a seat)"
    ) in err
