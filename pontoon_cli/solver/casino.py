"""Casino Pontoon (C1-C11) solved by exact expected-value recursion over an infinite deck.

``pontoon strategy --rules casino`` prints this module's table; the `basic` strategy that
``play`` uses (``casino/basic.json``, read by :mod:`pontoon_cli.casino.basic`) is its output::

    pontoon strategy --rules casino --write pontoon_cli/casino/basic.json

What the calculation assumes (docs/explanation/strategy.md says the same):

- **Infinite deck**: every card is drawn independently of every other, a ten-card with probability
  4/13 and each other rank (ace, 2-9) with 1/13. The rules' shoe (``decks``, C1) is not modelled
  here: :mod:`pontoon_cli.solver.casino_shoe` computes a finite shoe (``pontoon strategy
  --decks N``); eight decks cost the player 0.13% of the stake more than the infinite deck.
- **The player's information**: his own cards, the number of hands he has, whether the hand is
  doubled, and that the dealer has no pontoon (C5: the dealer checks first and takes every stake,
  so no decision is ever taken facing a dealer pontoon). He sees no dealer card (C4).
- **Values are per initial stake** ``s`` of the hand, from the point of decision to settlement,
  the dealer's pontoon already ruled out.
- **Settlement** (C2, C10, C11): a player bust loses at once; a player pontoon (two cards, an ace
  and a ten-card, in an original or a split hand: C8) wins 2:1; a five card trick (five cards not
  bust, 21 included) wins 2:1 unless the dealer has one; any other standing hand loses to a dealer
  five card trick, wins 1:1 on a dealer bust, and otherwise wins only above the dealer's total
  (ties to the dealer). A doubled hand stakes ``2s`` and is paid at the same rates.
- **The player** (C6, C7): hits while his lowest total is under 21 and he has fewer than five
  cards (a soft 21 may be hit); stands only on 15 or more; a pontoon, a fifth card, a hard 21 and
  a bust end the hand. A double, once per hand on two to four cards, adds ``s`` and deals exactly
  one card; play then goes on (C7 as the project reads it: docs/explanation/strategy.md, "Why a
  double deals a card").
  ``double_deals_card=False`` computes the contrary, literal reading (no card), which C12 rules
  out. A pair is split only as the hand's first action.
- **Splits** (C8, up to ``split_hands`` hands): each split hand gets its second card when it is
  played. In an infinite deck hands are independent but for the cap, so ``F(k, n)``, the value of
  ``k`` hands each holding one card of the pair with ``n`` splits left, is the expectation over
  the next card ``c`` of ``F(k + 1, n - 1)`` (resplit) or ``W(c) + F(k - 1, n)`` (play it): exact
  for this order of play. The only approximation: a player does not see a later hand's second card
  before deciding on an earlier one.
- **Dealer** (C9): hits 16 or less and soft 17 (``dealer_hits_soft_17``), stands on hard 17+ and
  soft 18+, stops at five cards (a five card trick when not bust).

Edges are the house's expected gain per initial stake of a seat's round, dealer pontoons counted.
Pure Python, standard library only; not compiled (``_build``: the ``strategy_`` prefix): the whole
table takes a tenth of a second.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any, Final

#: The chance of each card value in an infinite deck: a ten-card 4/13, every other rank 1/13.
RANK_PROBABILITY: Final = {v: (4 / 13 if v == 10 else 1 / 13) for v in range(1, 11)}
ACTIONS: Final = ("hit", "stand", "double", "split")
# The solvers (this module and strategy_casino_shoe) read the casino rules on their own, on
# purpose: they share none of the engine's constants (casino.STAND_MINIMUM, casino.dealer_draws),
# so the tests that set the exact edge against the engine's simulation
# (tests/strategy/test_strategy.py, C12) and the ones that set each rule here against the engine's
# (tests/casino/test_casino_solver_rules.py) check two readings of C6 and C9 against each other;
# a shared constant would agree with itself.
STAND_MINIMUM: Final = 15  # C6
MAX_CARDS: Final = 5  # C6, C9: the five card trick ends a hand
DEALER_OUTCOMES: Final = ("bust", "17", "18", "19", "20", "21", "five card trick")
FORMAT: Final = "pontoon-casino-basic/1"
DECIMALS: Final = 6  # EVs written to the data file are rounded to this many places
METHOD: Final = (
    "exact expected-value recursion, infinite deck (each card independent: ten-card 4/13, every "
    "other rank 1/13); splits exact but for the order of play: each split hand gets its second "
    "card when it is played (pontoon_cli/solver/casino.py docstring)"
)


def add_card(total: int, soft: bool, card: int) -> tuple[int, int, bool]:
    """(lowest total, best total, soft) after adding ``card`` (1 for an ace) to a hand (T1.2)."""
    low = (total - 10 if soft else total) + card
    has_ace = soft or card == 1
    if has_ace and low + 10 <= 21:
        return low, low + 10, True
    return low, low, False


def dealer_stands(total: int, soft: bool, hits_soft_17: bool) -> bool:
    """C9 as the solvers read it: the dealer stands on a hard 17 or more and a soft 18 or more,
    on a soft 17 too unless ``hits_soft_17`` (a bust and a fifth card end his hand before this is
    asked). Independent of the engine's ``casino.dealer_draws`` (see ``STAND_MINIMUM``)."""
    return total >= 18 or (total == 17 and not (soft and hits_soft_17))


