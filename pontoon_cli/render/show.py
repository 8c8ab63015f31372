"""Drawing ``pontoon show``'s deals with rich: for a terminal, a pipe, an SVG or an HTML page.

Cards are drawn as cards: rank and suit symbol, hearts and diamonds red, clubs and spades in the
terminal's own colour, on a terminal and in svg/html; as the log's letters (``TH``) when the
output is piped or ``NO_COLOR`` is set (SPEC "Colour only on a terminal, never with NO_COLOR").
Every name and word from the log goes into rich as ``Text``, never as markup, and is escaped if
it is not printable, so a log cannot drive the terminal.
"""

from __future__ import annotations

import io
from typing import Any, Final

from rich import box
from rich.console import Console, Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from pontoon_cli.render.plain import grid_lines
from pontoon_cli.views.parting import Parting
from pontoon_cli.views.show import DealPicture, name

SUITS: Final = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED: Final = frozenset("DH")
WIDTH: Final = 100  # columns of a picture for a file (svg, html)
UNWRAPPED: Final = 1 << 16  # text not on a terminal (a pipe, --out): no line is wrapped

#: How a decision reads: the verb, and whether its amount follows.
VERBS: Final = {
    "stake": "stakes",
    "buy": "buys for",
    "twist": "twists",
    "stick": "sticks",
    "split": "splits",
    "burn": "burns",
    "shoot": "shoots",
    "draw": "draws",
    "stay": "stays",
    "double": "doubles",
    "no_double": "does not double",
    "hit": "hits",
    "stand": "stands",
}


class Drawing:
    """A console drawing deals, as plain text, coloured text, or recorded for svg/html."""

    def __init__(self, *, colour: bool, width: int | None, record: bool = False) -> None:
        self.symbols = colour or record
        self.drawn = 0
        # a pipe or a file (no colour, no width to fit): nothing styled, so no rich
        self._plain = not (colour or record) and width is None
        self._buffer = io.StringIO()
        self.console = Console(
            file=self._buffer,
            width=width or (WIDTH if record else UNWRAPPED),
            force_terminal=colour or record,
            color_system="truecolor" if record else ("standard" if colour else None),
            no_color=not (colour or record),
            highlight=False,
            emoji=False,
            record=record,
            legacy_windows=False,
        )

    def draw(self, picture: DealPicture) -> None:
        if self._plain:  # rich's layout, written line by line (render.plain): 30x faster
            if self.drawn:
                self._buffer.write("\n")
            self._buffer.write("\n".join(plain_deal(picture)) + "\n")
            self.drawn += 1
            return
        if self.drawn:
            self.console.print()  # a blank line between deals
        self.console.print(deal_renderable(picture, self.symbols))
        self.drawn += 1

    def take(self) -> str:
        """The text drawn since the last take (plain text without the padding at line ends)."""
        text = self._buffer.getvalue()
        self._buffer.seek(0)
        self._buffer.truncate()
        if not self.console.is_terminal:
            text = "\n".join(line.rstrip() for line in text.split("\n"))
        return text

    def svg(self, title: str) -> str:
        return self.console.export_svg(title=title, unique_id="pontoon-show")

    def html(self) -> str:
        return self.console.export_html(inline_styles=True)


#: A piece of a line or a cell: its text and its rich style ("" for none). The rich drawing
#: assembles pieces into ``Text``; the plain one (a pipe, a file) joins their text, so what a
#: line says is written once and the plain path builds no rich object at all.
Part = tuple[str, str]
#: A line or a cell: its pieces, and a style over the whole of it ("" for none).
Styled = tuple[list[Part], str]


def _text(styled: Styled) -> Text:
    parts, style = styled
    out = Text(style=style)
    for text, part_style in parts:
        out.append(text, style=part_style or None)
    return out


def _plain(styled: Styled) -> str:
    return "".join([text for text, _ in styled[0]])


def _card(text: str, symbols: bool) -> Part:
    """One card: ``T♥`` in red (symbols), or ``TH`` as the log writes it."""
    if not symbols or len(text) != 2 or text[1] not in SUITS:
        return text, ""
    return text[0] + SUITS[text[1]], "bold red" if text[1] in RED else "bold"


def _cards(text: str, symbols: bool) -> list[Part]:
    parts: list[Part] = []
    for i, one in enumerate(text.split()):
        if i:
            parts.append((" ", ""))
        parts.append(_card(one, symbols))
    return parts


def deal_renderable(p: DealPicture, symbols: bool) -> Group:
    parts: list[Any] = []
    if p.game is not None:
        parts.append(_text(_game_line(p.game)))
    parts.append(_text(_title(p)))
    if p.parting is not None:
        parts.append(_text(_divergence(p.parting)))
    parts += [Text(note) for note in _notes(p)]
    parts += [Padding(_text(line), (0, 0, 0, 2)) for line in _decision_lines(p)]
    parts.append(_hands(p, symbols))
    parts += [_text(line) for line in _money_lines(p)]
    if p.kitty is not None or p.kitty_before is not None:
        parts.append(_text(_kitty(p)))
    return Group(*parts)


