"""`pontoon replay`: played logs verify; every kind of tampering is caught at the right line and
field; a minimal log, as a third party writes it, verifies. Unreadable input is in
test_replay_schema.py, every number of a record in test_replay_numbers.py, the command's files,
stdin, .gz, --json and --fail-fast in test_replay_cli.py."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.logs import play_log, play_scenario, records, scenario_files
from support.replay import (
    BASE,
    BASE_LOG,
    STACKED_SALE,
    Record,
    base,
    dump,
    first,
    minimal,
    replay,
    replay_bytes,
)
from typer.testing import CliRunner

from pontoon_cli.replay.run import Divergence

runner = CliRunner()


HEADER_SEATS = BASE[0]["table"]["seats"]


def find(recs: list[Record], test: Callable[[Record], bool], start: int = 1) -> int:
    """The index (= line - 1) of the first record from ``start`` that passes ``test``."""
    return next(i for i, r in enumerate(recs) if i >= start and test(r))


# played logs verify ------------------------------------------------------------------------------


def test_the_base_log_verifies(tmp_path: Path) -> None:
    code, found, err = replay(tmp_path, BASE_LOG)
    assert (code, found) == (0, [])
    assert err.strip() == (
        "pontoon replay: 12 deals verified, 0 with divergences; 13 lines read from 1 file"
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**53 - 1),  # a log's integers stay within I-JSON's range
    strategy=st.sampled_from(["default", "random"]),
    banker=st.sampled_from(["default", "random"]),
    players=st.integers(2, 10),
    deals=st.integers(1, 15),
)
def test_replay_of_play_verifies(
    seed: int, strategy: str, banker: str, players: int, deals: int
) -> None:
    log = play_log(seed, deals=deals, players=players, strategy=strategy, banker_strategy=banker)
    assert replay_bytes(log) == []


def test_long_random_games_with_small_bankrolls_verify() -> None:
    """Sitting out (T8.6), broke bankers and many shuffles, over many deals."""
    for seed in range(4):
        log = play_log(seed, deals=150, players=5, strategy="random", bankroll=15)
        assert replay_bytes(log) == []


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.name)
def test_scenario_logs_verify(tmp_path: Path, path: Path) -> None:
    log = play_scenario(path)
    if not log:
        pytest.skip(f"{path.name} writes no log")
    code, found, err = replay(tmp_path, log)
    assert (code, found) == (0, []), err


@pytest.fixture
def sale_log(tmp_path: Path) -> list[Record]:
    path = tmp_path / "sale.toml"
    path.write_text(STACKED_SALE)
    log = play_scenario(path)
    recs = records(log)
    assert [r["pack_state"] for r in recs[1:4]] == ["stacked", "stacked", "continued"]
    assert recs[3]["sale"] == {"seller": "cal", "buyer": "bob", "price": 5}
    return recs


def test_stacked_deals_and_a_sale_verify(tmp_path: Path, sale_log: list[Record]) -> None:
    code, found, _ = replay(tmp_path, dump(sale_log))
    assert (code, found) == (0, [])


# tampering is caught at the right line and field -------------------------------------------------


def test_a_changed_payout(tmp_path: Path) -> None:
    recs = base()
    hand = recs[3]["hands"][1]
    hand["net"] += 1
    d = first(tmp_path, recs)
    assert (d["line"], d["deal"], d["field"]) == (4, 3, "hands[1].net")
    assert (d["player"], d["hand"], d["recorded"], d["expected"]) == (
        hand["player"],
        hand["hand"],
        hand["net"],
        hand["net"] - 1,
    )
    assert d["rule"] == hand["rule"]


def test_a_changed_net(tmp_path: Path) -> None:
    recs = base()
    recs[5]["net"]["p1"] += 2
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["player"], d["hand"]) == (6, "net", "p1", None)
    assert d["recorded"] - d["expected"] == 2


def test_a_changed_balance(tmp_path: Path) -> None:
    recs = base()
    recs[7]["balance"]["p3"] -= 1
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    d = found[0]
    assert (d["line"], d["field"], d["player"], d["rule"]) == (8, "balance", "p3", "T7")
    assert d["expected"] - d["recorded"] == 1
    # The next deal starts from the recorded balance, so it shows the same step the other way.
    assert [(d["line"], d["field"], d["player"]) for d in found[1:]] == [(9, "balance", "p3")]


def test_a_changed_card(tmp_path: Path) -> None:
    recs = base()
    card = recs[2]["cards"][2]
    card["card"] = "AS" if card["card"] != "AS" else "KS"
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["rule"]) == (3, "cards[2].card", "T4.1")
    assert d["recorded"] == card["card"]


def test_a_card_dealt_to_the_wrong_player(tmp_path: Path) -> None:
    recs = base()
    card = recs[2]["cards"][0]
    card["player"] = "p3" if card["player"] != "p3" else "p2"
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["rule"]) == (3, "cards[0].player", "T4.1")


def test_a_decision_made_illegal(tmp_path: Path) -> None:
    recs = base()
    at = find(recs, lambda r: any(d["action"] == "buy" for d in r["decisions"]))
    decisions = recs[at]["decisions"]
    i, buy = next((i, d) for i, d in enumerate(decisions) if d["action"] == "buy")
    stake = next(
        d["amount"] for d in decisions if d["action"] == "stake" and d["player"] == buy["player"]
    )
    buy["amount"] = 2 * stake + 1  # T5.3: the 3rd card costs s to 2s
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["player"], d["rule"]) == (
        at + 1,
        f"decisions[{i}]",
        buy["player"],
        "T5.3",
    )
    assert d["recorded"] == f"buy {2 * stake + 1}"
    assert "the price must be from" in d["expected"]


def test_a_stick_below_fifteen(tmp_path: Path) -> None:
    recs = base()
    for at, rec in enumerate(recs[1:], 1):
        for i, dec in enumerate(rec["decisions"]):
            if dec["action"] != "twist":
                continue
            trial = copy.deepcopy(recs)
            trial[at]["decisions"][i] = {**dec, "action": "stick"}
            d = first(tmp_path, trial)
            if d["rule"] == "T5.5":
                assert (d["line"], d["field"]) == (at + 1, f"decisions[{i}]")
                assert d["recorded"] == "stick"
                assert d["expected"].startswith("cannot stick on ")
                return
    pytest.fail("no twist on a total under 15 in the base log")


def test_a_decision_out_of_turn(tmp_path: Path) -> None:
    recs = base()
    decisions = recs[2]["decisions"]
    decisions[0], decisions[1] = decisions[1], decisions[0]  # two stakes, wrong order
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["player"], d["rule"]) == (
        3,
        "decisions[0]",
        decisions[0]["player"],
        "T4.2",
    )
    assert d["expected"] == f"{decisions[1]['player']} to stake"


def test_a_decision_after_the_end(tmp_path: Path) -> None:
    recs = base()
    n = len(recs[4]["decisions"])
    recs[4]["decisions"].append({"player": recs[4]["banker"], "hand": 1, "action": "draw"})
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["expected"]) == (5, f"decisions[{n}]", "the deal is over")


def test_a_missing_decision(tmp_path: Path) -> None:
    recs = base()
    at = find(recs, lambda r: r["decisions"][-1]["action"] == "stay")
    last = recs[at]["decisions"].pop()
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["player"], d["rule"], d["missing"]) == (
        at + 1,
        f"decisions[{len(recs[at]['decisions'])}]",
        last["player"],
        "T6.2",
        True,
    )


def test_a_changed_split_amount(tmp_path: Path) -> None:
    recs = base()
    at = find(recs, lambda r: any(d["action"] == "split" for d in r["decisions"]))
    i, split = next((i, d) for i, d in enumerate(recs[at]["decisions"]) if d["action"] == "split")
    split["amount"] += 1
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["rule"]) == (at + 1, f"decisions[{i}]", "T5.2")


def test_two_deals_swapped(tmp_path: Path) -> None:
    recs = base()
    recs[3], recs[4] = recs[4], recs[3]
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert [(d["line"], d["field"], d["recorded"], d["expected"]) for d in found[:2]] == [
        (4, "deal", 4, 3),
        (5, "deal", 3, 5),
    ]


def test_a_deleted_deal(tmp_path: Path) -> None:
    recs = base()
    del recs[3]
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert [(d["line"], d["deal"], d["field"], d["expected"], d["rule"]) for d in found] == [
        (4, 4, "deal", 3, "T8")
    ]


def test_the_pack_order_between_deals(tmp_path: Path) -> None:
    recs = base()
    at = find(recs, lambda r: r["pack_state"] == "continued")
    cards = recs[at]["pack"].split()
    cards[5], cards[9] = cards[9], cards[5]
    recs[at]["pack"] = " ".join(cards)
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["rule"]) == (at + 1, "pack[5]", "T8.1")
    assert (d["recorded"], d["expected"]) == (cards[5], cards[9])


def test_a_pack_claimed_shuffled_without_a_pontoon(tmp_path: Path) -> None:
    recs = base()
    at = find(recs, lambda r: r["pack_state"] == "continued")
    recs[at]["pack_state"] = "shuffled"
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["recorded"], d["expected"], d["rule"]) == (
        at + 1,
        "pack_state",
        "shuffled",
        "continued",
        "T8.1",
    )


def test_a_pack_not_shuffled_after_a_pontoon(tmp_path: Path) -> None:
    recs = base()
    at = find(recs, lambda r: r["pack_state"] == "shuffled", start=2)
    recs[at]["pack_state"] = "continued"
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["rule"]) == (at + 1, "pack_state", "T8.2")


def test_a_pack_with_a_card_twice(tmp_path: Path) -> None:
    recs = base()
    cards = recs[1]["pack"].split()
    cards[-1] = cards[0]
    recs[1]["pack"] = " ".join(cards)
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["rule"]) == (2, "pack", "T1.1")
    assert d["recorded"].split()[1:] in (["0", "times"], ["2", "times"])
    assert d["expected"].split()[1:] == ["1", "time"]


def test_a_short_pack(tmp_path: Path) -> None:
    recs = base()
    recs[1]["pack"] = recs[1]["pack"][:-3]
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["recorded"], d["expected"]) == (
        2,
        "pack",
        "51 cards",
        "52 cards",
    )


def test_a_changed_next_banker(tmp_path: Path) -> None:
    recs = base()
    rec = recs[6]
    rec["next_banker"] = next(p for p in HEADER_SEATS if p != rec["next_banker"])
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    d = found[0]
    assert (d["line"], d["field"], d["rule"]) == (7, "next_banker", "T8.3")
    # the next deal's banker is then checked against the recorded next banker
    assert (found[1]["line"], found[1]["field"]) == (8, "banker")


def test_a_changed_banker(tmp_path: Path) -> None:
    recs = base()
    rec = recs[9]
    rec["banker"] = next(p for p in HEADER_SEATS if p != rec["banker"])
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["recorded"], d["rule"]) == (
        10,
        "banker",
        rec["banker"],
        "T8.3",
    )


def test_a_changed_class_total_and_banker_hand(tmp_path: Path) -> None:
    for change, field, rule in [
        (lambda r: r["hands"][0].update({"class": "pontoon"}), "hands[0].class", "T2"),
        (lambda r: r["hands"][0].update({"total": 30}), "hands[0].total", "T1.3"),
        (lambda r: r["hands"][0].update({"stake": 99}), "hands[0].stake", "T5.3"),
        (lambda r: r["hands"][0].update({"cards": "AS"}), "hands[0].cards", "T5"),
        (lambda r: r["banker_hand"].update({"cards": "AS"}), "banker_hand.cards", "T6.1"),
        (lambda r: r["banker_hand"].update({"class": "bust"}), "banker_hand.class", "T2"),
        (lambda r: r.update({"void": True}), "void", "T8.5"),
        (lambda r: r.update({"sat_out": ["p1"]}), "sat_out", "T8.6"),
        (lambda r: r["hands"].pop(), "hands", "T5.2"),
        (lambda r: r["cards"].pop(), "cards", "T4"),
    ]:
        recs = base()
        change(recs[2])
        d = first(tmp_path, recs)
        assert (d["line"], d["field"]) == (3, field)
        if field != "cards":
            assert d["rule"] == rule, field


def test_an_unknown_player_in_the_net(tmp_path: Path) -> None:
    recs = base()
    recs[2]["net"]["zed"] = 0
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["player"], d["rule"]) == (3, "net", "zed", "T3.1")


def test_the_cut_for_the_bank(tmp_path: Path) -> None:
    log = play_log(1, deals=2)
    recs = records(log)
    header = recs[0]
    assert len(header["cut"]) == 2, "seed 1 ties the first cut"
    code, found, _ = replay(tmp_path, log)
    assert (code, found) == (0, [])
    winner = header["table"]["banker"]
    loser = next(p for p in header["cut"][-1] if p != winner)
    header["cut"][-1][loser] = "AS"
    header["cut"][-1][winner] = "2S"
    d = first(tmp_path, recs)
    assert (d["line"], d["deal"], d["field"], d["recorded"], d["expected"], d["rule"]) == (
        1,
        None,
        "table.banker",
        winner,
        loser,
        "T3.2",
    )
    text = str(Divergence(**d))
    where = tmp_path / "game.jsonl"
    assert text == f'{where}:1: table.banker recorded "{winner}", rules give "{loser}" (T3.2)'


def test_a_sale_by_someone_not_banking(tmp_path: Path, sale_log: list[Record]) -> None:
    sale_log[3]["sale"]["seller"] = "ann"
    d = first(tmp_path, sale_log)
    assert (d["line"], d["field"], d["recorded"], d["expected"], d["rule"]) == (
        4,
        "sale.seller",
        "ann",
        "cal",
        "T8.4",
    )


def test_a_sale_the_buyer_cannot_pay(tmp_path: Path, sale_log: list[Record]) -> None:
    sale_log[3]["sale"]["price"] = 500
    d = first(tmp_path, sale_log)
    assert (d["line"], d["field"], d["player"], d["rule"]) == (4, "sale", "bob", "T8.6")


def test_a_changed_sale_price(tmp_path: Path, sale_log: list[Record]) -> None:
    sale_log[3]["sale"]["price"] = 6
    d = first(tmp_path, sale_log)
    assert (d["line"], d["field"], d["rule"]) == (4, "balance", "T7")


def test_a_stacked_deal_is_not_checked_for_continuity(
    tmp_path: Path, sale_log: list[Record]
) -> None:
    sale_log[2]["pack_state"] = "continued"  # deal 2 was stacked: its pack did not go round
    d = first(tmp_path, sale_log)
    assert (d["line"], d["field"], d["rule"]) == (3, "pack[0]", "T8.1")


def test_a_disagreement_with_the_settlement_function_is_internal() -> None:
    # Replay settles every re-dealt hand again with the pure settlement table (cross_check); an
    # engine hand whose net differs from it is an internal divergence (T7), not the log's.
    from pontoon_cli.core.rules import PRESETS, Table
    from pontoon_cli.core.settle import SETTLERS
    from pontoon_cli.logformat.divergence import Place
    from pontoon_cli.traditional.compare import cross_check
    from pontoon_cli.traditional.players import seeded_game

    rules = PRESETS["traditional"]
    game, players = seeded_game(rules, Table.build(["p1", "p2", "p3"]), 7)
    settler = SETTLERS[rules.settlement]
    deal = next(d for d in players.play(game, 50) if not d.void)
    assert cross_check(Place("t.jsonl", 2, deal.number), deal, rules, settler) is None
    punter = deal.punters[0]
    deal.hands[punter][0].net += 1  # the engine's settlement, not the table's
    found = cross_check(Place("t.jsonl", 2, deal.number), deal, rules, settler)
    assert found is not None
    assert (found.field, found.rule, found.player, found.hand) == ("internal", "T7", punter, 1)


@pytest.mark.parametrize("seat", ["punter", "banker"])
def test_T7_a_seats_net_that_is_not_its_hands_is_internal(seat: str) -> None:
    """Every hand agrees with the settlement table, but a seat's net (a punter's, or the
    banker's, the other side of every hand) is not the sum of its hands': internal, with every
    seat's net as the engine has it and as the hands give it."""
    from pontoon_cli.core.rules import PRESETS, Table
    from pontoon_cli.core.settle import SETTLERS
    from pontoon_cli.logformat.divergence import Place
    from pontoon_cli.traditional.compare import cross_check
    from pontoon_cli.traditional.players import seeded_game

    rules = PRESETS["traditional"]
    game, players = seeded_game(rules, Table.build(["p1", "p2", "p3"]), 7)
    deal = next(d for d in players.play(game, 50) if not d.void)
    right = deal.nets
    if seat == "punter":
        deal.net_at[0] += 1
    else:
        deal.banker_net += 1
    found = cross_check(Place("t.jsonl", 2, deal.number), deal, rules, SETTLERS[rules.settlement])
    assert found is not None
    assert (found.field, found.rule, found.player) == ("internal", "T7", None)
    assert (found.recorded, found.expected) == (deal.nets, right)
    assert found.recorded != right


