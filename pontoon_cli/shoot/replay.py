"""Replay's checks of Shoot Pontoon: the kitty from deal to deal, and the optional shoot bets.

The kitty is verified as balances are: each deal's ``kitty.before`` must be what the last deal
left (its ``after``), the banker's moves before the deal must be the ones S1 and S8-S10 give
(S8's top-up is the banker's decision, read from the record and judged), and every move in the
deal and the ``after`` must be what the re-deal gives. A shoot bet the round after the stakes
(S2) is an optional decision: a punter whose shoot bet is not the next recorded decision passed.
:class:`ShootReplay` is the traditional game's replay with those hooks filled in. After a deal
replay could not finish, a log without its kitty or balances gives them by its nets, or within
a range (:mod:`~pontoon_cli.shoot.unknown`).
"""

from __future__ import annotations

from typing import Any, cast

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.core.actions import SHOOT_ACTIONS, ActionTable
from pontoon_cli.core.cards import Card
from pontoon_cli.core.errors import IllegalAction
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.logformat.check import DEAL_HEADS, MISSING
from pontoon_cli.logformat.compare import Fields, action_text, decision_line
from pontoon_cli.logformat.deal_record import RecordWriter
from pontoon_cli.logformat.divergence import Divergence, Place
from pontoon_cli.logformat.record import LineWriter
from pontoon_cli.shoot.deal import ShootDeal, ShootGame, open_kitty
from pontoon_cli.shoot.kitty import Kitty
from pontoon_cli.shoot.kitty_moves import compare_moves
from pontoon_cli.shoot.record import shoot_deal_line, shoot_deal_record
from pontoon_cli.shoot.unknown import KITTY, Unknowns
from pontoon_cli.traditional.replay import RECORDED_STATE, TraditionalReplay, staking_seats


