"""Stopping `pontoon play --out` (issue 7, points 7 and 29): whole deals kept, no temporary left.

Ctrl-C (SIGINT), SIGTERM and SIGHUP all keep the header and every deal completed (a log that
replays), say how many on stderr, leave no temporary file, and exit 128 + the signal's number.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pontoon_cli.cli import app

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
