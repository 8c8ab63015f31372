"""Replay's checks of the traditional game: :class:`TraditionalReplay`, the hooks it fills in.

Before each deal: the sale of the bank (T8.4) and who banks (T8.3), the pack and its state from the
deal before (T1.1, T8.1, T8.2; with ``--seeded``, the seed's shuffles too). The deal is re-dealt
through :class:`~pontoon_cli.traditional.deal.Deal`; its hands are settled again with the pure
settlement function (T7, :func:`~pontoon_cli.traditional.compare.hand_settler`) and the record is
compared with it (:mod:`~pontoon_cli.traditional.compare`). After it: the balances, the
next banker and the pack it left. Shoot Pontoon extends it
(:class:`~pontoon_cli.shoot.replay.ShootReplay`).
"""

from __future__ import annotations

from typing import Any, Final, cast

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.base.start import EmptyPack, PackState
from pontoon_cli.core.actions import BANKER, TRADITIONAL_ACTIONS, ActionTable
from pontoon_cli.core.cards import Card
from pontoon_cli.core.errors import IllegalAction, PontoonError
from pontoon_cli.core.events import BankSold, Decision
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.core.settle import SETTLERS
from pontoon_cli.logformat.check import MISSING
from pontoon_cli.logformat.compare import Fields, HandSettler, RowRules
from pontoon_cli.logformat.deal_record import RecordWriter
from pontoon_cli.logformat.divergence import Divergence, Place
from pontoon_cli.logformat.moves import Move
from pontoon_cli.logformat.record import LineWriter
from pontoon_cli.logformat.replay import GameReplay
from pontoon_cli.logformat.variants import HouseOption, LegalOption, other_settings
from pontoon_cli.traditional.compare import compare_rest, hand_settler, house_options, row_rules
from pontoon_cli.traditional.deal import Deal
from pontoon_cli.traditional.game import Game
from pontoon_cli.traditional.pack import PackTracker, check_cut
from pontoon_cli.traditional.record import traditional_line, traditional_record

#: The settings that decide what a punter or banker may do, and their rules (V1-V3, V5, V8).
_LEGAL_OPTIONS: Final = (
    ("V2", "stick_minimum"),
    ("V1", "split_aces_only"),
    ("V5", "no_bought_sure_thing"),
    ("T5.2", "max_hands"),
    ("V8", "burn_on"),
    ("V3", "banker_doubles"),
)


