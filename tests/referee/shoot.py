"""Shoot Pontoon (S1-S10): the referee's traditional engine with a kitty and shoot bets.

Written from docs/rules.md and docs/log-format.md alone. Every unit into or out of the kitty is a
move of the record's ``kitty`` (S1, S3, S6, S7, S9, S10); the automatic punters shoot half what
the kitty allows (at most 10) on an ace or a ten-card in the round after the stakes (S2), a
quarter of it (at most 5) before drawing to three cards (S4), and on the new hand of a split that
starts with an ace or a ten-card (S5).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.common import TENS, Site
from referee.traditional import BUGS, Hand, Traditional

SHOOT_BUGS = {
    "shoot-on-4th-card": "S4",  # a shoot bet on a hand that has seen its fourth card
    "shoot-over-kitty": "S2",  # a shoot bet beyond what the kitty less the open bets allows
}


class Shoot(Traditional):
    preset = "shoot"

    def __init__(self, seats: list[str], *, kitty: int = 20, **kwargs: Any) -> None:
        self.kitty_setting = kitty
        self.kitty = 0
        self.owner: str | None = None  # who put the kitty up
        self.shots: Counter[str] = Counter()  # the shoot bets made, by their rule
        super().__init__(seats, **kwargs)

    @classmethod
    def bugs_known(cls) -> dict[str, str]:
        return {**BUGS, **SHOOT_BUGS}

    def settings(self) -> dict[str, Any]:
        kitty = {"kitty": self.kitty_setting, "kitty_min": 10, "kitty_max": 100}
        return {**super().settings(), **kitty}

    def minimal_settings(self) -> dict[str, Any]:
        return {} if self.kitty_setting == 20 else {"kitty": self.kitty_setting}

    def move(self, rule: str, player: str, hand: int | None, amount: int) -> None:
        self.moves.append({"rule": rule, "player": player, "hand": hand, "amount": amount})
        self.kitty += amount
        if hand is None:  # the banker's own moves, before the deal: out of his balance now
            self.balance[player] -= amount

    def before_deal(self) -> None:
        self.kitty_before = self.kitty
        banker = self.banker
        if self.owner is None:
            self.move("S1", banker, None, self.kitty_setting)
        elif self.owner != banker:  # S10: the old banker keeps the kitty, the new one puts up his
            if self.kitty:
                self.move("S10", self.owner, None, -self.kitty)
            self.move("S10", banker, None, self.kitty_setting)
        elif self.kitty == 0:  # S9: the kitty was emptied
            self.move("S9", banker, None, self.kitty_setting)
        self.owner = banker
        self.open = 0  # the shoot bets still open

    def room(self) -> int:
        """What the kitty allows a new shoot bet (S2): what it holds less the open bets."""
        return self.kitty - self.open

    def shoot(self, p: str, k: int, h: Hand, amount: int) -> None:
        self.decide(p, k + 1, "shoot", amount)
        h.shoot += amount
        h.shot.add(len(h.cards))
        self.open += amount
        self.shots[{1: "S2", 2: "S5"}.get(len(h.cards), "S4")] += 1

    def after_stakes(self) -> None:
        """S2: from the banker's left, each punter may shoot once on his first card."""
        over = "shoot-over-kitty" in self.bugs
        for p in self.players:
            h = self.rows[p][0]
            limit = self.kitty if over else self.room()  # the bug forgets the open bets
            cap = min(limit, self.left(p))
            if cap < 1 or not (h.cards[0][0] == "A" or h.cards[0][0] in TENS):
                continue
            amount = min(max(1, self.kitty // 2), 10, cap)
            if amount > self.room():
                self.fire("shoot-over-kitty", Site(self.n, p, 1, "S2"))
            self.shoot(p, 0, h, amount)

    def before_decision(self, p: str, k: int, action: str, amount: int | None) -> None:
        h = self.rows[p][k]
        cap = min(self.room(), self.left(p) - (amount or 0))  # a buy's price is his too
        if cap < 1:
            return
        n = len(h.cards)
        if h.new and n == 2 and 2 not in h.shot and action != "split":  # S5
            if h.cards[0][0] == "A" or h.cards[0][0] in TENS:
                self.shoot(p, k, h, min(max(1, self.kitty // 4), 5, cap))
            return
        drawing = action in ("buy", "twist")
        on_4th = n == 4 and "shoot-on-4th-card" in self.bugs
        if drawing and (n == 3 or on_4th) and n not in h.shot:  # S4
            if on_4th:
                self.fire("shoot-on-4th-card", Site(self.n, p, k + 1, "S4"))
            self.shoot(p, k, h, min(max(1, self.kitty // 4), 5, cap))

    def busted(self, p: str, k: int, h: Hand) -> None:
        if h.shoot:  # S6: into the kitty at once
            self.open -= h.shoot
            self.move("S6", p, k + 1, h.shoot)

    def banker_pontoon(self) -> None:
        super().banker_pontoon()
        for p in self.players:  # S3: every shoot bet goes to the kitty
            h = self.rows[p][0]
            if h.shoot:
                self.open -= h.shoot
                self.move("S3", p, 1, h.shoot)

    def settled(self, p: str, k: int, h: Hand) -> None:
        if h.shoot:  # S7: even money from the kitty when the hand beat the banker
            self.open -= h.shoot
            if (h.net or 0) > 0:  # it never pays more than it holds (only a bug bets beyond)
                self.move("S7", p, k + 1, -min(h.shoot, self.kitty))
            else:
                self.move("S7", p, k + 1, h.shoot)

    def add_to_record(self, record: dict[str, Any]) -> None:
        record["kitty"] = {"before": self.kitty_before, "moves": self.moves, "after": self.kitty}
