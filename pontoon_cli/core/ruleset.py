"""The rules in force: the Rules object, the presets, and what bounds each preset's games.

Each setting names the rule IDs it implements (``pontoon rules traditional`` shows them). A setting
that changes behaviour rather than a number is a hook looked up by name (``settlement``), never an
``if preset == ...`` chain; so are each preset's bounds (:data:`PRESET_BOUNDS`: the cards it deals
from, the tables it can deal to, the most money a deal can move). Every other module imports these
names from :mod:`pontoon_cli.core.rules`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import Field, dataclass, fields
from typing import Any, Final

from pontoon_cli.core.arguments import takes
from pontoon_cli.core.errors import RulesError
from pontoon_cli.core.hands import NO_GRADES, PONTOON_GRADES
from pontoon_cli.core.limits import int_problem, shown
from pontoon_cli.core.settings import in_preset, setting, setting_problem, suggest

#: The presets of the traditional game and its rotating bank (T1-T8, V1-V9, S1-S10): the settings
#: a casino table (C1-C11) does not play.
_TS: Final = ("traditional", "shoot")


@dataclass(frozen=True, kw_only=True, slots=True, init=False)
class Rules:
    """The rules in force at a table: a preset and its settings, each a field (``pontoon rules
    PRESET`` lists them with the rule IDs they implement).

    ``Rules()`` is the traditional game, ``Rules("casino")`` a preset by name, and
    ``Rules("traditional", stick_minimum=16)`` a preset with settings changed (``pontoon play
    --rules traditional --set stick_minimum=16``). :meth:`with_overrides` changes settings of
    rules you hold. An unknown setting (with the nearest name), a setting of another preset, or a
    value of the wrong type or out of its choices raises :class:`~pontoon_cli.RulesError` naming
    the setting and its rule IDs.

    >>> from pontoon_cli import Rules
    >>> Rules("traditional", stick_minimum=16).stick_minimum
    16
    >>> Rules("casino").with_overrides(decks=6).decks
    6
    >>> try:
    ...     Rules(stick_minumum=16)
    ... except ValueError as err:
    ...     print(err)
    unknown rule setting 'stick_minumum'; did you mean 'stick_minimum'?
    """

    preset: str = setting("traditional", "T1-T8", "the rule set these settings start from")
    packs: int | None = setting(
        None,
        "T1.1, V9",
        "52-card packs mixed together; null: one, or two with 8 or more players",
        (None, 1, 2, 3, 4, 5, 6, 7, 8),
        presets=_TS,
    )
    stick_minimum: int = setting(
        15,
        "T5.5, V2, V9",
        "the lowest total a punter may stick on",
        (12, 13, 14, 15, 16, 17),
        presets=_TS,
    )
    max_hands: int = setting(
        4,
        "T5.2",
        "the most hands one punter may hold by splitting",
        (1, 2, 3, 4),
        presets=_TS,
    )
    split_aces_only: bool = setting(False, "V1", "only a pair of aces may be split", presets=_TS)
    no_bought_sure_thing: bool = setting(
        False,
        "V5",
        "a fifth card on four cards totalling 11 or less may be twisted, not bought",
        presets=_TS,
    )
    pontoon_pays: int = setting(
        2,
        "T7, V4",
        "multiple of the stake paid for a punter's pontoon",
        (1, 2, 3),
        presets=_TS,
    )
    banker_pontoon_collects: int = setting(
        2,
        "T4.4, V4",
        "multiple of the stake the banker's pontoon collects",
        (1, 2),
        presets=_TS,
    )
    royal_pontoon: bool = setting(
        False,
        "V6",
        "a punter's 7-7-7 beats every hand and is paid 3 × stake",
        presets=_TS,
    )
    pontoon_grades: str = setting(
        NO_GRADES,
        "V7",
        "which pontoons beat which: picture-beats-ten, ten-is-21 (A+10 is a 21), royal-beats-jack",
        PONTOON_GRADES,
        presets=_TS,
    )
    settlement: str = setting(
        "traditional",
        "T7",
        "the settlement table: how a hand is paid against the bank",
        presets=_TS,
    )
    banker_doubles: bool = setting(
        False,
        "V3",
        "the banker may double every stake after seeing his first card",
        presets=_TS,
    )
    burn_on: int | None = setting(
        None,
        "V8",
        "a punter's first two cards making this hard total may be burnt; null: no burning",
        (None, 13, 14),
        presets=_TS,
    )
    # Shoot Pontoon (S1-S10): settings of the shoot preset only
    kitty: int = setting(
        20,
        "S1, S9, S10",
        "the kitty a banker puts up: at the start, after it empties, when the bank changes hands",
        presets=("shoot",),
    )
    kitty_min: int = setting(10, "S1", "the least kitty a banker may put up", presets=("shoot",))
    kitty_max: int = setting(
        100, "S1, S8", "the most kitty a banker may put up, or top it up to", presets=("shoot",)
    )
    # casino Pontoon (C1-C11): settings of the casino preset only
    decks: int = setting(
        8,
        "C1",
        "52-card decks shuffled together into the shoe; 0: an infinite shoe, each card drawn on "
        "its own, each of the 52 equally likely",
        (0, 1, 2, 3, 4, 5, 6, 7, 8),
        presets=("casino",),
    )
    shuffle_every: int = setting(
        1,
        "C1",
        "rounds between shuffles of the shoe; 1: before every round (and whenever the shoe holds "
        "fewer cards than a round can take)",
        presets=("casino",),
    )
    split_hands: int = setting(
        3, "C8", "the most hands one player may hold by splitting", (1, 2, 3), presets=("casino",)
    )
    dealer_hits_soft_17: bool = setting(
        True, "C9", "the dealer hits a soft 17; false: he stands on every 17", presets=("casino",)
    )

    def __init__(self, preset: object = "traditional", **settings: object) -> None:
        every = fields(Rules)
        for key in settings:
            if not any(f.name == key for f in every):
                raise _unknown_setting(key, every)
        for f in every:
            value = preset if f.name == "preset" else settings.get(f.name, f.default)
            if f.name in settings and value != f.default and isinstance(preset, str):
                problem = _preset_problem(f, preset, f"Rules({{!r}}, {f.name}=...)")
                if problem is not None:
                    raise RulesError(problem)
            # checked before it is set: compiled (mypyc), a field refuses a value of the wrong
            # type with a bare TypeError
            problem = setting_problem(f, value)
            if problem is not None:
                raise RulesError(problem)
        for f in every:
            value = preset if f.name == "preset" else settings.get(f.name, f.default)
            object.__setattr__(self, f.name, value)
        self._check()

    def _check(self) -> None:
        """What the settings say of each other, once each is of its type and choices."""
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

    def with_overrides(
        self, overrides: Mapping[str, object] | None = None, /, **settings: object
    ) -> Rules:
        """These rules with some settings changed, given as keywords
        (``with_overrides(stick_minimum=16)``), as a dict (a rules file's, ``--set``'s), or
        both; an unknown name suggests the nearest one, a setting of another preset is refused
        even at its default."""
        takes(
            "Rules.with_overrides()",
            "overrides",
            overrides,
            (Mapping, type(None)),
            "a dict or None",
        )
        changes = {**(overrides or {}), **settings}
        every = fields(self)
        known = {f.name: f for f in every}
        for key in changes:
            if key not in known or key == "preset":
                raise _unknown_setting(key, every)
            problem = _preset_problem(known[key], self.preset, "--rules {}")
            if problem is not None:
                raise RulesError(problem)
        current = {f.name: getattr(self, f.name) for f in every if f.name != "preset"}
        return Rules(self.preset, **{**current, **changes})

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
        return {f.name: getattr(self, f.name) for f in fields(self) if in_preset(f, self.preset)}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Rules:
        """Rules from a log header or rules file: ``preset`` plus any settings that differ."""
        data = dict(data)
        base = Rules.preset_named(data.pop("preset", "traditional"))
        return base.with_overrides(data)


def _unknown_setting(key: str, every: tuple[Field[Any], ...]) -> RulesError:
    """An unknown setting's error, with the nearest name."""
    names = [f.name for f in every]
    return RulesError(f"unknown rule setting {key!r}{suggest(key, names)}")


