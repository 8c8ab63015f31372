"""The corpus of bad inputs (tests/corpus/): every reader refuses each one cleanly (exit 2).

``play``, ``check`` and ``replay`` are each run on every file of the corpus, on a directory, on a
FIFO and on ``/dev/zero``: each must exit 2, name the file in every line it prints about it, and
never show a Python traceback. A reader that crashes, hangs or accepts one of these fails here.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pontoon_cli.cli.main import app

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
FILES = sorted(p.name for p in CORPUS.iterdir() if p.is_file())
COMMANDS = ["play", "check", "replay"]

runner = CliRunner()


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def _assert_refused(command: str, target: str, shown: str) -> None:
    result = runner.invoke(app, [command, target])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    output = _lines(result.stdout) + _lines(result.stderr)
    assert "Traceback" not in result.stdout + result.stderr
    assert output, "a refusal must say why"
    # One line per problem, each naming the file; the closing summary lines may name the command.
    about = [line for line in output if not line.startswith(f"pontoon {command}:")]
    assert about, output
    for line in about:
        assert shown in line, f"{line!r} does not name {shown!r}"
    for line in output:
        assert "\x1b" not in line and "\x00" not in line, f"raw control character in {line!r}"


def test_corpus_is_not_empty() -> None:
    assert len(FILES) >= 20


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", FILES)
def test_bad_file_is_refused(command: str, name: str) -> None:
    path = str(CORPUS / name)
    _assert_refused(command, path, path)


@pytest.mark.parametrize("command", COMMANDS)
def test_directory_is_refused(command: str, tmp_path: Path) -> None:
    _assert_refused(command, str(tmp_path), str(tmp_path))


@pytest.mark.parametrize("command", COMMANDS)
def test_dev_zero_is_refused(command: str) -> None:
    _assert_refused(command, "/dev/zero", "/dev/zero")


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    """A FIFO fed with garbage by a thread, as `mkfifo f; cat junk > f &` would."""
    path = tmp_path / "fifo"
    os.mkfifo(path)

    def feed() -> None:
        try:
            with open(path, "wb") as pipe:
                pipe.write(b"\x00not a scenario, not a log\xff\n" * 100)
        except OSError:
            pass

    thread = threading.Thread(target=feed, daemon=True)
    thread.start()
    yield path
    # Unblock the writer if the command never opened the FIFO.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    os.close(fd)
    thread.join(timeout=5)


@pytest.mark.parametrize("command", COMMANDS)
def test_fifo_is_refused(command: str, fifo: Path) -> None:
    _assert_refused(command, str(fifo), str(fifo))


def test_a_rules_file_given_to_play_says_what_it_is() -> None:
    path = str(CORPUS / "rules-bad-type.toml")
    result = runner.invoke(app, ["play", path])
    assert result.exit_code == 2
    assert result.stderr == (
        f"{path}:1: a rules file, not a scenario: play it with --rules {path}\n"
    )


def test_a_log_that_is_not_utf8_says_so() -> None:
    path = str(CORPUS / "utf16.toml")
    result = runner.invoke(app, ["replay", path])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == f"pontoon: {path}:1: not UTF-8 text"
