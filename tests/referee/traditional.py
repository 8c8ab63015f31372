"""The traditional game (T1-T8, the default preset) as an independent engine with planted bugs.

Written from docs/rules.md and docs/log-format.md alone (nothing here imports pontoon_cli): one
52-card pack, a banker who changes hands (T8.3), automatic players who decide by a fixed rule, a
seeded shuffle. Each planted bug is switched on by name (``BUGS``) and records a :class:`Fire`
each time it changes what the log holds, at the place a referee should name.
"""

from __future__ import annotations

import random
from typing import Any

from referee.common import (
    TENS,
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
)

#: name -> the rule it breaks
BUGS = {
    "split-tie-to-punter": "T2.6",  # a split hand's tie with the banker paid to the punter
    "stick-on-14": "T5.5",  # a stick allowed on 14
    "soft-21-stops": "T5.8",  # a soft 21 stopped like a hard 21 (the banker's: T6.2)
    "banker-pontoon-single": "T4.4",  # the banker's pontoon collects single stakes (V4's 1)
    "pack-seat-order": "T8.1",  # the cards go under the pack in seat order
}


class Void(Exception):
    """T8.5: a card was needed and the pack was empty."""


class Hand:
    def __init__(self, cards: list[str], initial: int, *, new: bool = False) -> None:
        self.cards = cards
        self.initial = initial  # s (T5.2, T5.3)
        self.stake = initial
        self.cap = 2 * initial  # the most the next bought card may cost (T5.3)
        self.twisted = False
        self.split = False
        self.new = new  # made by a split: it may shoot once at its turn (S5)
        self.net: int | None = None
        self.rule = ""
        self.shoot = 0  # its open shoot bets (S2, S4, S5)
        self.shot: set[int] = set()  # how many cards it held at each shoot


