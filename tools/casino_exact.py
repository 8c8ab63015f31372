"""Casino Pontoon (docs/rules.md C1–C11) by exact expected-value recursion, infinite deck.

The `basic` strategy table that ``pontoon_cli/casino_basic.json`` ships is this script's output::

    python tools/casino_exact.py --write pontoon_cli/casino_basic.json

What it assumes:

- **Infinite deck**: every card is drawn independently of every other, a ten-card with probability
  4/13 and each other rank (ace, 2–9) with 1/13. (The game uses eight decks, C1; the difference
  is small but not nil: ``tools/casino_reference_sim.py --decks 8`` measures the finite shoe.)
- **The player's information**: his own cards, the number of hands he has, whether the hand is
  doubled, and that the dealer has no pontoon (C5: the dealer checks first and takes every stake,
  so no decision is ever taken facing a dealer pontoon). He sees no dealer card (C4).
- **Values are per initial stake** ``s`` of the hand, from the point of decision to settlement,
  the dealer's pontoon already ruled out.
- **Settlement** (C2, C10, C11, T2): a player bust loses at once; a player pontoon (two cards, an
  ace and a ten-card, in an original or a split hand: C8) wins 2:1; a player five card trick (five
  cards, not bust, whatever the total, 21 included) wins 2:1 unless the dealer has a five card
  trick; any other standing hand loses to a dealer five card trick, wins 1:1 on a dealer bust, and
  otherwise wins 1:1 only with a higher total than the dealer's (ties to the dealer). A 21 in
  three or four cards is just 21. A doubled hand stakes ``2s`` and is paid at the same rates.
- **The player** (C6, C7): hits while his lowest total is under 21 and he has fewer than five
  cards (a soft 21 may be hit); stands only on 15 or more; a pontoon, a fifth card, a hard 21 and
  a bust end the hand by themselves. Doubling, once per hand on two, three or four cards, adds
  ``s`` and deals exactly one card; play then goes on as usual (hit or stand; a double on four
  cards deals the fifth, so that hand ends by itself). This is C7 as the project reads it ("he may
  go on hitting afterwards": after the double's card), and the published casino game's rule. A
  pair is split only as the hand's first action (not after a double).
  ``--double-deals-no-card`` computes the contrary, literal reading (a double adds ``s`` and deals
  nothing, play goes on), which C12 rules out: it doubles, at no risk, every hand already worth
  more than its stake, and gives the *player* an edge of 7.88% (README, "Casino: the basic
  strategy table").
- **Splits** (C8, up to ``max_hands`` = 3 hands): each split hand gets its second card when it is
  played, and hands are played one after another. In an infinite deck hands are independent but
  for the cap, and expected values add up, so the split value is exact for this order:
  ``F(k, n)``, the value of ``k`` hands each holding one card of the pair and waiting for its
  second card, with ``n`` splits left, is the expectation over the next second card ``c`` of
  ``F(k + 1, n - 1)`` (resplit) or ``W(c) + F(k - 1, n)`` (play it), the better of the two, where
  ``W(c)`` is the hand's value without a split option. The only approximation is that a player
  who splits does not see a later hand's second card before deciding on an earlier one.
- **Dealer** (C9): hits 16 or less and soft 17 (``dealer_hits_soft_17``, default; ``False``:
  stands on soft 17), stands on hard 17+ and soft 18+, stops at five cards (a five-card hand not
  bust is a five card trick).

Edges are the dealer's expected gain per initial stake of a seat's round, dealer pontoons (which
take the stake, the player's pontoon included) counted.

Run ``python tools/casino_exact.py --help``. Only the standard library is used.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from dataclasses import dataclass
from typing import Any

RANK_PROBABILITY: dict[int, float] = {v: (4 / 13 if v == 10 else 1 / 13) for v in range(1, 11)}
ACTIONS = ("hit", "stand", "double", "split")
STAND_MINIMUM = 15  # C6
MAX_CARDS = 5  # C6, C9: the five card trick ends a hand
DEALER_OUTCOMES = ("bust", "17", "18", "19", "20", "21", "five card trick")
FORMAT = "pontoon-casino-basic/1"
DECIMALS = 6  # EVs written to the data file are rounded to this many places


def add_card(total: int, soft: bool, card: int) -> tuple[int, int, bool]:
    """(lowest total, best total, soft) after adding ``card`` (1 for an ace) to a hand (T1.2)."""
    low = (total - 10 if soft else total) + card
    has_ace = soft or card == 1
    if has_ace and low + 10 <= 21:
        return low, low + 10, True
    return low, low, False


def state_name(soft: bool, total: int, cards: int) -> str:
    """The table's key of a player situation: ``"hard 12 2"`` (hard 12 in two cards)."""
    return f"{'soft' if soft else 'hard'} {total} {cards}"


