"""The traditional game (T1-T8) heads-up: a punter's exact decisions against a fixed banker.

``pontoon strategy --rules traditional [--banker-stays N]`` prints this module's table. One punter
plays one banker who follows a fixed drawing rule; the calculation is an exact expected-value
recursion over an infinite deck. What it assumes (docs/explanation/strategy.md says the
same):

- **Infinite deck**: every card independent, each of the 13 ranks 1/13 (a ten-card 4/13). The
  rules' pack (one or two, T1.1, ``packs``) is not modelled.
- **The banker** stays on any total of ``banker_stays`` (N, default 17) or more, counting an ace as
  11 when that does not bust him (so he stays on a soft 17 at N = 17), and draws below it; he
  stops at five cards (his five card trick, T6.2). A real banker sees the punters' bust hands and
  may choose (T6.1); this one does not: the rule is fixed.
- **The banker's pontoon** (T4.4) takes ``banker_pontoon_collects`` times the stake before the
  punter plays, his pontoon included: no decision is taken facing it. The punter sees no banker
  card (T4.1), so a decision depends on his own hand alone.
- **The punter's stake** ``s`` is the unit. He stakes after seeing his first card (T4.2), so the
  command also gives the value of each first card; the edge assumes the same stake on every card.
- **Buying** (T5.3): a third card costs ``s`` to ``2s``, a later one ``s`` to the price of the
  card before. Every payment is the hand's whole stake times a multiple, so the value is convex in
  each price and the best price is always one of the two ends: the calculation offers "buy for
  the stake" (``s``) and "buy for the most" (``2s`` for the third card, the previous price after),
  which is exact for any whole-unit price in between. The punter's balance is assumed to cover
  any price (T8.6 is not a limit here). V5 (``no_bought_sure_thing``) refuses a bought fifth card
  on four cards worth 11 or less.
- **Twisting** (T5.4) adds nothing to the stake; once a hand twists it may not buy again.
  **Sticking** (T5.5) on a best total of ``stick_minimum`` (15, V2) or more. A hard 21 sticks by
  itself (T5.8); a soft 21 may draw on. Five cards not bust are a five card trick (T5.7).
- **Splitting** (T5.2, V1): two cards of the same rank (K-K, not K-Q), up to ``max_hands`` hands,
  each new hand staking ``s`` and free to buy. Each split hand gets its second card when it is
  played, and hands are independent but for the cap (infinite deck): exact for that order, the
  one approximation being that the punter, who in the game is dealt both second cards at once,
  does not use a later hand's card when deciding an earlier one's resplit.
- **Settlement** (T7, T7.1, T7.2, T2.6): a bust loses the stake at once; a pontoon (a split hand's
  too) is paid ``pontoon_pays`` times the stake; a five card trick is paid 2 times unless the
  banker has one; the banker's five card trick takes 2 times every other stake; otherwise a hand
  wins 1 times only above the banker's total or on his bust (ties to the banker).
- Settings not modelled are refused (:func:`unmodelled`): V3 (the banker doubles), V6 (royal
  pontoon), V7 (grades), V8 (burning), and the shoot preset.

The banker's edge is his expected gain per initial stake of the punter's round. Pure Python,
standard library only, not compiled (the ``strategy_`` prefix in ``_build``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields
from typing import Any, Final

from pontoon_cli.core.rules import setting_text
from pontoon_cli.solver.casino import RANK_PROBABILITY, add_card, reachable_states, two_cards

FORMAT: Final = "pontoon-traditional-strategy/1"
MAX_CARDS: Final = 5  # T5.7, T6.2
RANK_CHANCE: Final = 1 / 13  # each of A, 2-10, J, Q, K
ACTIONS: Final = ("stick", "twist", "buy", "buy-most", "split")
DECIMALS: Final = 6
#: The most the third card may cost, in stakes (T5.3: from s to 2s).
THIRD_CARD_MOST: Final = 2
BANKER_STAYS: Final = 17
LEAST_BANKER_STAYS: Final = 4  # the lowest two-card total (T6.1: the banker has no smallest total)
#: A rank's name for the pairs table; ranks 10-13 are the ten-cards 10, J, Q, K (value 10).
RANK_NAMES: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rank_value(rank: int) -> int:
    return min(rank, 10)


@dataclass(frozen=True)
class TraditionalRules:
    """The settings the heads-up calculation depends on (``from_rules`` reads them off Rules)."""

    banker_stays: int = BANKER_STAYS
    stick_minimum: int = 15  # T5.5, V2
    max_hands: int = 4  # T5.2
    split_aces_only: bool = False  # V1
    no_bought_sure_thing: bool = False  # V5
    pontoon_pays: int = 2  # T7, V4
    banker_pontoon_collects: int = 2  # T4.4, V4

    @staticmethod
    def from_rules(rules: Any, banker_stays: int = BANKER_STAYS) -> TraditionalRules:
        """These settings read off ``rules`` (each is the Rules setting of the same name), and
        the banker's fixed rule."""
        names = [f.name for f in fields(TraditionalRules) if f.name != "banker_stays"]
        taken = {name: getattr(rules, name) for name in names}
        return TraditionalRules(banker_stays=banker_stays, **taken)


