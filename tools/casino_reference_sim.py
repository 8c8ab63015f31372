"""An independent Monte-Carlo of casino Pontoon, written from the rules alone.

It imports nothing of the engine: only the project's seeded generator (``pontoon_cli.core.rng``)
and, for ``--policy basic``, the shipped table (``pontoon_cli.casino.basic.decide``). It is the
second simulator that checks the engine's figure (C12); written from the rules as
docs/rules.md states them (C1–C11):

- Eight 52-card decks (``--decks``), shuffled before every round (C1). The shuffle is drawn as it
  is used: each card dealt is a uniform pick among the cards not yet dealt this round (a
  Fisher–Yates shuffle carried only as far as the cards the round uses: the same distribution as
  shuffling all of them and dealing from the top). ``--decks 0`` draws from an infinite deck
  instead (every card independent: a ten-card 4/13, each other rank 1/13), to compare with
  ``tools/casino_exact.py``.
- Each seat stakes 1 and gets two cards, the dealer two, face down (C3, C4). A dealer pontoon takes
  every stake at once, a player's pontoon included (C5).
- Each seat then plays its hands in turn (C6–C8): a pontoon, a fifth card, a hard 21 and a bust end
  a hand; hit while the lowest total is under 21; stand only on 15 or more; double once per hand
  on two to four cards (adds 1, deals exactly one card, then play goes on: C7 as the project
  reads it; ``--double-deals-no-card``: deals nothing, play goes on, the literal reading C12
  rules out); split two cards of the same value into
  two hands of one card each, up to 3 hands, each drawing its second card when it is played; an
  ace and a ten-card in a split hand is a pontoon.
- The dealer (C9) hits 16 or less and soft 17 (``--stand-soft-17``: stands on soft 17), stands
  on hard 17 and soft 18 or more, and stops at five cards.
- Settlement (C2, C10, C11): bust loses; pontoon wins 2:1; a five card trick wins 2:1 unless the
  dealer has one; any other hand loses to a dealer five card trick, wins 1:1 on a dealer bust or
  a higher total, and loses ties. A doubled hand's stake is 2, paid at the same rates.

The house edge is the dealer's gain per initial stake. Its standard error takes the **round** as
the unit: the seats of a round share the dealer's hand, so their results are correlated; the
dealer's gain per initial stake in each round (over all its seats) is one observation, and the
standard error is that sample's standard deviation over the square root of the number of rounds.

Example: ``python tools/casino_reference_sim.py --rounds 1000000 --seats 5 --decks 8
--policy dealer-mimic --seed 1``
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pontoon_cli.core.rng import Rng

MAX_HANDS = 3  # C8
RANKS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # A, 2-9, T, J, Q, K (T1.2)
PLAYER_CLASSES = (
    "pontoon",
    "five card trick",
    "21",
    "20",
    "19",
    "18",
    "17",
    "16",
    "15",
    "bust",
)
DEALER_CLASSES = ("pontoon", "five card trick", "21", "20", "19", "18", "17", "bust")


class Shoe:
    """The cards of one round: ``draw()`` deals the next (module docstring, C1)."""

    def __init__(self, decks: int, rng: Rng) -> None:
        self.rng = rng
        self.cards = [v for v in RANKS for _ in range(4 * decks)]
        self.left = len(self.cards)
        self.draw: Callable[[], int] = self._from_shoe if decks else self._infinite

    def shuffle(self) -> None:
        self.left = len(self.cards)

    def _from_shoe(self) -> int:
        cards, n = self.cards, self.left
        j = self.rng.below(n)
        card = cards[j]
        cards[j], cards[n - 1] = cards[n - 1], card
        self.left = n - 1
        return card

    def _infinite(self) -> int:
        return RANKS[self.rng.below(13)]


def totals(cards: list[int]) -> tuple[int, int, bool]:
    """(lowest total, best total, soft) of a hand (T1.2, T1.3)."""
    low = sum(cards)
    if 1 in cards and low + 10 <= 21:
        return low, low + 10, True
    return low, low, False


def dealer_mimic(
    soft: bool,
    total: int,
    cards: int,
    pair: int | None,
    doubled: bool,
    may_split: bool,
    may_double: bool,
) -> str:
    """`dealer-mimic`: hit below 17 (soft or hard), stand otherwise, never double or split."""
    return "hit" if total < 17 else "stand"


class Stats:
    def __init__(self) -> None:
        self.rounds = 0
        self.total = 0.0  # the dealer's gain per initial stake, summed over rounds
        self.total_sq = 0.0
        self.seat_sq = 0.0  # per seat-round, for the naive standard error
        self.player = Counter[str]()
        self.dealer = Counter[str]()
        self.doubles = 0
        self.splits = 0
        self.hands = 0
        self.lost_to_dealer_pontoon = 0


def play_round(
    shoe: Shoe,
    seats: int,
    policy: Callable[..., str],
    h17: bool,
    double_deals_card: bool,
    stats: Stats,
) -> None:
    draw = shoe.draw
    shoe.shuffle()
    seat_cards = [[draw(), draw()] for _ in range(seats)]
    dealer = [draw(), draw()]
    gain = 0.0
    if sorted(dealer) == [1, 10]:  # C5: the dealer's pontoon takes every stake
        stats.dealer["pontoon"] += 1
        stats.lost_to_dealer_pontoon += seats
        stats.rounds += 1
        stats.total += 1.0
        stats.total_sq += 1.0
        stats.seat_sq += seats
        return
    finished: list[tuple[list[str | int], list[int]]] = []  # per seat: [(class or total, stake)]
    for first_two in seat_cards:
        hands: list[list[int]] = [first_two]
        results: list[str | int] = []
        stakes: list[int] = []
        i = 0
        while i < len(hands):
            cards = hands[i]
            if len(cards) == 1:  # a split hand draws its second card when it is played (C8)
                cards.append(draw())
            stake = 1
            while True:
                low, total, soft = totals(cards)
                n = len(cards)
                if low > 21:
                    results.append("bust")
                    break
                if n == 5:
                    results.append("five card trick")  # T2.2: five cards not bust, 21 included
                    break
                if n == 2 and sorted(cards) == [1, 10]:
                    results.append("pontoon")  # C8: in a split hand too
                    break
                if total == 21 and not soft:
                    results.append(21)  # a hard 21 ends the hand (C6)
                    break
                pair = cards[0] if n == 2 and cards[0] == cards[1] else None
                may_split = pair is not None and len(hands) < MAX_HANDS and stake == 1
                may_double = stake == 1  # C7: once per hand, on two to four cards
                action = policy(soft, total, n, pair, stake == 2, may_split, may_double)
                if action == "hit":
                    if low >= 21:
                        raise AssertionError(f"hit on {cards} (C6)")
                    cards.append(draw())
                elif action == "stand":
                    if total < 15:
                        raise AssertionError(f"stand on {cards} (C6)")
                    results.append(total)
                    break
                elif action == "double":
                    if not may_double:
                        raise AssertionError(f"double on {cards} (C7)")
                    stake = 2
                    stats.doubles += 1
                    if double_deals_card:  # C7: one card, then play goes on
                        cards.append(draw())  # on four cards, the fifth: the hand ends
                elif action == "split":
                    if not may_split:
                        raise AssertionError(f"split of {cards} (C8)")
                    stats.splits += 1
                    hands.insert(i + 1, [cards.pop()])
                    cards.append(draw())  # this hand's second card, now it is played
                else:
                    raise AssertionError(f"unknown action {action!r}")
            stakes.append(stake)
            i += 1
        finished.append((results, stakes))
    # The dealer (C9).
    while True:
        low, total, soft = totals(dealer)
        if low > 21 or len(dealer) == 5:
            break
        if total > 17 or (total == 17 and not (soft and h17)):
            break
        dealer.append(draw())
    low, d_total, _ = totals(dealer)
    d_class = "bust" if low > 21 else "five card trick" if len(dealer) == 5 else str(d_total)
    stats.dealer[d_class] += 1
    # Settlement (C2, C10, C11).
    for results, stakes in finished:
        net = 0
        for result, stake in zip(results, stakes, strict=True):
            stats.hands += 1
            stats.player[str(result)] += 1
            if result == "bust":
                net -= stake
            elif result == "pontoon":
                net += 2 * stake
            elif result == "five card trick":
                net += -stake if d_class == "five card trick" else 2 * stake
            elif d_class == "five card trick":
                net -= stake
            elif d_class == "bust":
                net += stake
            else:
                net += stake if int(result) > d_total else -stake
        gain -= net
        stats.seat_sq += net * net
    per_stake = gain / seats
    stats.rounds += 1
    stats.total += per_stake
    stats.total_sq += per_stake * per_stake


def run(
    rounds: int,
    seats: int,
    decks: int,
    policy_name: str,
    seed: int,
    h17: bool = True,
    double_deals_card: bool = True,
    table: str | None = None,
) -> Stats:
    """Play ``rounds`` rounds; the statistics (one generator, seeded with ``seed``).

    ``table``: for ``basic``, a table file other than the shipped one (its rules must be these).
    """
    if policy_name == "basic":
        from pontoon_cli.casino import basic as casino_basic

        basic = casino_basic.shipped() if table is None else casino_basic.load(table)
        rules = basic.rules()
        if rules["dealer_hits_soft_17"] != h17 or rules.get("double_deals_card") != (
            double_deals_card
        ):
            raise SystemExit(f"the basic table assumes other rules: {rules}")
        policy: Callable[..., str] = basic.decide
    elif policy_name == "dealer-mimic":
        policy = dealer_mimic
    else:
        raise SystemExit(f"unknown policy {policy_name!r}")
    shoe = Shoe(decks, Rng(seed))
    stats = Stats()
    for _ in range(rounds):
        play_round(shoe, seats, policy, h17, double_deals_card, stats)
    return stats


def edge(stats: Stats) -> tuple[float, float]:
    """The house edge per initial stake and its standard error (rounds as the units)."""
    n = stats.rounds
    mean = stats.total / n
    var = (stats.total_sq - n * mean * mean) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(max(var, 0.0) / n)


def report(stats: Stats, seats: int, command: str) -> str:
    mean, se = edge(stats)
    seat_rounds = stats.rounds * seats
    seat_mean = -mean
    naive = math.sqrt(max(stats.seat_sq / seat_rounds - seat_mean**2, 0.0) / seat_rounds)
    lines = [
        f"command: {command}",
        f"rounds: {stats.rounds:,}  seats: {seats}  seat-rounds: {seat_rounds:,}",
        f"house edge per initial stake: {100 * mean:.4f}% +- {100 * se:.4f}% (standard error, "
        f"rounds as units; 95%: {100 * (mean - 1.96 * se):.3f}% to "
        f"{100 * (mean + 1.96 * se):.3f}%)",
        f"  (seat-rounds as independent units would give +- {100 * naive:.4f}%)",
        f"doubles: {stats.doubles:,}  splits: {stats.splits:,}  "
        f"player hands played: {stats.hands:,}  "
        f"seat hands lost unplayed to a dealer pontoon: {stats.lost_to_dealer_pontoon:,}",
        "player hands played, by class:",
    ]
    for cls in PLAYER_CLASSES:
        count = stats.player[cls]
        lines.append(f"  {cls:<16} {count:>12,}  {100 * count / max(stats.hands, 1):7.3f}%")
    lines.append("dealer hands, by class:")
    for cls in DEALER_CLASSES:
        count = stats.dealer[cls]
        lines.append(f"  {cls:<16} {count:>12,}  {100 * count / max(stats.rounds, 1):7.3f}%")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--seats", type=int, default=5, help="1-7 (C3)")
    parser.add_argument("--decks", type=int, default=8, help="1-8; 0: an infinite deck")
    parser.add_argument("--policy", choices=("dealer-mimic", "basic"), default="dealer-mimic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stand-soft-17", action="store_true", help="dealer stands on soft 17")
    parser.add_argument(
        "--double-deals-no-card",
        action="store_true",
        help="a double deals no card, play goes on (the literal C7 reading C12 rules out; "
        "--policy basic needs that reading's table: --table)",
    )
    parser.add_argument("--table", help="basic: a table file other than the shipped one")
    args = parser.parse_args(argv)
    if not 1 <= args.seats <= 7 or not 0 <= args.decks <= 8 or args.rounds < 2:
        parser.error("seats 1-7, decks 0-8, rounds at least 2")
    started = time.process_time()
    stats = run(
        args.rounds,
        args.seats,
        args.decks,
        args.policy,
        args.seed,
        not args.stand_soft_17,
        not args.double_deals_no_card,
        args.table,
    )
    command = "python tools/casino_reference_sim.py " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    sys.stdout.write(report(stats, args.seats, command))
    sys.stderr.write(f"{time.process_time() - started:.0f} s of CPU\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
