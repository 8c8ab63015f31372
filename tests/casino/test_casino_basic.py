"""The casino `basic` table: computed exactly, shipped as data, answered legally.

``pontoon strategy --rules casino`` computes it (``pontoon_cli/solver/casino.py``: infinite
deck, expected-value recursion); ``pontoon_cli/casino/basic.json`` is its output and
``casino_basic.decide`` answers from it.
``tools/casino_reference_sim.py``, an independent Monte-Carlo written from the rules, checks the
exact edges here at a size CI affords, and the larger runs are in docs/explanation/strategy.md.
"""

from __future__ import annotations

import itertools
import tomllib
from fnmatch import fnmatch
from pathlib import Path
from types import ModuleType

import pytest
from support.modules import load

from pontoon_cli.casino import basic as casino_basic
from pontoon_cli.casino.basic import decide
from pontoon_cli.render.strategy import casino_text
from pontoon_cli.solver import casino as exact

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "pontoon_cli" / "casino" / casino_basic.RESOURCE


def _tool(name: str) -> ModuleType:
    return load(name, ROOT / "tools" / f"{name}.py")


sim = _tool("casino_reference_sim")
H17 = exact.Casino(exact.CasinoRules())
S17 = exact.Casino(exact.CasinoRules(dealer_hits_soft_17=False))
NO_CARD = exact.CasinoRules(double_deals_card=False)  # the literal C7 reading, which C12 rules out
P = exact.RANK_PROBABILITY


# the data file is the tool's output -------------------------------------------------------------


def test_the_shipped_table_is_what_pontoon_strategy_gives_now() -> None:
    data = exact.table(exact.CasinoRules())
    assert SHIPPED.read_text(encoding="utf-8") == exact.dumps(data), "rewrite it: " + exact.command(
        exact.CasinoRules()
    )
    assert exact.command(exact.CasinoRules()) == (
        "pontoon strategy --rules casino --write pontoon_cli/casino/basic.json"
    )
    assert casino_basic.header()["command"] == exact.command(exact.CasinoRules())
    assert casino_basic.table_rules()["dealer_hits_soft_17"] is True  # C9, the preset's default
    assert casino_basic.table_rules()["double_deals_card"] is True  # C7: one card, then play on
    assert exact.CasinoRules().double_deals_card  # the tool's default is the project's reading


def test_the_table_is_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["pontoon_cli.casino"]
    assert any(fnmatch(casino_basic.RESOURCE, pattern) for pattern in patterns)


def test_the_docs_state_the_computed_edges() -> None:
    page = (ROOT / "docs" / "explanation" / "strategy.md").read_text(encoding="utf-8")
    strategy, section = page.split("\n## The casino basic strategy table\n", 1)
    assert exact.command(exact.CasinoRules()) in section
    printed = casino_text(exact.table(exact.CasinoRules()), decks=8)
    assert "$ pontoon strategy --rules casino\n" + printed in strategy  # the whole table
    # the contrary reading's figure, which C12 rules out (C7)
    no_card = casino_text(exact.table(NO_CARD)).splitlines()[-2].split()[-5]
    assert no_card == "-7.8811%" and no_card in section


# the dealer (C5, C9), checked by enumerating every sequence of cards ---------------------------


def _dealer_by_enumeration(hits_soft_17: bool) -> dict[str, float]:
    """Every sequence of five cards, each followed until the dealer stops (C9), no pontoon (C5)."""
    out: dict[str, float] = {}
    for seq in itertools.product(range(1, 11), repeat=5):
        if sorted(seq[:2]) == [1, 10]:
            continue
        prob = 1.0
        for n, card in enumerate(seq, 1):
            prob *= P[card]
            low = sum(seq[:n])
            best = low + 10 if 1 in seq[:n] and low <= 11 else low
            soft = best != low
            if low > 21:
                outcome = "bust"
            elif n == 5:
                outcome = "five card trick"
            elif n >= 2 and (best >= 18 or (best == 17 and not (soft and hits_soft_17))):
                outcome = str(best)
            else:
                continue
            # the cards after the dealer stops do not matter: count this prefix once
            if all(c == 1 for c in seq[n:]):
                out[outcome] = out.get(outcome, 0.0) + prob / (1 - 2 * P[1] * P[10])
            break
    return out


