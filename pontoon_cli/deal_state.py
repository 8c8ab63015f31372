"""The state of a deal and the questions asked of it: its phase, who acts, and what is legal.

:class:`Phase` names the phases in order (the diagram is in :mod:`pontoon_cli.engine`).
:class:`DealState` holds every attribute of a deal and answers from them: who decides now
(:attr:`~DealState.actor`), what he may do (:meth:`~DealState.legal_actions`), and one legality
check per decision (``*_problem``: the :class:`IllegalAction` that says why, with the rule ID,
player and hand, or None; ``verify_*`` raises it, ``can_*`` tests it). It takes no action:
:class:`pontoon_cli.deal.Deal` extends it with the actions, the automatic phases and the
settlement.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from enum import Enum
from typing import Final, NamedTuple

from pontoon_cli.cards import Card
from pontoon_cli.errors import IllegalAction, PontoonError
from pontoon_cli.events import Event
from pontoon_cli.hands import Hand
from pontoon_cli.rules import Rules, Table
from pontoon_cli.settle import SETTLERS


class Phase(Enum):
    """The phases of a deal, in order (T4–T8)."""

    FIRST_CARD = "first card"  # T4.1
    STAKES = "stakes"  # T4.2
    SHOOT = "shoot bets"  # S2: Shoot Pontoon only (pontoon_cli.shoot), after the stakes
    SECOND_CARD = "second card"  # T4.3
    BANKER_PONTOON = "banker's pontoon check"  # T4.4
    PUNTERS = "punters' turns"  # T5
    BANKER = "banker's turn"  # T6
    SETTLEMENT = "settlement"  # T7
    END = "end of deal"  # T8


class LegalAction(NamedTuple):
    """An action the actor may take now; ``low``..``high`` bound its amount (stake, buy)."""

    action: str
    low: int | None = None
    high: int | None = None


END: Final = Phase.END


class DealState:
    """One deal's state: the table, the pack, the hands, the money, the phase and the actor.

    Built by :class:`pontoon_cli.deal.Deal`, which takes the arguments documented there. Its
    methods read the state and decide nothing but legality; none of them moves a card or a unit.
    """

    def __init__(
        self,
        rules: Rules,
        table: Table,
        banker: str,
        pack: Iterable[Card],
        balances: dict[str, int],
        number: int = 1,
        pack_state: str = "shuffled",
    ) -> None:
        self.rules = rules
        self.table = table
        self.number = number
        self.banker = banker
        self.pack: deque[Card] = deque(pack)
        self.pack_before: tuple[Card, ...] = tuple(self.pack)  # so the deal can be re-dealt
        self.pack_state = pack_state  # "shuffled", "stacked" or "continued" (T8.1-T8.2)
        self.balances_before = balances
        seats = table.seats
        at = seats.index(banker)
        order = seats[at + 1 :] + seats[:at]  # T3.1: clockwise from the banker's left
        # T8.6: a punter who cannot cover the minimum stake sits the deal out.
        self.punters: list[str] = [p for p in order if balances[p] >= table.min_stake]
        self.sitting_out: list[str] = [p for p in order if balances[p] < table.min_stake]
        self.hands: dict[str, list[Hand]] = {p: [Hand()] for p in self.punters}
        self.banker_hand = Hand()
        self._hand = self.banker_hand  # the actor's hand: see current_hand()
        self.events: list[Event] = []
        self.nets: dict[str, int] = dict.fromkeys((*self.punters, banker), 0)
        self.on_table: dict[str, int] = dict.fromkeys(self.punters, 0)  # open stakes
        self.void = False
        self.banker_pontoon = False
        self.pontoon_in_deal = False
        self.next_banker = banker
        self.phase = Phase.FIRST_CARD
        self._punter_at = 0  # whose turn, in self.punters
        self._hand_at = 0  # which of that punter's hands, 0-based
        self._settle = SETTLERS[rules.settlement]
        #: (player, hand number) of whoever must decide now, or None at the end of the deal.
        self.actor: tuple[str, int] | None = None
        if not self.punters:
            raise PontoonError(
                f"deal {number}: no punter can cover the minimum stake of {table.min_stake} "
                "(T8.6); the game cannot go on"
            )

    # who acts --------------------------------------------------------------------------------

    def _find_actor(self) -> tuple[str, int] | None:
        """Who decides now; also keeps :meth:`current_hand` at hand."""
        phase = self.phase
        if phase is Phase.PUNTERS:
            player = self.punters[self._punter_at]
            self._hand = self.hands[player][self._hand_at]
            return player, self._hand_at + 1
        if phase is Phase.STAKES:
            player = self.punters[self._punter_at]
            # mutant-equivalent: '0' -> '(-1)': at the stakes each punter holds one hand
            self._hand = self.hands[player][0]
            return player, 1
        if phase is Phase.BANKER:
            self._hand = self.banker_hand
            return self.banker, 1
        return None

    def current_hand(self) -> Hand:
        """The hand the actor is playing (the banker's hand in the banker's turn)."""
        return self._hand

    def available(self, player: str) -> int:
        """What ``player`` may still put on the table this deal (T8.6)."""
        return self.balances_before[player] + self.nets[player] - self.on_table[player]

    def legal_actions(self) -> list[LegalAction]:
        """Every action the actor may take now, built from the ``can_*`` checks."""
        actor = self.actor
        if actor is None:
            return []
        player, hand = actor
        if self.phase is Phase.STAKES:
            low, high = self.table.min_stake, min(self.table.max_stake, self.available(player))
            return [LegalAction("stake", low, high)]
        if self.phase is Phase.BANKER:
            return [LegalAction("draw"), LegalAction("stay")]
        out = []
        h = self.current_hand()
        if self.can_buy(player, hand, None):
            low, high = self.buy_range(h)
            out.append(LegalAction("buy", low, min(high, self.available(player))))
        if self.can_twist(player, hand):
            out.append(LegalAction("twist"))
        if self.can_stick(player, hand):
            out.append(LegalAction("stick"))
        if self.can_split(player, hand):
            out.append(LegalAction("split"))
        return out

    # legality: one check per decision ---------------------------------------------------------
    #
    # Each decision has one check, ``*_problem``: None when the decision is legal, else the
    # IllegalAction that says why (rule ID, player, hand), built but not raised. ``verify_*``
    # raises it; ``can_*`` tests it, so an ordinary "no" costs no exception (STYLE 14).

    def _turn_problem(
        self, player: str, hand: int, phase: Phase, what: str
    ) -> IllegalAction | None:
        if self.phase is not phase:
            rule = _PHASE_RULE[phase]
            return IllegalAction(
                f"cannot {what} now: the deal is at the {self.phase.value}", rule, player, hand
            )
        actor = self.actor
        if actor is None:  # pragma: no cover - phase check above excludes it
            return IllegalAction(f"cannot {what}: the deal is over", "T8", player, hand)
        who, which = actor
        if who != player or which != hand:
            turn = f"{who}'s turn" if phase is not Phase.PUNTERS else f"{who}'s hand {which}"
            return IllegalAction(f"cannot {what}: it is {turn}", "T3.1", player, hand)
        return None

    def stake_problem(self, player: str, amount: int) -> IllegalAction | None:
        """An initial stake within the table's limits (T3.3, T4.2) and the balance (T8.6)."""
        problem = self._turn_problem(player, 1, Phase.STAKES, "stake")
        if problem is None:
            problem = _amount_problem(amount, "stake", player, 1)
        if problem is not None:
            return problem
        lo, hi = self.table.min_stake, self.table.max_stake
        if not lo <= amount <= hi:
            return IllegalAction(
                f"cannot stake {amount}: the stake must be from {lo} to {hi}", "T3.3", player, 1
            )
        left = self.available(player)
        if amount > left:
            return IllegalAction(
                f"cannot stake {amount} with a balance of {left}", "T8.6", player, 1
            )
        return None

    def buy_range(self, hand: Hand) -> tuple[int, int]:
        """The least and most a hand may pay for its next card (T5.3)."""
        s = hand.initial
        return s, (2 * s if not hand.bought else hand.bought[-1])

    def buy_problem(self, player: str, hand: int, amount: int | None) -> IllegalAction | None:
        """Buy a card face down (T5.3); ``amount`` None checks everything but the price."""
        problem = self._turn_problem(player, hand, Phase.PUNTERS, "buy")
        if problem is not None:
            return problem
        h = self.current_hand()
        # mutant-equivalent: '"T5.3"' -> "'T5'": cited only by a check never reached (T5.8)
        problem = _draw_problem(h, "buy", player, hand, "T5.3")
        if problem is not None:
            return problem
        if h.twisted:
            return IllegalAction("cannot buy after a twist", "T5.4", player, hand)
        if self.rules.no_bought_sure_thing and len(h.cards) == 4 and h.low <= 11:
            return IllegalAction(
                f"cannot buy a fifth card on four cards totalling {h.low}: twist it",
                "V5",
                player,
                hand,
            )
        if amount is None:
            if self.available(player) < h.initial:
                return IllegalAction(
                    f"cannot buy: the least price is {h.initial} with a balance of "
                    f"{self.available(player)}",
                    "T8.6",
                    player,
                    hand,
                )
            return None
        problem = _amount_problem(amount, "buy", player, hand)
        if problem is not None:
            return problem
        lo, hi = self.buy_range(h)
        if not lo <= amount <= hi:
            nth = _ORDINAL[len(h.cards) + 1]
            why = "2 × the stake" if not h.bought else f"the price of the {_ORDINAL[len(h.cards)]}"
            return IllegalAction(
                f"cannot buy the {nth} card for {amount}: the price must be from {lo} to {hi} "
                f"({why})",
                "T5.3",
                player,
                hand,
            )
        left = self.available(player)
        if amount > left:
            return IllegalAction(
                f"cannot buy for {amount} with a balance of {left}", "T8.6", player, hand
            )
        return None

    def twist_problem(self, player: str, hand: int) -> IllegalAction | None:
        """Twist a card face up (T5.4)."""
        problem = self._turn_problem(player, hand, Phase.PUNTERS, "twist")
        if problem is not None:
            return problem
        # mutant-equivalent: '"T5.4"' -> "'T5'": cited only by a check never reached (T5.8)
        return _draw_problem(self.current_hand(), "twist", player, hand, "T5.4")

    def stick_problem(self, player: str, hand: int) -> IllegalAction | None:
        """Stick when some value of the hand is from the stick minimum to 21 (T5.5)."""
        problem = self._turn_problem(player, hand, Phase.PUNTERS, "stick")
        if problem is not None:
            return problem
        h = self.current_hand()
        least = self.rules.stick_minimum
        if h.low < least and not (h.has_ace and least <= h.low + 10 <= 21):
            rule = "T5.5" if least == 15 else "V2"
            return IllegalAction(
                f"cannot stick on {h.total}: the least is {least}; buy or twist",
                rule,
                player,
                hand,
            )
        return None

    def split_problem(self, player: str, hand: int) -> IllegalAction | None:
        """Split two cards of the same rank into two hands, up to the cap (T5.2, V1, T8.6)."""
        problem = self._turn_problem(player, hand, Phase.PUNTERS, "split")
        if problem is not None:
            return problem
        h = self.current_hand()
        cards = h.cards
        if len(cards) != 2 or cards[0].rank != cards[1].rank:
            shown = " ".join(c.text for c in cards)
            return IllegalAction(
                f"cannot split {shown}: only two cards of the same rank split",
                "T5.2",
                player,
                hand,
            )
        if self.rules.split_aces_only and not cards[0].is_ace:
            return IllegalAction("cannot split: only a pair of aces splits", "V1", player, hand)
        limit = self.rules.max_hands
        if len(self.hands[player]) >= limit:
            return IllegalAction(
                f"cannot split: {limit} hands is the most one punter may hold",
                "T5.2",
                player,
                hand,
            )
        left = self.available(player)
        if h.initial > left:
            return IllegalAction(
                f"cannot split: the new hand's stake {h.initial} is more than the balance {left}",
                "T8.6",
                player,
                hand,
            )
        return None

    def draw_problem(self, player: str) -> IllegalAction | None:
        """The banker draws a card face up (T6.1)."""
        return self._turn_problem(player, 1, Phase.BANKER, "draw")

    def stay_problem(self, player: str) -> IllegalAction | None:
        """The banker stays; he has no minimum total (T6.1)."""
        return self._turn_problem(player, 1, Phase.BANKER, "stay")

    def verify_stake(self, player: str, amount: int) -> None:
        _raise(self.stake_problem(player, amount))

    def verify_buy(self, player: str, hand: int, amount: int | None) -> None:
        _raise(self.buy_problem(player, hand, amount))

    def verify_twist(self, player: str, hand: int) -> None:
        _raise(self.twist_problem(player, hand))

    def verify_stick(self, player: str, hand: int) -> None:
        _raise(self.stick_problem(player, hand))

    def verify_split(self, player: str, hand: int) -> None:
        _raise(self.split_problem(player, hand))

    def verify_draw(self, player: str) -> None:
        _raise(self.draw_problem(player))

    def verify_stay(self, player: str) -> None:
        _raise(self.stay_problem(player))

    def can_stake(self, player: str, amount: int) -> bool:
        return self.stake_problem(player, amount) is None

    def can_buy(self, player: str, hand: int, amount: int | None) -> bool:
        return self.buy_problem(player, hand, amount) is None

    def can_twist(self, player: str, hand: int) -> bool:
        return self.twist_problem(player, hand) is None

    def can_stick(self, player: str, hand: int) -> bool:
        return self.stick_problem(player, hand) is None

    def can_split(self, player: str, hand: int) -> bool:
        return self.split_problem(player, hand) is None

    # views for strategies and logs -------------------------------------------------------------

    def hands_in_order(self) -> list[tuple[str, int, Hand]]:
        """(player, hand number, hand) for every punter hand, from the banker's left."""
        return [(p, i, h) for p in self.punters for i, h in enumerate(self.hands[p], 1)]


