"""V3 (the banker doubles) and V8 (burning): the engine, the settlement, the strategies, the log
and replay.

Seats ann, bob, carl; carl banks, so the deal order is ann, bob, carl, then again ann, bob, carl.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support.engine import RULES, make_deal, run, settled, texts
from support.logs import play_log, play_scenario, records, validate_log
from support.replay import dump, replay

from pontoon_cli.core.cards import parse_cards
from pontoon_cli.core.errors import IllegalAction, RulesError
from pontoon_cli.core.events import CardDealt, Decision
from pontoon_cli.core.hands import HandClass
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import Rules
from pontoon_cli.traditional.engine import Phase
from pontoon_cli.traditional.players import DefaultStrategy, RandomStrategy

DOUBLES = RULES.with_overrides({"banker_doubles": True})
BURN_13 = RULES.with_overrides({"burn_on": 13})
BURN_14 = RULES.with_overrides({"burn_on": 14})
P, TRICK, T21, TOT, BUST = (
    HandClass.PONTOON,
    HandClass.FIVE_CARD_TRICK,
    HandClass.TWENTY_ONE,
    HandClass.TOTAL,
    HandClass.BUST,
)


def raised(action: object, *args: object) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        action(*args)  # type: ignore[operator]
    return info.value


# settings ------------------------------------------------------------------------------------


def test_V3_V8_settings_default_off_and_refuse_other_values() -> None:
    assert (RULES.banker_doubles, RULES.burn_on) == (False, None)
    assert Rules.from_dict({"preset": "traditional", "burn_on": 14}).burn_on == 14
    with pytest.raises(RulesError, match=r"'burn_on': 15 is not one of null, 13, 14 \(V8\)"):
        RULES.with_overrides({"burn_on": 15})
    with pytest.raises(RulesError, match=r"'banker_doubles': 1 is not true or false \(V3\)"):
        RULES.with_overrides({"banker_doubles": 1})
    both = RULES.with_overrides({"banker_doubles": True, "burn_on": 13})
    assert list(both.to_dict())[-2:] == ["banker_doubles", "burn_on"]  # the header's order


# V3: the banker's double -------------------------------------------------------------------------


def test_V3_the_banker_decides_after_the_stakes_before_the_second_card() -> None:
    deal = make_deal("AH 9C AD  KS 8C 6D", rules=DOUBLES)
    run(deal, "ann stake 2; bob stake 3")
    assert deal.phase is Phase.BANKER_DOUBLE
    assert deal.actor == ("carl", 1)
    assert [len(h.cards) for _, _, h in deal.hands_in_order()] == [1, 1]  # no second card yet
    assert [a.action for a in deal.legal_actions()] == ["double", "no_double"]
    assert (deal.expected_decision(), deal.turn_rule()) == (
        "carl (the banker) to double or not",
        "V3",
    )
    event = deal.double("carl")
    assert event == Decision("carl", 1, "double")
    assert deal.doubled and deal.phase is Phase.PUNTERS
    assert texts(deal.banker_hand.cards) == "AD 6D"


def test_V3_off_the_deal_goes_straight_on_and_a_double_is_refused() -> None:
    deal = make_deal("AH 9C AD  KS 8C 6D")
    run(deal, "ann stake 2; bob stake 3")
    assert deal.phase is Phase.PUNTERS
    err = raised(deal.double, "carl")
    assert str(err) == "carl, hand 1: cannot double: these rules have no banker's double (V3)"
    err = raised(deal.act, "carl", 1, "no_double")
    assert err.rule == "V3" and "cannot no_double" in err.reason


def test_V3_only_the_banker_and_only_after_the_stakes() -> None:
    deal = make_deal("AH 9C AD  KS 8C 6D", rules=DOUBLES)
    err = raised(deal.double, "carl")
    assert str(err) == "carl, hand 1: cannot double now: the deal is at the stakes (V3)"
    run(deal, "ann stake 2; bob stake 3")
    err = raised(deal.act, "ann", 1, "double")
    assert str(err) == "ann, hand 1: cannot double: it is carl's turn (T3.1)"
    err = raised(deal.stick, "ann", 1)
    assert err.rule == "T5"  # the punters wait for the banker's decision
    deal.no_double("carl")
    assert not deal.doubled and deal.phase is Phase.PUNTERS
    err = raised(deal.double, "carl")
    assert str(err) == "carl, hand 1: cannot double now: the deal is at the punters' turns (V3)"


@pytest.mark.parametrize(
    ("banker", "b_total", "punter", "p_total", "net", "rule"),
    [
        (TOT, 17, TOT, 19, 6, "V3"),  # T7.1, doubled
        (TOT, 17, TOT, 16, -6, "V3"),  # T7.1, doubled
        (TOT, 17, TOT, 17, -6, "V3"),  # T2.6, doubled
        (BUST, 25, TOT, 12, 6, "V3"),  # T7, doubled
        (TOT, 18, T21, 21, 6, "V3"),  # a 21 in three cards is an ordinary win
        (TOT, 17, BUST, 25, -6, "T5.6"),  # a bust loses the doubled stake
        (TOT, 17, P, 21, 6, "T7"),  # a pontoon is paid 2 × the undoubled stake
        (TOT, 17, TRICK, 19, 6, "T7"),  # so is a five card trick
        (TRICK, 20, TOT, 20, -6, "T7"),  # the banker's five card trick collects 2 ×, undoubled
        (TRICK, 20, P, 21, 6, "T7"),
        (P, 21, TOT, 19, -6, "T4.4"),  # the banker's pontoon collects 2 ×, undoubled
    ],
)
def test_V3_doubled_settlement(
    banker: HandClass, b_total: int, punter: HandClass, p_total: int, net: int, rule: str
) -> None:
    assert settled(RULES, banker, b_total, punter, p_total, 3, doubled=True) == (net, rule)


def test_V3_pontoon_payments_keep_their_own_multiple() -> None:
    rules = RULES.with_overrides({"pontoon_pays": 3, "banker_pontoon_collects": 1})
    assert settled(rules, TOT, 17, P, 21, 4, doubled=True) == (12, "T7")
    assert settled(rules, P, 21, TOT, 19, 4, doubled=True) == (-4, "T4.4")


def test_V3_a_doubled_deal_end_to_end_and_a_bust_pays_at_once() -> None:
    # ann T-9 (19), bob 9-7 twists K: bust; carl A-6, stays on 17
    deal = make_deal("TH 9C AD  9D 7S 6C  KS", rules=DOUBLES)
    run(deal, "ann stake 2; bob stake 1; carl double; ann stick; bob twist")
    assert deal.nets == {"ann": 0, "bob": -2, "carl": 2}  # T5.6 at once, on the doubled stake
    run(deal, "carl stay")
    assert [(h.stake, h.net, h.rule) for _, _, h in deal.hands_in_order()] == [
        (2, 4, "V3"),
        (1, -2, "T5.6"),
    ]
    assert deal.nets == {"ann": 4, "bob": -2, "carl": -2}


def test_V3_default_banker_doubles_on_an_ace_only() -> None:
    banker = DefaultStrategy()
    ace = make_deal("AH 9C AD  KS 8C 6D", rules=DOUBLES)
    run(ace, "ann stake 2; bob stake 3")
    king = make_deal("AH 9C KD  KS 8C 6D", rules=DOUBLES)
    run(king, "ann stake 2; bob stake 3")
    assert (banker.doubles(ace), banker.doubles(king)) == (True, False)


def test_V3_random_banker_picks_either() -> None:
    banker = RandomStrategy(Rng(3))
    deal = make_deal("AH 9C KD  KS 8C 6D", rules=DOUBLES)
    run(deal, "ann stake 2; bob stake 3")
    assert {banker.doubles(deal) for _ in range(40)} == {True, False}


# V8: burning -------------------------------------------------------------------------------------


def test_V8_a_hard_13_burns_to_the_bottom_and_two_new_cards_come_face_down() -> None:
    deal = make_deal("7S 9C 9D  6H 8C 8D  TH 9H", rules=BURN_13)
    run(deal, "ann stake 2; bob stake 3")
    assert [a.action for a in deal.legal_actions()] == ["buy", "twist", "burn"]
    pack_before = len(deal.pack)
    event = deal.burn("ann", 1)
    assert event == Decision("ann", 1, "burn")
    h = deal.hands["ann"][0]
    assert (texts(h.cards), h.stake, h.low, h.has_ace, h.up_cards) == ("TH 9H", 2, 19, False, 0)
    assert texts(list(deal.pack)[-2:]) == "7S 6H"  # the order dealt (T8.1's order, V8)
    assert len(deal.pack) == pack_before
    assert deal.events[-5:] == [
        Decision("ann", 1, "burn"),
        CardDealt("ann", 1, deal.events[-4].card, True),  # shown
        CardDealt("ann", 1, deal.events[-3].card, True),
        CardDealt("ann", 1, h.cards[0], False),
        CardDealt("ann", 1, h.cards[1], False),
    ]
    assert texts([e.card for e in deal.events[-4:-2]]) == "7S 6H"  # type: ignore[union-attr]
    assert not deal.can("burn", "ann", 1)


@pytest.mark.parametrize(
    ("rules", "first", "second", "reason"),
    [
        (BURN_13, "AS", "2S", "cannot burn AS 2S: only a hard 13 burns"),  # soft 13
        (BURN_13, "9S", "5S", "cannot burn 9S 5S: only a hard 13 burns"),
        (BURN_14, "7S", "6S", "cannot burn 7S 6S: only a hard 14 burns"),
        (BURN_14, "AS", "3S", "cannot burn AS 3S: only a hard 14 burns"),  # soft 14
        (RULES, "7S", "6S", "cannot burn: these rules have no burning (burn_on)"),
    ],
)
def test_V8_only_a_hard_burn_on_total_burns(
    rules: Rules, first: str, second: str, reason: str
) -> None:
    deal = make_deal(f"{first} 9C 9D  {second} 8C 8D", rules=rules)
    run(deal, "ann stake 2; bob stake 3")
    err = raised(deal.act, "ann", 1, "burn")
    assert (err.reason, err.rule) == (reason, "V8")
    assert "burn" not in [a.action for a in deal.legal_actions()]


def test_V8_a_hard_14_burns_with_burn_on_14() -> None:
    deal = make_deal("8S 9C 9D  6H 8C 8D  TH 9H", rules=BURN_14)
    run(deal, "ann stake 2; bob stake 3; ann burn")
    assert texts(deal.hands["ann"][0].cards) == "TH 9H"


def test_V8_only_the_first_two_cards_and_only_in_turn() -> None:
    deal = make_deal("7S 9C 9D  6H 8C 8D  AC", rules=BURN_13)
    run(deal, "ann stake 2; bob stake 3")
    err = raised(deal.burn, "bob", 1)
    assert str(err) == "bob, hand 1: cannot burn: it is ann's hand 1 (T3.1)"
    run(deal, "ann twist")  # 7-6-A: 14 (or 24)
    err = raised(deal.burn, "ann", 1)
    assert str(err) == "ann, hand 1: cannot burn: only a hand's first two cards burn (V8)"


def test_V8_burning_again_and_a_pontoon_after_a_burn_stops_by_itself() -> None:
    deal = make_deal("7S 9C 9D  6H 8C 8D  8H 5D AS KS", rules=BURN_13)
    run(deal, "ann stake 2; bob stake 3; ann burn")
    assert texts(deal.hands["ann"][0].cards) == "8H 5D" and deal.can("burn", "ann", 1)
    run(deal, "ann burn")
    h = deal.hands["ann"][0]
    assert (texts(h.cards), h.done) == ("AS KS", True)  # T5.1
    assert deal.actor == ("bob", 1)
    assert texts(list(deal.pack)[-4:]) == "7S 6H 8H 5D"


def test_V8_each_split_hand_may_burn() -> None:
    deal = make_deal("8S 9C 9D  8H TC 8C  5S 3D KD 9H", rules=BURN_13)
    run(deal, "ann stake 2; bob stake 1; ann split")
    assert deal.can("burn", "ann", 1) and texts(deal.hands["ann"][0].cards) == "8S 5S"
    run(deal, "ann burn")
    assert [texts(h.cards) for h in deal.hands["ann"]] == ["KD 9H", "8H 3D"]
    assert [h.stake for h in deal.hands["ann"]] == [2, 2]


def test_V8_the_default_punter_burns_whenever_he_may() -> None:
    deal = make_deal("7S 9C 9D  6H 8C 8D", rules=BURN_13)
    run(deal, "ann stake 2; bob stake 3")
    assert DefaultStrategy().play(deal, "ann", 1) == ("burn", None)
    plain = make_deal("7S 9C 9D  6H 8C 8D")
    run(plain, "ann stake 2; bob stake 3")
    assert DefaultStrategy().play(plain, "ann", 1)[0] != "burn"


def test_V8_T8_5_no_burn_when_the_pack_holds_only_the_cards_to_be_burnt() -> None:
    deal = make_deal(rules=BURN_13, pack=parse_cards("7S 9C 9D  6H 8C 8D"))  # the pack is out
    run(deal, "ann stake 2; bob stake 3")
    assert [a.action for a in deal.legal_actions()] == ["buy", "twist"]
    err = raised(deal.burn, "ann", 1)
    assert str(err) == (
        "ann, hand 1: cannot burn: a burn deals two new cards and the pack holds 0 this hand "
        "has not burnt (V8)"
    )
    assert DefaultStrategy().play(deal, "ann", 1)[0] != "burn"
    run(deal, "ann twist")  # a card needed from an empty pack (T8.5)
    assert deal.void and deal.phase is Phase.END


def test_V8_a_hand_burns_only_into_cards_it_has_not_burnt_so_burning_ends() -> None:
    # the pack after the deal holds 6H 7C: 5S 8H burns into 6H 7C, which would burn back into
    # 5S 8H, and so on for ever; the second burn finds no new card and is refused
    deal = make_deal(rules=BURN_13, pack=parse_cards("5S 9C 9D  8H 8C 8D  6H 7C"))
    run(deal, "ann stake 2; bob stake 3; ann burn")
    assert texts(deal.hands["ann"][0].cards) == "6H 7C" and texts(deal.pack) == "5S 8H"
    assert deal.burn_fresh() == 0 and not deal.can("burn", "ann", 1)
    assert raised(deal.burn, "ann", 1).reason.endswith("the pack holds 0 this hand has not burnt")
    run(deal, "ann twist")  # 5S: 18
    assert texts(deal.hands["ann"][0].cards) == "6H 7C 5S"


def test_V8_one_card_not_yet_burnt_is_not_two() -> None:
    deal = make_deal(rules=BURN_13, pack=parse_cards("5S 9C 9D  8H 8C 8D  6H"))
    run(deal, "ann stake 2; bob stake 3")
    assert deal.burn_fresh() == 1
    assert raised(deal.burn, "ann", 1).reason.endswith("the pack holds 1 this hand has not burnt")


def test_V8_the_next_hand_may_burn_into_another_hands_burnt_cards() -> None:
    deal = make_deal(rules=BURN_13, pack=parse_cards("5S 6S 9D  8H 7H 8D  9H 7C"))
    run(deal, "ann stake 2; bob stake 3; ann burn; ann stick")
    assert texts(deal.pack) == "5S 8H" and deal.burn_fresh() == 2  # new to bob
    run(deal, "bob burn")
    assert texts(deal.hands["bob"][0].cards) == "5S 8H"


SEED_71 = "play --seed 71 --deals 4 --players 22 --set packs=1 --set burn_on=13".split()  # noqa: SIM905


def test_V8_a_crowded_one_pack_table_that_burnt_for_ever_ends_and_replays(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    proc = subprocess.run(
        [sys.executable, "-m", "pontoon_cli", *SEED_71, "--out", str(out)],
        capture_output=True,
        timeout=30,  # it takes well under a second; burning for ever filled the memory
        check=False,
    )
    assert (proc.returncode, proc.stderr) == (
        0,
        b"pontoon: 4 deals written to " + bytes(out) + b"\n",
    )
    recs = records(out.read_bytes())
    # deal 4: p1's hard 13 burns three times, until the pack holds only cards he burnt; he twists
    p1 = [d["action"] for d in recs[4]["decisions"] if d["player"] == "p1"]
    assert p1 == ["stake", "burn", "burn", "burn", "twist", "stick"]
    code, found, err = replay(tmp_path, out.read_bytes())
    assert (code, found) == (0, []), err
    # a fourth burn in the log is refused by replay as by play
    i = next(
        i
        for i, d in enumerate(recs[4]["decisions"])
        if d == {"player": "p1", "hand": 1, "action": "twist"}
    )
    recs[4]["decisions"].insert(i, {"player": "p1", "hand": 1, "action": "burn"})
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert (found[0]["line"], found[0]["field"], found[0]["rule"]) == (5, f"decisions[{i}]", "V8")
    assert "the pack holds 0 this hand has not burnt" in found[0]["expected"]


# the log and replay ------------------------------------------------------------------------------


def _log(strategy: str, deals: int, **settings: Any) -> bytes:
    return play_log(
        7, deals=deals, players=4, strategy=strategy, rules=RULES.with_overrides(settings)
    )


@pytest.mark.parametrize("strategy", ["default", "random"])
@pytest.mark.parametrize(
    "settings",
    [{"banker_doubles": True}, {"burn_on": 13}, {"burn_on": 14, "banker_doubles": True}],
    ids=["V3", "V8-13", "V3-V8-14"],
)
def test_V3_V8_seeded_runs_replay_clean(
    tmp_path: Path, strategy: str, settings: dict[str, Any]
) -> None:
    log = _log(strategy, 500, **settings)
    code, found, err = replay(tmp_path, log)
    assert (code, found) == (0, []), err
    assert "500 deals verified, 0 with divergences" in err
    words = {d["action"] for r in records(log)[1:] for d in r["decisions"]}
    if "burn_on" in settings:
        assert "burn" in words
    if "banker_doubles" in settings:
        assert {"double", "no_double"} <= words


def test_V3_V8_logs_validate_against_the_schema() -> None:
    assert validate_log(_log("random", 60, banker_doubles=True, burn_on=13)) == 61


def test_V3_V8_an_older_header_without_the_new_settings_replays(tmp_path: Path) -> None:
    recs = records(play_log(7, deals=20, players=4))
    del recs[0]["rules"]["banker_doubles"], recs[0]["rules"]["burn_on"]
    code, found, err = replay(tmp_path, dump(recs))
    assert (code, found) == (0, []), err


def _first(recs: list[dict[str, Any]], action: str, rules: tuple[str, ...] = ()) -> tuple[int, int]:
    """(record, decision) index of the first decision ``action`` in a deal where some hand was
    settled under one of ``rules`` (any deal when none are given)."""
    for r, rec in enumerate(recs[1:], 1):
        if rules and not any(h["rule"] in rules for h in rec["hands"]):
            continue
        for i, d in enumerate(rec["decisions"]):
            if d["action"] == action:
                return r, i
    raise AssertionError(action)


def test_V3_a_double_recorded_as_no_double_is_caught_with_V3(tmp_path: Path) -> None:
    recs = records(_log("default", 60, banker_doubles=True))
    r, i = _first(recs, "double", ("V3",))
    recs[r]["decisions"][i]["action"] = "no_double"
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert found[0]["line"] == r + 1 and found[0]["field"].startswith("hands[")
    assert found[0]["rule"] == "V3"
    assert found[0]["recorded"] == 2 * found[0]["expected"]


def test_V3_a_no_double_recorded_as_double_is_caught_with_V3(tmp_path: Path) -> None:
    recs = records(_log("default", 60, banker_doubles=True))
    r, i = _first(recs, "no_double", ("T7.1", "T2.6"))
    recs[r]["decisions"][i]["action"] = "double"
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert found[0]["line"] == r + 1 and found[0]["field"].startswith("hands[")
    assert found[0]["rule"] == "V3"
    assert found[0]["expected"] == 2 * found[0]["recorded"]


def test_V3_a_double_where_the_rules_have_none_is_caught_with_V3(tmp_path: Path) -> None:
    recs = records(play_log(7, deals=5, players=4))
    banker = recs[1]["banker"]
    at = next(i for i, d in enumerate(recs[1]["decisions"]) if d["player"] == banker)
    recs[1]["decisions"].insert(at, {"player": banker, "hand": 1, "action": "double"})
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert found[0]["field"] == f"decisions[{at}]" and found[0]["rule"] == "V3"
    assert found[0]["expected"] == "cannot double: these rules have no banker's double"


def test_V3_a_missing_double_decision_is_caught_with_V3(tmp_path: Path) -> None:
    recs = records(_log("default", 5, banker_doubles=True))
    banker = recs[1]["banker"]
    del recs[1]["decisions"][3]  # the banker's double or not, after three stakes
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert (found[0]["expected"], found[0]["rule"]) == (
        f"{banker} (the banker) to double or not",
        "V3",
    )


def test_V8_a_burn_where_none_is_allowed_is_caught_with_V8(tmp_path: Path) -> None:
    recs = records(_log("default", 60, burn_on=13))
    r, i = _first(recs, "burn")
    # the same burn, on a hand that is not a hard 13: change burn_on to 14 in the header
    recs[0]["rules"]["burn_on"] = 14
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert (found[0]["line"], found[0]["field"], found[0]["rule"]) == (
        r + 1,
        f"decisions[{i}]",
        "V8",
    )
    assert "only a hard 14 burns" in found[0]["expected"]


def test_V8_a_changed_burnt_card_is_caught_with_V8(tmp_path: Path) -> None:
    recs = records(_log("default", 60, burn_on=13))
    r, _ = _first(recs, "burn")
    cards = recs[r]["cards"]
    k = next(k for k, c in enumerate(cards) if c["up"] and c["player"] != recs[r]["banker"])
    cards[k]["card"] = "AS" if cards[k]["card"] != "AS" else "AH"
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert (found[0]["field"], found[0]["rule"]) == (f"cards[{k}].card", "V8")


def test_V8_a_burn_left_out_is_caught(tmp_path: Path) -> None:
    recs = records(_log("default", 60, burn_on=13))
    r, i = _first(recs, "burn")
    del recs[r]["decisions"][i]
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1 and found[0]["line"] == r + 1


def test_V8_burnt_cards_go_to_the_bottom_before_the_deals_cards_T8_1() -> None:
    # v8-burn-hard-13.toml: ann burns 7S 6H, then 8D 5S; she sticks on TH 9H; bob 9D 4C twists
    # 5D; carl stays on 9C 8C
    deal = make_deal("7S 9D 9C  6H 4C 8C  8D 5S TH 9H  5D", rules=BURN_13)
    run(deal, "ann stake 2; bob stake 1; ann burn; ann burn; ann stick; bob twist; bob stick")
    run(deal, "carl stay")
    assert deal.phase is Phase.END and not deal.pontoon_in_deal
    assert texts(list(deal.pack)[-11:]) == "7S 6H 8D 5S TH 9H 9D 4C 5D 9C 8C"
    assert len(deal.pack) == 52


def test_V3_V8_the_scenario_files_log_what_they_say(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2] / "scenarios"
    log = play_scenario(root / "v8-burn-hard-13.toml")
    deal = records(log)[1]
    shown = [c["card"] for c in deal["cards"] if c["up"] and c["player"] == "ann"]
    assert shown == ["7S", "6H", "8D", "5S"]
    assert deal["pack"].startswith("7S 9D 9C 6H 4C 8C 8D 5S TH 9H 5D ")
    log = play_scenario(root / "v3-banker-doubles.toml")
    first, second = records(log)[1:]
    assert [d["action"] for d in first["decisions"] if d["player"] == "cal"] == ["double", "stay"]
    assert [d["action"] for d in second["decisions"] if d["player"] == "bob"] == [
        "no_double",
        "stay",
    ]
    assert first["net"] == {"ann": 4, "bob": 6, "dan": -2, "cal": -8}


DOUBLE_SCRIPT = """\
name = "the banker's double in a script"
rules = {{ preset = "traditional", banker_doubles = true }}
seed = 1
strategy = "strict"
banker_strategy = "{banker_strategy}"

