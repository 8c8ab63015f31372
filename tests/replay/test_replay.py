"""`pontoon replay`: played logs verify; every kind of tampering is caught at the right line and
field; unreadable input exits 2 after reporting what was verified; the command reads files,
stdin, .gz files and several logs, with --json and --fail-fast."""

from __future__ import annotations

import copy
import gzip
import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.logs import play_log, play_scenario, records, scenario_files
from support.replay import (
    BASE,
    BASE_LOG,
    P1_NET_DETAIL,
    STACKED_SALE,
    Record,
    base,
    dump,
    first,
    minimal,
    replay,
)
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.render.console import ReplayView
from pontoon_cli.replay.run import Divergence, LogReplayer, StreamOutput, replay_logs

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
    assert _replay_lines(log) == []


def _replay_lines(log: bytes) -> list[Divergence]:
    return list(LogReplayer("t.jsonl").replay(io.BytesIO(log)))


def test_long_random_games_with_small_bankrolls_verify() -> None:
    """Sitting out (T8.6), broke bankers and many shuffles, over many deals."""
    for seed in range(4):
        log = play_log(seed, deals=150, players=5, strategy="random", bankroll=15)
        assert _replay_lines(log) == []


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
    assert (d["line"], d["field"], d["player"], d["rule"]) == (
        at + 1,
        "decisions",
        last["player"],
        "T6.1",
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


# unreadable input exits 2, after reporting what was verified -------------------------------------


def unreadable(tmp_path: Path, log: bytes) -> str:
    code, _, err = replay(tmp_path, log)
    assert code == 2, err
    assert "Traceback" not in err
    return err


def test_a_truncated_last_line(tmp_path: Path) -> None:
    err = unreadable(tmp_path, BASE_LOG[:-40])
    assert "game.jsonl:13: the last line is truncated" in err
    assert "11 deals verified, 0 with divergences; 13 lines read" in err


def test_a_last_line_without_newline_but_complete_is_fine(tmp_path: Path) -> None:
    code, found, _ = replay(tmp_path, BASE_LOG.rstrip(b"\n"))
    assert (code, found) == (0, [])


def test_a_line_that_is_not_json(tmp_path: Path) -> None:
    lines = BASE_LOG.splitlines(keepends=True)
    lines[4] = b'{"type": "deal", oops\n'
    err = unreadable(tmp_path, b"".join(lines))
    assert "game.jsonl:5: not JSON: " in err
    assert "3 deals verified, 0 with divergences; 5 lines read" in err


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (
            lambda r: r[3].update({"type": "kitty"}),
            4,
            'type: expected "header" or "deal", got "kitty"',
        ),
        (lambda r: r[3].pop("type"), 4, 'type: expected "header" or "deal", got nothing'),
        (lambda r: r[0].update({"format": "pontoon-log/2"}), 1, 'format: expected "pontoon-log/1"'),
        (
            lambda r: r[3]["decisions"][0].update({"hand": "1"}),
            4,
            "decisions[0].hand: expected a hand",
        ),
        (
            lambda r: r[3].pop("net"),
            4,
            "net: expected an object of player: whole number, got nothing",
        ),
        (
            lambda r: r[3]["balance"].update({"p1": 1.5}),
            4,
            "balance.p1: expected a whole number, got 1.5",
        ),
        (lambda r: r[3].update({"pack": r[3]["pack"].lower()}), 4, "pack: card 1: expected a card"),
        (
            lambda r: r[3]["hands"][0].update({"class": "blackjack"}),
            4,
            "hands[0].class: expected one of",
        ),
        (
            lambda r: r[3].update({"kitty": 5}),
            4,
            "kitty: expected an object {before, moves, after}",
        ),
        (
            lambda r: r[0]["table"].update({"banker": "zed"}),
            1,
            "table: banker 'zed' is not at the table",
        ),
        (
            lambda r: r[0]["rules"].update({"stick_minimum": 99}),
            1,
            "rules: rule setting 'stick_minimum'",
        ),
    ],
)
def test_a_record_that_breaks_the_schema(
    tmp_path: Path, change: Callable[[list[Record]], Any], line: int, message: str
) -> None:
    recs = base()
    change(recs)
    err = unreadable(tmp_path, dump(recs))
    assert f"game.jsonl:{line}: {message}" in err


