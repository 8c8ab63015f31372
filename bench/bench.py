"""`make bench`: speed figures for pontoon, printed, never asserted by a test.

1. `pontoon play --seed 1 --deals 20000 --players 6 --out FILE` as a user runs it (a subprocess,
   start-up included), and the same deals in-process with the log written and with logging off.
2. Gymnasium's Blackjack-v1, hands per second, policy "hit below 17", in the same run.
3. Replay-verify speed and memory (bench/replay_bench.py), when present.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEALS = int(os.environ.get("BENCH_DEALS", "20000"))
PLAYERS = 6


def best_of(runs: int, fn):  # type: ignore[no-untyped-def]
    """The fastest of ``runs`` timings of ``fn()`` (seconds), and its last result."""
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def play_cli(out: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pontoon_cli",
            "play",
            "--seed",
            "1",
            "--deals",
            str(DEALS),
            "--players",
            str(PLAYERS),
            "--out",
            str(out),
        ],
        check=True,
    )


def play_library(out: Path | None) -> int:
    """The CLI's loop, in-process: deals played by the default strategies, log on or off."""
    from pontoon_cli.log import LogWriter, deal_record, header_record
    from pontoon_cli.rules import Rules, Table
    from pontoon_cli.strategies import seeded_game

    table = Table.build([f"p{i}" for i in range(1, PLAYERS + 1)], bankroll=1000)
    game, auto = seeded_game(Rules(), table, 1)
    if out is None:
        for _ in auto.play(game, DEALS):
            pass
        return DEALS
    with LogWriter(out) as writer:
        writer.write(header_record(Rules(), table, game, 1))
        for deal in auto.play(game, DEALS):
            writer.write(deal_record(game, deal))
    return DEALS


def gym_blackjack(hands: int) -> float | None:
    try:
        import gymnasium as gym
    except ImportError:
        return None
    env = gym.make("Blackjack-v1")
    obs, _ = env.reset(seed=1)
    start = time.perf_counter()
    for _ in range(hands):
        obs, _ = env.reset()
        done = False
        while not done:
            obs, _, terminated, truncated, _ = env.step(1 if obs[0] < 17 else 0)
            done = terminated or truncated
    return hands / (time.perf_counter() - start)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "bench.jsonl"
        cli_s, _ = best_of(3, lambda: play_cli(log))
        size = log.stat().st_size
        on_s, _ = best_of(3, lambda: play_library(Path(tmp) / "lib.jsonl"))
        off_s, _ = best_of(3, lambda: play_library(None))
        gym = max(gym_blackjack(DEALS) or 0.0 for _ in range(3))
        print(f"pontoon play --seed 1 --deals {DEALS} --players {PLAYERS} --out FILE")
        print(
            f"  command, start-up included : {DEALS / cli_s:10,.0f} deals/s  ({cli_s:.2f} s, "
            f"{size / 1e6:.1f} MB log)"
        )
        print(f"  in-process, log written    : {DEALS / on_s:10,.0f} deals/s")
        print(f"  in-process, logging off    : {DEALS / off_s:10,.0f} deals/s")
        added, share = 100 * (on_s - off_s) / off_s, 100 * (on_s - off_s) / on_s
        print(f"  logging adds to play time  : {added:9.1f} %  (target <= 20 %)")
        print(f"  logging's share of the run : {share:9.1f} %")
        print(f"  punter hands/s, log written: {DEALS * (PLAYERS - 1) / on_s:10,.0f}")
        if gym:
            print(f"gymnasium Blackjack-v1, hit below 17: {gym:10,.0f} hands/s")
            print(
                f"  ratio, pontoon deals/s (log) to gym hands/s: {DEALS / on_s / gym:.2f}x "
                "(target >= 2x)"
            )
        else:
            print("gymnasium is not installed: no Blackjack-v1 comparison")
        try:
            sys.path.insert(0, str(ROOT / "bench"))
            import replay_bench  # type: ignore[import-not-found]
        except ImportError:
            return
        replay_bench.report(log)


if __name__ == "__main__":
    main()
