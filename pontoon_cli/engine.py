"""The traditional deal as a state machine, and the game that carries it from deal to deal.

Phases of a deal (README, "Phases of a deal")::

    FIRST_CARD -> STAKES -> SECOND_CARD -> BANKER_PONTOON -> PUNTERS -> BANKER -> SETTLEMENT -> END

The automatic phases (dealing, the pontoon check, settlement) run by themselves; the deal stops
only where a player has a choice, and says who through :attr:`Deal.actor`. Each decision has one
legality check (``verify_*``, raising :class:`IllegalAction` with the rule ID, player and hand);
``can_*`` wraps it; the action method calls it, acts, and returns the event it recorded. Live play,
scenario scripts and replay all go through these same methods.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from enum import Enum
from typing import Final, NamedTuple

from pontoon_cli.cards import Card, new_pack
from pontoon_cli.errors import IllegalAction, PontoonError
from pontoon_cli.events import BankSold, CardDealt, Decision, Event
from pontoon_cli.hands import HandClass, best_total
from pontoon_cli.rng import Rng
from pontoon_cli.rules import Rules, Table
from pontoon_cli.settle import SETTLERS


class Phase(Enum):
    """The phases of a deal, in order (T4–T8)."""

    FIRST_CARD = "first card"  # T4.1
    STAKES = "stakes"  # T4.2
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


class _EmptyPack(Exception):
    """Internal: a card was needed and the pack was empty (T8.5)."""


class Hand:
    """One hand's cards and money. Totals are kept as cards arrive, for speed."""

    __slots__ = (
        "bought",
        "cards",
        "cls",
        "done",
        "from_split",
        "has_ace",
        "initial",
        "low",
        "net",
        "rule",
        "settled",
        "stake",
        "twisted",
        "up_cards",
        "up_low",
    )

    def __init__(self, initial: int = 0, from_split: bool = False) -> None:
        self.cards: list[Card] = []
        self.low = 0  # lowest total, every ace as 1 (T1.3)
        self.has_ace = False
        self.up_low = 0  # lowest total of the face-up cards: what the table can see
        self.up_cards = 0  # how many cards lie face up
        self.initial = initial  # s, the initial stake (T5.2: a split hand has the same s)
        self.stake = initial  # everything staked on the hand so far
        self.bought: list[int] = []  # amounts paid for bought cards, in order (T5.3)
        self.twisted = False  # T5.4: no buy after a twist
        self.from_split = from_split  # T8.3, T7.2
        self.done = False
        self.settled = False
        self.net = 0
        self.rule = ""  # the rule that settled it
        self.cls = HandClass.TOTAL  # the class it was settled as (T2), set at settlement

    def add(self, card: Card, face_up: bool) -> None:
        self.cards.append(card)
        self.low += card.value
        if card.is_ace:
            self.has_ace = True
        if face_up:
            self.up_low += card.value
            self.up_cards += 1

    @property
    def total(self) -> int:
        """The hand's value: best total not over 21 (T1.3), the lowest total when bust."""
        return best_total(self.low, self.has_ace)

    @property
    def is_bust(self) -> bool:
        return self.low > 21

    @property
    def is_pontoon(self) -> bool:
        """An ace and a ten-card (T2.1): the only two cards whose lowest total is 11 with an ace."""
        return self.low == 11 and self.has_ace and len(self.cards) == 2

    @property
    def hand_class(self) -> HandClass:
        """The hand's class (T2), from the running totals; the same as ``classify(cards)``."""
        low = self.low
        if low > 21:
            return HandClass.BUST  # T2.5
        n = len(self.cards)
        if self.is_pontoon:
            return HandClass.PONTOON  # T2.1
        if n >= 5:
            return HandClass.FIVE_CARD_TRICK  # T2.2
        if low == 21 or (low == 11 and self.has_ace):
            return HandClass.TWENTY_ONE  # T2.3
        return HandClass.TOTAL  # T2.4

    def __repr__(self) -> str:
        cards = " ".join(c.text for c in self.cards)
        return f"<Hand {cards!r} stake={self.stake} net={self.net}>"


