"""``pontoon show``: which deals to draw, and what each picture holds (drawn by render_show).

:class:`Show` visits a log and hands each chosen deal to a drawing function as a
:class:`DealPicture`: who banked, each decision in order, each hand with its cards, stake, class
and settlement (with its rule ID), the banker's hand, every seat's net and balance, a sale of the
bank, and Shoot's kitty. A third party's minimal log (no ``hands``: only the pack, the decisions
and the nets) is re-dealt by the rules, as replay re-deals it, so its picture holds the cards and
hands too. Nothing here imports rich.

``--deal N`` / ``--deals A-B`` choose deals by number in the log's first game, ``G:N`` /
``G:A-B`` in game G (each header starts a game, as ``simulate --log`` and ``cat`` write them);
reading stops after the last chosen deal, or at the next game's header. ``--player NAME`` (once
or more) keeps the deals one of them played or banked, and in a deal none of them banked, only
their decisions, hands and balances.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.rules import Rules
from pontoon_cli.games import RecordShape
from pontoon_cli.log.reader import STOP, At, LogRecord, LogVisitor
from pontoon_cli.logformat.check import read_header
from pontoon_cli.replay.replayer import LogReplayer
from pontoon_cli.views.parting import Parting, parting, rules_seats
from pontoon_cli.views.shape import GameTrack, shape_of

#: svg and html hold the whole picture in memory until it is written: at most this many deals.
MAX_PICTURE_DEALS: Final = 200


def _item(at: At, kind: str, record: dict[str, Any]) -> LogRecord:
    """A record the views' reader read, as replay takes it (a header with its rules and table)."""
    if kind == "header":
        rules, table = read_header(record, at.file, at.line)
        return LogRecord(at, kind, record, b"", rules, table)
    return LogRecord(at, kind, record, b"")


class ShowError(PontoonError):
    """A choice of deals or player the log cannot satisfy (exit 2)."""


def name(text: str) -> str:
    """A name from the log as a person reads it: itself, or escaped if not printable
    (docs/development/style.md, "Input and output")."""
    return text if text.isprintable() else repr(text)


@dataclass(frozen=True, slots=True)
class Seat:
    player: str
    net: int
    before: int
    after: int


@dataclass(slots=True)
class DealPicture:
    """What one deal's picture shows; lists hold the record's own items in its order."""

    at: At
    number: int
    preset: str
    house: str  # "banker", "dealer"
    banker: str | None
    pack_state: str | None
    sale: dict[str, Any] | None
    sat_out: list[str]
    decisions: list[dict[str, Any]]
    hands: list[dict[str, Any]] | None  # None: the record holds no hands
    house_hand: dict[str, Any] | None
    seats: list[Seat]
    kitty: dict[str, Any] | None
    kitty_before: int | None
    kitty_after: int | None
    next_banker: str | None
    void: bool
    game: dict[str, Any] | None = field(default=None)  # the header, on a game's first picture
    redealt: bool = False  # the hands are the rules' re-deal of a minimal log's deal
    #: where a minimal deal replay found divergent parts from the rules (the hands are then the
    #: rules', to the end or as far as they went); None for a deal that verifies or a full one
    parting: Parting | None = field(default=None)


@dataclass(frozen=True, slots=True)
class Choice:
    """The deals ``--deal`` or ``--deals`` chose: ``first`` to ``last`` of game ``game`` (each
    header of a log starts a game, 1, 2...; ``game`` 1 unless the option named one)."""

    game: int
    first: int
    last: int
    named_game: bool = False  # the option said G:


#: ``[G:]N`` or ``[G:]A-B``: whole numbers of at most 16 digits (2**53 has 16).
_CHOICE = re.compile(
    r"(?:(?P<game>[0-9]{1,16}):)?(?P<first>[0-9]{1,16})(?:-(?P<last>[0-9]{1,16}))?"
)


def parse_choice(option: str, text: str) -> Choice:
    """``N``, ``A-B``, ``G:N`` or ``G:A-B`` (``option`` says which form it is given for); a
    ShowError when it is not one."""
    span = option == "--deals"
    form = "[G:]A-B, deal numbers like 3-7 or 2:3-7" if span else "[G:]N, like 5 or 2:5"
    match = _CHOICE.fullmatch(text)  # ASCII digits only: not 1_000, +5 or ' 5' (int() takes them)
    if match is None or (match["last"] is not None and not span):
        raise ShowError(f"{option} {text!r}: expected {form}")
    colon = match["game"] is not None
    game = int(match["game"]) if colon else 1
    a = int(match["first"])
    b = int(match["last"]) if match["last"] is not None else a
    if game < 1 or a < 1 or b < a:
        raise ShowError(f"{option} {text!r}: expected {form}, game and deals 1 or more, A <= B")
    return Choice(game, a, b, colon)


