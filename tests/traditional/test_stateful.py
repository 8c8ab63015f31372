"""A hypothesis state machine: random legal actions over several deals of a game.

After every step the deal's invariants hold (support.engine.check_deal); between deals money and
cards are conserved. A second rule tries actions that ``legal_actions()`` does not offer and checks
that each is refused with IllegalAction and leaves the deal as it was.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from support.engine import RULES, check_deal, table

from pontoon_cli.core.cards import Card, new_pack
from pontoon_cli.core.errors import IllegalAction, PontoonError
from pontoon_cli.core.events import CardDealt, Decision
from pontoon_cli.core.rng import Rng
from pontoon_cli.traditional.engine import Deal, Game, LegalAction, Phase

WORDS = ("stake", "buy", "twist", "stick", "split", "burn", "draw", "stay", "double", "no_double")
# decisions of the player, not of one of his hands
UNHANDED = ("stake", "draw", "stay", "double", "no_double")
#: The rules a game is played under: the traditional game, and with the options V3 and V8.
RULE_SETS = (
    RULES,
    RULES.with_overrides({"banker_doubles": True}),
    RULES.with_overrides({"burn_on": 13}),
    RULES.with_overrides({"burn_on": 14, "banker_doubles": True}),
)


def allowed(deal: Deal, player: str, hand: int, action: str, amount: int | None) -> bool:
    """Whether legal_actions() offers this decision to this player and hand."""
    actor = deal.actor
    if actor is None or actor[0] != player or (action not in UNHANDED and actor[1] != hand):
        return False
    for legal in deal.legal_actions():
        if legal.action != action:
            continue
        if legal.low is None or legal.high is None:
            return amount is None
        return amount is not None and legal.low <= amount <= legal.high
    return False


def snapshot(deal: Deal) -> tuple[object, ...]:
    return (
        len(deal.events),
        tuple(deal.pack),
        dict(deal.nets),
        dict(deal.on_table),
        deal.phase,
        deal.actor,
        [tuple(h.cards) for _, _, h in deal.hands_in_order()],
    )


class GameMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.deal: Deal | None = None
        self.full: Counter[Card] = Counter()
        self.money = 0

    @initialize(
        seed=st.integers(0, 2**64 - 1),
        seats=st.integers(2, 9),
        bankroll=st.sampled_from([10, 30, 1000]),
        low=st.integers(1, 3),
        spread=st.integers(0, 8),
        options=st.integers(0, len(RULE_SETS) - 1),
    )
    def start_game(
        self, seed: int, seats: int, bankroll: int, low: int, spread: int, options: int
    ) -> None:
        names = tuple(f"p{i}" for i in range(seats))
        t = table(names, banker=None, bankroll=bankroll, min_stake=low, max_stake=low + spread)
        rules = RULE_SETS[options]
        note(f"banker_doubles {rules.banker_doubles}, burn_on {rules.burn_on} (V3, V8)")
        self.game = Game(rules, t, Rng(seed))
        self.full = Counter(new_pack(RULES.pack_count(seats)))
        self.money = sum(self.game.balances.values())
        note(f"seed {seed}: {seats} seats, bankroll {bankroll}, stakes {low}-{low + spread}")
        note(f"cut {[{p: c.text for p, c in cut.items()} for cut in self.game.cut_rounds]}")
        self._next_deal()

    def _next_deal(self) -> None:
        assert self.game is not None
        try:
            self.deal = self.game.start_deal()
        except PontoonError as err:  # T8.6: nobody left who can cover the minimum stake
            note(str(err))
            self.deal = None
            return
        d = self.deal
        note(f"deal {d.number}: banker {d.banker}, punters {d.punters}, out {d.sitting_out}")

    def _playing(self) -> bool:
        return self.deal is not None and self.deal.phase is not Phase.END

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        deal = self.deal
        assert deal is not None and deal.actor is not None
        player, hand = deal.actor
        choice: LegalAction = data.draw(st.sampled_from(deal.legal_actions()), label="action")
        amount = None
        if choice.low is not None and choice.high is not None:
            amount = data.draw(st.integers(choice.low, choice.high), label="amount")
        if deal.phase is not Phase.STAKES:
            h = deal.current_hand()
            note(f"  {player}:{hand} holds {' '.join(c.text for c in h.cards)} ({h.total})")
        before = len(deal.events)
        paid = deal.current_hand().initial if choice.action == "split" else amount  # T5.2
        event = deal.act(player, hand, choice.action, amount)
        assert event == Decision(player, hand, choice.action, paid)
        assert deal.events[before] is event
        drawn = [e.card.text for e in deal.events[before + 1 :] if isinstance(e, CardDealt)]
        note(f"  {player}:{hand} {choice.action} {amount or ''} -> {' '.join(drawn)}")

    @precondition(lambda self: self._playing())
    @rule(
        player=st.integers(0, 8),
        hand=st.integers(1, 4),
        action=st.sampled_from(WORDS),
        amount=st.none() | st.integers(-2, 40),
    )
    def refused_action(self, player: int, hand: int, action: str, amount: int | None) -> None:
        deal = self.deal
        assert deal is not None
        seats = deal.table.seats
        name = seats[player % len(seats)]
        if allowed(deal, name, hand, action, amount):
            return
        before = snapshot(deal)
        try:
            deal.act(name, hand, action, amount)
        except IllegalAction as err:
            assert err.rule and str(err).endswith(f"({err.rule})")
        else:
            raise AssertionError(f"{name}:{hand} {action} {amount} was not refused")
        assert snapshot(deal) == before

    @precondition(lambda self: self.deal is not None and self.deal.phase is Phase.END)
    @rule(sell=st.booleans(), data=st.data())
    def next_deal(self, sell: bool, data: st.DataObject) -> None:
        game, deal = self.game, self.deal
        assert game is not None and deal is not None
        note(f"  nets {deal.nets}{' (void)' if deal.void else ''}")
        game.finish_deal(deal)
        assert sum(game.balances.values()) == self.money
        assert Counter(game.pack) == self.full
        assert game.pack_state == ("shuffled" if deal.pontoon_in_deal else "continued")
        if sell:  # T8.4, between deals
            others = [p for p in game.table.seats if p != game.banker]
            buyer = data.draw(st.sampled_from(others), label="buyer")
            if game.balances[buyer] >= 0:
                price = data.draw(st.integers(0, game.balances[buyer]), label="price")
                note(f"  {game.banker} sells the bank to {buyer} for {price}")
                game.sell_bank(buyer, price)
                assert game.banker == buyer
        self._next_deal()

    @precondition(lambda self: self.deal is None)
    @rule()
    def game_over(self) -> None:
        """Nobody can stake any more (T8.6): nothing left to do."""

    @invariant()
    def deal_invariants(self) -> None:
        if self.deal is not None:
            check_deal(self.deal, self.full)


GameMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestGame = GameMachine.TestCase