def test_a_deal_before_the_header(tmp_path: Path) -> None:
    err = unreadable(tmp_path, dump(BASE[1:]))
    assert 'game.jsonl:1: type: expected the header record ("type": "header") first' in err


def test_odd_lines(tmp_path: Path) -> None:
    header = BASE_LOG.splitlines(keepends=True)[0]
    assert "game.jsonl:2: expected a JSON object" in unreadable(tmp_path, header + b"[1]\n")
    assert "game.jsonl:1: type: expected" in unreadable(tmp_path, b"{}\n")
    assert "game.jsonl:1: empty line" in unreadable(tmp_path, b"\n")
    assert "empty log" in unreadable(tmp_path, b"")


def test_a_second_header_starts_a_new_game(tmp_path: Path) -> None:
    other = play_log(9, deals=3, players=3)
    code, found, err = replay(tmp_path, BASE_LOG + other)
    assert (code, found) == (0, []), err
    assert "15 deals verified" in err


def test_a_missing_file(tmp_path: Path) -> None:
    out, err = io.BytesIO(), io.StringIO()
    code = replay_logs([str(tmp_path / "nope.jsonl")], StreamOutput(out, err))
    assert code == 2
    assert out.getvalue() == b""
    assert err.getvalue() == (
        f"pontoon: {tmp_path / 'nope.jsonl'}: no such file\n"
        "pontoon replay: 0 deals verified, 0 with divergences; 0 lines read from 0 files; "
        "1 file could not be read\n"
    )


# every numeric field is verified -----------------------------------------------------------------

#: Numeric fields replay verifies; a changed value must be caught on its own line.
VERIFIED = {
    "deal",
    "decisions[].hand",
    "decisions[].amount",
    "cards[].hand",
    "hands[].hand",
    "hands[].stake",
    "hands[].total",
    "hands[].net",
    "banker_hand.total",
    "net.*",
    "balance.*",
    "sale.price",
    "table.bankrolls.*",
}
#: Numeric fields that do not bear on any deal's outcome by themselves: the seed is
#: informational, and a rule setting or stake limit may allow every recorded decision either way.
NOT_VERIFIED = {
    "seed",
    "table.min_stake",
    "table.max_stake",
    "rules.stick_minimum",
    "rules.max_hands",
    "rules.pontoon_pays",
    "rules.banker_pontoon_collects",
    "rules.packs",
}


def numeric_fields(value: Any, prefix: str = "") -> list[tuple[str, tuple[Any, ...]]]:
    """(field kind, path) for every whole number in a record."""
    out: list[tuple[str, tuple[Any, ...]]] = []

    def walk(v: Any, kind: str, path: tuple[Any, ...]) -> None:
        if isinstance(v, dict):
            for k, item in v.items():
                key = "*" if kind in ("net", "balance", "table.bankrolls") else k
                walk(item, f"{kind}.{key}" if kind else key, (*path, k))
        elif isinstance(v, list):
            for i, item in enumerate(v):
                walk(item, f"{kind}[]", (*path, i))
        elif type(v) is int:
            out.append((kind, path))

    walk(value, prefix, ())
    return out


def test_every_numeric_field_is_verified_or_listed() -> None:
    logs = [*BASE, *records(play_log(2, deals=30, players=9))]
    kinds = {kind for rec in logs for kind, _ in numeric_fields(rec)}
    assert kinds <= VERIFIED | NOT_VERIFIED | {"rules.packs"}, kinds - VERIFIED - NOT_VERIFIED
    assert kinds >= VERIFIED - {"sale.price"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_changed_number_is_caught(data: st.DataObject) -> None:
    recs = base()
    at = data.draw(st.integers(0, len(recs) - 1), label="line - 1")
    choices = [(k, p) for k, p in numeric_fields(recs[at]) if k in VERIFIED]
    if not choices:
        return
    kind, path = data.draw(st.sampled_from(choices), label="field")
    delta = data.draw(st.sampled_from([-3, -2, -1, 1, 2, 3]), label="delta")
    target: Any = recs[at]
    for step in path[:-1]:
        target = target[step]
    value = target[path[-1]] + delta
    if kind in ("deal", "decisions[].hand", "cards[].hand", "hands[].hand") and value < 1:
        value = target[path[-1]] + abs(delta)  # a hand or deal number below 1 breaks the schema
    target[path[-1]] = value
    found = _replay_lines(dump(recs))
    assert found, (kind, path, delta)
    assert found[0].line == max(at + 1, 2), (kind, path, delta, found[0])


# the command -------------------------------------------------------------------------------------


@pytest.fixture
def log_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_bytes(BASE_LOG)
    return path


@pytest.fixture
def bad_file(tmp_path: Path) -> Path:
    recs = base()
    recs[2]["net"]["p1"] += 1
    recs[5]["cards"][0]["card"] = "AS" if recs[5]["cards"][0]["card"] != "AS" else "KS"
    path = tmp_path / "bad.jsonl"
    path.write_bytes(dump(recs))
    return path


def test_cli_verifies_a_file(log_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(log_file)])
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == (
        "pontoon replay: 12 deals verified, 0 with divergences; 13 lines read from 1 file\n"
    )


