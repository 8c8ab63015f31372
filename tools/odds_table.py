"""The README's table "What a rule does to the odds": `pontoon simulate --json` for each house rule.

Each row is one run of `pontoon simulate` (the command line is printed under the table), with the
same seed, so anyone can rerun a row alone. Traditional and Shoot rows: 4 seats of the `default`
players, the banker's edge (whoever banks, T8.3); casino rows: 5 seats of `basic` against the
dealer, the house's edge. The edge is per initial stake, with its standard error (rounds as units).

    .venv/bin/python tools/odds_table.py --workers 2 > odds.md
    .venv/bin/python tools/odds_table.py --scale 0.01   # a quick look: 1/100 of the rounds
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from pathlib import Path

PONTOON = str(Path(sys.executable).with_name("pontoon"))
TRADITIONAL_ROUNDS = 1_000_000
CASINO_ROUNDS = 400_000

#: (the house rule in words, the rule IDs, the options of `pontoon simulate`, rounds)
ROWS: list[tuple[str, str, list[str], int]] = [
    ("traditional, the preset", "T1-T8", [], TRADITIONAL_ROUNDS),
    ("punters may stick on 16, not 15", "V2", ["--set", "stick_minimum=16"], TRADITIONAL_ROUNDS),
    ("only aces may be split", "V1", ["--set", "split_aces_only=true"], TRADITIONAL_ROUNDS),
    (
        "no bought fifth card on 11 or less",
        "V5",
        ["--set", "no_bought_sure_thing=true"],
        TRADITIONAL_ROUNDS,
    ),
    (
        "a punter's pontoon paid evens, not 2:1",
        "V4",
        ["--set", "pontoon_pays=1"],
        TRADITIONAL_ROUNDS,
    ),
    (
        "the banker's pontoon collects once, not twice",
        "V4",
        ["--set", "banker_pontoon_collects=1"],
        TRADITIONAL_ROUNDS,
    ),
    ("royal pontoon (7-7-7 pays 3x)", "V6", ["--set", "royal_pontoon=true"], TRADITIONAL_ROUNDS),
    (
        "the banker may double (on an ace)",
        "V3",
        ["--set", "banker_doubles=true"],
        TRADITIONAL_ROUNDS,
    ),
    ("burning a hard 13", "V8", ["--set", "burn_on=13"], TRADITIONAL_ROUNDS),
    ("Shoot Pontoon, the preset", "S1-S10", ["--rules", "shoot"], TRADITIONAL_ROUNDS),
    (
        "casino, the preset (8 decks, dealer hits soft 17)",
        "C1-C11",
        ["--rules", "casino"],
        CASINO_ROUNDS,
    ),
    (
        "casino, the dealer stands on soft 17",
        "C9",
        ["--rules", "casino", "--set", "dealer_hits_soft_17=false"],
        CASINO_ROUNDS,
    ),
    ("casino, two decks", "C1", ["--rules", "casino", "--set", "decks=2"], CASINO_ROUNDS),
    ("casino, an infinite shoe", "C1", ["--rules", "casino", "--set", "decks=0"], CASINO_ROUNDS),
    (
        "casino, no resplit (2 hands at most)",
        "C8",
        ["--rules", "casino", "--set", "split_hands=2"],
        CASINO_ROUNDS,
    ),
]


def command(options: list[str], rounds: int, seed: int, workers: int) -> list[str]:
    seats = "5" if "casino" in options else "4"
    return [
        *("simulate", *options, "--players", seats, "--rounds", str(rounds)),
        *("--seed", str(seed), "--workers", str(workers), "--json"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="a fraction of the rounds")
    args = parser.parse_args()
    lines = [
        "| house rule | rules | rounds | edge per initial stake | s.e. | per unit staked |",
        "|---|---|--:|--:|--:|--:|",
    ]
    commands = []
    start = time.monotonic()
    for words, rule, options, rounds in ROWS:
        n = max(1000, int(rounds * args.scale))
        argv = command(options, n, args.seed, args.workers)
        out = subprocess.run([PONTOON, *argv], capture_output=True, text=True, check=True)
        report = json.loads(out.stdout)
        edge = report["edge"]["per_initial_stake"]
        unit = report["edge"]["per_unit_staked"]
        lines.append(
            f"| {words} | {rule} | {n:,} | {100 * edge['edge']:+.2f}% | "
            f"{100 * edge['se']:.2f}% | {100 * unit['edge']:+.2f}% |"
        )
        commands.append("pontoon " + shlex.join(argv))
        print(f"{words}: {time.monotonic() - start:.0f} s", file=sys.stderr)
    print("\n".join(lines))
    print()
    print("Each row: " + "; ".join(f"`{c}`" for c in commands[:1]) + ", with the row's options:")
    print()
    for c in commands:
        print(f"    {c}")


if __name__ == "__main__":
    main()
