"""A strategy of your own cannot break a run: careless and hostile code meets the same contract.

- A stop signal reaches the tool whatever the strategy catches: ``except Exception`` cannot
  swallow it (the tool's ``Interrupted`` is a ``BaseException``, as ``KeyboardInterrupt`` is); a
  bare ``except:`` that swallows it is stopped when the call returns; a strategy that swallows
  signal after signal in a loop is ended by the third, its temporary file removed.
- ``print`` in a strategy (at import, in its class, in its answers) goes to stderr, never into
  the log or simulate's report on stdout.
- ``sys.exit``, ``SystemExit(3)``, its own ``KeyboardInterrupt`` or ``GeneratorExit``, and an
  answer whose comparison raises are the strategy's error: exit 2 naming the strategy, the deal,
  the seat and the hand; the whole deals before it kept.
- Text from user code reaches the terminal with its control characters escaped.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest
from support.strategies import STEADY
from typer.testing import CliRunner

from pontoon_cli.cli.main import app

runner = CliRunner()
TIMEOUT = 60

STRATEGIES = (
    STEADY
    + '''
import sys
import time

print("loading mine.py")  # a debugging print at import


class Chatty(Steady):
    def __init__(self):
        print("made a Chatty")

    def play(self, view):
        print(view.player, view.cards)
        return super().play(view)


class Slow(Steady):
    """A search that takes its time, guarded as careful code is."""

    def play(self, view):
        try:
            time.sleep(0.002)
        except Exception:
            pass
        return super().play(view)


class Stubborn(Steady):
    """A bare except: swallows even the stop."""

    def play(self, view):
        try:
            time.sleep(0.002)
        except:  # noqa: E722
            pass
        return super().play(view)


class Deaf(Steady):
    """Swallows every stop, forever, once it has started."""

    def play(self, view):
        if view.deal >= 3:
            open("deaf.started", "w").close()
            while True:
                try:
                    time.sleep(0.01)
                except:  # noqa: E722
                    pass
        return super().play(view)


def _third(what):
    class Quits(Steady):
        def play(self, view):
            if view.deal == 3:
                raise what()
            return super().play(view)

    return Quits


Exits0 = _third(lambda: SystemExit(0))
Exits3 = _third(lambda: SystemExit(3))
OwnInterrupt = _third(KeyboardInterrupt)
OwnGeneratorExit = _third(GeneratorExit)


class Sly:
    def __ne__(self, other):
        raise RuntimeError("no comparing me")

    def __eq__(self, other):
        raise RuntimeError("no comparing me")

    def __bool__(self):
        raise RuntimeError("no truth in me")

    def __repr__(self):
        return "Sly()"


class SlyBanker(Steady):
    def bank(self, view):
        return Sly() if view.deal == 3 else super().bank(view)


class Word(str):
    pass


class SubclassBanker(Steady):
    def bank(self, view):
        return Word("stay")


class Escapes(Steady):
    def play(self, view):
        if view.deal == 3:
            raise ValueError("\\x1b[31mred\\x1b[0m and \\x07")
        return super().play(view)


class EscapedAnswer(Steady):
    def play(self, view):
        return Sly2() if view.deal == 3 else super().play(view)


class Sly2:
    def __repr__(self):
        return "\\x1b]0;owned\\x07"
'''
)


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "mine.py").write_text(STRATEGIES)
    monkeypatch.chdir(tmp_path)
    yield tmp_path


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def _pontoon(*args: str) -> list[str]:
    return [sys.executable, "-m", "pontoon_cli", *args]


# print ------------------------------------------------------------------------------------------


def test_a_strategys_print_goes_to_stderr_never_into_the_log(workdir: Path) -> None:
    done = subprocess.run(
        _pontoon("play", "--seed", "7", "--deals", "3", "--strategy", "mine.py:Chatty"),
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [orjson.loads(line)["type"] for line in lines] == ["header", "deal", "deal", "deal"]
    said = done.stderr.decode()
    assert "loading mine.py" in said and "made a Chatty" in said and "('" in said
    (workdir / "g.jsonl").write_bytes(done.stdout)
    assert invoke("replay", "g.jsonl")[0] == 0


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_strategys_print_never_reaches_simulates_json(workdir: Path, workers: str) -> None:
    done = subprocess.run(
        _pontoon(
            "simulate", "--rounds", "40", "--seed", "1", "--workers", workers, "--shard", "20",
            "--strategy", "mine.py:Chatty", "--json",
        ),
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = orjson.loads(done.stdout)  # one JSON object, nothing else
    assert report["rounds_played"] == 40
    assert b"made a Chatty" in done.stderr


# exits and exceptions of every kind -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Exits0", "raised SystemExit: 0"),
        ("Exits3", "raised SystemExit: 3"),
        ("OwnInterrupt", "raised KeyboardInterrupt"),
        ("OwnGeneratorExit", "raised GeneratorExit"),
    ],
)
def test_a_strategy_that_exits_or_raises_a_base_exception_is_its_error(
    workdir: Path, name: str, said: str
) -> None:
    code, out, err = invoke(
        "play", "--seed", "7", "--deals", "10", "--strategy", f"mine.py:{name}", "--out", "g.jsonl"
    )
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == "loading mine.py"  # its print at import: on stderr
    message = err.splitlines()[-1]
    assert message.startswith(f"pontoon: strategy mine.py:{name} (p")
    assert ", deal 3, hand " in message
    assert message.endswith(f"{said} in play(view); kept 2 deals in g.jsonl")
    assert len((workdir / "g.jsonl").read_text().splitlines()) == 3
    assert invoke("replay", "g.jsonl")[0] == 0


def test_an_answer_whose_comparison_raises_is_refused_as_an_answer(workdir: Path) -> None:
    code, _, err = invoke(
        "play",
        "--seed",
        "7",
        "--deals",
        "10",
        "--strategy",
        "mine.py:SlyBanker",
        "--out",
        "g.jsonl",
    )
    assert code == 2
    assert "as banker, deal 3) returned Sly(): not one of draw, stay (T6" in err
    assert err.endswith("; kept 2 deals in g.jsonl\n")


def test_a_str_subclass_is_no_answer_for_the_banker_as_for_a_punter(workdir: Path) -> None:
    code, _, err = invoke(
        "play", "--seed", "7", "--deals", "2", "--strategy", "mine.py:SubclassBanker"
    )
    assert code == 2
    assert "returned 'stay': not one of draw, stay" in err


def test_text_from_user_code_reaches_the_terminal_escaped(workdir: Path) -> None:
    code, _, err = invoke("play", "--seed", "7", "--deals", "5", "--strategy", "mine.py:Escapes")
    assert code == 2
    assert "\x1b" not in err and "\x07" not in err
    assert "raised ValueError: \\x1b[31mred\\x1b[0m and \\x07 in play(view)" in err
    code, _, err = invoke(
        "play", "--seed", "7", "--deals", "5", "--strategy", "mine.py:EscapedAnswer"
    )
    assert code == 2
    assert "\x1b" not in err and "returned \\x1b]0;owned\\x07: not an action" in err


# stop signals -----------------------------------------------------------------------------------


def _start(workdir: Path, spec: str) -> subprocess.Popen[bytes]:
    args = ("play", "--seed", "3", "--deals", "100000", "--strategy", spec, "--out", "g.jsonl")
    return subprocess.Popen(
        _pontoon(*args), cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def _wait_for(path: Path, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()
        if path.exists() if path.suffix == ".started" else _temporary_with_data(path):
            return
        time.sleep(0.02)
    raise AssertionError(f"{path} not reached in time")


def _temporary_with_data(folder: Path) -> bool:
    return any(p.name.endswith(".tmp") and p.stat().st_size for p in folder.iterdir())


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("spec", ["mine.py:Slow", "mine.py:Stubborn"])
@pytest.mark.parametrize(
    ("signum", "said"),
    [(signal.SIGINT, "interrupted"), (signal.SIGTERM, "stopped by SIGTERM")],
    ids=["SIGINT", "SIGTERM"],
)
def test_a_stop_signal_stops_a_strategy_that_catches_exceptions(
    workdir: Path, spec: str, signum: signal.Signals, said: str
) -> None:
    proc = _start(workdir, spec)
    _wait_for(workdir, proc)
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 128 + signum, err
    message = err.decode().splitlines()[-1]  # after mine.py's own print at import
    assert message.startswith(f"pontoon: {said}; kept ") and message.endswith(" deals in g.jsonl")
    assert not [p for p in workdir.iterdir() if p.name.endswith(".tmp")]
    assert invoke("replay", "g.jsonl")[0] == 0


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_a_strategy_that_swallows_every_stop_is_ended_by_the_third(workdir: Path) -> None:
    """The strategy's bare except: catches a stop that lands inside its try; one that lands
    between two of its statements (a few microseconds in ten milliseconds) stops the run as any
    stop does. Either way the run ends within three signals, exit 130, with no temporary file:
    at once with nothing kept, or with the whole deals kept in a log that replays."""
    proc = _start(workdir, "mine.py:Deaf")
    _wait_for(workdir / "deaf.started", proc)
    for _ in range(3):
        if proc.poll() is not None:
            break
        proc.send_signal(signal.SIGINT)
        time.sleep(0.2)
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 130
    said = err.decode().splitlines()[-1]
    assert not [p for p in workdir.iterdir() if p.name.endswith(".tmp")]
    if said == "pontoon: interrupted 3 times: ended at once, nothing kept":
        assert not (workdir / "g.jsonl").exists()
    else:
        assert said == "pontoon: interrupted; kept 2 deals in g.jsonl"
        assert invoke("replay", "g.jsonl")[0] == 0


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("log", [False, True], ids=["report", "log-phase"])
def test_a_stop_signal_stops_simulate_in_one_process_whatever_the_strategy_catches(
    workdir: Path, log: bool
) -> None:
    args = ["simulate", "--rounds", "1000000", "--workers", "1", "--strategy", "mine.py:Slow"]
    args += ["--log", "sim.jsonl"] if log else []
    proc = subprocess.Popen(
        _pontoon(*args), cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    time.sleep(2.0)  # well inside the first shard, or the log's writing
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=TIMEOUT)
    assert (proc.returncode, out) == (130, b"")
    said = err.decode().splitlines()[-1]
    assert said.startswith("pontoon: interrupted") and "strategy" not in said
    assert not [p for p in workdir.iterdir() if p.name.endswith(".tmp")]
