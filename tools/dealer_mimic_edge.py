"""The house edge of casino Pontoon (C1-C11) against the `dealer-mimic` player, by seeded play.

One seat staking 1 plays ROUNDS rounds through the engine (`pontoon play --rules casino` without
the log); the edge is the dealer's gain per initial stake, with its standard error. Also printed:
how often each hand class ends the player's and the dealer's hands, which rule settled the
player's hands, and the player's doubles and splits (`dealer-mimic` never makes either).

    .venv/bin/python tools/dealer_mimic_edge.py --rounds 1000000 --seed 1

The policy, for another simulator: stake 1; hit while the best total is below 17 (soft or hard),
else stand; never double or split; a pontoon, five cards and a hard 21 end the hand. The rules:
docs/rules.md C1-C11 with the defaults (8 decks shuffled before every round, the dealer hits a
soft 17, ties to the dealer, pontoon and five card trick paid 2:1).
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter

from pontoon_cli.casino import CasinoDeal
from pontoon_cli.events import Decision
from pontoon_cli.games import seeded_game
from pontoon_cli.rules import PRESETS, Table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rounds = args.rounds
    table = Table.build(["p1"], bankroll=2 * rounds + 1, house=True)
    game, players = seeded_game(PRESETS["casino"], table, args.seed, "dealer-mimic")
    total = squares = 0
    player: Counter[str] = Counter()
    dealer: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    actions: Counter[str] = Counter()
    start = time.process_time()
    for deal in players.play(game, rounds):
        assert isinstance(deal, CasinoDeal)
        gain = -deal.nets["p1"]  # the dealer's gain on an initial stake of 1
        total += gain
        squares += gain * gain
        for h in deal.hands["p1"]:
            player[h.cls.label] += 1
            rules[h.rule] += 1
        dealer[deal.dealer_hand.cls.label] += 1
        actions.update(e.action for e in deal.events if isinstance(e, Decision))
    mean = total / rounds
    error = math.sqrt((squares / rounds - mean * mean) / rounds)
    print(f"rounds {rounds}, seed {args.seed}, {time.process_time() - start:.0f} s CPU")
    print(f"house edge (dealer gain per initial stake): {mean:.5f} ± {error:.5f} (1 s.e.)")
    for name, counts in (("player hands", player), ("dealer hands", dealer), ("settled by", rules)):
        shares = ", ".join(f"{k} {v / rounds:.5f}" for k, v in sorted(counts.items()))
        print(f"{name}: {shares}")
    print(f"doubles {actions['double']}, splits {actions['split']}")


if __name__ == "__main__":
    main()
