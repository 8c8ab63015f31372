"""Hand-written checks of log records against the log's JSON Schema (schema.json, beside it).

``pontoon replay`` reads every line of a log; running a JSON Schema validator on each line would
cost more than the replay itself, so the schema's rules are written out here as plain type checks.
tests/log/test_log.py holds the schema and these checks to the same logs. Each check returns the
first problem as ``(field, what was expected, what was there)``, or None. The keys each record may
hold are :mod:`~pontoon_cli.logformat.fields`'s (imported from here too).
"""

from __future__ import annotations

import codecs
import re
import sys
from collections.abc import Iterable
from typing import Any, Final

import orjson

from pontoon_cli.base.start import PackState
from pontoon_cli.core.actions import ALL_WORDS, CASINO_ACTIONS
from pontoon_cli.core.cards import FULL_PACK, Card
from pontoon_cli.core.errors import LogFormatError, PontoonError
from pontoon_cli.core.hands import CLASS_LABELS
from pontoon_cli.core.limits import name_problem
from pontoon_cli.core.rules import (
    CARDS_PER_SEAT,
    HOUSE_PRESETS,
    MOST_PACKS,
    MOST_SEATS,
    Rules,
    Table,
)

# the records' keys, imported from here by replay and the views too
from pontoon_cli.logformat.fields import BANKER_HAND_KEYS as BANKER_HAND_KEYS
from pontoon_cli.logformat.fields import CARD_KEYS as CARD_KEYS
from pontoon_cli.logformat.fields import CASINO_DEAL_KEYS as CASINO_DEAL_KEYS
from pontoon_cli.logformat.fields import CASINO_HAND_KEYS as CASINO_HAND_KEYS
from pontoon_cli.logformat.fields import DEAL_HEADS as DEAL_HEADS
from pontoon_cli.logformat.fields import DEAL_KEYS as DEAL_KEYS
from pontoon_cli.logformat.fields import DEALER_HAND_KEYS as DEALER_HAND_KEYS
from pontoon_cli.logformat.fields import DECISION_KEYS as DECISION_KEYS
from pontoon_cli.logformat.fields import HAND_KEYS as HAND_KEYS
from pontoon_cli.logformat.fields import HEADER_KEYS as HEADER_KEYS
from pontoon_cli.logformat.fields import KITTY_KEYS as KITTY_KEYS
from pontoon_cli.logformat.fields import KITTY_MOVE_KEYS as KITTY_MOVE_KEYS
from pontoon_cli.logformat.fields import TABLE_KEYS as TABLE_KEYS
from pontoon_cli.logformat.format import FORMAT

CARD_BY_TEXT: Final[dict[str, Card]] = {card.text: card for card in FULL_PACK}
MISSING: Final[Any] = object()  # a field the record does not have
Problem = tuple[str, str, Any]  # (field, what was expected, what was there)

_CARDS_RE: Final = re.compile(r"(?:[A2-9TJQK][CDHS](?: [A2-9TJQK][CDHS])*)?")
_RULE_RE: Final = re.compile(r"[TVSC][0-9]+(?:\.[0-9]+)?")
ACTIONS: Final = ALL_WORDS  # the decision words a log may hold, of every game
PACK_STATES: Final = tuple(s.value for s in PackState)  # shuffled, stacked, continued
_HEADER_SET: Final = frozenset(HEADER_KEYS)
_DEAL_SET: Final = frozenset(DEAL_KEYS)
_DECISION_SET: Final = frozenset(DECISION_KEYS)
_CARD_SET: Final = frozenset(CARD_KEYS)
_KITTY_MOVE_SET: Final = frozenset(KITTY_MOVE_KEYS)
_HAND_SET: Final = frozenset(HAND_KEYS)
CASINO_WORDS: Final = CASINO_ACTIONS.words  # stake, hit, stand, double, split (C3, C6-C8)
_CASINO_DEAL_SET: Final = frozenset(CASINO_DEAL_KEYS)
_CASINO_HAND_SET: Final = frozenset(CASINO_HAND_KEYS)
_NO_BANKER: Final = "null: a casino table has no banker, the dealer is the house (C3)"