def two_cards(first: int, second: int) -> tuple[bool, int]:
    """(soft, best total) of a two-card hand."""
    _, total, soft = add_card(*add_card(0, False, first)[1:], second)
    return soft, total


def state_name(soft: bool, total: int, cards: int) -> str:
    """The table's key of a player situation: ``"hard 12 2"`` (hard 12 in two cards)."""
    return f"{'soft' if soft else 'hard'} {total} {cards}"


@dataclass(frozen=True)
class CasinoRules:
    """The casino settings the calculation depends on (``from_rules`` reads them off Rules)."""

    dealer_hits_soft_17: bool = True  # C9
    max_hands: int = 3  # C8: split_hands
    # C7 as this project reads it: a double deals exactly one card, then play goes on (True).
    # False: the contrary, literal reading (no card), which C12 rules out (module docstring).
    double_deals_card: bool = True

    @staticmethod
    def from_rules(rules: Any) -> CasinoRules:
        """The settings of a casino :class:`pontoon_cli.core.rules.Rules` that change a decision."""
        return CasinoRules(
            dealer_hits_soft_17=bool(rules.dealer_hits_soft_17), max_hands=int(rules.split_hands)
        )


def unmodelled(rules: Any) -> str | None:
    """Why the calculation cannot answer for ``rules`` of the casino preset (a setting it does
    not model), or None: its shoe is fresh each round (C1)."""
    if rules.shuffle_every != 1:
        return (
            f"rule setting shuffle_every={rules.shuffle_every} (C1) is not modelled by the "
            "calculation (its shoe is fresh each round); leave it at 1"
        )
    return None


