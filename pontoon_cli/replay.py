"""Replay: re-deal every deal of a log through the engine and verify what the record holds.

SPEC.md, "pontoon replay"; the format is docs/log-format.md. For each deal record the deal is
built again from the header's rules and table, the recorded pack and the recorded decisions,
through the same :class:`~pontoon_cli.engine.Deal` methods live play uses. Every derived field the
record holds is compared with what the rules give: the cards dealt and to whom, the legality and
turn of every decision, hand classes, totals and settlements, each player's net and balance, the
next banker, who sat out, and the pack's continuity from the deal before (T8.1–T8.2). Fields a
record leaves out are derived, not demanded, so a third party's minimal log (header; per deal the
pack, the decisions and the nets) verifies too.

A deal whose record is byte for byte what the log writer would write is verified in one
comparison; any other record is checked field by field, which names the first divergence.

Only the state that carries from deal to deal is kept (balances, the bank, the pack left by the
last deal), so memory stays flat however long the log. Once a deal diverges the rest of it is not
checked; the next deal goes on from the recorded state where the record gives it (balances, next
banker) and from the rules' own re-deal for the pack.

Exit codes (:attr:`Summary.exit_code`): 0 every deal verified, 1 a divergence, 2 unreadable input
(not JSON, truncated, a record of an unknown type or format, a field of the wrong type).
"""

from __future__ import annotations

import gzip
import os
import sys
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any, Final, Protocol

import orjson

from pontoon_cli.cards import FULL_PACK, Card, new_pack
from pontoon_cli.engine import Deal, Game, Phase
from pontoon_cli.errors import IllegalAction, LogFormatError, PontoonError
from pontoon_cli.events import BankSold, CardDealt, Decision
from pontoon_cli.log import deal_record, encode
from pontoon_cli.logcheck import (
    BANKER_HAND_KEYS,
    CARD_BY_TEXT,
    CARD_KEYS,
    HAND_KEYS,
    MISSING,
    Problem,
    brief,
    deal_body_problem,
    deal_head_problem,
    header_problem,
)
from pontoon_cli.rng import Rng
from pontoon_cli.rules import Rules, Table
from pontoon_cli.settle import SETTLERS

# what replay reports -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Divergence:
    """A field whose recorded value the rules do not give: where, what, and the rule ID.

    ``field`` is the field's path in the record (``net``, ``hands[1].net``, ``decisions[4]``,
    ``pack[12]``); ``player`` and ``hand`` say whose it is, when it is someone's. The field
    ``internal`` marks a disagreement between the step-by-step re-deal and the pure settlement
    function: a bug in this tool, not in the log.
    """

    file: str
    line: int
    deal: int | None
    player: str | None
    hand: int | None
    field: str
    recorded: Any
    expected: Any
    rule: str

    def __str__(self) -> str:
        parts = [f"{self.file}:{self.line}"]
        if self.deal is not None:
            parts.append(f"deal {self.deal}")
        if self.player is not None:
            parts.append(self.player if self.hand is None else f"{self.player} hand {self.hand}")
        return (
            f"{': '.join(parts)}: {self.field} recorded {_show(self.recorded)}, "
            f"rules give {_show(self.expected)} ({self.rule})"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "line": self.line,
            "deal": self.deal,
            "player": self.player,
            "hand": self.hand,
            "field": self.field,
            "recorded": self.recorded,
            "expected": self.expected,
            "rule": self.rule,
        }


def _show(value: Any) -> str:
    return orjson.dumps(value).decode()


@dataclass(slots=True)
class Summary:
    """What a replay run found, for the closing line and the exit code."""

    files: int = 0
    lines: int = 0
    deals_verified: int = 0
    deals_diverged: int = 0
    divergences: int = 0
    errors: int = 0  # unreadable inputs (exit 2)

    @property
    def exit_code(self) -> int:
        return 2 if self.errors else 1 if self.divergences else 0

    def __str__(self) -> str:
        text = (
            f"pontoon replay: {_count(self.deals_verified, 'deal')} verified, "
            f"{self.deals_diverged} with divergences"
        )
        if self.divergences:
            text += f" ({_count(self.divergences, 'divergence')})"
        text += f"; {_count(self.lines, 'line')} read from {_count(self.files, 'file')}"
        if self.errors:
            text += f"; {_count(self.errors, 'unreadable input')}"
        return text


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Output(Protocol):
    """Where a replay run writes: data lines (stdout), messages (stderr) and its progress."""

    def write(self, data: bytes) -> None: ...

    def message(self, text: str) -> None: ...

    def start(self, name: str, total: int | None) -> None: ...

    def advance(self, position: int) -> None: ...

    def finish(self) -> None: ...


