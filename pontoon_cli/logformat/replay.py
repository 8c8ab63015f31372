"""Replay's per-deal pipeline, written once for every game: :class:`GameReplay` and its hooks.

Each deal record of a log goes through the same steps, in this order: its number; what comes before
the deal (:meth:`~GameReplay.before_deal`: the pack or shoe and its state, a sale of the bank, the
kitty); the re-deal (:meth:`~GameReplay.new_deal`) and who sat out; the recorded decisions, taken
through the deal's own ``act`` (:meth:`~GameReplay.play`); the settlement checked again, hand by
hand, with the game's pure settlement function (:meth:`~GameReplay.cross_check`,
:meth:`~GameReplay.hand_settler`); the record compared with the re-deal, in one step when it is byte
for byte what the log writer gives, else field by field: the cards and hands row by row
(:meth:`~GameReplay.row_rules`), then the game's other fields (:meth:`~GameReplay.compare_rest`,
:meth:`~GameReplay.compare_extra`); and what the next deal needs, the balances and the game's own
(:meth:`~GameReplay.carry`). A game is a subclass that overrides those hooks (python-chess's
variants replay through their own ``push``): the traditional game
(:class:`~pontoon_cli.traditional.replay.TraditionalReplay`), Shoot Pontoon
(:class:`~pontoon_cli.shoot.replay.ShootReplay`) and casino Pontoon
(:class:`~pontoon_cli.casino.replay.CasinoReplay`). Hooks run a few times per deal (a game's settler
once per hand), never per card.

The decision loop reads the game's action table: a word whose amount the rules derive
(``derived_amount``: the traditional split, the casino split and double) is taken without its
amount, and a recorded amount that differs from the rules' is the decision's divergence.

This module depends on the base deal and game only, and so do the checks it shares with every
game's replay (:mod:`pontoon_cli.logformat.compare`: the settlement again, the rows, the money).
"""

from __future__ import annotations

from typing import Any, Protocol

from librt.vecs import vec
from mypy_extensions import i64

from pontoon_cli.base.deal import DealBase, Phase
from pontoon_cli.base.game import GameBase
from pontoon_cli.base.start import DealSetup, EmptyPack, PackState
from pontoon_cli.core.actions import ActionTable
from pontoon_cli.core.cards import Card
from pontoon_cli.core.errors import IllegalAction, LogFormatError, PontoonError
from pontoon_cli.core.events import BankSold, Decision
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.logformat.check import DEAL_HEADS, MISSING
from pontoon_cli.logformat.compare import (
    Fields,
    HandSettler,
    RowRules,
    action_text,
    compare_rows,
    decision_line,
    settle_again,
    written_as,
)
from pontoon_cli.logformat.deal_record import RecordWriter
from pontoon_cli.logformat.divergence import Divergence, Place, count
from pontoon_cli.logformat.lines import Look
from pontoon_cli.logformat.missing import missing_decision
from pontoon_cli.logformat.moves import Move
from pontoon_cli.logformat.packs import read_log_pack
from pontoon_cli.logformat.probe import DealProbe
from pontoon_cli.logformat.record import DealLine, LineWriter, line_bytes, written_decisions
from pontoon_cli.logformat.variants import (
    HouseOption,
    LegalOption,
    name_house_rule,
    name_legal_rule,
    net_line,
)


class SeedCheck(Protocol):
    """``replay --seeded``: the packs the header's seed deals, asked by each game's replay
    (the replay layer's :class:`~pontoon_cli.replay.seeded.SeededPacks` answers it)."""

    def check_cut(self, at: Place) -> Divergence | None:
        """T3.2: the recorded cut for the bank is the seed's."""
        ...

    def check(
        self, at: Place, pack: list[Card], shuffled: bool, before: list[Card] | None
    ) -> Divergence | None:
        """A deal's recorded ``pack`` is the seed's (T8.2, C1)."""
        ...


