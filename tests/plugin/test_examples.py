"""examples/engine: tinypontoon, an engine that is not pontoon's, checked by the pytest plugin.

Its files are copied into a fresh folder and run by pytest as a developer runs them; the good
engine passes, and the broken one (a five card trick paid 1:1) fails with the divergences
``pontoon replay`` prints, each citing T7.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

ENGINE = Path(__file__).resolve().parents[2] / "examples" / "engine"
DIVERGENCE = re.compile(
    r"\S*engine\.jsonl:\d+: deal \d+: \w+ hand 1: net recorded -?\d+, rules give -?\d+ \(T7\); "
    r".+ against the banker's .+"
)


@pytest.fixture
def engine(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A folder holding the example's files; its runs load the plugin by ``-p`` only."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    for name in ("tinypontoon.py", "test_engine.py"):
        shutil.copy(ENGINE / name, pytester.path / name)
    return pytester


def _run(pytester: pytest.Pytester) -> pytest.RunResult:
    return pytester.runpytest_subprocess(
        "-p", "pontoon_cli.pytest_plugin", "-p", "no:cacheprovider"
    )


def test_the_engine_writes_logs_that_replay(engine: pytest.Pytester) -> None:
    _run(engine).assert_outcomes(passed=1)


def test_the_broken_engine_fails_with_the_five_card_trick_divergences(
    engine: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A five card trick paid 1:1: each divergence names the punter's hand, its class and the
    2:1 of T7; the banker's net is said to follow from it, never reported on its own."""
    monkeypatch.setenv("TINYPONTOON_BROKEN", "1")
    result = _run(engine)
    result.assert_outcomes(failed=1)
    found = [line for line in result.outlines if DIVERGENCE.fullmatch(line)]
    assert found, result.stdout.str()
    for line in found:
        assert re.search(
            r"hand 1: net recorded 1, rules give 2 \(T7\); [2-9TJQKA][CDHS]( \S\S){4}: "
            r"five-card-trick \d+ against .*, paid \+2 × stake 1; so \w+'s net as banker",
            line,
        ), line
    assert "Traceback" not in result.stdout.str()


def test_the_engine_is_independent_of_pontoon_cli() -> None:
    code = (
        "import runpy, sys; sys.argv = ['tinypontoon.py', '--deals', '3']; "
        f"runpy.run_path({str(ENGINE / 'tinypontoon.py')!r}, run_name='__main__'); "
        "print([m for m in sys.modules if m.startswith('pontoon_cli')], file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stderr == "[]\n"
    assert len(done.stdout.splitlines()) == 4  # the header and three deals


def test_the_examples_readme_shows_what_runs(tmp_path: Path) -> None:
    """Each ``$`` line of examples/README.md's console block, run from a copy of the project's
    top folder, prints what the block shows."""
    text = (ENGINE.parent / "README.md").read_text()
    block = text.split("```console\n", 1)[1].split("```", 1)[0].splitlines()
    shutil.copytree(ENGINE.parent, tmp_path / "examples")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    steps = [i for i, line in enumerate(block) if line.startswith("$ ")]
    for start, end in zip(steps, [*steps[1:], len(block)], strict=True):
        done = subprocess.run(
            ["bash", "-c", block[start][2:]],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.stdout.splitlines() == block[start + 1 : end], block[start]
