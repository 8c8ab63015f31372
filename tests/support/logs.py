"""Traditional logs for the tests: seeded games as ``pontoon play`` writes them, every scenario's
log, the JSON Schema check of a log (``validate_log``), and paths into a record to tamper with."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import orjson
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.rng import session_rngs
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.log.writer import LogWriter, header_record
from pontoon_cli.traditional.engine import Game
from pontoon_cli.traditional.players import Players
from pontoon_cli.traditional.record import deal_record

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "pontoon_cli" / "logformat" / "schema.json"
SCHEMA: dict[str, Any] = json.loads(SCHEMA_FILE.read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


# writing logs ------------------------------------------------------------------------------------


def play_log(
    seed: int,
    deals: int = 10,
    players: int = 4,
    strategy: str = "default",
    banker_strategy: str | None = None,
    rules: Rules | None = None,
    bankroll: int = 1000,
) -> bytes:
    """A seeded game's log, as ``pontoon play --seed ... --players ...`` writes it."""
    rules = rules or Rules()
    banker_strategy = banker_strategy or strategy
    table = Table.build([f"p{i}" for i in range(1, players + 1)], bankroll=bankroll)
    game_rng, players_rng = session_rngs(seed)
    game = Game(rules, table, game_rng)
    auto = Players(table.seats, players_rng, strategy, banker_strategy)
    out = io.BytesIO()
    with LogWriter(None, out) as writer:
        strategies = {"punter": strategy, "banker": banker_strategy}
        writer.write(header_record(rules, table, game, seed, strategies=strategies))
        for _ in range(deals):
            if not game.can_deal():
                break
            writer.write(deal_record(game, auto.play_deal(game)))
    return out.getvalue()


def scenario_files() -> list[Path]:
    """Every scenario file in scenarios/, found when the tests run."""
    folder = ROOT / "scenarios"
    return sorted([*folder.glob("*.toml"), *folder.glob("*.json")])


def play_scenario(path: Path) -> bytes:
    """The log ``pontoon play SCENARIO`` writes to stdout (possibly empty, if it cannot start)."""
    result = CliRunner().invoke(app, ["play", str(path)])
    return result.stdout_bytes


def records(log: bytes) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in log.splitlines()]


def validate_log(log: bytes) -> int:
    """Check every line of ``log`` against the JSON Schema; return how many lines there were."""
    lines = log.splitlines()
    for number, line in enumerate(lines, 1):
        errors = sorted(VALIDATOR.iter_errors(orjson.loads(line)), key=lambda e: e.path)
        assert not errors, f"line {number}: {errors[0].message} at {list(errors[0].path)}"
    return len(lines)


BASE = records(play_log(4, deals=12))
HEADER = BASE[0]
DEALS = BASE[1:]


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (dict keys and list indexes)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*prefix, key)
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield (*prefix, i)
            yield from paths(item, (*prefix, i))


def set_path(record: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    target: Any = record
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value


def delete_path(record: dict[str, Any], path: tuple[Any, ...]) -> None:
    target: Any = record
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
