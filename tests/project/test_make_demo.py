"""`make demo` on a fresh machine: say what is compiling, then play, verify and show a game.

The demo is what a new user sees first, so its recipe is checked here: the build step announces
itself before the minute of compiling, the seeded game goes to a file (not three raw JSON lines on
the terminal), replay verifies that file, and `pontoon show` draws its deals. Each `pontoon` line
of the recipe is run in-process, in order, as make would run it.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

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