def test_every_divergence_of_the_log_is_reported_one_per_deal(tmp_path: Path) -> None:
    recs = base()
    # A third party overpays p1 by 1 in deal 2 and carries the wrong balance on: the net is
    # reported once; later deals are checked from the recorded balances, so they still verify.
    recs[2]["net"]["p1"] += 1
    for rec in recs[2:]:
        rec["balance"]["p1"] += 1
    recs[8]["hands"][0]["net"] += 5
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1
    assert [(d["line"], d["field"]) for d in found] == [(3, "net"), (9, "hands[0].net")]
    assert "10 deals verified, 2 with divergences (2 divergences); 13 lines" in err


def test_fail_fast_stops_at_the_first(tmp_path: Path) -> None:
    recs = base()
    recs[2]["net"]["p1"] += 1
    recs[8]["hands"][0]["net"] += 5
    code, found, err = replay(tmp_path, dump(recs), fail_fast=True)
    assert code == 1
    assert [(d["line"], d["field"]) for d in found] == [(3, "net")]
    assert "1 deal verified, 1 with divergences (1 divergence); 3 lines read" in err


# the minimal form a third party writes -----------------------------------------------------------


def test_a_minimal_log_verifies(tmp_path: Path) -> None:
    recs = minimal(base())
    assert any(d["action"] == "split" for r in recs[1:] for d in r["decisions"])
    code, found, err = replay(tmp_path, dump(recs))
    assert (code, found) == (0, []), err


