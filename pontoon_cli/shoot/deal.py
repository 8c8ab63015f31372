"""Shoot Pontoon (S1-S10): the traditional deal and game with a kitty and shoot bets.

As python-chess's ``ThreeCheckBoard`` extends its board, :class:`ShootDeal` extends the traditional
:class:`~pontoon_cli.traditional.deal.Deal` through ``super()`` and the deal's own steps: a round of
shoot bets after the initial stakes (the ``SHOOT`` phase, S2), a further bet before a hand's fourth
card (S4) or on the new hand of a split (S5), a bust's bets into the kitty at once (S6), and, once
the stakes are settled, the shoot bets settled against the kitty (S3, S7). :class:`ShootGame`
extends the game between deals: the kitty put up (S1), topped up (S8), put up anew when it is empty
(S9) and taken by the old banker when the bank changes hands (S10). Every unit moves through
:class:`~pontoon_cli.shoot.kitty.Kitty`, which records the rule of each move.

A shoot bet is money on the table like a stake (T8.6: never beyond what the punter holds), kept
apart from the stake: the stakes are settled against the banker exactly as in the traditional
game, and the shoot bets against the kitty.
"""

from __future__ import annotations

from typing import Final

from pontoon_cli.base.deal import DealBase, LegalAction, Phase
from pontoon_cli.base.refusal import Refusal, amount_problem
from pontoon_cli.base.start import DealSetup
from pontoon_cli.core.actions import SHOOT_ACTIONS
from pontoon_cli.core.errors import IllegalAction
from pontoon_cli.core.events import Decision
from pontoon_cli.core.hands import Hand, described
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.shoot.kitty import Kitty
from pontoon_cli.traditional.deal import Deal
from pontoon_cli.traditional.game import Game

_SHOOT_WORD: Final = SHOOT_ACTIONS.by_word["shoot"]
_THIRD_CARD: Final = (
    "cannot shoot: no shoot bet on the third card: the next comes before the fourth"
)
_ONE_MORE: Final = "cannot shoot: one further shoot bet before the fourth card"
_AFTER_FOURTH: Final = "cannot shoot: no shoot bet after the fourth card"
#: The decisions before any hand plays: the stakes, the round of shoot bets (S2), the banker's
#: double (V3).
_BEFORE_PLAY: Final = frozenset({"stake", "shoot", "double", "no_double"})


