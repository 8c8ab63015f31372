"""Casino Pontoon (C1-C11): a round of player seats against the dealer, who is the house.

:class:`CasinoDeal` is a sibling of the traditional :class:`~pontoon_cli.traditional.deal.Deal` over
the shared :class:`~pontoon_cli.base.deal.DealBase` (the hands in play, dealing a card, the hands in
turn, a split with its cap and pair test as parameters). A round runs through its phases and
stops only where a seat has a choice::

    STAKES -> DEAL -> DEALER_PONTOON -> PLAYERS -> DEALER -> SETTLEMENT -> END

The stakes (C3) and the players' hands (C6-C8: hit, stand, double, split) are decisions; the deal
(C4), the dealer's pontoon (C5), the dealer's play (C9) and the settlement (C2, C10, C11) are
automatic phases: the dealer has no choices, and no strategy plays him. Each decision has one
legality check (``*_problem``: a :class:`Refusal` with the rule ID, or None; ``problem`` is
their table, ``verify`` raises its refusal, ``can`` tests it), used by live play, scenario scripts
and replay alike.

:class:`CasinoGame` carries the balances and the shoe from round to round (C1).
"""

from __future__ import annotations

from typing import Final

from pontoon_cli.base.deal import DealBase, LegalAction, Phase, RoundPhases
from pontoon_cli.base.game import GameBase
from pontoon_cli.base.refusal import Refusal, action_units, raise_refusal
from pontoon_cli.base.start import DealSetup, PackState
from pontoon_cli.core.actions import CASINO_ACTIONS
from pontoon_cli.core.cards import Card, new_pack
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.events import Decision
from pontoon_cli.core.hands import Hand, HandClass, described
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import DEALER, Rules, Table, round_cards
from pontoon_cli.core.settle import settle_casino

#: The least total a hand may stand on (C6). The exact solvers (strategy_casino) and the basic
#: table's reader (casino_basic) write C6 and C9 on their own, on purpose: an independent reading
#: the tests set against this one (tests/casino/test_casino_solver_rules.py,
#: tests/strategy/test_strategy.py).
STAND_MINIMUM: Final = 15
_PHASES: Final = RoundPhases(Phase.DEAL, Phase.DEALER_PONTOON, Phase.PLAYERS, Phase.DEALER)
_PHASE_RULE: Final = {Phase.STAKES: "C3", Phase.PLAYERS: "C6"}
#: A player's decisions on his hand, in the order legal_actions() lists them (C6-C8).
_DECISIONS: Final = ("hit", "stand", "double", "split")


def dealer_draws(h: Hand, hits_soft_17: bool) -> bool:
    """C9: the dealer hits 16 or less, and a soft 17 when ``hits_soft_17``; he stands on a hard
    17 or more and on a soft 18 or more, and stops at five cards (and when bust)."""
    if len(h.cards) >= 5 or h.low > 21:
        return False
    total = h.total
    if total < 17:
        return True
    return total == 17 and hits_soft_17 and total != h.low  # soft: an ace counts 11