class Casino:
    """The exact infinite-deck values of casino Pontoon under ``rules`` (module docstring)."""

    def __init__(self, rules: CasinoRules) -> None:
        self.rules = rules
        self.p = RANK_PROBABILITY
        self.dealer = self._dealer_distribution()
        d = self.dealer
        self.p_dealer_pontoon = 2 * self.p[1] * self.p[10]
        self.five_value = 2 * (1 - d["five card trick"]) - d["five card trick"]  # C10, C2

    # -- the dealer (C9), given no dealer pontoon (C5) ------------------------------------------

    def _dealer_distribution(self) -> dict[str, float]:
        out = dict.fromkeys(DEALER_OUTCOMES, 0.0)

        def play(low: int, total: int, soft: bool, cards: int, prob: float) -> None:
            if low > 21:
                out["bust"] += prob
            elif cards == MAX_CARDS:
                out["five card trick"] += prob
            elif dealer_stands(total, soft, self.rules.dealer_hits_soft_17):
                out[str(total)] += prob
            else:
                for card, p in self.p.items():
                    play(*add_card(total, soft, card), cards + 1, prob * p)

        no_pontoon = 1 - 2 * self.p[1] * self.p[10]
        for first, p1 in self.p.items():
            for second, p2 in self.p.items():
                if {first, second} == {1, 10}:
                    continue  # a dealer pontoon (C5): the player never plays against it
                soft, total = two_cards(first, second)
                play(total - 10 if soft else total, total, soft, 2, p1 * p2 / no_pontoon)
        return out

    def stand_value(self, total: int) -> float:
        """A standing hand of ``total`` (2-4 cards, not a pontoon), per stake (C2, C10, C11)."""
        d = self.dealer
        value = d["bust"] - d["five card trick"]
        for dealer_total in range(17, 22):
            value += d[str(dealer_total)] if total > dealer_total else -d[str(dealer_total)]
        return value

    # -- the player ------------------------------------------------------------------------------

    def _after_hit(self, total: int, soft: bool, cards: int, doubled: bool) -> float:
        """The value per stake of hitting, the rest played as well as possible."""
        value = 0.0
        for card, p in self.p.items():
            low, new_total, new_soft = add_card(total, soft, card)
            if low > 21:
                value -= p  # bust: lost at once
            elif cards + 1 == MAX_CARDS:
                value += p * self.five_value  # five card trick, 21 included (T2.2)
            elif new_total == 21 and not new_soft:
                value += p * self.stand_value(21)  # a hard 21 ends the hand (C6)
            else:
                value += p * self.best(new_soft, new_total, cards + 1, doubled)
        return value

    def choices(self, soft: bool, total: int, cards: int, doubled: bool) -> dict[str, float]:
        """The value of each legal choice (not split) per initial stake, the rest played best."""
        scale = 2.0 if doubled else 1.0
        values = {"hit": scale * self._after_hit(total, soft, cards, doubled)}
        if total >= STAND_MINIMUM:
            values["stand"] = scale * self.stand_value(total)
        if not doubled and self.rules.double_deals_card:
            values["double"] = 2 * self._after_hit(total, soft, cards, True)
        elif not doubled:
            values["double"] = 2 * self.best(soft, total, cards, True)
        return values

    @functools.cache  # noqa: B019 (one Casino per rule set, kept for the process)
    def best(self, soft: bool, total: int, cards: int, doubled: bool) -> float:
        """The value per stake (current stake, unit) of a hand played as well as possible."""
        scale = 2.0 if doubled else 1.0
        return max(self.choices(soft, total, cards, doubled).values()) / scale

    def two_card_value(self, first: int, second: int) -> float:
        """A hand's value from its first two cards, without a split option (C8: a pontoon)."""
        if {first, second} == {1, 10}:
            return 2.0
        soft, total = two_cards(first, second)
        return self.best(soft, total, 2, False)

    @functools.cache  # noqa: B019
    def split_hands(self, pair: int, waiting: int, splits_left: int) -> float:
        """``F(waiting, splits_left)``: hands holding one ``pair`` card each, to be played."""
        if waiting == 0:
            return 0.0
        value = 0.0
        for card, p in self.p.items():
            play = self.two_card_value(pair, card) + self.split_hands(
                pair, waiting - 1, splits_left
            )
            if card == pair and splits_left > 0:
                play = max(play, self.split_hands(pair, waiting + 1, splits_left - 1))
            value += p * play
        return value

    def split_value(self, pair: int, hands: int) -> float:
        """Splitting a pair when the player has ``hands`` hands (this one included), per stake."""
        return self.split_hands(pair, 2, self.rules.max_hands - hands - 1)

    def may_split(self) -> bool:
        return self.rules.max_hands > 1

    def pair_total(self, pair: int) -> tuple[bool, int]:
        return (True, 12) if pair == 1 else (False, 2 * pair)

    def should_split(self, pair: int, hands: int) -> bool:
        soft, total = self.pair_total(pair)
        return self.may_split() and self.split_value(pair, hands) > self.best(soft, total, 2, False)

    def initial_value(self) -> float:
        """A seat's expected net per initial stake over a whole round, the optimal table."""
        value = 0.0
        for first, p1 in self.p.items():
            for second, p2 in self.p.items():
                v = self.two_card_value(first, second)
                if first == second and self.may_split():
                    v = max(v, self.split_value(first, 1))
                value += p1 * p2 * v
        return -self.p_dealer_pontoon + (1 - self.p_dealer_pontoon) * value

    def edge(self) -> float:
        """The house edge per initial stake against the optimal (`basic`) player."""
        return -self.initial_value()

    # -- a fixed policy: dealer-mimic -------------------------------------------------------------

    @functools.cache  # noqa: B019
    def mimic(self, soft: bool, total: int, cards: int) -> float:
        """`dealer-mimic`: hit below 17 (soft or hard), stand otherwise; no double, no split."""
        if total >= 17:
            return self.stand_value(total)
        value = 0.0
        for card, p in self.p.items():
            low, new_total, new_soft = add_card(total, soft, card)
            if low > 21:
                value -= p
            elif cards + 1 == MAX_CARDS:
                value += p * self.five_value
            else:
                value += p * self.mimic(new_soft, new_total, cards + 1)
        return value

    def mimic_initial_value(self) -> float:
        value = 0.0
        for first, p1 in self.p.items():
            for second, p2 in self.p.items():
                if {first, second} == {1, 10}:
                    value += p1 * p2 * 2.0
                else:
                    soft, total = two_cards(first, second)
                    value += p1 * p2 * self.mimic(soft, total, 2)
        return -self.p_dealer_pontoon + (1 - self.p_dealer_pontoon) * value


