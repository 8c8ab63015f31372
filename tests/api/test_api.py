"""The public Python API: the names ``pontoon_cli`` exports, each doing what its command does."""

from __future__ import annotations

import doctest
import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from support.logs import ROOT
from typer.testing import CliRunner

import pontoon_cli
from pontoon_cli import (
    Divergence,
    ExpectationError,
    IllegalAction,
    LogFormatError,
    LogVisitor,
    PontoonError,
    Rules,
    ScenarioError,
    Table,
    new_game,
    play,
    read_log,
    simulate,
    verify,
    write_log,
)
from pontoon_cli.cli.main import app

runner = CliRunner()
SCENARIO = ROOT / "scenarios" / "t5-twist-and-stick.toml"


def cli(*args: str) -> bytes:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout_bytes


def lines(records: Any) -> list[bytes]:
    return [orjson.dumps(r) + b"\n" for r in records]


# the package: lazy, documented, typed ------------------------------------------------------------


def python_prints(code: str) -> str:
    """What ``python -c code`` prints, in a fresh interpreter (nothing this process imported)."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout


def test_importing_the_package_loads_no_api_module_until_a_name_is_used() -> None:
    code = (
        "import sys, pontoon_cli\n"
        "before = sorted(m for m in sys.modules if m.startswith('pontoon_cli.'))\n"
        "pontoon_cli.verify\n"
        "after = 'pontoon_cli.api.logs' in sys.modules\n"
        "print(before, after, 'typer' in sys.modules, 'pytest' in sys.modules)"
    )
    out = python_prints(code)
    assert out.strip() == "['pontoon_cli._build'] True False False"


def test_every_public_name_is_listed_and_an_unknown_one_is_an_attribute_error() -> None:
    public = set(pontoon_cli.__all__) - {"BUILD", "__version__"}
    assert public <= set(dir(pontoon_cli))
    if pontoon_cli.BUILD != "compiled":  # a compiled class may not keep its docstring
        for name in public:
            assert getattr(pontoon_cli, name).__doc__, name
    with pytest.raises(AttributeError, match="no attribute 'Deal'"):
        pontoon_cli.Deal  # noqa: B018
    assert issubclass(ExpectationError, PontoonError)
    assert issubclass(LogFormatError, PontoonError) and issubclass(ScenarioError, PontoonError)


def test_no_public_name_is_shadowed_by_a_package_of_the_same_name() -> None:
    """Importing a subpackage sets it on the package: a public name may not be one's
    (pontoon_cli.solver and pontoon_cli.conformance are; hence strategy and cases)."""
    code = (
        "import importlib, pkgutil, types, pontoon_cli\n"
        "for info in pkgutil.iter_modules(pontoon_cli.__path__):\n"
        "    if info.ispkg: importlib.import_module('pontoon_cli.' + info.name)\n"
        "print([n for n in pontoon_cli.__all__\n"
        "       if isinstance(getattr(pontoon_cli, n), types.ModuleType)])"
    )
    out = python_prints(code)
    assert out.strip() == "[]"


@pytest.mark.parametrize(
    "module",
    [
        "pontoon_cli",
        "pontoon_cli.api.playing",
        "pontoon_cli.api.logs",
        "pontoon_cli.api.simulating",
        "pontoon_cli.api.charts",
        "pontoon_cli.api.conformance",
        "pontoon_cli.core.rules",
    ],
)
def test_the_docstring_examples_run(module: str) -> None:
    loaded = __import__(module, fromlist=["_"])
    if not str(loaded.__file__).endswith(".py"):
        pytest.skip("a compiled module's examples run in the pure pass (doctest finds no source)")
    found = doctest.testmod(
        __import__(module, fromlist=["_"]), optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert found.attempted > 0 and found.failed == 0, found


# play and write_log: what `pontoon play` writes ---------------------------------------------------


@pytest.mark.parametrize("preset", ["traditional", "shoot", "casino"])
def test_play_yields_the_records_pontoon_play_writes(preset: str) -> None:
    written = b"".join(lines(play(preset, seed=11, deals=25, strategy="random")))
    assert written == cli(
        "play", "--rules", preset, "--seed", "11", "--deals", "25", "--strategy", "random"
    )


def test_write_log_to_a_path_and_to_a_stream_as_the_command_does(tmp_path: Path) -> None:
    table = Table.seated(Rules(), ["ann", "bob", "cal"], banker="cal", bankroll=50)
    stream = io.BytesIO()
    done = write_log(stream, "traditional", table, seed=3, deals=7)
    assert (done.deals, done.where, done.seed, done.ended) == (7, "stdout", 3, None)
    path = tmp_path / "g.jsonl"
    assert write_log(path, table=table, seed=3, deals=7).where == str(path)
    expected = cli(
        "play",
        "--player",
        "ann",
        "--player",
        "bob",
        "--player",
        "cal",
        "--banker",
        "cal",
        "--bankroll",
        "50",
        "--seed",
        "3",
        "--deals",
        "7",
    )
    assert stream.getvalue() == path.read_bytes() == expected


def test_write_log_says_why_a_game_ended_early() -> None:
    done = write_log(io.BytesIO(), seed=1, deals=10_000, table=Table.seated(Rules(), 2, bankroll=3))
    assert done.deals < 10_000
    assert done.ended == (
        f"the game ends after deal {done.deals}: no punter can cover the minimum stake of 1 (T8.6)"
    )


def test_play_refuses_what_the_command_refuses_with_its_words() -> None:
    with pytest.raises(PontoonError, match=r"unknown strategy 'cautious'; one of default, random"):
        list(play(seed=1, strategy="cautious"))
    with pytest.raises(PontoonError, match=r"a casino table has no banker: .*\(C3, C9\)"):
        list(play("casino", seed=1, banker_strategy="default"))
    with pytest.raises(PontoonError, match=r"use rules\.with_overrides\(packs=4\)"):
        list(play(seed=1, table=Table.seated(Rules(), 100)))


def test_play_of_a_scenario_and_its_unmet_expectation(tmp_path: Path) -> None:
    records = list(play(scenario=SCENARIO))
    assert records[0]["scenario"] == "buy, twist, and stick on 15"
    assert [r["net"] for r in records[1:]] == [{"ann": -6, "bob": 3, "cal": 3}]
    broken = tmp_path / "broken.toml"
    broken.write_text(SCENARIO.read_text().replace("bob = 3, cal = 3 }", "bob = 4, cal = 2 }"))
    given = play(scenario=broken)  # played at the call; its records come before the failure
    records = []
    with pytest.raises(ExpectationError) as caught:
        records.extend(given)
    assert [r["type"] for r in records] == ["header", "deal"]
    text = str(caught.value)
    assert text.startswith(f"{broken}: 2 expectations failed\n")
    assert "deal 1  net.bob  4         3" in text and "deal 1  net.cal  2         3" in text
    assert caught.value.deals == 1
    missing = tmp_path / "none.toml"
    with pytest.raises(ScenarioError):
        list(play(scenario=missing))


# the steppable game -------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["traditional", "shoot", "casino"])
def test_a_game_stepped_by_its_legal_actions_replays_clean(preset: str) -> None:
    """Always the first legal action, at its least amount: every deal ends, and its records
    (with the game's header) verify as a log."""
    game = new_game(preset, seed=5)
    while len(game.records) < 6 and not game.over:
        first = game.legal_actions()[0]
        game.act(first.action, first.low)
    assert game.deal_number == 7
    assert list(verify(lines([game.header, *game.records]))) == []
    assert all(sum(r["net"].values()) == 0 for r in game.records) or preset == "casino"


def test_a_game_refuses_an_illegal_action_naming_the_rule() -> None:
    game = new_game(seed=5)
    first = game.actor
    with pytest.raises(IllegalAction, match=r"T3\.3"):
        game.act("stake", 11)  # the table's stakes are 1 to 10
    assert game.actor == first  # the refusal changed nothing
    game.act("stake", 10)
    assert game.actor != first
    with pytest.raises(PontoonError, match="a stake needs an amount"):
        game.act("stake")


def test_a_game_that_cannot_go_on_is_over() -> None:
    game = new_game(Rules(), Table.seated(Rules(), 2, bankroll=1), seed=2)
    while not game.over:
        first = game.legal_actions()[0]
        game.act(first.action, first.high)  # stake everything
    assert game.actor is None and game.legal_actions() == []
    with pytest.raises(PontoonError, match="the game is over"):
        game.act("stake", 1)


# read_log and verify: a path, a handle, lines -----------------------------------------------------


def test_read_log_from_a_path_a_handle_and_lines(tmp_path: Path) -> None:
    log = cli("play", "--seed", "4", "--deals", "5")
    path = tmp_path / "g.jsonl"
    path.write_bytes(log)
    expected = [orjson.loads(line) for line in log.splitlines()]
    assert read_log(path) == read_log(str(path)) == expected
    assert read_log(io.BytesIO(log)) == read_log(log.splitlines(keepends=True)) == expected

    class FirstTwo(LogVisitor[list[int]]):
        def __init__(self) -> None:
            self.deals: list[int] = []

        def visit_deal(self, at: Any, record: dict[str, Any]) -> bool | None:
            self.deals.append(record["deal"])
            return len(self.deals) == 2  # True: read no further

        def result(self) -> list[int]:
            return self.deals

    assert read_log(path, FirstTwo()) == [1, 2]


def test_read_log_raises_replays_message_for_an_unreadable_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(cli("play", "--seed", "4", "--deals", "2") + b"{not json\n")
    with pytest.raises(LogFormatError, match=rf"^{path}:4: "):
        read_log(path)


def test_verify_yields_replays_divergences_from_a_path_a_handle_and_lines(tmp_path: Path) -> None:
    log = cli("play", "--seed", "4", "--deals", "5")
    records = [orjson.loads(line) for line in log.splitlines()]
    records[3]["net"]["p2"] += 2
    tampered = b"".join(lines(records))
    path = tmp_path / "t.jsonl"
    path.write_bytes(tampered)
    found = list(verify(path))
    assert [type(d) for d in found] == [Divergence]
    assert (found[0].line, found[0].deal, found[0].field) == (4, 3, "net")
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 1
    assert replayed.stdout == f"{found[0]}\n"
    assert [d.field for d in verify(io.BytesIO(tampered))] == ["net"]
    assert [d.field for d in verify(tampered.splitlines(keepends=True))] == ["net"]
    assert list(verify(log.splitlines(keepends=True))) == []


def test_verify_of_a_missing_file_names_it(tmp_path: Path) -> None:
    with pytest.raises(LogFormatError, match=r"nope\.jsonl"):
        list(verify(tmp_path / "nope.jsonl"))


# simulate: the --json report ----------------------------------------------------------------------


def test_simulate_returns_the_report_simulate_json_prints() -> None:
    report = simulate("casino", players=2, rounds=3000, seed=9, shard=1000)
    printed = orjson.loads(
        cli(
            "simulate",
            "--rules",
            "casino",
            "--players",
            "2",
            "--rounds",
            "3000",
            "--seed",
            "9",
            "--shard",
            "1000",
            "--json",
        )
    )
    assert report == printed
    assert report["rounds_played"] == 3000


def test_simulate_refuses_bad_arguments_in_pythons_words() -> None:
    with pytest.raises(PontoonError, match=r"^simulate\(\): rounds= takes a whole number from 1"):
        simulate(rounds=0, seed=1)
    with pytest.raises(PontoonError, match=r"^players= must be 2 or more, got 1"):
        simulate(players=1, seed=1, rounds=10)
    with pytest.raises(PontoonError, match=r"^simulate\(\): workers= .* from 1 to 64; got 65"):
        simulate(seed=1, rounds=10, workers=65)