def brief(value: Any) -> str:
    """A value as short JSON for a message; ``nothing`` for a missing field. Nothing unprintable
    from the log is left raw."""
    if value is MISSING:
        return "nothing"
    text = orjson.dumps(value).decode()
    if not text.isprintable():
        text = escape_json(text)
    return text if len(text) <= 60 else text[:57] + "..."


def json_problem(raw: bytes, err: Exception) -> str:
    """Why a log line that orjson refused is not a record, in the words replay and the views
    print after ``FILE:LINE:``: truncated, empty, not UTF-8, or not JSON."""
    whole = raw.endswith(b"\n")
    detail = f" ({err})"
    if "not valid UTF-8" in str(err):  # orjson's words for bytes that are not UTF-8
        try:  # a line cut inside a character is truncated, not binary
            codecs.getincrementaldecoder("utf-8")().decode(raw, final=whole)
        except UnicodeDecodeError:
            return "not UTF-8 text"  # a newline at its end or not: a binary file is no log
        detail = ""  # orjson's words for the cut character say nothing more
    if not whole:
        return f"the last line is truncated: no newline at its end and not complete JSON{detail}"
    if not raw.strip():
        return "empty line: expected one JSON object"
    return f"not JSON: {err}"


def escape_json(text: str) -> str:
    """JSON text with every unprintable character (DEL, C1 controls, U+2028 ...) as ``\\uXXXX``;
    orjson escapes only those below U+0020. The newline that ends a JSON line stays."""
    out = []
    for c in text:
        if c.isprintable() or c == "\n":
            out.append(c)
        elif ord(c) > 0xFFFF:  # a surrogate pair, as JSON spells it
            v = ord(c) - 0x10000
            out.append(f"\\u{0xD800 + (v >> 10):04x}\\u{0xDC00 + (v & 0x3FF):04x}")
        else:
            out.append(f"\\u{ord(c):04x}")
    return "".join(out)


def key_text(key: str) -> str:
    """A key from the log as a field path shows it: itself if printable, else escaped."""
    return key if key.isprintable() else repr(key)


def _is_name(value: Any) -> bool:
    return type(value) is str and value != ""


def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_count(value: Any) -> bool:
    return type(value) is int and value >= 1


def _by_player_problem(where: str, value: Any) -> Problem | None:
    if type(value) is not dict:
        return where, "an object of player: whole number", value
    for who, amount in value.items():
        if who == "" or type(amount) is not int:
            return f"{where}.{key_text(who)}", "a whole number", amount
    return None


#: No hand, however wrongly played, holds more cards: 22 count 22 or more even as aces (T1.2,
#: T1.3), so the 22nd is a bust's last. Five end a hand by the rules (T5.7, T6.2, C6), but a
#: hand an engine played on past five is the rules' question, compared and reported, not refused.
MOST_HAND_CARDS: Final = 22
_MOST_HAND_TEXT: Final = 3 * MOST_HAND_CARDS - 1  # "AS AS ... AS"
_MOST_HAND_SAID: Final = (
    f"at most {MOST_HAND_CARDS} cards (T1.3: 22 cards count over 21 even as aces, so no hand "
    "holds more)"
)
#: No game seats more: the most packs (V9) deal two cards a seat (T1.1, T4.1).
_MOST_SEATS_SAID: Final = (
    f"at most {MOST_SEATS} seats (T1.1, T4.1: {MOST_PACKS} packs deal "
    f"{CARDS_PER_SEAT} cards a seat)"
)


def _names_problem(where: str, value: Any) -> Problem | None:
    if type(value) is not list:
        return where, "a list of player names", value
    for i, name in enumerate(value):
        if not _is_name(name):
            return f"{where}[{i}]", "a player's name", name
    return None