@functools.cache
def solved(rules: CasinoRules) -> Casino:
    """The calculation for ``rules``, made once per process."""
    return Casino(rules)


def exact_edge(dealer_hits_soft_17: bool = True, split_hands: int = 3) -> float:
    """The exact infinite-deck house edge per initial stake against `basic` (the optimal table):
    what ``pontoon simulate`` with an infinite shoe must agree with."""
    return solved(CasinoRules(dealer_hits_soft_17, split_hands)).edge()


# -- the situations a player can meet ------------------------------------------------------------


def decision_states() -> list[tuple[bool, int, int]]:
    """Every (soft, total, cards) a decision is asked in, or could be: hard 4-20, soft 12-21, in
    two to four cards (some cannot be reached: see :func:`reachable_states`)."""
    states = []
    for cards in (2, 3, 4):
        states += [(False, total, cards) for total in range(4, 21)]
        states += [(True, total, cards) for total in range(12, 22)]
    return states


@functools.cache
def reachable_states() -> frozenset[tuple[bool, int, int]]:
    """The (soft, total, cards) a player can hold with a decision to take."""
    seen: set[tuple[bool, int, int]] = set()
    frontier: list[tuple[bool, int, int]] = []
    for first in range(1, 11):
        for second in range(first, 11):
            if {first, second} != {1, 10}:
                soft, total = two_cards(first, second)
                frontier.append((soft, total, 2))
    while frontier:
        soft, total, cards = frontier.pop()
        if (soft, total, cards) in seen:
            continue
        seen.add((soft, total, cards))
        for card in range(1, 11):
            low, new_total, new_soft = add_card(total, soft, card)
            if low <= 21 and cards + 1 < MAX_CARDS and (new_soft or new_total < 21):
                frontier.append((new_soft, new_total, cards + 1))
    return frozenset(seen)


def _order(values: dict[str, float]) -> list[str]:
    """The choices best first (ties in the order hit, stand, double, split)."""
    return sorted(values, key=lambda a: (-values[a], ACTIONS.index(a)))