class ShootDeal(Deal):
    """One deal of Shoot Pontoon: the traditional deal plus shoot bets against ``kitty``.

    ``kitty`` holds what the kitty holds at the start of the deal, the banker's moves before it
    (S1, S8-S10) already made; the deal adds its own moves (S3, S6, S7).
    """

    def __init__(self, setup: DealSetup, banker: str, kitty: Kitty | None = None) -> None:
        self.kitty: Kitty = kitty if kitty is not None else Kitty()
        self.open_bets = 0  # the shoot bets not yet settled, all hands together (S2)
        self.shoot_net: dict[str, int] = {}  # what the kitty paid (+) or took (-) this deal
        self._bets: dict[int, int] = {}  # id(hand) -> its open shoot bets
        self._before_fourth: set[int] = set()  # hands that shot before the fourth card (S4)
        self._new_split: set[int] = set()  # new hands of a split, yet to shoot (S5)
        self._shoot_round = False  # the round after the stakes has begun (S2)
        self._round_kitty = -1  # the kitty and its open shoot bets as the round closed (S2)
        self._round_bets = 0
        super().__init__(setup, banker)
        self.actions = SHOOT_ACTIONS

    # who acts and what is legal ---------------------------------------------------------------

    def _find_actor(self) -> None:
        if self.phase is Phase.SHOOT:  # S2: each punter in turn, as at the stakes
            self._stake_actor()
        else:
            super()._find_actor()

    def _left(self, at: int) -> int:
        """What the punter at ``at`` may still put on the table: his stakes' and shoot bets'
        results count (T8.6)."""
        shoot_net = self.shoot_net
        left = super()._left(at)
        return left + shoot_net.get(self.punters[at], 0) if shoot_net else left

    #: What makes up what a punter has left (T8.6): his stakes and his shoot bets apart.
    LEFT_PARTS = "{} before the deal{}, less {} staked and {} in shoot bets"

    def _left_parts(self, at: int) -> tuple[object, ...]:
        """The numbers :attr:`LEFT_PARTS` shows: the balance before the deal, what his settled
        hands and shoot bets won or lost, his open stakes and his open shoot bets."""
        bets = self._bets
        shot = sum(bets.get(id(h), 0) for h in self.rows[at]) if bets else 0
        net = self.net_at[at] + self.shoot_net.get(self.punters[at], 0)
        settled = f", {net:+d} settled" if net else ""
        return self.before_at[at], settled, self.staked_at[at] - shot, shot

    def shoot_limit(self, player: str) -> int:
        """The most ``player`` may shoot now: what the kitty holds beyond the open shoot bets
        (S2, S4), and what he holds (T8.6)."""
        return min(self.kitty.amount - self.open_bets, self.available(player))

    def optional_decision(self) -> str | None:
        """The decision the actor may take or decline, when declining is no logged decision:
        ``"shoot"`` in the round after the stakes (S2), else None."""
        return "shoot" if self.phase is Phase.SHOOT else None

    def _decisions(self, player: str, hand: int) -> list[LegalAction]:
        """A shoot bet in the round after the stakes (S2); at a hand's turn, the traditional
        decisions and a shoot bet where one may be made (S4, S5)."""
        if self.phase is Phase.SHOOT:
            return [LegalAction("shoot", 1, self.shoot_limit(player))]
        out = super()._decisions(player, hand)
        if self.phase is Phase.PUNTERS and self.can("shoot", player, hand):
            out.append(LegalAction("shoot", 1, self.shoot_limit(player)))
        return out

    def amount_range(self, action: str, player: str) -> tuple[int, int] | None:
        if action == "shoot":
            return 1, self.shoot_limit(player)  # S2, S4, S5; T8.6
        return super().amount_range(action, player)

    def decision_rule(self, action: str, player: str, hand: int, rule: str) -> str:
        """A shoot bet at a hand's turn is S4's (before the fourth card) or S5's (the new hand
        of a split); in the round after the stakes, S2's."""
        if action == "shoot" and self.phase is Phase.PUNTERS:
            return "S5" if id(self._hand) in self._new_split else "S4"
        return rule

    def shoot_problem(self, player: str, hand: int, amount: int | None) -> Refusal | None:
        """A shoot bet (S2, S4, S5): after the stakes, before a hand's fourth card, or on the new
        hand of a split; within what the kitty holds beyond the open bets, and the balance.
        ``amount`` None checks everything but the amount."""
        phase = self.phase
        if phase is not Phase.SHOOT and phase is not Phase.PUNTERS:
            return Refusal(
                "S2", player, hand, "cannot shoot now: the deal is at the {}", (phase.value,)
            )
        problem = self._turn_problem(player, hand, phase, "shoot")
        if problem is not None:
            return problem
        rule = "S2"
        if phase is Phase.PUNTERS:
            h = self._hand
            cards = len(h.cards)
            key = id(h)
            if cards == 2 and key in self._new_split:
                rule = "S5"
            elif cards == 3 and key not in self._before_fourth:
                rule = "S4"
            elif cards == 2:
                return self._passed_by_round(player, hand, amount) or Refusal(
                    "S4", player, hand, _THIRD_CARD
                )
            elif cards == 3:
                return Refusal("S4", player, hand, _ONE_MORE)
            else:
                return Refusal("S4", player, hand, _AFTER_FOURTH)
        room = self.kitty.amount - self.open_bets
        left = self.available(player)
        if amount is None:
            if room < 1:
                return Refusal(
                    rule,
                    player,
                    hand,
                    "cannot shoot: the open shoot bets ({}) take the whole kitty ({})",
                    (self.open_bets, self.kitty.amount),
                )
            if left < 1:
                return Refusal(
                    "T8.6",
                    player,
                    hand,
                    "cannot shoot with a balance of {}: " + self.LEFT_PARTS,
                    (left, *self._left_parts(self.seat_at(player))),
                )
            return None
        problem = amount_problem(amount, "shoot", player, hand, rule)  # S2, S4, S5
        if problem is not None:
            return problem
        if amount > room:
            return Refusal(
                rule,
                player,
                hand,
                "cannot shoot {}: the kitty holds {} and the open shoot bets {}, so at most {}",
                (amount, self.kitty.amount, self.open_bets, room),
            )
        if amount > left:
            return Refusal(
                "T8.6",
                player,
                hand,
                "cannot shoot {} with a balance of {}: " + self.LEFT_PARTS,
                (amount, left, *self._left_parts(self.seat_at(player))),
            )
        return None

    def _passed_by_round(self, player: str, hand: int, amount: object) -> Refusal | None:
        """S2: a shoot bet on hand 1 after the round of shoot bets closed with the kitty taken
        up by the open shoot bets, from a punter who did not shoot in it (the round passed him:
        he could shoot nothing). The kitty and the bets are as the round closed: a banker's
        pontoon may since have settled them (S3)."""
        kitty, bets = self._round_kitty, self._round_bets
        if hand != 1 or kitty < 0 or kitty - bets >= 1:
            return None
        for event in self.events:
            if isinstance(event, Decision) and event.action == "shoot" and event.player == player:
                return None  # he shot in the round
        shoot = f"cannot shoot {amount}" if type(amount) is int else "cannot shoot"
        return Refusal(
            "S2",
            player,
            hand,
            "{}: the kitty holds {} and the open shoot bets {}",
            (shoot, kitty, bets),
        )

    def passed_shoot_problem(self, player: str, amount: object) -> Refusal | None:
        """A shoot bet recorded, out of turn, for ``player``'s hand 1 after the round of shoot
        bets passed him (S2) before any hand has played: why he could shoot nothing (so was not
        asked), the kitty taken up by the open shoot bets (S2) or nothing left to bet (T8.6);
        None when he could have shot (he passed: the turn is the question)."""
        if not self._shoot_round or player not in self.punters:
            return None
        at = self.seat_at(player)
        if self.phase is Phase.SHOOT and at >= self._punter_at:
            return None  # the round has not reached him
        for event in self.events:
            if isinstance(event, Decision) and (
                event.action not in _BEFORE_PLAY
                or (event.action == "shoot" and event.player == player)
            ):
                return None  # a hand has played, or he shot in the round
        shoot = f"cannot shoot {amount}" if type(amount) is int else "cannot shoot"
        if self._round_kitty < 0 and self.kitty.amount - self.open_bets < 1:
            return Refusal(
                "S2",
                player,
                1,
                "{}: the kitty holds {} and the open shoot bets {}",
                (shoot, self.kitty.amount, self.open_bets),
            )
        closed = self._passed_by_round(player, 1, amount)
        if closed is not None:
            return closed
        left = self.available(player)
        if left < 1:
            return Refusal(
                "T8.6",
                player,
                1,
                "{} with a balance of {}: " + self.LEFT_PARTS,
                (shoot, left, *self._left_parts(at)),
            )
        return None

    def problem(
        self, action: str, player: str, hand: int = 1, amount: int | None = None
    ) -> Refusal | None:
        """A shoot bet's check (S2, S4, S5); the rest as the traditional deal checks them."""
        if action == "shoot":
            return self.shoot_problem(player, hand, amount)
        return super().problem(action, player, hand, amount)

    def stick_problem(self, player: str, hand: int) -> Refusal | None:
        """T5.5, and S4: a hand that shot before its fourth card takes the fourth card."""
        problem = super().stick_problem(player, hand)
        if problem is None and id(self._hand) in self._before_fourth:
            return Refusal(
                "S4",
                player,
                hand,
                "cannot stick: the shoot bet was for the fourth card; buy or twist",
            )
        return problem

    def why_decide(self) -> tuple[str, str] | None:
        """S4: a hand that shot before its fourth card takes it; the rest as T5, T6.2."""
        if self.phase is Phase.PUNTERS and id(self._hand) in self._before_fourth:
            held = described(self._hand)
            return f"{held}, which shot for its fourth card and must {self.draw_words()}", "S4"
        return super().why_decide()

    def turn_rule(self) -> str:
        return "S2" if self.phase is Phase.SHOOT else super().turn_rule()

    def expected_decision(self) -> str:
        actor = self.actor
        if self.phase is Phase.SHOOT and actor is not None:
            return f"{actor[0]} to shoot or pass"
        return super().expected_decision()

    # actions ---------------------------------------------------------------------------------

    def shoot(self, player: str, hand: int, amount: int) -> Decision:
        """Place a shoot bet of ``amount`` against the kitty (S2, S4, S5)."""
        self.verify("shoot", player, hand, amount)
        h = self._hand
        key = id(h)
        self._bets[key] = self._bets.get(key, 0) + amount
        self.open_bets += amount
        self.staked_at[self._punter_at] = self.staked_at[self._punter_at] + amount
        if self.phase is Phase.SHOOT:
            event = Decision(player, 1, "shoot", amount)
            self.events.append(event)
            self._punter_at += 1  # S2: the next punter from the banker's left
            self._next_decision()
            return event
        if len(h.cards) == 3:
            self._before_fourth.add(key)  # S4: the fourth card comes next
        else:
            self._new_split.discard(key)  # S5: the new hand's one bet
        event = Decision(player, self._hand_at + 1, "shoot", amount)
        self.events.append(event)
        return event  # the same hand decides again

    def decline(self, player: str) -> None:
        """Pass in the round of shoot bets (S2): no event, the next punter may shoot."""
        if self.phase is not Phase.SHOOT or self.actor_name != player or self.actor_hand != 1:
            raise IllegalAction("cannot pass a shoot bet now", "S2", player, 1)
        self._punter_at += 1
        self._next_decision()

    def _next_decision(self) -> None:
        """After the round's decision: on to the next punter, or the second card (T4.3)."""
        self._go_on()  # T8.5: an empty pack voids the deal
        self._find_actor()

    def act(self, player: str, hand: int, action: str, amount: int | None = None) -> Decision:
        """Shoot Pontoon's decision words (actions.SHOOT_ACTIONS): ``shoot N`` here, the rest as
        the traditional deal takes them."""
        if action == "shoot":
            if amount is None:  # the row's own rule (S2)
                raise IllegalAction("shoot needs an amount", _SHOOT_WORD.rule, player, hand)
            return self.shoot(player, hand, amount)
        return super().act(player, hand, action, amount)

    def buy(self, player: str, hand: int, amount: int) -> Decision:
        h = self._hand
        event = super().buy(player, hand, amount)
        self._drawn(h)
        return event

    def twist(self, player: str, hand: int) -> Decision:
        h = self._hand
        event = super().twist(player, hand)
        self._drawn(h)
        return event

    def split(self, player: str, hand: int) -> Decision:
        """T5.2, and S5: the shoot bets stay with the hand holding the first card; the new hand
        may take a shoot bet of its own."""
        seat, at = self._punter_at, self._hand_at
        event = super().split(player, hand)
        self._new_split.add(id(self.rows[seat][at + 1]))
        return event

    # the steps Shoot adds to the deal ---------------------------------------------------------

    def _advance(self) -> None:
        phase = self.phase
        if phase is Phase.STAKES and not self._shoot_round and self._punter_at >= len(self.punters):
            self._shoot_round = True  # S2: after the initial stakes, from the banker's left
            self.phase = phase = Phase.SHOOT
            self._punter_at = 0
        if phase is Phase.SHOOT:
            punters = self.punters
            while self._punter_at < len(punters):
                if self.shoot_limit(punters[self._punter_at]) >= 1:
                    return  # this punter may shoot
                self._punter_at += 1
            self._round_kitty, self._round_bets = self.kitty.amount, self.open_bets
            self.phase = Phase.STAKES  # the stakes and shoot bets are in: the second card
        super()._advance()

    def _drawn(self, h: Hand) -> None:
        """After a card bought or twisted: S4's fourth card has come."""
        if self._before_fourth or self._new_split:  # most deals: neither holds a hand
            key = id(h)
            self._before_fourth.discard(key)
            self._new_split.discard(key)

    def _busted(self, player: str, h: Hand) -> None:
        """S6: a bust hand's shoot bets go into the kitty at once, before the deal moves on
        (so also when the bust leaves every punter hand bust and the deal ends, T6.3)."""
        bets = self._bets.pop(id(h), 0) if self._bets else 0
        if bets:
            self._settle_bet(self._punter_at, self._hand_at + 1, bets, "S6", False)

    def _settle_bet(self, at: int, number: int, bets: int, rule: str, won: bool) -> None:
        """The shoot bets of hand ``number`` of the punter at ``at`` (in turn) paid 1:1 out of
        the kitty (``won``, S7) or into it (S3, S6, S7)."""
        player = self.punters[at]
        self.kitty.move(rule, player, number, -bets if won else bets)
        self.open_bets -= bets
        self.staked_at[at] = self.staked_at[at] - bets
        self.shoot_net[player] = self.shoot_net.get(player, 0) + (bets if won else -bets)

    def _settle_all(self) -> None:
        """The stakes as in the traditional deal (T4.4, T7), then the shoot bets: every one into
        the kitty on a banker's pontoon (S3); else 1:1 out of the kitty for a hand that beats
        the banker, into it for one that does not (S7)."""
        super()._settle_all()
        if not self._bets:  # no shoot bet open
            return
        pontoon = self.banker_pontoon
        for at, row in enumerate(self.rows):
            for j, h in enumerate(row):  # compiled: enumerate with a start is generic
                i = j + 1
                bets = self._bets.pop(id(h), 0)
                if not bets:
                    continue
                if pontoon:
                    self._settle_bet(at, i, bets, "S3", False)
                else:  # S7: a hand that beats the banker is the one his stake won on
                    self._settle_bet(at, i, bets, "S7", h.net > 0)

    def _void(self) -> None:
        """T8.5: the open shoot bets go back with the stakes; the kitty keeps what it took."""
        super()._void()
        self._bets.clear()
        self.open_bets = 0


