"""Rule settings (one keyword-only frozen object), presets, and the table's terms.

Each setting names the rule IDs it implements (``pontoon rules traditional`` shows them). A setting
that changes behaviour rather than a number is a hook looked up by name (``settlement``), never an
``if preset == ...`` chain; so are each preset's bounds (:data:`PRESET_BOUNDS`: the cards it deals
from, the tables it can deal to, the most money a deal can move).
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable, Sized
from dataclasses import MISSING, Field, dataclass, field, fields, replace
from typing import Any, Final

from pontoon_cli.core.errors import RulesError
from pontoon_cli.core.hands import NO_GRADES, PONTOON_GRADES
from pontoon_cli.core.limits import MAX_SAFE_INT, int_problem, name_problem, shown

#: The presets of the traditional game and its rotating bank (T1-T8, V1-V9, S1-S10): the settings
#: a casino table (C1-C11) does not play.
_TS: Final = ("traditional", "shoot")


def _setting(
    default: Any,
    rules: str,
    help: str,
    choices: tuple[Any, ...] = (),
    presets: tuple[str, ...] = (),
) -> Any:
    """A rule setting; ``presets`` names the only presets it belongs to (empty: every preset)."""
    return field(
        default=default,
        metadata={"rules": rules, "help": help, "choices": choices, "presets": presets},
    )


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules:
    """The rules in force at a table. Build with :meth:`preset` and :meth:`with_overrides`."""

    preset: str = _setting("traditional", "T1-T8", "the rule set these settings start from")
    packs: int | None = _setting(
        None,
        "T1.1, V9",
        "52-card packs mixed together; null: one, or two with 8 or more players",
        (None, 1, 2, 3, 4, 5, 6, 7, 8),
        presets=_TS,
    )
    stick_minimum: int = _setting(
        15,
        "T5.5, V2, V9",
        "the lowest total a punter may stick on",
        (12, 13, 14, 15, 16, 17),
        presets=_TS,
    )
    max_hands: int = _setting(
        4,
        "T5.2",
        "the most hands one punter may hold by splitting",
        (1, 2, 3, 4),
        presets=_TS,
    )
    split_aces_only: bool = _setting(False, "V1", "only a pair of aces may be split", presets=_TS)
    no_bought_sure_thing: bool = _setting(
        False,
        "V5",
        "a fifth card on four cards totalling 11 or less may be twisted, not bought",
        presets=_TS,
    )
    pontoon_pays: int = _setting(
        2,
        "T7, V4",
        "multiple of the stake paid for a punter's pontoon",
        (1, 2, 3),
        presets=_TS,
    )
    banker_pontoon_collects: int = _setting(
        2,
        "T4.4, V4",
        "multiple of the stake the banker's pontoon collects",
        (1, 2),
        presets=_TS,
    )
    royal_pontoon: bool = _setting(
        False,
        "V6",
        "a punter's 7-7-7 beats every hand and is paid 3 × stake",
        presets=_TS,
    )
    pontoon_grades: str = _setting(
        NO_GRADES,
        "V7",
        "which pontoons beat which: picture-beats-ten, ten-is-21 (A+10 is a 21), royal-beats-jack",
        PONTOON_GRADES,
        presets=_TS,
    )
    settlement: str = _setting(
        "traditional",
        "T7",
        "the settlement table: how a hand is paid against the bank",
        presets=_TS,
    )
    banker_doubles: bool = _setting(
        False,
        "V3",
        "the banker may double every stake after seeing his first card",
        presets=_TS,
    )
    burn_on: int | None = _setting(
        None,
        "V8",
        "a punter's first two cards making this hard total may be burnt; null: no burning",
        (None, 13, 14),
        presets=_TS,
    )
    # Shoot Pontoon (S1-S10): settings of the shoot preset only
    kitty: int = _setting(
        20,
        "S1, S9, S10",
        "the kitty a banker puts up: at the start, after it empties, when the bank changes hands",
        presets=("shoot",),
    )
    kitty_min: int = _setting(10, "S1", "the least kitty a banker may put up", presets=("shoot",))
    kitty_max: int = _setting(
        100, "S1, S8", "the most kitty a banker may put up, or top it up to", presets=("shoot",)
    )
    # casino Pontoon (C1-C11): settings of the casino preset only
    decks: int = _setting(
        8,
        "C1",
        "52-card decks shuffled together into the shoe; 0: an infinite shoe, each card drawn on "
        "its own, each of the 52 equally likely",
        (0, 1, 2, 3, 4, 5, 6, 7, 8),
        presets=("casino",),
    )
    shuffle_every: int = _setting(
        1,
        "C1",
        "rounds between shuffles of the shoe; 1: before every round (and whenever the shoe holds "
        "fewer cards than a round can take)",
        presets=("casino",),
    )
    split_hands: int = _setting(
        3, "C8", "the most hands one player may hold by splitting", (1, 2, 3), presets=("casino",)
    )
    dealer_hits_soft_17: bool = _setting(
        True, "C9", "the dealer hits a soft 17; false: he stands on every 17", presets=("casino",)
    )

    def __post_init__(self) -> None:
        for f in fields(self):
            problem = _setting_problem(f, getattr(self, f.name))
            if problem is not None:
                raise RulesError(problem)
        if self.preset not in PRESETS_KNOWN:
            raise RulesError(
                f"unknown preset {shown(self.preset)}{suggest(self.preset, PRESETS_KNOWN)}"
            )
        if self.settlement not in SETTLEMENTS_KNOWN:
            raise RulesError(
                f"rule setting 'settlement': unknown {shown(self.settlement)}"
                f"{suggest(self.settlement, SETTLEMENTS_KNOWN)}"
            )
        problem = _kitty_problem(self)
        if problem is not None:
            raise RulesError(problem)
        problem = int_problem(self.shuffle_every, "rule setting 'shuffle_every'", least=1)
        if problem is not None:
            raise RulesError(f"{problem} (C1)")

    # construction ---------------------------------------------------------------------------

    @staticmethod
    def preset_named(name: object) -> Rules:
        """The preset called ``name``. Raises RulesError naming the nearest preset."""
        if isinstance(name, str) and name in PRESETS:  # a file may hold any value here
            return PRESETS[name]
        raise RulesError(f"unknown preset {shown(name)}{suggest(str(name), PRESETS)}")

    def with_overrides(self, overrides: dict[str, Any]) -> Rules:
        """These rules with some settings changed; unknown names suggest the nearest one."""
        known = {f.name: f for f in fields(self)}
        for key, value in overrides.items():
            if key not in known or key == "preset":
                raise RulesError(f"unknown rule setting {key!r}{suggest(key, list(known))}")
            presets = known[key].metadata["presets"]
            if presets and self.preset not in presets:
                raise RulesError(
                    f"rule setting {key!r} belongs to the {' or '.join(presets)} preset "
                    f"({known[key].metadata['rules']}); these rules are {self.preset!r}: "
                    f"use --rules {presets[0]}"
                )
            # checked before the object is built: compiled (mypyc), its constructor refuses a
            # value of the wrong type with a bare TypeError
            problem = _setting_problem(known[key], value)
            if problem is not None:
                raise RulesError(problem)
        return replace(self, **overrides)

    def pack_count(self, seats: int) -> int:
        """How many packs a table of ``seats`` players (banker included) uses (T1.1, V9; C1: the
        casino shoe's decks)."""
        return PRESET_BOUNDS[self.preset].pack_count(self, seats)

    def shoe_decks(self) -> int | None:
        """The decks of the shoe this preset deals from (C1; 0: an infinite shoe), or None when it
        deals from packs (T1.1)."""
        return self.decks if PRESET_BOUNDS[self.preset].shoe else None

    def to_dict(self) -> dict[str, Any]:
        """Every setting of this preset, in declaration order (the log header's ``rules``)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if _in_preset(f, self.preset)}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Rules:
        """Rules from a log header or rules file: ``preset`` plus any settings that differ."""
        data = dict(data)
        base = Rules.preset_named(data.pop("preset", "traditional"))
        return base.with_overrides(data)


def setting_text(value: object) -> str:
    """A setting's value as a user writes it in ``--set`` or a rules file: ``true``, ``null``,
    ``16``, ``ten-is-21``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


#: A setting's type in a message's words.
_KINDS: Final[dict[type, str]] = {
    int: "a whole number",
    bool: "true or false",
    str: "a word",
}


def _setting_problem(f: Field[Any], value: object) -> str | None:
    """Why ``value`` cannot be the setting ``f`` (its type, then its choices), or None."""
    expected = type(f.default) if f.default is not None else int
    if f.default is None and value is None:  # packs, burn_on: null is a choice of their own
        return None
    if type(value) is not expected:
        return (
            f"rule setting {f.name!r}: {shown(value)} is not {_KINDS[expected]} "
            f"({f.metadata['rules']})"
        )
    choices = f.metadata["choices"]
    if choices and value not in choices:
        allowed = ", ".join("null" if c is None else str(c) for c in choices)
        return (
            f"rule setting {f.name!r}: {shown(value)} is not one of {allowed} "
            f"({f.metadata['rules']})"
        )
    return None


def setting_value_problem(name: str, value: object) -> str | None:
    """Why ``value`` cannot be the setting ``name`` on its own (its type, then its choices), or
    None; what settings say of each other (the kitty's limits, S1) is the whole rules' to say."""
    for f in fields(Rules):
        if f.name == name:
            return _setting_problem(f, value)
    return None


def setting_names() -> list[str]:
    """Every rule setting's name, in declaration order."""
    return [f.name for f in fields(Rules)]


def setting_info(preset: str | None = None) -> list[tuple[str, Any, str, str]]:
    """(name, default, rule IDs, help) for every setting (of ``preset``, when given)."""
    out = []
    for f in fields(Rules):
        if preset is not None and not _in_preset(f, preset):
            continue
        default = f.default if f.default is not MISSING else None
        ids = f.metadata["rules"]
        if f.name == "preset" and preset is not None:
            ids = PRESET_RULES.get(preset, ids)
        out.append((f.name, default, ids, f.metadata["help"]))
    return out


def _in_preset(f: Field[Any], preset: str) -> bool:
    presets = f.metadata["presets"]
    return not presets or preset in presets


def _kitty_problem(rules: Rules) -> str | None:
    """S1: the kitty a banker puts up lies from ``kitty_min`` to ``kitty_max``, 1 or more."""
    for name in ("kitty_min", "kitty", "kitty_max"):
        value = getattr(rules, name)
        problem = int_problem(value, f"rule setting {name!r}", least=1)
        if problem is not None:
            return f"{problem} (S1)"
    if rules.kitty_min > rules.kitty_max:  # no kitty could be put up: say so, not "kitty"
        return (
            f"rule settings 'kitty_min' {rules.kitty_min} and 'kitty_max' {rules.kitty_max}: "
            "the least kitty is above the most (S1)"
        )
    if not rules.kitty_min <= rules.kitty <= rules.kitty_max:
        return (
            f"rule setting 'kitty': {rules.kitty} is not from kitty_min {rules.kitty_min} "
            f"to kitty_max {rules.kitty_max} (S1)"
        )
    return None


#: The most candidates a "did you mean" hint searches.
_SUGGEST_AMONG: Final = 1000


def suggest(word: str, candidates: Any) -> str:
    """``"; did you mean 'x'?"`` for the nearest candidate when it is close (most letters in
    common, in order: ``casnio``, ``bbo``; or a part of it: ``trad``, ``mimic``), else an empty
    string (``foo`` is not ``shoot``)."""
    if isinstance(candidates, Sized) and len(candidates) > _SUGGEST_AMONG:
        return ""  # each look-up is linear: a huge table gets no hints
    known = [str(c) for c in candidates]
    text = str(word)
    close = difflib.get_close_matches(text, known, n=1, cutoff=0.6)
    if not close and len(text) >= 3:
        close = [k for k in known if text.lower() in k.lower()][:1]
    return f"; did you mean {close[0]!r}?" if close else ""


# Hook registries: names here, implementations in the modules that use them.
SETTLEMENTS_KNOWN: Final = ("traditional",)
PRESETS_KNOWN: Final = ("traditional", "shoot", "casino")
PRESETS: Final[dict[str, Rules]] = {
    "traditional": Rules(),
    "shoot": Rules(preset="shoot"),
    "casino": Rules(preset="casino"),
}
#: The presets of a casino table (C3): seats against the dealer, who is the house; no banker.
#: Every reader asks this (the header checks, replay, the views, the games registry).
HOUSE_PRESETS: Final = frozenset({"casino"})
#: The rules each preset plays (``pontoon rules PRESET``'s first row).
PRESET_RULES: Final = {"traditional": "T1-T8", "shoot": "T1-T8, S1-S10", "casino": "C1-C11"}


@dataclass(frozen=True, kw_only=True, slots=True)
class Table:
    """Who sits where and on what terms (T3): seats clockwise, first banker, money, stake limits.

    ``banker`` None means cut for the bank (T3.2). ``bankrolls`` gives each seat's starting
    balance (T8.6). Stakes are whole units (T7.3), ``min_stake`` ≤ ``max_stake`` (T3.3).
    """

    seats: tuple[str, ...]
    banker: str | None = None
    bankrolls: dict[str, int] = field(default_factory=dict)
    min_stake: int = 1
    max_stake: int = 10
    #: A casino table (C3): 1 to 7 seats against the dealer, who is the house; no banker.
    house: bool = False

    def __post_init__(self) -> None:
        if self.house:
            problem = _house_problem(self)
            if problem is not None:
                raise RulesError(problem)
        elif len(self.seats) < 2:
            raise RulesError(
                f"a table needs two or more players (T3.1), got {shown(list(self.seats))}"
            )
        for name in self.seats:
            problem = name_problem(name)
            if problem is not None:
                raise RulesError(f"{problem} (T3.1)")
        seated = Counter(self.seats)  # linear: a header may hold many seats
        if len(seated) != len(self.seats):
            dupes = sorted(s for s, n in seated.items() if n > 1)
            raise RulesError(f"each player sits once (T3.1): {dupes!r} sit twice")
        if self.banker is not None and self.banker not in seated:
            raise RulesError(
                f"banker {shown(self.banker)} is not at the table {shown(list(self.seats))}"
            )
        missing = [s for s in self.seats if s not in self.bankrolls]
        if missing:
            raise RulesError(f"no bankroll for {missing!r} (T8.6)")
        for who, amount in self.bankrolls.items():
            if who not in seated:
                raise RulesError(f"bankroll for {who!r}, who is not at the table")
            if type(amount) is not int:
                raise RulesError(
                    f"bankroll of {who!r}: {shown(amount)} is not a whole number (T7.3)"
                )
            problem = int_problem(amount, f"bankroll of {who!r}", least=0)
            if problem is not None:
                raise RulesError(f"{problem} (T8.6)")
        for name in ("min_stake", "max_stake"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise RulesError(
                    f"{name}: {shown(value)} is not a whole number of 1 or more (T3.3)"
                )
            problem = int_problem(value, name, least=1)
            if problem is not None:
                raise RulesError(f"{problem} (T3.3)")
        if self.min_stake > self.max_stake:
            raise RulesError(
                f"min_stake {self.min_stake} is above max_stake {self.max_stake} (T3.3)"
            )

    @staticmethod
    def build(
        seats: list[str] | tuple[str, ...],
        *,
        banker: str | None = None,
        bankroll: int | dict[str, int] = 1000,
        min_stake: int = 1,
        max_stake: int = 10,
        house: bool = False,
    ) -> Table:
        """A table whose bankroll is one amount for everyone, or a table per player."""
        bankrolls = dict(bankroll) if isinstance(bankroll, dict) else dict.fromkeys(seats, bankroll)
        return Table(
            seats=tuple(seats),
            banker=banker,
            bankrolls=bankrolls,
            min_stake=min_stake,
            max_stake=max_stake,
            house=house,
        )

    @staticmethod
    def seated(
        rules: Rules,
        players: int | list[str] | tuple[str, ...] = 4,
        *,
        banker: str | None = None,
        bankroll: int | dict[str, int] = 1000,
        min_stake: int = 1,
        max_stake: int = 10,
    ) -> Table:
        """The table ``pontoon play`` seats for ``rules``: ``players`` seats named p1..pN (or the
        names given, clockwise), each with ``bankroll``, stakes from ``min_stake`` to
        ``max_stake`` (T3.3; C3); ``banker`` None cuts for the bank (T3.2). A casino table knows
        it is one from its rules (C3: no banker, the dealer is the house).

        >>> from pontoon_cli import Rules, Table
        >>> Table.seated(Rules(preset="casino"), 2).house
        True
        >>> Table.seated(Rules(), ["ann", "bob"], banker="bob").seats
        ('ann', 'bob')
        """
        if isinstance(players, int):
            seats = [f"p{i}" for i in range(1, players + 1)]
        else:
            seats = list(players)
        return Table.build(
            seats,
            banker=banker,
            bankroll=bankroll,
            min_stake=min_stake,
            max_stake=max_stake,
            house=rules.preset in HOUSE_PRESETS,
        )


#: The most seats at a casino table (C3), and the name the dealer goes by in a log.
MOST_CASINO_SEATS: Final = 7
DEALER: Final = "dealer"


def _house_problem(table: Table) -> str | None:
    """C3: a casino table seats 1 to 7 players against the dealer, and has no banker; the
    name ``dealer`` is the dealer's (a log's cards name him so)."""
    seats = len(table.seats)
    if not 1 <= seats <= MOST_CASINO_SEATS:
        return f"a casino table seats 1 to {MOST_CASINO_SEATS} players (C3), got {seats}"
    if table.banker is not None:
        return (
            f"a casino table has no banker: the dealer is the house (C3); leave out "
            f"banker {shown(table.banker)}"
        )
    if DEALER in table.seats:
        return f"{DEALER!r} is the dealer's name at a casino table (C3): name the seat otherwise"
    return None


# what a table can be dealt, and how far its money can go --------------------------------------

#: Cards a deal needs for each seat: the two dealt to everyone (T4.1, T4.3). The packs then also
#: hold a card for each seat's cut (T3.2). Beyond that, a pack that runs out voids the deal (T8.5):
#: a legal table, which the scenario library plays, so it is not refused.
CARDS_PER_SEAT: Final = 2
#: The most packs the ``packs`` setting allows (T1.1, V9).
MOST_PACKS: Final = max(
    c for c in next(f for f in fields(Rules) if f.name == "packs").metadata["choices"] if c
)
#: The most seats any ``packs`` setting can deal to.
MOST_SEATS: Final = 52 * MOST_PACKS // CARDS_PER_SEAT


def seating_problem(rules: Rules, seats: int, use_packs: Callable[[int], str]) -> str | None:
    """Why ``rules`` cannot deal to a table of ``seats`` seats, or None.

    A deal needs CARDS_PER_SEAT cards a seat from the packs in play (T1.1); a casino shoe holds
    every card a round can take (C1). ``use_packs(n)`` words
    the remedy where it is given: ``"use --set packs=6"`` on the command line, ``"set packs = 6
    in the scenario's rules"`` in a file.
    """
    return PRESET_BOUNDS[rules.preset].seating_problem(rules, seats, use_packs)


def _packs(rules: Rules, seats: int) -> int:
    """T1.1, V9: the packs setting, else one pack, two from eight seats."""
    if rules.packs is not None:
        return rules.packs
    return 2 if seats >= 8 else 1


def _shoe(rules: Rules, seats: int) -> int:
    """C1: the casino shoe's decks, whatever the table."""
    return rules.decks


def _pack_problem(rules: Rules, seats: int, use_packs: Callable[[int], str]) -> str | None:
    """T1.1: the packs in play hold CARDS_PER_SEAT cards a seat."""
    need = CARDS_PER_SEAT * seats
    packs = rules.pack_count(seats)
    if need <= 52 * packs:
        return None
    least = -(-need // 52)
    remedy = (
        use_packs(least)
        if least <= MOST_PACKS
        else f"at most {MOST_SEATS} seats can play (with packs = {MOST_PACKS})"
    )
    held = "1 pack holds 52" if packs == 1 else f"{packs} packs hold {52 * packs}"
    return (
        f"{seats} seats need at least {need} cards per deal ({CARDS_PER_SEAT} a seat, T4.1, "
        f"T4.3), and {held}: {remedy}"
    )


def round_cards(rules: Rules, seats: int) -> int:
    """The most cards one casino round can take: five to each hand of each seat (C6, C8) and
    five to the dealer (C9)."""
    return seats * rules.split_hands * 5 + 5


def _shoe_problem(rules: Rules, seats: int, use_packs: Callable[[int], str]) -> str | None:
    """C1: the shoe holds every card a round can take, so no round runs out of cards."""
    need = round_cards(rules, seats)
    if rules.decks == 0 or need <= 52 * rules.decks:  # 0: an infinite shoe never runs out
        return None
    least = -(-need // 52)
    return (
        f"{seats} seats can take {need} cards in one round (5 to each of "
        f"{rules.split_hands} hands a seat and to the dealer, C6, C8, C9), and {rules.decks} "
        f"{'decks hold' if rules.decks != 1 else 'deck holds'} {52 * rules.decks}: set decks to "
        f"{least} or more (C1)"
    )


def balance_bound(rules: Rules, table: Table, deals: int) -> int:
    """The most any balance can reach, in absolute value, within ``deals`` deals at ``table``.

    Money only moves between players (T7), so the sum of the positive balances, P, bounds every
    balance: a positive one is at most P, and a negative one at least S - P >= -P, where S >= 0
    is the sum of the starting bankrolls. P starts at most at S and grows in one deal by at most
    what the deal can move: each of the ``seats - 1`` punters holds at most ``max_hands`` hands
    (T5.2); each hand has at most ``7 × max_stake`` on it (a stake s <= max_stake, T3.3, then at
    most three bought cards of at most 2s each, T5.3: s + 2s + 2s + 2s), and is paid or pays at
    most the largest multiple of the rules (2 for T7's pontoon and five card trick and T4.4's
    banker's pontoon, or ``pontoon_pays`` / ``banker_pontoon_collects``, V4, or 3 for a royal
    pontoon, V6). Selling the bank
    (T8.4) moves a price the buyer holds, so P does not grow. Every stake and net of a deal is
    smaller than that bound too.
    """
    per_deal = PRESET_BOUNDS[rules.preset].per_deal(rules, table)
    return sum(abs(b) for b in table.bankrolls.values()) + deals * per_deal


def _banker_deal_moves(rules: Rules, table: Table) -> int:
    """The most one deal of the banker's game moves (balance_bound)."""
    royal = 3 if rules.royal_pontoon else 0  # V6: a royal pontoon is paid 3 × stake
    multiple = max(2, rules.pontoon_pays, rules.banker_pontoon_collects, royal)
    return (len(table.seats) - 1) * rules.max_hands * 7 * table.max_stake * multiple


def _shoot_deal_moves(rules: Rules, table: Table) -> int:
    """S1, S8-S10: a banker may put up a new kitty and top it up to kitty_max before each deal,
    from a balance that may go negative; shoot bets come from what punters hold."""
    return _banker_deal_moves(rules, table) + rules.kitty + rules.kitty_max


def _casino_round_moves(rules: Rules, table: Table) -> int:
    """C3, C7, C8, C10: each seat holds at most split_hands hands, each with at most twice the
    initial stake on it (a double, C7), paid at most 2:1 (C10); the house's money is not
    limited, so only the seats' balances count."""
    return len(table.seats) * rules.split_hands * 2 * table.max_stake * 2


@dataclass(frozen=True, slots=True)
class PresetBounds:
    """What bounds a preset's games, known when the rules and the table are checked: the cards
    it deals from, whether it can deal to a table, and the most money one deal can move."""

    shoe: bool  # C1: a shoe of ``decks`` decks; False: packs (T1.1, V9)
    pack_count: Callable[[Rules, int], int]
    seating_problem: Callable[[Rules, int, Callable[[int], str]], str | None]
    per_deal: Callable[[Rules, Table], int]


#: Each preset's bounds (the keys are PRESETS_KNOWN).
PRESET_BOUNDS: Final[dict[str, PresetBounds]] = {
    "traditional": PresetBounds(False, _packs, _pack_problem, _banker_deal_moves),
    "shoot": PresetBounds(False, _packs, _pack_problem, _shoot_deal_moves),
    "casino": PresetBounds(True, _shoe, _shoe_problem, _casino_round_moves),
}


def money_problem(rules: Rules, table: Table, deals: int) -> str | None:
    """Why a balance could leave ±(2**53 - 1) within ``deals`` deals (balance_bound), or None."""
    bound = balance_bound(rules, table, deals)
    if bound <= MAX_SAFE_INT:
        return None
    return (
        f"over {deals} deal{'s' if deals != 1 else ''} a balance could reach {bound}, beyond "
        f"2**53 - 1 ({MAX_SAFE_INT}), the most a log holds exactly"
    )
