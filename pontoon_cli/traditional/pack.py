"""The cards replay checks before a deal is re-dealt: the cut for the bank and the pack.

:func:`check_cut` re-runs the header's cut for the bank (T3.2). :class:`PackTracker` keeps the
one thing about the pack that carries from deal to deal, the order the last deal left it in, and
checks each deal's recorded pack against it (T8.1, T8.2) and against the packs in play (T1.1).
"""

from __future__ import annotations

from collections.abc import Sequence

from librt.vecs import vec
from mypy_extensions import i64

from pontoon_cli.core.cards import Card
from pontoon_cli.logformat.check import CARD_BY_TEXT
from pontoon_cli.logformat.divergence import Divergence, Place, count
from pontoon_cli.logformat.packs import card_counts, count_cards, holds_counts
from pontoon_cli.traditional.engine import Deal, cut_highest
from pontoon_cli.traditional.pack_order import order_detail, shuffle_reason


def check_cut(
    at: Place, seats: Sequence[str], banker: str, rounds: list[dict[str, str]], packs: int
) -> Divergence | None:
    """T3.2: the highest card banks, ace high; players who tie for highest cut again.

    Each round is cut from a fresh shuffle of the packs in play (T1.1), the cutting players
    taking its top cards in seat order: so every player cutting has a card, nobody else does,
    and no card is cut more often than the packs hold it. Linear in the number of seats.
    """
    if not rounds:
        return None
    size = 52 * packs
    cutting = list(seats)
    for i, cut in enumerate(rounds):
        where = f"cut[{i}]"
        if len(cutting) > size:  # the cut would leave players without a card
            return at.div(
                field=where,
                recorded=count(len(cut), "card"),
                expected=f"a card for each of {len(cutting)} players: more than the {size} cards "
                f"of {count(packs, 'pack')}",
                rule="T3.2",
            )
        if len(cut) != len(cutting) or any(p not in cut for p in cutting):
            for p in cutting:
                if p not in cut:
                    return at.div(
                        field=where, recorded=None, expected="a card", rule="T3.2", player=p
                    )
            in_round = set(cutting)
            for p, card in cut.items():
                if p not in in_round:
                    return at.div(field=where, recorded=card, expected=None, rule="T3.2", player=p)
        took: dict[str, list[str]] = {}  # card -> who cut it, this round (T1.1)
        for p in cutting:
            card = cut[p]
            holders = took.setdefault(card, [])
            if len(holders) == packs:
                which = "the only" if packs == 1 else f"all {packs}"
                held = " and ".join(holders)
                expected = f"a card still in the pack: {held} cut {which} {card}"
                return at.div(field=where, recorded=card, expected=expected, rule="T1.1", player=p)
            holders.append(p)
        cutting = cut_highest({p: CARD_BY_TEXT[cut[p]] for p in cutting})
        if len(cutting) == 1:
            if i + 1 < len(rounds):  # a clear winner cuts no more
                return at.div(
                    field=f"cut[{i + 1}]", recorded=rounds[i + 1], expected=None, rule="T3.2"
                )
            winner = cutting[0]
            if winner != banker:
                return at.div(field="table.banker", recorded=banker, expected=winner, rule="T3.2")
            return None
    return at.div(field="cut", recorded=len(rounds), expected=len(rounds) + 1, rule="T3.2")


class PackTracker:
    """The pack between deals: what the packs in play hold and the order the last deal left."""

    def __init__(self, packs: int) -> None:
        self.packs = packs
        self.size = 52 * packs
        self._full: vec[i64] = vec[i64]([packs] * 52)  # each card's count in a whole pack
        self.first_deal = True
        self.after: list[Card] | None = None  # the pack the last deal left, when it is known
        self.shuffle_allowed = True
        self.last: Deal | None = None  # the deal that left it: a divergence says what it did
        self._whole = True  # the last pack checked held the packs in play (T1.1)

    def check(self, at: Place, pack: list[Card], state: str | None) -> Divergence | None:
        """The pack holds every card of the packs in play once each (T1.1) and, unless a shuffle
        was due (T8.2, T8.5) or the deal was stacked, is the pack the last deal left (T8.1)."""
        before = self.after
        continued = not self.first_deal and not self.shuffle_allowed
        if continued and before is not None and pack == before and state != "shuffled":
            return None  # the last deal's whole pack, as T8.1 says: nothing else to check
        found = self._continuity(at, pack, state)
        whole = self._composition(at, pack)
        self._whole = whole is None
        return found or whole

    def _continuity(self, at: Place, pack: list[Card], state: str | None) -> Divergence | None:
        before = self.after
        if self.first_deal:
            if state == "continued":
                return at.div(field="pack_state", recorded=state, expected="shuffled", rule="T8.1")
        elif state != "stacked" and before is not None:
            last = self.last
            if self.shuffle_allowed:
                if state == "continued":
                    field, recorded, expected = "pack_state", state, "shuffled"
                elif pack == before and last is not None and not last.void:
                    # the pack the deal left, card for card: no shuffle (T8.2)
                    field, expected = "pack", "a shuffled pack"
                    recorded = f"the pack deal {last.number} left, unshuffled"
                else:
                    return None
                why = self._shuffled_why(at)
                return at.div(
                    field=field, recorded=recorded, expected=expected, rule="T8.2", detail=why
                )
            elif state == "shuffled":
                return at.div(
                    field="pack_state",
                    recorded=state,
                    expected="continued",
                    rule="T8.1",
                    detail=None
                    if last is None
                    else f"{shuffle_reason(last)}, so its cards go under the pack and deal "
                    f"{at.deal} goes on from it unshuffled (T8.2)",
                )
            elif pack != before:
                for i, (got, want) in enumerate(zip(pack, before, strict=False)):
                    if got is not want:
                        return at.div(
                            field=f"pack[{i}]",
                            recorded=got.text,
                            expected=want.text,
                            rule="T8.1",
                            detail=order_detail(last, before, pack, i) if last else None,
                        )
                return at.div(
                    field="pack",
                    recorded=f"{len(pack)} cards",
                    expected=f"{len(before)} cards",
                    rule="T8.1",
                )
        return None

    def _shuffled_why(self, at: Place) -> str | None:
        """Why the pack is shuffled before this deal (T8.2, T8.5): the last deal's pontoon."""
        last = self.last
        if last is None:
            return None
        return (
            f"{shuffle_reason(last)}, so every card is gathered, shuffled and cut before "
            f"deal {at.deal}"
        )

    def _composition(self, at: Place, pack: list[Card]) -> Divergence | None:
        """T1.1: each card of the packs in play, once per pack."""
        counts = card_counts()
        count_cards(pack, counts)
        return holds_counts(at, counts, len(pack), self._full, self.size, "T1.1")

    def expected_state(self) -> str:
        """The ``pack_state`` the rules give the next deal of a dealt (not scripted) game."""
        if self.first_deal or self.shuffle_allowed or self.after is None:
            return "shuffled"
        return "continued"

    def carry(self, deal: Deal | None) -> None:
        """After a deal: the pack it left, if it reached its end from a whole pack (else
        unknown, so the next deal's continuity cannot diverge because of this one's error)."""
        if deal is not None and self._whole:
            self.after = deal.pack.rest()
            self.last = deal
            self.shuffle_allowed = deal.pontoon_in_deal
        else:
            self.after = None
            self.last = None
            self.shuffle_allowed = True