@pytest.mark.parametrize("game", [H17, S17], ids=["C9-hits-soft-17", "C9-stands-soft-17"])
def test_c9_the_dealers_outcomes_match_a_direct_enumeration(game: object) -> None:
    assert isinstance(game, exact.Casino)
    direct = _dealer_by_enumeration(game.rules.dealer_hits_soft_17)
    assert set(direct) == set(exact.DEALER_OUTCOMES)
    for outcome, prob in direct.items():
        assert game.dealer[outcome] == pytest.approx(prob, abs=1e-12), outcome
    assert sum(game.dealer.values()) == pytest.approx(1.0, abs=1e-12)


def test_c9_hitting_soft_17_makes_the_dealer_bust_more_often() -> None:
    assert H17.dealer["bust"] > S17.dealer["bust"]
    assert H17.dealer["17"] < S17.dealer["17"]
    assert H17.p_dealer_pontoon == pytest.approx(8 / 169)  # C5: A then ten-card, or ten then A


# values a reader can check by hand ---------------------------------------------------------------


def test_c2_c11_a_standing_hand_wins_only_above_the_dealer_or_on_his_bust() -> None:
    d = H17.dealer
    assert H17.stand_value(16) == pytest.approx(d["bust"] - (1 - d["bust"]))
    assert H17.stand_value(18) == pytest.approx(
        d["bust"] + d["17"] - d["18"] - d["19"] - d["20"] - d["21"] - d["five card trick"]
    )
    # C2: a 21 ties the dealer's 21 and loses it; C11: it loses to his five card trick
    assert H17.stand_value(21) == pytest.approx(1 - 2 * (d["21"] + d["five card trick"]))


def test_c10_c7_four_cards_that_cannot_bust_double_and_draw_the_five_card_trick() -> None:
    # hard 11 or less, or soft 21, in four cards: the double's card is the fifth, which cannot
    # bust, so it is a five card trick paid 2:1 unless the dealer has one (C10, C2), at twice
    # the stake (C7); the hand ends there
    five = 2 * (1 - H17.dealer["five card trick"]) - H17.dealer["five card trick"]
    for soft, total in [(False, 8), (False, 11), (True, 21)]:
        values = H17.choices(soft, total, 4, False)
        assert values["double"] == pytest.approx(2 * five)
        assert decide(soft, total, 4, None, False, False, True) == "double"
    assert decide(True, 21, 4, None, False, False, False) == "hit"  # C6: a soft 21 may be hit


def test_c7_a_double_on_four_cards_is_a_hit_at_twice_the_stake() -> None:
    # The double's card is the fifth card, which ends the hand (C6): doubling is worth exactly
    # twice hitting, so the table doubles a four-card hand exactly where hitting gains on average
    # and gains more than twice what standing does.
    for soft, total, cards in sorted(exact.reachable_states()):
        if cards != 4:
            continue
        values = H17.choices(soft, total, 4, False)
        assert values["double"] == pytest.approx(2 * values["hit"]), (soft, total)
        hit, stand = values["hit"], values.get("stand", -2.0)
        expected = "double" if hit > 0 and 2 * hit > stand else "hit" if hit > stand else "stand"
        assert decide(soft, total, 4, None, False, False, True) == expected, (soft, total)
    assert decide(False, 16, 4, None, False, False, True) == "double"  # hit gains: +0.127
    assert decide(False, 17, 4, None, False, False, True) == "hit"  # hit loses less than stand


