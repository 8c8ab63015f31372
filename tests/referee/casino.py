"""Casino Pontoon (C1-C11) as an independent engine with planted bugs.

Written from docs/rules.md and docs/log-format.md alone (nothing here imports pontoon_cli): a
shoe of ``decks`` packs shuffled before the first round and every ``shuffle_every`` rounds (or
when it runs short), seats that play their own hands against the dealer, who draws by his rule.
The automatic players stake by their seat and the round, split aces and eights, double a hard 10
or 11 on two cards, hit below 17 and stand on 17 or more.
"""

from __future__ import annotations

import random
from typing import Any

from referee.common import (
    Fire,
    Run,
    Site,
    best,
    hand_class,
    is_pontoon,
    lines,
    low,
    minimal_deal,
    minimal_header,
    new_pack,
    show,
    soft,
    value,
)

#: name -> the rule it breaks
BUGS = {
    "dealer-hits-soft-17": "C9",  # the dealer hits a soft 17 where the rules say he stands
    "double-on-5-cards": "C7",  # a five-card hand is asked, and may double
}


class Hand:
    def __init__(self, cards: list[str], initial: int) -> None:
        self.cards = cards
        self.initial = initial
        self.stake = initial
        self.split = False
        self.doubled = False
        self.net: int | None = None
        self.rule = ""


