"""Typed results a type checker follows, and the steppable game's repr, is_legal and copy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

import pontoon_cli
from pontoon_cli import Game, IllegalAction, LegalAction, Rules, Table, new_game, read_log, verify
from pontoon_cli.api.types import TableRecord

# a user's script: every line must type-check under mypy --strict ------------------------------

GOOD = """
from pontoon_cli import (
    DealRecord, Decision, Game, HeaderRecord, LegalAction, SimulateReport, StatsFigures,
    new_game, play, read_log, simulate, stats, strategy,
)
from pontoon_cli.api.types import HandRecord, LogRecord

game: Game = new_game("traditional", seed=7)
actions: list[LegalAction] = game.legal_actions()
low: int | None = actions[0].low
legal: bool = game.is_legal("stake", 5)
twin: Game = game.copy()
deal: DealRecord = game.records[0]
reveal_type(deal["net"])
net: dict[str, int] = deal["net"]
hand: HandRecord = deal["hands"][0]
stake: int = hand["stake"]
label: str = hand["class"]
header: HeaderRecord = game.header
seats: list[str] = header["table"]["seats"]
for record in play(seed=7, deals=2):
    if record["type"] == "deal":
        reveal_type(record)
        nets: dict[str, int] = record["net"]
records: list[LogRecord] = read_log("game.jsonl")
report: SimulateReport = simulate("casino", rounds=10)
edge: float | None = report["edge"]["per_unit_staked"]["edge"]
figures: StatsFigures = stats("game.jsonl")
p1_net: int = figures["players"]["p1"]["net"]
best: Decision = strategy("casino").best("TH 6C")
value: float = best.value
"""

#: Each line a mistake mypy must catch, and what it says.
BAD = {
    'wrong: str = new_game(seed=7).records[0]["net"]': "Incompatible types in assignment",
    'new_game(seed=7).records[0]["nett"]': 'TypedDict "DealRecord" has no key "nett"',
    'more: int = stats("g.jsonl")["players"]["p1"]["win_rate"]': "Incompatible types",
}


def _mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "user.py"
    script.write_text(source)
    package = Path(pontoon_cli.__file__).parent.parent  # the tree under test, not an install
    env = {**os.environ, "MYPYPATH": str(package)}
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path)


def test_a_users_script_type_checks_past_the_first_subscript(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    done = _mypy(tmp_path, GOOD)
    assert done.returncode == 0, done.stdout
    revealed = [line for line in done.stdout.splitlines() if "Revealed type" in line]
    assert revealed[0].endswith('Revealed type is "dict[str, int]"'), revealed
    assert "TypedDict(pontoon_cli.api.types.DealRecord, {" in revealed[1], revealed


def test_mypy_catches_a_wrong_key_and_a_wrong_type(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    lines = list(BAD)
    source = "from pontoon_cli import new_game, stats\n" + "\n".join(lines) + "\n"
    done = _mypy(tmp_path, source)
    assert done.returncode == 1
    for number, line in enumerate(lines, 2):
        said = [out for out in done.stdout.splitlines() if f"user.py:{number}:" in out]
        assert said and BAD[line] in said[0], (line, done.stdout)


def test_the_types_are_plain_dicts_at_run_time() -> None:
    game = new_game("shoot", seed=3)
    while not game.records:
        first = game.legal_actions()[0]
        game.act(first.action, first.low)
    record = game.records[0]
    assert type(record) is dict and type(game.header) is dict
    for typed, value in (
        (pontoon_cli.DealRecord, record),
        (pontoon_cli.HandRecord, record["hands"][0]),
        (pontoon_cli.HeaderRecord, game.header),
    ):  # every key typed, every required key there
        assert typed.__required_keys__ <= set(value) <= set(typed.__annotations__), typed


@pytest.mark.parametrize(
    "log",
    [
        "docs/examples/minimal.jsonl",
        "tests/shoot/minimal-shoot.jsonl",
        "tests/casino/minimal-casino.jsonl",
    ],
)
def test_a_third_partys_minimal_log_fits_the_types(log: str) -> None:
    """The keys the schema requires are the types' required keys: a minimal log has them."""
    root = Path(__file__).resolve().parents[2]
    header, *deals = read_log(root / log)
    for typed, value in [(pontoon_cli.HeaderRecord, header)] + [
        (pontoon_cli.DealRecord, deal) for deal in deals
    ]:
        assert typed.__required_keys__ <= set(value) <= set(typed.__annotations__), value
    assert set(header["table"]) <= set(TableRecord.__annotations__)


# the game's repr, is_legal and copy ----------------------------------------------------------


def test_a_games_repr_says_the_preset_the_deal_the_phase_and_who_acts() -> None:
    game = new_game("casino", seed=7)
    assert repr(game) == "<Game casino deal 1, stakes: p1 hand 1 to act>"
    over = new_game(Rules(), Table.seated(Rules(), 2, bankroll=1), seed=2)
    while not over.over:
        first = over.legal_actions()[0]
        over.act(first.action, first.high)  # stake everything
    assert repr(over) == f"<Game traditional: over after deal {over.deal_number}>"


def test_is_legal_agrees_with_legal_actions_and_act() -> None:
    game = new_game(seed=5)
    assert game.legal_actions() == [LegalAction("stake", 1, 10)]
    assert game.is_legal("stake", 1) and game.is_legal("stake", 10)
    assert not game.is_legal("stake", 11) and not game.is_legal("stake", 0)
    assert not game.is_legal("stake") and not game.is_legal("twist")
    with pytest.raises(IllegalAction):
        game.act("stake", 11)
    while game.legal_actions()[0].action == "stake":
        game.act("stake", 2)
    choices = game.legal_actions()
    for legal in choices:  # an action with no amount is legal without one only
        if legal.low is None:
            assert game.is_legal(legal.action) and not game.is_legal(legal.action, 1)
    assert not game.is_legal("hit")  # the casino word: act refuses it too
    with pytest.raises(IllegalAction):
        game.act("hit")


def _step(game: Game, deals: int) -> None:
    while len(game.records) < deals and not game.over:
        legal = game.legal_actions()[-1]
        game.act(legal.action, legal.high)


@pytest.mark.parametrize("preset", ["traditional", "shoot", "casino"])
def test_a_copy_plays_on_alone_and_deals_the_same_packs(preset: str) -> None:
    game = new_game(preset, seed=11)
    _step(game, 2)
    game.act(game.legal_actions()[0].action, game.legal_actions()[0].low)  # mid-deal
    before = (repr(game), list(game.records), game.balances)
    twin = game.copy()
    assert repr(twin) == repr(game) and twin.records == game.records
    assert twin.records is not game.records
    _step(twin, 5)
    assert (repr(game), list(game.records), game.balances) == before  # the original as it was
    _step(game, 5)  # the same decisions from the same state: the same packs, cut by cut
    assert [r["pack"] for r in game.records] == [r["pack"] for r in twin.records]
    assert game.records == twin.records
    lines = [orjson.dumps(r) + b"\n" for r in (twin.header, *twin.records)]
    assert list(verify(lines, seeded=True)) == []  # the copy's packs are the seed's own