def _unknown_key(where: str, record: dict[str, Any], keys: Iterable[str]) -> Problem | None:
    known = set(keys)
    for key in record:
        if key not in known:
            prefix = f"{where}." if where else ""
            return (
                f"{prefix}{key_text(key)}",
                "no such field (one of " + ", ".join(keys) + ")",
                record[key],
            )
    return None


def header_problem(record: dict[str, Any], house: bool = False) -> Problem | None:
    """The first problem of a header record; ``house``: the header of a casino table (C3), whose
    ``table.banker`` is null or absent and which has no ``cut``."""
    if not record.keys() <= _HEADER_SET:
        return _unknown_key("", record, HEADER_KEYS)
    if record.get("format", MISSING) != FORMAT:
        return (
            "format",
            f'"{FORMAT}" (the only log format this replay reads)',
            record.get("format", MISSING),
        )
    if "tool" in record and type(record["tool"]) is not str:
        return "tool", "a string", record["tool"]
    rules = record.get("rules", MISSING)
    if type(rules) is not dict:
        return "rules", "an object of rule settings", rules
    if "preset" in rules and type(rules["preset"]) is not str:
        return "rules.preset", "a preset name", rules["preset"]
    table = record.get("table", MISSING)
    if type(table) is not dict:
        return "table", "an object {seats, banker, bankrolls, min_stake, max_stake}", table
    found = _unknown_key("table", table, TABLE_KEYS)
    if found is not None:
        return found
    seats = table.get("seats", MISSING)
    if type(seats) is list and len(seats) > MOST_SEATS:  # before the names are read: bounded
        return "table.seats", _MOST_SEATS_SAID, seats
    found = _names_problem("table.seats", seats)
    if found is not None:
        return found
    if house:
        if table.get("banker") is not None:
            return "table.banker", _NO_BANKER, table["banker"]
        if "cut" in record:
            return "cut", "no cut: a casino table has no bank to cut for (C3)", record["cut"]
    elif not _is_name(table.get("banker", MISSING)):
        return "table.banker", "a player's name", table.get("banker", MISSING)
    found = _by_player_problem("table.bankrolls", table.get("bankrolls", MISSING))
    if found is not None:
        return found
    for key in ("min_stake", "max_stake"):
        if not _is_count(table.get(key, MISSING)):
            return f"table.{key}", "a whole number of 1 or more", table.get(key, MISSING)
    cut = record.get("cut", [])
    if type(cut) is not list:
        return "cut", "a list of rounds, each an object of player: card", cut
    for i, rnd in enumerate(cut):
        if type(rnd) is not dict:
            return f"cut[{i}]", "an object of player: card", rnd
        for who, card in rnd.items():
            if who == "" or type(card) is not str or card not in CARD_BY_TEXT:
                return f"cut[{i}].{key_text(who)}", "a card like 'TH'", card
    seed = record.get("seed")
    if seed is not None and type(seed) is not int:
        return "seed", "a whole number or null", seed
    scenario = record.get("scenario")
    if scenario is not None and type(scenario) is not str:
        return "scenario", "a string or null", scenario
    strategies = record.get("strategies")
    if strategies is not None:
        if type(strategies) is not dict:
            return "strategies", "null or an object {punter, banker}", strategies
        found = _unknown_key("strategies", strategies, ("punter", "banker"))
        if found is not None:
            return found
        for key, value in strategies.items():
            if type(value) is not str:
                return f"strategies.{key}", "a strategy name", value
    return None


