"""The state of a traditional deal and the questions asked of it: who acts, and what is legal.

:class:`DealState` extends the shared :class:`~pontoon_cli.base.deal.DealBase` (the phases, the
hands in play, the refusals) with the banker and the traditional game's checks, and answers: who
decides now (:attr:`~DealState.actor`), what he may do (:meth:`~DealState.legal_actions`), and one
legality check per decision (``*_problem``: a :class:`Refusal` that says why, with the rule ID,
player and hand, or None; :meth:`~DealState.problem` is their table, ``verify`` raises its refusal
as an :class:`IllegalAction`, ``can`` tests it).
It takes no action: :class:`pontoon_cli.traditional.deal.Deal` extends it with the actions, the
automatic phases and the settlement.
"""

from __future__ import annotations

from typing import Final

from pontoon_cli.base.deal import DealBase, LegalAction, Phase, RoundPhases
from pontoon_cli.base.refusal import Refusal, amount_problem
from pontoon_cli.base.start import DealSetup
from pontoon_cli.core.actions import TRADITIONAL_ACTIONS, ActionTable
from pontoon_cli.core.hands import NO_GRADES, Hand, HandClass, described, rate
from pontoon_cli.core.settle import SETTLERS


class DealState(DealBase):
    """One deal's state: the table, the pack, the hands, the money, the phase and the actor.

    ``setup`` is what the deal starts from (:class:`~pontoon_cli.base.start.DealSetup`: the
    pack is taken over, top card first, and holds every card again at the end of the deal, in
    the order T8.1 gives); ``banker`` holds the bank. The deal runs to its first decision.
    Its methods read the state and decide nothing but legality; none of them moves a card or a unit.
    """

    DEAL_WORD = "deal"
    TURN_RULE = "T3.1"
    OVER_RULE = "T8"
    STAKE_AMOUNT_RULE = "T7.3"
    STAKE_LIMITS_RULE = "T3.3"
    STAKE_BALANCE_RULE = "T8.6"
    SEAT_WORD = "punter"
    BUST_RULE = "T5.6"

    def __init__(self, setup: DealSetup, banker: str) -> None:
        self.actions: ActionTable = TRADITIONAL_ACTIONS  # the words act() takes (Shoot: its own)
        seats = setup.table.seats
        at = seats.index(banker)
        order = seats[at + 1 :] + seats[:at]  # T3.1: clockwise from the banker's left
        # T8.6: a punter who cannot cover the minimum stake sits the deal out (DealBase).
        super().__init__(setup, order, _PHASES, _PHASE_RULE)
        rules = setup.rules
        self.banker = banker
        self.banker_hand = Hand()
        self._hand = self.banker_hand  # the actor's hand: see current_hand()
        self.banker_net = 0  # the banker's net (T7): ``nets`` gives it under his name
        self.banker_pontoon = False
        self.doubled = False  # V3: the banker doubled every stake
        # V8: the hand burning now and how many of the cards at the pack's bottom it burnt
        self._burner: Hand | None = None
        self._burnt_under = 0
        self.pontoon_in_deal = False
        self.next_banker = banker
        self._settle = SETTLERS[rules.settlement]
        # V6, V7: whether a hand's class may differ from T2's, so rated() must ask hands.rate
        self._house = rules.royal_pontoon or rules.pontoon_grades != NO_GRADES
        self._go_on()
        self._find_actor()

    # who acts (the stakes and the punter in turn: DealBase) -----------------------------------

    def _house_actor(self, phase: Phase) -> None:
        """The banker decides in his turn (T6.1) and on his double (V3)."""
        if phase is Phase.BANKER or phase is Phase.BANKER_DOUBLE:
            self._hand = self.banker_hand
            self.actor_name = self.banker
            self.actor_hand = 1
        else:
            self.actor_hand = 0

    def expected_decision(self) -> str:
        """Who must decide now and what, in words: the banker's decisions (T6.1, V3) here."""
        actor = self.actor
        if actor is not None:
            phase = self.phase
            if phase is Phase.BANKER:
                return f"{actor[0]} (the banker) to draw or stay"
            if phase is Phase.BANKER_DOUBLE:
                return f"{actor[0]} (the banker) to double or not"
        return super().expected_decision()

    def why_decide(self) -> tuple[str, str] | None:
        """A punter's hand short of a hard 21 and of five cards decides (T5.5, V2; a soft 21,
        T5.8), and so does the banker's (T6.2)."""
        phase = self.phase
        if phase is Phase.PUNTERS:
            h = self.current_hand()
            held = described(h)
            if h.total == 21:
                return f"{held}, which may stick or draw on", "T5.8"
            least = self.rules.stick_minimum
            rule = "T5.5" if least == 15 else "V2"
            if h.total < least:
                words = self.draw_words()
                return f"{held}, which must {words}: the least to stick on is {least}", rule
            return f"{held}, which may stick or draw", rule
        if phase is Phase.BANKER:
            held = described(self.banker_hand)
            if self.banker_hand.total == 21:
                return f"the banker's {held}, on which he may draw on or stay", "T6.2"
            return (
                f"the banker's {held}: short of a hard 21 and of five cards, he draws or stays",
                "T6.2",
            )
        return None

    def draw_words(self) -> str:
        """What the actor's hand may do beside sticking, in words: ``buy or twist``, ``twist``
        after a twist (T5.4), ``buy, twist or split`` on a pair (T5.2)."""
        may = [
            a.action
            for a in self._decisions(self.actor_name, self.actor_hand)
            if a.action != "stick" and a.action != "shoot"
        ]
        return ", ".join(may[:-1]) + f" or {may[-1]}" if len(may) > 1 else "".join(may)

    def end_rule(self) -> str:
        """Why the deal ended: the rule that takes no more decisions."""
        if self.void:
            return "T8.5"
        if self.banker_pontoon:
            return "T4.4"
        if banker_stops(self.banker_hand):
            return "T6.2"
        if self.every_hand_bust():
            return "T6.3"
        return "T6.1"

    def _decisions(self, player: str, hand: int) -> list[LegalAction]:
        """The banker's choices (T6.1, V3), or a punter's on his hand (T5), built from the
        :meth:`can` checks."""
        if self.phase is Phase.BANKER:
            return [LegalAction("draw"), LegalAction("stay")]
        if self.phase is Phase.BANKER_DOUBLE:
            return [LegalAction("double"), LegalAction("no_double")]
        out = []
        if self.can("buy", player, hand):
            low, high = self._price_range()
            out.append(LegalAction("buy", low, high))
        out.extend([LegalAction(a) for a in _HAND_DECISIONS if self.can(a, player, hand)])
        return out

    # legality: one check per decision ---------------------------------------------------------
    #
    # Each decision has one check, ``*_problem``: None when the decision is legal, else the
    # Refusal that says why (rule ID, player, hand, the message not yet written). ``problem`` is
    # the table of them; ``verify`` raises its refusal as an IllegalAction; ``can`` tests it, so
    # an ordinary "no" costs no exception and no formatting (docs/development/style.md, "The
    # engine").

    def amount_range(self, action: str, player: str) -> tuple[int, int] | None:
        return self._price_range() if action == "buy" else super().amount_range(action, player)

    def _price_range(self) -> tuple[int, int]:
        """The least and most the hand in turn may pay for a card now (T5.3, T8.6)."""
        low, high = self.buy_range(self.current_hand())
        return low, min(high, self._left(self._punter_at))

    def buy_range(self, hand: Hand) -> tuple[int, int]:
        """The least and most a hand may pay for its next card (T5.3)."""
        s = hand.initial
        last = hand.last_price
        return s, (2 * s if last == 0 else last)

    def buy_problem(self, player: str, hand: int, amount: int | None) -> Refusal | None:
        """Buy a card face down (T5.3); ``amount`` None checks everything but the price."""
        problem = self._turn_problem(player, hand, Phase.PUNTERS, "buy")
        if problem is not None:
            return problem
        h = self.current_hand()
        problem = _draw_problem(h, "buy", player, hand, "T5.3")
        if problem is not None:
            return problem
        if h.twisted:
            return Refusal("T5.4", player, hand, "cannot buy after a twist")
        if self.rules.no_bought_sure_thing and len(h.cards) == 4 and h.low <= 11:
            return Refusal(
                "V5",
                player,
                hand,
                "cannot buy a fifth card on four cards totalling {}: twist it",
                (h.low,),
            )
        left = self._left(self._punter_at)
        if amount is None:
            if left < h.initial:
                return Refusal(
                    "T8.6",
                    player,
                    hand,
                    "cannot buy: the least price is {} with a balance of {}: " + self.LEFT_PARTS,
                    (h.initial, left, *self._left_parts(self._punter_at)),
                )
            return None
        problem = amount_problem(amount, "buy", player, hand)
        if problem is not None:
            return problem
        lo, hi = self.buy_range(h)
        if not lo <= amount <= hi:
            nth = _ORDINAL[len(h.cards) + 1]
            why = (
                "2 × the stake"
                if h.last_price == 0
                else f"the price of the {_ORDINAL[len(h.cards)]}"
            )
            return Refusal(
                "T5.3",
                player,
                hand,
                "cannot buy the {} card for {}: the price must be from {} to {} ({})",
                (nth, amount, lo, hi, why),
            )
        if amount > left:
            return Refusal(
                "T8.6",
                player,
                hand,
                "cannot buy for {} with a balance of {}: " + self.LEFT_PARTS,
                (amount, left, *self._left_parts(self._punter_at)),
            )
        return None

    #: What makes up what a punter has left (T8.6), after a refusal's message:
    #: :meth:`_left_parts` gives its numbers.
    LEFT_PARTS = "{} before the deal{}, less {} staked"

    def _left_parts(self, at: int) -> tuple[object, ...]:
        """The numbers :attr:`LEFT_PARTS` shows for the punter at ``at``: his balance before the
        deal, what his hands settled so far won or lost (``, -4 settled``), his open stakes."""
        net = self.net_at[at]
        return self.before_at[at], f", {net:+d} settled" if net else "", self.staked_at[at]

    def twist_problem(self, player: str, hand: int) -> Refusal | None:
        """Twist a card face up (T5.4)."""
        problem = self._turn_problem(player, hand, Phase.PUNTERS, "twist")
        if problem is not None:
            return problem
        return _draw_problem(self.current_hand(), "twist", player, hand, "T5.4")

    def stick_problem(self, player: str, hand: int) -> Refusal | None:
        """Stick when some value of the hand is from the stick minimum to 21 (T5.5)."""
        problem = self._turn_problem(player, hand, Phase.PUNTERS, "stick")
        if problem is not None:
            return problem
        h = self.current_hand()
        least = self.rules.stick_minimum
        total = h.total  # the best value (T1.2): if under the least, no value reaches it
        if total < least:
            rule = "T5.5" if least == 15 else "V2"
            return Refusal(
                rule,
                player,
                hand,
                "cannot stick on {}: the least is {}; buy or twist",
                (h.total, least),
            )
        return None

    def split_problem(self, player: str, hand: int) -> Refusal | None:
        """Split two cards of the same rank into two hands, up to the cap (T5.2, V1, T8.6)."""
        problem = self._turn_problem(player, hand, Phase.PUNTERS, "split")
        if problem is not None:
            return problem
        h = self.current_hand()
        problem = self._pair_problem(player, hand, h, False, "T5.2")
        if problem is not None:
            return problem
        if self.rules.split_aces_only and not h.cards[0].is_ace:
            return Refusal("V1", player, hand, "cannot split: only a pair of aces splits")
        return self._split_room_problem(
            player, hand, h, self.rules.max_hands, "T5.2", "T8.6", "punter"
        )

    def draw_problem(self, player: str) -> Refusal | None:
        """The banker draws a card face up (T6.1)."""
        return self._turn_problem(player, 1, Phase.BANKER, "draw")

    def stay_problem(self, player: str) -> Refusal | None:
        """The banker stays; he has no minimum total (T6.1)."""
        return self._turn_problem(player, 1, Phase.BANKER, "stay")

    def burn_problem(self, player: str, hand: int) -> Refusal | None:
        """Burn the hand's first two cards when they make the hard total ``burn_on`` (V8)."""
        burn_on = self.rules.burn_on
        if burn_on is None:
            return Refusal("V8", player, hand, "cannot burn: these rules have no burning (burn_on)")
        problem = self._turn_problem(player, hand, Phase.PUNTERS, "burn")
        if problem is not None:
            return problem
        cards = self.current_hand().cards
        if len(cards) != 2:
            return Refusal("V8", player, hand, "cannot burn: only a hand's first two cards burn")
        # Two cards holding an ace have a lowest total of at most 11, so a lowest total of 13 or
        # 14 is a hard total: A-2 (soft 13) and A-3 (soft 14) never burn.
        if self.current_hand().low != burn_on:
            shown = " ".join([c.text for c in cards])
            return Refusal(
                "V8", player, hand, "cannot burn {}: only a hard {} burns", (shown, burn_on)
            )
        fresh = self.burn_fresh()
        if fresh < 2:
            return Refusal(
                "V8",
                player,
                hand,
                "cannot burn: a burn deals two new cards and the pack holds {} this hand has "
                "not burnt",
                (fresh,),
            )
        return None

    def burn_fresh(self) -> int:
        """V8: the cards in the pack the current hand has not burnt, which a burn may deal it.

        The cards a hand burns go to the bottom of the pack while it holds the turn, and nothing
        else goes under them until it is over (only its own bust would, which ends it); the
        cards dealt to it come off the top. So the hand's burnt cards are the bottom
        ``_burnt_under`` of the pack, or the whole pack once the top has reached them. Each
        burn takes two fresh cards and puts two burnt ones under, so a hand burns at most half
        the pack's cards in a row: burning always ends."""
        n = len(self.pack)
        if self._burner is not self._hand:
            return n
        return n - min(self._burnt_under, n)

    def double_problem(self, player: str, action: str) -> Refusal | None:
        """The banker doubles every stake, or says he does not, after the stakes (V3)."""
        if not self.rules.banker_doubles:
            return Refusal(
                "V3", player, 1, "cannot {}: these rules have no banker's double", (action,)
            )
        return self._turn_problem(player, 1, Phase.BANKER_DOUBLE, action.replace("_", " "))

    def problem(
        self, action: str, player: str, hand: int = 1, amount: int | None = None
    ) -> Refusal | None:
        """The traditional game's checks, one an action (T4.2, T5.2-T5.5, T6.1, V3, V8)."""
        match action:
            case "buy":
                return self.buy_problem(player, hand, amount)
            case "twist":
                return self.twist_problem(player, hand)
            case "stick":
                return self.stick_problem(player, hand)
            case "split":
                return self.split_problem(player, hand)
            case "burn":
                return self.burn_problem(player, hand)
            case "draw":
                return self.draw_problem(player)
            case "stay":
                return self.stay_problem(player)
            case "double" | "no_double":
                return self.double_problem(player, action)
        return super().problem(action, player, hand, amount)

    # views for strategies and logs -------------------------------------------------------------

    def house_hand(self) -> tuple[str | None, Hand | None]:
        """The banker and his hand (T3.2)."""
        return self.banker, self.banker_hand

    def _house_net(self, nets: dict[str, int]) -> None:
        nets[self.banker] = self.banker_net

    def _pontoon_stops(self, h: Hand) -> bool:
        """T5.1: a pontoon ends the hand, unless V7 (b) makes A + 10 a two-card 21."""
        return self.rated(h, True)[0] is HandClass.PONTOON

    def rated(self, h: Hand, punter: bool) -> tuple[HandClass, int]:
        """The hand's class and grade under these rules' house options (V6, V7: hands.rate)."""
        if not self._house:
            return h.hand_class, 0  # the traditional game: T2's class, no grades
        rules = self.rules
        return rate(h.hand_class, h.cards, rules.royal_pontoon, rules.pontoon_grades, punter)