@dataclass(frozen=True)
class Rules:
    """The casino settings the calculation depends on."""

    dealer_hits_soft_17: bool = True  # C9
    max_hands: int = 3  # C8
    # C7 as this project reads it: a double deals exactly one card, then play goes on (True).
    # False: the contrary, literal reading (no card), which C12 rules out (module docstring).
    double_deals_card: bool = True


class Casino:
    """The exact infinite-deck values of casino Pontoon under ``rules`` (module docstring)."""

    def __init__(self, rules: Rules) -> None:
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
            elif total >= 18 or (total == 17 and not (soft and self.rules.dealer_hits_soft_17)):
                out[str(total)] += prob
            else:
                for card, p in self.p.items():
                    play(*add_card(total, soft, card), cards + 1, prob * p)

        no_pontoon = 1 - 2 * self.p[1] * self.p[10]
        for first, p1 in self.p.items():
            for second, p2 in self.p.items():
                if {first, second} == {1, 10}:
                    continue  # a dealer pontoon (C5): the player never plays against it
                _, total, soft = add_card(*add_card(0, False, first)[1:], second)
                play(total - 10 if soft else total, total, soft, 2, p1 * p2 / no_pontoon)
        return out

    def stand_value(self, total: int) -> float:
        """A standing hand of ``total`` (2–4 cards, not a pontoon), per stake (C2, C10, C11)."""
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
                value -= p  # bust (T5.6: lost at once)
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
        _, total, soft = add_card(*add_card(0, False, first)[1:], second)
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

    def pair_total(self, pair: int) -> tuple[bool, int]:
        return (True, 12) if pair == 1 else (False, 2 * pair)

    def should_split(self, pair: int, hands: int) -> bool:
        soft, total = self.pair_total(pair)
        return self.split_value(pair, hands) > self.best(soft, total, 2, False)

    def initial_value(self) -> float:
        """A seat's expected net per initial stake over a whole round, the optimal table."""
        value = 0.0
        for first, p1 in self.p.items():
            for second, p2 in self.p.items():
                v = self.two_card_value(first, second)
                if first == second:
                    v = max(v, self.split_value(first, 1))
                value += p1 * p2 * v
        return -self.p_dealer_pontoon + (1 - self.p_dealer_pontoon) * value

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
                    _, total, soft = add_card(*add_card(0, False, first)[1:], second)
                    value += p1 * p2 * self.mimic(soft, total, 2)
        return -self.p_dealer_pontoon + (1 - self.p_dealer_pontoon) * value


# -- the situations a player can meet ------------------------------------------------------------


def decision_states() -> list[tuple[bool, int, int]]:
    """Every (soft, total, cards) a decision is asked in, or could be: hard 4–20, soft 12–21, in
    two to four cards (hard 21 ends a hand by itself; some of these cannot be reached: see
    :func:`reachable_states`)."""
    states = []
    for cards in (2, 3, 4):
        states += [(False, total, cards) for total in range(4, 21)]
        states += [(True, total, cards) for total in range(12, 22)]
    return states


def reachable_states() -> set[tuple[bool, int, int]]:
    """The (soft, total, cards) a player can hold with a decision to take."""
    seen: set[tuple[bool, int, int]] = set()
    frontier: list[tuple[bool, int, int]] = []
    for first in range(1, 11):
        for second in range(first, 11):
            if {first, second} != {1, 10}:
                _, total, soft = add_card(*add_card(0, False, first)[1:], second)
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
    return seen


