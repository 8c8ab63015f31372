"""Replay frees what it makes as it goes: a deal's objects are gone when the next deal is read,
by reference counting alone. An object that held itself through a cycle (a closure and its scope,
one a deal) would live on until the garbage collector ran, and every collection would walk the
dead deals: a long replay, or a program that replays logs between other work, pays for it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.replay.run import replay_lines

runner = CliRunner()


@pytest.fixture
def collector_off() -> Iterator[None]:
    """The garbage collector stopped for the test (:func:`collected` runs it)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def played(*args: str) -> list[bytes]:
    result = runner.invoke(app, ["play", "--seed", "5", "--deals", "40", *args])
    assert result.exit_code == 0, result.output
    return result.stdout_bytes.splitlines(keepends=True)


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("--rules", "traditional"), id="T7-traditional"),
        pytest.param(("--rules", "shoot"), id="S7-shoot"),
        pytest.param(("--rules", "casino", "--players", "2"), id="C10-casino"),
        pytest.param(("--rules", "traditional", "--set", "royal_pontoon=true"), id="V6-royal"),
    ],
)
def test_replay_leaves_no_cycle_for_the_collector(
    collector_off: None, args: tuple[str, ...]
) -> None:
    lines = played(*args)
    assert len(lines) == 41
    gc.collect()  # what playing the log left
    assert replay_lines("game.jsonl", lines) == []
    assert gc.collect() == 0  # every deal's objects were freed as the replay went