class CasinoDeal(DealBase):
    """One casino round at ``table``, from the stakes to the settlement (C3-C11).

    ``setup.pack`` is the shoe as it stands before the round (top card first); the cards the
    round takes leave it, and ``pack`` holds the rest at the end. ``setup.balances`` are the
    seats' balances before the round; a seat that cannot cover the minimum stake sits the round
    out (C3).
    """

    DEAL_WORD = "round"
    TURN_RULE = ""  # out of turn: the phase's own rule, C3 or C6
    OVER_RULE = ""
    STAKE_AMOUNT_RULE = "C3"
    STAKE_LIMITS_RULE = "C3"
    STAKE_BALANCE_RULE = "C3"
    SEAT_WORD = "seat"
    BUST_RULE = "C6"

    def __init__(self, setup: DealSetup) -> None:
        super().__init__(setup, setup.table.seats, _PHASES, _PHASE_RULE)
        self.dealer_hand = Hand()
        self.dealer_pontoon = False  # C5
        self.house = 0  # what the house took (+) or paid (-) this round: -sum(nets)
        self._go_on()
        self._find_actor()

    # who acts (the stakes and the seat in turn: DealBase) -----------------------------------

    def end_rule(self) -> str:
        """Why the round took no more decisions: C5 the dealer's pontoon, else C9 (he played)."""
        return "C5" if self.dealer_pontoon else "C9"

    def house_hand(self) -> tuple[str | None, Hand | None]:
        """The dealer's hand; he holds no seat: the house (C3)."""
        return None, self.dealer_hand

    def why_decide(self) -> tuple[str, str] | None:
        """A player's hand short of a hard 21 and of five cards decides: it may stand only on
        15 or more, a soft 21 included (C6)."""
        if self.phase is not Phase.PLAYERS:
            return None
        h = self.current_hand()
        held = described(h)
        if h.total < STAND_MINIMUM:
            return f"{held}, which must take a card: the least to stand on is {STAND_MINIMUM}", "C6"
        return f"{held}, which may hit or stand", "C6"

    def _decisions(self, player: str, hand: int) -> list[LegalAction]:
        """A player's choices on his hand (C6-C8), built from the :meth:`can` checks."""
        return [LegalAction(a) for a in _DECISIONS if self.can(a, player, hand)]

    # legality: one check per decision ---------------------------------------------------------

    def hit_problem(self, player: str, hand: int) -> Refusal | None:
        """Hit: a card, while the lowest total is under 21 and the hand has fewer than five
        cards; a soft 21 may be hit (C6)."""
        problem = self._turn_problem(player, hand, Phase.PLAYERS, "hit")
        if problem is not None:
            return problem
        h = self.current_hand()
        # A five-card hand and a hard 21 end by themselves (C6), so neither is asked.
        if len(h.cards) >= 5:  # pragma: no cover - a five-card hand is finished (C6)
            return Refusal("C6", player, hand, "cannot hit: the hand has five cards")
        if h.low >= 21:  # pragma: no cover - a hard 21 is finished (C6)
            return Refusal("C6", player, hand, "cannot hit on a lowest total of {}", (h.low,))
        return None

    def stand_problem(self, player: str, hand: int) -> Refusal | None:
        """Stand only on a total of 15 or more (C6)."""
        problem = self._turn_problem(player, hand, Phase.PLAYERS, "stand")
        if problem is not None:
            return problem
        total = self.current_hand().total
        if total < STAND_MINIMUM:
            return Refusal(
                "C6",
                player,
                hand,
                "cannot stand on {}: the least is {}; hit",
                (total, STAND_MINIMUM),
            )
        return None

    def double_problem(self, player: str, hand: int) -> Refusal | None:
        """Double: once per hand, on two, three or four cards, a bet equal to the initial stake
        that the balance covers (C7)."""
        problem = self._turn_problem(player, hand, Phase.PLAYERS, "double")
        if problem is not None:
            return problem
        h = self.current_hand()
        if h.stake != h.initial:
            return Refusal("C7", player, hand, "cannot double: the hand has doubled once")
        if not 2 <= len(h.cards) <= 4:  # pragma: no cover - a hand in play holds 2 to 4 cards
            return Refusal(
                "C7", player, hand, "cannot double on {} cards: on 2, 3 or 4", (len(h.cards),)
            )
        left = self._left(self._punter_at)
        if h.initial > left:
            return Refusal(
                "C7",
                player,
                hand,
                "cannot double: the bet {} is more than the balance {}",
                (h.initial, left),
            )
        return None

    def ended_problem(self, player: str, hand: int, action: str) -> Refusal | None:
        """A hit or a double recorded for ``player``'s hand ``hand`` after five cards ended it
        by themselves (C6): a double is on two, three or four cards (C7), a hit on fewer than
        five (C6). None for any other hand or action: whose turn it is is the question."""
        rows = self.hands.get(player)
        if rows is None or not 1 <= hand <= len(rows) or action not in ("hit", "double"):
            return None
        cards = len(rows[hand - 1].cards)
        if cards < 5:
            return None
        if action == "double":
            return Refusal("C7", player, hand, "cannot double on {} cards: on 2, 3 or 4", (cards,))
        return Refusal("C6", player, hand, "cannot hit on {} cards: five end the hand", (cards,))

    def split_problem(self, player: str, hand: int) -> Refusal | None:
        """Split two cards of the same value (ten-cards mixed: Q-K) into two hands, up to
        ``split_hands`` hands, the new hand's stake within the balance (C8). A doubled hand
        holds three cards or more (C7: the double deals one), so it never splits."""
        problem = self._turn_problem(player, hand, Phase.PLAYERS, "split")
        if problem is not None:
            return problem
        h = self.current_hand()
        problem = self._pair_problem(player, hand, h, True, "C8")
        if problem is not None:
            return problem
        return self._split_room_problem(
            player, hand, h, self.rules.split_hands, "C8", "C8", "player"
        )

    def problem(
        self, action: str, player: str, hand: int = 1, amount: int | None = None
    ) -> Refusal | None:
        """The casino round's checks, one an action (C3, C6-C8)."""
        match action:
            case "hit":
                return self.hit_problem(player, hand)
            case "stand":
                return self.stand_problem(player, hand)
            case "double":
                return self.double_problem(player, hand)
            case "split":
                return self.split_problem(player, hand)
        return super().problem(action, player, hand, amount)

    # actions ---------------------------------------------------------------------------------

    def act(self, player: str, hand: int, action: str, amount: int | None = None) -> Decision:
        """Take the decision ``action`` (a log or script word) through its own method."""
        units = action_units(CASINO_ACTIONS, action, amount, player, hand, "C6")
        match action:
            case "stake":
                return self.stake(player, units)
            case "hit":
                return self.hit(player, hand)
            case "stand":
                return self.stand(player, hand)
            case "double":
                return self.double(player, hand)
            case "split":
                return self.split(player, hand)
        raise AssertionError(f"no method for the action {action!r}")  # pragma: no cover

    def hit(self, player: str, hand: int) -> Decision:
        """Hit: a card face up; a bust loses its stake at once (C6)."""
        raise_refusal(self.hit_problem(player, hand))
        h = self.current_hand()
        event = Decision(player, self._hand_at + 1, "hit")
        self.events.append(event)
        self._draw(player, h)
        return event

    def _draw(self, player: str, h: Hand) -> None:
        """A card face up to the hand in turn (a hit, C6, or a double's card, C7); a bust loses
        its whole stake at once (C6); then play goes on."""
        self._give(player, self._hand_at + 1, h, True)
        if h.low > 21:  # C6: bust, lost at once
            at = self._punter_at
            stake = h.stake
            h.done = h.settled = True
            h.net, h.rule, h.cls = -stake, "C6", HandClass.BUST
            self.net_at[at] = self.net_at[at] - stake
            self.house += stake
            self.staked_at[at] = self.staked_at[at] - stake
        self._advance()
        self._find_actor()

    def stand(self, player: str, hand: int) -> Decision:
        """Stand: the hand stays as it is (C6)."""
        raise_refusal(self.stand_problem(player, hand))
        event = Decision(player, self._hand_at + 1, "stand")
        self.events.append(event)
        self.current_hand().done = True
        self._advance()
        self._find_actor()
        return event

    def double(self, player: str, hand: int) -> Decision:
        """Double: a bet equal to the initial stake joins the hand's, one card is dealt face up,
        and the hand plays on (C7, as the project reads it: docs/rules.md, C7); a double on four
        cards gives the fifth, which ends the hand by itself."""
        raise_refusal(self.double_problem(player, hand))
        h = self.current_hand()
        h.stake += h.initial
        self.staked_at[self._punter_at] = self.staked_at[self._punter_at] + h.initial
        event = Decision(player, self._hand_at + 1, "double", h.initial)
        self.events.append(event)
        self._draw(player, h)
        return event

    def split(self, player: str, hand: int) -> Decision:
        """Split a pair into two hands, the new one staked as the first; each gets a second
        card, the first hand first (C8)."""
        raise_refusal(self.split_problem(player, hand))
        h, new = self._split_current()
        number = self._hand_at + 1
        event = Decision(player, number, "split", h.initial)
        self.events.append(event)
        self._give(player, number, h, True)
        self._give(player, number + 1, new, True)
        self._advance()  # an ace and a ten-card is a pontoon and ends the hand (C8)
        self._find_actor()
        return event

    # the automatic phases ----------------------------------------------------------------------

    def _deal_cards(self) -> None:
        """C4: two rounds, each seat in order face up, then the dealer face down."""
        dealer = self.dealer_hand
        rows = self.rows
        for _ in range(2):
            for at, p in enumerate(self.punters):
                self._give(p, 1, rows[at][0], True)
            self._give(DEALER, 1, dealer, False)

    def _house_pontoon(self) -> bool:
        """C5: the dealer's pontoon is shown, and every stake is lost."""
        self.dealer_pontoon = self.dealer_hand.is_pontoon
        return self.dealer_pontoon

    def _house_turn(self) -> bool:
        """C9: the dealer draws by his rule (soft 17 by ``dealer_hits_soft_17``); no choice."""
        dealer = self.dealer_hand
        hits = self.rules.dealer_hits_soft_17
        while dealer_draws(dealer, hits):
            self._give(DEALER, 1, dealer, True)
        return True

    def _settle_all(self) -> None:
        """Settle every hand still standing against the dealer's (C2, C5, C10, C11)."""
        d = self.dealer_hand
        d.cls = d.hand_class
        dealer_class = d.cls
        dealer_total = d.total
        net_at = self.net_at
        staked_at = self.staked_at
        for at, row in enumerate(self.rows):
            for h in row:
                if h.settled:
                    continue
                cls = h.hand_class
                net, rule = settle_casino(
                    dealer=dealer_class,
                    dealer_total=dealer_total,
                    player=cls,
                    player_total=h.total,
                    stake=h.stake,
                )
                h.net, h.rule, h.cls, h.settled, h.done = net, rule, cls, True, True
                net_at[at] = net_at[at] + net
                self.house -= net
                staked_at[at] = staked_at[at] - h.stake
        self.phase = Phase.END
        self.actor_hand = 0  # nobody decides: the round is over


