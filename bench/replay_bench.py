"""Replay memory and the views' memory, for `make bench` (bench/bench.py calls
:func:`replay_memory` and :func:`views_memory`, and prints their figures as :func:`memory_line`
and :func:`views_lines` write them).

The peak RSS (VmHWM, this process's own high-water mark) of ``pontoon replay LOG`` run as a fresh
subprocess, on a small log and on a generated large one, with RSS sampled as the replay goes.
Memory is *flat* when the large log's peak is within a few MB of the small one's
(benchlib.flat). The large log is streamed by ``pontoon play --seed 1 --deals N --players 6``
into a temporary file, one game, cut at its last whole line at about BENCH_REPLAY_MB, and
deleted afterwards.

VmHWM and not ru_maxrss: Linux carries ru_maxrss across fork and exec, so a child's figure would
count the parent's size at fork time; VmHWM is the process's own.

The views (``pontoon show``, ``stats``, ``diff``) are measured the same way on the small log and
on a log of BENCH_VIEWS_MB (default 50, a twentieth of replay's time on the 200 MB log; 1000 for a
1 GB log): ``stats LOG``, ``diff LOG LOG`` (both sides read and replayed, deal by deal) and
``show LOG --deals A-B`` drawing the last 100 deals after streaming past the rest (drawing every
deal of a large log through rich would take minutes and say nothing more about memory).

Run alone: ``python bench/replay_bench.py [MB]`` (default 200), or ``python bench/replay_bench.py
--views [MB]`` (default 50) for the views alone.
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

import benchlib  # bench/benchlib.py: this script's folder is on the path, run or imported

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

report, argv = sys.argv[1], sys.argv[2:]
samples = []

def sample():
    while True:
        samples.append(status_kb("VmRSS"))
        time.sleep(0.1)

def done():
    with open(report, "w") as f:
        json.dump({"peak_kb": status_kb("VmHWM"), "samples_kb": samples}, f)

atexit.register(done)
sys.argv = ["pontoon", *argv]
from pontoon_cli.cli.main import main
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


def command_memory(log: Path, *args: str) -> dict[str, Any]:
    """Peak RSS (kB) of ``pontoon ARGS`` (default: ``replay LOG``) in a fresh child, RSS samples,
    the log's size and lines."""
    argv = list(args) or ["replay", str(log)]
    fd, report = tempfile.mkstemp(prefix="pontoon-replay-rss-", suffix=".json")
    os.close(fd)
    try:
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", _MEASURE, report, *argv],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            check=False,
        )
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            command = " ".join(argv)
            raise RuntimeError(f"pontoon {command} exited {done.returncode}: {done.stderr!r}")
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


def views_commands(log: Path, deals: int) -> dict[str, list[str]]:
    """The views' commands measured on ``log`` of ``deals`` deals."""
    path = str(log)
    last = f"{max(1, deals - 99)}-{deals}"
    return {
        "show": ["show", path, "--deals", last],
        "stats": ["stats", path],
        "diff": ["diff", path, path],
    }


def views_memory(small_log: Path, megabytes: int) -> dict[str, Any]:
    """Peak RSS of ``show``, ``stats`` and ``diff`` on ``small_log`` and on a generated log of
    ``megabytes``: {command: {"small": figures, "large": figures}}."""
    fd, name = tempfile.mkstemp(prefix="pontoon-views-bench-", suffix=".jsonl")
    os.close(fd)
    large = Path(name)
    figures: dict[str, Any] = {}
    try:
        generate_log(large, megabytes * 1_000_000)
        for log, size in ((small_log, "small"), (large, "large")):
            with log.open("rb") as f:
                deals = sum(1 for _ in f) - 1
            for command, argv in views_commands(log, deals).items():
                figures.setdefault(command, {})[size] = command_memory(log, *argv)
    finally:
        large.unlink(missing_ok=True)
    return figures


def memory_line(memory: dict[str, Any]) -> str:
    """Replay's line: flat or GROWS, the peak RSS on the small and the large log, and the RSS
    through the large replay once its modules are loaded (``memory``: :func:`replay_memory`'s)."""
    mb = 1024
    small, large = memory["small"], memory["large"]
    samples = large["samples_kb"]
    warm = samples[len(samples) // 10 + 1 :] or samples  # once the replay modules are loaded
    verdict = "flat" if benchlib.flat(small["peak_kb"], large["peak_kb"]) else "GROWS"
    return (
        f"replay memory on a large log: {verdict}  (target flat)  peak RSS of `pontoon replay`: "
        f"{small['peak_kb'] / mb:.1f} MB on {small['bytes'] / 1e6:.1f} MB, "
        f"{large['peak_kb'] / mb:.1f} MB on {large['bytes'] / 1e6:.0f} MB "
        f"({large['lines']:,} lines); RSS through the large replay after its first tenth "
        f"{min(warm) / mb:.1f}–{max(warm) / mb:.1f} MB"
    )


def views_lines(views: dict[str, Any]) -> list[str]:
    """One line per view: flat or GROWS, and the peak RSS on the small and the large log."""
    mb = 1024
    found = []
    for command, sizes in views.items():
        small, large = sizes["small"], sizes["large"]
        verdict = "flat" if benchlib.flat(small["peak_kb"], large["peak_kb"]) else "GROWS"
        found.append(
            f"{command} memory on a large log: {verdict}  (target flat)  peak RSS of "
            f"`pontoon {command}`: {small['peak_kb'] / mb:.1f} MB on "
            f"{small['bytes'] / 1e6:.1f} MB, "
            f"{large['peak_kb'] / mb:.1f} MB on {large['bytes'] / 1e6:.0f} MB "
            f"({large['seconds']:.1f} s)"
        )
    return found


def main() -> None:
    views = sys.argv[1:2] == ["--views"]
    args = sys.argv[2:] if views else sys.argv[1:]
    megabytes = int(args[0]) if args else (50 if views else 200)
    with tempfile.TemporaryDirectory() as tmp:
        small = Path(tmp) / "small.jsonl"
        with small.open("wb") as out:
            subprocess.run(
                _pontoon("play", "--seed", "1", "--deals", "1000", "--players", str(PLAYERS)),
                check=True,
                stdout=out,
            )
        if views:
            for line in views_lines(views_memory(small, megabytes)):
                print(line)
        else:
            print(json.dumps(replay_memory(small, megabytes)))


if __name__ == "__main__":
    main()
