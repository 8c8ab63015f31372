"""V6 royal pontoon and V7 pontoon grades: the class and grade of a hand (hands.rate), what the
engine does with them (T4.4, T5.1, T8.2, T8.3), the settings, and replay verifying them.

Seats ann, bob, carl; carl banks, so the deal order is ann, bob, carl, then again ann, bob, carl.
The settlement table's V6 and V7 rows are in test_settle.py; the stories in scenarios/v6-*.toml and
scenarios/v7*.toml.
"""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.engine import RULES, make_deal, run
from support.logs import play_log, play_scenario, records, validate_log
from support.replay import Record, dump, first, replay
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.cards import parse_cards
from pontoon_cli.core.errors import RulesError
from pontoon_cli.core.hands import HandClass, classify, rate
from pontoon_cli.core.rules import Rules, Table, balance_bound
from pontoon_cli.traditional.engine import Phase

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
ROYAL, P, T21, TOT, BUST = (
    HandClass.ROYAL_PONTOON,
    HandClass.PONTOON,
    HandClass.TWENTY_ONE,
    HandClass.TOTAL,
    HandClass.BUST,
)


def rated(text: str, royal: bool, grades: str, punter: bool = True) -> tuple[HandClass, int]:
    cards = parse_cards(text)
    return rate(classify(cards), cards, royal, grades, punter)


# hands.rate: the class and the grade ------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "royal", "punter", "cls"),
    [
        ("7S 7H 7D", True, True, ROYAL),  # V6: a punter's 7-7-7
        ("7S 7H 7D", True, False, T21),  # the banker's 7-7-7 is a 21
        ("7S 7H 7D", False, True, T21),  # V6 off: a 21 in three cards (T2.3)
        ("7S 7H 6D AC", True, True, T21),  # 21 in four cards is no royal pontoon
        ("7S 7H 7D 7C", True, True, BUST),
        ("7S 7H", True, True, TOT),
        ("AS KH", True, True, P),  # V6 leaves pontoons as they are
    ],
)
def test_V6_only_a_punters_three_sevens_are_a_royal_pontoon(
    cards: str, royal: bool, punter: bool, cls: HandClass
) -> None:
    assert rated(cards, royal, "none", punter) == (cls, 0)


@pytest.mark.parametrize(
    ("grades", "cards", "cls", "grade"),
    [
        ("none", "AS TH", P, 0),
        ("none", "AS KH", P, 0),
        ("picture-beats-ten", "AS TH", P, 1),  # (a)
        ("picture-beats-ten", "TH AS", P, 1),
        ("picture-beats-ten", "AS JH", P, 2),
        ("picture-beats-ten", "KH AS", P, 2),
        ("ten-is-21", "AS TH", T21, 0),  # (b): only a two-card 21
        ("ten-is-21", "TH AS", T21, 0),
        ("ten-is-21", "AS JH", P, 0),
        ("royal-beats-jack", "AS TH", P, 1),  # (c)
        ("royal-beats-jack", "AS JH", P, 1),
        ("royal-beats-jack", "AS QH", P, 2),
        ("royal-beats-jack", "KS AH", P, 2),
        ("picture-beats-ten", "9S AH", TOT, 0),  # a grade is for pontoons only
        ("royal-beats-jack", "AS 5H 5D", T21, 0),
    ],
)
def test_V7_the_grade_of_a_pontoon(grades: str, cards: str, cls: HandClass, grade: int) -> None:
    assert rated(cards, False, grades) == (cls, grade)
    assert rated(cards, False, grades, punter=False) == (cls, grade)  # the banker's the same


# the engine ---------------------------------------------------------------------------------------

V6 = RULES.with_overrides({"royal_pontoon": True})


def grades(value: str) -> Rules:
    return RULES.with_overrides({"pontoon_grades": value})


def test_V6_a_split_hands_seven_seven_seven_is_a_royal_pontoon_paid_three_stakes() -> None:
    rules = V6.with_overrides({"packs": 2})
    deal = make_deal("7S 9C TD  7H 9D 8D  7D 2C 7C TC", rules=rules)
    run(deal, "ann stake 2; bob stake 2; ann split")  # [7S 7D] [7H 2C]
    run(deal, "ann:1 twist")  # 7C: 7-7-7, a hard 21, stops by itself (T5.8)
    run(deal, "ann:2 twist; ann:2 stick; bob stick; carl stay")  # 7-2-T 19; bob 18; carl 18
    ann = deal.hands["ann"]
    assert [(h.cls, h.net, h.rule) for h in ann] == [(ROYAL, 6, "V6"), (TOT, 2, "T7.1")]
    assert deal.nets == {"ann": 8, "bob": -2, "carl": -6}
    # a royal pontoon is not a pontoon for T8.2 and T8.3: no shuffle, the bank stays
    assert (deal.pontoon_in_deal, deal.next_banker) == (False, "carl")


