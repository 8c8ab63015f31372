"""tinypontoon: a tiny Pontoon engine of its own, checked by `pontoon replay`.

It plays the traditional game (docs/rules.md, T1-T8) with fixed decisions: every punter stakes 1,
twists below 15 and sticks on 15 or more; the banker draws below 17 and stays on 17 or more. It
writes the log's minimal form (docs/log-format.md): a header, then per deal its pack, its
decisions and each player's net. It does not import pontoon_cli.

    python tinypontoon.py --deals 200 --seed 1 > engine.jsonl
    pontoon replay engine.jsonl

``--broken`` pays a punter's five card trick 1:1 instead of 2:1 (T7), a bug for replay to find.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import deque
from typing import IO

PACK = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]


def totals(cards: list[str]) -> tuple[int, int]:
    """(lowest, best) total: aces count 1, one of them 11 when that stays within 21 (T1.2, T1.3)."""
    low = sum(1 if c[0] == "A" else 10 if c[0] in "TJQK" else int(c[0]) for c in cards)
    soft = any(c[0] == "A" for c in cards) and low + 10 <= 21
    return low, low + 10 if soft else low


def is_pontoon(cards: list[str]) -> bool:
    return len(cards) == 2 and totals(cards) == (11, 21)  # T2.1: an ace and a ten-card


class Engine:
    five_card_trick_pays = 2  # T7: a punter's five card trick is paid twice the stake
    stick_from = 15  # T5.5: the least total a punter may stick on
    tie_goes_to_banker = True  # T2.6

    def __init__(self, seats: list[str], seed: int) -> None:
        self.seats, self.banker, self.rng = seats, seats[-1], random.Random(seed)
        self.balance = dict.fromkeys(seats, 1000)
        self.pack = self.rng.sample(PACK, len(PACK))

    def header(self) -> dict[str, object]:
        table = {"seats": self.seats, "banker": self.banker, "bankrolls": dict(self.balance)}
        table |= {"min_stake": 1, "max_stake": 10}
        rules = {"preset": "traditional"}
        return {"type": "header", "format": "pontoon-log/1", "rules": rules, "table": table}

    def deal(self, number: int) -> dict[str, object]:
        record = {"type": "deal", "deal": number, "pack": " ".join(self.pack)}
        left = self.seats.index(self.banker) + 1
        punters = [p for p in self.seats[left:] + self.seats[: left - 1] if self.balance[p] >= 1]
        pack, hands = deque(self.pack), {p: [] for p in [*punters, self.banker]}
        decisions: list[dict[str, object]] = []
        for p in hands:  # T4.1: one card each, the banker last
            hands[p].append(pack.popleft())
        decisions += [{"player": p, "hand": 1, "action": "stake", "amount": 1} for p in punters]
        for p in hands:  # T4.3: the second card
            hands[p].append(pack.popleft())
        net = dict.fromkeys(self.seats, 0)
        banker = hands[self.banker]
        if is_pontoon(banker):  # T4.4: every punter pays twice his stake
            net |= dict.fromkeys(punters, -2)
        else:
            for p in punters:  # T5: twist below 15; pontoon, hard 21, five cards, bust stop
                cards = hands[p]
                while not is_pontoon(cards) and len(cards) < 5 and totals(cards)[0] < 21:
                    action = "stick" if totals(cards)[1] >= self.stick_from else "twist"
                    decisions.append({"player": p, "hand": 1, "action": action})
                    if action == "stick":
                        break
                    cards.append(pack.popleft())
                if totals(cards)[0] > 21:  # T5.6: the stake is lost, the cards go under at once
                    net[p] = -1
                    pack.extend(hands.pop(p))
            while len(hands) > 1 and len(banker) < 5 and totals(banker)[0] < 21:  # T6
                action = "stay" if totals(banker)[1] >= 17 else "draw"
                decisions.append({"player": self.banker, "hand": 1, "action": action})
                if action == "stay":
                    break
                banker.append(pack.popleft())
            for p in [p for p in hands if p != self.banker]:
                net[p] = self.settle(hands[p], banker)
        net[self.banker] = -sum(net.values())
        for p in self.seats:
            self.balance[p] += net[p]
        pontoons = [p for p in punters if p in hands and is_pontoon(hands[p])]
        if is_pontoon(banker) or pontoons:  # T8.2: shuffle after a pontoon
            self.pack = self.rng.sample(PACK, len(PACK))
        else:  # T8.1: the hands go under the pack, the punters' from the banker's left first
            self.pack = [*pack, *(c for cards in hands.values() for c in cards)]
        if pontoons and not is_pontoon(banker):  # T8.3: the first punter's pontoon takes the bank
            self.banker = pontoons[0]
        return record | {"decisions": decisions, "net": net}

    def settle(self, cards: list[str], banker: list[str]) -> int:
        """What a standing punter hand of stake 1 wins against the banker's hand (T7)."""
        trick = len(cards) == 5
        if len(banker) == 5 and totals(banker)[0] <= 21:  # the banker's five card trick
            return 2 if is_pontoon(cards) else -2
        if is_pontoon(cards):
            return 2
        if trick:
            return self.five_card_trick_pays
        mine, his = totals(cards)[1], totals(banker)[1]
        beats = (
            totals(banker)[0] > 21 or mine > his or (mine == his and not self.tie_goes_to_banker)
        )
        return 1 if beats else -1  # T7.1, T2.6: a tie goes to the banker


class BrokenEngine(Engine):
    five_card_trick_pays = 1  # the bug: a five card trick paid 1:1


def write_log(out: IO[str], deals: int, seed: int, *, broken: bool = False) -> None:
    engine = (BrokenEngine if broken else Engine)(["ann", "bob", "cal", "dan"], seed)
    records = [engine.header(), *(engine.deal(n) for n in range(1, deals + 1))]
    out.writelines(json.dumps(r, separators=(",", ":")) + "\n" for r in records)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--broken", action="store_true", help="pay a five card trick 1:1")
    args = parser.parse_args()
    write_log(sys.stdout, args.deals, args.seed, broken=args.broken)
