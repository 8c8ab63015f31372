"""The traditional deal as a state machine, and the game that carries it from deal to deal.

Phases of a deal (docs/explanation/deal.md)::

    FIRST_CARD -> STAKES -> SECOND_CARD -> BANKER_PONTOON -> PUNTERS -> BANKER -> SETTLEMENT -> END

The code lives in four modules, low to high, and this module re-exports it, so
``from pontoon_cli.traditional.engine import Deal, Game`` is the way in:

- :mod:`pontoon_cli.core.hands`: :class:`Hand`, one hand's cards and money;
- :mod:`pontoon_cli.base.deal`: :class:`Phase`, :class:`LegalAction` and ``DealBase``: what
  every game's deal shares (the hands in play, dealing a card, the hands in turn, a split);
- :mod:`pontoon_cli.traditional.legality`: ``DealState``: the traditional deal's attributes, who
  acts, and the ``problem`` / ``verify`` / ``can`` checks;
- :mod:`pontoon_cli.traditional.deal`: :class:`Deal`, the actions, the automatic phases, settlement,
  the end;
- :mod:`pontoon_cli.traditional.game`: :class:`Game`, the pack, balances and bank across deals (T3,
  T8).
"""

from __future__ import annotations

from pontoon_cli.base.deal import END, DealBase, LegalAction, Phase
from pontoon_cli.base.start import PackState
from pontoon_cli.core.hands import Hand
from pontoon_cli.traditional.deal import Deal
from pontoon_cli.traditional.game import Game, cut_highest
from pontoon_cli.traditional.legality import DealState

__all__ = [
    "END",
    "Deal",
    "DealBase",
    "DealState",
    "Game",
    "Hand",
    "LegalAction",
    "PackState",
    "Phase",
    "cut_highest",
]