class StreamOutput:
    """Plain streams and no progress bar (tests, benchmarks, pipes)."""

    def __init__(self, out: IO[bytes], err: IO[str] | None = None) -> None:
        self.out = out
        self.err = err

    def write(self, data: bytes) -> None:
        self.out.write(data)

    def message(self, text: str) -> None:
        if self.err is not None:
            self.err.write(text + "\n")

    def start(self, name: str, total: int | None) -> None:
        pass

    def advance(self, position: int) -> None:
        pass

    def finish(self) -> None:
        pass


# running over files ------------------------------------------------------------------------------

STDIN: Final = "-"
_TICK: Final = 2047  # report progress every 2048 lines


def replay_logs(
    paths: Sequence[str],
    output: Output,
    *,
    fail_fast: bool = False,
    as_json: bool = False,
    stdin: IO[bytes] | None = None,
) -> int:
    """Replay every log in ``paths`` (``-`` is stdin; ``.gz`` files are read through gzip).

    Writes one line per divergence (text, or JSON lines with ``as_json``) and a closing summary,
    and returns the exit code: 0 verified, 1 a divergence, 2 unreadable input. A missing file is
    reported before anything is replayed. With ``fail_fast`` the run stops at the first
    divergence or unreadable line.
    """
    summary = Summary()
    missing = [p for p in paths if p != STDIN and not os.path.exists(p)]
    for path in missing:
        output.message(f"pontoon: {path}: no such file")
    if missing:
        summary.errors = len(missing)
        output.message(str(summary))
        return summary.exit_code

    if as_json:

        def emit(found: Divergence) -> None:
            output.write(orjson.dumps(found.to_dict(), option=orjson.OPT_APPEND_NEWLINE))
    else:

        def emit(found: Divergence) -> None:
            output.write(f"{found}\n".encode())

    for path in paths:
        summary.files += 1
        error: str | None = None
        stop = False
        try:
            source = _Source(path, stdin)
        except OSError as err:  # a directory, no permission
            source = None
            error = f"{_display(path)}: cannot read: {err.strerror or err}"
        if source is not None:
            with source:
                output.start(source.name, source.total)
                try:
                    stop = _replay_stream(source, summary, emit, output, fail_fast)
                except LogFormatError as err:
                    error = str(err)
                finally:
                    output.finish()
        if error is not None:
            summary.errors += 1
            output.message(f"pontoon: {error}")
            stop = fail_fast
        if stop:
            break
    output.message(str(summary))
    return summary.exit_code


def _display(path: str) -> str:
    return "<stdin>" if path == STDIN else path


class _Source:
    """A log opened for reading as bytes, with its size and a way to say how far we are."""

    def __init__(self, path: str, stdin: IO[bytes] | None) -> None:
        self.name = _display(path)
        self._raw: IO[bytes] | None = None
        self._gzip: gzip.GzipFile | None = None
        self.total: int | None = None
        if path == STDIN:
            self.lines: Iterable[bytes] = stdin if stdin is not None else sys.stdin.buffer
            return
        self._raw = raw = open(path, "rb", buffering=1 << 20)  # noqa: SIM115 - see __exit__
        self.total = os.fstat(raw.fileno()).st_size or None
        if path.endswith(".gz"):
            self.lines = self._gzip = gzip.GzipFile(fileobj=raw, mode="rb")
        else:
            self.lines = raw

    def read(self) -> Iterator[bytes]:
        """The lines; a read error (a bad gzip stream, a failing disk) is a LogFormatError."""
        lines = iter(self.lines)
        while True:
            try:
                raw = next(lines)
            except StopIteration:
                return
            except (OSError, EOFError, zlib.error) as err:
                raise LogFormatError(f"{self.name}: cannot read: {err}") from None
            yield raw

    def position(self, consumed: int) -> int:
        """How far into the file we are, in the file's own bytes."""
        if self._gzip is not None and self._raw is not None:
            return self._raw.tell()  # compressed bytes read so far
        return consumed

    def __enter__(self) -> _Source:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._gzip is not None:
            self._gzip.close()
        if self._raw is not None:
            self._raw.close()


