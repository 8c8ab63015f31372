"""Every example in README.md and in the pages under docs/ runs, and prints what the page shows.

Each fenced ``console`` block is one test (id ``README.md:42`` or ``docs/how-to/simulate.md:42``):
its ``$ `` lines run in order in one bash shell (with ``pipefail``) in a fresh folder holding the
files the examples name (``tests/readme/``, the pages' example files in ``docs/examples/``, the
scenario library, ``examples/strategy.py``, and ``game.jsonl`` as ``pontoon play --seed 7 --deals
100`` writes it), and the lines under each command must be exactly what it printed, stdout and
stderr together. A block that cannot run here (Ctrl-C, a million deals, the bench) is listed in
``NOT_RUN`` with the reason; a test checks that list names only blocks that exist, so it cannot
hide a new example. The pages' Python blocks run in tests/project/test_docs_python.py, in both
builds.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from support.engine import SPEC_SCENARIO

from pontoon_cli._build import COMPILED, running_build

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
EXAMPLES = DOCS / "examples"
FIXTURES = Path(__file__).resolve().parents[1] / "readme"
#: The pages whose examples run: README.md, then every page of the site.
PAGES = [README, *sorted(DOCS.rglob("*.md"))]

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


Steps = list[tuple[str, list[str]]]


def console_blocks(page: Path) -> list[tuple[int, Steps]]:
    """(line of the block, [(command, expected output lines)]) for every ``console`` block."""
    blocks = []
    lines = page.read_text(encoding="utf-8").splitlines()
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


#: (page:line, steps) of every console block of every page.
BLOCKS = [
    (f"{page.relative_to(ROOT)}:{line}", steps)
    for page in PAGES
    for line, steps in console_blocks(page)
]
#: A tutorial is followed in order: each of its blocks runs after the blocks before it on its page
#: (their output unchecked there: each block is its own test), so it may read the files they made.
TUTORIALS = "docs/tutorials/"


def _before(where: str) -> list[str]:
    """The commands of the blocks before ``where`` on its page, when the page is a tutorial."""
    if not where.startswith(TUTORIALS):
        return []
    page = where.rsplit(":", 1)[0]
    earlier = []
    for other, steps in BLOCKS:
        if other == where:
            break
        if other.rsplit(":", 1)[0] == page:
            earlier += [command for command, _ in steps]
    return earlier


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
    assert any(where.startswith("docs/") for where, _ in BLOCKS)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("readme")
    for path in FIXTURES.iterdir():
        shutil.copy(path, base / path.name)
    for path in EXAMPLES.iterdir():
        shutil.copy(path, base / path.name)
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


@pytest.mark.parametrize(("where", "steps"), BLOCKS, ids=[w for w, _ in BLOCKS])
def test_example(where: str, steps: Steps, workspace: Path, tmp_path: Path) -> None:
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
    for command in _before(where):
        _run(tmp_path, command)
    for command, expected in steps:
        printed = _run(tmp_path, command)
        assert printed.splitlines() == expected, f"$ {command}"


def test_the_example_scenario_is_the_one_the_tests_play() -> None:
    """docs/examples/five-card-trick.toml, which the scenario reference includes, is the scenario
    the engine tests play (tests/support/engine.py), comments aside."""
    shown = tomllib.loads((EXAMPLES / "five-card-trick.toml").read_text(encoding="utf-8"))
    assert shown == tomllib.loads(SPEC_SCENARIO)