class ShootReplay(TraditionalReplay):
    """Shoot Pontoon's deals: the traditional game's, with the kitty (S1-S10) and the optional
    shoot bets (S2)."""

    optional = True

    def begin_game(
        self, rules: Rules, table: Table
    ) -> tuple[GameBase, ActionTable, RecordWriter, LineWriter]:
        self.shoot = ShootGame(rules, table, Rng(0))  # it holds the kitty between deals (S1-S10)
        self.banked = self.shoot
        return self.shoot, SHOOT_ACTIONS, shoot_deal_record, shoot_deal_line

    def start(self, header: dict[str, Any]) -> None:
        super().start(header)
        # the kitty before the deal (S1), read before the re-deal, is the record's last field
        self.heads = (*DEAL_HEADS[0], "kitty")
        self.tail = "kitty"
        self.kitty: Kitty | None = None  # the kitty as the deal starts
        self.kitty_written: int | None = None  # the last deal's recorded kitty, if not the rules'
        self.unknown = Unknowns()  # the kitty and balances a deal replay could not finish left
        self.line_at = 0  # the line of the deal being checked
        self.opened = 0  # what the kitty held as that deal started (its moves before it made)
        self.total = sum(self.table.bankrolls.values())  # the money on the table (S1-S10, T8.4)

    def before_deal(
        self, at: Place, record: dict[str, Any], pack: list[Card], balances: dict[str, int]
    ) -> Divergence | None:
        first = super().before_deal(at, record, pack, balances)
        self.line_at = at.line
        unknown = self.unknown
        if KITTY in unknown.spread:
            self._open_kitty(record, balances)
        # the kitty before the deal (S1, S8-S10), its moves made on the balances
        self.kitty, found = kitty_before(
            at, self.shoot, self.deal_banker, record, balances, self.kitty_written
        )
        found = unknown.ranged(found)
        self.opened = self.kitty.amount  # the deal's own moves (S3, S6, S7) change the kitty
        if unknown:  # a seat that may or may not cover the least stake: the log says (T8.6)
            stakers = staking_seats(self.seats, record["decisions"])
            least = self.table.min_stake
            notes = unknown.sitting_out(at, record, balances, self.deal_banker, least, stakers)
            self.notes.extend(notes)
        return first or found

    def _open_kitty(self, record: dict[str, Any], balances: dict[str, int]) -> None:
        """Before the deal, a kitty replay knows only within a range (:mod:`unknown`): as
        recorded (``kitty.before``) if the record says; handed to the old banker, range and
        all, when the bank has changed hands (S10); and, when it may be empty, perhaps put up
        anew (S9)."""
        game, unknown = self.shoot, self.unknown
        recorded = record.get("kitty")
        before = recorded.get("before") if type(recorded) is dict else None
        spread = unknown.spread[KITTY]
        line, deal = unknown.since[KITTY]
        holder = game.kitty_holder
        if unknown.within(KITTY, game.kitty, before):
            assert type(before) is int
            game.kitty = before
            unknown.narrow(KITTY, 0)
        elif holder is not None and holder != self.deal_banker:  # S10: he takes what it holds
            unknown.widen(holder, spread, line, deal)
            unknown.narrow(KITTY, 0)
        elif game.kitty - spread <= 0:  # S9: empty, a new kitty; else as it was
            banker = self.deal_banker
            fresh = self.rules.kitty
            game.kitty = max(game.kitty, fresh)  # it holds at least 1, or the new one
            unknown.narrow(KITTY, game.kitty - 1)
            unknown.widen(banker, fresh, line, deal)  # his figure: no new kitty put up

    def new_deal(
        self, at: Place, record: dict[str, Any], pack: list[Card], balances: dict[str, int]
    ) -> DealBase | None:
        banker = self.deal_banker
        kitty = self.kitty
        if banker not in self.seats or kitty is None:
            return None
        state = RECORDED_STATE[record.get("pack_state")]
        return ShootDeal(self.setup(record, pack, balances, state), banker, kitty)

    def optional_decision(self, deal: DealBase, player: Any, hand: Any, action: Any) -> None:
        """S2: every punter before the one whose shoot bet is the next decision passed, and all
        of them when the next decision is no shoot bet (``player`` None: the decisions ran
        out)."""
        shoot = cast(ShootDeal, deal)
        while shoot.optional_decision() is not None:
            # whose turn it is, compared without a tuple made (actor_hand 0: nobody's)
            if action == "shoot" and shoot.actor_name == player and shoot.actor_hand == hand:
                return
            shoot.decline(shoot.actor_name)

    def out_of_turn(
        self, at: Place, deal: DealBase, i: int, player: Any, hand: Any, action: Any, amount: Any
    ) -> Divergence:
        """A shoot bet for a punter the round of shoot bets passed because he could shoot
        nothing says why (S2: the kitty taken up; T8.6: no balance left), not whose turn it is."""
        if action == "shoot" and hand == 1 and type(player) is str:
            refused = cast(ShootDeal, deal).passed_shoot_problem(player, amount)
            if refused is not None:
                why, rule = refused.reason, refused.rule
                done = action_text(action, amount)
                return decision_line(at, i, done, why, rule, player, hand)
        return super().out_of_turn(at, deal, i, player, hand, action, amount)

    def side_bets(self, deal: DealBase) -> dict[str, int] | None:
        """What the shoot bets of the deal did to each balance (S2-S7)."""
        return cast(ShootDeal, deal).shoot_net

    def deal_as(
        self,
        at: Place,
        record: dict[str, Any],
        pack: list[Card],
        balances: dict[str, int],
        banker: str,
    ) -> DealBase:
        kitty, _ = kitty_before(at, self.shoot, banker, record, balances, self.kitty_written)
        state = RECORDED_STATE[record.get("pack_state")]
        return ShootDeal(self.setup(record, pack, balances, state), banker, kitty)

    def compare_rest(
        self, at: Place, record: Fields, derived: Fields, deal: DealBase, after: dict[str, int]
    ) -> Divergence | None:
        # a recorded balance within what replay knows of it is the seat's
        recorded = record.get("balance")
        unknown = self.unknown
        if unknown and type(recorded) is dict:
            after = dict(after)
            for p in unknown.spread:
                if p in after and unknown.within(p, after[p], recorded.get(p)):
                    after[p] = recorded[p]
        return unknown.ranged(super().compare_rest(at, record, derived, deal, after))

    def compare_extra(
        self, at: Place, record: dict[str, Any], derived: dict[str, Any]
    ) -> Divergence | None:
        # a recorded kitty.after within what replay knows of the kitty is the kitty's
        got = record.get("kitty")
        unknown = self.unknown
        if (
            KITTY in unknown.spread
            and type(got) is dict
            and unknown.within(KITTY, derived["kitty"]["after"], got.get("after"))
        ):
            record = {**record, "kitty": {k: v for k, v in got.items() if k != "after"}}
        # the kitty (S1-S10) explains a net or balance that differs because of it
        return unknown.ranged(compare_kitty(at, record, derived, self.deal_banker))

    def carry_balances(
        self, record: dict[str, Any], balances: dict[str, int], deal: DealBase | None
    ) -> None:
        super().carry_balances(record, balances, deal)
        recorded = record.get("balance")
        written: dict[str, Any] = recorded if type(recorded) is dict else {}
        if deal is None:  # its shoot bets, as its nets settle them
            self.shoot.kitty = self.unknown.settle(
                self.line_at, record, self.seats, self.balances, self.opened, written
            )
        self.unknown.take_balances(written)

    def carry(
        self, record: dict[str, Any], deal: DealBase | None, first: Divergence | None
    ) -> None:
        super().carry(record, deal, first)
        kitty_wrong = first is not None and first.field == "kitty.after"
        self.kitty_written = carry_kitty(
            self.shoot,
            record,
            cast(ShootDeal, deal) if deal is not None else None,
            self.deal_banker,
            kitty_wrong,
        )
        self._kitty_known(record, deal is None)

    def _kitty_known(self, record: dict[str, Any], unfinished: bool) -> None:
        """The kitty after a deal, where the record shows it: its ``kitty.after``; or, when
        every seat's balance is recorded, the money on the table less all of them (after a
        deal replay could not finish, or when the kitty was unknown)."""
        game, unknown = self.shoot, self.unknown
        recorded = record.get("kitty")
        if type(recorded) is dict and type(recorded.get("after")) is int:
            unknown.narrow(KITTY, 0)
            return
        balance = record.get("balance")
        if (unfinished or KITTY in unknown.spread) and type(balance) is dict:
            held = [balance.get(p) for p in self.seats]
            if all(type(b) is int for b in held):
                left = self.total - sum(cast(list[int], held))
                if left >= 0:
                    game.kitty = left
                    unknown.narrow(KITTY, 0)
        if KITTY in unknown.spread:
            unknown.narrow(KITTY, game.kitty)  # it never holds less than nothing