def test_cli_reports_each_divergence_as_a_line(bad_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(bad_file)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == bad_lines(str(bad_file))
    assert result.stderr == (
        "pontoon replay: 10 deals verified, 2 with divergences (2 divergences); 13 lines read "
        "from 1 file\n"
    )


def test_cli_json(bad_file: Path) -> None:
    result = runner.invoke(app, ["replay", "--json", str(bad_file)])
    assert result.exit_code == 1
    found = [orjson.loads(line) for line in result.stdout.splitlines()]
    keys = ["file", "line", "deal", "player", "hand", "field", "recorded", "expected", "rule"]
    assert [list(d) for d in found] == [[*keys, "detail"], keys]  # what the rules dealt there
    assert found[0]["detail"] == P1_NET_DETAIL[2:]
    assert [(d["file"], d["line"], d["field"]) for d in found] == [
        (str(bad_file), 3, "net"),
        (str(bad_file), 6, "cards[0].card"),
    ]
    assert "2 with divergences" in result.stderr


def bad_lines(name: str) -> list[str]:
    """The two divergence lines `replay` prints for ``bad_file`` read as ``name``."""
    net = BASE[2]["net"]["p1"]
    card = BASE[5]["cards"][0]
    tampered = "AS" if card["card"] != "AS" else "KS"
    return [
        f"{name}:3: deal 2: p1 hand 1: net recorded {net + 1}, rules give {net} (T7)"
        + P1_NET_DETAIL,
        f'{name}:6: deal 5: {card["player"]} hand 1: cards[0].card recorded "{tampered}", '
        f'rules give "{card["card"]}" (T4.1)',
    ]


def test_cli_fail_fast(bad_file: Path, log_file: Path) -> None:
    result = runner.invoke(app, ["replay", "--fail-fast", str(bad_file), str(log_file)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == bad_lines(str(bad_file))[:1]
    assert result.stderr == (
        "pontoon replay: 1 deal verified, 1 with divergences (1 divergence); 3 lines read from "
        "1 file\n"
    )


def test_cli_several_files(bad_file: Path, log_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(log_file), str(bad_file), str(log_file)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == bad_lines(str(bad_file))
    assert result.stderr == (
        "pontoon replay: 34 deals verified, 2 with divergences (2 divergences); 39 lines read "
        "from 3 files\n"
    )


def test_cli_stdin(bad_file: Path) -> None:
    """T36: the exit code alone (1) is also what CliRunner reports for a crash."""
    result = runner.invoke(app, ["replay", "-"], input=bad_file.read_bytes())
    assert result.exit_code == 1
    assert result.stdout.splitlines() == bad_lines("<stdin>")
    assert result.stderr == (
        "pontoon replay: 10 deals verified, 2 with divergences (2 divergences); 13 lines read "
        "from 1 file\n"
    )
    result = runner.invoke(app, ["replay", "--json", "-"], input=bad_file.read_bytes())
    assert result.exit_code == 1
    found = [orjson.loads(line) for line in result.stdout.splitlines()]
    assert [(d["file"], d["line"], d["field"]) for d in found] == [
        ("<stdin>", 3, "net"),
        ("<stdin>", 6, "cards[0].card"),
    ]
    assert result.stderr.startswith("pontoon replay: 10 deals verified, 2 with divergences")


def test_cli_gzip(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl.gz"
    path.write_bytes(gzip.compress(BASE_LOG))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == (
        "pontoon replay: 12 deals verified, 0 with divergences; 13 lines read from 1 file\n"
    )


def test_cli_bad_gzip(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl.gz"
    path.write_bytes(gzip.compress(BASE_LOG)[:100])
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    message, summary = result.stderr.splitlines()
    assert message == (
        f"pontoon: {path}:1: cannot read: Compressed file ended before the end-of-stream marker "
        "was reached"
    )
    assert summary == (
        "pontoon replay: 0 deals verified, 0 with divergences; 0 lines read from 1 file; "
        "1 unreadable input"
    )


def test_cli_missing_file(log_file: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(log_file), str(tmp_path / "nope.jsonl")])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"pontoon: {tmp_path / 'nope.jsonl'}: no such file\n"
        "pontoon replay: 12 deals verified, 0 with divergences; 13 lines read from 1 file; "
        "1 file could not be read\n"
    )


def test_cli_unreadable_then_more_files(tmp_path: Path, log_file: Path) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(BASE_LOG[:-40])
    result = runner.invoke(app, ["replay", str(broken), str(log_file)])
    assert result.exit_code == 2
    assert result.stdout == ""
    message, summary = result.stderr.splitlines()
    assert message.startswith(f"pontoon: {broken}:13: the last line is truncated: no newline")
    assert summary == (
        "pontoon replay: 23 deals verified, 0 with divergences; 26 lines read from 2 files; "
        "1 unreadable input"
    )


def test_cli_help_has_an_example() -> None:
    result = runner.invoke(app, ["replay", "--help"])
    assert result.exit_code == 0
    assert "pontoon play --seed 7 --deals 100 | pontoon replay -" in result.stdout
    assert "--fail-fast" in result.stdout
    assert "--json" in result.stdout
    assert result.stderr == ""


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _TerminalBytes(io.BytesIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal_only(log_file: Path, bad_file: Path) -> None:
    out, err = io.BytesIO(), _Terminal()
    code = replay_logs([str(bad_file)], ReplayView(out, err))
    assert code == 1
    assert out.getvalue().count(b"\n") == 2  # data still goes to stdout, as bytes
    assert "10 deals verified" in err.getvalue()

    out_tty = _TerminalBytes()
    err2 = _Terminal()
    assert replay_logs([str(bad_file)], ReplayView(out_tty, err2)) == 1
    assert out_tty.getvalue() == b""  # on a terminal, lines go above the bar
    assert "cards[0].card recorded" in err2.getvalue()


@pytest.mark.parametrize("command", ["replay", "stats", "show", "diff"])
def test_a_message_names_the_users_file_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    # a message on stderr (no terminal) is the user's text byte for byte: no emoji for
    # ":smile:", no markup for "[bold]"
    monkeypatch.chdir(tmp_path)
    name = ":smile:[bold]x.jsonl"
    (tmp_path / name).write_text('{"type":"header"}\n')
    args = [command, name, name] if command == "diff" else [command, name]
    done = subprocess.run(
        [sys.executable, "-m", "pontoon_cli", *args], capture_output=True, cwd=tmp_path
    )
    assert done.returncode == 2
    assert done.stderr.decode().startswith(f"pontoon: {name}:1: format: expected ")


@pytest.mark.parametrize("card", [["AS"], {"card": "AS"}, 7, None])
def test_a_cut_card_that_is_not_a_string_is_unreadable_not_a_crash(
    tmp_path: Path, card: object
) -> None:
    recs = records(play_log(1, deals=1))
    first_cutter = next(iter(recs[0]["cut"][0]))
    recs[0]["cut"][0][first_cutter] = card
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 2
    assert found == []
    assert f"game.jsonl:1: cut[0].{first_cutter}: expected a card like 'TH'" in err


def test_a_hand_number_written_as_true_is_unreadable_not_hand_1(tmp_path: Path) -> None:
    """JSON true equals 1 in Python; the engine records its own hand number, so it shows."""
    recs = records(play_log(1, deals=1, players=4))
    i = next(k for k, d in enumerate(recs[1]["decisions"]) if d["action"] != "stake")
    recs[1]["decisions"][i]["hand"] = True
    code, _, err = replay(tmp_path, dump(recs))
    assert code == 2
    assert (
        f"game.jsonl:2: decisions[{i}].hand: expected a hand number of 1 or more, got true" in err
    )