def unmodelled(rules: Any) -> str | None:
    """Why the calculation cannot answer for ``rules`` of the traditional preset (a setting it
    does not model), or None. Which presets are calculated at all is ``pontoon strategy``'s
    table of calculations (cli_strategy)."""
    refused = [
        ("banker_doubles", False, "V3"),
        ("royal_pontoon", False, "V6"),
        ("pontoon_grades", "none", "V7"),
        ("burn_on", None, "V8"),
        ("settlement", "traditional", "T7"),
    ]
    for name, default, rule in refused:
        if getattr(rules, name) != default:
            return (
                f"rule setting {name}={setting_text(getattr(rules, name))} ({rule}) is not "
                f"modelled by the calculation; leave it at {setting_text(default)}"
            )
    return None


class Traditional:
    """The exact infinite-deck values of a punter heads-up against a fixed banker."""

    def __init__(self, rules: TraditionalRules) -> None:
        self.rules = rules
        self.p = RANK_PROBABILITY
        self.p_banker_pontoon = 2 * self.p[1] * self.p[10]
        self.outcomes = ["bust", *map(str, range(rules.banker_stays, 22)), "five card trick"]
        self.banker = self._banker_distribution()
        trick = self.banker["five card trick"]
        self.five_value = 2 * (1 - trick) - 2 * trick  # T7: 2x, or -2x on his five card trick

    # -- the banker (T6), given no banker pontoon (T4.4) -----------------------------------------

    def _banker_distribution(self) -> dict[str, float]:
        out = dict.fromkeys(self.outcomes, 0.0)
        stays = self.rules.banker_stays

        def play(low: int, total: int, soft: bool, cards: int, prob: float) -> None:
            if low > 21:
                out["bust"] += prob
            elif cards == MAX_CARDS:
                out["five card trick"] += prob  # T6.2
            elif total >= stays:
                out[str(total)] += prob
            else:
                for card, p in self.p.items():
                    play(*add_card(total, soft, card), cards + 1, prob * p)

        no_pontoon = 1 - self.p_banker_pontoon
        for first, p1 in self.p.items():
            for second, p2 in self.p.items():
                if {first, second} == {1, 10}:
                    continue  # T4.4: the punter never plays against it
                soft, total = two_cards(first, second)
                play(total - 10 if soft else total, total, soft, 2, p1 * p2 / no_pontoon)
        return out

    def stick_value(self, total: int) -> float:
        """A stuck hand of ``total`` (2-4 cards, not a pontoon), per unit of its stake (T7)."""
        b = self.banker
        value = b["bust"] - 2 * b["five card trick"]
        for banker_total in range(self.rules.banker_stays, 22):
            chance = b[str(banker_total)]
            value += chance if total > banker_total else -chance  # T7.1, T2.6
        return value

    # -- the punter (T5) -------------------------------------------------------------------------

    def _draw(self, soft: bool, total: int, cards: int, stake: int, most: int, buy: bool) -> float:
        """The value of taking a card with the hand's stake now ``stake``, the rest played best;
        ``buy``: later cards may still be bought for up to ``most``."""
        value = 0.0
        for card, p in self.p.items():
            low, new_total, new_soft = add_card(total, soft, card)
            if low > 21:
                value -= p * stake  # T5.6
            elif cards + 1 == MAX_CARDS:
                value += p * stake * self.five_value  # T5.7, T7
            elif low == 21:
                value += p * stake * self.stick_value(21)  # T5.8: a hard 21 sticks
            else:
                value += p * self.best(new_soft, new_total, cards + 1, stake, most, buy)
        return value

    def may_buy(self, total: int, soft: bool, cards: int, buy: bool) -> bool:
        low = total - 10 if soft else total
        if not buy or low >= 21 or cards >= MAX_CARDS:
            return False
        return not (self.rules.no_bought_sure_thing and cards == 4 and low <= 11)  # V5

    def choices(
        self, soft: bool, total: int, cards: int, stake: int, most: int, buy: bool
    ) -> dict[str, float]:
        """The value of each legal choice (not split), in initial stakes, the rest played best.

        ``stake`` is the hand's stake so far, ``most`` the highest price the next bought card may
        cost (T5.3), ``buy`` whether the hand may still buy (no card twisted yet, T5.4).
        """
        values: dict[str, float] = {}
        if total >= self.rules.stick_minimum:
            values["stick"] = stake * self.stick_value(total)  # T5.5
        values["twist"] = self._draw(soft, total, cards, stake, most, False)  # T5.4
        if self.may_buy(total, soft, cards, buy):  # T5.3
            values["buy"] = self._draw(soft, total, cards, stake + 1, 1, True)
            if most > 1:
                values["buy-most"] = self._draw(soft, total, cards, stake + most, most, True)
        return values

    @functools.cache  # noqa: B019 (one calculation per rule set, kept for the process)
    def best(self, soft: bool, total: int, cards: int, stake: int, most: int, buy: bool) -> float:
        return max(self.choices(soft, total, cards, stake, most, buy).values())

    def two_card_value(self, first: int, second: int) -> float:
        """A fresh hand's value (stake 1) from its two card values, no split (T7.2: pontoon)."""
        if {first, second} == {1, 10}:
            return float(self.rules.pontoon_pays)
        soft, total = two_cards(first, second)
        return self.best(soft, total, 2, 1, THIRD_CARD_MOST, True)

    def may_split_rank(self, rank: int) -> bool:
        return self.rules.max_hands > 1 and (rank == 1 or not self.rules.split_aces_only)  # V1

    @functools.cache  # noqa: B019
    def split_hands(self, rank: int, waiting: int, splits_left: int) -> float:
        """Hands holding one card of ``rank`` each, to be played, ``splits_left`` splits left."""
        if waiting == 0:
            return 0.0
        value = 0.0
        for other in range(1, 14):
            play = self.two_card_value(rank_value(rank), rank_value(other))
            play += self.split_hands(rank, waiting - 1, splits_left)
            if other == rank and splits_left > 0:  # T5.2: the same rank, not just the value
                play = max(play, self.split_hands(rank, waiting + 1, splits_left - 1))
            value += RANK_CHANCE * play
        return value

    def split_value(self, rank: int) -> float:
        """Splitting a pair of ``rank`` as the punter's first hand, in initial stakes."""
        return self.split_hands(rank, 2, self.rules.max_hands - 2)

    def should_split(self, rank: int) -> bool:
        value = rank_value(rank)
        return self.may_split_rank(rank) and self.split_value(rank) > self.two_card_value(
            value, value
        )

    def first_card_value(self, rank: int) -> float:
        """The punter's expected net per stake once he has seen his first card (T4.2)."""
        value = 0.0
        for other in range(1, 14):
            v = self.two_card_value(rank_value(rank), rank_value(other))
            if other == rank and self.may_split_rank(rank):
                v = max(v, self.split_value(rank))
            value += RANK_CHANCE * v
        collects = self.rules.banker_pontoon_collects
        return -self.p_banker_pontoon * collects + (1 - self.p_banker_pontoon) * value

    def edge(self) -> float:
        """The banker's expected gain per initial stake, the punter playing best (T4.4 counted:
        the banker's pontoon is independent of the punter's first card in an infinite deck)."""
        return -sum(RANK_CHANCE * self.first_card_value(rank) for rank in range(1, 14))


