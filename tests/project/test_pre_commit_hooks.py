"""The pre-commit hooks (``.pre-commit-hooks.yaml``): which files each one takes, and that its
entry, run as pre-commit runs it (the entry, then the matching file names), passes good files
(exit 0) and fails bad ones (exit 1 or 2, with the file:line of the problem)."""

from __future__ import annotations

import gzip
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from support.logs import play_log

ROOT = Path(__file__).resolve().parents[2]
HOOKS: dict[str, dict[str, Any]] = {
    hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
}


def _run_hook(hook_id: str, folder: Path, files: list[str]) -> subprocess.CompletedProcess[str]:
    """The hook's entry on ``files`` (relative to ``folder``), as pre-commit runs it: only the
    files its ``files`` pattern matches are passed, and every given file must be one of them."""
    hook = HOOKS[hook_id]
    assert [f for f in files if re.search(hook["files"], f)] == files
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(
        [*shlex.split(hook["entry"]), *files],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_hooks_run_the_pontoon_commands_from_the_package() -> None:
    assert sorted(HOOKS) == ["pontoon-check", "pontoon-replay"]
    assert HOOKS["pontoon-check"]["entry"] == "pontoon check"
    assert HOOKS["pontoon-replay"]["entry"] == "pontoon replay"
    assert {hook["language"] for hook in HOOKS.values()} == {"python"}


@pytest.mark.parametrize(
    ("path", "taken"),
    [
        ("scenarios/t1-card-values.toml", True),
        ("scenario/house.json", True),
        ("rules/house.toml", True),
        ("games/scenarios/split.toml", True),
        ("pyproject.toml", False),
        ("scenarios/README.md", False),
        ("myscenarios/split.toml", False),
        ("tests/scenario/__snapshots__/test_scenarios/t1-card-values.json", False),
        ("logs/game.jsonl", False),
    ],
)
def test_pontoon_check_takes_scenario_and_rules_files(path: str, taken: bool) -> None:
    assert bool(re.search(HOOKS["pontoon-check"]["files"], path)) is taken


@pytest.mark.parametrize(
    ("path", "taken"),
    [
        ("game.jsonl", True),
        ("logs/engine.jsonl.gz", True),
        ("game.json", False),
        ("game.jsonl.bak", False),
        ("scenarios/split.toml", False),
    ],
)
def test_pontoon_replay_takes_logs(path: str, taken: bool) -> None:
    assert bool(re.search(HOOKS["pontoon-replay"]["files"], path)) is taken


def test_pontoon_check_hook_passes_the_scenario_library() -> None:
    files = sorted(f"scenarios/{p.name}" for p in (ROOT / "scenarios").glob("*.toml"))
    assert len(files) > 40
    done = _run_hook("pontoon-check", ROOT, files)
    assert (done.returncode, done.stdout) == (0, ""), done.stderr


def test_pontoon_check_hook_fails_a_bad_scenario_with_its_lines(tmp_path: Path) -> None:
    (tmp_path / "scenarios").mkdir()
    shutil.copy(ROOT / "scenarios" / "t1-card-values.toml", tmp_path / "scenarios" / "good.toml")
    shutil.copy(ROOT / "tests" / "readme" / "bad.toml", tmp_path / "scenarios" / "bad.toml")
    done = _run_hook("pontoon-check", tmp_path, ["scenarios/good.toml", "scenarios/bad.toml"])
    assert done.returncode == 2
    assert done.stdout.startswith("scenarios/bad.toml:3: ")
    assert "scenarios/good.toml" not in done.stdout


def _tampered(log: bytes) -> bytes:
    """``log`` with the first deal's first net raised by 1, as a hand-edited log would be."""
    lines = log.splitlines(keepends=True)
    deal = json.loads(lines[1])
    first = next(iter(deal["net"]))
    deal["net"][first] += 1
    lines[1] = json.dumps(deal, separators=(",", ":")).encode() + b"\n"
    return b"".join(lines)


def test_pontoon_replay_hook_passes_good_logs_plain_and_gzipped(tmp_path: Path) -> None:
    log = play_log(7, deals=5)
    (tmp_path / "game.jsonl").write_bytes(log)
    (tmp_path / "game.jsonl.gz").write_bytes(gzip.compress(log))
    done = _run_hook("pontoon-replay", tmp_path, ["game.jsonl", "game.jsonl.gz"])
    assert (done.returncode, done.stdout) == (0, ""), done.stderr


def test_pontoon_replay_hook_fails_a_tampered_log_with_the_divergence(tmp_path: Path) -> None:
    log = play_log(7, deals=5)
    (tmp_path / "good.jsonl").write_bytes(log)
    (tmp_path / "edited.jsonl").write_bytes(_tampered(log))
    done = _run_hook("pontoon-replay", tmp_path, ["good.jsonl", "edited.jsonl"])
    assert done.returncode == 1
    assert re.fullmatch(
        r"edited\.jsonl:2: deal 1: \S+ hand 1: net recorded -?\d+, rules give -?\d+ "
        r"\(T[\d.]+\); .+\n",
        done.stdout,
    ), done.stdout


def test_pontoon_replay_hook_fails_an_unreadable_log(tmp_path: Path) -> None:
    (tmp_path / "notes.jsonl").write_text("not a log\n")
    done = _run_hook("pontoon-replay", tmp_path, ["notes.jsonl"])
    assert done.returncode == 2
    assert done.stderr.startswith("pontoon: notes.jsonl:1: not JSON: ")


def test_the_docs_config_names_the_hooks() -> None:
    # the docs' example config (docs/examples/, included by the verify how-to)
    config = yaml.safe_load((ROOT / "docs" / "examples" / "pre-commit-config.yaml").read_text())
    assert [hook["id"] for hook in config["repos"][0]["hooks"]] == sorted(HOOKS)