# between deals: the kitty put up, topped up, taken ----------------------------------------------


def open_kitty(
    rules: Rules,
    amount: int,
    holder: str | None,
    banker: str,
    top_up: int,
    balances: dict[str, int],
) -> Kitty:
    """The kitty's moves before a deal, made on ``balances``: the kitty the last deal left
    (``amount``, put up by ``holder``; None before the first deal) as the deal starts.

    S10: when the bank has changed hands the old banker takes the kitty, and the new one puts up
    his own; S1: the first banker puts one up; S9: a banker whose kitty is empty puts up a new
    one; S8: then the banker adds ``top_up``. Each new kitty is the ``kitty`` setting, from the
    banker's balance, which may go negative (T8.6: the bank owes what it loses).
    Raises IllegalAction (S8) for a top-up the rules refuse.
    """
    kitty = Kitty(amount)
    if holder is not None and holder != banker and amount > 0:
        kitty.move("S10", holder, None, -amount)
        balances[holder] = balances[holder] + amount
    if kitty.amount == 0:
        rule = "S1" if holder is None else "S10" if holder != banker else "S9"
        kitty.move(rule, banker, None, rules.kitty)
        balances[banker] = balances[banker] - rules.kitty
    if top_up:
        problem = top_up_problem(rules, kitty.amount, top_up, banker)
        if problem is not None:
            raise problem
        kitty.move("S8", banker, None, top_up)
        balances[banker] = balances[banker] - top_up
    return kitty


