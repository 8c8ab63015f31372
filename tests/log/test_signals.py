"""Stopping `pontoon play --out`: whole deals kept, no temporary left.

Ctrl-C (SIGINT), SIGTERM and SIGHUP all keep the header and every deal completed (a log that
replays), say how many on stderr, leave no temporary file, and exit 128 + the signal's number.
"""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.stop import Interrupted
from pontoon_cli.log import output
from pontoon_cli.log.output import stop_signals
from pontoon_cli.log.writer import LogWriter

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")

TIMEOUT = 60


def _play(deals: int, out: Path) -> list[str]:
    args = f"play --seed 3 --deals {deals} --bankroll 1000000 --out".split()
    return [sys.executable, "-m", "pontoon_cli", *args, str(out)]


def _wait_for_deals(folder: Path, proc: subprocess.Popen[bytes]) -> None:
    """Until the temporary file beside the target holds data (the first 64 kB were flushed)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        assert proc.poll() is None, "pontoon ended before it was stopped"
        temporaries = [p for p in folder.iterdir() if p.name.endswith(".tmp")]
        if temporaries and temporaries[0].stat().st_size > 0:
            return
        time.sleep(0.02)
    raise AssertionError("no deals written in time")


SIGNALS = [
    (signal.SIGINT, "interrupted"),
    (signal.SIGTERM, "stopped by SIGTERM"),
    (signal.SIGHUP, "stopped by SIGHUP"),
]


@pytest.mark.parametrize(("signum", "said"), SIGNALS, ids=lambda v: getattr(v, "name", None))
@pytest.mark.parametrize("name", ["game.jsonl", "game.jsonl.gz"])
def test_a_stop_signal_keeps_every_whole_deal_and_no_temporary(
    tmp_path: Path, signum: signal.Signals, said: str, name: str
) -> None:
    out = tmp_path / name
    proc = subprocess.Popen(_play(1_000_000, out), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _wait_for_deals(tmp_path, proc)
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 128 + signum
    found = re.fullmatch(
        rf"pontoon: {said}; kept (\d+) deals in {re.escape(str(out))}\n", err.decode()
    )
    assert found, err
    kept = int(found.group(1))
    assert kept > 0
    assert [p.name for p in tmp_path.iterdir()] == [name]  # no temporary file
    replayed = CliRunner().invoke(app, ["replay", str(out)])
    assert replayed.exit_code == 0, replayed.stderr
    assert f"{kept} deals verified, 0 with divergences" in replayed.stderr


def test_a_signal_that_is_ignored_stays_ignored(tmp_path: Path) -> None:
    """Under `nohup`, SIGHUP is ignored: the run goes on to the end."""
    out = tmp_path / "game.jsonl"
    proc = subprocess.Popen(
        _play(20_000, out),
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),
    )
    _wait_for_deals(tmp_path, proc)
    proc.send_signal(signal.SIGHUP)
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 0
    assert err.decode() == f"pontoon: 20000 deals written to {out}\n"


# in-process: the held step around each record ----------------------------------------------------


class _Signalling(io.BytesIO):
    """A stream whose next write sends signals to this process while the record is written."""

    def __init__(self) -> None:
        super().__init__()
        self.send: list[int] = []

    def write(self, data: Any, /) -> int:
        for signum in self.send:
            os.kill(os.getpid(), signum)
            time.sleep(0)  # the handler runs here, in the middle of the write
        self.send = []
        return super().write(data)


def test_a_signal_during_a_record_waits_until_the_record_is_whole() -> None:
    stream = _Signalling()
    with stop_signals(), pytest.raises(Interrupted) as stopped, LogWriter(None, stream) as writer:
        writer.write({"type": "header"})
        stream.send = [signal.SIGTERM]
        writer.write({"type": "deal", "deal": 1})
        writer.write({"type": "deal", "deal": 2})  # never reached
    assert stopped.value.signum == signal.SIGTERM
    assert stream.getvalue() == b'{"type":"header"}\n{"type":"deal","deal":1}\n'
    assert str(stopped.value) == "stopped by SIGTERM; 1 deal written"


@pytest.mark.parametrize(
    ("signals", "kept"),
    [([signal.SIGTERM], True), ([signal.SIGTERM, signal.SIGHUP], False)],
    ids=["one signal: the record is finished and kept", "a second signal cuts it: no file"],
)
def test_out_keeps_whole_records_and_never_a_cut_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, signals: list[int], kept: bool
) -> None:
    files: list[Any] = []
    real_fdopen = os.fdopen

    class Spy:
        def __init__(self, real: Any) -> None:
            self.real = real
            self.send: list[int] = []

        def write(self, data: bytes) -> int:
            for signum in self.send:
                os.kill(os.getpid(), signum)
                time.sleep(0)
            self.send = []
            return int(self.real.write(data))

        def __getattr__(self, name: str) -> Any:
            return getattr(self.real, name)

    def spying_fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        spy = Spy(real_fdopen(fd, *args, **kwargs))
        files.append(spy)
        return spy

    monkeypatch.setattr(output.os, "fdopen", spying_fdopen)
    target = tmp_path / "game.jsonl"
    with stop_signals(), pytest.raises(Interrupted) as stopped, LogWriter(target) as writer:
        writer.write({"type": "header"})
        files[0].send = list(signals)
        writer.write({"type": "deal", "deal": 1})
    assert stopped.value.signum == signals[-1]
    if kept:
        assert target.read_bytes() == b'{"type":"header"}\n{"type":"deal","deal":1}\n'
        assert str(stopped.value) == f"stopped by SIGTERM; kept 1 deal in {target}"
        assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]
    else:
        assert list(tmp_path.iterdir()) == []  # nothing half-written is kept
        assert str(stopped.value) == "stopped by SIGHUP"


def test_a_files_records_are_written_together_and_all_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file's log writer writes its records a batch at a time (not a write each), and every
    record is in the file it keeps; stdout still gets each record as it comes (tested above)."""
    writes: list[bytes] = []
    real_fdopen = os.fdopen

    class Counting:
        def __init__(self, real: Any) -> None:
            self.real = real

        def write(self, data: bytes) -> int:
            writes.append(bytes(data))
            return int(self.real.write(data))

        def __getattr__(self, name: str) -> Any:
            return getattr(self.real, name)

    monkeypatch.setattr(output.os, "fdopen", lambda fd, *a, **k: Counting(real_fdopen(fd, *a, **k)))
    target = tmp_path / "game.jsonl"
    with LogWriter(target) as writer:
        writer.write({"type": "header"})
        for n in range(1, 4):
            writer.write({"type": "deal", "deal": n})
    want = b'{"type":"header"}\n' + b"".join(
        b'{"type":"deal","deal":%d}\n' % n for n in range(1, 4)
    )
    assert writes == [want]
    assert target.read_bytes() == want