def plain_deal(p: DealPicture) -> list[str]:
    """A deal as :func:`deal_renderable` draws it without colour or a width to fit, as lines:
    the same characters (a test compares them), without building a rich object."""
    lines = [] if p.game is None else [_plain(_game_line(p.game))]
    lines.append(_plain(_title(p)))
    if p.parting is not None:
        lines.append(_plain(_divergence(p.parting)))
    lines += _notes(p)
    lines += ["  " + _plain(line) for line in _decision_lines(p)]
    rows, caption = _hand_rows(p, symbols=False)
    lines += grid_lines(_COLUMNS, [[_plain(c) for c in row] for row in rows], _LEFT, caption)
    lines += [_plain(line).rstrip() for line in _money_lines(p)]
    if p.kitty is not None or p.kitty_before is not None:
        lines.append(_plain(_kitty(p)))
    return lines


# a minimal deal replay found divergent: as recorded, and as the rules deal it ------------------

#: The two versions' labels, one width, so that what follows them lines up.
RECORDED: Final = "as recorded:  "
BY_RULES: Final = "by the rules: "


def _divergence(part: Parting) -> Styled:
    """The first divergence, as replay reports it, above both versions."""
    return [("  first divergence: ", "bold"), (part.divergence, "")], "yellow"


def _decision_lines(p: DealPicture) -> list[Styled]:
    """The decisions: one line; where the record parts from the rules at a decision, the ones
    both hold, then the record's from there and what the rules give there."""
    part = p.parting
    if part is None or part.rules_next is None:
        return [_decisions(p.decisions)]
    lines = []
    if part.common:
        lines.append(_decisions(p.decisions[: part.common]))
    rest = p.decisions[part.common :]
    recorded = _decisions(rest) if rest else ([("no more decisions", "")], "dim")
    lines.append(([("  " + RECORDED, "dim"), *recorded[0]], ""))
    lines.append(([("  " + BY_RULES, "dim"), (part.rules_next, "bold")], ""))
    return lines


def _money_lines(p: DealPicture) -> list[Styled]:
    """Every seat's net and balance; both versions' where they differ."""
    seats = [(s.player, s.net, s.after) for s in p.seats]
    mine = _money(seats, p.next_banker, p.house)
    part = p.parting
    if part is None:
        return [mine]
    if part.stop is None:
        theirs = [(s.player, s.net, s.after) for s in part.seats]
        next_banker = part.next_banker if p.next_banker is not None else None
        if theirs == seats and next_banker in (None, p.next_banker):
            return [mine]  # the two part elsewhere: one line says both
        rules = _money(theirs, next_banker, p.house)
    else:
        rules = [("  ", ""), (f"no nets: the deal stops at {part.stop}", "")], "dim"
    return [_labelled(RECORDED, mine), _labelled(BY_RULES, rules)]


def _labelled(label: str, line: Styled) -> Styled:
    """``line`` (a money line, two spaces in) with ``label`` after its indent."""
    parts, style = line
    return [("  ", ""), (label, "dim"), *parts[1:]], style


def _notes(p: DealPicture) -> list[str]:
    """The bank's sale (T8.4) and who sat out (T8.6), when the deal has them."""
    notes = []
    if p.sale is not None:
        s = p.sale
        notes.append(
            f"  {name(s['buyer'])} bought the bank from {name(s['seller'])} for {s['price']} (T8.4)"
        )
    if p.sat_out:
        notes.append("  sat out (T8.6): " + ", ".join(name(x) for x in p.sat_out))
    return notes


def _game_line(header: dict[str, Any]) -> Styled:
    table = header["table"]
    preset = header["rules"].get("preset", "traditional")
    seed = header.get("seed")
    scenario = header.get("scenario")
    words = [f"{preset} Pontoon", "seats " + " ".join(name(s) for s in table["seats"])]
    if scenario:
        words.append(f"scenario {name(scenario)}")
    elif seed is not None:
        words.append(f"seed {seed}")
    words.append(f"stakes {table['min_stake']}-{table['max_stake']}")
    return [("game: " + " · ".join(words), "")], "dim"


def _title(p: DealPicture) -> Styled:
    who = p.house if p.banker is None else f"{p.house} {name(p.banker)}"
    parts = [(f"deal {p.number}", ""), (f" · {who}", "")]
    if p.pack_state is not None:
        parts.append((f" · pack {p.pack_state}", ""))
    if p.void:
        parts.append((" · void: the pack ran out (T8.5)", "yellow"))
    parts.append((f"  ({p.at})", "dim"))
    return parts, "bold"


