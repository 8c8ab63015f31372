"""The house edge of casino Pontoon (C1-C11) for an automatic strategy, by seeded play.

SEATS seats, each staking 1, play ROUNDS rounds through the engine (what `pontoon play --rules
casino` plays, without writing the log). The edge is the dealer's gain per initial stake. Rounds
are the units of its standard error: the seats of a round share the dealer's hand, so each round
gives one observation, the dealer's gain in it divided by the initial stakes in it. Also printed:
how often each hand class ends the players' and the dealer's hands, which rule settled the players'
hands, and the players' decisions (`dealer-mimic` never doubles or splits).

    .venv/bin/python tools/casino_edge.py --rounds 1000000 --seats 5 --seed 1
    .venv/bin/python tools/casino_edge.py --rounds 1000000 --seats 5 --seed 1 --strategy basic

The policy `dealer-mimic`, for another simulator: stake 1; hit while the best total is below 17
(soft or hard), else stand; never double or split; a pontoon, five cards and a hard 21 end the
hand by themselves. The rules: docs/rules.md C1-C11 with the defaults (8 decks shuffled before
every round, the dealer hits a soft 17, ties to the dealer, pontoon and five card trick paid 2:1).
tools/casino_reference_sim.py is such another simulator, written from the rules alone.
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
    parser.add_argument("--seats", type=int, default=5, choices=range(1, 8), metavar="1-7")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strategy", default="dealer-mimic", choices=("dealer-mimic", "basic"))
    parser.add_argument("--stand-soft-17", action="store_true", help="dealer_hits_soft_17 = false")
    args = parser.parse_args()
    rounds, seats = args.rounds, args.seats
    names = [f"p{i + 1}" for i in range(seats)]
    rules = PRESETS["casino"]
    if args.stand_soft_17:
        rules = rules.with_overrides({"dealer_hits_soft_17": False})
    # every seat can always cover a stake of 1, its double and its splits (C3, C7, C8)
    table = Table.build(names, bankroll=12 * rounds + 12, house=True)
    game, players = seeded_game(rules, table, args.seed, args.strategy)
    total = 0  # the dealer's gain over every round
    ratio_sum = ratio_squares = 0.0  # per round: the dealer's gain per initial stake
    player: Counter[str] = Counter()
    dealer: Counter[str] = Counter()
    settled: Counter[str] = Counter()
    actions: Counter[str] = Counter()
    start = time.process_time()
    for deal in players.play(game, rounds):
        assert isinstance(deal, CasinoDeal)
        gain = -sum(deal.nets.values())
        total += gain
        ratio = gain / seats  # every seat stakes 1
        ratio_sum += ratio
        ratio_squares += ratio * ratio
        for p in names:
            for h in deal.hands[p]:
                player[h.cls.label] += 1
                settled[h.rule] += 1
        dealer[deal.dealer_hand.cls.label] += 1
        actions.update(e.action for e in deal.events if isinstance(e, Decision))
    mean = ratio_sum / rounds
    error = math.sqrt((ratio_squares / rounds - mean * mean) / (rounds - 1))
    hands = sum(player.values())
    print(
        f"casino, {args.strategy}, {seats} seats, {rounds:,} rounds, seed {args.seed}, dealer "
        f"{'stands on' if args.stand_soft_17 else 'hits'} soft 17: "
        f"{time.process_time() - start:.0f} s CPU"
    )
    print(
        f"house edge (dealer gain per initial stake): {100 * mean:+.4f}% ± {100 * error:.4f}% "
        f"(1 s.e., rounds as units); the dealer's gain {total:+,} on {seats * rounds:,} stakes"
    )
    for name, counts, whole in (
        ("player hands", player, hands),
        ("dealer hands", dealer, rounds),
        ("player hands settled by", settled, hands),
    ):
        shares = ", ".join(f"{k} {100 * v / whole:.3f}%" for k, v in sorted(counts.items()))
        print(f"{name} ({whole:,}): {shares}")
    print(f"decisions: {', '.join(f'{k} {v:,}' for k, v in sorted(actions.items()))}")


if __name__ == "__main__":
    main()