def _preset_problem(f: Field[Any], preset: str, use: str) -> str | None:
    """Why the setting ``f`` cannot be changed in ``preset``'s rules (it is another preset's),
    or None; ``use`` names the rules to use instead, ``{}`` for the preset."""
    presets = f.metadata["presets"]
    if not presets or preset in presets:
        return None
    return (
        f"rule setting {f.name!r} belongs to the {' or '.join(presets)} preset "
        f"({f.metadata['rules']}); these rules are {preset!r}: use {use.format(presets[0])}"
    )


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


# what a table can be dealt, and how much money one deal can move ---------------------------------

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


def _banker_deal_moves(rules: Rules, seats: int, max_stake: int) -> int:
    """The most one deal of the banker's game moves at a table of ``seats`` seats whose stakes
    go up to ``max_stake`` (rules.balance_bound)."""
    royal = 3 if rules.royal_pontoon else 0  # V6: a royal pontoon is paid 3 × stake
    multiple = max(2, rules.pontoon_pays, rules.banker_pontoon_collects, royal)
    return (seats - 1) * rules.max_hands * 7 * max_stake * multiple


def _shoot_deal_moves(rules: Rules, seats: int, max_stake: int) -> int:
    """S1, S8-S10: a banker may put up a new kitty and top it up to kitty_max before each deal,
    from a balance that may go negative; shoot bets come from what punters hold."""
    return _banker_deal_moves(rules, seats, max_stake) + rules.kitty + rules.kitty_max


def _casino_round_moves(rules: Rules, seats: int, max_stake: int) -> int:
    """C3, C7, C8, C10: each seat holds at most split_hands hands, each with at most twice the
    initial stake on it (a double, C7), paid at most 2:1 (C10); the house's money is not
    limited, so only the seats' balances count."""
    return seats * rules.split_hands * 2 * max_stake * 2


@dataclass(frozen=True, slots=True)
class PresetBounds:
    """What bounds a preset's games, known when the rules and the table are checked: the cards
    it deals from, whether it can deal to a table, and the most money one deal can move."""

    shoe: bool  # C1: a shoe of ``decks`` decks; False: packs (T1.1, V9)
    pack_count: Callable[[Rules, int], int]
    seating_problem: Callable[[Rules, int, Callable[[int], str]], str | None]
    per_deal: Callable[[Rules, int, int], int]  # the rules, the seats, the most stake


#: Each preset's bounds (the keys are PRESETS_KNOWN).
PRESET_BOUNDS: Final[dict[str, PresetBounds]] = {
    "traditional": PresetBounds(False, _packs, _pack_problem, _banker_deal_moves),
    "shoot": PresetBounds(False, _packs, _pack_problem, _shoot_deal_moves),
    "casino": PresetBounds(True, _shoe, _shoe_problem, _casino_round_moves),
}