def _replay_stream(
    source: _Source,
    summary: Summary,
    emit: Callable[[Divergence], None],
    output: Output,
    fail_fast: bool,
) -> bool:
    """Replay one log; True when ``fail_fast`` says to stop. Raises LogFormatError."""
    replayer = LogReplayer(source.name)
    feed = replayer.feed
    consumed = 0
    number = 0
    try:
        for number, raw in enumerate(source.read(), 1):
            consumed += len(raw)
            if not number & _TICK:
                output.advance(source.position(consumed))
            found = feed(number, raw)
            if found is not None:
                summary.divergences += 1
                emit(found)
                if fail_fast:
                    return True
    finally:
        summary.lines += number
        summary.deals_verified += replayer.deals_verified
        summary.deals_diverged += replayer.deals_diverged
    if number == 0:
        raise LogFormatError(f"{source.name}: empty log: expected a header record on line 1")
    return False


def replay_lines(file: str, lines: Iterable[bytes]) -> list[Divergence]:
    """Every divergence of a log given as lines (tests, benchmarks). Raises LogFormatError."""
    replayer = LogReplayer(file)
    found = (replayer.feed(n, raw) for n, raw in enumerate(lines, 1))
    return [f for f in found if f is not None]


# one log, record by record -----------------------------------------------------------------------

#: The rule behind each field of a hand (``net`` and ``rule``: the rule that settled it).
_HAND_RULE: Final = {
    "player": "T3.1",
    "hand": "T5.2",
    "cards": "T5",
    "stake": "T5.3",
    "class": "T2",
    "total": "T1.3",
    "split": "T5.2",
}
_BANKER_HAND_RULE: Final = {"cards": "T6.1", "class": "T2", "total": "T1.3"}
#: The rule behind a card, by the decision just before it (none yet: the first round, T4.1).
_CARD_RULE: Final = {
    "stake": "T4.3",
    "buy": "T5.3",
    "twist": "T5.4",
    "split": "T5.2",
    "draw": "T6.1",
}
_TURN_RULE: Final = {Phase.STAKES: "T4.2", Phase.PUNTERS: "T5", Phase.BANKER: "T6.1"}


