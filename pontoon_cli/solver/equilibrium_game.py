"""The heads-up traditional game as the equilibrium solver sees it: states, moves and payments.

Shared by the solver (:mod:`pontoon_cli.solver.equilibrium`) and its independent check
(:mod:`pontoon_cli.solver.equilibrium_check`): what a public history is, what each side may do
and what each ending pays, and the readable names of the information sets (the keys of the
strategies). The model and what it approximates are in the solver's docstring.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from pontoon_cli.solver.casino import RANK_PROBABILITY, add_card, two_cards
from pontoon_cli.solver.traditional import TraditionalRules
from pontoon_cli.traditional import equilibrium as names

MAX_CARDS: Final = 5  # T5.7, T6.2
THIRD_CARD_MOST: Final = 2  # T5.3: the third card costs s to 2s
STICK: Final = "stick"
TWIST: Final = "twist"
STAY: Final = "stay"
DRAW: Final = "draw"
FIVE: Final = "five"  # the punter's class of a five card trick (T2.2)
#: The chance of the banker's pontoon (T4.4): an ace and a ten-card, either order.
P_PONTOON: Final = 2 * RANK_PROBABILITY[1] * RANK_PROBABILITY[10]


class Public(NamedTuple):
    """What both sides know of the punter's hand: the initial stake (in units), the prices of
    the bought cards (in initial stakes, T5.3), how many cards were twisted and their lowest
    total (aces as 1) and whether one was an ace (T5.4: face up)."""

    stake: int
    prices: tuple[int, ...] = ()
    twists: int = 0
    twisted: int = 0
    ace: bool = False

    @property
    def cards(self) -> int:
        return 2 + len(self.prices) + self.twists

    @property
    def staked(self) -> int:
        """The hand's whole stake in units (T5.3: the initial stake and every price)."""
        return self.stake * (1 + sum(self.prices))

    def bought(self, price: int) -> Public:
        return self._replace(prices=(*self.prices, price))

    def twisted_card(self, card: int) -> Public:
        return self._replace(
            twists=self.twists + 1, twisted=self.twisted + card, ace=self.ace or card == 1
        )


def buy_action(price: int) -> str:
    return f"buy {price}s"


def punter_actions(rules: TraditionalRules, public: Public, total: int, soft: bool) -> list[str]:
    """The punter's legal choices (T5.3-T5.5, T5.8; no split): a buy's price is the stake or
    the most allowed (the end points)."""
    low = total - 10 if soft else total
    actions = [STICK] if total >= rules.stick_minimum else []
    if low >= 21 or public.cards >= MAX_CARDS:
        return actions
    actions.append(TWIST)
    sure = rules.no_bought_sure_thing and public.cards == 4 and low <= 11  # V5
    if public.twists == 0 and not sure:
        most = THIRD_CARD_MOST if not public.prices else public.prices[-1]
        actions.extend(buy_action(price) for price in sorted({1, most}))
    return actions


def price_of(action: str) -> int:
    return int(action.removeprefix("buy ").removesuffix("s"))


def public_name(public: Public) -> str:
    """``"stake 1, bought 2s 1s, twisted 1 worth 7"``: a public history's readable name."""
    return names.public_name(*public)


def punter_key(public: Public, total: int, soft: bool) -> str:
    """The punter's information set: the public history and his own hand."""
    return f"{public_name(public)}: {names.hand_name(total, soft)}"


def stake_key(card: int) -> str:
    """The punter's stake decision on his first card (T4.2)."""
    return names.stake_key(card)


def stake_action(stake: int) -> str:
    return f"stake {stake}"


def banker_key(public: Public, five: bool, total: int, soft: bool, cards: int) -> str:
    """The banker's information set: what the punter showed and his own hand (T6.1)."""
    seen = names.seen_name(public_name(public), five)
    return f"{seen}: banker {names.banker_hand_name(total, soft, cards)}"


def banker_may_draw(total: int, soft: bool, cards: int) -> bool:
    """T6.2: the banker stops at a hard 21 and at five cards (a bust is settled first)."""
    return cards < MAX_CARDS and not (total == 21 and not soft)


def stuck_payment(total: int, banker: str | int) -> int:
    """The punter's gain per unit staked on a stuck hand of ``total`` (T7, T7.1, T2.6) against
    the banker's ``banker``: "bust", "five" or the total he stays on."""
    if banker == "bust":
        return 1
    if banker == FIVE:
        return -2
    return 1 if total > int(banker) else -1


def five_payment(banker: str | int) -> int:
    """The punter's five card trick (T7): 2 x, or -2 x against the banker's own."""
    return -2 if banker == FIVE else 2


def banker_starts() -> dict[tuple[int, bool], float]:
    """The banker's two-card (total, soft) given no pontoon (T4.4), chances summing to 1."""
    out: dict[tuple[int, bool], float] = {}
    for first, p1 in RANK_PROBABILITY.items():
        for second, p2 in RANK_PROBABILITY.items():
            if {first, second} == {1, 10}:
                continue
            soft, total = two_cards(first, second)
            out[total, soft] = out.get((total, soft), 0.0) + p1 * p2 / (1 - P_PONTOON)
    return out


def after(total: int, soft: bool, card: int) -> tuple[int, int, bool]:
    """(lowest total, best total, soft) after ``card``: casino's add_card, named for reading."""
    return add_card(total, soft, card)


#: Where a card drawn leaves a punter hand: bust (T5.6), five cards (T5.7), a hard 21, which
#: sticks by itself (T5.8), or still to decide.
BUST: Final = "bust"
HARD_21: Final = "21"
ON: Final = ""


def drawn(
    public: Public, action: str, total: int, soft: bool
) -> list[tuple[float, Public, str, int, bool]]:
    """Each card a twist or a buy (``action``) may draw: its chance, what the banker then
    sees (a twisted card face up, T5.4; a bought one's price, T5.3), where it leaves the hand
    (:data:`BUST`, :data:`FIVE`, :data:`HARD_21`, :data:`ON`) and the hand's total and
    softness after it."""
    out = []
    for card, p in RANK_PROBABILITY.items():
        nxt = public.twisted_card(card) if action == TWIST else public.bought(price_of(action))
        low, new, new_soft = after(total, soft, card)
        if low > 21:
            where = BUST
        elif nxt.cards == MAX_CARDS:
            where = FIVE
        elif low == 21:
            where = HARD_21
        else:
            where = ON
        out.append((p, nxt, where, new, new_soft))
    return out