def deal_head_problem(record: dict[str, Any], *, carried: bool = True) -> Problem | None:
    """What replay reads before and after re-dealing: the number, the bank, the pack, the list
    of decisions, and (``carried``) the state that carries to the next deal (net, balance, next
    banker), which a deal read only up to its cards (:data:`DEAL_HEADS`) does not hold yet."""
    if not _is_count(record.get("deal", MISSING)):
        return "deal", "the deal number, a whole number of 1 or more", record.get("deal", MISSING)
    pack = record.get("pack", MISSING)
    if type(pack) is not str:
        return "pack", 'the pack as a string of cards, e.g. "9H 2H 7D ..."', pack
    sale = record.get("sale")
    if sale is not None:
        if type(sale) is not dict:
            return "sale", "null or an object {seller, buyer, price}", sale
        found = _unknown_key("sale", sale, ("seller", "buyer", "price"))
        if found is not None:
            return found
        for key in ("seller", "buyer"):
            if not _is_name(sale.get(key, MISSING)):
                return f"sale.{key}", "a player's name", sale.get(key, MISSING)
        if not _is_int(sale.get("price", MISSING)):
            return "sale.price", "a whole number", sale.get("price", MISSING)
    if "banker" in record and not _is_name(record["banker"]):
        return "banker", "a player's name", record["banker"]
    if "pack_state" in record:
        state = record["pack_state"]
        if type(state) is not str or state not in PACK_STATES:
            return "pack_state", "one of " + ", ".join(PACK_STATES), state
    if "sat_out" in record:
        found = _names_problem("sat_out", record["sat_out"])
        if found is not None:
            return found
    decisions = record.get("decisions", MISSING)
    if type(decisions) is not list:
        return "decisions", "a list of decisions {player, hand, action, amount}", decisions
    if not carried:
        return None
    found = _by_player_problem("net", record.get("net", MISSING))
    if found is not None:
        return found
    if "balance" in record:
        found = _by_player_problem("balance", record["balance"])
        if found is not None:
            return found
    if "next_banker" in record and not _is_name(record["next_banker"]):
        return "next_banker", "a player's name", record["next_banker"]
    return None


def deal_body_problem(record: dict[str, Any]) -> Problem | None:
    """Everything else: unknown fields, each decision, and the derived fields. Replay checks
    these only when the record is not exactly what the log writer gives for the re-deal."""
    if not record.keys() <= _DEAL_SET:
        return _unknown_key("", record, DEAL_KEYS)
    return _body_problem(record, ACTIONS, HAND_KEYS, _HAND_SET)


def casino_body_problem(record: dict[str, Any]) -> Problem | None:
    """:func:`deal_body_problem` for a casino round's record (C1-C11): its own keys (no
    ``banker``, ``sale``, ``banker_hand``, ``void``, ``next_banker`` or ``kitty``: C3), its
    decision words and its hands' ``doubled`` (C7)."""
    if not record.keys() <= _CASINO_DEAL_SET:
        return _unknown_key("", record, CASINO_DEAL_KEYS)
    return _body_problem(record, CASINO_WORDS, CASINO_HAND_KEYS, _CASINO_HAND_SET)