[table]
players = ["ann", "cal"]
banker = "cal"
bankroll = 100

[[deal]]
pack = "TH AD 9D 6C"
stakes = {{ ann = 2 }}
ann = ["stick"]
{banker}
"""


@pytest.mark.parametrize(
    ("banker_strategy", "banker", "words"),
    [
        ("strict", 'banker = ["stay"]', ["no_double", "stay"]),  # not "double": no double
        ("strict", 'banker = ["no_double", "stay"]', ["no_double", "stay"]),
        ("strict", 'banker = ["double", "stay"]', ["double", "stay"]),
        ("default", "", ["double"]),  # the script ran out: an ace first, he doubles
    ],
)
def test_V3_a_scenario_banker_doubles_only_when_his_next_word_is_double(
    tmp_path: Path, banker_strategy: str, banker: str, words: list[str]
) -> None:
    path = tmp_path / "double.toml"
    path.write_text(DOUBLE_SCRIPT.format(banker_strategy=banker_strategy, banker=banker))
    (deal,) = records(play_scenario(path))[1:]
    cal = [d["action"] for d in deal["decisions"] if d["player"] == "cal"]
    assert cal[: len(words)] == words
    if banker_strategy == "strict":
        assert deal["net"]["ann"] == (4 if words[0] == "double" else 2)  # T-9 beats A-6 (17)


def test_V3_a_doubled_bust_cites_T5_6_in_the_log_and_the_docs_say_so() -> None:
    recs = records(_log("default", 60, banker_doubles=True))
    doubled = [r for r in recs[1:] if any(d["action"] == "double" for d in r["decisions"])]
    busts = [h for r in doubled for h in r["hands"] if h["class"] == "bust"]
    assert busts and all((h["rule"], h["net"]) == ("T5.6", -2 * h["stake"]) for h in busts)
    # an ordinary win or loss there cites V3, at 2 x the stake
    hands = [h for r in doubled for h in r["hands"]]
    assert any((h["rule"], abs(h["net"])) == ("V3", 2 * h["stake"]) for h in hands)
    said = "a bust's loss is doubled too and cites T5.6"
    root = Path(__file__).resolve().parents[2]
    assert said in (root / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "a bust stays `T5.6`" in (root / "docs" / "log-format.md").read_text(encoding="utf-8")
