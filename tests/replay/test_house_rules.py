"""A net that differs by exactly what one house option would pay names the option and its
setting (V4, V6, V7, C9), so an engine developer can tell a variant the log's header does not
set from a bug; a net no single option pays names none.

The variant engines are this tool playing the option while its log's header claims the rules
without it; the hand-made deals stack a 2-seat table's pack (p1 punts, p2 banks: p1's first
card, the banker's, p1's second, the banker's, then the draws in turn)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from support.logs import ROOT
from support.modules import load

from pontoon_cli import Divergence, Rules, Table, play, verify

tinypontoon = load("tinypontoon", ROOT / "examples" / "engine" / "tinypontoon.py")

HINT = "a house rule?"
PACK = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]
MINIMAL = ("type", "deal", "pack", "decisions", "net")
FULL = (*MINIMAL, "cards", "hands", "banker_hand", "dealer_hand", "balance", "next_banker")


def lines(records: list[dict[str, Any]]) -> list[bytes]:
    return [orjson.dumps(r) + b"\n" for r in records]


def variant_log(
    setting: dict[str, Any], preset: str = "traditional", deals: int = 300, keep: tuple = MINIMAL
) -> list[bytes]:
    """A log played with ``setting`` whose header claims the preset's rules without it."""
    rules = Rules.from_dict({"preset": preset, **setting})
    header, *played = play(rules, Table.seated(rules, 4), seed=5, deals=deals)
    header["rules"] = {"preset": preset}
    return lines([header, *({k: d[k] for k in keep if k in d} for d in played)])


@pytest.mark.parametrize(
    ("setting", "named", "rule"),
    [
        ({"banker_pontoon_collects": 1}, "V4 banker_pontoon_collects=1", "T4.4"),
        ({"pontoon_pays": 3}, "V4 pontoon_pays=3", "T7"),
        ({"pontoon_pays": 1}, "V4 pontoon_pays=1", "T7"),
    ],
)
@pytest.mark.parametrize("preset", ["traditional", "shoot"])
@pytest.mark.parametrize("form", ["minimal", "full"])
def test_an_engine_playing_V4_is_named_at_every_net_it_pays(
    setting: dict[str, Any], named: str, rule: str, preset: str, form: str
) -> None:
    """Every line is a punter's net (a minimal log's ``net``, a full one's ``hands[K].net``)
    citing the rule in force, ending with the option that pays what the engine paid."""
    keep = MINIMAL if form == "minimal" else FULL
    found = list(verify(variant_log(setting, preset, keep=keep)))
    assert found
    field = "net" if form == "minimal" else "hands["
    hint = f"{HINT} {named} pays this"
    for d in found:
        assert d.field.startswith(field) and d.rule == rule, str(d)
        if form == "minimal":  # after what the rules dealt the punter
            assert d.detail is not None and d.detail.endswith(f"; {hint}"), str(d)
        else:  # a hand's row says what it was dealt
            assert d.detail == hint, str(d)


def test_the_hint_is_in_the_json_line_s_detail() -> None:
    d = next(iter(verify(variant_log({"banker_pontoon_collects": 1}))))
    data = orjson.loads(d.to_json())
    assert data["detail"].endswith("; a house rule? V4 banker_pontoon_collects=1 pays this")
    assert str(d).endswith("; a house rule? V4 banker_pontoon_collects=1 pays this")


# hand-made deals: the options that meet rarely in play ------------------------------------------


def stacked(top: str, decisions: list[tuple[str, str, int | None]], net: int) -> list[bytes]:
    """A 2-seat minimal log whose one deal's pack starts with ``top``; p1 nets ``net``."""
    cards = top.split()
    pack = cards + [c for c in PACK if c not in cards]
    header = {
        "type": "header",
        "format": "pontoon-log/1",
        "rules": {"preset": "traditional"},
        "table": {
            "seats": ["p1", "p2"],
            "banker": "p2",
            "bankrolls": {"p1": 100, "p2": 100},
            "min_stake": 1,
            "max_stake": 10,
        },
    }
    moves = [{"player": "p1", "hand": 1, "action": "stake", "amount": 1}]
    for player, action, amount in decisions:
        move: dict[str, Any] = {"player": player, "hand": 1, "action": action}
        if amount is not None:
            move["amount"] = amount
        moves.append(move)
    deal = {
        "type": "deal",
        "deal": 1,
        "pack": " ".join(pack),
        "decisions": moves,
        "net": {"p1": net, "p2": -net},
    }
    return lines([header, deal])


