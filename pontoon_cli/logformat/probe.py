"""What replay tells an observer as it re-deals: each decision in turn before the deal takes
it, and each deal's end. ``replay --coverage``'s tally
(:class:`~pontoon_cli.replay.coverage.RuleCoverage`) is one; a replay without an observer tells
nobody and costs nothing."""

from __future__ import annotations

from pontoon_cli.base.deal import DealBase


class DealProbe:
    """An observer of replay's re-deal: subclass it and override what it wants to hear."""

    def decision(
        self, deal: DealBase, player: str, hand: int, action: str, amount: int | None
    ) -> None:
        """A recorded decision in turn, before the deal takes it."""

    def finished(self, deal: DealBase | None, complete: bool, sold: bool) -> None:
        """The deal's re-deal is over, to its end (``complete``) or not; ``sold``: the bank
        was sold before it (T8.4)."""