class Show(LogVisitor[int]):
    """Draws the chosen deals of one log through ``draw``; the result is how many it drew."""

    def __init__(
        self,
        draw: Callable[[DealPicture], None],
        *,
        deals: Choice | None = None,
        players: tuple[str, ...] = (),
        most: int | None = None,
    ) -> None:
        self.draw = draw
        self.deals = deals
        self.players = players  # the players to keep: none, everyone
        self.most = most  # the most deals to draw (svg, html), else a ShowError
        self.drawn = 0
        self.read = 0  # deal records read (of the chosen game, with --deal or --deals)
        self.games = 0  # headers read
        self.seen: set[str] = set()  # the chosen players who sat at a table read
        self._header: dict[str, Any] | None = None
        self._shape: RecordShape | None = None
        self._track: GameTrack | None = None
        self._replayer: LogReplayer | None = None

    def visit_header(self, at: At, record: dict[str, Any], rules: Rules) -> bool | None:
        self.games += 1
        if self.deals is not None and self.games > self.deals.game:
            return STOP  # the chosen game is over: nothing later is chosen
        self._shape = shape_of(rules, at.file, at.line)
        self._track = GameTrack(record, self._shape)
        self._replayer = LogReplayer(at.file)  # until a deal holds hands
        self._replayer.check(_item(at, "header", record))
        self._header = record
        self.seen.update(p for p in self.players if p in self._track.seats)
        return None

    def visit_deal(self, at: At, record: dict[str, Any]) -> bool | None:
        track, shape = self._track, self._shape
        assert track is not None and shape is not None
        replayer = self._replayer
        redealt = False
        parted: Parting | None = None
        rules_deal: dict[str, Any] | None = None
        if replayer is not None:
            if "hands" in record or record.get("void"):
                self._replayer = None  # the log holds what it dealt: nothing to re-deal
            else:  # a minimal log's deal: the hands as the rules re-deal it
                recorded = record
                record, found = replayer.completed(_item(at, "deal", record))
                if found is not None:  # both: as recorded, and as the rules deal it
                    rules_deal = replayer.redealt()
                    so_far = replayer.dealt_so_far()
                    record, parted = parting(
                        found, recorded, record, rules_deal, so_far, shape.house_hand
                    )
                    if rules_deal is None and so_far is not None and "net" in so_far:
                        rules_deal = so_far  # the rules' deal ended before the record did
                redealt = "hands" in record
        facts = track.deal(record)
        if parted is not None and rules_deal is not None:
            parted.seats = rules_seats(track.seats, facts.before, rules_deal)
        n = facts.number
        if self.deals is not None:
            if self.games < self.deals.game:
                return None
            self.read += 1
            if n > self.deals.last:  # numbers go 1, 2, 3... (T8): nothing later is chosen
                return STOP
            if not self.deals.first <= n <= self.deals.last:
                return None
        else:
            self.read += 1
        decisions: list[dict[str, Any]] = record["decisions"]
        hands: list[dict[str, Any]] | None = record.get("hands")
        seats = [Seat(p, facts.net[p], facts.before[p], facts.after[p]) for p in track.seats]
        who = self.players
        if who and facts.banker not in who:
            if not any(d["player"] in who for d in decisions):
                return None  # sat out, or not at this table
            decisions = [d for d in decisions if d["player"] in who]
            if hands is not None:
                hands = [h for h in hands if h["player"] in who]
            seats = [s for s in seats if s.player in who]
            if parted is not None:
                parted.common = sum(
                    1 for d in record["decisions"][: parted.common] if d["player"] in who
                )
                parted.seats = [s for s in parted.seats if s.player in who]
        if self.most is not None and self.drawn == self.most:
            raise ShowError(
                f"svg and html draw at most {self.most} deals in one picture; choose some "
                "with --deal N or --deals A-B"
            )
        kitty = record.get("kitty") if shape.kitty else None
        picture = DealPicture(
            at=at,
            number=n,
            preset=shape.preset,
            house=shape.house,
            banker=facts.banker,
            pack_state=record.get("pack_state"),
            sale=facts.sale,
            sat_out=record.get("sat_out", []),
            decisions=decisions,
            hands=hands,
            house_hand=record.get(shape.house_hand),
            seats=seats,
            kitty=kitty,
            kitty_before=facts.kitty_before,
            kitty_after=facts.kitty_after,
            next_banker=facts.next_banker if shape.bank_moves else None,
            void=bool(record.get("void", False)),
            game=self._header,
            redealt=redealt,
            parting=parted,
        )
        self._header = None
        self.draw(picture)
        self.drawn += 1
        return None

    def result(self) -> int:
        return self.drawn

    def check(self, log: str) -> None:
        """After the log: a ShowError when a player never sat or no chosen deal was there."""
        for who in self.players:
            if who not in self.seen:
                raise ShowError(f"{log}: no player {name(who)!r} at the table")
        choice = self.deals
        if self.drawn or choice is None:
            return
        first, last = choice.first, choice.last
        chosen = f"deal {first}" if first == last else f"deals {first}-{last}"
        if self.games < choice.game:
            raise ShowError(
                f"{log}: no game {choice.game} in the log ({self.games} read: each header "
                "starts one)"
            )
        if choice.named_game or self.games > 1:
            raise ShowError(
                f"{log}: no {chosen} in game {choice.game} of the log ({self.read} of its deals "
                "read; G:N chooses another game)"
            )
        raise ShowError(f"{log}: no {chosen} in the log ({self.read} deals read)")