def test_V6_the_bankers_seven_seven_seven_is_only_a_21() -> None:
    deal = make_deal("TH 9C 7D  9H 9D 7S  7C", rules=V6)
    run(deal, "ann stake 2; bob stake 2; ann stick; bob stick; carl draw")  # 7-7-7: stops
    assert (deal.phase, deal.banker_hand.cls) == (Phase.END, T21)
    assert deal.nets == {"ann": -2, "bob": -2, "carl": 4}


V6_BANKER_777_AGAINST_A_PONTOON = """
rules = { preset = "traditional", royal_pontoon = true }
strategy = "strict"

[table]
players = ["ann", "bob", "cal"]
banker = "cal"
bankroll = 100

[[deal]]
pack = "AH TC 7H KD 9C 7D 7S"  # ann A-K, a pontoon; bob T-9; cal 7-7, draws 7S
stakes = { ann = 2, bob = 3 }
bob = ["stick"]
banker = ["draw"]

[deal.expect]
net = { ann = 4, bob = -3, cal = -1 }  # a pontoon beats the banker's 21, paid 2 x stake (T4.4)
banker_class = "twenty-one"
"""


def test_V6_replay_settles_the_bankers_seven_seven_seven_again_as_a_21(tmp_path: Path) -> None:
    # the banker's 7-7-7 is a 21 (V6: only a punter's is royal), which ann's pontoon beats; replay
    # settles every hand again (the cross-check) and agrees, so the log verifies
    scenario = tmp_path / "v6.toml"
    scenario.write_text(V6_BANKER_777_AGAINST_A_PONTOON)
    log = play_scenario(scenario)
    deal = records(log)[1]
    assert deal["banker_hand"] == {"cards": "7H 7D 7S", "class": "twenty-one", "total": 21}
    assert deal["net"] == {"ann": 4, "bob": -3, "cal": -1}
    code, found, said = replay(tmp_path, log)
    assert (code, found) == (0, [])
    assert said.startswith("pontoon replay: 1 deal verified, 0 with divergences")


def test_V6_a_royal_pontoon_in_a_void_deal_keeps_its_class_and_gets_its_stake_back() -> None:
    pack = parse_cards("7H 9C 2D  7D 3C 3D  7S")  # seven cards: bob's twist finds none (T8.5)
    deal = make_deal(pack=pack, rules=V6)
    run(deal, "ann stake 2; bob stake 3; ann twist; bob twist")
    assert deal.void and deal.phase is Phase.END
    ann = deal.hands["ann"][0]
    assert (ann.cls, ann.net, ann.rule) == (ROYAL, 0, "T8.5")
    assert deal.banker_hand.cls is TOT


def test_V7_b_a_punters_ace_and_ten_is_not_declared_it_is_a_soft_21() -> None:
    deal = make_deal("AS 9C 7D  TH 8C TD  5C", rules=grades("ten-is-21"))
    run(deal, "ann stake 2; bob stake 2")
    assert deal.actor == ("ann", 1)  # asked, as any soft 21 is (T5.8), not declared (T5.1)
    assert [a.action for a in deal.legal_actions()] == ["buy", "twist", "stick"]
    run(deal, "ann twist")  # A-T-5: 16
    assert deal.hands["ann"][0].total == 16
    plain = make_deal("AS 9C 7D  TH 8C TD  5C")
    run(plain, "ann stake 2; bob stake 2")
    assert plain.actor == ("bob", 1)  # T5.1: ann's pontoon is declared by itself


def test_V7_b_the_bankers_ace_and_ten_is_no_bankers_pontoon() -> None:
    deal = make_deal("9H 9C AD  9S 8C TD", rules=grades("ten-is-21"))
    run(deal, "ann stake 2; bob stake 3")
    assert (deal.phase, deal.banker_pontoon) == (Phase.PUNTERS, False)  # T4.4 does not apply
    run(deal, "ann stick; bob stick; carl stay")  # 18, 17 against the banker's two-card 21
    assert deal.banker_hand.cls is T21
    assert deal.nets == {"ann": -2, "bob": -3, "carl": 5}


