"""Start-up: a command imports only what it uses.

`pontoon play --seed 1 --deals 1` is the floor a script pays per run: it must not load rich (no
message, no bar: the log goes to stdout), the scenario reader (no scenario, no rules file), the
replay modules, the other games' modules, the module of your own strategies, or `secrets` (the
seed is given). Each case runs the console script's own two
lines (``from pontoon_cli.cli.main import main; main()``) in a fresh interpreter and reports what is
in ``sys.modules`` once the CLI module is imported and once the command has run. No timing is
asserted: `make bench` measures the start-up.
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRATEGY = ROOT / "examples" / "strategy.py"

PROBE = r"""
import gc, json, os, sys
report = sys.argv[1]
sys.argv = ["pontoon", *sys.argv[2:]]
if os.environ.get("PROBE_GC") == "off":
    gc.disable()
from pontoon_cli.cli.main import main
at_import = sorted(sys.modules)
collecting_at_import = gc.isenabled()
code = 0
try:
    main()
except SystemExit as done:
    code = done.code
with open(report, "w") as f:
    json.dump({"code": code, "at_import": at_import, "after": sorted(sys.modules),
               "collecting": [collecting_at_import, gc.isenabled()],
               "frozen": gc.get_freeze_count()}, f)
"""

# What only other commands or inputs need: scenario files and rules files, check, replay.
NOT_FOR_SEEDED_PLAY = (
    "pontoon_cli.scenario.reader",  # and scenario_deals, scenario_play
    "pontoon_cli.scenario.document",
    "pontoon_cli.logformat.check",
    "pontoon_cli.replay.run",  # and replayer, replay_source, replay_report, ...
    "pontoon_cli.replay.replayer",
    "pontoon_cli.rulebook",  # the rules text: `pontoon rules`
    "pontoon_cli.base.seat",  # a strategy of the user's: --strategy MODULE:NAME
    "pontoon_cli.shoot",  # the other games': --rules shoot, --rules casino
    "pontoon_cli.casino",
    "rich",
    "tomllib",
)


def _modules(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    report = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(report), *args],
        capture_output=True,
        cwd=tmp_path,
        check=False,
        env=None if env is None else {**os.environ, **env},
    )
    assert report.exists(), done.stderr.decode()
    result: dict[str, Any] = json.loads(report.read_text())
    result["stdout"] = done.stdout
    result["stderr"] = done.stderr
    return result


def _loaded(modules: list[str], prefixes: tuple[str, ...]) -> list[str]:
    return [m for m in modules if m.startswith(prefixes)]


def test_seeded_play_loads_no_rich_no_scenario_reader_no_replay(tmp_path: Path) -> None:
    run = _modules(tmp_path, "play", "--seed", "1", "--deals", "1")
    assert run["code"] == 0
    assert run["stdout"].count(b"\n") == 2  # the header and one deal: it did play
    assert (
        "pontoon_cli.traditional.engine" in run["after"]
        and "pontoon_cli.log.writer" in run["after"]
    )
    assert _loaded(run["after"], NOT_FOR_SEEDED_PLAY) == []


def test_cli_module_imports_no_secrets_no_gzip_no_rich(tmp_path: Path) -> None:
    # typer itself may load secrets later, to run any command (pydantic); the CLI module must not
    # ask for it before a fresh seed is needed, nor for gzip before a .gz log is written.
    run = _modules(tmp_path, "play", "--seed", "1", "--deals", "1")
    # Nor tempfile (--out FILE's temporary file) or importlib.resources (the log's JSON Schema),
    # which typer's pydantic may load later on its own.
    later = ("secrets", "gzip", "tempfile", "importlib.resources")
    assert _loaded(run["at_import"], (*later, *NOT_FOR_SEEDED_PLAY)) == []


@pytest.mark.parametrize(
    ("args", "needed"),
    [
        (["play", "--deals", "1"], "secrets"),  # a fresh seed, told on stderr
        (["play", str(ROOT / "scenarios" / "t1-card-values.toml")], "pontoon_cli.scenario.reader"),
        (["play", "--seed", "1", "--deals", "1", "--out", "game.jsonl.gz"], "gzip"),
        (
            ["play", "--seed", "1", "--deals", "1", "--strategy", f"{STRATEGY}:Cautious"],
            "pontoon_cli.base.seat",
        ),
        (["play", "--rules", "casino", "--seed", "1", "--deals", "1"], "pontoon_cli.casino.deal"),
        (["play", "--rules", "shoot", "--seed", "1", "--deals", "1"], "pontoon_cli.shoot.deal"),
    ],
    ids=["fresh-seed-message", "scenario-file", "gzip-log", "own-strategy", "casino", "shoot"],
)
def test_what_a_command_needs_it_still_loads(tmp_path: Path, args: list[str], needed: str) -> None:
    run = _modules(tmp_path, *args)
    assert run["code"] == 0
    assert needed in run["after"]
    assert needed not in run["at_import"]


def test_messages_load_no_rich_and_keep_the_users_text(tmp_path: Path) -> None:
    # A one-line message ("pontoon: seed N", "N deals written to F") is written as it is: rich
    # is not loaded for it, and a ``:smile:`` in a file name stays text, not an emoji.
    run = _modules(tmp_path, "play", "--deals", "1", "--out", ":smile:.jsonl")
    assert run["code"] == 0
    assert _loaded(run["after"], ("rich",)) == []
    assert run["stderr"].splitlines()[-1] == b"pontoon: 1 deal written to :smile:.jsonl"


OTHER_COMMANDS = ("pontoon_cli.cli.tools", "pontoon_cli.cli.views", "pontoon_cli.cli.simulate")


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_the_version_loads_no_command(tmp_path: Path, flag: str) -> None:
    # a script's check of what is installed: the group answers it with no command registered
    run = _modules(tmp_path, flag)
    assert run["code"] == 0
    assert run["stdout"].decode().startswith("pontoon-cli ")
    commands = ("pontoon_cli.cli.play", *OTHER_COMMANDS, "pontoon_cli.cli.strategy")
    assert _loaded(run["after"], commands) == []


def test_a_command_loads_only_its_own_module_and_help_lists_them_all(tmp_path: Path) -> None:
    # The console script registers the command it runs and no other (typer then builds one
    # command, not ten); the group's help, which lists them, loads every one.
    run = _modules(tmp_path, "play", "--seed", "1", "--deals", "1")
    assert run["code"] == 0
    assert "pontoon_cli.cli.play" in run["after"]
    assert _loaded(run["after"], (*OTHER_COMMANDS, "pontoon_cli.cli.strategy")) == []
    helped = _modules(tmp_path, "--help")
    assert helped["code"] == 0
    listed = helped["stdout"].decode().split("Commands:")[1]
    for name in ("play", "replay", "show", "stats", "diff", "simulate", "strategy", "check"):
        assert f"\n  {name} " in listed
    assert "No such command 'replya'" in _modules(tmp_path, "replya")["stderr"].decode()
    suggested = _modules(tmp_path, "simulat")["stderr"].decode()
    assert "Did you mean 'simulate'" in suggested


COLLECTOR = """
import gc


