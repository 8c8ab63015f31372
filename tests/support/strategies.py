"""Strategies of a user's own, as the text of a file the tests write (``mine.py``)."""

from __future__ import annotations

#: A strategy that plays every preset: the minimum stake; stick (stand) on 16+, else twist (hit);
#: it passes the shoot round (S2) and stays as banker on 17+.
STEADY = '''
class Steady:
    """Stake the minimum; stick (stand) on 16+, else twist (hit); pass the shoot round."""

    def stake(self, view):
        return view.legal[0].low

    def play(self, view):
        words = [a.action for a in view.legal]
        if "pass" in words:
            return "pass"
        wanted = ("stick", "stand") if view.total >= 16 else ("twist", "hit")
        for word in (*wanted, "stick", "stand", "twist", "hit"):
            if word in words:
                return word
        first = view.legal[0]
        return first.action if first.low is None else (first.action, first.low)

    def bank(self, view):
        return "stay" if view.total >= 17 else "draw"
'''