#: p1's K-A pontoon against the banker's A-10 pontoon: T4.4 collects 2; V7 (a) and (c) rank
#: p1's picture above the banker's 10.
PONTOONS = "KH AS AC TC"
#: p1's 7-7 twisted to a third 7 (a hard 21 ends the hand, T5.8) against the banker's 18.
SEVENS = "7H 9H 7D 9D 7C"
#: p1's A-10 pontoon against the banker's 18.
ACE_TEN = "AH 9H TD 9D"


@pytest.mark.parametrize(
    ("top", "decisions", "rules_give", "recorded", "named"),
    [
        (
            PONTOONS,
            [],
            -2,
            2,
            "V7 pontoon_grades=picture-beats-ten or V7 pontoon_grades=royal-beats-jack",
        ),
        (PONTOONS, [], -2, -1, "V4 banker_pontoon_collects=1"),
        (SEVENS, [("p1", "twist", None), ("p2", "stay", None)], 1, 3, "V6 royal_pontoon=true"),
        (ACE_TEN, [("p2", "stay", None)], 2, 1, "V4 pontoon_pays=1"),
        (ACE_TEN, [("p2", "stay", None)], 2, 6, None),  # 3 × the stake: no option pays it
        (SEVENS, [("p1", "twist", None), ("p2", "stay", None)], 1, 2, None),
    ],
    ids=["V7-grades", "V4-collects", "V6-royal", "V4-pays", "no-option", "no-option-21"],
)
def test_a_net_names_every_option_that_pays_it_exactly_and_only_those(
    top: str,
    decisions: list[tuple[str, str, int | None]],
    rules_give: int,
    recorded: int,
    named: str | None,
) -> None:
    assert list(verify(stacked(top, decisions, rules_give))) == []  # the rules' own net verifies
    (d,) = verify(stacked(top, decisions, recorded))
    assert (d.player, d.field, d.recorded, d.expected) == ("p1", "net", recorded, rules_give)
    assert d.detail is not None
    if named is None:
        assert HINT not in d.detail, str(d)
    else:
        assert d.detail.endswith(f"; {HINT} {named} pays this"), str(d)


def test_ten_is_21_is_not_named_where_it_would_change_the_play() -> None:
    """V7 (b) would settle p1's A-10 as a 21 beating 18 (+1, what V4 pontoon_pays=1 pays too),
    but under it p1 would have been asked to stick or draw (T5.8), and the log holds no such
    decision: only pontoon_pays is named."""
    (d,) = verify(stacked(ACE_TEN, [("p2", "stay", None)], 1))
    assert d.detail is not None
    assert d.detail.endswith(f"; {HINT} V4 pontoon_pays=1 pays this"), str(d)
    assert "pontoon_grades" not in d.detail


# casino: the dealer's soft 17 (C9) ----------------------------------------------------------------


def casino_rounds(hits_soft_17: bool, rounds: int = 600) -> list[dict[str, Any]]:
    rules = Rules.from_dict(
        {"preset": "casino", "decks": 1, "shuffle_every": 4, "dealer_hits_soft_17": hits_soft_17}
    )
    return list(play(rules, Table.seated(rules, 3), seed=5, deals=rounds))


@pytest.mark.parametrize("claimed", [True, False])
def test_a_dealer_drawing_to_soft_17_the_other_way_is_named_as_C9(claimed: bool) -> None:
    header, *rounds = casino_rounds(not claimed)
    header["rules"]["dealer_hits_soft_17"] = claimed
    keep = ("type", "deal", "pack_state", "pack", "decisions", "net")
    found = list(verify(lines([header, *({k: d[k] for k in keep if k in d} for d in rounds)])))
    assert found
    named = f"C9 dealer_hits_soft_17={'false' if claimed else 'true'}"
    for d in found:
        assert d.field == "net" and d.detail is not None, str(d)
        assert d.detail.endswith(f"; {HINT} {named} pays this"), str(d)