class Casino:
    preset = "casino"

    def __init__(
        self,
        seats: list[str],
        *,
        bugs: tuple[str, ...] = (),
        seed: int = 1,
        decks: int = 2,
        shuffle_every: int = 2,
        hits_soft_17: bool = True,
        bankroll: int = 1000,
    ) -> None:
        assert not set(bugs) - set(BUGS), bugs
        self.seats = list(seats)
        self.bugs = frozenset(bugs)
        self.rng = random.Random(seed)
        self.decks, self.shuffle_every, self.hits_soft_17 = decks, shuffle_every, hits_soft_17
        self.split_hands = 3
        self.bankrolls = dict.fromkeys(seats, bankroll)
        self.balance = dict(self.bankrolls)
        self.min_stake, self.max_stake = 1, 10
        self.shoe: list[str] = []
        self.since_shuffle = 0
        self.fires: list[Fire] = []
        self.n = 0

    def settings(self) -> dict[str, Any]:
        return {
            "preset": "casino",
            "decks": self.decks,
            "shuffle_every": self.shuffle_every,
            "split_hands": self.split_hands,
            "dealer_hits_soft_17": self.hits_soft_17,
        }

    def header(self) -> dict[str, Any]:
        return {
            "type": "header",
            "format": "pontoon-log/1",
            "tool": "referee-engine 1",
            "rules": self.settings(),
            "table": {
                "seats": self.seats,
                "banker": None,
                "bankrolls": self.bankrolls,
                "min_stake": self.min_stake,
                "max_stake": self.max_stake,
            },
            "seed": None,
            "scenario": None,
            "strategies": None,
        }

    def play(self, rounds: int) -> Run:
        full = [self.header(), *(self.round(n) for n in range(1, rounds + 1))]
        settings = {k: v for k, v in self.settings().items() if k != "preset"}
        minimal = [
            minimal_header(full[0], "casino", settings),
            *(minimal_deal(r) for r in full[1:]),
        ]
        return Run({"full": lines(full), "minimal": lines(minimal)}, self.fires, rounds)

    # a round -------------------------------------------------------------------------------

    def draw(self, player: str, hand: int, up: bool) -> str:
        card = self.shoe.pop(0)  # C1's short-shoe shuffle: a round never runs out
        self.cards.append({"player": player, "hand": hand, "card": card, "up": up})
        return card

    def decide(self, player: str, hand: int, action: str, amount: int | None = None) -> None:
        decision: dict[str, Any] = {"player": player, "hand": hand, "action": action}
        if amount is not None:
            decision["amount"] = amount
            self.put[player] += amount
        self.decisions.append(decision)

    def round(self, n: int) -> dict[str, Any]:
        self.n = n
        short = len(self.shoe) < len(self.seats) * self.split_hands * 5 + 5
        if n == 1 or self.since_shuffle >= self.shuffle_every or short:  # C1
            self.shoe = new_pack(self.decks)
            self.rng.shuffle(self.shoe)
            self.since_shuffle, state = 0, "shuffled"
        else:
            state = "continued"
            last = self.fires[-1] if self.fires else None
            if last is not None and last.deal == n - 1 and not last.sites.get("minimal"):
                last.at("minimal", Site(n, None, None, "C9"))  # the shoe his draw left
        self.since_shuffle += 1
        shoe_before = show(self.shoe)
        self.decisions: list[dict[str, Any]] = []
        self.cards: list[dict[str, Any]] = []
        self.put = dict.fromkeys(self.seats, 0)
        sat_out = [p for p in self.seats if self.balance[p] < self.min_stake]  # C3
        players = [p for p in self.seats if p not in sat_out]
        rows: dict[str, list[Hand]] = {}
        for i, p in enumerate(players):
            amount = max(1, min(1 + (n + i) % 5, self.balance[p]))
            self.decide(p, 1, "stake", amount)
            rows[p] = [Hand([], amount)]
        dealer: list[str] = []
        for _ in range(2):  # C4: the players' cards face up, the dealer's face down
            for p in players:
                rows[p][0].cards.append(self.draw(p, 1, True))
            dealer.append(self.draw("dealer", 1, False))
        if is_pontoon(dealer):  # C5
            for p in players:
                rows[p][0].net, rows[p][0].rule = -rows[p][0].stake, "C5"
        else:
            for p in players:
                k = 0
                while k < len(rows[p]):
                    self.play_hand(p, rows[p], k)
                    k += 1
            wrong = None
            if any(h.net is None for p in players for h in rows[p]):
                wrong = self.dealer_turn(dealer)
            self.settle(players, rows, dealer)
            if wrong is not None:
                self.soft_17_fired(players, rows, wrong)
        nets = {p: sum(h.net or 0 for h in rows[p]) for p in players}
        for p, net in nets.items():
            self.balance[p] += net
        return {
            "type": "deal",
            "deal": n,
            "pack_state": state,
            "pack": shoe_before,
            "sat_out": sat_out,
            "decisions": self.decisions,
            "cards": self.cards,
            "hands": [
                {
                    "player": p,
                    "hand": k + 1,
                    "cards": show(h.cards),
                    "stake": h.stake,
                    "class": hand_class(h.cards),
                    "total": best(h.cards),
                    "split": h.split,
                    "doubled": h.doubled,
                    "net": h.net,
                    "rule": h.rule,
                }
                for p in players
                for k, h in enumerate(rows[p])
            ],
            "dealer_hand": {
                "cards": show(dealer),
                "class": hand_class(dealer),
                "total": best(dealer),
            },
            "net": nets,
            "balance": dict(self.balance),
        }

    def play_hand(self, p: str, hands: list[Hand], k: int) -> None:
        h = hands[k]
        while True:
            c = h.cards
            if low(c) > 21:  # C6: lost at once
                h.net, h.rule = -h.stake, "C6"
                return
            if len(c) >= 5:  # C6, C8: five cards end the hand by themselves
                if len(c) == 5 and low(c) < 21 and "double-on-5-cards" in self.bugs:
                    self.fire(Site(self.n, p, k + 1, "C7"))
                    self.double(p, h, k)
                    continue
                return
            if is_pontoon(c) or low(c) == 21:  # a pontoon and a hard 21 end it too
                return
            left = self.balance[p] - self.put[p]
            pair = len(c) == 2 and value(c[0]) == value(c[1]) and c[0][0] in "A8"
            if pair and len(hands) < self.split_hands and not h.doubled and left >= h.initial:
                self.decide(p, k + 1, "split", h.initial)  # C8
                other = Hand([c.pop()], h.initial)
                h.split = other.split = True
                hands.insert(k + 1, other)
                c.append(self.draw(p, k + 1, True))
                other.cards.append(self.draw(p, k + 2, True))
                continue
            hard = not soft(c)
            if len(c) == 2 and hard and low(c) in (10, 11) and not h.doubled and left >= h.initial:
                self.double(p, h, k)  # C7
                continue
            if best(c) >= 17:
                self.decide(p, k + 1, "stand")
                return
            self.decide(p, k + 1, "hit")  # C6
            c.append(self.draw(p, k + 1, True))

    def double(self, p: str, h: Hand, k: int) -> None:
        self.decide(p, k + 1, "double", h.initial)
        h.doubled = True
        h.stake += h.initial
        h.cards.append(self.draw(p, k + 1, True))

    def dealer_turn(self, dealer: list[str]) -> list[str] | None:
        """C9: the dealer draws on 16 or less and on a soft 17 (when the rules say so), stops at
        five cards. Returns his cards at a soft 17 the bug drew to, else None."""
        wrong = None
        while len(dealer) < 5 and low(dealer) <= 21:
            total = best(dealer)
            if total == 17 and soft(dealer):
                if not self.hits_soft_17:
                    if "dealer-hits-soft-17" not in self.bugs:
                        return wrong
                    wrong = list(dealer)
            elif total >= 17:
                return wrong
            dealer.append(self.draw("dealer", 1, True))
        return wrong

    def soft_17_fired(self, players: list[str], rows: dict[str, list[Hand]], at: list[str]) -> None:
        """The dealer drew to his soft 17 ``at``: the full log shows it in his cards (a line
        that names no seat), both forms in the nets of the hands his draw changed. A round whose
        nets it did not change shows it in the minimal form only in the shoe the next round
        continues, if it does (:meth:`round` adds that site)."""
        fire = Fire("dealer-hits-soft-17", self.n).at("full", Site(self.n, None, None, "C9"))
        for p in players:
            for k, h in enumerate(rows[p]):
                if h.rule != "C6" and outcome(h, at)[0] != h.net:
                    fire.everywhere(Site(self.n, p, k + 1, "C9"))
        self.fires.append(fire)

    def settle(self, players: list[str], rows: dict[str, list[Hand]], dealer: list[str]) -> None:
        """C10's order: a bust has lost (C6); a pontoon 2:1 (C10); the dealer's five card trick
        (C11); a five card trick 2:1 (C10); the dealer bust 1:1 (C10); else the totals (C2)."""
        for p in players:
            for h in rows[p]:
                if h.net is None:
                    h.net, h.rule = outcome(h, dealer)

    def fire(self, site: Site) -> None:
        self.fires.append(Fire("double-on-5-cards", self.n).everywhere(site))


def outcome(h: Hand, dealer: list[str]) -> tuple[int, str]:
    s, c = h.stake, h.cards
    if is_pontoon(c):
        return 2 * s, "C10"
    if len(dealer) == 5 and low(dealer) <= 21:
        return -s, "C11"
    if len(c) >= 5:
        return 2 * s, "C10"
    if low(dealer) > 21:
        return s, "C10"
    return (s if best(c) > best(dealer) else -s), "C2"