def top_up_problem(rules: Rules, kitty: int, amount: int, banker: str) -> IllegalAction | None:
    """S8: the banker adds a whole amount of 1 or more, never taking the kitty past
    ``kitty_max`` (nor taking any out)."""
    if type(amount) is not int or amount < 1:
        return IllegalAction(
            f"cannot add {amount!r} to the kitty: the banker adds 1 or more and never takes out",
            "S8",
            banker,
        )
    if kitty + amount > rules.kitty_max:
        return IllegalAction(
            f"cannot add {amount} to a kitty of {kitty}: kitty_max is {rules.kitty_max}",
            "S8",
            banker,
        )
    return None


class ShootGame(Game):
    """The game across deals with the kitty as table state (S1, S8-S10).

    ``kitty`` is what the kitty holds between deals, ``kitty_holder`` who put it up (None before
    the first deal).
    """

    def __init__(self, rules: Rules, table: Table, rng: Rng) -> None:
        super().__init__(rules, table, rng)
        self.kitty_holder: str | None = None
        self.top_up = 0  # S8: what the banker adds before the next deal

    def add_to_kitty(self, amount: int) -> None:
        """S8: before the next deal the banker adds ``amount`` to the kitty."""
        if self.open_deal is not None:
            raise IllegalAction("cannot add to the kitty during a deal", "S8", self.banker)
        holder = self.kitty_holder
        fresh = holder is None or holder != self.banker or self.kitty == 0
        after_opening = self.rules.kitty if fresh else self.kitty
        problem = top_up_problem(self.rules, after_opening + self.top_up, amount, self.banker)
        if problem is not None:
            raise problem
        self.top_up += amount

    def _new_deal(self) -> Deal:
        """Make the kitty's moves before the deal (S1, S8-S10), then the deal with its kitty
        (:meth:`~pontoon_cli.traditional.game.Game.start_deal` begins it)."""
        kitty = open_kitty(
            self.rules, self.kitty, self.kitty_holder, self.banker, self.top_up, self.balances
        )
        self.kitty_holder = self.banker
        self.top_up = 0
        self.kitty = kitty.amount
        return ShootDeal(self.setup(self.pack), self.banker, kitty)

    def finish_deal(self, deal: DealBase) -> None:
        """The traditional end of a deal, then the shoot bets' money and the kitty it left."""
        super().finish_deal(deal)
        if isinstance(deal, ShootDeal):
            for p, net in deal.shoot_net.items():
                self.balances[p] = self.balances[p] + net
            self.kitty = deal.kitty.amount