def test_a_round_whose_record_holds_the_dealer_s_cards_is_not_said_to_be_C9() -> None:
    """The dealer's cards as recorded are the rules' draw: a net that differs by what the other
    soft 17 would pay is then no such house rule."""
    rules_log = casino_rounds(True)
    engine_log = casino_rounds(False)
    header = rules_log[0]
    at = next(i for i in range(1, len(rules_log)) if rules_log[i]["net"] != engine_log[i]["net"])
    rounds = []
    for i in range(1, at + 1):
        r = rules_log[i]
        keep = {k: r[k] for k in ("type", "deal", "pack_state", "pack", "decisions", "net")}
        rounds.append(keep)
    rounds[-1]["dealer_hand"] = rules_log[at]["dealer_hand"]  # the rules' draw, as recorded
    rounds[-1]["net"] = engine_log[at]["net"]  # paid as the other soft 17 pays
    (d,) = verify(lines([header, *rounds]))
    assert d.field == "net" and d.detail is not None, str(d)
    assert HINT not in d.detail, str(d)
    del rounds[-1]["dealer_hand"]  # without his cards, the same net is named as C9
    (d,) = verify(lines([header, *rounds]))
    assert d.detail is not None and d.detail.endswith(
        f"; {HINT} C9 dealer_hits_soft_17=false pays this"
    )


# engines with a bug no option explains -----------------------------------------------------------


class FiveCardTrickEvens(tinypontoon.Engine):  # type: ignore[name-defined,misc]
    five_card_trick_pays = 1  # T7: a punter's five card trick is paid 2:1


class TiesToThePunter(tinypontoon.Engine):  # type: ignore[name-defined,misc]
    tie_goes_to_banker = False  # T2.6: a tie goes to the banker


@pytest.mark.parametrize("bug", [FiveCardTrickEvens, TiesToThePunter])
def test_a_payout_bug_no_option_pays_names_no_house_rule(bug: Any) -> None:
    engine = bug(["ann", "bob", "cal", "dan"], 3)
    records = [engine.header(), *(engine.deal(n) for n in range(1, 600))]
    found: list[Divergence] = list(verify(lines(records)))
    assert found
    for d in found:
        assert d.detail is not None and HINT not in d.detail, str(d)


# a decision the rules refuse that a house option allows (V1, V2, V8; casino C8) ----------------


class SticksOn14(tinypontoon.Engine):  # type: ignore[name-defined,misc]
    stick_from = 14  # T5.5: the least is 15


def test_a_stick_on_14_is_named_as_V2_stick_minimum_14() -> None:
    engine = SticksOn14(["ann", "bob", "cal", "dan"], 3)
    found = list(verify(lines([engine.header(), *(engine.deal(n) for n in range(1, 300))])))
    assert found
    for d in found:
        assert (d.rule, d.recorded) == ("T5.5", "stick"), str(d)
        assert d.detail == f"{HINT} V2 stick_minimum=14 allows this", str(d)


@pytest.mark.parametrize(
    ("preset", "played", "claimed", "named"),
    [
        ("traditional", {"burn_on": 13}, {}, "V8 burn_on=13"),
        ("traditional", {}, {"split_aces_only": True}, "V1 split_aces_only=false"),
        ("casino", {}, {"split_hands": 2}, "C8 split_hands=3"),
    ],
)
def test_a_decision_an_option_allows_names_it(
    preset: str, played: dict[str, Any], claimed: dict[str, Any], named: str
) -> None:
    rules = Rules.from_dict({"preset": preset, **played})
    header, *deals = play(rules, Table.seated(rules, 4), seed=5, deals=400, strategy="random")
    header["rules"] = {"preset": preset, **claimed}
    keep = ("type", "deal", "pack_state", "pack", "decisions", "net")
    found = list(verify(lines([header, *({k: d[k] for k in keep if k in d} for d in deals)])))
    assert found
    for d in found:
        assert d.field.startswith("decisions["), str(d)
        assert d.detail == f"{HINT} {named} allows this", str(d)


def test_a_decision_out_of_turn_names_no_option() -> None:
    header, *deals = play(seed=5, deals=3)
    keep = ("type", "deal", "pack", "decisions", "net")
    engine = [header, *({k: d[k] for k in keep} for d in deals)]
    moves = engine[1]["decisions"]
    moves[0], moves[1] = moves[1], moves[0]  # the second punter stakes first (T4.2)
    (d,) = verify(lines(engine))
    assert (d.field, d.rule, d.detail) == ("decisions[0]", "T4.2", None), str(d)