class LogReplayer:
    """Verifies one log line by line, keeping only what carries from one deal to the next.

    :meth:`feed` takes each raw line and returns its first divergence, or None; it raises
    LogFormatError for a line that cannot be read. A second header starts a new game, so logs
    joined with ``cat`` replay too.
    """

    def __init__(self, file: str) -> None:
        self.file = file
        self.deals_verified = 0
        self.deals_diverged = 0
        self._started = False

    # reading a line ------------------------------------------------------------------------------

    def feed(self, line: int, raw: bytes) -> Divergence | None:
        """Check one line of the log; return its first divergence or None."""
        try:
            record = orjson.loads(raw)
        except orjson.JSONDecodeError as err:
            if not raw.endswith(b"\n"):
                raise self._unreadable(
                    line,
                    None,
                    "the last line is truncated: no newline at its end and not "
                    f"complete JSON ({err})",
                ) from None
            if not raw.strip():
                raise self._unreadable(line, None, "empty line: expected one JSON object") from None
            raise self._unreadable(line, None, f"not JSON: {err}") from None
        if type(record) is not dict:
            raise self._unreadable(
                line,
                None,
                f"expected a JSON object (a header or deal record), got {brief(record)}",
            )
        kind = record.get("type", MISSING)
        if kind == "deal":
            if not self._started:
                raise self._unreadable(
                    line, "type", 'expected the header record ("type": "header") first'
                )
            found = self._deal(line, raw, record)
            if found is None:
                self.deals_verified += 1
            else:
                self.deals_diverged += 1
            return found
        if kind == "header":
            return self._header(line, record)
        raise self._unreadable(line, "type", f'expected "header" or "deal", got {brief(kind)}')

    def _unreadable(self, line: int, where: str | None, message: str) -> LogFormatError:
        place = f"{self.file}:{line}: " + (f"{where}: " if where else "")
        return LogFormatError(place + message)

    def _problem(self, line: int, problem: Problem | None) -> None:
        if problem is not None:
            where, expected, got = problem
            raise self._unreadable(line, where, f"expected {expected}, got {brief(got)}")

    # the header ----------------------------------------------------------------------------------

    def _header(self, line: int, record: dict[str, Any]) -> Divergence | None:
        self._problem(line, header_problem(record))
        try:
            rules = Rules.from_dict(record["rules"])
        except PontoonError as err:
            raise self._unreadable(line, "rules", str(err)) from None
        t = record["table"]
        try:
            table = Table(
                seats=tuple(t["seats"]),
                banker=t["banker"],
                bankrolls=dict(t["bankrolls"]),
                min_stake=t["min_stake"],
                max_stake=t["max_stake"],
            )
        except PontoonError as err:
            raise self._unreadable(line, "table", str(err)) from None
        packs = rules.pack_count(len(table.seats))
        self.rules = rules
        self.table = table
        self.seats = table.seats
        self.packs = packs
        self.pack_size = 52 * packs
        self._full_pack: Counter[Card] | None = Counter(new_pack(packs)) if packs > 1 else None
        self.balances = dict(table.bankrolls)
        self.banker: str = t["banker"]
        self.next_number = 1
        self.first_deal = True
        self.pack_after: list[Card] | None = None
        self.shuffle_allowed = True
        self.settle = SETTLERS[rules.settlement]
        # Game holds the bank and the balances for a sale (T8.4) and for the log writer.
        self.game = Game(rules, table, Rng(0))
        self._started = True
        return self._check_cut(line, record.get("cut") or [])

    def _check_cut(self, line: int, rounds: list[dict[str, str]]) -> Divergence | None:
        """T3.2: the highest card banks, ace high; players who tie for highest cut again."""
        if not rounds:
            return None
        cutting = list(self.seats)
        for i, cut in enumerate(rounds):
            if sorted(cut) != sorted(cutting):
                return self._div(line, None, None, None, f"cut[{i}]", sorted(cut), cutting, "T3.2")
            ranks = {p: CARD_BY_TEXT[text].cut_rank for p, text in cut.items()}
            best = max(ranks.values())
            cutting = [p for p in cutting if ranks[p] == best]
            if len(cutting) == 1:
                if i + 1 < len(rounds):
                    return self._div(
                        line, None, None, None, f"cut[{i + 1}]", rounds[i + 1], None, "T3.2"
                    )
                winner = cutting[0]
                if winner != self.banker:
                    return self._div(
                        line, None, None, None, "table.banker", self.banker, winner, "T3.2"
                    )
                return None
        return self._div(line, None, None, None, "cut", len(rounds), len(rounds) + 1, "T3.2")

    # a deal --------------------------------------------------------------------------------------

    def _div(
        self,
        line: int,
        deal: int | None,
        player: str | None,
        hand: int | None,
        where: str,
        recorded: Any,
        expected: Any,
        rule: str,
    ) -> Divergence:
        return Divergence(self.file, line, deal, player, hand, where, recorded, expected, rule)

    def _deal(self, line: int, raw: bytes, record: dict[str, Any]) -> Divergence | None:
        self._problem(line, deal_head_problem(record))
        n: int = record["deal"]
        pack = self._pack(line, record["pack"])
        first: Divergence | None = None
        if n != self.next_number:
            first = self._div(line, n, None, None, "deal", n, self.next_number, "T8")
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
            first = first or self._div(line, n, None, None, "banker", recorded_banker, banker, rule)
            banker = recorded_banker  # re-deal as recorded, so the pack after it is known

        # the pack (T1.1, T8.1, T8.2)
        state = record.get("pack_state")
        if first is None:
            first = self._check_pack(line, n, pack, state)
        self.first_deal = False

        # re-deal it
        deal: Deal | None = None
        if banker in self.seats:
            try:
                deal = Deal(
                    self.rules, self.table, banker, pack, dict(balances), n, state or "shuffled"
                )
            except PontoonError as err:  # T8.6: nobody can stake
                first = first or self._div(line, n, None, None, "deal", n, str(err), "T8.6")
        sat_out = record.get("sat_out")
        if deal is not None and sat_out is not None and sat_out != deal.sitting_out:
            first = first or self._div(
                line, n, None, None, "sat_out", sat_out, deal.sitting_out, "T8.6"
            )
        complete = False
        if deal is None:
            first = first or self._div(line, n, None, None, "banker", banker, None, "T3.1")
        else:
            found, complete = self._play(line, n, deal, record)
            first = first or found

        # compare: in one step when the record is exactly what the log writer gives
        validated = False
        if complete and first is None:
            assert deal is not None
            first = self._cross_check(line, n, deal)
            after = {p: balances[p] + deal.nets.get(p, 0) for p in self.seats}
            self.game.balances = after
            derived = deal_record(self.game, deal, sale)
            written = encode(derived)
            if first is None and raw != written and raw != written[:-1]:
                self._problem(line, deal_body_problem(record))
                validated = True
                first = self._compare(line, n, record, derived, deal, after)
        if first is not None and not validated:
            self._problem(line, deal_body_problem(record))
        self._carry(record, balances, banker, deal if complete else None)
        return first

    def _carry(
        self, record: dict[str, Any], balances: dict[str, int], banker: str, deal: Deal | None
    ) -> None:
        """Keep what the next deal needs: the recorded state where given, else the rules'.

        ``deal`` is the re-dealt deal if the recorded decisions took it to its end, else None.
        """
        net = record["net"]
        recorded_balance = record.get("balance")
        if recorded_balance is None:
            recorded_balance = {}
        self.balances = {
            p: recorded_balance.get(p, balances[p] + net.get(p, 0)) for p in self.seats
        }
        next_banker = record.get("next_banker")
        if next_banker is None or next_banker not in self.seats:
            next_banker = deal.next_banker if deal is not None else banker
        self.banker = next_banker
        if deal is not None:
            self.pack_after = list(deal.pack)
            self.shuffle_allowed = deal.pontoon_in_deal
        else:
            self.pack_after = None
            self.shuffle_allowed = True

    def _pack(self, line: int, text: str) -> list[Card]:
        try:
            return [CARD_BY_TEXT[t] for t in text.split(" ")]
        except KeyError:
            for position, token in enumerate(text.split(" "), 1):
                if token not in CARD_BY_TEXT:
                    raise self._unreadable(
                        line,
                        "pack",
                        f"card {position}: expected a card like 'TH' (rank A 2-9 T J Q K, suit "
                        f"C D H S, upper case, single spaces between), got {brief(token)}",
                    ) from None
            raise  # pragma: no cover - some token above was not a card

    def _sale(
        self, line: int, n: int, sold: dict[str, Any], banker: str, balances: dict[str, int]
    ) -> tuple[BankSold, Divergence | None]:
        """T8.4: the banker of the last deal sells the bank; the buyer pays and banks now."""
        seller, buyer, price = sold["seller"], sold["buyer"], sold["price"]
        if seller != banker:
            found = self._div(line, n, seller, None, "sale.seller", seller, banker, "T8.4")
            _transfer(balances, buyer, seller, price)
            return BankSold(seller, buyer, price), found
        game = self.game
        game.banker = seller
        game.balances = balances
        try:
            return game.sell_bank(buyer, price), None
        except IllegalAction as err:
            _transfer(balances, buyer, seller, price)
            found = self._div(line, n, buyer, None, "sale", sold, err.reason, err.rule)
            return BankSold(seller, buyer, price), found

    def _check_pack(
        self, line: int, n: int, pack: list[Card], state: str | None
    ) -> Divergence | None:
        """The pack holds every card of the packs in play once each (T1.1) and, unless a shuffle
        was due (T8.2, T8.5) or the deal was stacked, is the pack the last deal left (T8.1)."""
        before = self.pack_after
        if self.first_deal:
            if state == "continued":
                return self._div(line, n, None, None, "pack_state", state, "shuffled", "T8.1")
        elif state != "stacked" and before is not None:
            if self.shuffle_allowed:
                if state == "continued":
                    return self._div(line, n, None, None, "pack_state", state, "shuffled", "T8.2")
            elif state == "shuffled":
                return self._div(line, n, None, None, "pack_state", state, "continued", "T8.1")
            elif pack == before:
                return None
            else:
                for i, (got, want) in enumerate(zip(pack, before, strict=False)):
                    if got is not want:
                        return self._div(
                            line, n, None, None, f"pack[{i}]", got.text, want.text, "T8.1"
                        )
                return self._div(
                    line,
                    n,
                    None,
                    None,
                    "pack",
                    f"{len(pack)} cards",
                    f"{len(before)} cards",
                    "T8.1",
                )
        return self._check_composition(line, n, pack)

    def _check_composition(self, line: int, n: int, pack: list[Card]) -> Divergence | None:
        size = self.pack_size
        if len(pack) != size:
            return self._div(
                line, n, None, None, "pack", f"{len(pack)} cards", f"{size} cards", "T1.1"
            )
        if self._full_pack is None:
            if len(set(pack)) == size:
                return None
            counts = Counter(pack)
        else:
            counts = Counter(pack)
            if counts == self._full_pack:
                return None
        for card in FULL_PACK:
            if counts[card] != self.packs:
                return self._div(
                    line,
                    n,
                    None,
                    None,
                    "pack",
                    f"{card.text} {_count(counts[card], 'time')}",
                    f"{card.text} {_count(self.packs, 'time')}",
                    "T1.1",
                )
        return None  # pragma: no cover - some card's count differs

    def _play(
        self, line: int, n: int, deal: Deal, record: dict[str, Any]
    ) -> tuple[Divergence | None, bool]:
        """Take the recorded decisions in order through the engine; (first divergence, whether
        the deal reached its end)."""
        decisions: list[Any] = record["decisions"]
        act = deal.act
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
            if deal.actor != (player, hand):
                expected, rule = _whose_turn(deal)
                what = _action_text(action, amount)
                return self._div(
                    line, n, player, hand, f"decisions[{i}]", what, expected, rule
                ), False
            try:
                if action == "split":  # the amount is derived: the new hand's stake (T5.2)
                    event = deal.split(player, hand)
                    if amount is not None and amount != event.amount and found is None:
                        where = f"decisions[{i}]"
                        found = self._div(
                            line, n, player, hand, where, f"split {amount}", str(event), "T5.2"
                        )
                else:
                    act(player, hand, action, amount)
            except IllegalAction as err:
                what = _action_text(action, amount)
                found = found or self._div(
                    line, n, player, hand, f"decisions[{i}]", what, err.reason, err.rule
                )
                return found, False
        if deal.phase is not Phase.END:
            actor = deal.actor
            assert actor is not None
            who, hand = actor
            more = self._div(
                line,
                n,
                who,
                hand,
                "decisions",
                _count(len(decisions), "decision"),
                f"a decision by {who} hand {hand}",
                _TURN_RULE[deal.phase],
            )
            return found or more, False
        return found, True

    def _cross_check(self, line: int, n: int, deal: Deal) -> Divergence | None:
        """Settle the final hands again with the pure settlement function (T7); the re-deal
        and it must agree, hand by hand and in each player's net."""
        b = deal.banker_hand
        banker_class, banker_total = b.hand_class, b.total
        settle = self.settle
        rules = self.rules
        nets = dict.fromkeys(deal.nets, 0)
        for p, i, h in deal.hands_in_order():
            if h.rule == "T8.5":  # a void deal: the stake goes back
                expected = (0, "T8.5")
            else:
                expected = settle(rules, banker_class, banker_total, h.hand_class, h.total, h.stake)
            if (h.net, h.rule) != expected:
                return self._div(line, n, p, i, "internal", [h.net, h.rule], list(expected), "T7")
            nets[p] += expected[0]
            nets[deal.banker] -= expected[0]
        if nets != deal.nets:
            return self._div(line, n, None, None, "internal", deal.nets, nets, "T7")
        return None

    def _compare(
        self,
        line: int,
        n: int,
        record: dict[str, Any],
        derived: dict[str, Any],
        deal: Deal,
        after: dict[str, int],
    ) -> Divergence | None:
        """The first field the record holds that the re-deal does not give."""
        cards = record.get("cards")
        if cards is not None and cards != derived["cards"]:
            found = self._compare_rows(line, n, "cards", cards, derived["cards"], CARD_KEYS, deal)
            if found is not None:
                return found
        hands = record.get("hands")
        if hands is not None and hands != derived["hands"]:
            found = self._compare_rows(line, n, "hands", hands, derived["hands"], HAND_KEYS, deal)
            if found is not None:
                return found
        banker_hand = record.get("banker_hand")
        if banker_hand is not None:
            want = derived["banker_hand"]
            for key in BANKER_HAND_KEYS:
                got = banker_hand.get(key, MISSING)
                if got is not MISSING and got != want[key]:
                    where = f"banker_hand.{key}"
                    rule = _BANKER_HAND_RULE[key]
                    return self._div(line, n, deal.banker, 1, where, got, want[key], rule)
        void = record.get("void")
        if void is not None and void != deal.void:
            return self._div(line, n, None, None, "void", void, deal.void, "T8.5")
        net = record["net"]
        if net != derived["net"]:
            for p in self.seats:
                got = net.get(p, 0)
                want = deal.nets.get(p, 0)
                if got != want:
                    return self._div(line, n, p, None, "net", got, want, _net_rule(deal, p))
            for p in net:
                if p not in self.seats:
                    return self._div(line, n, p, None, "net", net[p], None, "T3.1")
        balance = record.get("balance")
        if balance is not None and balance != after:
            for p in self.seats:
                got = balance.get(p)
                if got != after[p]:
                    return self._div(line, n, p, None, "balance", got, after[p], "T7")
            for p in balance:
                if p not in self.seats:
                    return self._div(line, n, p, None, "balance", balance[p], None, "T3.1")
        next_banker = record.get("next_banker")
        if next_banker is not None and next_banker != deal.next_banker:
            return self._div(
                line, n, None, None, "next_banker", next_banker, deal.next_banker, "T8.3"
            )
        return None

    def _compare_rows(
        self,
        line: int,
        n: int,
        name: str,
        rows: list[dict[str, Any]],
        want_rows: list[dict[str, Any]],
        keys: tuple[str, ...],
        deal: Deal,
    ) -> Divergence | None:
        for i, (got, want) in enumerate(zip(rows, want_rows, strict=False)):
            if got == want:
                continue
            for key in keys:
                value = got.get(key, MISSING)
                if value is not MISSING and value != want[key]:
                    if name == "cards":
                        rule = _card_rule(deal, i)
                    else:
                        rule = _HAND_RULE.get(key) or want["rule"]
                    where = f"{name}[{i}].{key}"
                    return self._div(
                        line, n, want["player"], want["hand"], where, value, want[key], rule
                    )
        if len(rows) != len(want_rows):
            word = name[:-1]
            rule = _card_rule(deal, min(len(rows), len(want_rows))) if name == "cards" else "T5.2"
            return self._div(
                line,
                n,
                None,
                None,
                name,
                _count(len(rows), word),
                _count(len(want_rows), word),
                rule,
            )
        return None


