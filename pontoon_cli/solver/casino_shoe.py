"""Casino Pontoon (C1-C11) on a finite shoe: the exact expected value of a policy, one seat.

``pontoon strategy --rules casino --decks N`` prints this module's figures. The shoe is ``N``
52-card decks shuffled before the round (C1, ``shuffle_every = 1``), one seat against the dealer:
what ``pontoon simulate --rules casino --players 1 --strategy basic --set decks=N`` measures.

The method (docs/explanation/strategy.md says the same):

- **Composition-dependent**: every card dealt leaves the shoe, the player's and the dealer's, so
  the dealer's outcomes depend on the player's cards. The shoe is a count per value (ace, 2-9,
  and the ten-cards as one value with four times the count); every value the recursion needs is
  memoised on those counts.
- **The order of the deal does not matter**: the player's policy looks only at his own cards
  (C4: both dealer cards face down), so the round's cards are exchangeable: the value is the same
  if the player draws his hand first and the dealer his two cards and his hits after it. So the
  player's hand is enumerated from the full shoe, and at its end the dealer's outcomes (his
  pontoon among them) are computed exactly from what is left. A dealer pontoon (C5) takes the
  initial stake before anyone plays: the round's value is ``-P(pontoon)`` plus the sum over the
  player's hands of their settlement on the event that the dealer has no pontoon.
- **Splits (C8) are exact for a given policy** (``basic``, ``dealer-mimic``): the engine deals
  both split hands their second card at once and plays them in turn, but a policy that looks only
  at the hand in play makes the order irrelevant again: a hand's settlement is worth the same
  against a dealer drawing right after it, whatever hands are played between (the cards after a
  stopping rule are distributed as the first ones), and a card taken unseen changes nothing, so
  ``F(k, n, shoe)``, ``k`` hands of one pair card each with ``n`` splits left, needs only a term
  for the pair's own card (:meth:`Shoed.split_hands`). A brute-force enumeration of whole rounds
  in the engine's order agrees to 1e-15 (``tests/strategy/test_strategy_finite.py``).
- **The policies**: ``basic`` is the shipped table (``casino/basic.json``, the infinite-deck
  optimum: what ``play`` and ``simulate`` use), asked as the engine asks it; ``dealer-mimic`` hits
  below 17 and never doubles or splits. ``optimal`` is the best decision for the player's every
  composition of cards on this shoe (he sees only his own cards, C4). **Its split hands are
  approximate**: each is decided on its own cards and the pair's, not on the other split hands'
  cards, which a player sees (the same identity, applied to a policy that changes with the
  cards); two ways of leaving them out differ by 9e-7 at one deck. ``table``, one choice per
  situation for this shoe like the infinite-deck table, is
  :mod:`pontoon_cli.solver.casino_shoe_table`'s (its edge exact).

Pure Python, standard library only; not compiled (``_build``: the ``strategy_`` prefix). One
policy on one shoe takes one or two seconds (docs/explanation/strategy.md gives the times).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from pontoon_cli.solver.casino import STAND_MINIMUM, CasinoRules, add_card, dealer_stands

VALUES: Final = 10  # card values 1 (ace) to 10 (every ten-card): index value - 1
MAX_CARDS: Final = 5  # C6, C9
OUTCOMES: Final = ("bust", "17", "18", "19", "20", "21", "five card trick")
BUST: Final = 0
TRICK: Final = 6
FORMAT: Final = "pontoon-casino-shoe/1"
DECIMALS: Final = 6
METHOD: Final = (
    "exact expected values on a finite shoe, composition-dependent: every card dealt (the "
    "player's and the dealer's) leaves the shoe; one seat, a fresh shoe each round; splits exact "
    "for basic and dealer-mimic; the best play's split hands are decided without the other split "
    "hands' cards, an approximation (pontoon_cli/solver/casino_shoe.py docstring)"
)

Shoe = tuple[int, ...]
#: A policy: (soft, total, cards, doubled) -> "hit", "stand" or "double"; and pair -> split?
Action = Callable[[bool, int, int, bool], str]


def full_shoe(decks: int) -> Shoe:
    """``decks`` 52-card decks by value: four of each of ace-9, sixteen ten-cards a deck (C1)."""
    return (4 * decks,) * 9 + (16 * decks,)


def take(shoe: Shoe, value: int) -> Shoe:
    """The shoe less one card of ``value`` (1-10)."""
    i = value - 1
    return (*shoe[:i], shoe[i] - 1, *shoe[i + 1 :])


# -- the dealer (C5, C9), from what is left of the shoe -------------------------------------------


class _DealerGraph:
    """Every dealer hand that draws, as the multiset of its cards (its order does not change the
    chance of the next card), and where each card takes it: built once per rule."""

    def __init__(self, hits_soft_17: bool) -> None:
        self.hits_soft_17 = hits_soft_17
        index: dict[Shoe, int] = {}
        # per drawing node: (cards held, moves to drawing nodes, moves to an outcome): a move
        # (value index, count of that value held, the node it leads to); an outcome's (values
        # lo to hi - 1 as indexes, the count of those held, the outcome they lead to)
        self.nodes: list[
            tuple[int, list[tuple[int, int, int]], list[tuple[int, int, int, int]]]
        ] = []
        self.starts: list[tuple[int, int, int]] = []  # (value a, value b, target), a <= b
        pending: list[tuple[Shoe, int, int, bool]] = []

        def target(held: Shoe, cards: int, low: int, total: int, soft: bool) -> int:
            if low > 21:
                return -1 - BUST
            if cards == MAX_CARDS:
                return -1 - TRICK
            if dealer_stands(total, soft, hits_soft_17):
                return -1 - OUTCOMES.index(str(total))
            if held not in index:
                index[held] = len(index)
                self.nodes.append((cards, [], []))
                pending.append((held, cards, total, soft))
            return index[held]

        for a in range(1, VALUES + 1):
            for b in range(a, VALUES + 1):
                if (a, b) == (1, 10):
                    continue  # his pontoon (C5): counted apart
                low, total, soft = add_card(*add_card(0, False, a)[1:], b)
                held = take(take((0,) * VALUES, a), b)
                held = tuple(-n for n in held)
                self.starts.append((a - 1, b - 1, target(held, 2, low, total, soft)))
        done = 0
        while done < len(pending):  # breadth first: a node's sources come before it
            held, cards, total, soft = pending[done]
            _, moves, ends = self.nodes[index[held]]
            for v in range(1, VALUES + 1):
                low2, total2, soft2 = add_card(total, soft, v)
                after = (*held[: v - 1], held[v - 1] + 1, *held[v:])
                to = target(after, cards + 1, low2, total2, soft2)
                if to >= 0:
                    moves.append((v - 1, held[v - 1], to))
                elif ends and ends[-1][3] == -1 - to and ends[-1][1] == v - 1:
                    lo, _, before, outcome = ends.pop()  # the next value to the same outcome
                    ends.append((lo, v, before + held[v - 1], outcome))
                else:
                    ends.append((v - 1, v, held[v - 1], -1 - to))
            done += 1

    def outcomes(self, shoe: Shoe) -> tuple[float, list[float]]:
        """(his pontoon's chance, each outcome's chance AND no pontoon) from ``shoe`` (C5, C9)."""
        left = sum(shoe)
        out = [0.0] * len(OUTCOMES)
        prob = [0.0] * len(self.nodes)
        two = left * (left - 1)
        below = [0] * (VALUES + 1)  # below[k]: the cards of value indexes under k
        for k, n in enumerate(shoe):
            below[k + 1] = below[k] + n
        for a, b, to in self.starts:
            p = shoe[a] * (shoe[b] - 1) / two if a == b else 2 * shoe[a] * shoe[b] / two
            if to >= 0:
                prob[to] += p
            else:
                out[-1 - to] += p
        for i, (cards, moves, ends) in enumerate(self.nodes):
            p = prob[i]
            if p == 0.0:
                continue  # a node holding more of a value than the shoe has is never reached
            p /= left - cards
            for v, held, to in moves:
                prob[to] += p * (shoe[v] - held)
            for lo, hi, held, to in ends:
                out[to] += p * (below[hi] - below[lo] - held)
        return 2 * shoe[0] * shoe[9] / two, out


_GRAPHS: Final[dict[bool, _DealerGraph]] = {}


def dealer_graph(hits_soft_17: bool) -> _DealerGraph:
    graph = _GRAPHS.get(hits_soft_17)
    if graph is None:
        graph = _GRAPHS[hits_soft_17] = _DealerGraph(hits_soft_17)
    return graph


# -- the player -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Policy:
    """A player's play: ``act`` for a hand (not a split), ``split`` for a pair; None: the best."""

    name: str
    act: Action | None
    split: Callable[[int], bool] | None