def _raise(problem: IllegalAction | None) -> None:
    if problem is not None:
        raise problem


def _draw_problem(h: Hand, what: str, player: str, hand: int, rule: str) -> IllegalAction | None:
    # mutant-equivalent: 'len(h.cards) >= 5' -> '(len(h.cards) > 5)', '5' -> '6': a stricter
    # test of a hand that never gets here (a five-card hand is finished, T5.7)
    if len(h.cards) >= 5:  # pragma: no cover - a five-card hand is finished (T5.7)
        return IllegalAction(f"cannot {what}: the hand has five cards", "T5.7", player, hand)
    # mutant-equivalent: 'h.low >= 21' -> '(h.low > 21)', '21' -> '22': a stricter test of a
    # hand that never gets here (a hard 21 is finished, T5.8)
    if h.low >= 21:  # pragma: no cover - a hard 21 is finished (T5.8)
        return IllegalAction(f"cannot {what} on a lowest total of {h.low}", rule, player, hand)
    return None


def _amount_problem(amount: object, what: str, player: str, hand: int) -> IllegalAction | None:
    """A stake or a price is a whole number of 1 or more (T7.3), whatever it pays for."""
    if type(amount) is not int or amount < 1:
        return IllegalAction(
            f"cannot {what} {amount!r}: amounts are whole units of 1 or more",
            "T7.3",
            player,
            hand,
        )
    return None


_ORDINAL = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 2: "2nd"}
_PHASE_RULE = {Phase.STAKES: "T4.2", Phase.PUNTERS: "T5", Phase.BANKER: "T6.1"}
