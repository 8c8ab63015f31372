"""The kitty (S1-S10): what it holds is what its moves leave, each move naming its rule, player,
hand and amount."""

from __future__ import annotations

import pytest

from pontoon_cli.shoot.kitty import Kitty


@pytest.mark.parametrize(("amounts", "left"), [([20, 5, -25], 0), ([20, -7, 3], 16)])
def test_S1_S7_the_kitty_holds_what_its_moves_leave(amounts: list[int], left: int) -> None:
    kitty = Kitty()  # a new kitty holds nothing
    assert (kitty.before, kitty.amount, kitty.moves) == (0, 0, [])
    made = [kitty.move("S7", "ann", 1, a) for a in amounts]
    assert (kitty.before, kitty.amount, kitty.moves) == (0, left, made)
