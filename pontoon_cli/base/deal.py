"""What every game's deal shares: phases, the hands in play, the stakes, whose turn
it is, dealing a card, whose hand is next, and splitting a pair.

:class:`DealBase` is the base the traditional deal
(:class:`~pontoon_cli.traditional.legality.DealState`, :class:`~pontoon_cli.traditional.deal.Deal`)
and the casino deal (:class:`~pontoon_cli.casino.deal.CasinoDeal`) extend, as siblings: each adds
its own seats (a banker, or a dealer who is the house), its own phases, its own legality checks and
its own settlement. What lives here is written once for both: the seats that play hands in turn
(``punters``: the punters of the traditional game, the player seats of a casino table), each seat's
row of hands, the events, the money each seat has on the table, the stakes (T4.2; C3) and the turn
check every decision makes (T3.1; C3, C6), one card from the top of the pack to a hand, the walk
over the hands in turn, and a split (its cap, its pair test and its rule IDs are the caller's: T5.2
or C8). Each game gives its rule IDs and words as class constants and its phases' rules to the
constructor.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Final, NamedTuple

from pontoon_cli.base.refusal import Refusal, amount_problem, raise_refusal
from pontoon_cli.base.rows import SeatRows
from pontoon_cli.base.start import DealPack, DealSetup, EmptyPack
from pontoon_cli.core.cards import Card
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.events import CardDealt, Decision, Event
from pontoon_cli.core.hands import Hand


class Phase(Enum):
    """The phases of a deal, in order: the traditional game's (T4-T8), then the casino round's
    own (C4-C9; it shares ``STAKES``, ``SETTLEMENT`` and ``END``)."""

    FIRST_CARD = "first card"  # T4.1
    STAKES = "stakes"  # T4.2; C3 at a casino table
    SHOOT = "shoot bets"  # S2: Shoot Pontoon only (pontoon_cli.shoot.deal), after the stakes
    BANKER_DOUBLE = "banker's double"  # V3, only with banker_doubles
    SECOND_CARD = "second card"  # T4.3
    BANKER_PONTOON = "banker's pontoon check"  # T4.4
    PUNTERS = "punters' turns"  # T5
    BANKER = "banker's turn"  # T6
    SETTLEMENT = "settlement"  # T7; C2, C10, C11 at a casino table
    END = "end of deal"  # T8
    # a casino round (pontoon_cli.casino.deal): STAKES, then these, then SETTLEMENT and END
    DEAL = "deal"  # C4: two cards to each seat and to the dealer, his face down
    DEALER_PONTOON = "dealer's pontoon check"  # C5
    PLAYERS = "players' turns"  # C6-C8
    DEALER = "dealer's turn"  # C9


class RoundPhases(NamedTuple):
    """A game's names for the steps of the round every game shares (:meth:`DealBase._advance`):
    the cards dealt after the stakes, the house's pontoon check, the seats' hands in turn, and
    the house's turn."""

    deal: Phase  # T4.3 SECOND_CARD; C4 DEAL
    pontoon: Phase  # T4.4 BANKER_PONTOON; C5 DEALER_PONTOON
    play: Phase  # T5 PUNTERS; C6-C8 PLAYERS
    house: Phase  # T6 BANKER; C9 DEALER


class LegalAction(NamedTuple):
    """An action the actor may take now; ``low``..``high`` bound its amount (stake, buy)."""

    action: str
    low: int | None = None
    high: int | None = None


END: Final = Phase.END
#: The actor's hand before anyone acts: a hand of no seat's (current_hand() is never None).
_NO_HAND: Final = Hand()