def basic_policy(table: Any = None) -> Policy:
    """The `basic` table (:class:`pontoon_cli.casino.basic.BasicTable`; the shipped one when
    None), asked as the engine's ``Basic`` asks it: the double allowed (a seat's balance never
    stops it in a simulation), the split as the table says while the cap allows (C8)."""
    from pontoon_cli.casino import basic as casino_basic

    chosen = casino_basic.shipped() if table is None else table

    def act(soft: bool, total: int, cards: int, doubled: bool) -> str:
        return str(chosen.decide(soft, total, cards, None, doubled, False, True))

    return Policy("basic", act, lambda pair: bool(chosen.split[pair]))


def _mimic(soft: bool, total: int, cards: int, doubled: bool) -> str:
    return "hit" if total < 17 else "stand"


MIMIC: Final = Policy("dealer-mimic", _mimic, lambda pair: False)
OPTIMAL: Final = Policy("optimal", None, None)


class Shoed:
    """The values of casino Pontoon on ``shoe`` (value counts) under ``rules`` (module docstring).

    Values are per initial stake of the hand, the dealer's pontoon counted in (the chance of each
    dealer outcome is taken jointly with his having none)."""

    def __init__(
        self,
        shoe: Shoe,
        rules: CasinoRules,
        policy: Policy,
        dealer: dict[Shoe, tuple[float, list[float]]] | None = None,
    ) -> None:
        """``dealer``: the dealer's outcomes already worked out for these rules (shared by the
        policies of one shoe: the same remaining shoes recur)."""
        if len(shoe) != VALUES or min(shoe) < 0 or sum(shoe) < 2 * MAX_CARDS:
            raise ValueError(f"a shoe is {VALUES} counts, ace to ten-cards, 10 cards or more")
        self.shoe = shoe
        self.rules = rules
        self.policy = policy
        self.graph = dealer_graph(rules.dealer_hits_soft_17)
        self._dealer: dict[Shoe, tuple[float, list[float]]] = {} if dealer is None else dealer
        self._play: dict[tuple[Shoe, int, bool, int, bool], float] = {}
        self._split: dict[tuple[Shoe, int, int, int], float] = {}

    def dealer(self, shoe: Shoe) -> tuple[float, list[float]]:
        """(pontoon, [outcome and no pontoon]) of the dealer drawing from ``shoe``."""
        found = self._dealer.get(shoe)
        if found is None:
            found = self._dealer[shoe] = self.graph.outcomes(shoe)
        return found

    def stand(self, shoe: Shoe, total: int) -> float:
        """A standing hand of ``total`` (2-4 cards, not a pontoon), per stake (C2, C10, C11)."""
        out = self.dealer(shoe)[1]
        value = out[BUST] - out[TRICK]
        for i in range(1, 6):
            value += out[i] if total > 16 + i else -out[i]
        return value

    @staticmethod
    def no_pontoon(shoe: Shoe) -> float:
        """The chance that the dealer's two cards from ``shoe`` are not an ace and a ten (C5)."""
        left = sum(shoe)
        return 1.0 - 2 * shoe[0] * shoe[9] / (left * (left - 1))

    def trick(self, shoe: Shoe) -> float:
        """A player's five card trick: 2:1 unless the dealer has one (C10, C11, C2)."""
        out = self.dealer(shoe)[1]
        return 2 * (self.no_pontoon(shoe) - out[TRICK]) - out[TRICK]

    def hit(self, shoe: Shoe, total: int, soft: bool, cards: int, doubled: bool) -> float:
        """One card drawn, then the policy's play; per current stake."""
        left = sum(shoe)
        value = 0.0
        for i, n in enumerate(shoe):
            if n == 0:
                continue
            after = (*shoe[:i], n - 1, *shoe[i + 1 :])
            low, total2, soft2 = add_card(total, soft, i + 1)
            if low > 21:
                value -= n * self.no_pontoon(after)  # bust: lost at once (C6)
            elif cards + 1 == MAX_CARDS:
                value += n * self.trick(after)  # five card trick, 21 included (T2.2)
            elif total2 == 21 and not soft2:
                value += n * self.stand(after, 21)  # a hard 21 ends the hand (C6)
            else:
                value += n * self.play(after, total2, soft2, cards + 1, doubled)
        return value / left

    def choices(
        self, shoe: Shoe, total: int, soft: bool, cards: int, doubled: bool
    ) -> dict[str, float]:
        """Each legal choice's value (not split), per current stake, the rest by the policy."""
        values = {"hit": self.hit(shoe, total, soft, cards, doubled)}
        if total >= STAND_MINIMUM:
            values["stand"] = self.stand(shoe, total)
        if not doubled:
            values["double"] = 2 * self.hit(shoe, total, soft, cards, True)  # C7: one card
        return values

    def play(self, shoe: Shoe, total: int, soft: bool, cards: int, doubled: bool) -> float:
        """A hand of ``total`` in ``cards`` cards, ``shoe`` left: per current stake."""
        key = (shoe, total, soft, cards, doubled)
        found = self._play.get(key)
        if found is not None:
            return found
        act = self.policy.act
        if act is None:
            value = max(self.choices(shoe, total, soft, cards, doubled).values())
        else:
            action = act(soft, total, cards, doubled)
            if action == "stand":
                value = self.stand(shoe, total)
            elif action == "double" and not doubled:
                value = 2 * self.hit(shoe, total, soft, cards, True)
            else:
                value = self.hit(shoe, total, soft, cards, doubled)
        self._play[key] = value
        return value

    def two_cards(self, shoe: Shoe, first: int, second: int) -> float:
        """A hand from its first two cards (``shoe`` without them), no split (C8: a pontoon)."""
        if {first, second} == {1, 10}:
            return 2 * self.no_pontoon(shoe)  # C10, C8: a split hand's too
        _, total, soft = add_card(*add_card(0, False, first)[1:], second)
        return self.play(shoe, total, soft, 2, False)

    def splits(self, pair: int) -> bool:
        return self.policy.split is not None and self.policy.split(pair)

    def split_hands(self, shoe: Shoe, pair: int, waiting: int, splits_left: int) -> float:
        """``F(waiting, splits_left, shoe)``: hands holding one ``pair`` card each, to be played
        from ``shoe`` (every pair card out of it), each getting its second card in turn (C8).

        Exact, by the deal's exchangeability (module docstring): a hand's value is its settlement
        against a dealer drawing right after it, ``W``, whatever hands come between; and the
        hands after one that got a card ``c`` are ``F(waiting - 1, splits_left, shoe - c)``,
        whose average over every ``c`` is ``F(waiting - 1, splits_left, shoe)`` (a card taken
        unseen changes nothing). So only the pair's own card, which may split again, needs its
        own term."""
        if waiting == 0:
            return 0.0
        key = (shoe, pair, waiting, splits_left)
        found = self._split.get(key)
        if found is not None:
            return found
        left = sum(shoe)
        value = 0.0
        for i, n in enumerate(shoe):
            if n:
                value += n * self.two_cards((*shoe[:i], n - 1, *shoe[i + 1 :]), pair, i + 1)
        value = value / left + self.split_hands(shoe, pair, waiting - 1, splits_left)
        n = shoe[pair - 1]
        if splits_left > 0 and n > 0:  # the pair's card: split again, or play the hand
            after = take(shoe, pair)
            play = self.two_cards(after, pair, pair) + self.split_hands(
                after, pair, waiting - 1, splits_left
            )
            again = self.split_hands(after, pair, waiting + 1, splits_left - 1)
            chosen = max(play, again) if self.policy.act is None else again
            value += n / left * (chosen - play)
        self._split[key] = value
        return value

    def pair(self, shoe: Shoe, pair: int) -> float:
        """Two cards of ``pair`` dealt (``shoe`` without them): split or played (C8)."""
        plain = self.two_cards(shoe, pair, pair)
        if self.rules.max_hands < 2:
            return plain
        split = self.split_hands(shoe, pair, 2, self.rules.max_hands - 2)
        if self.policy.act is None:
            return max(plain, split)
        return split if self.splits(pair) else plain

    def round_value(self) -> float:
        """A seat's expected net per initial stake over a whole round (C5: the dealer's pontoon
        takes the stake first)."""
        shoe = self.shoe
        left = sum(shoe)
        value = -self.dealer(shoe)[0]
        for i, n in enumerate(shoe):
            if n == 0:
                continue
            once = (*shoe[:i], n - 1, *shoe[i + 1 :])
            for j, m in enumerate(once):
                if m == 0:
                    continue
                twice = (*once[:j], m - 1, *once[j + 1 :])
                p = n * m / (left * (left - 1))
                if i == j:
                    value += p * self.pair(twice, i + 1)
                else:
                    value += p * self.two_cards(twice, i + 1, j + 1)
        return value

    def edge(self) -> float:
        """The house edge per initial stake against the policy on this shoe."""
        return -self.round_value()