@pytest.mark.parametrize(
    ("ten", "cls", "net", "shuffled", "next_banker"),
    [("TH", T21, 2, False, "carl"), ("JH", P, 4, True, "ann")],
)
def test_V7_b_an_ace_and_ten_neither_shuffles_nor_takes_the_bank(
    ten: str, cls: HandClass, net: int, shuffled: bool, next_banker: str
) -> None:
    deal = make_deal(f"AS 9C 9D  {ten} 9S 9H", rules=grades("ten-is-21"))
    run(deal, "ann stake 2; bob stake 2")
    if cls is T21:
        run(deal, "ann stick")
    run(deal, "bob stick; carl stay")  # bob 18, carl 18
    assert (deal.hands["ann"][0].cls, deal.hands["ann"][0].net) == (cls, net)
    assert (deal.pontoon_in_deal, deal.next_banker) == (shuffled, next_banker)  # T8.2, T8.3


@pytest.mark.parametrize(
    ("setting", "nets", "next_banker"),
    [
        ("none", {"ann": -4, "bob": -6, "carl": 10}, "carl"),  # T4.4 as it stands
        ("picture-beats-ten", {"ann": 4, "bob": 6, "carl": -10}, "ann"),  # J, K over the 10
        ("royal-beats-jack", {"ann": -4, "bob": 6, "carl": -2}, "bob"),  # K over the 10; J not
    ],
)
def test_V7_a_higher_grade_beats_the_bankers_pontoon_and_takes_the_bank(
    setting: str, nets: dict[str, int], next_banker: str
) -> None:
    deal = make_deal("AS AC AD  JH KH TD", rules=grades(setting))
    run(deal, "ann stake 2; bob stake 3")
    assert deal.phase is Phase.END  # the banker's pontoon still ends the deal (T4.4)
    assert deal.nets == nets
    assert deal.next_banker == next_banker  # T8.3 follows the grade


@pytest.mark.parametrize(
    ("setting", "next_banker"),
    [("none", "ann"), ("picture-beats-ten", "ann"), ("royal-beats-jack", "bob")],
)
def test_V7_T8_3_of_several_pontoons_the_highest_grade_takes_the_bank(
    setting: str, next_banker: str
) -> None:
    deal = make_deal("AS AC 9D  JH KH 9H", rules=grades(setting))
    run(deal, "ann stake 2; bob stake 3; carl stay")
    assert deal.nets == {"ann": 4, "bob": 6, "carl": -10}  # both paid as pontoons (T7)
    assert deal.next_banker == next_banker  # equal grades: the first from the banker's left


# the settings ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (
            {"pontoon_grades": "picture"},
            "rule setting 'pontoon_grades': 'picture' is not one of none, picture-beats-ten, "
            "ten-is-21, royal-beats-jack (V7)",
        ),
        ({"pontoon_grades": None}, "rule setting 'pontoon_grades': None is not a word (V7)"),
        ({"royal_pontoon": 1}, "rule setting 'royal_pontoon': 1 is not true or false (V6)"),
    ],
)
def test_V6_V7_bad_settings_are_refused_with_the_rule(
    overrides: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError) as info:
        Rules().with_overrides(overrides)
    assert str(info.value) == message


def test_V6_V7_settings_are_shown_with_their_rule_ids() -> None:
    result = CliRunner().invoke(app, ["rules", "traditional", "--json"])
    assert result.exit_code == 0
    shown = {s["name"]: s for s in orjson.loads(result.stdout)["settings"]}
    assert (shown["royal_pontoon"]["value"], shown["royal_pontoon"]["rules"]) == (False, ["V6"])
    assert (shown["pontoon_grades"]["value"], shown["pontoon_grades"]["rules"]) == ("none", ["V7"])


@pytest.mark.parametrize("word", ["none", "ten-is-21"])
def test_V7_set_takes_the_word_as_written(word: str) -> None:
    result = CliRunner().invoke(
        app, ["play", "--seed", "1", "--deals", "1", "--set", f"pontoon_grades={word}"]
    )
    assert result.exit_code == 0, result.stderr
    assert records(result.stdout_bytes)[0]["rules"]["pontoon_grades"] == word


def test_V6_the_balance_bound_counts_a_royal_pontoons_three_stakes() -> None:
    tab = Table.build(["a", "b"], bankroll=0, max_stake=5)
    assert balance_bound(RULES, tab, 1) == 1 * 4 * 7 * 5 * 2
    assert balance_bound(V6, tab, 1) == 1 * 4 * 7 * 5 * 3


# replay verifies them ----------------------------------------------------------------------------