END: Final = Phase.END


class Deal:
    """One deal at the table, from the first card to the end of the deal (T4–T8).

    ``pack`` is taken over (top card first) and holds every card again at the end of the deal, in
    the order T8.1 gives. ``balances`` are the players' balances before the deal (T8.6).
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
        self._run(self._advance)

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

    def _verify_turn(self, player: str, hand: int, phase: Phase, what: str) -> None:
        if self.phase is not phase:
            rule = _PHASE_RULE[phase]
            raise IllegalAction(
                f"cannot {what} now: the deal is at the {self.phase.value}", rule, player, hand
            )
        actor = self.actor
        if actor != (player, hand):
            if actor is None:  # pragma: no cover - phase check above excludes it
                raise IllegalAction(f"cannot {what}: the deal is over", "T8", player, hand)
            who, which = actor
            turn = f"{who}'s turn" if phase is not Phase.PUNTERS else f"{who}'s hand {which}"
            raise IllegalAction(f"cannot {what}: it is {turn}", "T3.1", player, hand)

    def verify_stake(self, player: str, amount: int) -> None:
        """An initial stake within the table's limits (T3.3, T4.2) and the balance (T8.6)."""
        self._verify_turn(player, 1, Phase.STAKES, "stake")
        # mutant-equivalent: '"T4.2"' -> "'T4'": _verify_amount cites T7.3 whatever its rule
        _verify_amount(amount, "stake", player, 1, "T4.2")
        lo, hi = self.table.min_stake, self.table.max_stake
        if not lo <= amount <= hi:
            raise IllegalAction(
                f"cannot stake {amount}: the stake must be from {lo} to {hi}", "T3.3", player, 1
            )
        left = self.available(player)
        if amount > left:
            raise IllegalAction(
                f"cannot stake {amount} with a balance of {left}", "T8.6", player, 1
            )

    def buy_range(self, hand: Hand) -> tuple[int, int]:
        """The least and most a hand may pay for its next card (T5.3)."""
        s = hand.initial
        return s, (2 * s if not hand.bought else hand.bought[-1])

    def verify_buy(self, player: str, hand: int, amount: int | None) -> None:
        """Buy a card face down (T5.3); ``amount`` None checks everything but the price."""
        self._verify_turn(player, hand, Phase.PUNTERS, "buy")
        h = self.current_hand()
        # mutant-equivalent: '"T5.3"' -> "'T5'": cited only by a check never reached (T5.8)
        self._verify_can_draw(h, "buy", player, hand, "T5.3")
        if h.twisted:
            raise IllegalAction("cannot buy after a twist", "T5.4", player, hand)
        if self.rules.no_bought_sure_thing and len(h.cards) == 4 and h.low <= 11:
            raise IllegalAction(
                f"cannot buy a fifth card on four cards totalling {h.low}: twist it",
                "V5",
                player,
                hand,
            )
        if amount is None:
            if self.available(player) < h.initial:
                raise IllegalAction(
                    f"cannot buy: the least price is {h.initial} with a balance of "
                    f"{self.available(player)}",
                    "T8.6",
                    player,
                    hand,
                )
            return
        # mutant-equivalent: '"T5.3"' -> "'T5'": _verify_amount cites T7.3 whatever its rule
        _verify_amount(amount, "buy", player, hand, "T5.3")
        lo, hi = self.buy_range(h)
        nth = _ORDINAL[len(h.cards) + 1]
        if not lo <= amount <= hi:
            why = "2 × the stake" if not h.bought else f"the price of the {_ORDINAL[len(h.cards)]}"
            raise IllegalAction(
                f"cannot buy the {nth} card for {amount}: the price must be from {lo} to {hi} "
                f"({why})",
                "T5.3",
                player,
                hand,
            )
        left = self.available(player)
        if amount > left:
            raise IllegalAction(
                f"cannot buy for {amount} with a balance of {left}", "T8.6", player, hand
            )

    def verify_twist(self, player: str, hand: int) -> None:
        """Twist a card face up (T5.4)."""
        self._verify_turn(player, hand, Phase.PUNTERS, "twist")
        # mutant-equivalent: '"T5.4"' -> "'T5'": cited only by a check never reached (T5.8)
        self._verify_can_draw(self.current_hand(), "twist", player, hand, "T5.4")

    def _verify_can_draw(self, h: Hand, what: str, player: str, hand: int, rule: str) -> None:
        # mutant-equivalent: 'len(h.cards) >= 5' -> '(len(h.cards) > 5)', '5' -> '6': a stricter
        # test of a hand that never gets here (a five-card hand is finished, T5.7)
        if len(h.cards) >= 5:  # pragma: no cover - a five-card hand is finished (T5.7)
            raise IllegalAction(f"cannot {what}: the hand has five cards", "T5.7", player, hand)
        # mutant-equivalent: 'h.low >= 21' -> '(h.low > 21)', '21' -> '22': a stricter test of a
        # hand that never gets here (a hard 21 is finished, T5.8)
        if h.low >= 21:  # pragma: no cover - a hard 21 is finished (T5.8)
            raise IllegalAction(f"cannot {what} on a lowest total of {h.low}", rule, player, hand)

    def verify_stick(self, player: str, hand: int) -> None:
        """Stick when some value of the hand is from the stick minimum to 21 (T5.5)."""
        self._verify_turn(player, hand, Phase.PUNTERS, "stick")
        h = self.current_hand()
        least = self.rules.stick_minimum
        if h.low < least and not (h.has_ace and least <= h.low + 10 <= 21):
            rule = "T5.5" if least == 15 else "V2"
            raise IllegalAction(
                f"cannot stick on {h.total}: the least is {least}; buy or twist",
                rule,
                player,
                hand,
            )

    def verify_split(self, player: str, hand: int) -> None:
        """Split two cards of the same rank into two hands, up to the cap (T5.2, V1, T8.6)."""
        self._verify_turn(player, hand, Phase.PUNTERS, "split")
        h = self.current_hand()
        cards = h.cards
        if len(cards) != 2 or cards[0].rank != cards[1].rank:
            shown = " ".join(c.text for c in cards)
            raise IllegalAction(
                f"cannot split {shown}: only two cards of the same rank split",
                "T5.2",
                player,
                hand,
            )
        if self.rules.split_aces_only and not cards[0].is_ace:
            raise IllegalAction("cannot split: only a pair of aces splits", "V1", player, hand)
        limit = self.rules.max_hands
        if len(self.hands[player]) >= limit:
            raise IllegalAction(
                f"cannot split: {limit} hands is the most one punter may hold",
                "T5.2",
                player,
                hand,
            )
        left = self.available(player)
        if h.initial > left:
            raise IllegalAction(
                f"cannot split: the new hand's stake {h.initial} is more than the balance {left}",
                "T8.6",
                player,
                hand,
            )

    def verify_draw(self, player: str) -> None:
        """The banker draws a card face up (T6.1)."""
        self._verify_turn(player, 1, Phase.BANKER, "draw")

    def verify_stay(self, player: str) -> None:
        """The banker stays; he has no minimum total (T6.1)."""
        self._verify_turn(player, 1, Phase.BANKER, "stay")

    def can_stake(self, player: str, amount: int) -> bool:
        return _holds(self.verify_stake, player, amount)

    def can_buy(self, player: str, hand: int, amount: int | None) -> bool:
        return _holds(self.verify_buy, player, hand, amount)

    def can_twist(self, player: str, hand: int) -> bool:
        return _holds(self.verify_twist, player, hand)

    def can_stick(self, player: str, hand: int) -> bool:
        return _holds(self.verify_stick, player, hand)

    def can_split(self, player: str, hand: int) -> bool:
        return _holds(self.verify_split, player, hand)

    # actions ---------------------------------------------------------------------------------

    def act(self, player: str, hand: int, action: str, amount: int | None = None) -> Decision:
        """Take the decision ``action`` (a log or script word) through its own method.

        The event records the engine's own hand number, whatever equal value the caller gave.
        """
        match action:
            case "stake" if amount is not None:
                return self.stake(player, amount)
            case "buy" if amount is not None:
                return self.buy(player, hand, amount)
            case "twist" if amount is None:
                return self.twist(player, hand)
            case "stick" if amount is None:
                return self.stick(player, hand)
            case "split" if amount is None:
                return self.split(player, hand)
            case "draw" if amount is None:
                return self.draw(player)
            case "stay" if amount is None:
                return self.stay(player)
            case "stake" | "buy":
                raise IllegalAction(f"{action} needs an amount", "T5.3", player, hand)
            case "twist" | "stick" | "split" | "draw" | "stay":
                raise IllegalAction(f"{action} takes no amount", "T5", player, hand)
        raise IllegalAction(
            f"unknown action {action!r}: expected stake, buy, twist, stick, split, draw or stay",
            "T5",
            player,
            hand,
        )

    def stake(self, player: str, amount: int) -> Decision:
        """Place the initial stake (T4.2)."""
        self.verify_stake(player, amount)
        # mutant-equivalent: '0' -> '(-1)': at the stakes each punter holds one hand
        h = self.hands[player][0]
        h.initial = h.stake = amount
        self.on_table[player] += amount
        event = Decision(player, 1, "stake", amount)
        self.events.append(event)
        self._punter_at += 1
        if self._punter_at < len(self.punters):  # the next punter stakes (T4.2)
            player = self.punters[self._punter_at]
            # mutant-equivalent: '0' -> '(-1)': at the stakes each punter holds one hand
            self._hand = self.hands[player][0]
            self.actor = (player, 1)
        else:
            self._run(self._advance)
        return event

    def buy(self, player: str, hand: int, amount: int) -> Decision:
        """Buy a card face down, adding ``amount`` to the hand's stake (T5.3)."""
        self.verify_buy(player, hand, amount)
        h = self.current_hand()
        h.bought.append(amount)
        h.stake += amount
        self.on_table[player] += amount
        event = Decision(player, self._hand_at + 1, "buy", amount)
        self.events.append(event)
        self._run(self._draw_to_punter, h, False)
        return event

    def twist(self, player: str, hand: int) -> Decision:
        """Twist a card face up; the stake is unchanged (T5.4)."""
        self.verify_twist(player, hand)
        h = self.current_hand()
        h.twisted = True
        event = Decision(player, self._hand_at + 1, "twist")
        self.events.append(event)
        self._run(self._draw_to_punter, h, True)
        return event

    def stick(self, player: str, hand: int) -> Decision:
        """Stick: the hand stands as it is (T5.5)."""
        self.verify_stick(player, hand)
        event = Decision(player, self._hand_at + 1, "stick")
        self.events.append(event)
        self.current_hand().done = True
        self._run(self._advance)
        return event

    def split(self, player: str, hand: int) -> Decision:
        """Split a pair into two hands, staking ``s`` on the new one (T5.2)."""
        self.verify_split(player, hand)
        row = self.hands[player]
        h = row[self._hand_at]
        new = Hand(h.initial, from_split=True)
        h.from_split = True
        card = h.cards.pop()
        h.low -= card.value
        h.has_ace = any(c.is_ace for c in h.cards)
        new.add(card, False)
        row.insert(self._hand_at + 1, new)
        self.on_table[player] += h.initial
        event = Decision(player, self._hand_at + 1, "split", h.initial)
        self.events.append(event)
        self._run(self._deal_split, player, h, new)
        return event

    def draw(self, player: str) -> Decision:
        """The banker draws a card face up (T6.1)."""
        self.verify_draw(player)
        event = Decision(player, 1, "draw")
        self.events.append(event)
        self._run(self._draw_to_banker)
        return event

    def stay(self, player: str) -> Decision:
        """The banker stays on what he holds (T6.1)."""
        self.verify_stay(player)
        event = Decision(player, 1, "stay")
        self.events.append(event)
        self.phase = Phase.SETTLEMENT
        self._run(self._advance)
        return event

    # dealing ---------------------------------------------------------------------------------

    def _run(self, step: object, *args: object) -> None:
        """Run an automatic step; an empty pack voids the deal (T8.5)."""
        try:
            step(*args)  # type: ignore[operator]
        except _EmptyPack:
            self._void()
        self.actor = self._find_actor()

    def _give(self, player: str, number: int, h: Hand, face_up: bool) -> Card:
        pack = self.pack
        if not pack:
            raise _EmptyPack
        card = pack.popleft()
        h.cards.append(card)  # Hand.add, inlined: every card passes here
        h.low += card.value
        if card.is_ace:
            h.has_ace = True
        if face_up:
            h.up_low += card.value
            h.up_cards += 1
        self.events.append(CardDealt(player, number, card, face_up))
        return card

    def _draw_to_punter(self, h: Hand, face_up: bool) -> None:
        player = self.punters[self._punter_at]
        self._give(player, self._hand_at + 1, h, face_up)
        if h.low > 21:  # T5.6: thrown in at once, settled at once, cards to the bottom
            h.done = h.settled = True
            h.net, h.rule, h.cls = -h.stake, "T5.6", HandClass.BUST
            self.nets[player] -= h.stake
            self.nets[self.banker] += h.stake
            self.on_table[player] -= h.stake
            self.pack.extend(h.cards)
        self._advance()

    def _deal_split(self, player: str, h: Hand, new: Hand) -> None:
        number = self._hand_at + 1
        self._give(player, number, h, False)  # T5.2: first hand first
        self._give(player, number + 1, new, False)
        self._advance()

    def _draw_to_banker(self) -> None:
        self._give(self.banker, 1, self.banker_hand, True)
        self._advance()

    def _advance(self) -> None:
        """Run the automatic phases until someone must decide or the deal ends."""
        phase = self.phase
        if phase is Phase.PUNTERS and self._next_punter_hand():
            return  # the common case: the next decision is a punter's (T5)
        if phase is Phase.FIRST_CARD:  # T4.1: from the banker's left round to the banker
            for p in self.punters:
                # mutant-equivalent: '0' -> '(-1)': each punter holds one hand yet
                self._give(p, 1, self.hands[p][0], False)
            self._give(self.banker, 1, self.banker_hand, False)
            self.phase = phase = Phase.STAKES
            self._punter_at = 0
        if phase is Phase.STAKES:
            if self._punter_at < len(self.punters):
                return
            self.phase = phase = Phase.SECOND_CARD
        if phase is Phase.SECOND_CARD:  # T4.3: the banker last
            for p in self.punters:
                # mutant-equivalent: '0' -> '(-1)': each punter holds one hand yet
                self._give(p, 1, self.hands[p][0], False)
            self._give(self.banker, 1, self.banker_hand, False)
            self.phase = phase = Phase.BANKER_PONTOON
        if phase is Phase.BANKER_PONTOON:  # T4.4
            if self.banker_hand.hand_class is HandClass.PONTOON:
                self.banker_pontoon = True
                self.phase = Phase.SETTLEMENT
                self._settle_all()
                return
            self.phase = phase = Phase.PUNTERS
            self._punter_at = 0
            self._hand_at = 0
        if phase is Phase.PUNTERS:
            if self._next_punter_hand():
                return
            self.phase = phase = Phase.BANKER
            if all(h.settled for row in self.hands.values() for h in row):
                self.phase = phase = Phase.SETTLEMENT  # T6.3: every punter hand is bust
        if phase is Phase.BANKER:
            b = self.banker_hand
            if b.low < 21 and len(b.cards) < 5:  # T6.2: stops at hard 21, five cards, bust
                return
            self.phase = phase = Phase.SETTLEMENT
        if phase is Phase.SETTLEMENT:
            self._settle_all()

    def _next_punter_hand(self) -> bool:
        """Move to the first hand still to play (T5: in turn, each hand in order); True if any."""
        punters = self.punters
        while self._punter_at < len(punters):
            row = self.hands[punters[self._punter_at]]
            while self._hand_at < len(row):
                h = row[self._hand_at]
                if not h.done:
                    cards = len(h.cards)
                    if h.is_pontoon:
                        h.done = True  # T5.1: a pontoon (A + ten-card, the only 2 cards to 11)
                    elif cards >= 5 or h.low >= 21:
                        h.done = True  # T5.7 five card trick, T5.8 hard 21
                    else:
                        return True
                self._hand_at += 1
            self._punter_at += 1
            self._hand_at = 0
        return False

    # settlement and the end of the deal ----------------------------------------------------------

    def _settle_all(self) -> None:
        """Settle every hand still standing (T7, T4.4), then end the deal (T8)."""
        b = self.banker_hand
        banker_class = b.hand_class
        banker_total = b.total
        settle = self._settle
        rules = self.rules
        nets = self.nets
        to_banker = 0
        for p in self.punters:
            for h in self.hands[p]:
                if h.settled:
                    continue
                cls = h.hand_class
                net, rule = settle(rules, banker_class, banker_total, cls, h.total, h.stake)
                h.net, h.rule, h.cls, h.settled, h.done = net, rule, cls, True, True
                nets[p] += net
                to_banker -= net
                self.on_table[p] -= h.stake
        nets[self.banker] += to_banker
        self._end()

    def _void(self) -> None:
        """T8.5: the pack is empty; stakes still on the table go back; nothing else is paid."""
        self.void = True
        for row in self.hands.values():
            for h in row:
                if not h.settled:
                    h.done = h.settled = True
                    h.net, h.rule, h.cls = 0, "T8.5", h.hand_class
        for p in self.punters:
            self.on_table[p] = 0
        self._end()

    def _end(self) -> None:
        """T8.1–T8.3: cards to the bottom in order, a pontoon calls for a shuffle, next banker."""
        self.phase = Phase.END
        pack = self.pack
        banker = self.banker_hand
        pontoon = self.banker_pontoon or banker.hand_class is HandClass.PONTOON
        for p in self.punters:
            for h in self.hands[p]:
                if h.low <= 21:  # bust hands went to the bottom already (T5.6)
                    pack.extend(h.cards)
                    if h.is_pontoon:
                        pontoon = True
                        if (
                            not h.from_split
                            and not self.banker_pontoon
                            and self.next_banker == self.banker
                            and not self.void
                        ):
                            self.next_banker = p  # T8.3: the first from the banker's left
        pack.extend(banker.cards)
        self.pontoon_in_deal = pontoon or self.void  # T8.2 (and T8.5: void deals shuffle too)

    # views for strategies and logs -------------------------------------------------------------

    def hands_in_order(self) -> list[tuple[str, int, Hand]]:
        """(player, hand number, hand) for every punter hand, from the banker's left."""
        return [(p, i, h) for p in self.punters for i, h in enumerate(self.hands[p], 1)]


