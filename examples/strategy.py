"""A strategy of your own for ``pontoon play`` and ``pontoon simulate``, in every game.

    pontoon play --seed 7 --deals 5 --strategy examples/strategy.py:Cautious
    pontoon simulate --rules casino --rounds 2000 --seed 3 --strategy examples/strategy.py:Cautious

It answers the protocol of ``pontoon_cli.base.seat`` (``SeatStrategy``): each method gets a
read-only ``SeatView`` of what its seat can see and answers with a word of ``view.legal``. It
imports nothing from pontoon: the words it knows are the traditional game's (stick, twist) and
the casino's (stand, hit), and it takes whichever ``view.legal`` offers.
"""

from __future__ import annotations

from typing import Any


class Cautious:
    """Stake the minimum; stick (stand) on 16 or more, else twist (hit); never buy, split,
    double or shoot. As banker: stay on 17 or more, else draw; never double."""

    def stake(self, view: Any) -> int:
        (stake,) = view.legal  # the one legal action at the stakes: its range
        return stake.low

    def play(self, view: Any) -> str | tuple[str, int]:
        words = [action.action for action in view.legal]
        if "pass" in words:  # Shoot Pontoon's round after the stakes: no shoot bet
            return "pass"
        wanted = ("stick", "stand") if view.total >= 16 else ("twist", "hit")
        for word in (*wanted, "stick", "stand", "twist", "hit"):
            if word in words:
                return word
        first = view.legal[0]  # none of them is legal now: the first legal action
        return first.action if first.low is None else (first.action, first.low)

    def bank(self, view: Any) -> str:
        return "stay" if view.total >= 17 else "draw"
