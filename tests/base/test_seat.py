"""A strategy of the user's: what its seat sees (``SeatView``: no pack, no other hand's face-down
card, T4.1, T4.3, T5.3, T5.4; shown once bust, T5.6; C4 at a casino table), how it is loaded and
made (``base.plugin``) and how its answers are checked (``SeatAdapter``)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields
from pathlib import Path
from typing import Any

import pytest
from support.engine import make_deal, run

from pontoon_cli.base.deal import LegalAction
from pontoon_cli.base.plugin import FILE_MODULE_PREFIX, build
from pontoon_cli.base.seat import SeatAdapter, SeatView, SeenHand, seat_view
from pontoon_cli.base.start import DealSetup
from pontoon_cli.casino.deal import CasinoDeal
from pontoon_cli.core.cards import new_pack
from pontoon_cli.core.errors import StrategyError
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import PRESETS, Table
from pontoon_cli.traditional.players import DefaultStrategy, Players

STRATEGIES = """
import sys

class Plain:
    def stake(self, view):
        return view.min_stake
    def play(self, view):
        return "stick"
    def bank(self, view):
        return "stay"

class WithRng(Plain):
    def __init__(self, rng):
        self.rng = rng

class WithSeed(Plain):
    def __init__(self, seed=None):
        self.seed = seed

class Unmade(Plain):
    def __init__(self):
        raise RuntimeError("no table for me")

def make():
    return Plain()

plain = Plain()

class Punter:
    def stake(self, view):
        return 1
    def play(self, view):
        return "stick"

SEEN = sorted(name for name in sys.modules if name.startswith("_pontoon_strategy_"))
"""


@pytest.fixture
def strategies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The strategies above, as the file ``strategies.py`` of the working directory."""
    (tmp_path / "strategies.py").write_text(STRATEGIES)
    monkeypatch.chdir(tmp_path)
    return "strategies.py"


def test_a_seats_view_holds_no_pack_and_no_other_players_hidden_cards() -> None:
    """The view's fields are what a seat sees at the table, and nothing else: no pack."""
    names = {f.name for f in fields(SeatView)}
    assert names == {
        "game",
        "deal",
        "phase",
        "player",
        "hand",
        "cards",
        "total",
        "soft",
        "others",
        "house",
        "house_count",
        "banker",
        "legal",
        "stake",
        "initial",
        "balance",
        "rules",
        "min_stake",
        "max_stake",
    }
    assert {f.name for f in fields(SeenHand)} == {
        "player",
        "hand",
        "cards",
        "count",
        "stake",
        "done",
        "bust",
    }


def test_T5_3_T5_4_a_punter_sees_the_twisted_cards_of_another_hand_not_its_bought_ones() -> None:
    deal = make_deal("2H 3D 9S 5C 4D KS 2C 3C 9H")
    run(deal, "ann stake 2; bob stake 3; ann buy 2; ann twist; ann twist")
    view = seat_view(deal, "bob", 1, deal.legal_actions(), {})
    assert view.cards == ("3D", "4D")
    assert (view.total, view.soft, view.stake, view.initial, view.balance) == (7, False, 3, 3, 997)
    # ann's 2H 5C (dealt face down, T4.1, T4.3) and her bought 2C (face down, T5.3) stay hidden
    assert view.others == (SeenHand("ann", 1, ("3C", "9H"), 5, 4, True, False),)
    assert (view.house, view.house_count, view.banker) == ((), 2, "carl")  # T4.3: face down
    assert view.legal == (LegalAction("buy", 3, 6), LegalAction("twist"))
    with pytest.raises(FrozenInstanceError):
        view.cards = ()  # type: ignore[misc]


def test_T5_6_a_bust_hand_is_shown_and_the_banker_sees_his_own_cards() -> None:
    deal = make_deal("2H 3D 9S 5C 4D KS KH QH 5S 8C")
    run(deal, "ann stake 2; bob stake 3; ann twist; ann twist; bob twist; bob twist; bob stick")
    view = seat_view(deal, "carl", 1, deal.legal_actions(), {})
    assert (view.player, view.cards, view.total, view.house) == (
        "carl",
        ("9S", "KS"),
        19,
        ("9S", "KS"),
    )
    assert view.others == (
        SeenHand("ann", 1, ("2H", "5C", "KH", "QH"), 4, 2, True, True),  # T5.6: shown
        SeenHand("bob", 1, ("5S", "8C"), 4, 3, True, False),  # T5.4: twisted face up
    )
    assert view.legal == (LegalAction("draw"), LegalAction("stay"))
    assert view.balance == 1002  # ann's lost stake is the banker's already (T5.6)


def test_C4_a_casino_seat_sees_the_other_seats_cards_and_none_of_the_dealers() -> None:
    rules = PRESETS["casino"]
    table = Table.build(["ann", "bob"], bankroll=100, house=True)
    deal = CasinoDeal(DealSetup(rules, table, new_pack(), dict(table.bankrolls)))
    deal.stake("ann", 1)
    deal.stake("bob", 2)
    view = seat_view(deal, "ann", 1, deal.legal_actions(), {})
    assert (view.cards, view.house, view.house_count, view.banker) == (("AC", "4C"), (), 2, None)
    assert view.others == (SeenHand("bob", 1, ("2C", "5C"), 2, 2, False, False),)
    assert view.game == "casino" and view.phase == "players' turns"


