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
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, Final, cast

from pontoon_cli.core.arguments import sequence, takes
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


@dataclass(frozen=True, kw_only=True, slots=True, init=False)
class Table:
    """Who sits where and on what terms (T3): seats clockwise, first banker, money, stake limits.

    ``seats`` is the players' names clockwise (a list or a tuple; kept as a tuple). ``banker``
    None means cut for the bank (T3.2). ``bankrolls`` gives each seat's starting balance (T8.6):
    one amount for every seat, or a dict of each seat's. Stakes are whole units (T7.3),
    ``min_stake`` ≤ ``max_stake`` (T3.3). ``house`` makes a casino table (C3): 1 to 7 seats
    against the dealer, who is the house; no banker. :meth:`seated` seats the table ``pontoon
    play`` seats for some rules.

    >>> from pontoon_cli import Table
    >>> table = Table(seats=["ann", "bob", "cal"], banker="cal", bankrolls=500, max_stake=20)
    >>> table.seats, table.bankrolls["bob"]
    (('ann', 'bob', 'cal'), 500)
    """

    seats: tuple[str, ...]
    banker: str | None
    bankrolls: dict[str, int]
    min_stake: int
    max_stake: int
    #: A casino table (C3): 1 to 7 seats against the dealer, who is the house; no banker.
    house: bool

    def __init__(
        self,
        *,
        seats: object,
        banker: object = None,
        bankrolls: object = 1000,
        min_stake: object = 1,
        max_stake: object = 10,
        house: object = False,
    ) -> None:
        call = "Table()"
        names = sequence(call, "seats", seats, "a list or tuple of the players' names")
        takes(call, "banker", banker, (str, type(None)), "a seat's name or None")
        takes(call, "bankrolls", bankrolls, (int, Mapping), "a whole number or a dict of them")
        takes(call, "house", house, (bool,), "True or False")
        money = (
            dict(bankrolls) if isinstance(bankrolls, Mapping) else dict.fromkeys(names, bankrolls)
        )
        _check_table(names, cast(str | None, banker), money, min_stake, max_stake, house is True)
        object.__setattr__(self, "seats", names)
        object.__setattr__(self, "banker", banker)
        object.__setattr__(self, "bankrolls", money)
        object.__setattr__(self, "min_stake", min_stake)
        object.__setattr__(self, "max_stake", max_stake)
        object.__setattr__(self, "house", house)

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
        return Table(
            seats=seats,
            banker=banker,
            bankrolls=bankroll,
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


def _check_table(
    seats: tuple[str, ...],
    banker: str | None,
    bankrolls: dict[Any, object],
    min_stake: object,
    max_stake: object,
    house: bool,
) -> None:
    """RulesError unless the table's values can seat a game (T3; C3)."""
    if house:
        problem = _house_problem(seats, banker)
        if problem is not None:
            raise RulesError(problem)
    elif len(seats) < 2:
        raise RulesError(f"a table needs two or more players (T3.1), got {shown(list(seats))}")
    for name in seats:
        problem = name_problem(name)
        if problem is not None:
            raise RulesError(f"{problem} (T3.1)")
    seated = Counter(seats)  # linear: a header may hold many seats
    if len(seated) != len(seats):
        dupes = sorted(s for s, n in seated.items() if n > 1)
        raise RulesError(f"each player sits once (T3.1): {dupes!r} sit twice")
    if banker is not None and banker not in seated:
        raise RulesError(f"banker {shown(banker)} is not at the table {shown(list(seats))}")
    missing = [s for s in seats if s not in bankrolls]
    if missing:
        raise RulesError(f"no bankroll for {missing!r} (T8.6)")
    for who, amount in bankrolls.items():
        if who not in seated:
            raise RulesError(f"bankroll for {who!r}, who is not at the table")
        if type(amount) is not int:
            raise RulesError(f"bankroll of {who!r}: {shown(amount)} is not a whole number (T7.3)")
        problem = int_problem(amount, f"bankroll of {who!r}", least=0)
        if problem is not None:
            raise RulesError(f"{problem} (T8.6)")
    for name, value in (("min_stake", min_stake), ("max_stake", max_stake)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise RulesError(f"{name}: {shown(value)} is not a whole number of 1 or more (T3.3)")
        problem = int_problem(value, name, least=1)
        if problem is not None:
            raise RulesError(f"{problem} (T3.3)")
    low, high = cast(int, min_stake), cast(int, max_stake)  # whole numbers, checked above
    if low > high:
        raise RulesError(f"min_stake {min_stake} is above max_stake {max_stake} (T3.3)")


def _house_problem(seats: tuple[str, ...], banker: str | None) -> str | None:
    """C3: a casino table seats 1 to 7 players against the dealer, and has no banker; the
    name ``dealer`` is the dealer's (a log's cards name him so)."""
    if not 1 <= len(seats) <= MOST_CASINO_SEATS:
        return f"a casino table seats 1 to {MOST_CASINO_SEATS} players (C3), got {len(seats)}"
    if banker is not None:
        return (
            f"a casino table has no banker: the dealer is the house (C3); leave out "
            f"banker {shown(banker)}"
        )
    if DEALER in seats:
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