class Traditional:
    preset = "traditional"

    def __init__(
        self,
        seats: list[str],
        *,
        bugs: tuple[str, ...] = (),
        seed: int = 1,
        bankroll: int = 1000,
        min_stake: int = 1,
        max_stake: int = 10,
    ) -> None:
        unknown = set(bugs) - set(self.bugs_known())
        assert not unknown, unknown
        self.seats = list(seats)
        self.bugs = frozenset(bugs)
        self.rng = random.Random(seed)
        self.banker = seats[-1]
        self.bankrolls = dict.fromkeys(seats, bankroll)
        self.balance = dict(self.bankrolls)
        self.min_stake, self.max_stake = min_stake, max_stake
        self.pack = new_pack()
        self.rng.shuffle(self.pack)
        self.pack_state = "shuffled"
        self.fires: list[Fire] = []
        self.total = 0
        self.n = 0

    # the log -------------------------------------------------------------------------------

    @classmethod
    def bugs_known(cls) -> dict[str, str]:
        return BUGS

    def settings(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "packs": None,
            "stick_minimum": 15,
            "max_hands": 4,
            "split_aces_only": False,
            "no_bought_sure_thing": False,
            "pontoon_pays": 2,
            "banker_pontoon_collects": 2,
            "royal_pontoon": False,
            "pontoon_grades": "none",
            "settlement": "traditional",
            "banker_doubles": False,
            "burn_on": None,
        }

    def minimal_settings(self) -> dict[str, Any]:
        """The settings a minimal header gives: those that differ from the preset."""
        return {}

    def header(self) -> dict[str, Any]:
        return {
            "type": "header",
            "format": "pontoon-log/1",
            "tool": "referee-engine 1",
            "rules": self.settings(),
            "table": {
                "seats": self.seats,
                "banker": self.banker,
                "bankrolls": self.bankrolls,
                "min_stake": self.min_stake,
                "max_stake": self.max_stake,
            },
            "cut": [],
            "seed": None,
            "scenario": None,
            "strategies": None,
        }

    def play(self, deals: int) -> Run:
        self.total = deals
        full = [self.header(), *(self.deal(n) for n in range(1, deals + 1))]
        minimal = [
            minimal_header(full[0], self.preset, self.minimal_settings()),
            *(minimal_deal(r) for r in full[1:]),
        ]
        return Run({"full": lines(full), "minimal": lines(minimal)}, self.fires, deals)

    def fire(self, bug: str, *sites: Site) -> None:
        self.fires.append(Fire(bug, self.n).everywhere(*sites))

    # a deal --------------------------------------------------------------------------------

    def draw(self, player: str, hand: int, up: bool) -> str:
        if not self.pack:
            raise Void
        card = self.pack.pop(0)
        self.cards.append({"player": player, "hand": hand, "card": card, "up": up})
        return card

    def decide(self, player: str, hand: int, action: str, amount: int | None = None) -> None:
        decision: dict[str, Any] = {"player": player, "hand": hand, "action": action}
        if amount is not None:
            decision["amount"] = amount
            self.put[player] += amount
        self.decisions.append(decision)

    def left(self, player: str) -> int:
        """T8.6: what a punter may still put on the table."""
        return self.balance[player] - self.put[player]

    def deal(self, n: int) -> dict[str, Any]:
        self.n = n
        banker = self.banker
        at = self.seats.index(banker)
        order = self.seats[at + 1 :] + self.seats[:at]  # punters from the banker's left (T3.1)
        self.decisions: list[dict[str, Any]] = []
        self.cards: list[dict[str, Any]] = []
        self.moves: list[dict[str, Any]] = []
        pack_before, state = show(self.pack), self.pack_state
        self.before_deal()
        sat_out = [p for p in order if self.balance[p] < self.min_stake]  # T8.6
        self.players = [p for p in order if p not in sat_out]
        self.put = dict.fromkeys(self.seats, 0)
        self.rows: dict[str, list[Hand]] = {}
        self.bcards: list[str] = []
        void = False
        try:
            first = {p: self.draw(p, 1, False) for p in self.players}  # T4.1
            self.bcards.append(self.draw(banker, 1, False))
            for i, p in enumerate(self.players):  # T4.2
                amount = self.stake_for(n + i, first[p], self.balance[p])
                self.decide(p, 1, "stake", amount)
                self.rows[p] = [Hand([first[p]], amount)]
            self.after_stakes()
            for p in self.players:  # T4.3
                self.rows[p][0].cards.append(self.draw(p, 1, False))
            self.bcards.append(self.draw(banker, 1, False))
            if is_pontoon(self.bcards):
                self.banker_pontoon()
            else:
                for p in self.players:  # T5
                    k = 0
                    while k < len(self.rows[p]):
                        self.play_hand(p, k)
                        k += 1
                self.banker_turn()  # T6
                self.settle()  # T7
        except Void:  # T8.5: open stakes go back
            void = True
            for p in self.players:
                for h in self.rows.get(p, []):
                    if h.net is None:
                        h.net, h.rule = 0, "T8.5"
        return self.finish(n, pack_before, state, sat_out, void)

    def stake_for(self, k: int, first: str, balance: int) -> int:
        """The automatic punters' stake: more on an ace or a ten-card (T4.2, within T3.3, T8.6)."""
        want = 4 if first[0] == "A" or first[0] in TENS else 1 + k % 3
        return max(self.min_stake, min(want, self.max_stake, balance))

    def banker_pontoon(self) -> None:
        """T4.4: every punter pays twice his stake; the deal is over."""
        single = "banker-pontoon-single" in self.bugs
        for p in self.players:
            h = self.rows[p][0]
            h.net, h.rule = (-h.stake if single else -2 * h.stake), "T4.4"
        if single and self.players:
            self.fire("banker-pontoon-single", *(Site(self.n, p, 1, "T4.4") for p in self.players))

    def play_hand(self, p: str, k: int) -> None:
        hands = self.rows[p]
        h = hands[k]
        while True:
            if is_pontoon(h.cards) or len(h.cards) >= 5 or low(h.cards) >= 21:
                return  # T5.1 (a split hand's too), T5.7, T5.8's hard 21
            if best(h.cards) == 21 and "soft-21-stops" in self.bugs:
                self.fire("soft-21-stops", Site(self.n, p, k + 1, "T5.8"))
                return
            action, amount = self.choose(p, k)
            self.before_decision(p, k, action, amount)
            if action == "split":  # T5.2
                self.decide(p, k + 1, "split", h.initial)
                other = Hand([h.cards.pop()], h.initial, new=True)
                h.split = other.split = True
                hands.insert(k + 1, other)
                h.cards.append(self.draw(p, k + 1, False))
                other.cards.append(self.draw(p, k + 2, False))
                continue
            self.decide(p, k + 1, action, amount)
            if action == "stick":  # T5.5
                return
            if action == "buy":  # T5.3
                h.stake += amount or 0
                h.cap = amount or 0
            else:  # T5.4
                h.twisted = True
            h.cards.append(self.draw(p, k + 1, action == "twist"))
            if low(h.cards) > 21:  # T5.6: settled at once, its cards under the pack
                h.net, h.rule = -h.stake, "T5.6"
                self.pack.extend(h.cards)
                self.busted(p, k, h)
                return

    def choose(self, p: str, k: int) -> tuple[str, int | None]:
        """The automatic punter: splits every pair but fives, sticks on 16 or more (and on a soft
        21), buys while his lowest total is 11 or less, else twists."""
        hands = self.rows[p]
        h = hands[k]
        c = h.cards
        pair = len(c) == 2 and c[0][0] == c[1][0] != "5"
        if pair and len(hands) < 4 and self.left(p) >= h.initial:  # T5.2: max_hands 4
            return "split", None
        total = best(c)
        if total >= 16:
            return "stick", None
        if total == 14 and "stick-on-14" in self.bugs:
            self.fire("stick-on-14", Site(self.n, p, k + 1, "T5.5"))
            return "stick", None
        price = self.price(p, h)
        if price is not None and low(c) <= 11:
            return "buy", price
        return "twist", None

    def price(self, p: str, h: Hand) -> int | None:
        """What he pays for a bought card (T5.3), None when he may not buy (T5.3, T8.6)."""
        if h.twisted or len(h.cards) >= 5 or self.left(p) < h.initial:
            return None
        want = h.cap if len(h.cards) == 2 and low(h.cards) <= 9 else h.initial
        return min(want, self.left(p))

    def banker_turn(self) -> None:
        """T6: the banker draws below 17 and stays on 17 or more; he does not draw when every
        punter hand is bust (T6.3's choice)."""
        if all(h.net is not None for p in self.players for h in self.rows[p]):
            return
        c = self.bcards
        while not (low(c) >= 21 or len(c) >= 5):  # T6.2: bust, hard 21, five cards
            if best(c) == 21 and "soft-21-stops" in self.bugs:
                self.fire("soft-21-stops", Site(self.n, self.banker, 1, "T6.2"))
                return
            if best(c) >= 17:
                self.decide(self.banker, 1, "stay")
                return
            self.decide(self.banker, 1, "draw")
            c.append(self.draw(self.banker, 1, True))

    def settle(self) -> None:
        """T7: each standing hand against the banker's."""
        c = self.bcards
        for p in self.players:
            for k, h in enumerate(self.rows[p]):
                if h.net is not None:
                    continue
                s, cls = h.stake, hand_class(h.cards)
                special = cls in ("pontoon", "five-card-trick")
                if low(c) > 21:
                    h.net, h.rule = (2 * s if special else s), "T7"
                elif len(c) == 5:
                    h.net, h.rule = (2 * s if cls == "pontoon" else -2 * s), "T7"
                elif special:
                    h.net, h.rule = 2 * s, "T7"
                elif best(h.cards) != best(c):
                    h.net, h.rule = (s if best(h.cards) > best(c) else -s), "T7.1"
                elif h.split and "split-tie-to-punter" in self.bugs:
                    h.net, h.rule = s, "T2.6"
                    self.fire("split-tie-to-punter", Site(self.n, p, k + 1, "T2.6"))
                else:
                    h.net, h.rule = -s, "T2.6"  # a tie goes to the banker
                self.settled(p, k, h)

    # between deals -------------------------------------------------------------------------

    def finish(
        self, n: int, pack_before: str, state: str, sat_out: list[str], void: bool
    ) -> dict[str, Any]:
        banker = self.banker
        hands = [(p, k, h) for p in self.players for k, h in enumerate(self.rows[p])]
        nets = {p: sum(h.net or 0 for h in self.rows[p]) for p in self.players}
        nets[banker] = -sum(nets.values())
        for p, net in nets.items():
            self.balance[p] += net
        for move in self.moves:
            if move["hand"] is not None:  # the banker's moves before the deal are already paid
                self.balance[move["player"]] -= move["amount"]
        pontoon = is_pontoon(self.bcards) or any(is_pontoon(h.cards) for _, _, h in hands)
        if void or pontoon:  # T8.2, T8.5: gathered and shuffled
            self.pack = new_pack()
            self.rng.shuffle(self.pack)
            self.pack_state = "shuffled"
        else:  # T8.1
            self.pack.extend(self.under())
            self.pack_state = "continued"
        next_banker = banker
        if not void and not is_pontoon(self.bcards):  # T8.3
            for p in self.players:
                if len(self.rows[p]) == 1 and is_pontoon(self.rows[p][0].cards):
                    next_banker = p
                    break
        self.banker = next_banker
        record: dict[str, Any] = {
            "type": "deal",
            "deal": n,
            "sale": None,
            "banker": banker,
            "pack_state": state,
            "pack": pack_before,
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
                    "net": h.net,
                    "rule": h.rule,
                }
                for p, k, h in hands
            ],
            "banker_hand": {
                "cards": show(self.bcards),
                "class": hand_class(self.bcards),
                "total": best(self.bcards),
            },
            "void": void,
            "net": {p: nets[p] for p in self.seats if p in nets},
            "balance": dict(self.balance),
            "next_banker": next_banker,
        }
        self.add_to_record(record)
        return record

    def under(self) -> list[str]:
        """T8.1: the standing punter hands from the banker's left, each hand's cards in the order
        dealt, then the banker's. The bug puts them under in seat order."""
        standing = {
            p: [c for h in self.rows[p] if h.rule != "T5.6" for c in h.cards] for p in self.players
        }
        standing[self.banker] = self.bcards
        right = [c for p in [*self.players, self.banker] for c in standing[p]]
        if "pack-seat-order" not in self.bugs:
            return right
        wrong = [c for p in self.seats if p in standing for c in standing[p]]
        if wrong != right and self.n < self.total:
            self.fire("pack-seat-order", Site(self.n + 1, None, None, "T8.1"))
        return wrong

    # the hooks Shoot Pontoon fills in --------------------------------------------------------

    def before_deal(self) -> None:
        """Before the first card (S1, S9, S10)."""

    def after_stakes(self) -> None:
        """After the stakes, before the second card (S2)."""

    def before_decision(self, p: str, k: int, action: str, amount: int | None) -> None:
        """At a hand's turn, before its decision (S4, S5)."""

    def busted(self, p: str, k: int, h: Hand) -> None:
        """A hand went bust (S6)."""

    def settled(self, p: str, k: int, h: Hand) -> None:
        """A standing hand was settled (S7)."""

    def add_to_record(self, record: dict[str, Any]) -> None:
        """The game's own fields (the kitty)."""