class TraditionalReplay(GameReplay):
    """The traditional game's deals: the bank, the pack between deals, the re-deal (T1-T8)."""

    #: The game (its bank and balances): for a sale (T8.4) and for the log writer.
    banked: Game

    def begin_game(
        self, rules: Rules, table: Table
    ) -> tuple[GameBase, ActionTable, RecordWriter, LineWriter]:
        self.banked = Game(rules, table, Rng(0))
        return self.banked, TRADITIONAL_ACTIONS, traditional_record, traditional_line

    def start(self, header: dict[str, Any]) -> None:
        self.packs = self.rules.pack_count(len(self.table.seats))
        self.pack = PackTracker(self.packs)
        self.banker: str = header["table"]["banker"]
        self.deal_banker = self.banker  # who banks the deal being checked
        self.opening: dict[str, int] = {}  # the balances a deal whose banker is a guess starts
        self.settle = SETTLERS[self.rules.settlement]

    def check_header(self, at: Place, record: dict[str, Any]) -> Divergence | None:
        """The header's cut for the bank (T3.2), and with ``--seeded`` the seed's."""
        found = check_cut(at, self.seats, self.banker, record.get("cut") or [], self.packs)
        if found is None and self.seed is not None:
            found = self.seed.check_cut(at)
        return found

    # before the deal -----------------------------------------------------------------------------

    def before_deal(
        self, at: Place, record: dict[str, Any], pack: list[Card], balances: dict[str, int]
    ) -> Divergence | None:
        # the bank: a sale before the deal (T8.4), then who banks (T8.3)
        first: Divergence | None = None
        banker = self.banker
        self.sale = None
        sold = record.get("sale")
        if self.guess is not None:  # who banks was a guess after an earlier divergence
            self.opening = dict(balances)  # as the deal starts: what depends() re-deals from
            if sold is not None and sold.get("seller") in self.seats:
                banker = sold["seller"]  # the log's word: he banked and sells (T8.4)
                self.guess = None
        if sold is not None:
            self.sale, first = self._sale(at, sold, banker, balances)
            banker = self.sale.buyer
        recorded_banker = record.get("banker")
        if self.guess is not None:
            if recorded_banker is not None:  # the record says: replay is in step again
                self.guess = None
                if recorded_banker in self.seats and self.sale is None:
                    banker = recorded_banker
            else:  # the banker's own decisions say (T6.1, V3), else the stakes (T4.2)
                decisions = record["decisions"]
                known = _deciding_banker(self.seats, decisions) or _staking_banker(
                    self.seats, decisions, balances, self.table.min_stake
                )
                if known is not None and self.sale is None:
                    banker = known
                    self.guess = None
        if recorded_banker is not None and recorded_banker != banker:
            rule = "T8.4" if self.sale is not None else "T8.3"
            first = first or at.div(
                field="banker", recorded=recorded_banker, expected=banker, rule=rule
            )
            banker = recorded_banker  # re-deal as recorded, so the pack after it is known
        self.deal_banker = banker

        # the pack (T1.1, T8.1, T8.2); stacked only where a scenario scripts the deal (T8.1)
        state = record.get("pack_state")
        if state == "stacked":
            if self.scenario:
                self.stacked += 1
            else:
                want = self.pack.expected_state()
                first = first or at.div(
                    field="pack_state", recorded=state, expected=want, rule="T8.1"
                )
        found = self.pack.check(at, pack, state)  # always: it learns whether the pack is whole
        first = first or found
        seed = self.seed
        if seed is not None:  # --seeded: a shuffled pack is the seed's next (T8.2)
            left = self.pack.after  # the pack the last deal left, if known
            if left is not None:  # then the rules say whether a shuffle is due
                shuffled = self.pack.expected_state() == "shuffled"
            else:  # else the record does (none recorded: shuffled, as replay reads it)
                shuffled = state != "continued"
            found = seed.check(at, pack, shuffled, left)
            first = first or found  # checked whatever came first: its shuffle is drawn
        self.pack.first_deal = False
        return first

    def _sale(
        self, at: Place, sold: dict[str, Any], banker: str, balances: dict[str, int]
    ) -> tuple[BankSold, Divergence | None]:
        """T8.4: the banker of the last deal sells the bank; the buyer pays and banks now."""
        seller, buyer, price = sold["seller"], sold["buyer"], sold["price"]
        if seller != banker:
            found = at.div(
                field="sale.seller", recorded=seller, expected=banker, rule="T8.4", player=seller
            )
            _transfer(balances, buyer, seller, price)
            return BankSold(seller, buyer, price), found
        game = self.banked
        game.banker = seller
        game.balances = balances
        try:
            return game.sell_bank(buyer, price), None
        except IllegalAction as err:
            _transfer(balances, buyer, seller, price)
            found = at.div(
                field="sale", recorded=sold, expected=err.reason, rule=err.rule, player=buyer
            )
            return BankSold(seller, buyer, price), found

    # the deal ------------------------------------------------------------------------------------

    def new_deal(
        self, at: Place, record: dict[str, Any], pack: list[Card], balances: dict[str, int]
    ) -> DealBase | None:
        banker = self.deal_banker
        if banker not in self.seats:
            return None
        state = RECORDED_STATE[record.get("pack_state")]
        return Deal(self.setup(record, pack, balances, state), banker)

    def depends(
        self, at: Place, record: dict[str, Any], raw: bytes, pack: list[Card], first: Divergence
    ) -> Divergence:
        """``first``, found while who banks is a guess, follows from the guess unless it is the
        same whoever else could bank: each seat that staked nothing in the deal (T4.2) is tried
        as its banker, and a decision refused, or a net that differs, under every one of them
        is independent (``cannot stick on 14`` is illegal whoever banks)."""
        assert self.guess is not None
        marked = first.following(self.guess, self.guess_why)
        if first.field != "net" and not first.field.startswith("decisions"):
            return marked  # the cards, the hands, the balances: each is the banker's deal
        stakers = staking_seats(self.seats, record["decisions"])
        for banker in self.seats:
            if banker == self.deal_banker or banker in stakers:
                continue
            if not self._again_as(at, record, raw, pack, banker, first):
                return marked
        return first

    def _again_as(
        self,
        at: Place,
        record: dict[str, Any],
        raw: bytes,
        pack: list[Card],
        banker: str,
        first: Divergence,
    ) -> bool:
        """Whether the deal re-dealt with ``banker`` banking, from the balances it started
        with, diverges as ``first`` did: the same decision refused for the same reason, or the
        same seat's net differing."""
        balances = dict(self.opening)
        try:
            deal = self.deal_as(at, record, pack, balances, banker)
            found, complete = self.play(at, deal, record, raw)
        except (EmptyPack, PontoonError):  # a pack too short, nobody to stake (T8.6)
            return False
        if first.field == "net":
            p = first.player
            if found is not None or not complete or p is None:
                return False
            return bool(record["net"].get(p, 0) != deal.nets.get(p, 0))
        if found is None:
            return False
        return all(
            getattr(found, k) == getattr(first, k) for k in ("field", "rule", "player", "hand")
        )

    def deal_as(
        self,
        at: Place,
        record: dict[str, Any],
        pack: list[Card],
        balances: dict[str, int],
        banker: str,
    ) -> DealBase:
        """The deal of ``record`` with ``banker`` banking (what comes before the deal made on
        ``balances``): :meth:`depends` tries it."""
        state = RECORDED_STATE[record.get("pack_state")]
        return Deal(self.setup(record, pack, balances, state), banker)

    def no_deal(self, at: Place) -> Divergence | None:
        return at.div(field="banker", recorded=self.deal_banker, expected=None, rule="T3.1")

    def derived_text(self, event: Decision) -> str:
        """A split's amount that differs (T5.2) shows the event's repr, ``Decision(player=...,
        amount=10)``, as this game's replay has always written it (the casino game writes
        ``split 10``); kept byte for byte."""
        return str(event)

    def hand_settler(self, deal: DealBase) -> HandSettler:
        return hand_settler(cast(Deal, deal), self.rules, self.settle)

    def counter_seat(self, deal: DealBase) -> str | None:
        return cast(Deal, deal).banker  # the banker's net is the other side of every hand (T7)

    def legal_options(self) -> list[LegalOption]:
        rules = self.rules  # V2, V1, V5, T5.2, V8, V3
        return [(rule, name, other_settings(rules, name)) for rule, name in _LEGAL_OPTIONS]

    def house_options(self, deal: DealBase, record: Fields) -> list[HouseOption]:
        return house_options(cast(Deal, deal), self.rules)  # V4, V6, V7, T7

    def row_rules(
        self, name: str, rows: list[Fields], want_rows: list[Fields], deal: DealBase
    ) -> RowRules:
        return row_rules(name, cast(Deal, deal))

    def compare_rest(
        self, at: Place, record: Fields, derived: Fields, deal: DealBase, after: dict[str, int]
    ) -> Divergence | None:
        return compare_rest(at, self.seats, record, derived, cast(Deal, deal), after)

    def compare_extra(
        self, at: Place, record: dict[str, Any], derived: dict[str, Any]
    ) -> Divergence | None:
        # a kitty is Shoot Pontoon's (S1): recorded in this game's deal, it explains a net or
        # balance that differs because of it
        kitty = record.get("kitty", MISSING)
        if kitty is MISSING:
            return None
        return at.div(field="kitty", recorded=kitty, expected=None, rule="S1")

    # after the deal ------------------------------------------------------------------------------

    def carry(
        self, record: dict[str, Any], deal: DealBase | None, first: Divergence | None
    ) -> None:
        done = cast(Deal, deal) if deal is not None else None
        next_banker = record.get("next_banker")
        if next_banker is None or next_banker not in self.seats:
            next_banker = done.next_banker if done is not None else self.deal_banker
            if done is None and first is not None and self.guess is None:
                self.guess = first.line  # the bank may have passed (T8.3) unseen
                self.guess_why = f"who banks after deal {record['deal']} is unknown"
        else:
            self.guess = None
        if first is None:
            self.guess = None  # a deal that verified was dealt by the right banker
        self.banker = next_banker
        self.pack.carry(done)


