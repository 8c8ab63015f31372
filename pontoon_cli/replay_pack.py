"""The cards replay checks before a deal is re-dealt: the cut for the bank and the pack.

:func:`check_cut` re-runs the header's cut for the bank (T3.2). :class:`PackTracker` keeps the
one thing about the pack that carries from deal to deal, the order the last deal left it in, and
checks each deal's recorded pack against it (T8.1, T8.2) and against the packs in play (T1.1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pontoon_cli.cards import FULL_PACK, Card, new_pack
from pontoon_cli.engine import Deal
from pontoon_cli.logcheck import CARD_BY_TEXT
from pontoon_cli.replay_report import Divergence, Place, count


def check_cut(
    at: Place, seats: Sequence[str], banker: str, rounds: list[dict[str, str]]
) -> Divergence | None:
    """T3.2: the highest card banks, ace high; players who tie for highest cut again."""
    if not rounds:
        return None
    cutting = list(seats)
    for i, cut in enumerate(rounds):
        if sorted(cut) != sorted(cutting):
            return at.div(None, None, f"cut[{i}]", sorted(cut), cutting, "T3.2")
        ranks = {p: CARD_BY_TEXT[text].cut_rank for p, text in cut.items()}
        best = max(ranks.values())
        cutting = [p for p in cutting if ranks[p] == best]
        if len(cutting) == 1:
            if i + 1 < len(rounds):
                return at.div(None, None, f"cut[{i + 1}]", rounds[i + 1], None, "T3.2")
            winner = cutting[0]
            if winner != banker:
                return at.div(None, None, "table.banker", banker, winner, "T3.2")
            return None
    return at.div(None, None, "cut", len(rounds), len(rounds) + 1, "T3.2")


class PackTracker:
    """The pack between deals: what the packs in play hold and the order the last deal left."""

    def __init__(self, packs: int) -> None:
        self.packs = packs
        self.size = 52 * packs
        self._full: Counter[Card] | None = Counter(new_pack(packs)) if packs > 1 else None
        self.first_deal = True
        self.after: list[Card] | None = None  # the pack the last deal left, when it is known
        self.shuffle_allowed = True

    def check(self, at: Place, pack: list[Card], state: str | None) -> Divergence | None:
        """The pack holds every card of the packs in play once each (T1.1) and, unless a shuffle
        was due (T8.2, T8.5) or the deal was stacked, is the pack the last deal left (T8.1)."""
        before = self.after
        if self.first_deal:
            if state == "continued":
                return at.div(None, None, "pack_state", state, "shuffled", "T8.1")
        elif state != "stacked" and before is not None:
            if self.shuffle_allowed:
                if state == "continued":
                    return at.div(None, None, "pack_state", state, "shuffled", "T8.2")
            elif state == "shuffled":
                return at.div(None, None, "pack_state", state, "continued", "T8.1")
            elif pack == before:
                return None
            else:
                for i, (got, want) in enumerate(zip(pack, before, strict=False)):
                    if got is not want:
                        return at.div(None, None, f"pack[{i}]", got.text, want.text, "T8.1")
                return at.div(
                    None, None, "pack", f"{len(pack)} cards", f"{len(before)} cards", "T8.1"
                )
        return self._check_composition(at, pack)

    def _check_composition(self, at: Place, pack: list[Card]) -> Divergence | None:
        size = self.size
        if len(pack) != size:
            return at.div(None, None, "pack", f"{len(pack)} cards", f"{size} cards", "T1.1")
        if self._full is None:
            if len(set(pack)) == size:
                return None
            counts = Counter(pack)
        else:
            counts = Counter(pack)
            if counts == self._full:
                return None
        for card in FULL_PACK:
            if counts[card] != self.packs:
                return at.div(
                    None,
                    None,
                    "pack",
                    f"{card.text} {count(counts[card], 'time')}",
                    f"{card.text} {count(self.packs, 'time')}",
                    "T1.1",
                )
        return None  # pragma: no cover - some card's count differs

    def carry(self, deal: Deal | None) -> None:
        """After a deal: the pack it left, if it reached its end (else unknown: any shuffle)."""
        if deal is not None:
            self.after = list(deal.pack)
            self.shuffle_allowed = deal.pontoon_in_deal
        else:
            self.after = None
            self.shuffle_allowed = True