class GameReplay:
    """Verifies the deal records of one game of a log, keeping only what carries from deal to
    deal (the balances, the next deal's number, and what the game's hooks keep).

    A subclass sets the game (``game``, which holds the balances the log writer reads), its
    record and line writers, its action table, and the rules a deal's number and a seat that
    sits out cite; and overrides the hooks it needs.
    """

    #: The rule a deal's number cites (the deals in order: T8; a casino's rounds, C1).
    number_rule = "T8"
    #: The rule a seat that cannot stake cites (T8.6; a casino seat, C3).
    sit_out_rule = "T8.6"
    #: Whether the game has decisions a player may pass without a logged decision (S2's shoot
    #: bet): then :meth:`optional_decision` is asked before each decision.
    optional = False
    #: The sale of the bank before the deal being checked, if any (T8.4): the writer writes it.
    sale: BankSold | None = None
    #: The rule the settlement checked again cites (T7; a casino's, C10).
    settle_rule = "T7"
    #: The line of an earlier divergence after which replay's state for this deal is a guess
    #: the log did not confirm (who banks, when a minimal log leaves it out), and what it
    #: guessed (``guess_why``); a divergence found while it is set follows from that one when
    #: it depends on the guess (:meth:`depends`). A game's :meth:`carry` sets it, and its
    #: :meth:`before_deal` clears it when the record says what the guess was.
    guess: int | None = None
    guess_why: str | None = None
    #: Whether the game's packs are long (a casino shoe's 416 cards): the line reader then cuts
    #: a deal's pack text out of its line, and the line is compared with the writer's without
    #: the pack written again (the record's pack is what the writer writes, as given).
    cut_pack = False

    def __init__(
        self,
        file: str,
        header: dict[str, Any],
        rules: Rules,
        table: Table,
        look: Look,
        seed: SeedCheck | None,
    ) -> None:
        """A game's replay starts from its header: the game's own set-up is two hooks,
        :meth:`begin_game` (its game, action table and writers) and :meth:`start` (what it keeps
        from deal to deal), so no game repeats this."""
        self.file = file
        self.rules = rules
        self.table = table
        # ``--coverage``: told of each decision and each deal's end; None costs nothing
        self.probe: DealProbe | None = None
        game, actions, record, line = self.begin_game(rules, table)
        self.seats: tuple[str, ...] = table.seats
        self.scenario = bool(header.get("scenario"))  # only a scenario stacks the pack (T8.1, C1)
        self.seed = seed  # --seeded: each shuffle is the seed's (T8.2, C1)
        self.reader = look  # the line reader's looks at a record (duplicate keys, schema)
        self.game = game
        self.actions = actions
        self.derived: frozenset[str] = actions.derived
        self.record = record  # the deal's record: to name a divergence
        self.line = line  # the writer's bytes of the deal: the one-step comparison
        self.balances: dict[str, int] = dict(table.bankrolls)
        self.next_number = 1
        self.stacked = 0  # deals a scenario stacked
        self.dealt: DealBase | None = None  # the last deal re-dealt to its end, else None
        self.last: DealBase | None = None  # the last deal re-dealt, to its end or not (show)
        # the keys of a deal record's head, everything read before the re-deal, which the
        # writer puts before its cards (the reader decodes a deal only that far first), and
        # ``tail``, one such field the writer puts last (Shoot's kitty); None: decode it whole
        self.heads: tuple[str, ...] | None = DEAL_HEADS[1 if table.house else 0]
        self.tail: str | None = None
        # lines the last deal adds before its own divergence, each following from an earlier
        # one: where replay took the log's word for what it had to guess (a seat sitting out)
        self.notes: list[Divergence] = []
        self.start(header)

    # the game's set-up ----------------------------------------------------------------------------

    def begin_game(
        self, rules: Rules, table: Table
    ) -> tuple[GameBase, ActionTable, RecordWriter, LineWriter]:
        """The game that holds the balances the log writer reads, the game's action table, and
        its record and line writers."""
        raise NotImplementedError

    def start(self, header: dict[str, Any]) -> None:
        """What the game keeps from deal to deal, set up from the header (after the common)."""

    # the pipeline --------------------------------------------------------------------------------

    def deal(
        self, line: int, raw: bytes, record: dict[str, Any], pack: list[Card]
    ) -> Divergence | None:
        """Check one deal record (its head already read: ``deal``, ``pack``, ``decisions``,
        ``net``); return its first divergence or None."""
        n: int = record["deal"]
        at = Place(self.file, line, n)
        first: Divergence | None = None
        if n != self.next_number:
            first = at.div(
                field="deal", recorded=n, expected=self.next_number, rule=self.number_rule
            )
        self.next_number = n + 1
        balances = self.balances  # before the deal; ours to change
        found = self.before_deal(at, record, pack, balances)
        first = first or found

        # re-deal it
        deal: DealBase | None = None
        try:
            deal = self.new_deal(at, record, pack, balances)
            if deal is None:
                first = first or self.no_deal(at)
        except PontoonError as err:  # nobody can stake (T8.6, C3)
            first = first or at.div(
                field="deal", recorded=n, expected=str(err), rule=self.sit_out_rule
            )
        complete = False
        if deal is not None:
            sat_out = record.get("sat_out")
            if sat_out is not None and sat_out != deal.sitting_out:
                first = first or at.div(
                    field="sat_out",
                    recorded=sat_out,
                    expected=deal.sitting_out,
                    rule=self.sit_out_rule,
                )
            try:
                found, complete = self.play(at, deal, record, raw)
            except EmptyPack:
                found = self.empty_pack(at, pack)
            first = first or found

        # compare: in one step when the record is exactly what the log writer gives
        looked = False
        verified = False
        after = balances
        if complete and first is None:
            assert deal is not None
            nets = deal.nets  # once: the settlement checked again, the balances after
            first = self.cross_check(at, deal, nets)
            after = self.after(balances, deal, nets)
            game = self.game
            game.balances = after
            sale = self.sale
            cut = self.reader.cut_line(record)  # the line without its pack's text
            verified = first is None and written_as(
                raw if cut is None else cut,
                line_bytes(
                    self.line,
                    DealLine(
                        game,
                        deal,
                        sale,
                        record["pack"].encode() if cut is None else b"",
                        self.decisions_read(deal, record),
                        nets,
                    ),
                ),
            )
            if first is None and not verified:
                record = self.reader.look(line, raw, record)
                looked = True
                derived = self.record(game, deal, sale)
                first = self.compare(at, record, derived, deal, after)
                own = self.compare_extra(at, record, derived)
                if own is not None and (first is None or first.field in ("net", "balance")):
                    first = own  # the game's own field explains a net or balance it changes
                if first is not None and net_line(first):  # a house rule that pays it (V4...)
                    first = name_house_rule(first, record, deal, self.house_options(deal, record))
        if first is not None and deal is not None and not complete:  # a house rule allows it?
            first = name_legal_rule(first, record, deal, self.legal_options(), self.derived)
        if first is not None and not looked:
            record = self.reader.look(line, raw, record)
        if first is not None and self.guess is not None:  # dealt from a state the log did not
            first = self.depends(at, record, raw, pack, first)  # confirm: does it matter?
        done = deal if complete else None
        self.dealt = done
        self.last = deal
        if self.probe is not None:
            self.probe.finished(deal, complete, self.sale is not None)
        if verified:  # the writer's bytes: its balances are the re-deal's, and the record may
            self.balances = dict(after)  # hold only its head (LineReader.records)
        else:
            record = self.reader.whole(line, raw, record)
            self.carry_balances(record, balances, done)
        self.carry(record, done, first)
        return first

    def play(
        self, at: Place, deal: DealBase, record: dict[str, Any], raw: bytes
    ) -> tuple[Divergence | None, bool]:
        """Take the recorded decisions in order through the deal's own ``act``; (first
        divergence, whether the deal reached its end). A decision is a JSON object, or a
        :data:`~pontoon_cli.logformat.moves.Move` the line reader read from the writer's bytes."""
        decisions: list[Any] = record["decisions"]
        derived = self.derived
        optional = self.optional
        found: Divergence | None = None
        for i, d in enumerate(decisions):
            if type(d) is tuple:  # read from the writer's bytes (LineReader: a Move)
                move: Move = d
                player, hand, action, amount = move
            elif type(d) is dict:  # compiled: a dictionary's own look-ups, not generic ones
                fields: dict[str, Any] = d
                player = fields.get("player", MISSING)
                hand = fields.get("hand", MISSING)
                action = fields.get("action", MISSING)
                amount = fields.get("amount")
            else:
                player = hand = action = MISSING
            if player is MISSING or hand is MISSING or action is MISSING:
                self.reader.look(at.line, raw, record)  # not a decision: say what is wrong
                where = f"decisions[{i}]"
                message = f"{self.file}:{at.line}: {where}: not a decision"
                raise LogFormatError(message, self.file, at.line)
            if optional:
                self.optional_decision(deal, player, hand, action)
            # whose turn it is, compared without a tuple made (actor_hand 0: nobody's)
            if deal.actor_hand == 0 or deal.actor_name != player or deal.actor_hand != hand:
                lacked = missing_decision(at, deal, decisions, i)  # the actor's, skipped
                if lacked is not None:
                    return lacked, False
                return self.out_of_turn(at, deal, i, player, hand, action, amount), False
            if self.probe is not None:
                self.probe.decision(deal, player, hand, action, amount)
            try:
                if action in derived:  # the amount is the rules' (T5.2; C7, C8)
                    event = deal.act(player, hand, action, None)
                    if amount is not None and amount != event.amount and found is None:
                        give = self.derived_text(event)
                        rule = self.actions.by_word[action].rule
                        done = action_text(action, amount)
                        found = decision_line(at, i, done, give, rule, player, hand)
                else:
                    deal.act(player, hand, action, amount)
            except IllegalAction as err:
                done = action_text(action, amount)
                refused = decision_line(at, i, done, err.reason, err.rule, player, hand)
                return found or refused, False
        if optional:
            self.optional_decision(deal, None, None, None)
        if deal.phase is not Phase.END:
            actor = deal.actor
            assert actor is not None
            who, hand = actor
            more = missing_decision(at, deal, decisions, len(decisions)) or at.div(
                field="decisions",
                recorded=count(len(decisions), "decision"),
                expected=f"a decision by {who} hand {hand}",
                rule=deal.turn_rule(),
                player=who,
                hand=hand,
            )
            return found or more, False
        return found, True

    def after(
        self, balances: dict[str, int], deal: DealBase, nets: dict[str, int]
    ) -> dict[str, int]:
        """Each seat's balance after the re-dealt deal: its net (``nets``, the deal's), and its
        side bets'."""
        after = {p: balances[p] + nets.get(p, 0) for p in self.seats}
        side = self.side_bets(deal)
        if side:
            for p, amount in side.items():  # only seats of the table hold side bets
                after[p] = after[p] + amount
        return after

    def decisions_read(self, deal: DealBase, record: dict[str, Any]) -> bytes | None:
        """The bytes of the record's decisions as read, where the line reader read them from
        the writer's bytes and they are the deal's own, one for one (:func:`written_decisions`):
        the line is then compared without its decisions written again. Else None."""
        text = self.reader.moves_read(record)
        if text is None or not written_decisions(deal.events, record["decisions"]):
            return None
        return text

    def redealt(self) -> dict[str, Any] | None:
        """The record the log writer would write for the last deal, as the rules re-dealt it
        (None when it did not reach its end): what ``show`` and ``diff`` read of a minimal log's
        deal, whose record holds only its pack, decisions and nets."""
        dealt = self.dealt
        return None if dealt is None else self.record(self.game, dealt, self.sale)

    # the hooks -----------------------------------------------------------------------------------

    def read_pack(self, text: str, counts: vec[i64] | None) -> list[Card] | None:
        """The cards a deal is dealt from, read from its record's ``pack``: all of them (a
        casino round's, the top of its shoe); None when ``text`` is not a log's pack. ``counts``
        is how often ``text`` holds each card, where the reader counted it as it cut it out of
        the line (:attr:`cut_pack`); the text is then a pack's."""
        return read_log_pack(text)

    def check_header(self, at: Place, record: dict[str, Any]) -> Divergence | None:
        """What the game checks in its header (the traditional game's cut for the bank)."""
        return None

    def before_deal(
        self, at: Place, record: dict[str, Any], pack: list[Card], balances: dict[str, int]
    ) -> Divergence | None:
        """What comes before the deal: the pack (or shoe) and its state, and what the game
        adds (a sale, the kitty), its money moved on ``balances``; the first divergence."""
        return None

    def new_deal(
        self, at: Place, record: dict[str, Any], pack: list[Card], balances: dict[str, int]
    ) -> DealBase | None:
        """The deal to re-deal from ``pack``, or None when it cannot be dealt (:meth:`no_deal`
        says why); raises PontoonError when no seat can stake."""
        raise NotImplementedError

    def setup(
        self, record: dict[str, Any], pack: list[Card], balances: dict[str, int], state: PackState
    ) -> DealSetup:
        """What the line's deal starts from: these rules and table, ``pack``, a copy of the
        balances, the line's deal number and ``state`` (T8.1-T8.2; C1)."""
        return DealSetup(self.rules, self.table, pack, dict(balances), record["deal"], state)

    def no_deal(self, at: Place) -> Divergence | None:
        """Why :meth:`new_deal` gave no deal."""
        return None

    def empty_pack(self, at: Place, pack: list[Card]) -> Divergence:
        """A pack that ran out before the deal's end (a deal that voids instead never asks)."""
        raise NotImplementedError

    def optional_decision(self, deal: DealBase, player: Any, hand: Any, action: Any) -> None:
        """Before a recorded decision (``player`` None: after the last): pass every optional
        decision the record does not take (with :attr:`optional`)."""

    def out_of_turn(
        self, at: Place, deal: DealBase, i: int, player: Any, hand: Any, action: Any, amount: Any
    ) -> Divergence:
        """A decision recorded for someone whose turn it is not: who the rules wait for."""
        give, rule = deal.expected_decision(), deal.turn_rule()
        return decision_line(at, i, action_text(action, amount), give, rule, player, hand)

    def derived_text(self, event: Decision) -> str:
        """A decision whose amount is derived, as the rules take it: ``split 10``."""
        return f"{event.action} {event.amount}"

    def side_bets(self, deal: DealBase) -> dict[str, int] | None:
        """What bets beside the deal's nets did to each seat's balance (S2-S7's shoot bets)."""
        return None

    def cross_check(self, at: Place, deal: DealBase, nets: dict[str, int]) -> Divergence | None:
        """The finished deal settled again with the pure settlement function, hand by hand
        (:meth:`hand_settler`), citing :attr:`settle_rule` (``nets``: the deal's)."""
        return settle_again(
            at, deal, self.hand_settler(deal), self.settle_rule, self.counter_seat(deal), nets
        )

    def hand_settler(self, deal: DealBase) -> HandSettler:
        """The pure settlement function for the hands of the finished ``deal``."""
        raise NotImplementedError

    def counter_seat(self, deal: DealBase) -> str | None:
        """The seat that takes the other side of every hand's net (the traditional banker);
        None when no seat does (the casino's dealer holds no net)."""
        return None

    def compare(
        self, at: Place, record: Fields, derived: Fields, deal: DealBase, after: dict[str, int]
    ) -> Divergence | None:
        """The first field the record holds that the re-deal does not give: the cards, then
        the hands, row by row (:meth:`compare_row_list`), then the rest (:meth:`compare_rest`)."""
        for name in ("cards", "hands"):
            rows = record.get(name)
            want_rows = derived[name]
            if rows is not None and rows != want_rows:
                found = self.compare_row_list(at, name, rows, want_rows, deal)
                if found is not None:
                    return found
        return self.compare_rest(at, record, derived, deal, after)

    def compare_row_list(
        self, at: Place, name: str, rows: list[Fields], want_rows: list[Fields], deal: DealBase
    ) -> Divergence | None:
        """The first field of the recorded rows ``name`` (``cards``, ``hands``) that differs
        from the re-deal's (:func:`compare_rows` with the game's :meth:`row_rules`)."""
        keys, rule_of, count_rule = self.row_rules(name, rows, want_rows, deal)
        return compare_rows(at, name, rows, want_rows, keys, rule_of, count_rule)

    def row_rules(
        self, name: str, rows: list[Fields], want_rows: list[Fields], deal: DealBase
    ) -> RowRules:
        """How the rows ``name`` are compared: their keys in order, the rule a field cites,
        and the rule a row too many or too few cites."""
        raise NotImplementedError

    def compare_rest(
        self, at: Place, record: Fields, derived: Fields, deal: DealBase, after: dict[str, int]
    ) -> Divergence | None:
        """The first field after the cards and hands that the re-deal does not give."""
        raise NotImplementedError

    def compare_extra(
        self, at: Place, record: dict[str, Any], derived: dict[str, Any]
    ) -> Divergence | None:
        """A field of the game's own that differs (Shoot Pontoon's kitty); it stands for a net
        or balance :meth:`compare` finds, which it changes."""
        return None

    def legal_options(self) -> list[LegalOption]:
        """The house options that decide what is legal, each with its other settings: a refused
        decision names one that allows it (:mod:`~pontoon_cli.logformat.variants`)."""
        return []

    def house_options(self, deal: DealBase, record: Fields) -> list[HouseOption]:
        """Each house option at each other setting that could pay the finished ``deal``'s hands
        otherwise, as its ``record`` allows, with the hands settled under it: a net that differs
        names one that pays what the record holds (:mod:`~pontoon_cli.logformat.variants`)."""
        return []

    def depends(
        self, at: Place, record: dict[str, Any], raw: bytes, pack: list[Card], first: Divergence
    ) -> Divergence:
        """``first``, found while :attr:`guess` is set, marked as following from it when it
        depends on what replay guessed (a game that can tell otherwise re-deals with what else
        the log allows); as it is when it does not."""
        assert self.guess is not None
        return first.following(self.guess, self.guess_why)

    def carry(
        self, record: dict[str, Any], deal: DealBase | None, first: Divergence | None
    ) -> None:
        """Keep what the game's next deal needs beside the balances (``deal``: the re-dealt
        deal if it reached its end, else None; ``first``: the deal's divergence)."""

    def carry_balances(
        self, record: dict[str, Any], balances: dict[str, int], deal: DealBase | None
    ) -> None:
        """Keep the balances for the next deal: the recorded ones where given, else the
        rules' (``deal``: the re-dealt deal if it reached its end, else None)."""
        net = record["net"]
        recorded = record.get("balance")
        if recorded is None:
            recorded = {}
        side = self.side_bets(deal) if deal is not None else None
        if side:
            self.balances = {
                p: recorded.get(p, balances[p] + net.get(p, 0) + side.get(p, 0)) for p in self.seats
            }
        else:
            self.balances = {p: recorded.get(p, balances[p] + net.get(p, 0)) for p in self.seats}
