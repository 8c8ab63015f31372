"""Replay memory, for `make bench` (bench/bench.py calls :func:`replay_memory`).

The peak RSS (VmHWM, this process's own high-water mark) of ``pontoon replay LOG`` run as a fresh
subprocess, on a small log and on a generated large one, with RSS sampled as the replay goes.
Memory is *flat* when the large log's peak is within a few MB of the small one's
(benchlib.flat). The large log is streamed by ``pontoon play --seed 1 --deals N --players 6``
into a temporary file, one game, cut at its last whole line at about BENCH_REPLAY_MB, and
deleted afterwards.

VmHWM and not ru_maxrss: Linux carries ru_maxrss across fork and exec, so a child's figure would
count the parent's size at fork time; VmHWM is the process's own.

Run alone: ``python bench/replay_bench.py [MB]`` (default 200).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PLAYERS = 6

# Runs `pontoon replay PATH` in this child as the console script does (pontoon_cli.cli.main),
# sampling VmRSS from a thread, and writes VmHWM and the samples to REPORT at exit.
_MEASURE = r"""
import atexit, json, sys, threading, time

def status_kb(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise SystemExit(f"no {field} in /proc/self/status")

report, path = sys.argv[1], sys.argv[2]
samples = []

def sample():
    while True:
        samples.append(status_kb("VmRSS"))
        time.sleep(0.1)

def done():
    with open(report, "w") as f:
        json.dump({"peak_kb": status_kb("VmHWM"), "samples_kb": samples}, f)

atexit.register(done)
sys.argv = ["pontoon", "replay", path]
from pontoon_cli.cli import main
threading.Thread(target=sample, daemon=True).start()  # after start-up: samples are the replay's
main()
"""


def _pontoon(*args: str) -> list[str]:
    return [sys.executable, "-m", "pontoon_cli", *args]


def generate_log(path: Path, target_bytes: int, players: int = PLAYERS) -> dict[str, Any]:
    """Stream ``pontoon play --seed 1 --deals N --players 6`` into ``path`` until the log holds
    about ``target_bytes``, then stop the player; the log ends at its last whole line."""
    n = 50_000_000  # more deals than the target needs: the stream is cut off at the target
    start = time.perf_counter()
    written = 0
    with path.open("wb") as out:
        play = subprocess.Popen(
            _pontoon("play", "--seed", "1", "--deals", str(n), "--players", str(players)),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # its "stopped by SIGTERM" when cut off
        )
        assert play.stdout is not None
        while written < target_bytes:
            chunk = play.stdout.read(1 << 20)
            if not chunk:
                break
            out.write(chunk)
            written += len(chunk)
        play.terminate()
        play.stdout.close()
        play.wait()
    with path.open("rb+") as f:  # keep whole lines only
        f.seek(max(0, written - (1 << 16)))
        tail = f.read()
        f.truncate(written - len(tail) + tail.rfind(b"\n") + 1)
    return {"bytes": path.stat().st_size, "seconds": time.perf_counter() - start}


def command_memory(log: Path) -> dict[str, Any]:
    """Peak RSS (kB) of ``pontoon replay LOG`` in a fresh child, RSS samples, size, lines."""
    fd, report = tempfile.mkstemp(prefix="pontoon-replay-rss-", suffix=".json")
    os.close(fd)
    try:
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", _MEASURE, report, str(log)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            check=False,
        )
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            raise RuntimeError(f"pontoon replay {log} exited {done.returncode}: {done.stderr!r}")
        figures: dict[str, Any] = json.loads(Path(report).read_text())
    finally:
        Path(report).unlink(missing_ok=True)
    with log.open("rb") as f:
        lines = sum(1 for _ in f)
    if not figures["samples_kb"]:
        figures["samples_kb"] = [figures["peak_kb"]]
    figures.update({"bytes": log.stat().st_size, "lines": lines, "seconds": seconds})
    return figures


def replay_memory(small_log: Path, megabytes: int) -> dict[str, Any]:
    """Peak RSS of ``pontoon replay`` on ``small_log`` and on a generated log of ``megabytes``."""
    fd, name = tempfile.mkstemp(prefix="pontoon-replay-bench-", suffix=".jsonl")
    os.close(fd)
    large = Path(name)
    try:
        made = generate_log(large, megabytes * 1_000_000)
        figures = {"small": command_memory(small_log), "large": command_memory(large)}
    finally:
        large.unlink(missing_ok=True)
    figures["generate_seconds"] = made["seconds"]
    return figures


def main() -> None:
    megabytes = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with tempfile.TemporaryDirectory() as tmp:
        small = Path(tmp) / "small.jsonl"
        with small.open("wb") as out:
            subprocess.run(
                _pontoon("play", "--seed", "1", "--deals", "1000", "--players", str(PLAYERS)),
                check=True,
                stdout=out,
            )
        print(json.dumps(replay_memory(small, megabytes)))


if __name__ == "__main__":
    main()