def test_c7_hard_20_stands_since_a_double_would_draw_to_it() -> None:
    # A double deals a card (C7): on hard 20 only an ace (1/13) does not bust, and it makes a
    # hard 21, which ends the hand (C6). Worked by hand, against standing on 20:
    d = H17.dealer
    hit = P[1] * H17.stand_value(21) - (1 - P[1])
    assert H17.choices(False, 20, 2, False)["double"] == pytest.approx(2 * hit)
    assert (
        hit
        < 0
        < H17.stand_value(20)
        == pytest.approx(
            d["bust"] + d["17"] + d["18"] + d["19"] - d["20"] - d["21"] - d["five card trick"]
        )
    )
    assert decide(False, 20, 2, None, False, False, True) == "stand"
    # hard 11 in two cards: the classic double (any ten-card, 4/13, makes 21)
    assert decide(False, 11, 2, None, False, False, True) == "double"
    assert decide(False, 11, 2, None, False, False, False) == "hit"


def test_c7_c12_the_no_card_reading_doubles_every_winning_hand_for_free() -> None:
    # The contrary, literal reading of C7 (a double deals no card): doubling hard 20 doubles a
    # gain at no risk, and the optimal table then gives the PLAYER 7.88% (C12: the house's
    # edge is a fraction of one per cent, so this reading is not the game's).
    no_card = exact.Casino(NO_CARD)
    assert no_card.choices(False, 20, 2, False)["double"] == pytest.approx(2 * H17.stand_value(20))
    assert no_card.initial_value() == pytest.approx(0.0788106, abs=1e-6)
    assert -H17.initial_value() == pytest.approx(0.0029374, abs=1e-6)  # C12
    assert 0 < -H17.initial_value() < 0.01


def test_c7_a_doubled_hand_holds_three_cards_at_least() -> None:
    # the printed table shows no doubled two-card hand: the double's card is already dealt
    printed = casino_text(exact.table(exact.CasinoRules()))
    rows = [line.split() for line in printed.splitlines() if line[:4] in ("hard", "soft")]
    assert rows and all(row[5] == "-" for row in rows)
    assert any(row[6] != "-" for row in rows)
    no_card = casino_text(exact.table(NO_CARD))
    assert any(line.split()[5] != "-" for line in no_card.splitlines() if line[:4] == "hard")


def test_c6_under_15_the_table_never_stands() -> None:
    for total in range(4, 15):
        for cards in (2, 3, 4):
            assert "stand" not in H17.choices(False, total, cards, False)
            assert decide(False, total, cards, None, False, False, False) == "hit"


def test_c8_aces_and_eights_are_split_tens_are_not() -> None:
    assert decide(False, 16, 2, 8, False, True, True) == "split"
    assert decide(False, 16, 2, 8, False, False, True) != "split"  # the cap or the balance
    assert decide(True, 12, 2, 1, False, True, True) == "split"
    assert decide(False, 20, 2, 10, False, True, True) == "stand"
    split = {int(p) for p, row in exact.table(exact.CasinoRules())["pairs"].items() if row["split"]}
    assert split == {1, 8}
    # with a double that deals no card, 7s and 9s were split too (each split hand a free double)
    split = {int(p) for p, row in exact.table(NO_CARD)["pairs"].items() if row["split"]}
    assert split == {1, 7, 8, 9}


# decide() never answers with an action the rules or its flags rule out ---------------------------


def _inputs() -> list[tuple[bool, int, int, int | None]]:
    hands: list[tuple[bool, int, int, int | None]] = []
    for cards in (2, 3, 4):
        hands += [(False, t, cards, None) for t in range(cards * 2, 22)]
        hands += [(True, t, cards, None) for t in range(max(12, 10 + cards), 22)]
    hands += [(True, 12, 2, 1)] + [(False, 2 * v, 2, v) for v in range(2, 11)]
    return hands