class DealBase(SeatRows):
    """One deal's shared state: the table, the pack, the seats that play hands, their hands and
    money, the events, the phase and the actor; and the stakes, which every game opens with.

    ``setup`` is what the deal starts from (:class:`~pontoon_cli.base.start.DealSetup`: its pack
    is taken over, top card first). ``order`` is the seats in the order they play (T3.1 from the
    banker's left; a casino table's seat order, C3); a seat that cannot cover the minimum stake
    sits the deal out (T8.6, C3). ``phases`` names the game's steps of the round
    (:class:`RoundPhases`); ``phase_rules`` the rule each phase that waits for a decision waits
    under (T4.2, T5, T6.1, V3; C3, C6).

    Each game's deal names its differences as the class constants below, and gives the
    methods that raise NotImplementedError here: the round's hooks (``_deal_cards``,
    ``_house_pontoon``, ``_house_turn``, ``_settle_all``), its checks (``problem``), the
    decisions of its own phases (``_decisions``), ``act`` and ``end_rule``. The round itself
    (``_advance``) is written once here.
    """

    #: What the game calls a deal, in messages: "deal" (T), "round" (C).
    DEAL_WORD: str
    #: The rule a decision out of turn breaks (T3.1); "" cites the phase's own (C3, C6).
    TURN_RULE: str
    #: The rule a decision after the end breaks (T8); "" cites the phase's own.
    OVER_RULE: str
    #: The rules a stake is refused under: no whole number of 1 or more (T7.3; C3), outside
    #: the table's limits (T3.3; C3), more than the seat has left (T8.6; C3).
    STAKE_AMOUNT_RULE: str
    STAKE_LIMITS_RULE: str
    STAKE_BALANCE_RULE: str
    #: Who plays hands against the house, in messages: "punter" (T), "seat" (C).
    SEAT_WORD: str
    #: The rule a bust hand is settled under at once (T5.6; C6).
    BUST_RULE: str

    def __init__(
        self,
        setup: DealSetup,
        order: Sequence[str],
        phases: RoundPhases,
        phase_rules: dict[Phase, str],
    ) -> None:
        self.rules = setup.rules
        table = self.table = setup.table
        self.number = setup.number
        # The pack as it was (so the deal can be re-dealt), and the pack the deal takes from.
        self.pack_before: tuple[Card, ...] = tuple(setup.pack)
        self.pack = DealPack(self.pack_before)
        self.pack_state = setup.pack_state  # T8.1-T8.2
        least = table.min_stake
        super().__init__(order, setup.balances, least)
        if not self.punters:  # T8.6; C3
            raise PontoonError(
                f"{self.DEAL_WORD} {self.number}: no {self.SEAT_WORD} can cover the minimum stake"
                f" of {least} ({self.STAKE_BALANCE_RULE}); the game cannot go on"
            )
        self.events: list[Event] = []
        # Each card dealt is an event: only a log needs them (GameBase.unlogged: simulate).
        self.card_events = setup.card_events
        self.void = False
        self.phase = Phase.FIRST_CARD
        # An attribute, not a class constant: a compiled class takes no enum member as a default.
        self.deal_phase = phases.deal
        self.pontoon_phase = phases.pontoon
        self.play_phase = phases.play
        self.house_phase = phases.house
        self.phase_rules = phase_rules
        self._punter_at = 0  # whose turn, in self.punters
        self._hand_at = 0  # which of that seat's hands, 0-based
        self._hand = _NO_HAND  # the actor's hand: see current_hand()
        # Whoever must decide now: his name and his hand's number (1-based); 0 when nobody
        # does (the deal is over). ``actor`` gives them as a pair.
        self.actor_name = ""
        self.actor_hand = 0

    def current_hand(self) -> Hand:
        """The hand the actor is playing."""
        return self._hand

    # who acts --------------------------------------------------------------------------------

    @property
    def actor(self) -> tuple[str, int] | None:
        """(player, hand number) of whoever must decide now, or None at the end of the deal."""
        return None if self.actor_hand == 0 else (self.actor_name, self.actor_hand)

    def _find_actor(self) -> None:
        """Find who decides now (``actor``); also keeps :meth:`current_hand` at hand."""
        phase = self.phase
        if phase is self.play_phase:
            at = self._punter_at
            self._hand = self.rows[at][self._hand_at]
            self.actor_name = self.punters[at]
            self.actor_hand = self._hand_at + 1
        elif phase is Phase.STAKES:
            self._stake_actor()
        else:
            self._house_actor(phase)

    def _stake_actor(self) -> None:
        """The seat in turn to stake (T4.2; C3), with its one hand, decides."""
        at = self._punter_at
        # mutant-equivalent: '0' -> '(-1)': at the stakes each punter holds one hand
        self._hand = self.rows[at][0]
        self.actor_name = self.punters[at]
        self.actor_hand = 1

    def _house_actor(self, phase: Phase) -> None:
        """Who decides in a phase of the game's own (the banker, T6.1, V3); here nobody: a
        casino dealer has no choices (C9)."""
        self.actor_hand = 0

    def house_hand(self) -> tuple[str | None, Hand | None]:
        """Who the seats play against and his hand: the banker and his (T3.2), the dealer's
        hand with no seat (C3, C4); each game's deal says."""
        return None, None

    def decision_rule(self, action: str, player: str, hand: int, rule: str) -> str:
        """The rule ``action`` is taken under now: ``rule``, its own (its action table row); a
        game whose word has several says which."""
        return rule

    def expected_decision(self) -> str:
        """Who must decide now and what, in words: ``ann to stake``, ``bob hand 2 to decide``."""
        actor = self.actor
        if actor is None:
            return f"the {self.DEAL_WORD} is over"
        who, hand = actor
        if self.phase is Phase.STAKES:
            return f"{who} to stake"
        return f"{who} hand {hand} to decide"

    def why_decide(self) -> tuple[str, str] | None:
        """Why the actor's hand must decide now, in words, and the rule that asks it: what
        replay says of a decision a log lacks (a soft 21, T5.8; under the least to stick on,
        T5.5; the banker short of a hard 21 and of five cards, T6.2; C6). None where the phase's
        own words say it (the stakes, T4.2; C3)."""
        return None

    def legal_actions(self) -> list[LegalAction]:
        """Every action the actor may take now, built from the :meth:`can` checks."""
        actor = self.actor
        if actor is None:
            return []
        player, hand = actor
        if self.phase is Phase.STAKES:
            low, high = self.stake_range()
            return [LegalAction("stake", low, high)]
        return self._decisions(player, hand)

    def stake_range(self) -> tuple[int, int]:
        """The least and most the punter in turn may stake (T3.3, T8.6; C3)."""
        return self.table.min_stake, min(self.table.max_stake, self._left(self._punter_at))

    def amount_range(self, action: str, player: str) -> tuple[int, int] | None:
        """The least and most the actor may put on ``action`` now, as :meth:`legal_actions`
        gives them (a stake; a game's own: a price, a shoot bet); None: no amount."""
        return self.stake_range() if action == "stake" else None

    def _decisions(self, player: str, hand: int) -> list[LegalAction]:
        """The actions the actor may take in the game's own phases (its play phase, T5, C6-C8;
        the banker's, T6.1, V3)."""
        raise NotImplementedError

    # the stakes (T4.2; C3) --------------------------------------------------------------------

    def turn_rule(self) -> str:
        """The rule the deal waits under now (T4.2 a stake, T5 a punter's hand, T6.1 the banker;
        C3, C6); once it is over, the rule that ended it (:meth:`end_rule`)."""
        rule = self.phase_rules.get(self.phase)
        return self.end_rule() if rule is None else rule

    def end_rule(self) -> str:
        """Why the deal took no more decisions: the rule that ended it."""
        raise NotImplementedError

    def _turn_problem(self, player: str, hand: int, phase: Phase, what: str) -> Refusal | None:
        """Whether ``player``'s hand ``hand`` may ``what`` now, in ``phase``: the phase's rule
        when the deal is elsewhere; out of turn, TURN_RULE (T3.1) or the phase's (C3, C6)."""
        if self.phase is not phase:
            return Refusal(
                self.phase_rules[phase],
                player,
                hand,
                "cannot {} now: the {} is at the {}",
                (what, self.DEAL_WORD, self.phase.value),
            )
        which = self.actor_hand
        if which == 0:  # pragma: no cover - the phase check above excludes it
            rule = self.OVER_RULE or self.phase_rules[phase]
            return Refusal(rule, player, hand, "cannot {}: the {} is over", (what, self.DEAL_WORD))
        who = self.actor_name
        if who != player or which != hand:
            turn = f"{who}'s hand {which}" if phase is self.play_phase else f"{who}'s turn"
            rule = self.TURN_RULE or self.phase_rules[phase]
            return Refusal(rule, player, hand, "cannot {}: it is {}", (what, turn))
        return None

    def stake_problem(self, player: str, amount: int | None) -> Refusal | None:
        """A stake in turn, a whole number (T7.3; C3) within the table's limits (T3.3; C3) and
        what the seat has left (T8.6; C3)."""
        problem = self._turn_problem(player, 1, Phase.STAKES, "stake")
        if problem is None:
            problem = amount_problem(amount, "stake", player, 1, self.STAKE_AMOUNT_RULE)
        if problem is not None or amount is None:  # amount_problem refuses None
            return problem
        return self._stake_room_problem(
            player, amount, self.STAKE_LIMITS_RULE, self.STAKE_BALANCE_RULE
        )

    # legality: one table a game, verify and can written once ----------------------------------

    def problem(
        self, action: str, player: str, hand: int = 1, amount: int | None = None
    ) -> Refusal | None:
        """Why ``player``'s hand ``hand`` may not take ``action`` now (a :class:`Refusal` with
        the rule ID), or None: each game's table of checks, one ``*_problem`` an action; here the
        stake (T4.2; C3), which every game opens with."""
        if action == "stake":
            return self.stake_problem(player, amount)
        return Refusal(
            self.turn_rule(), player, hand, "unknown action {!r} in this game", (action,)
        )

    def verify(self, action: str, player: str, hand: int = 1, amount: int | None = None) -> None:
        """Raise :class:`~pontoon_cli.core.errors.IllegalAction` if :meth:`problem` refuses."""
        raise_refusal(self.problem(action, player, hand, amount))

    def can(self, action: str, player: str, hand: int = 1, amount: int | None = None) -> bool:
        """Whether :meth:`problem` allows the action now; a "no" writes no message."""
        return self.problem(action, player, hand, amount) is None

    def stake(self, player: str, amount: int) -> Decision:
        """Place the seat's initial stake (T4.2; C3); the next seat stakes, and after the last
        the deal goes on by itself."""
        raise_refusal(self.stake_problem(player, amount))
        at = self._punter_at
        # mutant-equivalent: '0' -> '(-1)': at the stakes each punter holds one hand
        h = self.rows[at][0]
        h.initial = h.stake = amount
        self.staked_at[at] = self.staked_at[at] + amount
        event = Decision(player, 1, "stake", amount)
        self.events.append(event)
        self._punter_at += 1
        if self._punter_at < len(self.punters):  # the next seat stakes (T4.2; C3)
            self._stake_actor()
        else:
            self._go_on()
            self._find_actor()
        return event

    def act(self, player: str, hand: int, action: str, amount: int | None = None) -> Decision:
        """Take the decision ``action`` (a log or script word of the game's) through its own
        method."""
        raise NotImplementedError

    def _go_on(self) -> None:
        """Run the automatic phases after a decision. A game whose pack can run out voids the
        deal here when it does (T8.5); a casino shoe always holds a round's cards (C1)."""
        self._advance()

    def _advance(self) -> None:
        """Run the automatic phases until a seat must decide or the deal ends: the round every
        game plays, written once. The first cards (T4.1; none at a casino table), the stakes
        (T4.2; C3), the cards after them (T4.3; C4), the house's pontoon (T4.4; C5), the
        seats' hands in turn (T5; C6-C8), the house's turn (T6; C9: not when every hand is
        bust, T6.3), the settlement (T7; C2, C10, C11). Each game names its steps
        (:class:`RoundPhases`) and fills the hooks below."""
        phase = self.phase
        play = self.play_phase
        if phase is play and self._next_punter_hand():
            return  # the common case: the next decision is a seat's own (T5; C6-C8)
        if phase is Phase.FIRST_CARD:
            self._deal_first_cards()
            self.phase = phase = Phase.STAKES
            self._punter_at = 0
        if phase is Phase.STAKES:
            if self._punter_at < len(self.punters) or not self._stakes_done():
                return
            self.phase = phase = self.deal_phase
        if phase is self.deal_phase:
            self._deal_cards()
            self.phase = phase = self.pontoon_phase
        if phase is self.pontoon_phase:
            if self._house_pontoon():
                self.phase = Phase.SETTLEMENT
                self._settle_all()
                return
            self.phase = phase = play
            self._punter_at = 0
            self._hand_at = 0
        if phase is play:
            if self._next_punter_hand():
                return
            self.phase = phase = self.house_phase
            if self.every_hand_bust():
                self.phase = phase = Phase.SETTLEMENT  # T6.3; C9: nothing to play for
        if phase is self.house_phase:
            if not self._house_turn():
                return
            self.phase = phase = Phase.SETTLEMENT
        if phase is Phase.SETTLEMENT:
            self._settle_all()

    # the round's hooks: what each game does at each step -------------------------------------

    def _deal_first_cards(self) -> None:
        """The cards dealt before the stakes (T4.1); a casino round deals none (C4)."""

    def _stakes_done(self) -> bool:
        """Every seat has staked: True to deal on, False when a decision comes first (V3: the
        banker's double, which sets its own phase)."""
        return True

    def _deal_cards(self) -> None:
        """The cards dealt after the stakes (T4.3 the second card; C4 two cards each)."""
        raise NotImplementedError

    def _house_pontoon(self) -> bool:
        """Whether the house holds a pontoon, which ends the deal at once (T4.4; C5); a game
        records it here."""
        raise NotImplementedError

    def every_hand_bust(self) -> bool:
        """Every seat's hand went bust (each settled at once under BUST_RULE, T5.6; C6): the
        house has nothing to play for (T6.3; C9). Asked when the hands are done, and of a
        finished deal."""
        bust = self.BUST_RULE
        return all(h.rule == bust for row in self.rows for h in row)

    def _house_turn(self) -> bool:
        """The house's turn: True once it is over, False while the house has a decision to
        take (T6.1: the banker draws or stays; C9: the dealer draws by his rule, no decision)."""
        raise NotImplementedError

    def _settle_all(self) -> None:
        """Settle every hand still standing against the house's (T7; C2, C10, C11), then end
        the deal."""
        raise NotImplementedError

    def _stake_room_problem(
        self, player: str, amount: int, limits_rule: str, balance_rule: str
    ) -> Refusal | None:
        """An initial stake within the table's limits (T3.3; C3) and what ``player`` (the seat in
        turn) has left to put on the table (T8.6; C3): each game names its rules."""
        lo, hi = self.table.min_stake, self.table.max_stake
        if not lo <= amount <= hi:
            return Refusal(
                limits_rule,
                player,
                1,
                "cannot stake {}: the stake must be from {} to {}",
                (amount, lo, hi),
            )
        left = self._left(self._punter_at)
        if amount > left:
            return Refusal(
                balance_rule, player, 1, "cannot stake {} with a balance of {}", (amount, left)
            )
        return None

    # dealing ---------------------------------------------------------------------------------

    def _give(self, player: str, number: int, h: Hand, face_up: bool) -> Card:
        """The top card of the pack to ``player``'s hand ``number``; EmptyPack when none is left."""
        pack = self.pack
        top = pack.top
        cards = pack.cards
        if top >= len(cards):
            raise EmptyPack
        card = cards[top]
        pack.top = top + 1
        h.add(card, face_up)
        if self.card_events:
            self.events.append(CardDealt(player, number, card, face_up))
        return card

    # the hands in turn -----------------------------------------------------------------------

    def _pontoon_stops(self, h: Hand) -> bool:
        """Whether an ace and a ten-card ends the hand by itself (T5.1, C8): yes, unless a
        game's option says it is no pontoon (V7 (b))."""
        return True

    def _next_punter_hand(self) -> bool:
        """Move to the first hand still to play (in turn, each hand in order); True if any.

        A pontoon, five cards and a hard 21 end a hand by themselves (T5.1, T5.7, T5.8; C6, C8).
        """
        rows = self.rows
        while self._punter_at < len(rows):
            row = rows[self._punter_at]
            while self._hand_at < len(row):
                h = row[self._hand_at]
                if not h.done:
                    cards = len(h.cards)
                    if h.is_pontoon and self._pontoon_stops(h):
                        h.done = True  # T5.1, C8: a pontoon (V7 (b): not A + 10)
                    elif cards >= 5 or h.low >= 21:
                        h.done = True  # T5.7, C6 five cards; T5.8, C6 a hard 21
                    else:
                        return True
                self._hand_at += 1
            self._punter_at += 1
            self._hand_at = 0
        return False

    # splitting -------------------------------------------------------------------------------

    def _pair_problem(
        self, player: str, hand: int, h: Hand, by_value: bool, rule: str
    ) -> Refusal | None:
        """Only two cards of the same rank split (T5.2), or of the same value (C8: Q-K too)."""
        cards = h.cards
        if len(cards) == 2:
            a, b = cards[0], cards[1]
            if (a.value == b.value) if by_value else (a.rank == b.rank):
                return None
        shown = " ".join([c.text for c in cards])
        same = "value" if by_value else "rank"
        return Refusal(
            rule,
            player,
            hand,
            "cannot split {}: only two cards of the same {} split",
            (shown, same),
        )

    def _split_room_problem(
        self,
        player: str,
        hand: int,
        h: Hand,
        limit: int,
        rule: str,
        balance_rule: str,
        seat_word: str,
    ) -> Refusal | None:
        """A split of the actor's hand stays within ``limit`` hands (T5.2, C8) and the balance
        (T8.6, C8); ``seat_word`` names who holds them in the message (a punter, a player)."""
        at = self._punter_at
        if len(self.rows[at]) >= limit:
            return Refusal(
                rule,
                player,
                hand,
                "cannot split: {} hands is the most one {} may hold",
                (limit, seat_word),
            )
        left = self._left(at)
        if h.initial > left:
            return Refusal(
                balance_rule,
                player,
                hand,
                "cannot split: the new hand's stake {} is more than the balance {}",
                (h.initial, left),
            )
        return None

    def _split_current(self) -> tuple[Hand, Hand]:
        """Split the actor's pair: the second card starts a new hand directly after it, with
        the same initial stake on the table (T5.2, C8). Deals no card."""
        at = self._punter_at
        row = self.rows[at]
        h = row[self._hand_at]
        new = Hand(h.initial, from_split=True)
        h.from_split = True
        card = h.cards.pop()
        h.low -= card.value
        h.has_ace = any(c.is_ace for c in h.cards)
        new.add(card, False)
        row.insert(self._hand_at + 1, new)
        self.staked_at[at] = self.staked_at[at] + h.initial
        return h, new
