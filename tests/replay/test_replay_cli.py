"""`pontoon replay` as a command: a file verified, each divergence a line (or a JSON object with
--json), --fail-fast, several files, stdin, .gz files, a missing or unreadable file among others,
its help, the progress bar on a terminal only, and messages that name a file as the user wrote
it."""

from __future__ import annotations

import gzip
import io
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from support.replay import (
    BASE,
    BASE_LOG,
    P1_NET_DETAIL,
    base,
    dump,
    written,
)
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.render.console import ReplayView
from pontoon_cli.replay.run import replay_logs

runner = CliRunner()


# the command -------------------------------------------------------------------------------------


@pytest.fixture
def log_file(tmp_path: Path) -> Path:
    return written(tmp_path / "game.jsonl", BASE_LOG)


@pytest.fixture
def bad_file(tmp_path: Path) -> Path:
    recs = base()
    recs[2]["net"]["p1"] += 1
    recs[5]["cards"][0]["card"] = "AS" if recs[5]["cards"][0]["card"] != "AS" else "KS"
    return written(tmp_path / "bad.jsonl", dump(recs))


def test_cli_verifies_a_file(log_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(log_file)])
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == (
        "pontoon replay: 12 deals verified, 0 with divergences; 13 lines read from 1 file\n"
    )