def command(rules: CasinoRules) -> str:
    """The command line that writes the data file for ``rules``."""
    if not rules.double_deals_card:  # not a rule setting: the tool's check of the other reading
        flags = " --stand-soft-17" if not rules.dealer_hits_soft_17 else ""
        return f"python tools/casino_exact.py{flags} --double-deals-no-card --write FILE"
    flags = "" if rules.dealer_hits_soft_17 else " --set dealer_hits_soft_17=false"
    flags += "" if rules.max_hands == 3 else f" --set split_hands={rules.max_hands}"
    return f"pontoon strategy --rules casino{flags} --write pontoon_cli/casino/basic.json"


def table(rules: CasinoRules) -> dict[str, Any]:
    """The data file's content: header, the dealer's outcomes, the table with every value."""
    game = solved(rules)
    rnd = functools.partial(round, ndigits=DECIMALS)
    play: dict[str, Any] = {}
    doubled: dict[str, Any] = {}
    for soft, total, cards in decision_states():
        for target, is_doubled in ((play, False), (doubled, True)):
            values = game.choices(soft, total, cards, is_doubled)
            target[state_name(soft, total, cards)] = {
                "order": _order(values),
                "ev": {a: rnd(v) for a, v in values.items()},
            }
    pairs: dict[str, Any] = {}
    last = max(1, rules.max_hands - 1)
    for pair in range(1, 11):
        soft, total = game.pair_total(pair)
        first_split, last_split = game.should_split(pair, 1), game.should_split(pair, last)
        if first_split != last_split:  # never seen; decide() would need the hand count
            raise AssertionError(f"pair {pair}: split decision depends on the hand count")
        pairs[str(pair)] = {
            "split": first_split,
            "ev_split_first": rnd(game.split_value(pair, 1)) if game.may_split() else None,
            "ev_split_last": rnd(game.split_value(pair, last)) if game.may_split() else None,
            "ev_no_split": rnd(game.best(soft, total, 2, False)),
        }
    return {
        "format": FORMAT,
        "method": METHOD,
        "command": command(rules),
        "rules": {
            "preset": "casino",
            "dealer_hits_soft_17": rules.dealer_hits_soft_17,
            "max_hands": rules.max_hands,
            "stand_minimum": STAND_MINIMUM,
            "deck": "infinite",
            "payouts": "pontoon 2:1, five card trick 2:1, other wins 1:1, ties to the dealer",
            "double_deals_card": rules.double_deals_card,
            "double": "once per hand on 2-4 cards, adds the initial stake, "
            + (
                "deals exactly one card, then play goes on (hit or stand as usual; a double on "
                "four cards deals the fifth, which ends the hand)"
                if rules.double_deals_card
                else "deals no card, play goes on (the literal C7 reading, which C12 rules out)"
            ),
        },
        "edge": {"basic": rnd(game.edge()), "dealer-mimic": rnd(-game.mimic_initial_value())},
        "dealer": {
            "pontoon": rnd(game.p_dealer_pontoon),
            "given_no_pontoon": {k: rnd(v) for k, v in game.dealer.items()},
        },
        "values": "per initial stake, from the decision on, the dealer known to hold no pontoon",
        "play": play,
        "doubled": doubled,
        "pairs": pairs,
    }


def dumps(data: dict[str, Any]) -> str:
    """The data file's text: JSON, two-space indent, one state per line under play/doubled."""
    lines = ["{"]
    items = list(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key in ("play", "doubled", "pairs") and isinstance(value, dict):
            lines.append(f"  {json.dumps(key)}: {{")
            inner = list(value.items())
            for j, (name, row) in enumerate(inner):
                inner_comma = "," if j < len(inner) - 1 else ""
                lines.append(f"    {json.dumps(name)}: {json.dumps(row)}{inner_comma}")
            lines.append(f"  }}{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}{comma}")
    return "\n".join([*lines, "}"]) + "\n"