class CasinoGame(GameBase):
    """Rounds at a casino table: the seats' balances and the shoe between rounds (C1, C3).

    The shoe is ``decks`` 52-card decks (0: an infinite shoe, drawn anew for every round). It is
    shuffled (:meth:`~pontoon_cli.core.rng.Rng.shuffle_from_top`, with a generator of its own
    spawned from the game's) before the first round, then every ``shuffle_every`` rounds, and also
    before any round it could not finish: whenever it holds fewer cards than one round can take
    (:func:`~pontoon_cli.core.rules.round_cards`). Between shuffles it carries over: the cards a
    round took are out of it until the next shuffle.

    ``pack`` is the shoe since the last shuffle, ``top`` how many of its cards are dealt, and
    ``fixed`` how far down it is shuffled: the shuffle fixes the top card first, so it is carried
    only as far as the rounds need. A round sees the whole rest of the shoe (a log records it),
    or, once :meth:`~pontoon_cli.base.game.GameBase.unlogged` says no log is written, only the
    cards it can take: the same cards either way, and a simulated round no longer pays for
    shuffling the 400 it never deals.
    """

    def __init__(self, rules: Rules, table: Table, rng: Rng) -> None:
        super().__init__(rules, table, rng)
        self.need = round_cards(rules, len(table.seats))
        self.rounds_since_shuffle = 0
        self.top = 0
        self.fixed = 0
        self.shuffler = rng  # replaced by the shuffle's own generator
        self._new_shoe()
        self.open_deal: CasinoDeal | None = None

    def _new_shoe(self) -> None:
        """C1: every deck back in the shoe, shuffled. An infinite shoe (``decks`` 0) is the
        cards of one round (round_cards), each drawn on its own from the 52 (``below(52)``, top
        card first): a log's ``pack`` holds them as drawn, so a round replays from its record."""
        if self.rules.decks == 0:
            deck = new_pack(1)
            rng = self.rng
            self.pack = [deck[rng.below(52)] for _ in range(self.need)]
            self.fixed = self.need
        else:
            self.pack = new_pack(self.rules.decks)
            self.shuffler = self.rng.spawn()  # this shuffle's draws, however far it is carried
            self.fixed = 0
        self.top = 0
        self.pack_state = PackState.SHUFFLED
        self.rounds_since_shuffle = 0

    def _shuffled_to(self, stop: int) -> None:
        """Carry the shuffle down to position ``stop`` (exclusive) of the shoe."""
        if stop > self.fixed:
            self.shuffler.shuffle_from_top(self.pack, self.fixed, stop)
            self.fixed = stop

    def _rest(self) -> list[Card]:
        """The shoe as it stands: the cards not yet dealt, shuffled to the bottom."""
        self._shuffled_to(len(self.pack))
        return self.pack[self.top :]

    def pack_now(self) -> list[Card]:
        """The shoe as the next round would take it: the cards not yet dealt, shuffled down."""
        return list(self._rest())

    def shuffle_again(self, before: list[Card]) -> list[Card]:
        """A new shoe (C1), as live play shuffles it: ``before`` goes back in with every deck."""
        self._new_shoe()
        return self.pack_now()

    def stack_refusal(self, position: int, card: Card) -> str:
        return (
            f"stacked card {position} {card.text!r} is stacked more often than the shoe holds "
            f"it now ({self.rules.decks} deck(s), less the cards dealt since the shuffle, C1)"
        )

    def stack(self, cards: list[Card]) -> None:
        """Put ``cards`` on top of the shoe; an infinite shoe (``decks`` 0) holds every card
        however often it is stacked, so the rest of it stays as drawn."""
        self.pack = self._rest()
        self.top = 0
        if self.rules.decks != 0:
            super().stack(cards)
        else:
            self.pack = list(cards) + self.pack
            self.pack_state = PackState.STACKED
        self.fixed = len(self.pack)

    def can_deal(self) -> bool:
        """True while some seat can cover the minimum stake (C3)."""
        least = self.table.min_stake
        return any(b >= least for b in self.balances.values())

    def start_deal(self) -> CasinoDeal:
        """Begin the next round from the shoe as it stands."""
        self.deals_played += 1
        if self.logged:  # the log's ``pack``: the rest of the shoe
            cards = self._rest()
        else:
            stop = min(self.top + self.need, len(self.pack))
            self._shuffled_to(stop)
            cards = self.pack[self.top : stop]
        deal = self.new_round(self.setup(cards))
        self.without_log(deal)
        self.open_deal = deal
        return deal

    def new_round(self, setup: DealSetup) -> CasinoDeal:
        """The round a table of this game deals from ``setup``: the hook a house's variant
        overrides with its own deal (replay re-deals through it too)."""
        return CasinoDeal(setup)

    def finish_deal(self, deal: DealBase) -> None:
        """Pay the nets; the shoe keeps what the round left, or is shuffled anew (C1)."""
        if not isinstance(deal, CasinoDeal):  # pragma: no cover - a game finishes its own
            raise PontoonError(f"round {deal.number} is not a casino round")
        self.pay_nets(deal)
        self.top += len(deal.pack_before) - len(deal.pack)
        self.open_deal = None
        self.rounds_since_shuffle += 1
        left = len(self.pack) - self.top
        if self.rounds_since_shuffle >= self.rules.shuffle_every or left < self.need:
            self._new_shoe()
        else:
            self.pack_state = PackState.CONTINUED
