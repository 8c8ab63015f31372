"""The ``equilibrium`` strategy's table: heads-up traditional Pontoon's solved equilibrium,
shipped as data.

``equilibrium.json`` beside this module is ``pontoon strategy --rules traditional
--equilibrium --json``'s solve of the preset (:mod:`pontoon_cli.solver.equilibrium`: CFR+
over the whole game tree, its exploitability computed apart). It gives, for each situation of
either side, the chance of each choice: the punter's stake on his first card (T4.2), his
decision on each hand he can hold after what he has shown (T5), and the banker's draw on each
hand of his against what the punter showed (T6.1). The names of the situations (the keys) are
written here, once, for the solver and the players.

The choices are kept as whole millionths (the file's six places), so a mixed choice is drawn
with one ``below(1_000_000)`` of the seat's seeded generator, the same on every machine. The
file is read once, on first use. The module is not compiled (``_build.NOT_COMPILED``): it reads
a JSON table and answers from dicts.
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any, Final

from pontoon_cli.core.rules import PRESET_RULES, Rules
from pontoon_cli.core.settings import setting_text

RESOURCE: Final = "equilibrium.json"
FORMAT: Final = "pontoon-traditional-equilibrium/1"
#: A chance as whole millionths: the shipped file's six places.
MILLION: Final = 1_000_000
#: Settings the strategy never meets: it splits no hand (T5.2, V1) and the pack is the deck's.
IGNORED: Final = frozenset({"packs", "max_hands", "split_aces_only"})


# the names of the situations ----------------------------------------------------------------------


def public_name(
    stake: int, prices: tuple[int, ...] = (), twists: int = 0, twisted: int = 0, ace: bool = False
) -> str:
    """``"stake 1, bought 2s 1s, twisted 1 worth 7"``: what both sides know of the punter's
    hand: his stake, each bought card's price in stakes (T5.3), how many cards he twisted, their
    lowest total and whether one is an ace (T5.4: face up)."""
    parts = [f"stake {stake}"]
    if prices:
        parts.append("bought " + " ".join(f"{p}s" for p in prices))
    if twists:
        parts.append(f"twisted {twists} worth {twisted}{' with an ace' if ace else ''}")
    return ", ".join(parts)


def hand_name(total: int, soft: bool) -> str:
    """``"soft 17"``: a hand's best total, soft when an ace counts 11 (T1.2)."""
    return f"{'soft' if soft else 'hard'} {total}"


def stake_key(value: int) -> str:
    """The punter's stake decision on a first card of pip ``value`` (an ace 1; T4.2)."""
    return f"first card {'A' if value == 1 else value}"


def seen_name(public: str, five: bool) -> str:
    """What the banker sees before he plays: the punter's hand (:func:`public_name`) and
    whether it is a five card trick (T5.7) or stuck."""
    return f"{public}, {'punter' + chr(39) + 's five card trick' if five else 'punter stuck'}"


def banker_hand_name(total: int, soft: bool, cards: int) -> str:
    """``"hard 16 in 3"``: the banker's hand in a situation's name."""
    return f"{hand_name(total, soft)} in {cards}"


# the table ---------------------------------------------------------------------------------------


class EquilibriumTable:
    """The shipped solve, as the players ask it (:func:`shipped`).

    ``stakes``: the two stakes the solve offers (the least and the most of its table);
    ``punter``: each punter situation's choices with their cumulative chances in millionths
    (choices of no chance left out); ``banker``: for each thing seen, each banker hand's chance
    of drawing, in millionths.
    """

    def __init__(self, data: dict[str, Any]) -> None:
        if data.get("format") != FORMAT:
            raise ValueError(f"equilibrium table: format {data.get('format')!r}, not {FORMAT!r}")
        self.rules: dict[str, Any] = data["rules"]
        self.stakes: tuple[int, int] = (int(data["stakes"][0]), int(data["stakes"][-1]))
        self.punter: dict[str, list[tuple[str, int]]] = {
            key: cumulative(choices) for key, choices in data["punter"].items()
        }
        self.banker: dict[str, dict[str, int]] = {
            seen: {hand: round(draw * MILLION) for hand, draw in hands.items()}
            for seen, hands in data["banker"].items()
        }

    def problem(self, rules: Rules) -> str | None:
        """Why the table is not the equilibrium of ``rules``, or None: every setting the solve
        reads, and every house option that changes the game it solved, must be the solve's."""
        solved = Rules.preset_named(str(self.rules["preset"])).to_dict()
        given = rules.to_dict()
        rule = {f.name: f.metadata["rules"] for f in fields(Rules)}
        differ = [
            f"{name}={setting_text(value)} ({rule[name]})"
            for name, value in given.items()
            if name not in IGNORED and solved.get(name, value) != value
        ]
        if given["preset"] != solved["preset"]:
            return (
                f"the equilibrium strategy is solved for the {solved['preset']} game "
                f"({PRESET_RULES[solved['preset']]}), not for {given['preset']} "
                f"({PRESET_RULES[given['preset']]})"
            )
        if not differ:
            return None
        return (
            f"the equilibrium strategy is solved for the {solved['preset']} preset's settings, "
            f"and these rules differ: {', '.join(differ)} (pontoon strategy --rules traditional "
            "--equilibrium --set ... solves other settings, without playing them)"
        )


def cumulative(choices: dict[str, float]) -> list[tuple[str, int]]:
    """Each choice of some chance, with the chance of it and those before it, in millionths;
    the last is exactly :data:`MILLION` (the file's rounding left out)."""
    out: list[tuple[str, int]] = []
    upto = 0
    for action in sorted(choices):
        share = round(choices[action] * MILLION)
        if share > 0:
            upto += share
            out.append((action, upto))
    if out:
        out[-1] = (out[-1][0], MILLION)
    return out


_loaded: list[EquilibriumTable] = []  # the shipped table, once read


def shipped_data() -> dict[str, Any]:
    """The shipped solve, as the file holds it."""
    from importlib import resources  # here, not at import: only this strategy reads it

    text = resources.files(__package__ or "pontoon_cli.traditional").joinpath(RESOURCE)
    data: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return data


def shipped() -> EquilibriumTable:
    """The shipped solve, read once."""
    if not _loaded:
        _loaded.append(EquilibriumTable(shipped_data()))
    return _loaded[0]