def _decisions(decisions: list[dict[str, Any]]) -> Styled:
    if not decisions:
        return [("no decisions", "")], "dim"
    parts: list[Part] = []
    for i, d in enumerate(decisions):
        if i:
            parts.append((" · ", "dim"))
        words = f"{name(d['player'])}"
        if d["hand"] != 1:
            words += f" hand {d['hand']}"
        action = d["action"]
        words += " " + VERBS.get(action, name(action))
        if "amount" in d and action != "split":
            words += f" {d['amount']}"
        parts.append((words, ""))
    return parts, ""


#: The hands table's columns, and which are justified left.
_COLUMNS: Final = ["player", "hand", "cards", "stake", "class", "total", "net", "rule"]
_LEFT: Final = frozenset({0, 2, 4, 7})


def _hands(p: DealPicture, symbols: bool) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), show_edge=False)
    for i, column in enumerate(_COLUMNS):
        table.add_column(column, justify="left" if i in _LEFT else "right")
    rows, caption = _hand_rows(p, symbols)
    for row in rows:
        table.add_row(*[_text(cell) for cell in row])
    if caption is not None:
        table.caption = caption
        table.caption_style = "dim"
    return table


def _cell(text: str, style: str = "") -> Styled:
    return [(text, "")], style


def _hand_rows(p: DealPicture, symbols: bool) -> tuple[list[list[Styled]], str | None]:
    """The hands table's rows (each hand, then the banker's or dealer's) and its caption."""
    rows: list[list[Styled]] = []
    caption = None
    if p.hands is None:
        rows.append([_cell("(the record holds no hands)", "dim")])
    else:
        if p.redealt and p.parting is not None and p.parting.stop is not None:
            caption = f"dealt by the rules up to {p.parting.stop} (a minimal log)"
        elif p.redealt:
            caption = "re-dealt from the record's pack and decisions (a minimal log)"
        for h in p.hands:
            label = h.get("class", "")
            if h.get("split"):
                label += " (split)"
            if h.get("doubled"):
                label += " (doubled)"  # C7
            rows.append(
                [
                    _cell(name(h["player"])),
                    _cell(str(h["hand"])),
                    (_cards(h.get("cards", ""), symbols), ""),
                    _cell(_number(h.get("stake"))),
                    _cell(label, _class_style(h.get("class"))),
                    _cell(_number(h.get("total"))),
                    _cell(*_signed(h.get("net"))),  # its colour fills the cell, padding too
                    _cell(h.get("rule", "")),
                ]
            )
    house = p.house_hand
    who = p.house if p.banker is None else f"{name(p.banker)} ({p.house})"
    if house is not None:
        rows.append(
            [
                _cell(who, "bold"),
                _cell(""),
                (_cards(house.get("cards", ""), symbols), ""),
                _cell(""),
                _cell(house.get("class", ""), _class_style(house.get("class"))),
                _cell(_number(house.get("total"))),
                _cell(""),
                _cell(""),
            ]
        )
    return rows, caption


def _money(seats: list[tuple[str, int, int]], next_banker: str | None, house: str) -> Styled:
    """Each seat's (player, net, balance after), and who banks next."""
    parts: list[Part] = [("  ", "")]
    for i, (player, net, after) in enumerate(seats):
        if i:
            parts.append((" · ", "dim"))
        parts.append((f"{name(player)} ", ""))
        parts.append(_signed(net))
        parts.append((f" → {after}", ""))
    if next_banker is not None:
        parts.append((f"  next {house}: {name(next_banker)}", ""))
    return parts, ""


def _kitty(p: DealPicture) -> Styled:
    parts: list[Part] = [(f"  kitty {p.kitty_before} → {p.kitty_after}", "")]
    moves = [] if p.kitty is None else p.kitty.get("moves", [])
    for i, m in enumerate(moves):  # an amount into the kitty is positive (S1-S10)
        parts.append((": " if i == 0 else " · ", ""))
        hand = "" if m.get("hand") in (None, 1) else f" hand {m['hand']}"
        parts.append((f"{name(m['player'])}{hand} ", ""))
        parts.append(_signed(m["amount"]))
        parts.append((f" ({m['rule']})", ""))
    return parts, ""


def _number(value: object) -> str:
    return "" if value is None else str(value)


def _signed(value: int | None) -> Part:
    if value is None:
        return "", ""
    if value > 0:
        return f"+{value}", "green"
    if value < 0:
        return str(value), "red"
    return "0", ""


def _class_style(label: object) -> str:
    if label in ("pontoon", "royal-pontoon", "five-card-trick"):
        return "bold"
    if label == "bust":
        return "dim"
    return ""
