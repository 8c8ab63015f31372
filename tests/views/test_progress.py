"""Progress bars and ANSI codes, on a real terminal (a pseudo-terminal): `show`, `stats` and
`diff` read under replay's bar on stderr, only on a terminal, colourless under NO_COLOR and absent
under TERM=dumb, which gets no colour either; `simulate`'s bar keeps its count at 80 columns."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.progress import TextColumn
from support.views import ROOT, play, run

from pontoon_cli.render.simulate import BAR_NAME, BAR_WIDTH, SimulateProgress, bar_status

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

LOG = play("--seed", "7", "--deals", "5", "--players", "4")
ESC = "\x1b"
COLOUR = re.compile(r"\x1b\[[0-9;]*m")  # an SGR code: colour or style


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "game.jsonl").write_bytes(LOG)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def on_terminal(*args: str, stdout_too: bool = False, **env: str) -> tuple[int, str, str]:
    """``pontoon ARGS`` with stderr (and stdout, if ``stdout_too``) on a pseudo-terminal 100
    columns wide: exit code, stdout, and what the terminal received."""
    import pty

    master, slave = pty.openpty()
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    environment.update({"PYTHONPATH": str(ROOT), "COLUMNS": "100", "TERM": "xterm-256color"})
    environment.update(env)
    proc = subprocess.Popen(
        [sys.executable, "-m", "pontoon_cli", *args],
        stdout=slave if stdout_too else subprocess.PIPE,
        stderr=slave,
        env=environment,
    )
    os.close(slave)
    seen = []
    while True:
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:  # the terminal's last writer has gone
            break
        if not chunk:
            break
        seen.append(chunk)
    os.close(master)
    out = b"" if stdout_too else proc.stdout.read()  # type: ignore[union-attr]
    proc.wait(timeout=60)
    return proc.returncode, out.decode(), b"".join(seen).decode()


@pytest.mark.parametrize(
    ("args", "label"),
    [
        (["stats", "game.jsonl"], "stats game.jsonl"),
        (["show", "game.jsonl", "--deal", "5"], "show game.jsonl"),
        (["diff", "game.jsonl", "game.jsonl"], "diff game.jsonl"),
    ],
)
def test_the_views_read_under_replay_s_bar_on_a_terminal(
    here: Path, args: list[str], label: str
) -> None:
    code, out, terminal = on_terminal(*args)
    assert code == 0
    assert f"{label} " in terminal and " kB" in terminal  # replay's columns: bytes read
    assert COLOUR.search(terminal)  # the bar's colours
    assert ESC not in out  # the data, piped, stays plain


# a file's name is shown as it is: "[/]" is no closing tag of rich's markup (which would stop the
# command with a traceback), ":smile:" no emoji
ODD_NAME = "logs[/]:smile:.jsonl"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["stats", ODD_NAME], f"stats {ODD_NAME} "),
        (["replay", ODD_NAME], "pontoon replay: 5 deals verified"),
        (["play", "--seed", "7", "--deals", "400", "--out", "new[/]:smile:.jsonl"], "written to"),
    ],
    ids=["stats-bar", "replay-bar", "play-bar"],
)
def test_a_file_name_on_the_bar_is_shown_as_it_is(here: Path, args: list[str], said: str) -> None:
    (here / "logs[").mkdir()
    (here / "new[").mkdir()
    (here / ODD_NAME).write_bytes(LOG)
    code, _, terminal = on_terminal(*args)
    assert code == 0, terminal
    assert "Traceback" not in terminal
    assert said in terminal
    assert "\N{SMILING FACE WITH OPEN MOUTH AND SMILING EYES}" not in terminal


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["stats"], ""),
        (["show"], ""),
        (["diff", "game.jsonl"], "pontoon diff: the same: 5 deals compared\n"),
    ],
)
def test_no_bar_in_a_pipe(here: Path, command: list[str], said: str) -> None:
    code, _, err = run(*command, "game.jsonl")
    assert (code, err) == (0, said)


def test_no_color_keeps_the_bar_without_colour(here: Path) -> None:
    code, _, terminal = on_terminal("stats", "game.jsonl", NO_COLOR="1")
    assert code == 0 and "stats game.jsonl " in terminal
    assert COLOUR.findall(terminal) == []


@pytest.mark.parametrize(
    "args",
    [
        ["stats", "game.jsonl"],
        ["show", "game.jsonl", "--deal", "2"],
        ["diff", "game.jsonl", "game.jsonl"],
    ],
)
def test_term_dumb_gets_no_ansi_code_and_no_bar(here: Path, args: list[str]) -> None:
    """Both streams on the terminal: no colour on the data, no bar on stderr."""
    code, _, terminal = on_terminal(*args, stdout_too=True, TERM="dumb")
    assert code == 0 and terminal.strip()
    assert ESC not in terminal


def test_colour_on_a_terminal_without_term_dumb(here: Path) -> None:
    """The same show, TERM not dumb: its suits are coloured (so the test above can fail)."""
    code, _, terminal = on_terminal("show", "game.jsonl", "--deal", "2", stdout_too=True)
    assert code == 0 and COLOUR.search(terminal)


# simulate's bar ------------------------------------------------------------------------------


def _drawn_bar(columns: int, done: int, total: int) -> str:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    progress = SimulateProgress(Terminal(), total, show=True)
    with progress:
        assert progress._bar is not None
        progress._bar.console.width = columns
        progress._bar.stop()  # drawn below, once, at the width asked
        progress.advance(done, {"ci95": (-0.01234, 0.04567)})
        console = Console(file=io.StringIO(), width=columns, color_system=None)
        console.print(progress._bar.get_renderable())
    return console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize("columns", [80, 100, 200])
def test_simulate_s_bar_keeps_its_count_and_total_whole_and_one_line(columns: int) -> None:
    bar = _drawn_bar(columns, 12_345_678, 100_000_000)
    assert bar.count("\n") == 1 and len(bar.rstrip("\n")) <= columns
    assert bar.startswith(f"{BAR_NAME} ") and "12,345,678/100,000,000 rounds" in bar
    assert ("edge -1.23% to +4.57%" in bar) is (columns >= 100)


def test_simulate_s_status_gives_way_interval_then_speed() -> None:
    interval, speed = "edge -1.23% to +4.57%", "52,345/s"
    wide = bar_status(5, 10, speed, interval, 200)
    assert wide == f"5/10 rounds {interval} {speed}"
    fixed = len(BAR_NAME) + BAR_WIDTH + 7 + 4  # the name, the bar, the time left, the spaces
    assert bar_status(5, 10, speed, interval, fixed + len("5/10 rounds ") + len(speed)) == (
        f"5/10 rounds {speed}"
    )
    assert bar_status(5, 10, speed, interval, 10) == "5/10 rounds"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_name_goes_to_the_stderr_console_and_the_bar_as_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # in this process: the console on stderr neither makes an emoji of ":smile:" nor highlights
    # the numbers of a line, and the bar's description takes "[/]" as text, not a closing tag
    from pontoon_cli.render.console import stderr_console, transient_bar

    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    stream = _Terminal()
    console = stderr_console(stream)
    assert console.is_terminal
    console.print("game 7 :smile:.jsonl", markup=False, soft_wrap=True)
    assert stream.getvalue() == "game 7 :smile:.jsonl\n"
    bar = transient_bar(console)
    task = bar.add_task("stats logs[/]x.jsonl", total=10)
    column = bar.columns[0]
    assert isinstance(column, TextColumn)
    assert column.render(bar.tasks[task]).plain == "stats logs[/]x.jsonl"