# simulate --workers: a stop signal ends the workers at once ---------------------------------------

SIMULATE_STOPPED = re.compile(
    r"pontoon: (interrupted|stopped by SIGTERM); (\d+) of 300 shards played "
    r"\((\d+) of 3000000 rounds\); no report\n"
)


def _session_processes(session: int) -> list[int]:
    """The processes still alive in ``session`` (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2 :].split()
            if int(fields[3]) == session and fields[0] != "Z":
                found.append(int(entry))
    return found


def _children(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_simulate_workers_stop_at_once_on_a_signal_and_leave_no_process() -> None:
    """Ctrl-C (SIGINT to the whole process group) or SIGTERM to pontoon alone, at a different
    moment each time, many times over: the workers end at once, none is left behind, the run
    says how far it got and exits 130 / 143 (a rare deadlock would show as a timeout)."""
    args = ["simulate", "--rounds", "3000000", "--workers", "2", "--seed", "1"]
    budget = time.monotonic() + 12
    runs = 0
    while runs < 5 or (time.monotonic() < budget and runs < 20):
        signum = (signal.SIGINT, signal.SIGTERM)[runs % 2]
        proc = subprocess.Popen(
            [sys.executable, "-m", "pontoon_cli", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + TIMEOUT
            started = 1 if runs % 5 == 4 else 2  # one: while the workers are being started
            while len(_children(proc.pid)) < started:
                assert proc.poll() is None and time.monotonic() < deadline, "no workers"
                time.sleep(0.002)
            time.sleep((runs % 5 % 4) * 0.05)  # at once, or while shards are being played
            sent = time.monotonic()
            if signum == signal.SIGINT:
                os.killpg(proc.pid, signum)  # as Ctrl-C: the workers get it too
            else:
                proc.send_signal(signum)
            out, err = proc.communicate(timeout=10)
            took = time.monotonic() - sent
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        assert proc.returncode == 128 + signum, err
        assert out == b""
        said = SIMULATE_STOPPED.fullmatch(err.decode())
        assert said, err
        assert said.group(1) == ("interrupted" if signum == signal.SIGINT else "stopped by SIGTERM")
        assert int(said.group(3)) == 10_000 * int(said.group(2))
        assert took < 3, f"took {took:.1f} s to stop"
        assert _session_processes(proc.pid) == []
        runs += 1


def test_an_interrupted_simulate_log_counts_deals_not_headers(tmp_path: Path) -> None:
    """simulate --log writes a header a shard: "kept N deals" counts the deal records alone."""
    out = tmp_path / "sim.jsonl"
    args = ["simulate", "--rounds", "1000000", "--shard", "100", "--seed", "1", "--log", str(out)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "pontoon_cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:  # a few shards written: 1.7 kB a round
        assert proc.poll() is None, "pontoon ended before it was stopped"
        temporaries = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        if temporaries and temporaries[0].stat().st_size > 1_000_000:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 143, err
    lines = out.read_bytes().splitlines()
    headers = sum(line.startswith(b'{"type":"header"') for line in lines)
    assert headers > 2
    deals = len(lines) - headers
    assert err.decode() == f"pontoon: stopped by SIGTERM; kept {deals} deals in {out}\n"