class Watching:
    \"\"\"Stakes the minimum and sticks; notes whether the garbage collector runs meanwhile.\"\"\"

    def stake(self, view):
        with open("collector.txt", "a") as f:
            f.write(f"{gc.isenabled()}\\n")
        return view.legal[0].low

    def play(self, view):
        words = [action.action for action in view.legal]
        return "stick" if "stick" in words else "twist"

    def bank(self, view):
        return "stay"
"""


def test_the_collector_waits_while_the_command_loads_and_runs_while_it_plays(
    tmp_path: Path,
) -> None:
    # The modules a command loads are made with the garbage collector held off and then frozen
    # (never walked again: start-up is most of a short run). The command itself, and a strategy
    # of the user's, run with the collector on; importing the CLI module leaves it as it was.
    (tmp_path / "watching.py").write_text(COLLECTOR)
    args = ("play", "--seed", "1", "--deals", "2", "--players", "3")
    run = _modules(tmp_path, *args, "--strategy", "watching.py:Watching")
    assert run["code"] == 0, run["stderr"]
    assert run["collecting"] == [True, True]
    assert run["frozen"] > 10_000  # the modules loaded: typer's, the engine's
    stakes = (tmp_path / "collector.txt").read_text().split()
    assert stakes == ["True"] * 4  # two punters staked in each of two deals, collector on
    off = _modules(tmp_path, *args, env={"PROBE_GC": "off"})
    assert off["code"] == 0
    assert off["collecting"] == [False, False]  # a program that turned it off keeps it off


@pytest.mark.parametrize("command", ["replay", "diff"])
def test_a_log_read_with_no_terminal_loads_no_rich(tmp_path: Path, command: str) -> None:
    # no bar and no colour without a terminal: the summary and messages are written as they are
    # (show and stats draw their tables with rich)
    assert (
        _modules(tmp_path, "play", "--seed", "1", "--deals", "3", "--out", "g.jsonl")["code"] == 0
    )
    run = _modules(tmp_path, command, *(["g.jsonl"] * (2 if command == "diff" else 1)))
    assert run["code"] == 0
    assert _loaded(run["after"], ("rich",)) == []


# the same, in this process ------------------------------------------------------------------


@pytest.fixture
def collector() -> Iterator[None]:
    """The garbage collector's state and frozen objects as they were, after the test."""
    was = gc.isenabled()
    try:
        yield
    finally:
        gc.unfreeze()
        if was:
            gc.enable()
        else:
            gc.disable()


def _main(monkeypatch: pytest.MonkeyPatch, *args: str) -> list[str | None]:
    """Run ``main()`` with ``args``, the commands it asked to load instead loaded by nobody."""
    import pontoon_cli.cli.main as cli_main

    asked: list[str | None] = []

    def load(name: str | None = None) -> Any:
        asked.append(name)
        return cli_main._app

    monkeypatch.setattr(cli_main, "load_commands", load)
    monkeypatch.setattr(sys, "argv", ["pontoon", *args])
    with pytest.raises(SystemExit) as done:
        cli_main.main()
    assert done.value.code in (0, None)
    return asked


@pytest.mark.parametrize("on", [True, False], ids=["collector-on", "collector-off"])
def test_main_and_its_import_leave_the_collector_as_they_found_it(
    collector: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], on: bool
) -> None:
    import pontoon_cli.cli.main as cli_main

    (gc.enable if on else gc.disable)()
    gc.unfreeze()
    importlib.reload(cli_main)
    assert gc.isenabled() is on
    assert gc.get_freeze_count() == 0  # importing it freezes nothing of the importer's
    assert _main(monkeypatch, "--version") == []
    assert gc.isenabled() is on
    assert gc.get_freeze_count() > 0
    assert capsys.readouterr().out.startswith("pontoon-cli ")


@pytest.mark.parametrize(
    ("args", "asked"),
    [
        (["--version"], []),
        (["-V"], []),
        (["-V", "--version"], []),
        (["--version", "--help"], [None]),
    ],
)
def test_only_the_version_flags_load_no_command(
    collector: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    asked: list[str | None],
) -> None:
    assert _main(monkeypatch, *args) == asked
    assert capsys.readouterr().out.startswith("pontoon-cli ")