def _order(values: dict[str, float]) -> list[str]:
    """The choices best first (ties in the order hit, stand, double, split)."""
    return sorted(values, key=lambda a: (-values[a], ACTIONS.index(a)))


def table(rules: Rules) -> dict[str, Any]:
    """The data file's content: header, the dealer's outcomes, the table with every value."""
    game = Casino(rules)
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
    for pair in range(1, 11):
        soft, total = game.pair_total(pair)
        first, last = game.should_split(pair, 1), game.should_split(pair, rules.max_hands - 1)
        if first != last:  # never seen; the table would need the hand count (decide() has not)
            raise AssertionError(f"pair {pair}: split decision depends on the hand count")
        pairs[str(pair)] = {
            "split": first,
            "ev_split_first": rnd(game.split_value(pair, 1)),
            "ev_split_last": rnd(game.split_value(pair, rules.max_hands - 1)),
            "ev_no_split": rnd(game.best(soft, total, 2, False)),
        }
    return {
        "format": FORMAT,
        "method": "exact expected-value recursion, infinite deck (each card independent: "
        "ten-card 4/13, every other rank 1/13); splits exact but for the order of play: each "
        "split hand gets its second card when it is played (tools/casino_exact.py docstring)",
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
        "edge": {
            "basic": rnd(-game.initial_value()),
            "dealer-mimic": rnd(-game.mimic_initial_value()),
        },
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


LETTER = {"hit": "H", "stand": "S", "double": "D", "split": "P"}


def render(data: dict[str, Any]) -> str:
    """The table as plain text: a row per hand, a column per number of cards."""
    reachable = reachable_states()

    # A double that deals a card leaves a doubled hand three cards at least.
    fewest_doubled = 3 if data["rules"]["double_deals_card"] else 2

    def cells(source: dict[str, Any], soft: bool, total: int) -> str:
        fewest = fewest_doubled if source is data["doubled"] else 2
        return " ".join(
            LETTER[source[state_name(soft, total, n)]["order"][0]]
            if (soft, total, n) in reachable and n >= fewest
            else "-"
            for n in (2, 3, 4)
        )

    out = [
        "H hit, S stand, D double, P split, - cannot occur; columns: two, three, four cards",
        "",
        "hand     2 3 4   doubled 2 3 4",
    ]
    for soft, totals in ((False, range(4, 21)), (True, range(12, 22))):
        for total in totals:
            hand = f"{'soft' if soft else 'hard'} {total}"
            out.append(
                f"{hand:<8} {cells(data['play'], soft, total)}"
                f"           {cells(data['doubled'], soft, total)}"
            )
    names = {"1": "A", "10": "T"}
    split = [names.get(p, p) for p, row in data["pairs"].items() if row["split"]]
    out += [
        "",
        "split pairs: " + (" ".join(split) or "none") + " (at any hand count up to the cap)",
    ]
    edge = data["edge"]
    out += [
        "",
        f"house edge, basic:        {100 * edge['basic']:+.4f}% of the initial stake",
        f"house edge, dealer-mimic: {100 * edge['dealer-mimic']:+.4f}% of the initial stake",
    ]
    return "\n".join(out) + "\n"


def command(rules: Rules) -> str:
    """The command line that writes the data file for ``rules``."""
    flags = "" if rules.dealer_hits_soft_17 else " --stand-soft-17"
    flags += "" if rules.double_deals_card else " --double-deals-no-card"
    return f"python tools/casino_exact.py{flags} --write pontoon_cli/casino_basic.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--stand-soft-17", action="store_true", help="dealer stands on soft 17")
    parser.add_argument(
        "--double-deals-no-card",
        action="store_true",
        help="a double deals no card, play goes on: the literal C7 reading C12 rules out "
        "(the player's edge is 7.88%%)",
    )
    parser.add_argument("--write", metavar="FILE", help="write the table as JSON to FILE")
    parser.add_argument("--json", action="store_true", help="print the JSON instead of the table")
    args = parser.parse_args(argv)
    rules = Rules(
        dealer_hits_soft_17=not args.stand_soft_17, double_deals_card=not args.double_deals_no_card
    )
    data = table(rules)
    text = dumps(data)
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(text)
    sys.stdout.write(text if args.json else render(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