def banker_stops(b: Hand) -> bool:
    """T6.2: the banker stops by himself at hard 21, on five cards, or bust."""
    return b.low >= 21 or len(b.cards) >= 5


def _draw_problem(h: Hand, what: str, player: str, hand: int, rule: str) -> Refusal | None:
    if len(h.cards) >= 5:  # pragma: no cover - a five-card hand is finished (T5.7)
        return Refusal("T5.7", player, hand, "cannot {}: the hand has five cards", (what,))
    if h.low >= 21:  # pragma: no cover - a hard 21 is finished (T5.8)
        return Refusal(rule, player, hand, "cannot {} on a lowest total of {}", (what, h.low))
    return None


_ORDINAL = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 2: "2nd"}
#: A punter's decisions on his hand after a buy, in the order legal_actions() lists them (T5).
_HAND_DECISIONS: Final = ("twist", "stick", "split", "burn")
_PHASES: Final = RoundPhases(Phase.SECOND_CARD, Phase.BANKER_PONTOON, Phase.PUNTERS, Phase.BANKER)
_PHASE_RULE: Final = {
    Phase.STAKES: "T4.2",
    Phase.BANKER_DOUBLE: "V3",
    Phase.PUNTERS: "T5",
    Phase.BANKER: "T6.1",
}