def kitty_before(
    at: Place,
    game: ShootGame,
    banker: str,
    record: dict[str, Any],
    balances: dict[str, int],
    written: int | None = None,
) -> tuple[Kitty, Divergence | None]:
    """The kitty as the deal starts (S1, S8-S10), its moves made on ``balances``. A divergence
    when ``kitty.before`` is neither what the last deal left by the rules nor what its record
    wrote (``written``, when the two differ: that deal's own divergence), or the recorded top-up
    is one the rules refuse (S8)."""
    found: Divergence | None = None
    recorded = record.get("kitty")
    top_up = 0
    if type(recorded) is dict:
        before = recorded.get("before", MISSING)
        if type(before) is int and before < 0 and before != game.kitty:
            found = at.div(
                field="kitty.before",
                recorded=before,
                expected=game.kitty,
                rule="S8",
                detail="a kitty never holds less than nothing",
            )
        elif before is not MISSING and before != game.kitty and before != written:
            # S8: nothing leaves the kitty between deals but through a recorded move
            found = at.div(field="kitty.before", recorded=before, expected=game.kitty, rule="S8")
        moves = recorded.get("moves")
        if type(moves) is list:
            for m in moves:
                if type(m) is dict and m.get("rule") == "S8" and type(m.get("amount")) is int:
                    top_up += m["amount"]
    try:
        kitty = open_kitty(game.rules, game.kitty, game.kitty_holder, banker, top_up, balances)
    except IllegalAction as err:
        found = found or at.div(
            field="kitty.moves", recorded=top_up, expected=err.reason, rule=err.rule, player=banker
        )
        kitty = open_kitty(game.rules, game.kitty, game.kitty_holder, banker, 0, balances)
    return kitty, found


def compare_kitty(
    at: Place, record: dict[str, Any], derived: dict[str, Any], banker: str
) -> Divergence | None:
    """The first field of the recorded kitty that the re-deal does not give."""
    got = record.get("kitty", MISSING)
    want = derived.get("kitty", MISSING)
    if got is MISSING or got == want:
        return None
    if want is MISSING:
        return at.div(field="kitty", recorded=got, expected=None, rule="S1")
    moves = got.get("moves", MISSING)
    if moves is not MISSING and moves != want["moves"]:
        found = compare_moves(at, moves, want["moves"])  # the move missing, extra or changed
        if found is not None:
            return found
    after = got.get("after", MISSING)
    if after is not MISSING and after != want["after"]:
        if type(after) is int and after < 0:  # S8: nothing leaves it but through a move
            return at.div(
                field="kitty.after",
                recorded=after,
                expected=want["after"],
                rule="S8",
                player=banker,
                detail="a kitty never holds less than nothing: a shoot bet is paid only from "
                "what it holds (S2, S7), and the banker never takes any out",
            )
        # the rule of the deal's last kitty move (S3, S6, S7; S1, S8-S10 before the deal)
        rule = want["moves"][-1]["rule"] if want["moves"] else "S1"
        return at.div(
            field="kitty.after", recorded=after, expected=want["after"], rule=rule, player=banker
        )
    return None


def carry_kitty(
    game: ShootGame,
    record: dict[str, Any],
    deal: ShootDeal | None,
    banker: str,
    after_wrong: bool,
) -> int | None:
    """Keep the kitty for the next deal: as recorded where given, else as re-dealt; and as
    re-dealt when the recorded ``after`` is the deal's divergence (``after_wrong``: its moves are
    the rules', so the re-dealt kitty is right). Returns the recorded ``after`` when it is not the
    kitty kept: the next deal's ``before`` may continue from either, so one wrong number is one
    divergence, in the deal that wrote it."""
    game.kitty_holder = banker
    recorded = record.get("kitty")
    after = recorded.get("after") if type(recorded) is dict else None
    if deal is not None and (after_wrong or type(after) is not int):
        game.kitty = deal.kitty.amount
        return after if after_wrong else None  # the recorded number, not the rules'
    if type(after) is int:
        game.kitty = after
    return None