def _body_problem(
    record: dict[str, Any],
    actions: tuple[str, ...],
    hand_keys: tuple[str, ...],
    hand_set: frozenset[str],
) -> Problem | None:
    """A deal record's decisions (their words: ``actions``), cards, hands (their keys:
    ``hand_keys``) and the banker's or dealer's hand; a game's own fields (``void``, ``kitty``)
    reach here only in the records whose keys hold them."""
    for i, d in enumerate(record["decisions"]):
        found = _entry_problem(f"decisions[{i}]", d, DECISION_KEYS, _DECISION_SET)
        if found is not None:
            return found
        action = d.get("action", MISSING)
        if type(action) is not str or action not in actions:
            return f"decisions[{i}].action", "one of " + ", ".join(actions), action
        if "amount" in d and type(d["amount"]) is not int:
            return f"decisions[{i}].amount", "a whole number", d["amount"]
    cards = record.get("cards")
    if "cards" in record:
        if type(cards) is not list:
            return "cards", "a list of cards dealt {player, hand, card, up}", cards
        for i, c in enumerate(cards):
            where = f"cards[{i}]"
            found = _entry_problem(where, c, CARD_KEYS, _CARD_SET)
            if found is not None:
                return found
            card = c.get("card", MISSING)
            if type(card) is not str or card not in CARD_BY_TEXT:
                return f"{where}.card", "a card like 'TH'", card
            if "up" in c and type(c["up"]) is not bool:
                return f"{where}.up", "true or false", c["up"]
    if "hands" in record:
        hands = record["hands"]
        if type(hands) is not list:
            return "hands", "a list of hands", hands
        for i, h in enumerate(hands):
            found = _hand_problem(f"hands[{i}]", h, hand_keys, hand_set)
            if found is not None:
                return found
    for key in ("banker_hand", "dealer_hand"):  # one of them: the record's keys allow one
        if key in record:
            b = record[key]
            if type(b) is not dict:
                return key, "an object {cards, class, total}", b
            found = _unknown_key(key, b, BANKER_HAND_KEYS) or _hand_fields_problem(key, b)
            if found is not None:
                return found
    if "void" in record and type(record["void"]) is not bool:
        return "void", "true or false", record["void"]
    if "kitty" in record:
        return _kitty_problem(record["kitty"])
    return None


def _entry_problem(
    where: str,
    entry: Any,
    keys: tuple[str, ...],
    key_set: frozenset[str],
    rule: Any = None,
    *,
    counted: bool = True,
) -> Problem | None:
    """An entry of a list that names a seat (a decision, a card dealt, a hand, a kitty move): an
    object with no key but ``keys``, whose ``rule`` (a kitty move's, given when it has one) is a
    rule ID, whose ``player`` is a player's name and, when ``counted`` (a kitty move's may be
    null: its caller checks it), whose ``hand`` is a hand number. Each caller checks the entry's
    other fields."""
    if type(entry) is not dict:
        return where, "an object {" + ", ".join(keys) + "}", entry
    if not entry.keys() <= key_set:
        return _unknown_key(where, entry, keys)
    if rule is not None and (type(rule) is not str or not _RULE_RE.fullmatch(rule)):
        return f"{where}.rule", "a rule ID like 'S7'", rule
    player = entry.get("player", MISSING)
    if not _is_name(player):
        return f"{where}.player", "a player's name", player
    if counted and not _is_count(entry.get("hand", MISSING)):
        return f"{where}.hand", "a hand number of 1 or more", entry.get("hand", MISSING)
    return None


def _kitty_problem(kitty: Any) -> Problem | None:
    """Shoot Pontoon's kitty (S1-S10): {before, moves, after}, each move {rule, player, hand,
    amount}."""
    if type(kitty) is not dict:
        return "kitty", "an object {before, moves, after}", kitty
    found = _unknown_key("kitty", kitty, KITTY_KEYS)
    if found is not None:
        return found
    for key in ("before", "after"):
        if key in kitty and type(kitty[key]) is not int:
            return f"kitty.{key}", "a whole number", kitty[key]
    moves = kitty.get("moves", [])
    if type(moves) is not list:
        return "kitty.moves", "a list of moves {rule, player, hand, amount}", moves
    for i, m in enumerate(moves):
        where = f"kitty.moves[{i}]"
        rule = m.get("rule", MISSING) if type(m) is dict else MISSING
        found = _entry_problem(where, m, KITTY_MOVE_KEYS, _KITTY_MOVE_SET, rule, counted=False)
        if found is not None:
            return found
        hand = m.get("hand")
        if hand is not None and not _is_count(hand):
            return f"{where}.hand", "a hand number of 1 or more, or null", hand
        if not _is_int(m.get("amount", MISSING)):
            return f"{where}.amount", "a whole number", m.get("amount", MISSING)
    return None