@functools.cache
def solved(rules: TraditionalRules) -> Traditional:
    return Traditional(rules)


#: The columns of the table: (name, cards, stake so far, the most the next card may cost, may
#: buy). "bought s": the third card bought for the stake; "bought 2s": for twice it.
CONTEXTS: Final = (
    ("2", 2, 1, 2, True),
    ("3 bought s", 3, 2, 1, True),
    ("3 bought 2s", 3, 3, 2, True),
    ("3 twisted", 3, 1, 1, False),
    ("4 bought s,s", 4, 3, 1, True),
    ("4 bought 2s,s", 4, 4, 1, True),
    ("4 bought 2s,2s", 4, 5, 2, True),
    ("4 twisted", 4, 1, 1, False),
)


def hands() -> list[tuple[bool, int]]:
    """Every (soft, best total) with a decision: hard 4-20, soft 12-21."""
    return [(False, t) for t in range(4, 21)] + [(True, t) for t in range(12, 22)]


def table(rules: TraditionalRules) -> dict[str, Any]:
    """The whole calculation as data: header, the banker's outcomes, every value."""
    game = solved(rules)
    rnd = functools.partial(round, ndigits=DECIMALS)
    play: dict[str, Any] = {}
    for name, cards, stake, most, buy in CONTEXTS:
        rows: dict[str, Any] = {}
        for soft, total in hands():
            if (soft, total, cards) not in reachable_states():
                continue
            values = game.choices(soft, total, cards, stake, most, buy)
            order = sorted(values, key=lambda a: (-values[a], ACTIONS.index(a)))
            rows[f"{'soft' if soft else 'hard'} {total}"] = {
                "order": order,
                "ev": {a: rnd(v) for a, v in values.items()},
            }
        play[name] = rows
    pairs = {
        RANK_NAMES[rank - 1]: {
            "split": game.should_split(rank),
            "ev_split": rnd(game.split_value(rank)) if game.may_split_rank(rank) else None,
            "ev_no_split": rnd(game.two_card_value(rank_value(rank), rank_value(rank))),
        }
        for rank in range(1, 14)
    }
    return {
        "format": FORMAT,
        "method": "exact expected-value recursion, infinite deck (each rank 1/13), one punter "
        "against a banker with a fixed drawing rule; splits exact but for the order of play "
        "(pontoon_cli/solver/traditional.py docstring)",
        "rules": {
            "preset": "traditional",
            "banker_stays": rules.banker_stays,
            "stick_minimum": rules.stick_minimum,
            "max_hands": rules.max_hands,
            "split_aces_only": rules.split_aces_only,
            "no_bought_sure_thing": rules.no_bought_sure_thing,
            "pontoon_pays": rules.pontoon_pays,
            "banker_pontoon_collects": rules.banker_pontoon_collects,
            "deck": "infinite",
            "buying": "a price is the stake s or the most allowed (2s for the third card, the "
            "previous price after): the best price is always one of the two",
        },
        "edge": {"banker": rnd(game.edge())},
        "first_card": {
            RANK_NAMES[rank - 1]: rnd(game.first_card_value(rank)) for rank in range(1, 11)
        },
        "banker": {
            "pontoon": rnd(game.p_banker_pontoon),
            "given_no_pontoon": {k: rnd(v) for k, v in game.banker.items()},
        },
        "values": "in initial stakes, from the decision on, the banker known to hold no pontoon",
        "play": play,
        "pairs": pairs,
    }
