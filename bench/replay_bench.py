"""Replay speed and memory, for `make bench` (bench/bench.py calls :func:`report`).

- :func:`bench_replay`: replay-verify lines per second over a log file and, in the same run, a
  plain ``orjson.loads`` loop over the same file's lines (the floor for any reader in Python).
- :func:`bench_replay_memory`: peak memory of replaying a generated ~1 GB log in a subprocess:
  RSS after start-up, the highest RSS during the replay, and RSS sampled as the replay goes, to
  show that memory does not grow with the log. The log is streamed by
  ``pontoon play --seed 1 --deals N --players 6`` into a temporary file, deleted afterwards.

Run alone: ``python bench/replay_bench.py [LOG]`` (``BENCH_REPLAY_MB=0`` skips the memory run).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 6


def bench_replay(path: str | Path, runs: int = 3) -> dict[str, Any]:
    """Lines per second: ``pontoon replay`` verifying ``path``, and orjson.loads over its lines.

    Each figure is the best of ``runs``; the replay includes reading the file and writing
    nothing (the log must verify).
    """
    from pontoon_cli.replay import StreamOutput, replay_logs

    path = Path(path)
    with path.open("rb") as f:
        lines = sum(1 for _ in f)

    def replay() -> None:
        err = io.StringIO()
        code = replay_logs([str(path)], StreamOutput(io.BytesIO(), err))
        if code != 0:
            raise RuntimeError(f"{path} does not verify: {err.getvalue()}")

    def loads() -> None:
        parse = orjson.loads
        with path.open("rb", buffering=1 << 20) as f:
            for raw in f:
                parse(raw)

    replay_s = _best(runs, replay)
    loads_s = _best(runs, loads)
    return {
        "file": str(path),
        "bytes": path.stat().st_size,
        "lines": lines,
        "replay_seconds": replay_s,
        "replay_lines_per_s": lines / replay_s,
        "replay_mb_per_s": path.stat().st_size / replay_s / 1e6,
        "loads_seconds": loads_s,
        "loads_lines_per_s": lines / loads_s,
        "replay_share_of_loads": loads_s / replay_s,
    }


def _best(runs: int, fn: Any) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


# memory ------------------------------------------------------------------------------------------

_MEASURE = r"""
import io, json, resource, sys, time

def status_kb(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

def rss_kb():
    return status_kb("VmRSS")

from pontoon_cli.replay import StreamOutput, replay_logs

class Sampling(StreamOutput):
    def __init__(self, total):
        super().__init__(io.BytesIO(), sys.stderr)
        self.total = total
        self.samples = []
        self.next_mark = 0.0
    def advance(self, position):
        if position >= self.next_mark * self.total:
            self.samples.append([round(position / self.total, 3), rss_kb()])
            self.next_mark += 0.1

path, total = sys.argv[1], int(sys.argv[2])
startup_rss = rss_kb()
startup_max = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:  # Linux: reset the high-water mark, so VmHWM below is the peak during the replay
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
    reset = True
except OSError:
    reset = False
out = Sampling(total)
start = time.perf_counter()
code = replay_logs([path], out)
seconds = time.perf_counter() - start
# VmHWM, not ru_maxrss: Linux carries ru_maxrss across exec, so it would count the parent's
# size at fork time; VmHWM is this process's own high-water mark, reset by clear_refs above.
peak = status_kb("VmHWM")
print(json.dumps({
    "exit_code": code, "seconds": seconds, "startup_rss_kb": startup_rss,
    "startup_max_rss_kb": startup_max, "peak_rss_kb": peak, "end_rss_kb": rss_kb(),
    "peak_is_replay_only": reset, "lines": sum(1 for _ in open(path, "rb")),
    "samples": out.samples,
}))
"""


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


def _pontoon(*args: str) -> list[str]:
    return [sys.executable, "-m", "pontoon_cli", *args]


def bench_replay_memory(target_mb: int = 1000, directory: str | None = None) -> dict[str, Any]:
    """Peak RSS of replaying a generated log of about ``target_mb`` MB, in a subprocess.

    Returns the generation figures, RSS after start-up, the highest RSS during the replay
    (VmHWM), its growth over start-up, and RSS sampled every tenth of the file.
    The temporary log is always deleted.
    """
    fd, name = tempfile.mkstemp(prefix="pontoon-replay-bench-", suffix=".jsonl", dir=directory)
    os.close(fd)
    path = Path(name)
    try:
        made = generate_log(path, target_mb * 1_000_000)
        measured = subprocess.run(
            [sys.executable, "-c", _MEASURE, str(path), str(made["bytes"])],
            check=True,
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        result: dict[str, Any] = json.loads(measured.stdout)
    finally:
        path.unlink(missing_ok=True)
    lines = result["lines"]
    result.update(
        {
            "log_bytes": made["bytes"],
            "log_deals": lines - 1,
            "generate_seconds": made["seconds"],
            "replay_lines_per_s": lines / result["seconds"],
            "growth_kb": result["peak_rss_kb"] - result["startup_rss_kb"],
        }
    )
    return result


# report ------------------------------------------------------------------------------------------


def report(log: str | Path) -> None:
    """Print the replay figures for ``log``, then the ~1 GB memory run (``BENCH_REPLAY_MB``)."""
    speed = bench_replay(log)
    print(f"pontoon replay, {speed['lines']:,} lines, {speed['bytes'] / 1e6:.1f} MB")
    print(
        f"  replay-verify              : {speed['replay_lines_per_s']:10,.0f} lines/s "
        f"({speed['replay_mb_per_s']:.1f} MB/s)"
    )
    print(f"  orjson.loads alone         : {speed['loads_lines_per_s']:10,.0f} lines/s")
    print(f"  replay speed / loads speed : {speed['replay_share_of_loads']:10.3f}")
    target = int(os.environ.get("BENCH_REPLAY_MB", "1000"))
    if target <= 0:
        return
    memory = bench_replay_memory(target)
    mb = 1024
    print(
        f"replay memory, {memory['log_bytes'] / 1e9:.2f} GB log "
        f"({memory['log_deals']:,} deals, generated in {memory['generate_seconds']:.0f} s)"
    )
    print(f"  RSS after start-up         : {memory['startup_rss_kb'] / mb:10.1f} MB")
    what = "during replay" if memory["peak_is_replay_only"] else "(whole process)"
    print(f"  peak RSS {what:17} : {memory['peak_rss_kb'] / mb:10.1f} MB")
    print(f"  growth                     : {memory['growth_kb'] / mb:10.1f} MB")
    samples = ", ".join(f"{int(at * 100)}%: {kb / mb:.1f}" for at, kb in memory["samples"])
    print(f"  RSS through the file (MB)  : {samples}")
    print(
        f"  replay                     : {memory['replay_lines_per_s']:10,.0f} lines/s "
        f"({memory['seconds']:.0f} s, exit {memory['exit_code']})"
    )


def main() -> None:
    if len(sys.argv) > 1:
        report(sys.argv[1])
        return
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "bench.jsonl"
        subprocess.run(
            _pontoon("play", "--seed", "1", "--deals", "20000", "--players", str(PLAYERS)),
            check=True,
            stdout=log.open("wb"),
        )
        report(log)


if __name__ == "__main__":
    main()
