"""Every ``console`` example in the README runs, and prints what the README shows.

Each fenced ``console`` block is one test: its ``$ `` lines run in order in one bash shell (with
``pipefail``) in a fresh folder holding the files the examples name (``tests/readme/``, the
scenario library, ``examples/strategy.py``, and ``game.jsonl`` as ``pontoon play --seed 7
--deals 100`` writes it), and the lines under each command must be exactly what it printed,
stdout and stderr together. A block that cannot run here (Ctrl-C, a million deals, the bench) is
listed in ``NOT_RUN`` with the reason; a test checks that list names only blocks that exist, so
it cannot hide a new example.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pontoon_cli._build import COMPILED, running_build

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
FIXTURES = Path(__file__).resolve().parents[1] / "readme"

#: Blocks not run, by a command they hold, with the reason.
NOT_RUN = {
    "pontoon play --seed 7 --deals 20000 --out game.jsonl.gz": "20,000 deals: too slow for CI; "
    "the .gz path is tested in test_output.py",
    "# Ctrl-C after a few seconds": "needs a person at the keyboard; tests/log/test_signals.py",
    "tools/mutate.py": "minutes of mutation runs",
    "CC=/bin/false python setup.py": (
        "builds the project itself; tests/project/test_build.py runs it"
    ),
    'echo "# x" >> pontoon_cli/core/hands.py': (
        "edits the package; tests/project/test_build.py covers staleness"
    ),
}


def console_blocks() -> list[tuple[int, list[tuple[str, list[str]]]]]:
    """(line of the block, [(command, expected output lines)]) for every ``console`` block."""
    blocks = []
    lines = README.read_text().splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```console":
            start, i = i + 1, i + 1
            steps: list[tuple[str, list[str]]] = []
            while lines[i].strip() != "```":
                if lines[i].startswith("$ "):
                    steps.append((lines[i][2:], []))
                elif steps:
                    steps[-1][1].append(lines[i])
                i += 1
            blocks.append((start, steps))
        i += 1
    return blocks


BLOCKS = console_blocks()


def _skipped(steps: list[tuple[str, list[str]]]) -> str | None:
    for command, _ in steps:
        for marker, reason in NOT_RUN.items():
            if marker in command:
                return reason
    return None


def test_the_not_run_list_names_only_blocks_that_exist() -> None:
    commands = [command for _, steps in BLOCKS for command, _ in steps]
    for marker in NOT_RUN:
        assert any(marker in command for command in commands), marker
    assert len(BLOCKS) >= 20


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("readme")
    for path in FIXTURES.iterdir():
        shutil.copy(path, base / path.name)
    readme = README.read_text()
    scenario = readme.split("### `pontoon play SCENARIO`", 1)[1].split("```toml\n", 1)[1]
    (base / "five-card-trick.toml").write_text(scenario.split("```", 1)[0])
    shutil.copytree(ROOT / "scenarios", base / "scenarios")
    (base / "examples").mkdir()
    shutil.copy(ROOT / "examples" / "strategy.py", base / "examples")  # "Your own strategy"
    _run(base, "pontoon play --seed 7 --deals 100 > game.jsonl")
    return base


def _run(tmp: Path, command: str) -> str:
    """``command`` in bash, in a copy of the workspace, as a user's shell runs it."""
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "COLUMNS": "200",
    }
    env.pop("NO_COLOR", None)
    script = f"set -o pipefail\n{command}\n"
    done = subprocess.run(
        ["bash", "-c", script],
        cwd=tmp,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        timeout=120,
        check=False,
    )
    return done.stdout.decode()


@pytest.mark.parametrize(
    "steps", [steps for _, steps in BLOCKS], ids=[f"README.md:{line}" for line, _ in BLOCKS]
)
def test_readme_example(
    steps: list[tuple[str, list[str]]], workspace: Path, tmp_path: Path
) -> None:
    reason = _skipped(steps)
    if reason:
        pytest.skip(reason)
    if any(re.search(r"\bjq\b", command) for command, _ in steps) and not shutil.which("jq"):
        pytest.skip("jq is not installed")
    if (
        any("(compiled)" in line for _, out in steps for line in out)
        and running_build() != COMPILED
    ):
        pytest.skip("shows the compiled build; this run uses the Python sources")
    shutil.copytree(workspace, tmp_path, dirs_exist_ok=True)
    for command, expected in steps:
        printed = _run(tmp_path, command)
        assert printed.splitlines() == expected, f"$ {command}"
