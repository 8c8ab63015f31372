"""``pontoon show``: which deals to draw, and what each picture holds (drawn by render_show).

:class:`Show` visits a log and hands each chosen deal to a drawing function as a
:class:`DealPicture`: who banked, each decision in order, each hand with its cards, stake, class
and settlement (with its rule ID), the banker's hand, every seat's net and balance, a sale of the
bank, and Shoot's kitty. What a record leaves out (a third party's minimal log has no ``hands``)
is left out of the picture, and said so. Nothing here imports rich.

``--deal N`` / ``--deals A-B`` choose deals by number (reading stops after the last one);
``--player NAME`` keeps the deals NAME played or banked, and in a deal NAME did not bank, only
NAME's decisions, hands and balance.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from pontoon_cli.errors import PontoonError
from pontoon_cli.log_visitor import STOP, At, LogVisitor
from pontoon_cli.rules import Rules
from pontoon_cli.view_shape import GameTrack, RecordShape, shape_of

#: svg and html hold the whole picture in memory until it is written: at most this many deals.
MAX_PICTURE_DEALS: Final = 200


class ShowError(PontoonError):
    """A choice of deals or player the log cannot satisfy (exit 2)."""


def name(text: str) -> str:
    """A name from the log as a person reads it: itself, or escaped if not printable (STYLE 15)."""
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


def parse_range(text: str) -> tuple[int, int]:
    """``A-B`` (or ``N``) as (first, last) deal numbers; a ShowError when it is not one."""
    first, dash, last = text.partition("-")
    try:
        a = int(first)
        b = int(last) if dash else a
    except ValueError:
        raise ShowError(f"--deals {text!r}: expected A-B, two deal numbers like 3-7") from None
    if a < 1 or b < a:
        raise ShowError(f"--deals {text!r}: expected A-B with 1 <= A <= B")
    return a, b


class Show(LogVisitor[int]):
    """Draws the chosen deals of one log through ``draw``; the result is how many it drew."""

    def __init__(
        self,
        draw: Callable[[DealPicture], None],
        *,
        deals: tuple[int, int] | None = None,
        player: str | None = None,
        most: int | None = None,
    ) -> None:
        self.draw = draw
        self.deals = deals
        self.player = player
        self.most = most  # the most deals to draw (svg, html), else a ShowError
        self.drawn = 0
        self.read = 0  # deal records read
        self.seen_player = player is None
        self._header: dict[str, Any] | None = None
        self._shape: RecordShape | None = None
        self._track: GameTrack | None = None

    def visit_header(self, at: At, record: dict[str, Any], rules: Rules) -> None:
        self._shape = shape_of(rules, str(at))
        self._track = GameTrack(record, self._shape)
        self._header = record
        if self.player is not None and self.player in self._track.seats:
            self.seen_player = True

    def visit_deal(self, at: At, record: dict[str, Any]) -> bool | None:
        track, shape = self._track, self._shape
        assert track is not None and shape is not None
        self.read += 1
        facts = track.deal(record)
        n = facts.number
        if self.deals is not None:
            first, last = self.deals
            if n > last:  # numbers go 1, 2, 3... (T8): nothing later is chosen
                return STOP
            if not first <= n <= last:
                return None
        decisions: list[dict[str, Any]] = record["decisions"]
        hands: list[dict[str, Any]] | None = record.get("hands")
        seats = [Seat(p, facts.net[p], facts.before[p], facts.after[p]) for p in track.seats]
        who = self.player
        if who is not None and who != facts.banker:
            if not any(d["player"] == who for d in decisions):
                return None  # sat out, or not at this table
            decisions = [d for d in decisions if d["player"] == who]
            if hands is not None:
                hands = [h for h in hands if h["player"] == who]
            seats = [s for s in seats if s.player == who]
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
        )
        self._header = None
        self.draw(picture)
        self.drawn += 1
        return None

    def result(self) -> int:
        return self.drawn

    def check(self, log: str) -> None:
        """After the log: a ShowError when the player never sat or no chosen deal was there."""
        if not self.seen_player:
            assert self.player is not None
            raise ShowError(f"{log}: no player {name(self.player)!r} at the table")
        if self.drawn == 0 and self.deals is not None:
            first, last = self.deals
            chosen = f"deal {first}" if first == last else f"deals {first}-{last}"
            raise ShowError(f"{log}: no {chosen} in the log ({self.read} deals read)")