def _holds(check: object, *args: object) -> bool:
    try:
        check(*args)  # type: ignore[operator]
    except IllegalAction:
        return False
    return True


def _verify_amount(amount: object, what: str, player: str, hand: int, rule: str) -> None:
    if type(amount) is not int or amount < 1:
        raise IllegalAction(
            f"cannot {what} {amount!r}: amounts are whole units of 1 or more",
            "T7.3",
            player,
            hand,
        )


_ORDINAL = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 2: "2nd"}
_PHASE_RULE = {Phase.STAKES: "T4.2", Phase.PUNTERS: "T5", Phase.BANKER: "T6.1"}


# the game ------------------------------------------------------------------------------------


class Game:
    """A sequence of deals at one table: carries the pack, the balances and the bank (T3, T8).

    ``rng`` is the caller's seeded generator; it shuffles the first pack, cuts for the bank when
    the table names no banker (T3.2), and shuffles after a pontoon or a void deal (T8.2, T8.5).
    ``kitty`` is table state for Shoot Pontoon (S1); the traditional game leaves it at 0.
    """

    def __init__(self, rules: Rules, table: Table, rng: Rng) -> None:
        self.rules = rules
        self.table = table
        self.rng = rng
        self.balances: dict[str, int] = dict(table.bankrolls)
        self.cut_rounds: list[dict[str, Card]] = []
        packs = rules.pack_count(len(table.seats))
        self.banker = table.banker if table.banker is not None else self._cut_for_bank(packs)
        self.pack: list[Card] = new_pack(packs)
        self._shuffle()
        self.pack_state = "shuffled"
        self.deals_played = 0
        self.kitty = 0  # mutant-equivalent: nothing reads it before Shoot Pontoon (S1)
        self.open_deal: Deal | None = None  # T8.4: the bank is sold only between deals

    def _shuffle(self) -> None:
        self.rng.shuffle(self.pack)
        self.rng.cut(self.pack)

    def _cut_for_bank(self, packs: int) -> str:
        """T3.2: each takes a card from a shuffled pack; the highest banks; ties cut again."""
        cutting = list(self.table.seats)
        while True:
            pack = new_pack(packs)
            self.rng.shuffle(pack)
            cut = dict(zip(cutting, pack, strict=False))
            self.cut_rounds.append(cut)
            best = max(card.cut_rank for card in cut.values())
            cutting = [p for p, card in cut.items() if card.cut_rank == best]
            if len(cutting) == 1:
                return cutting[0]

    def stack(self, cards: list[Card]) -> None:
        """Put ``cards`` on top of the pack, in order; the rest keeps its order (SPEC.md)."""
        rest = list(self.pack)
        for position, card in enumerate(cards, 1):
            try:
                rest.remove(card)
            except ValueError:
                raise PontoonError(
                    f"stacked card {position} {card.text!r} is stacked more often than the "
                    f"{self.rules.pack_count(len(self.table.seats))} pack(s) hold (T1.1)"
                ) from None
        self.pack = list(cards) + rest
        self.pack_state = "stacked"

    def can_deal(self) -> bool:
        """True while some punter can cover the minimum stake (T8.6)."""
        least = self.table.min_stake
        return any(b >= least for p, b in self.balances.items() if p != self.banker)

    def start_deal(self) -> Deal:
        """Begin the next deal from the top of the pack."""
        self.deals_played += 1
        self.open_deal = Deal(
            self.rules,
            self.table,
            self.banker,
            self.pack,
            dict(self.balances),
            self.deals_played,
            self.pack_state,
        )
        return self.open_deal

    def finish_deal(self, deal: Deal) -> None:
        """Pay the nets, take the pack back, and pass the bank (T8)."""
        if deal.phase is not Phase.END:
            raise PontoonError(f"deal {deal.number} is not over: it is at the {deal.phase.value}")
        balances = self.balances
        for p, net in deal.nets.items():
            balances[p] += net
        self.pack = list(deal.pack)
        self.banker = deal.next_banker
        self.open_deal = None
        if deal.pontoon_in_deal:  # T8.2 (and T8.5)
            self._shuffle()
            self.pack_state = "shuffled"
        else:  # T8.1
            self.pack_state = "continued"

    def sell_bank(self, buyer: str, price: int) -> BankSold:
        """T8.4: the banker sells the bank; the buyer pays the price and banks next deal."""
        seller = self.banker
        if self.open_deal is not None:  # T8.4 "between deals": finish_deal would undo the sale
            raise IllegalAction(
                "cannot sell the bank during a deal: sell it between deals", "T8.4", seller
            )
        if buyer not in self.table.seats:
            raise IllegalAction(f"cannot sell the bank to {buyer!r}: not at the table", "T8.4")
        if buyer == seller:
            raise IllegalAction(f"cannot sell the bank to {buyer}: he holds it", "T8.4", buyer)
        if type(price) is not int or price < 0:
            raise IllegalAction(
                f"cannot sell the bank for {price!r}: the price is a whole number of 0 or more",
                "T7.3",
                buyer,
            )
        if price > self.balances[buyer]:
            raise IllegalAction(
                f"cannot buy the bank for {price} with a balance of {self.balances[buyer]}",
                "T8.6",
                buyer,
            )
        self.balances[buyer] -= price
        self.balances[seller] += price
        self.banker = buyer
        return BankSold(seller, buyer, price)
