"""The per-deal checker of ``pontoon replay``: one log, record by record.

For each deal record the deal is built again from the header's rules and table, the recorded
pack and the recorded decisions, through the same :class:`~pontoon_cli.engine.Deal` methods live
play uses. Every derived field the record holds is compared with what the rules give: the cards
dealt and to whom, the legality and turn of every decision, hand classes, totals and settlements,
each player's net and balance, the next banker, who sat out, and the pack's continuity from the
deal before (T8.1–T8.2). Fields a record leaves out are derived, not demanded, so a third party's
minimal log (header; per deal the pack, the decisions and the nets) verifies too.

A deal whose record is byte for byte what the log writer would write is verified in one
comparison; any other record is checked field by field, which names the first divergence.

A log of a casino table (the games registry's ``house`` games: casino Pontoon, C1-C11) has its
own checks, :class:`~pontoon_cli.casino_replay.CasinoReplay`, to which each of its rounds goes.

Only the state that carries from deal to deal is kept (balances, the bank, the pack left by the
last deal), so memory stays flat however long the log. Once a deal diverges the rest of it is not
checked; the next deal goes on from the recorded state where the record gives it (balances, next
banker) and from the rules' own re-deal for the pack.
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from pontoon_cli.cards import Card, read_log_pack
from pontoon_cli.casino_replay import CasinoReplay
from pontoon_cli.engine import Deal, Game, PackState, Phase
from pontoon_cli.errors import IllegalAction, LogFormatError, PontoonError
from pontoon_cli.events import BankSold
from pontoon_cli.games import find_game, new_game
from pontoon_cli.logcheck import (
    CARD_BY_TEXT,
    MISSING,
    Problem,
    brief,
    casino_body_problem,
    deal_body_problem,
    deal_head_problem,
    json_problem,
    read_header,
    strict_problem,
)
from pontoon_cli.replay_compare import action_text, compare, cross_check, written_as
from pontoon_cli.replay_pack import PackTracker, check_cut
from pontoon_cli.replay_report import Divergence, Place, count
from pontoon_cli.replay_seeded import SeededPacks
from pontoon_cli.rng import Rng
from pontoon_cli.settle import SETTLERS
from pontoon_cli.shoot import ShootDeal
from pontoon_cli.shoot_replay import (
    balance_change,
    carry_kitty,
    compare_kitty,
    kitty_before,
    new_deal,
    pass_optional,
)


class LogReplayer:
    """Verifies one log line by line, keeping only what carries from one deal to the next.

    :meth:`feed` takes each raw line and returns its first divergence, or None; it raises
    LogFormatError for a line that cannot be read. A second header starts a new game, so logs
    joined with ``cat`` replay too.
    """

    def __init__(self, file: str, *, seeded: bool = False) -> None:
        self.file = file
        self.seeded = seeded  # --seeded: every shuffle is also the header's seed's
        self.seed: SeededPacks | None = None
        self.deals_verified = 0
        self.deals_diverged = 0
        self.headers_diverged = 0
        self.deals_stacked = 0
        self._started = False
        self.casino: CasinoReplay | None = None  # a casino log's own checks (C1-C11)

    # reading a line ------------------------------------------------------------------------------

    def feed(self, line: int, raw: bytes) -> Divergence | None:
        """Check one line of the log; return its first divergence or None."""
        try:
            record = orjson.loads(raw)
        except orjson.JSONDecodeError as err:
            raise self._unreadable(line, None, json_problem(raw, err)) from None
        if type(record) is not dict:
            raise self._unreadable(
                line,
                None,
                f"expected a JSON object (a header or deal record), got {brief(record)}",
            )
        kind = record.get("type", MISSING)
        if kind == "deal" and self._started:
            try:
                found = self._deal(line, raw, record)
            except LogFormatError:
                self._strict(line, raw)  # a duplicate key or a huge number explains it first
                raise
            except TypeError:
                # A value of the wrong type: the compiled build (mypyc) refuses it where it is
                # passed, before the divergence that leads the pure build to the same check.
                self._strict(line, raw)
                self._problem(line, self._body_problem(record))
                raise
            if found is None:
                self.deals_verified += 1
            else:
                self.deals_diverged += 1
            return found
        self._strict(line, raw)
        if kind == "deal":
            raise self._unreadable(
                line, "type", 'expected the header record ("type": "header") first'
            )
        if kind == "header":
            found = self._header(line, record)
            if found is not None:
                self.headers_diverged += 1
            return found
        raise self._unreadable(line, "type", f'expected "header" or "deal", got {brief(kind)}')

    def _strict(self, line: int, raw: bytes) -> None:
        """Refuse a record with a duplicate key or an integer beyond ±(2**53 − 1) (README
        "Limits"). Only records that are not exactly the log writer's bytes need the look."""
        problem = strict_problem(raw)
        if problem is not None:
            raise self._unreadable(line, problem[0], problem[1])

    def _unreadable(self, line: int, where: str | None, message: str) -> LogFormatError:
        place = f"{self.file}:{line}: " + (f"{where}: " if where else "")
        return LogFormatError(place + message)

    def _problem(self, line: int, problem: Problem | None) -> None:
        if problem is not None:
            where, expected, got = problem
            raise self._unreadable(line, where, f"expected {expected}, got {brief(got)}")

    def _body_problem(self, record: dict[str, Any]) -> Problem | None:
        """The first problem of a deal record's body, by the log's game (logcheck)."""
        if self.casino is not None:
            return casino_body_problem(record)
        return deal_body_problem(record)

    def _look(self, line: int, raw: bytes, record: dict[str, Any]) -> None:
        """A record that is not the writer's bytes, looked at whole: LogFormatError if it holds
        a duplicate key, an integer out of range or a value of the wrong type."""
        self._strict(line, raw)
        self._problem(line, self._body_problem(record))

    # the header ----------------------------------------------------------------------------------

    def _header(self, line: int, record: dict[str, Any]) -> Divergence | None:
        # the checks the views read a header through too (logcheck.read_header)
        rules, table = read_header(record, f"{self.file}:{line}")
        house = table.house  # a casino table (C3): the log's own checks replay it
        t = record["table"]
        scenario = bool(record.get("scenario"))
        self.seed = SeededPacks(self.file, line, record, rules, table) if self.seeded else None
        self._started = True
        if house:
            self.casino = CasinoReplay(self.file, rules, table, scenario, self._look)
            self.casino.seed = self.seed
            return None
        self.casino = None
        self.rules = rules
        self.table = table
        self.seats = table.seats
        packs = rules.pack_count(len(table.seats))
        self.pack = PackTracker(packs)
        # T8.1: only a scenario stacks the pack; in a dealt game every deal's pack is checked.
        self.scenario = scenario
        self.balances = dict(table.bankrolls)
        self.banker: str = t["banker"]
        self.next_number = 1
        self.kitty_written: int | None = None  # the last deal's recorded kitty, if not the rules'
        self.settle = SETTLERS[rules.settlement]
        # Game holds the bank and the balances for a sale (T8.4) and for the log writer, and
        # the kitty (S1-S10); the registry gives the preset's game and its record.
        game = new_game(rules, table, Rng(0))
        if not isinstance(game, Game):  # pragma: no cover - a house game is replayed above
            raise self._unreadable(line, "rules.preset", f"no replay for {rules.preset!r}")
        self.game: Game = game
        definition = find_game(rules)
        self.record = definition.record  # the deal's record: to name a divergence
        self.line = definition.line  # the writer's bytes of the deal: the one-step comparison
        at = Place(self.file, line, None)
        found = check_cut(at, self.seats, self.banker, record.get("cut") or [], packs)
        if found is None and self.seed is not None:
            found = self.seed.check_cut(at)
        return found

    # a deal --------------------------------------------------------------------------------------

    def _div(
        self,
        line: int,
        deal: int,
        where: str,
        *,
        recorded: Any,
        expected: Any,
        rule: str,
        player: str | None = None,
        hand: int | None = None,
    ) -> Divergence:
        """The divergence of the field ``where`` of deal ``deal`` on ``line``; ``player`` and
        ``hand`` when it is someone's."""
        return Divergence(
            file=self.file,
            line=line,
            deal=deal,
            player=player,
            hand=hand,
            field=where,
            recorded=recorded,
            expected=expected,
            rule=rule,
        )

    def _deal(self, line: int, raw: bytes, record: dict[str, Any]) -> Divergence | None:
        self._problem(line, deal_head_problem(record))
        n: int = record["deal"]
        pack = self._pack(line, record["pack"])
        casino = self.casino
        if casino is not None:  # a casino round (C1-C11): its own checks
            found = casino.deal(line, raw, record, pack)
            self.deals_stacked += casino.stacked
            casino.stacked = 0
            return found
        first: Divergence | None = None
        if n != self.next_number:
            first = self._div(line, n, "deal", recorded=n, expected=self.next_number, rule="T8")
        self.next_number = n + 1
        balances = self.balances  # before the deal; ours to change

        # the bank: a sale before the deal (T8.4), then who banks (T8.3)
        banker = self.banker
        sale: BankSold | None = None
        sold = record.get("sale")
        if sold is not None:
            sale, found = self._sale(line, n, sold, banker, balances)
            first = first or found
            banker = sale.buyer
        recorded_banker = record.get("banker")
        if recorded_banker is not None and recorded_banker != banker:
            rule = "T8.4" if sale is not None else "T8.3"
            first = first or self._div(
                line, n, "banker", recorded=recorded_banker, expected=banker, rule=rule
            )
            banker = recorded_banker  # re-deal as recorded, so the pack after it is known

        # the pack (T1.1, T8.1, T8.2); stacked only where a scenario scripts the deal (T8.1)
        state = record.get("pack_state")
        if state == "stacked":
            if self.scenario:
                self.deals_stacked += 1
            else:
                want = self.pack.expected_state()
                first = first or self._div(
                    line, n, "pack_state", recorded=state, expected=want, rule="T8.1"
                )
        at = Place(self.file, line, n)
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
        # the kitty before the deal (S1, S8-S10), its moves made on the balances
        kitty, found = kitty_before(
            Place(self.file, line, n), self.game, banker, record, balances, self.kitty_written
        )
        first = first or found

        # re-deal it
        deal: Deal | None = None
        if banker in self.seats:
            try:
                deal = new_deal(self.game, banker, pack, dict(balances), n, _STATE[state], kitty)
            except PontoonError as err:  # T8.6: nobody can stake
                first = first or self._div(
                    line, n, "deal", recorded=n, expected=str(err), rule="T8.6"
                )
        sat_out = record.get("sat_out")
        if deal is not None and sat_out is not None and sat_out != deal.sitting_out:
            first = first or self._div(
                line, n, "sat_out", recorded=sat_out, expected=deal.sitting_out, rule="T8.6"
            )
        complete = False
        if deal is None:
            first = first or self._div(
                line, n, "banker", recorded=banker, expected=None, rule="T3.1"
            )
        else:
            found, complete = self._play(line, n, deal, record)
            first = first or found

        # compare: in one step when the record is exactly what the log writer gives
        validated = False
        if complete and first is None:
            assert deal is not None
            first = cross_check(at, deal, self.rules, self.settle)
            after = {p: balances[p] + deal.nets.get(p, 0) for p in self.seats}
            if isinstance(deal, ShootDeal):  # the shoot bets' money (S2-S7)
                for p in self.seats:
                    after[p] += balance_change(deal, p)
            self.game.balances = after
            # the recorded pack's text: _pack read it card by card, each a card's own text
            text = record["pack"]
            if first is None and not written_as(raw, self.line(self.game, deal, sale, text)):
                self._strict(line, raw)
                self._problem(line, deal_body_problem(record))
                validated = True
                derived = self.record(self.game, deal, sale)
                first = compare(at, self.seats, record, derived, deal, after)
                # the kitty (S1-S10) explains a net or balance that differs because of it
                in_kitty = compare_kitty(at, record, derived, deal.banker)
                if in_kitty is not None and (first is None or first.field in ("net", "balance")):
                    first = in_kitty
        if first is not None and not validated:
            self._strict(line, raw)
            self._problem(line, deal_body_problem(record))
        kitty_wrong = first is not None and first.field == "kitty.after"
        self._carry(record, balances, banker, deal if complete else None, kitty_wrong)
        return first

    def _carry(
        self,
        record: dict[str, Any],
        balances: dict[str, int],
        banker: str,
        deal: Deal | None,
        kitty_wrong: bool,
    ) -> None:
        """Keep what the next deal needs: the recorded state where given, else the rules'.

        ``deal`` is the re-dealt deal if the recorded decisions took it to its end, else None;
        ``kitty_wrong``: the deal's divergence is its kitty's ``after`` (carry_kitty).
        """
        net = record["net"]
        recorded_balance = record.get("balance")
        if recorded_balance is None:
            recorded_balance = {}
        self.balances = {
            p: recorded_balance.get(
                p, balances[p] + net.get(p, 0) + (0 if deal is None else balance_change(deal, p))
            )
            for p in self.seats
        }
        next_banker = record.get("next_banker")
        if next_banker is None or next_banker not in self.seats:
            next_banker = deal.next_banker if deal is not None else banker
        self.banker = next_banker
        self.pack.carry(deal)
        self.kitty_written = carry_kitty(self.game, record, deal, banker, kitty_wrong)

    def _pack(self, line: int, text: str) -> list[Card]:
        cards = read_log_pack(text)
        if cards is not None:
            return cards
        for position, token in enumerate(text.split(" "), 1):  # say which card is wrong
            if token not in CARD_BY_TEXT:
                raise self._unreadable(
                    line,
                    "pack",
                    f"card {position}: expected a card like 'TH' (rank A 2-9 T J Q K, suit "
                    f"C D H S, upper case, single spaces between), got {brief(token)}",
                )
        raise AssertionError(f"read_log_pack refused {text!r}")  # pragma: no cover

    def _sale(
        self, line: int, n: int, sold: dict[str, Any], banker: str, balances: dict[str, int]
    ) -> tuple[BankSold, Divergence | None]:
        """T8.4: the banker of the last deal sells the bank; the buyer pays and banks now."""
        seller, buyer, price = sold["seller"], sold["buyer"], sold["price"]
        if seller != banker:
            found = self._div(
                line, n, "sale.seller", recorded=seller, expected=banker, rule="T8.4", player=seller
            )
            _transfer(balances, buyer, seller, price)
            return BankSold(seller, buyer, price), found
        game = self.game
        game.banker = seller
        game.balances = balances
        try:
            return game.sell_bank(buyer, price), None
        except IllegalAction as err:
            _transfer(balances, buyer, seller, price)
            found = self._div(
                line, n, "sale", recorded=sold, expected=err.reason, rule=err.rule, player=buyer
            )
            return BankSold(seller, buyer, price), found

    def _play(
        self, line: int, n: int, deal: Deal, record: dict[str, Any]
    ) -> tuple[Divergence | None, bool]:
        """Take the recorded decisions in order through the engine; (first divergence, whether
        the deal reached its end)."""
        decisions: list[Any] = record["decisions"]
        shoot = isinstance(deal, ShootDeal)
        found: Divergence | None = None
        for i, d in enumerate(decisions):
            try:
                player = d["player"]
                hand = d["hand"]
                action = d["action"]
                amount = d.get("amount")
            except (KeyError, TypeError, AttributeError):  # not a decision: say what is wrong
                self._problem(line, deal_body_problem(record))
                raise self._unreadable(line, f"decisions[{i}]", "not a decision") from None
            if shoot:
                pass_optional(deal, player, hand, action)  # S2: a shoot bet not taken
            if deal.actor != (player, hand):
                expected, rule = deal.expected_decision(), deal.turn_rule()
                what = action_text(action, amount)
                return self._div(
                    line,
                    n,
                    f"decisions[{i}]",
                    recorded=what,
                    expected=expected,
                    rule=rule,
                    player=player,
                    hand=hand,
                ), False
            try:
                if action == "split":  # the amount is derived: the new hand's stake (T5.2)
                    event = deal.split(player, hand)
                    if amount is not None and amount != event.amount and found is None:
                        where = f"decisions[{i}]"
                        found = self._div(
                            line,
                            n,
                            where,
                            recorded=f"split {amount}",
                            expected=str(event),
                            rule="T5.2",
                            player=player,
                            hand=hand,
                        )
                else:
                    deal.act(player, hand, action, amount)  # a native call: no bound method
            except IllegalAction as err:
                what = action_text(action, amount)
                found = found or self._div(
                    line,
                    n,
                    f"decisions[{i}]",
                    recorded=what,
                    expected=err.reason,
                    rule=err.rule,
                    player=player,
                    hand=hand,
                )
                return found, False
        if shoot:
            pass_optional(deal, None, None, None)
        if deal.phase is not Phase.END:
            actor = deal.actor
            assert actor is not None
            who, hand = actor
            more = self._div(
                line,
                n,
                "decisions",
                recorded=count(len(decisions), "decision"),
                expected=f"a decision by {who} hand {hand}",
                rule=deal.turn_rule(),
                player=who,
                hand=hand,
            )
            return found or more, False
        return found, True


#: A recorded pack_state (checked by deal_head_problem) as the engine's; none recorded: shuffled.
_STATE: Final[dict[str | None, PackState]] = {None: PackState.SHUFFLED, **{s: s for s in PackState}}


def _transfer(balances: dict[str, int], buyer: str, seller: str, price: Any) -> None:
    """The recorded sale's money, moved as recorded, when the rules refused it."""
    if buyer in balances and seller in balances and type(price) is int:
        balances[buyer] -= price
        balances[seller] += price