def test_a_minimal_log_with_rules_settings_only_where_they_differ(tmp_path: Path) -> None:
    recs = minimal(base())
    recs[0]["rules"] = {"preset": "traditional"}
    code, found, _ = replay(tmp_path, dump(recs))
    assert (code, found) == (0, [])


def test_a_minimal_log_with_a_wrong_payout(tmp_path: Path) -> None:
    recs = minimal(base())
    recs[4]["net"]["p2"] -= 1
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["player"]) == (5, "net", "p2")


def test_a_minimal_log_with_a_broken_pack(tmp_path: Path) -> None:
    recs = minimal(base())
    at = find(recs, lambda r: r["deal"] > 1 and BASE[r["deal"]]["pack_state"] == "continued")
    cards = recs[at]["pack"].split()
    cards[0], cards[1] = cards[1], cards[0]
    recs[at]["pack"] = " ".join(cards)
    d = first(tmp_path, recs)
    assert (d["line"], d["field"], d["rule"]) == (at + 1, "pack[0]", "T8.1")


def test_a_minimal_log_with_fields_in_another_order(tmp_path: Path) -> None:
    recs = [dict(reversed(list(r.items()))) for r in minimal(base())]
    code, found, _ = replay(tmp_path, dump(recs))
    assert (code, found) == (0, [])