def _transfer(balances: dict[str, int], buyer: str, seller: str, price: Any) -> None:
    """The recorded sale's money, moved as recorded, when the rules refused it."""
    if buyer in balances and seller in balances and type(price) is int:
        balances[buyer] -= price
        balances[seller] += price


def _action_text(action: str, amount: int | None) -> str:
    return action if amount is None else f"{action} {amount}"


def _whose_turn(deal: Deal) -> tuple[str, str]:
    """What the rules expect now, and the rule that says so."""
    actor = deal.actor
    if actor is None:
        return "the deal is over", _end_rule(deal)
    who, hand = actor
    phase = deal.phase
    if phase is Phase.STAKES:
        return f"{who} to stake", "T4.2"
    if phase is Phase.BANKER:
        return f"{who} (the banker) to draw or stay", "T6.1"
    return f"{who} hand {hand} to decide", "T5"


def _end_rule(deal: Deal) -> str:
    """Why the deal ended: the rule that takes no more decisions."""
    if deal.void:
        return "T8.5"
    if deal.banker_pontoon:
        return "T4.4"
    b = deal.banker_hand
    if len(b.cards) >= 5 or b.low >= 21:
        return "T6.2"
    if all(h.rule == "T5.6" for _, _, h in deal.hands_in_order()):
        return "T6.3"
    return "T6.1"


def _card_rule(deal: Deal, index: int) -> str:
    """The rule that dealt the ``index``-th card of the deal (by the decision before it)."""
    last: str | None = None
    count = -1
    for event in deal.events:
        if isinstance(event, Decision):
            last = event.action
        elif isinstance(event, CardDealt):
            count += 1
            if count == index:
                return "T4.1" if last is None else _CARD_RULE.get(last, "T4")
    return "T4"


def _net_rule(deal: Deal, player: str) -> str:
    rows = deal.hands.get(player)
    if rows is not None and len(rows) == 1:
        return rows[0].rule or "T7"
    return "T7"