def _hand_problem(
    where: str, h: Any, hand_keys: tuple[str, ...], hand_set: frozenset[str]
) -> Problem | None:
    found = _entry_problem(where, h, hand_keys, hand_set)
    if found is not None:
        return found
    for key in ("stake", "net"):
        if key in h and type(h[key]) is not int:
            return f"{where}.{key}", "a whole number", h[key]
    for key in ("split", "doubled"):  # doubled: a casino hand's (C7)
        if key in h and type(h[key]) is not bool:
            return f"{where}.{key}", "true or false", h[key]
    rule = h.get("rule")
    if "rule" in h and (type(rule) is not str or not _RULE_RE.fullmatch(rule)):
        return f"{where}.rule", "a rule ID like 'T7.1'", rule
    return _hand_fields_problem(where, h)


def _hand_fields_problem(where: str, h: dict[str, Any]) -> Problem | None:
    if "cards" in h:
        cards = h["cards"]
        if type(cards) is str and len(cards) > _MOST_HAND_TEXT:  # before the pattern: bounded
            return f"{where}.cards", _MOST_HAND_SAID, cards
        if type(cards) is not str or not _CARDS_RE.fullmatch(cards):
            return f"{where}.cards", 'cards like "9H JH" separated by single spaces', cards
    if "class" in h:
        label = h["class"]
        if type(label) is not str or label not in CLASS_LABELS:
            return f"{where}.class", "one of " + ", ".join(CLASS_LABELS), label
    if "total" in h and type(h["total"]) is not int:
        return f"{where}.total", "a whole number", h["total"]
    return None


def header_names_problem(record: dict[str, Any]) -> tuple[str, str] | None:
    """The first seat whose name cannot be a player's (limits.name_problem, shown escaped) or
    who sits twice (T3.1), as (field, message); linear in the number of seats."""
    seated: set[str] = set()
    for i, name in enumerate(record["table"]["seats"]):
        problem = name_problem(name)
        if problem is not None:
            return f"table.seats[{i}]", problem
        if name in seated:
            return f"table.seats[{i}]", f"player {name!r} sits twice (T3.1)"
        seated.add(name)
    return None


def read_header(record: dict[str, Any], file: str, line: int) -> tuple[Rules, Table]:
    """A header record's rules and table, checked as replay and the views both read them: the
    schema (a casino table's header by its own, C3), the seats' names (T3.1), the rules
    (:meth:`Rules.from_dict`) and the table (:class:`Table`: a casino seat may not be named
    ``dealer``, C3). Raises LogFormatError ``FILE:LINE: FIELD: what is wrong``."""
    place = f"{file}:{line}"
    rules_field = record.get("rules")
    preset = rules_field.get("preset") if type(rules_field) is dict else None
    # a casino table (C3) has no banker: the one answer to which presets are so
    house = type(preset) is str and preset in HOUSE_PRESETS
    problem = header_problem(record, house)
    if problem is not None:
        where, expected, got = problem
        message = f"{place}: {where}: expected {expected}, got {brief(got)}"
        raise LogFormatError(message, file, line)
    names = header_names_problem(record)
    if names is not None:
        raise LogFormatError(f"{place}: {names[0]}: {names[1]}", file, line)
    try:
        rules = Rules.from_dict(record["rules"])
    except PontoonError as err:
        raise LogFormatError(f"{place}: rules: {err}", file, line) from None
    t = record["table"]
    # the names held once (interned): every decision read names its player by the same object,
    # and a look-up by name is then a comparison of pointers
    bankrolls: dict[str, Any] = t["bankrolls"]
    try:
        table = Table(
            seats=tuple([sys.intern(name) for name in t["seats"]]),
            banker=None if house else sys.intern(t["banker"]),
            bankrolls={sys.intern(name): amount for name, amount in bankrolls.items()},
            min_stake=t["min_stake"],
            max_stake=t["max_stake"],
            house=house,
        )
    except PontoonError as err:
        raise LogFormatError(f"{place}: table: {err}", file, line) from None
    return rules, table
