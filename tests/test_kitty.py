"""The kitty's moves (S1-S10): each names its rule, player, hand and amount, and two moves are
the same move only when all four are."""

from __future__ import annotations

import pytest

from pontoon_cli.kitty import Kitty, KittyMove


def test_S7_a_move_equals_only_the_same_rule_player_hand_and_amount() -> None:
    move = KittyMove("S7", "ann", 1, -3)
    assert move == KittyMove("S7", "ann", 1, -3)
    for other in (
        KittyMove("S6", "ann", 1, -3),
        KittyMove("S7", "bob", 1, -3),
        KittyMove("S7", "ann", 2, -3),
        KittyMove("S7", "ann", 1, 3),
    ):
        assert move != other
    assert move != ("S7", "ann", 1, -3)  # not a move at all


@pytest.mark.parametrize(("amounts", "left"), [([20, 5, -25], 0), ([20, -7, 3], 16)])
def test_S1_S7_the_kitty_holds_what_its_moves_leave(amounts: list[int], left: int) -> None:
    kitty = Kitty()  # a new kitty holds nothing
    assert (kitty.before, kitty.amount, kitty.moves) == (0, 0, [])
    made = [kitty.move("S7", "ann", 1, a) for a in amounts]
    assert (kitty.before, kitty.amount, kitty.moves) == (0, left, made)
