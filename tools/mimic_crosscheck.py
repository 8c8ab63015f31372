"""An independent simulator of casino Pontoon against `dealer-mimic`, written apart from the
engine (standard library only, Python's own random), to cross-check tools/dealer_mimic_edge.py.

The rules as docs/rules.md C1-C11 state them with the defaults: 8 decks shuffled before every
round; two cards each, the player's first; the dealer's pontoon takes the stake (C5); the player
hits below 17, soft or hard, to at most five cards (a pontoon and a hard 21 stop); a bust loses
(C6); the dealer hits 16 or less and a soft 17, stops at five cards (C9); a player's pontoon wins
2:1, then the dealer's five card trick wins, then a player's five card trick wins 2:1, then the
dealer's bust pays 1:1, else the higher total wins 1:1 and ties lose (C2, C10, C11).

    python3 tools/mimic_crosscheck.py --rounds 200000 --seed 7
"""

from __future__ import annotations

import argparse
import math
import random

DECK = [min(rank, 10) for rank in range(1, 14)] * 4 * 8  # values; an ace is 1


def best(cards: list[int]) -> int:
    low = sum(cards)
    return low + 10 if 1 in cards and low <= 11 else low


def kind(cards: list[int]) -> str:
    low = sum(cards)
    if low > 21:
        return "bust"
    if len(cards) == 2 and low == 11 and 1 in cards:
        return "pontoon"
    return "trick" if len(cards) >= 5 else "total"


def player_net(rng: random.Random) -> int:
    shoe = DECK[:]
    rng.shuffle(shoe)
    deal = iter(shoe)
    player = [next(deal)]
    dealer = [next(deal)]
    player.append(next(deal))
    dealer.append(next(deal))
    if kind(dealer) == "pontoon":
        return -1
    if kind(player) != "pontoon":
        while len(player) < 5 and sum(player) < 21 and best(player) < 17:
            player.append(next(deal))
    mine = kind(player)
    if mine == "bust":
        return -1
    while len(dealer) < 5 and sum(dealer) <= 21:
        total = best(dealer)
        if total < 17 or (total == 17 and total != sum(dealer)):
            dealer.append(next(deal))
        else:
            break
    his = kind(dealer)
    if mine == "pontoon":
        return 2
    if his == "trick":
        return -1
    if mine == "trick":
        return 2
    if his == "bust":
        return 1
    return 1 if best(player) > best(dealer) else -1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    total = squares = 0
    for _ in range(args.rounds):
        gain = -player_net(rng)
        total += gain
        squares += gain * gain
    mean = total / args.rounds
    error = math.sqrt((squares / args.rounds - mean * mean) / args.rounds)
    print(f"independent: house edge {mean:.5f} ± {error:.5f} over {args.rounds} rounds")


if __name__ == "__main__":
    main()