def test_a_class_is_made_once_per_seat_an_object_is_used_as_it_is(strategies: str) -> None:
    one, two = (build(f"{strategies}:Plain", Rng(1), False) for _ in range(2))
    assert type(one.seat).__name__ == "Plain" and one.seat is not two.seat
    made = build(f"{strategies}:make", Rng(1), False)  # a function returning a strategy
    assert type(made.seat).__name__ == "Plain"
    shared = [build(f"{strategies}:plain", Rng(1), False).seat for _ in range(2)]
    assert shared[0] is shared[1]
    assert isinstance(one, SeatAdapter) and one.spec == "strategies.py:Plain"


def test_a_class_that_asks_for_rng_or_seed_gets_the_seats_generator(strategies: str) -> None:
    rng = Rng(99)
    assert build(f"{strategies}:WithRng", rng, False).seat.rng is rng
    assert build(f"{strategies}:WithSeed", Rng(99), False).seat.seed == 99
    assert not hasattr(build(f"{strategies}:Plain", Rng(99), False).seat, "rng")


def test_a_file_is_loaded_under_its_own_name_once(strategies: str) -> None:
    """No other module is touched, and the file need not be on sys.path."""
    first = build(f"{strategies}:Plain", Rng(1), False).seat
    again = build(f"{strategies}:Plain", Rng(1), False).seat
    assert type(again) is type(first)  # one class: the file ran once
    module = type(first).__module__
    assert module.startswith(FILE_MODULE_PREFIX)
    import sys

    assert module in sys.modules[module].SEEN  # in sys.modules under its own name only
    assert "strategies" not in sys.modules


@pytest.mark.parametrize(
    ("spec", "banker", "message"),
    [
        ("strategies.py:Nope", False, "strategies.py has no attribute 'Nope'"),
        (
            "strategies.py:Punter",
            True,
            "Punter has no method bank(view), which the banker is asked",
        ),
        ("strategies.py:Unmade", False, "Unmade() raised RuntimeError: no table for me"),
        ("nosuch_pontoon_mod.sub:X", False, "no module named 'nosuch_pontoon_mod'"),
        ("no/such.py:X", False, "no file no/such.py (relative to "),
        (":X", False, "expected MODULE:NAME or FILE.py:NAME, e.g. examples/strategy.py:Cautious"),
        ("not a module:X", False, "'not a module' is neither a module name (a.b.c) nor a file"),
    ],
)
def test_a_strategy_that_cannot_be_made_says_why(
    strategies: str, spec: str, banker: bool, message: str
) -> None:
    with pytest.raises(StrategyError) as caught:
        build(spec, Rng(1), banker)
    assert str(caught.value).startswith(message)


def test_the_built_in_strategies_are_called_directly() -> None:
    """No adapter between the engine and a built-in strategy: its speed is unchanged."""
    players = Players(("ann", "bob"), Rng(1))
    assert type(players.punter["ann"]) is DefaultStrategy
    assert type(players.banker["bob"]) is DefaultStrategy


class _Answers:
    """A strategy answering what it is given, to check the adapter's checks."""

    def __init__(self, stake: Any = 1, play: Any = "stick", bank: Any = "stay") -> None:
        self.answers = {"stake": stake, "play": play, "bank": bank}

    def stake(self, view: SeatView) -> Any:
        return self.answers["stake"]

    def play(self, view: SeatView) -> Any:
        return self.answers["play"]

    def bank(self, view: SeatView) -> Any:
        return self.answers["bank"]


@pytest.mark.parametrize(
    ("answers", "message"),
    [
        ({"stake": 0}, "strategy x:S (ann, deal 1) returned 0: not a stake from 1 to 10 (T4.2)"),
        ({"stake": True}, "strategy x:S (ann, deal 1) returned True: not a stake from 1 to 10"),
        (
            {"play": "fold"},
            "strategy x:S (ann, deal 1, hand 1) returned 'fold': not one of buy, twist (T5)",
        ),
        (
            {"play": ("buy", 99)},
            "strategy x:S (ann, deal 1, hand 1) returned ('buy', 99): buy takes an amount from "
            "1 to 2 (T5)",
        ),
        (
            {"play": "buy"},
            "strategy x:S (ann, deal 1, hand 1) returned 'buy': buy takes an amount from 1 to 2",
        ),
        (
            {"play": ("twist", 1)},
            "strategy x:S (ann, deal 1, hand 1) returned ('twist', 1): twist takes no amount (T5)",
        ),
        (
            {"play": 42},
            "strategy x:S (ann, deal 1, hand 1) returned 42: not an action: a word, or (word, "
            "amount) (T5)",
        ),
        (
            {"play": "x" * 500},
            f"strategy x:S (ann, deal 1, hand 1) returned '{'x' * 49}…(500 characters): not one "
            "of buy, twist (T5)",
        ),
    ],
)
def test_an_answer_the_seat_may_not_give_names_the_strategy_and_the_place(
    answers: dict[str, Any], message: str
) -> None:
    deal = make_deal("2H 3D 9S 5C 4D KS")  # ann 2H 5C: 7, buys or twists (T5.5)
    adapter = SeatAdapter("x:S", _Answers(**answers))
    with pytest.raises(StrategyError) as caught:
        deal.stake("ann", adapter.stake(deal, "ann"))
        deal.stake("bob", 1)
        adapter.play(deal, "ann", 1)
    assert str(caught.value).startswith(message), str(caught.value)
