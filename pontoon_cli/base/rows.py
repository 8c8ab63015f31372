"""The seats that play hands in a deal, and their money: written once for every game.

:class:`SeatRows` is the part of a deal (:class:`~pontoon_cli.base.deal.DealBase` extends it)
that knows who plays and who sits out (T8.6; C3), and each seat's row of hands, its balance
before the deal, its net and its open stakes, by its place in turn and by name.
"""

from __future__ import annotations

from collections.abc import Sequence

from pontoon_cli.core.hands import Hand


class SeatRows:
    """The seats in ``order`` whose balance covers ``least`` (the minimum stake) play hands, in
    that order (``punters``: the punters of the traditional game, the player seats of a casino
    table); the others sit the deal out (``sitting_out``, T8.6; C3). ``balances`` are the
    balances before the deal."""

    def __init__(self, order: Sequence[str], balances: dict[str, int], least: int) -> None:
        self.balances_before = balances
        punters: list[str] = []
        sitting_out: list[str] = []
        before: list[int] = []
        for p in order:  # each balance looked up once
            balance = balances[p]
            if balance >= least:
                punters.append(p)
                before.append(balance)
            else:
                sitting_out.append(p)
        self.punters = punters
        self.sitting_out = sitting_out
        # Inside the deal a seat is its place in ``punters``: its row of hands, its balance
        # before the deal, its net and its open stakes are lists in that order (no look-up by
        # name on the way); ``hands``, ``nets`` and ``on_table`` give them by name.
        self.rows: list[list[Hand]] = [[Hand()] for _ in punters]
        self.before_at = before
        self.net_at: list[int] = [0] * len(punters)
        self.staked_at: list[int] = [0] * len(punters)  # open stakes
        self._hands: dict[str, list[Hand]] | None = None
        self._punter_at = 0  # whose turn, in self.punters

    # the seats by name ----------------------------------------------------------------------------

    @property
    def hands(self) -> dict[str, list[Hand]]:
        """Each punter's row of hands by name, in turn (the rows themselves: a split shows)."""
        hands = self._hands
        if hands is None:
            rows = self.rows
            hands = self._hands = {p: rows[i] for i, p in enumerate(self.punters)}
        return hands

    @property
    def nets(self) -> dict[str, int]:
        """What each seat has won (+) or lost (-) so far, by name: the punters in turn, then
        the banker (T7; a casino table has no banker's seat, C3)."""
        net_at = self.net_at
        nets = {p: net_at[i] for i, p in enumerate(self.punters)}
        self._house_net(nets)
        return nets

    def _house_net(self, nets: dict[str, int]) -> None:
        """Add the banker's net to ``nets`` (T7); a casino dealer holds no seat (C3)."""

    @property
    def on_table(self) -> dict[str, int]:
        """Each punter's open stakes, by name."""
        staked_at = self.staked_at
        return {p: staked_at[i] for i, p in enumerate(self.punters)}

    def seat_at(self, player: str) -> int:
        """``player``'s place in :attr:`punters`; KeyError for a seat that plays no hand."""
        for at, p in enumerate(self.punters):
            if p == player:
                return at
        raise KeyError(player)

    def available(self, player: str) -> int:
        """What ``player`` may still put on the table this deal (T8.6; C3, C7, C8)."""
        return self._left(self.seat_at(player))

    def left_in_turn(self) -> int:
        """What the seat in turn may still put on the table (T8.6; C3, C7, C8): the actor's,
        at the stakes and in the punters' (players') turns."""
        return self._left(self._punter_at)

    def _left(self, at: int) -> int:
        """What the punter at ``at`` in :attr:`punters` may still put on the table (T8.6; C3,
        C7, C8): the actor's, in turn, is ``self._punter_at``."""
        return self.before_at[at] + self.net_at[at] - self.staked_at[at]

    def hands_in_order(self) -> list[tuple[str, int, Hand]]:
        """(player, hand number, hand) for every hand that plays, in turn."""
        # compiled, enumerate with a start is a generic call: the number is counted from 0
        rows = self.rows
        return [(p, i + 1, h) for at, p in enumerate(self.punters) for i, h in enumerate(rows[at])]