SEEDED = [
    {"royal_pontoon": True},
    {"pontoon_grades": "picture-beats-ten"},
    {"pontoon_grades": "ten-is-21"},
    {"pontoon_grades": "royal-beats-jack"},
    {"royal_pontoon": True, "pontoon_grades": "ten-is-21", "pontoon_pays": 3},
]


@pytest.mark.parametrize(
    "overrides", SEEDED, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_V6_V7_seeded_games_replay_clean(tmp_path: Path, overrides: dict[str, object]) -> None:
    log = play_log(7, deals=300, players=6, rules=RULES.with_overrides(overrides))
    assert validate_log(log) == 301
    code, found, err = replay(tmp_path, log)
    assert (code, found) == (0, []), err


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(0, 2**53 - 1),
    royal=st.booleans(),
    grading=st.sampled_from(["none", "picture-beats-ten", "ten-is-21", "royal-beats-jack"]),
    strategy=st.sampled_from(["default", "random"]),
)
def test_V6_V7_any_seed_replays_and_conserves_money(
    tmp_path: Path, seed: int, royal: bool, grading: str, strategy: str
) -> None:
    rules = RULES.with_overrides({"royal_pontoon": royal, "pontoon_grades": grading})
    log = play_log(seed, deals=40, players=5, strategy=strategy, rules=rules)
    recs = records(log)
    assert all(sum(r["net"].values()) == 0 for r in recs[1:])  # T7: no money made or lost
    code, found, err = replay(tmp_path, log)
    assert (code, found) == (0, []), err


def scenario(name: str) -> list[Record]:
    return records(play_scenario(SCENARIOS / f"{name}.toml"))


def test_V6_a_royal_pontoons_payout_changed_is_caught(tmp_path: Path) -> None:
    recs = scenario("v6-royal-pontoon")
    hand = recs[1]["hands"][0]
    assert (hand["class"], hand["net"], hand["rule"]) == ("royal-pontoon", 6, "V6")
    hand["net"] = -2  # what a 21 against the banker's 21 would pay (T2.6)
    found = first(tmp_path, recs)
    assert (found["line"], found["deal"], found["player"], found["hand"]) == (2, 1, "ann", 1)
    assert (found["field"], found["recorded"], found["expected"]) == ("hands[0].net", -2, 6)
    assert found["rule"] == "V6"


def test_V6_a_royal_pontoon_in_a_log_without_the_setting_is_caught(tmp_path: Path) -> None:
    recs = scenario("v6-royal-pontoon")
    recs[0]["rules"]["royal_pontoon"] = False
    found = first(tmp_path, recs)
    assert (found["field"], found["recorded"], found["expected"]) == (
        "hands[0].class",
        "royal-pontoon",
        "twenty-one",
    )


def test_V7_a_grade_decided_result_changed_is_caught(tmp_path: Path) -> None:
    recs = scenario("v7a-picture-beats-ten")
    hand = recs[1]["hands"][0]
    assert (hand["player"], hand["net"], hand["rule"]) == ("ann", 4, "V7")
    hand["net"] = -4  # as if the banker's A-10 had beaten her A-K (T4.4)
    found = first(tmp_path, recs)
    assert (found["line"], found["deal"], found["player"], found["hand"]) == (2, 1, "ann", 1)
    assert (found["field"], found["recorded"], found["expected"]) == ("hands[0].net", -4, 4)
    assert found["rule"] == "V7"


def test_V7_the_next_banker_by_grade_changed_is_caught(tmp_path: Path) -> None:
    recs = scenario("v7a-picture-beats-ten")
    assert recs[2]["next_banker"] == "cal"  # A-Q over A-10, though bob sits first
    recs[2]["next_banker"] = "bob"
    found = first(tmp_path, recs)
    assert (found["line"], found["field"], found["recorded"], found["expected"]) == (
        3,
        "next_banker",
        "bob",
        "cal",
    )
    assert found["rule"] == "T8.3"


def test_V7_a_grades_log_replayed_without_its_setting_diverges(tmp_path: Path) -> None:
    recs = scenario("v7c-royal-beats-jack")
    del recs[0]["rules"]["pontoon_grades"]  # read as the default: no grades
    found = first(tmp_path, recs)
    assert (found["field"], found["recorded"], found["expected"], found["rule"]) == (
        "hands[0].net",
        4,
        -4,
        "T4.4",
    )


def test_an_older_header_without_the_V6_V7_settings_replays(tmp_path: Path) -> None:
    recs = records(play_log(7, deals=40))
    for key in ("royal_pontoon", "pontoon_grades"):
        del recs[0]["rules"][key]
    code, found, err = replay(tmp_path, dump(recs))
    assert (code, found) == (0, []), err
