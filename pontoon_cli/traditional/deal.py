"""The traditional deal as a state machine: the actions, the automatic phases and the settlement.

The automatic phases (dealing, the pontoon check, settlement) run by themselves; the deal stops only
where a player has a choice, and says who through :attr:`Deal.actor`. Each decision has one legality
check (``*_problem`` in :class:`~pontoon_cli.traditional.legality.DealState`, returning a
:class:`~pontoon_cli.traditional.legality.Refusal` with the rule ID, player and hand, or None;
``verify`` raises it as an :class:`IllegalAction`, ``can`` tests it); the action method here
calls it, acts, and returns the event it recorded. Live play, scenario scripts and replay all go
through these same methods.

Each action then calls its automatic step directly, in a ``try`` that voids the deal when the
pack runs out (T8.5), and then finds who decides next.
"""

from __future__ import annotations

from pontoon_cli.base.deal import Phase
from pontoon_cli.base.refusal import action_units, raise_refusal
from pontoon_cli.base.start import EmptyPack
from pontoon_cli.core.events import CardDealt, Decision
from pontoon_cli.core.hands import Hand, HandClass
from pontoon_cli.traditional.legality import DealState, banker_stops


class Deal(DealState):
    """One deal at the table, from the first card to the end of the deal (T4–T8): built as
    :class:`~pontoon_cli.traditional.legality.DealState` says, from a
    :class:`~pontoon_cli.base.start.DealSetup` and the banker."""

    # actions ---------------------------------------------------------------------------------

    def act(self, player: str, hand: int, action: str, amount: int | None = None) -> Decision:
        """Take the decision ``action`` (a log or script word) through its own method.

        The event records the engine's own hand number, whatever equal value the caller gave.
        """
        units = action_units(self.actions, action, amount, player, hand, "T5")
        match action:
            case "stake":
                return self.stake(player, units)
            case "buy":
                return self.buy(player, hand, units)
            case "twist":
                return self.twist(player, hand)
            case "stick":
                return self.stick(player, hand)
            case "split":
                return self.split(player, hand)
            case "draw":
                return self.draw(player)
            case "stay":
                return self.stay(player)
            case "burn":
                return self.burn(player, hand)
            case "double":
                return self.double(player)
            case "no_double":
                return self.no_double(player)
        raise AssertionError(f"no method for the action {action!r}")  # pragma: no cover

    def _go_on(self) -> None:
        """Run the automatic phases; an empty pack voids the deal (T8.5)."""
        try:
            self._advance()
        except EmptyPack:
            self._void()

    def buy(self, player: str, hand: int, amount: int) -> Decision:
        """Buy a card face down, adding ``amount`` to the hand's stake (T5.3)."""
        raise_refusal(self.buy_problem(player, hand, amount))
        h = self.current_hand()
        h.last_price = amount
        h.stake += amount
        self.staked_at[self._punter_at] = self.staked_at[self._punter_at] + amount
        event = Decision(player, self._hand_at + 1, "buy", amount)
        self.events.append(event)
        try:
            self._draw_to_punter(h, False)
        except EmptyPack:
            self._void()
        self._find_actor()
        return event

    def twist(self, player: str, hand: int) -> Decision:
        """Twist a card face up; the stake is unchanged (T5.4)."""
        raise_refusal(self.twist_problem(player, hand))
        h = self.current_hand()
        h.twisted = True
        event = Decision(player, self._hand_at + 1, "twist")
        self.events.append(event)
        try:
            self._draw_to_punter(h, True)
        except EmptyPack:
            self._void()
        self._find_actor()
        return event

    def stick(self, player: str, hand: int) -> Decision:
        """Stick: the hand stands as it is (T5.5)."""
        raise_refusal(self.stick_problem(player, hand))
        event = Decision(player, self._hand_at + 1, "stick")
        self.events.append(event)
        self.current_hand().done = True
        self._advance()  # deals no card: the next hand, the banker's turn or the settlement
        self._find_actor()
        return event

    def split(self, player: str, hand: int) -> Decision:
        """Split a pair into two hands, staking ``s`` on the new one (T5.2)."""
        raise_refusal(self.split_problem(player, hand))
        h, new = self._split_current()
        event = Decision(player, self._hand_at + 1, "split", h.initial)
        self.events.append(event)
        try:
            self._deal_split(player, h, new)
        except EmptyPack:
            self._void()
        self._find_actor()
        return event

    def draw(self, player: str) -> Decision:
        """The banker draws a card face up (T6.1)."""
        raise_refusal(self.draw_problem(player))
        event = Decision(player, 1, "draw")
        self.events.append(event)
        try:
            self._draw_to_banker()
        except EmptyPack:
            self._void()
        self._find_actor()
        return event

    def stay(self, player: str) -> Decision:
        """The banker stays on what he holds (T6.1)."""
        raise_refusal(self.stay_problem(player))
        event = Decision(player, 1, "stay")
        self.events.append(event)
        self.phase = Phase.SETTLEMENT
        self._settle_all()  # T7: the banker stays, every hand still standing is settled
        self.actor_hand = 0  # nobody decides: the deal is over
        return event

    def burn(self, player: str, hand: int) -> Decision:
        """Burn the hand's first two cards (V8): shown, to the bottom of the pack in the order
        dealt, and two new cards dealt face down; the stake stays."""
        raise_refusal(self.burn_problem(player, hand))
        h = self.current_hand()
        number = self._hand_at + 1
        event = Decision(player, number, "burn")
        self.events.append(event)
        burnt = h.cards
        if self.card_events:
            for card in burnt:  # shown: in the log as cards face up to the hand
                self.events.append(CardDealt(player, number, card, True))
        if self._burner is not h:  # the hand's first burn: no card under the pack is its own
            self._burner = h
            self._burnt_under = 0
        self._burnt_under += 2
        self.pack.extend(burnt)
        h.cards = []
        h.low = h.up_low = h.up_cards = 0
        h.has_ace = False
        try:
            self._give(player, number, h, False)
            self._give(player, number, h, False)
            self._advance()  # a pontoon or a new hard 13 (burn again) is the hand's own affair
        except EmptyPack:  # pragma: no cover - burn_problem: two fresh cards are in the pack
            self._void()
        self._find_actor()
        return event

    def double(self, player: str) -> Decision:
        """The banker doubles every stake, having seen his first card (V3)."""
        raise_refusal(self.double_problem(player, "double"))
        self.doubled = True
        return self._after_double(Decision(player, 1, "double"))

    def no_double(self, player: str) -> Decision:
        """The banker leaves the stakes as they are (V3)."""
        raise_refusal(self.double_problem(player, "no_double"))
        return self._after_double(Decision(player, 1, "no_double"))

    def _after_double(self, event: Decision) -> Decision:
        self.events.append(event)
        self.phase = Phase.SECOND_CARD
        self._go_on()
        self._find_actor()
        return event

    # dealing ---------------------------------------------------------------------------------

    def _draw_to_punter(self, h: Hand, face_up: bool) -> None:
        at = self._punter_at
        player = self.punters[at]
        self._give(player, self._hand_at + 1, h, face_up)
        if h.low > 21:  # T5.6: thrown in at once, settled at once, cards to the bottom
            h.done = h.settled = True
            lost = 2 * h.stake if self.doubled else h.stake  # V3: a doubled stake is lost
            h.net, h.rule, h.cls = -lost, "T5.6", HandClass.BUST
            self.net_at[at] = self.net_at[at] - lost
            self.banker_net += lost
            self.staked_at[at] = self.staked_at[at] - h.stake
            self.pack.extend(h.cards)
            self._busted(player, h)  # before the deal moves on: it may end with this bust (T6.3)
        self._advance()

    def _busted(self, player: str, h: Hand) -> None:
        """A punter hand has just gone bust and been settled (T5.6): Shoot settles its shoot
        bets here (S6). Nothing more in the traditional deal."""

    def _deal_split(self, player: str, h: Hand, new: Hand) -> None:
        number = self._hand_at + 1
        self._give(player, number, h, False)  # T5.2: first hand first
        self._give(player, number + 1, new, False)
        self._advance()

    def _draw_to_banker(self) -> None:
        self._give(self.banker, 1, self.banker_hand, True)
        self._advance()

    # the round's steps (DealBase._advance walks them) ---------------------------------------

    def _deal_first_cards(self) -> None:
        """T4.1: one card face down to each punter from the banker's left, then the banker."""
        self._one_each()

    def _stakes_done(self) -> bool:
        """V3: with ``banker_doubles`` the banker decides first, seeing his first card."""
        if self.rules.banker_doubles:
            self.phase = Phase.BANKER_DOUBLE
            return False
        return True

    def _deal_cards(self) -> None:
        """T4.3: a second card face down to each punter, the banker last."""
        self._one_each()

    def _house_pontoon(self) -> bool:
        """T4.4: the banker's pontoon (V7 (b): A + 10 is none) ends the deal."""
        if self.rated(self.banker_hand, False)[0] is HandClass.PONTOON:
            self.banker_pontoon = True
            return True
        return False

    def _house_turn(self) -> bool:
        """T6.1: the banker draws or stays; T6.2: he stops by himself at hard 21, five cards
        or bust."""
        return banker_stops(self.banker_hand)

    def _one_each(self) -> None:
        """A card face down to each punter's hand, in turn, then the banker's (T4.1, T4.3)."""
        rows = self.rows
        for at, p in enumerate(self.punters):
            self._give(p, 1, rows[at][0], False)
        self._give(self.banker, 1, self.banker_hand, False)

    # settlement and the end of the deal ----------------------------------------------------------

    def _settle_all(self) -> None:
        """Settle every hand still standing (T7, T4.4), then end the deal (T8)."""
        b = self.banker_hand
        banker_class, banker_grade = self.rated(b, False)
        b.cls = banker_class
        banker_total = b.total
        settler = self._settle  # its method called on it: natively when compiled
        rules = self.rules
        net_at = self.net_at
        staked_at = self.staked_at
        doubled = self.doubled
        to_banker = 0
        for at, row in enumerate(self.rows):
            for h in row:
                if h.settled:
                    continue
                cls, grade = self.rated(h, True)  # V6, V7
                net, rule = settler.settle(
                    rules,
                    banker=banker_class,
                    banker_total=banker_total,
                    banker_grade=banker_grade,
                    punter=cls,
                    punter_total=h.total,
                    punter_grade=grade,
                    stake=h.stake,
                    doubled=doubled,  # V3
                )
                h.net, h.rule, h.cls, h.settled, h.done = net, rule, cls, True, True
                net_at[at] = net_at[at] + net
                to_banker -= net
                staked_at[at] = staked_at[at] - h.stake
        self.banker_net += to_banker
        self._end()

    def _void(self) -> None:
        """T8.5: the pack is empty; stakes still on the table go back; nothing else is paid."""
        self.void = True
        for row in self.rows:
            for h in row:
                if not h.settled:
                    h.done = h.settled = True
                    h.net, h.rule, h.cls = 0, "T8.5", self.rated(h, True)[0]
        self.banker_hand.cls = self.rated(self.banker_hand, False)[0]
        staked_at = self.staked_at
        for at in range(len(staked_at)):
            staked_at[at] = 0
        self._end()

    def _end(self) -> None:
        """T8.1–T8.3: cards to the bottom in order, a pontoon calls for a shuffle, next banker.

        A pontoon is one by the house options (V7 (b): A + 10 is not; V6: a royal pontoon is not
        a pontoon for T8.2 and T8.3). T8.3 follows the grade (V7): a punter's unsplit pontoon takes
        the bank when the banker had no pontoon or one of a lower grade; of several, the highest
        grade, then the first from the banker's left.
        """
        self.phase = Phase.END
        pack = self.pack
        banker = self.banker_hand
        pontoon = self.banker_pontoon or banker.cls is HandClass.PONTOON
        # the grade a punter's pontoon must pass to take the bank (T8.3, V7); -1: any pontoon
        best = self.rated(banker, False)[1] if self.banker_pontoon else -1
        rows = self.rows
        for at, p in enumerate(self.punters):
            for h in rows[at]:
                if h.low <= 21:  # bust hands went to the bottom already (T5.6)
                    pack.extend(h.cards)
                    if h.is_pontoon:
                        cls, grade = self.rated(h, True)
                        if cls is not HandClass.PONTOON:
                            continue  # V7 (b): A + 10 is a two-card 21
                        pontoon = True
                        if not h.from_split and not self.void and grade > best:
                            best = grade
                            self.next_banker = p  # T8.3: the highest grade, the first from the left
        pack.extend(banker.cards)
        self.pontoon_in_deal = pontoon or self.void  # T8.2 (and T8.5: void deals shuffle too)