#: A recorded pack_state (checked by deal_head_problem) as the engine's; none recorded: shuffled.
RECORDED_STATE: Final[dict[str | None, PackState]] = {
    None: PackState.SHUFFLED,
    **{s: s for s in PackState},
}


def _deciding_banker(seats: tuple[str, ...], decisions: Any) -> str | None:
    """Who banks a deal, read from its recorded decisions: the one seat that draws, stays or
    doubles as banker (T6.1, V3), if it stakes nothing; None when none does, or several."""
    found: str | None = None
    player: Any
    action: Any
    for d in decisions if type(decisions) is list else ():
        if type(d) is tuple:  # a decision the line reader read from the writer's bytes
            move: Move = d
            player, action = move[0], move[2]
        elif type(d) is dict:
            player, action = d.get("player"), d.get("action")
        else:
            continue
        word = TRADITIONAL_ACTIONS.by_word.get(action) if type(action) is str else None
        if word is None or word.taker != BANKER or player not in seats:
            continue
        if found is not None and found != player:
            return None  # two seats decide as banker: the decisions do not say
        found = player
    if found is not None and found in staking_seats(seats, decisions):
        return None
    return found


def staking_seats(seats: tuple[str, ...], decisions: Any) -> set[str]:
    """The seats that stake in a deal's recorded decisions (T4.2)."""
    stakers: set[str] = set()
    for d in decisions if type(decisions) is list else ():
        if type(d) is tuple:
            move: Move = d
            if move[2] == "stake" and move[0] in seats:
                stakers.add(move[0])
        elif type(d) is dict and d.get("action") == "stake" and d.get("player") in seats:
            stakers.add(d["player"])
    return stakers


def _staking_banker(
    seats: tuple[str, ...], decisions: Any, balances: dict[str, int], least: int
) -> str | None:
    """Who banks a deal, read from its recorded stakes: the stakes go clockwise from the
    banker's left (T4.2), so the banker is the nearest seat before the first to stake that
    stakes nothing and could (T8.6); None when the decisions do not say."""
    stakers: list[str] = []
    for d in decisions if type(decisions) is list else ():
        if type(d) is tuple:  # a decision the line reader read from the writer's bytes
            move: Move = d
            if move[2] == "stake" and move[0] in seats:
                stakers.append(move[0])
        elif type(d) is dict and d.get("action") == "stake" and d.get("player") in seats:
            stakers.append(d["player"])
    if not stakers:
        return None
    at = seats.index(stakers[0])
    for back in range(1, len(seats)):
        seat = seats[at - back]
        if seat not in stakers and balances.get(seat, 0) >= least:
            return seat
    return None


def _transfer(balances: dict[str, int], buyer: str, seller: str, price: Any) -> None:
    """The recorded sale's money, moved as recorded, when the rules refused it."""
    if buyer in balances and seller in balances and type(price) is int:
        balances[buyer] = balances[buyer] - price
        balances[seller] = balances[seller] + price
