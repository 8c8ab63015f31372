"""No output replaces the command's own input: exit 2, the input untouched, nothing written.

Every file a command writes (``--out``, ``--log``, ``--plot``, ``--write``, ``--junit-xml``) is
checked against every file it reads (the scenario, ``--rules FILE``, ``--strategy FILE.py:NAME``
and the banker's, the logs read), as one file through ``./``, a symbolic link or a hard link.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.strategies import STEADY
from typer.testing import CliRunner

from pontoon_cli.cli.main import app

runner = CliRunner()

RULES = 'preset = "traditional"\nstick_minimum = 16\n'
CASINO_RULES = 'preset = "casino"\ndecks = 0\n'
STRATEGY = STEADY


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.toml").write_text(RULES)
    (tmp_path / "c.toml").write_text(CASINO_RULES)
    (tmp_path / "s.py").write_text(STRATEGY)
    log = runner.invoke(app, ["play", "--seed", "7", "--deals", "3"]).stdout
    (tmp_path / "in.jsonl").write_text(log)
    (tmp_path / "log.svg").write_text(log)  # a log named as a chart, for stats --plot
    yield tmp_path


def _same(path: str) -> str:
    return path


def _dotted(path: str) -> str:
    return f"./{path}"


def _symlink(path: str) -> str:
    os.symlink(path, "link-" + path)
    return "link-" + path


def _hardlink(path: str) -> str:
    os.link(path, "hard-" + path)
    return "hard-" + path


WAYS: dict[str, Callable[[str], str]] = {
    "same": _same,
    "dotted": _dotted,
    "symlink": _symlink,
    "hardlink": _hardlink,
}

CASES = [
    (["show", "in.jsonl", "--out", "{}"], "in.jsonl", "--out", "the log read"),
    (["show", "in.jsonl", "--format", "svg", "--out", "{}"], "in.jsonl", "--out", "the log read"),
    (["stats", "log.svg", "--plot", "{}"], "log.svg", "--plot", "the log read"),
    (["replay", "in.jsonl", "--junit-xml", "{}"], "in.jsonl", "--junit-xml", "the log read"),
    (["play", "--rules", "r.toml", "--out", "{}"], "r.toml", "--out", "the rules file"),
    (
        ["play", "--strategy", "s.py:Steady", "--out", "{}"],
        "s.py",
        "--out",
        "the strategy file",
    ),
    (
        ["play", "--banker-strategy", "s.py:Steady", "--out", "{}"],
        "s.py",
        "--out",
        "the banker's strategy file",
    ),
    (
        ["simulate", "--rounds", "10", "--strategy", "s.py:Steady", "--log", "{}"],
        "s.py",
        "--log",
        "the strategy file",
    ),
    (
        ["simulate", "--rounds", "10", "--rules", "r.toml", "--log", "{}"],
        "r.toml",
        "--log",
        "the rules file",
    ),
    (["strategy", "--rules", "c.toml", "--write", "{}"], "c.toml", "--write", "the rules file"),
]


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize(
    ("args", "source", "option", "what"), CASES, ids=[" ".join(c[0][:2]) for c in CASES]
)
def test_an_output_that_is_an_input_is_refused_and_the_input_kept(
    workdir: Path, way: str, args: list[str], source: str, option: str, what: str
) -> None:
    before = (workdir / source).read_bytes()
    target = WAYS[way](source)
    result = runner.invoke(app, [a.replace("{}", target) for a in args])
    assert (result.exit_code, result.stdout) == (2, "")
    said = "pontoon: {} {} is {} itself: the output would overwrite it\n"
    # the option's path as the command holds it (a Path option reads ./r.toml as r.toml)
    assert result.stderr in {said.format(option, t, what) for t in (target, Path(target))}
    assert (workdir / source).read_bytes() == before
    assert not [p for p in workdir.iterdir() if p.name.endswith(".tmp")]


def test_an_output_beside_its_input_is_written(workdir: Path) -> None:
    result = runner.invoke(app, ["show", "in.jsonl", "--out", "in.txt"])
    assert result.exit_code == 0
    assert (workdir / "in.txt").read_text().startswith("game: traditional Pontoon")


def test_a_preset_named_like_a_file_is_not_an_input(workdir: Path) -> None:
    (workdir / "casino").write_text("not a rules file")
    result = runner.invoke(
        app, ["play", "--rules", "casino", "--seed", "1", "--deals", "1", "--out", "casino"]
    )
    assert result.exit_code == 0, result.stderr  # the preset, so the file is only an output