def test_cli_reports_each_divergence_as_a_line(bad_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(bad_file)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == bad_lines(str(bad_file))
    assert result.stderr == (
        "pontoon replay: 10 deals verified, 2 with divergences (2 divergences); 13 lines read "
        "from 1 file\n"
    )


def test_cli_json(bad_file: Path) -> None:
    result = runner.invoke(app, ["replay", "--json", str(bad_file)])
    assert result.exit_code == 1
    found = [orjson.loads(line) for line in result.stdout.splitlines()]
    keys = ["file", "line", "deal", "player", "hand", "field", "recorded", "expected", "rule"]
    assert [list(d) for d in found] == [[*keys, "detail"], keys]  # what the rules dealt there
    assert found[0]["detail"] == P1_NET_DETAIL[2:]
    assert [(d["file"], d["line"], d["field"]) for d in found] == [
        (str(bad_file), 3, "net"),
        (str(bad_file), 6, "cards[0].card"),
    ]
    assert "2 with divergences" in result.stderr


def bad_lines(name: str) -> list[str]:
    """The two divergence lines `replay` prints for ``bad_file`` read as ``name``."""
    net = BASE[2]["net"]["p1"]
    card = BASE[5]["cards"][0]
    tampered = "AS" if card["card"] != "AS" else "KS"
    return [
        f"{name}:3: deal 2: p1 hand 1: net recorded {net + 1}, rules give {net} (T7)"
        + P1_NET_DETAIL,
        f'{name}:6: deal 5: {card["player"]} hand 1: cards[0].card recorded "{tampered}", '
        f'rules give "{card["card"]}" (T4.1)',
    ]


def test_cli_fail_fast(bad_file: Path, log_file: Path) -> None:
    result = runner.invoke(app, ["replay", "--fail-fast", str(bad_file), str(log_file)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == bad_lines(str(bad_file))[:1]
    assert result.stderr == (
        "pontoon replay: 1 deal verified, 1 with divergences (1 divergence); 3 lines read from "
        "1 file\n"
    )


def test_cli_several_files(bad_file: Path, log_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(log_file), str(bad_file), str(log_file)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == bad_lines(str(bad_file))
    assert result.stderr == (
        "pontoon replay: 34 deals verified, 2 with divergences (2 divergences); 39 lines read "
        "from 3 files\n"
    )


def test_cli_stdin(bad_file: Path) -> None:
    """The divergences themselves are asserted: the exit code alone (1) is also what CliRunner
    reports for a crash."""
    result = runner.invoke(app, ["replay", "-"], input=bad_file.read_bytes())
    assert result.exit_code == 1
    assert result.stdout.splitlines() == bad_lines("<stdin>")
    assert result.stderr == (
        "pontoon replay: 10 deals verified, 2 with divergences (2 divergences); 13 lines read "
        "from 1 file\n"
    )
    result = runner.invoke(app, ["replay", "--json", "-"], input=bad_file.read_bytes())
    assert result.exit_code == 1
    found = [orjson.loads(line) for line in result.stdout.splitlines()]
    assert [(d["file"], d["line"], d["field"]) for d in found] == [
        ("<stdin>", 3, "net"),
        ("<stdin>", 6, "cards[0].card"),
    ]
    assert result.stderr.startswith("pontoon replay: 10 deals verified, 2 with divergences")


def test_cli_gzip(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl.gz"
    path.write_bytes(gzip.compress(BASE_LOG))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == (
        "pontoon replay: 12 deals verified, 0 with divergences; 13 lines read from 1 file\n"
    )


def test_cli_bad_gzip(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl.gz"
    path.write_bytes(gzip.compress(BASE_LOG)[:100])
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    message, summary = result.stderr.splitlines()
    assert message == (
        f"pontoon: {path}:1: cannot read: Compressed file ended before the end-of-stream marker "
        "was reached"
    )
    assert summary == (
        "pontoon replay: 0 deals verified, 0 with divergences; 0 lines read from 1 file; "
        "1 unreadable input"
    )


def test_cli_missing_file(log_file: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(log_file), str(tmp_path / "nope.jsonl")])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"pontoon: {tmp_path / 'nope.jsonl'}: no such file\n"
        "pontoon replay: 12 deals verified, 0 with divergences; 13 lines read from 1 file; "
        "1 file could not be read\n"
    )


def test_cli_unreadable_then_more_files(tmp_path: Path, log_file: Path) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(BASE_LOG[:-40])
    result = runner.invoke(app, ["replay", str(broken), str(log_file)])
    assert result.exit_code == 2
    assert result.stdout == ""
    message, summary = result.stderr.splitlines()
    assert message.startswith(f"pontoon: {broken}:13: the last line is truncated: no newline")
    assert summary == (
        "pontoon replay: 23 deals verified, 0 with divergences; 26 lines read from 2 files; "
        "1 unreadable input"
    )


def test_cli_help_has_an_example() -> None:
    result = runner.invoke(app, ["replay", "--help"])
    assert result.exit_code == 0
    assert "pontoon play --seed 7 --deals 100 | pontoon replay -" in result.stdout
    assert "--fail-fast" in result.stdout
    assert "--json" in result.stdout
    assert result.stderr == ""


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _TerminalBytes(io.BytesIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal_only(log_file: Path, bad_file: Path) -> None:
    out, err = io.BytesIO(), _Terminal()
    code = replay_logs([str(bad_file)], ReplayView(out, err))
    assert code == 1
    assert out.getvalue().count(b"\n") == 2  # data still goes to stdout, as bytes
    assert "10 deals verified" in err.getvalue()

    out_tty = _TerminalBytes()
    err2 = _Terminal()
    assert replay_logs([str(bad_file)], ReplayView(out_tty, err2)) == 1
    assert out_tty.getvalue() == b""  # on a terminal, lines go above the bar
    assert "cards[0].card recorded" in err2.getvalue()


@pytest.mark.parametrize("command", ["replay", "stats", "show", "diff"])
def test_a_message_names_the_users_file_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    # a message on stderr (no terminal) is the user's text byte for byte: no emoji for
    # ":smile:", no markup for "[bold]"
    monkeypatch.chdir(tmp_path)
    name = ":smile:[bold]x.jsonl"
    (tmp_path / name).write_text('{"type":"header"}\n')
    args = [command, name, name] if command == "diff" else [command, name]
    done = subprocess.run(
        [sys.executable, "-m", "pontoon_cli", *args], capture_output=True, cwd=tmp_path
    )
    assert done.returncode == 2
    assert done.stderr.decode().startswith(f"pontoon: {name}:1: format: expected ")


def test_T8_6_a_long_recorded_value_is_shown_short_and_kept_whole_in_json(tmp_path: Path) -> None:
    """A divergent value (a sat_out of 3,000 names) is one short line of text, as every
    recorded value is: its first characters and its length; --json keeps it as recorded."""
    lines = runner.invoke(app, ["play", "--seed", "7", "--deals", "2"]).stdout.splitlines()
    deal = orjson.loads(lines[1])
    deal["sat_out"] = ["p9" * 30] * 3000
    lines[1] = orjson.dumps(deal).decode()
    log = tmp_path / "long.jsonl"
    log.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 1
    (said, _) = result.stdout.splitlines()[0].split(", rules give")
    written = orjson.dumps(deal["sat_out"]).decode()
    assert said == f"{log}:2: deal 1: sat_out recorded {written[:50]}…({len(written)} characters)"
    result = runner.invoke(app, ["replay", "--json", str(log)])
    found = orjson.loads(result.stdout.splitlines()[0])
    assert found["recorded"] == deal["sat_out"]