@pytest.mark.parametrize("soft, total, cards, pair", _inputs())
def test_c6_c7_c8_decide_never_returns_an_illegal_action(
    soft: bool, total: int, cards: int, pair: int | None
) -> None:
    low = total - 10 if soft else total
    for doubled, may_split, may_double in itertools.product([False, True], repeat=3):
        action = decide(soft, total, cards, pair, doubled, may_split, may_double)
        if action == "hit":
            assert low < 21  # C6
        elif action == "stand":
            assert total >= 15  # C6
        elif action == "double":
            assert may_double and not doubled  # C7: once per hand
        else:
            assert action == "split"
            assert pair is not None and may_split and not doubled and cards == 2  # C8


@pytest.mark.parametrize(
    "soft, total, cards, pair",
    [
        (True, 11, 2, None),
        (False, 22, 3, None),
        (False, 16, 5, None),
        (False, 16, 3, 8),
        (False, 18, 2, 8),
        (True, 12, 2, 6),
    ],
)
def test_decide_refuses_a_hand_that_cannot_exist(
    soft: bool, total: int, cards: int, pair: int | None
) -> None:
    with pytest.raises(ValueError):
        decide(soft, total, cards, pair, False, True, True)


# the exact edges against an independent simulation (infinite deck, seeded) ----------------------


@pytest.mark.parametrize(
    "policy, expected",
    [
        ("dealer-mimic", H17.mimic_initial_value()),
        ("basic", H17.initial_value()),
    ],
    ids=["dealer-mimic", "basic-C7-one-card"],
)
def test_the_reference_simulation_agrees_with_the_exact_edge(policy: str, expected: float) -> None:
    stats = sim.run(30_000, 1, 0, policy, seed=10)
    edge, se = sim.edge(stats)
    assert abs(edge - -expected) < 3 * se, (edge, se, -expected)


def test_the_reference_simulation_plays_eight_decks_and_every_seat_legally() -> None:
    # its own legality checks (C6-C8) raise; seven seats of basic play on eight decks
    stats = sim.run(1_000, 7, 8, "basic", seed=3)
    assert stats.doubles > 0 and stats.splits > 0
    assert stats.hands >= 7 * 1_000 - stats.lost_to_dealer_pontoon


def test_c9_the_table_is_the_same_when_the_dealer_stands_on_soft_17() -> None:
    # the docs' claim: the shipped (hits soft 17) table serves the stands-on-soft-17 setting
    hits, stands = (
        exact.table(exact.CasinoRules()),
        exact.table(exact.CasinoRules(dealer_hits_soft_17=False)),
    )
    for soft, total, cards in exact.reachable_states():
        name = exact.state_name(soft, total, cards)
        for part in ("play", "doubled"):
            assert hits[part][name]["order"][0] == stands[part][name]["order"][0], (part, name)
    assert hits["pairs"].keys() == stands["pairs"].keys()
    for pair, row in hits["pairs"].items():
        assert row["split"] == stands["pairs"][pair]["split"], pair


def test_c7_the_no_card_reading_simulated_agrees_with_its_exact_edge(tmp_path: Path) -> None:
    # The contrary reading of C7 (--double-deals-no-card): the reference simulator playing that
    # rule with that reading's table agrees with its exact edge within 3 standard errors.
    expected = -exact.Casino(NO_CARD).initial_value()
    path = tmp_path / "no-card.json"
    path.write_text(exact.dumps(exact.table(NO_CARD)), encoding="utf-8")
    assert casino_basic.load(str(path)).rules()["double_deals_card"] is False
    stats = sim.run(30_000, 1, 0, "basic", seed=10, double_deals_card=False, table=str(path))
    edge, se = sim.edge(stats)
    assert abs(edge - expected) < 3 * se, (edge, se, expected)
    with pytest.raises(SystemExit):  # the shipped table is not for this rule
        sim.run(10, 1, 0, "basic", seed=1, double_deals_card=False)
