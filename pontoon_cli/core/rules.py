"""Rule settings, presets, and the table's terms: the names every other module imports.

The settings themselves (:class:`Rules`), the presets and what bounds each preset's games (the
cards it deals from, the tables it can deal to, the most money a deal can move) are
:mod:`~pontoon_cli.core.ruleset`'s; how a setting is declared, checked and written is
:mod:`~pontoon_cli.core.settings`'. Both are imported from here. This module holds the table
(:class:`Table`: T3; C3), how far its money can go over a run of deals, and what the command line
and the rules files are told of the settings.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Final

from pontoon_cli.core.errors import RulesError
from pontoon_cli.core.limits import MAX_SAFE_INT, int_problem, name_problem, shown
from pontoon_cli.core.ruleset import CARDS_PER_SEAT as CARDS_PER_SEAT
from pontoon_cli.core.ruleset import HOUSE_PRESETS as HOUSE_PRESETS
from pontoon_cli.core.ruleset import MOST_PACKS as MOST_PACKS
from pontoon_cli.core.ruleset import MOST_SEATS as MOST_SEATS
from pontoon_cli.core.ruleset import PRESET_BOUNDS as PRESET_BOUNDS
from pontoon_cli.core.ruleset import PRESET_RULES as PRESET_RULES
from pontoon_cli.core.ruleset import PRESETS as PRESETS
from pontoon_cli.core.ruleset import PRESETS_KNOWN as PRESETS_KNOWN
from pontoon_cli.core.ruleset import SETTLEMENTS_KNOWN as SETTLEMENTS_KNOWN
from pontoon_cli.core.ruleset import PresetBounds as PresetBounds
from pontoon_cli.core.ruleset import Rules as Rules
from pontoon_cli.core.ruleset import round_cards as round_cards
from pontoon_cli.core.ruleset import seating_problem as seating_problem
from pontoon_cli.core.settings import in_preset, setting_problem
from pontoon_cli.core.settings import setting_text as setting_text
from pontoon_cli.core.settings import suggest as suggest

# the settings as the command line and rules files read them ------------------------------------


def setting_value_problem(name: str, value: object) -> str | None:
    """Why ``value`` cannot be the setting ``name`` on its own (its type, then its choices), or
    None; what settings say of each other (the kitty's limits, S1) is the whole rules' to say."""
    for f in fields(Rules):
        if f.name == name:
            return setting_problem(f, value)
    return None


def setting_names() -> list[str]:
    """Every rule setting's name, in declaration order."""
    return [f.name for f in fields(Rules)]


def setting_info(preset: str | None = None) -> list[tuple[str, Any, str, str]]:
    """(name, default, rule IDs, help) for every setting (of ``preset``, when given)."""
    out = []
    for f in fields(Rules):
        if preset is not None and not in_preset(f, preset):
            continue
        default = f.default if f.default is not MISSING else None
        ids = f.metadata["rules"]
        if f.name == "preset" and preset is not None:
            ids = PRESET_RULES.get(preset, ids)
        out.append((f.name, default, ids, f.metadata["help"]))
    return out


# the table -------------------------------------------------------------------------------------


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


# how far a table's money can go ----------------------------------------------------------------


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
    per_deal = PRESET_BOUNDS[rules.preset].per_deal(rules, len(table.seats), table.max_stake)
    return sum(abs(b) for b in table.bankrolls.values()) + deals * per_deal


def money_problem(rules: Rules, table: Table, deals: int) -> str | None:
    """Why a balance could leave ±(2**53 - 1) within ``deals`` deals (balance_bound), or None."""
    bound = balance_bound(rules, table, deals)
    if bound <= MAX_SAFE_INT:
        return None
    return (
        f"over {deals} deal{'s' if deals != 1 else ''} a balance could reach {bound}, beyond "
        f"2**53 - 1 ({MAX_SAFE_INT}), the most a log holds exactly"
    )
