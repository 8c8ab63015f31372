"""`make demo` on a fresh machine: say what is compiling, then play, verify and show a game.

The demo is what a new user sees first, so its recipe is checked here: the build step announces
itself before the minute of compiling, the seeded game goes to a file (not three raw JSON lines on
the terminal), replay verifies that file, and `pontoon show` draws its deals. Each `pontoon` line
of the recipe is run in-process, in order, as make would run it.
"""

from __future__ import annotations

import io
import re
import shlex
import sys
import time
from pathlib import Path

import pytest
from support.modules import load
from typer.testing import CliRunner

from pontoon_cli.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")


def _recipe(target: str) -> list[str]:
    """The recipe lines of ``target`` (the tab-indented lines after ``target:``)."""
    match = re.search(rf"^{re.escape(target)}:.*\n((?:\t.*\n)+)", MAKEFILE, re.MULTILINE)
    assert match, f"no {target} rule in the Makefile"
    return [line.strip() for line in match.group(1).splitlines()]


def test_the_compiling_step_says_what_it_does_before_it_starts() -> None:
    (rule,) = [r for r in re.findall(r"^\$\(STAMP_BUILD\):.*\n((?:\t.*\n)+)", MAKEFILE, re.M)]
    lines = [line.strip() for line in rule.splitlines()]
    compile_at = next(i for i, line in enumerate(lines) if "build_ext" in line)
    said = [line for line in lines[:compile_at] if line.startswith("@echo")]
    assert said and "compiling" in said[0] and "mypyc" in said[0]


def test_make_demo_plays_to_a_file_then_verifies_and_shows_it(tmp_path: Path) -> None:
    variables = dict(re.findall(r"^(\w+)\s*:=\s*(.+)$", MAKEFILE, re.MULTILINE))
    commands = [line for line in _recipe("demo") if line.startswith("$(BIN)/pontoon ")]
    outputs = []
    for line in commands:
        line = line.replace("$(DEMO_LOG)", str(tmp_path / Path(variables["DEMO_LOG"]).name))
        args = shlex.split(line)[1:]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, (line, result.output)
        outputs.append((args[0], result.stdout, result.stderr))
    assert [name for name, _, _ in outputs] == ["--version", "play", "replay", "show"]
    _, play_out, play_err = outputs[1]
    assert play_out == "" and "3 deals written" in play_err  # the log goes to its file
    assert "3 deals verified, 0 with divergences" in outputs[2][2]
    shown = outputs[3][1]
    assert [n for n in range(1, 4) if f"deal {n} · banker" in shown] == [1, 2, 3]


# the minute of compiling: said step by step, counted on a terminal ------------------------------

setup_py = load("pontoon_setup", ROOT / "setup.py")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _compile_three(monkeypatch: pytest.MonkeyPatch, stream: io.StringIO) -> str:
    monkeypatch.setattr(sys, "stderr", stream)
    monkeypatch.delenv("TERM", raising=False)
    progress = setup_py.Progress(3, every=0.01)
    progress.start()
    for name in ("core.hands", "core.rules", "the shared library (most of the C)"):
        progress.compiling(name)
        time.sleep(0.05)
        progress.compiled()
    progress.finish("compiled 3 modules")
    return stream.getvalue()


def test_into_a_pipe_the_build_says_one_line_a_step(monkeypatch: pytest.MonkeyPatch) -> None:
    said = _compile_three(monkeypatch, io.StringIO())
    assert said == "pontoon build: compiled 3 modules in 0 s\n"


def test_on_a_terminal_the_build_counts_the_modules_as_they_compile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said = _compile_three(monkeypatch, _Terminal())
    redrawn = [part for part in said.split("\r\x1b[K") if part]
    assert redrawn[-1] == "pontoon build: compiled 3 modules in 0 s\n"
    counts = [re.match(r"  (\d)/3 compiled · now (.+) · \d+ s$", line) for line in redrawn[:-1]]
    assert all(counts), redrawn
    seen = [(m.group(1), m.group(2)) for m in counts if m]
    assert ("0", "core.hands") in seen and ("2", "the shared library (most of the C)") in seen
    assert [int(n) for n, _ in seen] == sorted(int(n) for n, _ in seen)  # it only goes up


def test_on_a_dumb_terminal_the_build_draws_nothing_in_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setattr(sys, "stderr", _Terminal())
    progress = setup_py.Progress(1, every=0.01)
    assert progress.live is False
