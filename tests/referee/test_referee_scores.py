"""The referee's scorecard as tests: for each planted bug and each form of its log, the issue's
three targets (real errors found at 90% or more, every other line marked ``follows``, the
independent count within 10% of the real one), and replay's levels today as a floor.

A target replay does not meet today is ``xfail(strict=True)`` naming the part of the work that
is to meet it: once it does, the test passes, strict xfail turns that into a failure, and the
marker is to be removed. ``python tests/referee/scorecard.py`` prints the numbers.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from pontoon_cli.replay.run import Divergence
from referee.common import FORMS, Fire, Site
from referee.planted import PLANTED, run
from referee.scorer import Score, divergences, score, score_lines

#: A target replay does not meet, by (bug, form) and target, with the reason (none today).
UNMET: dict[tuple[str, str], dict[str, str]] = {}

#: Today's levels, a floor: real errors with an exact line, lines at the right hand.
LEVELS = {
    ("split-tie-to-punter", "minimal"): (37, 37),
    ("split-tie-to-punter", "full"): (37, 37),
    ("stick-on-14", "minimal"): (90, 90),
    ("stick-on-14", "full"): (90, 90),
    ("soft-21-stops", "minimal"): (51, 51),
    ("soft-21-stops", "full"): (51, 51),
    ("banker-pontoon-single", "minimal"): (72, 72),
    ("banker-pontoon-single", "full"): (72, 72),
    ("pack-seat-order", "minimal"): (95, 95),
    ("pack-seat-order", "full"): (95, 95),
    ("shoot-on-4th-card", "minimal"): (48, 48),
    ("shoot-on-4th-card", "full"): (48, 48),
    ("shoot-over-kitty", "minimal"): (54, 54),
    ("shoot-over-kitty", "full"): (54, 54),
    ("dealer-hits-soft-17", "minimal"): (35, 35),
    ("dealer-hits-soft-17", "full"): (46, 46),
    ("double-on-5-cards", "minimal"): (46, 46),
    ("double-on-5-cards", "full"): (46, 46),
}


@cache
def scored(bug: str, form: str) -> Score:
    return score(bug, run(bug), form)


def describe(s: Score) -> str:
    return (
        f"{s.bug} {s.form}: {s.real} real, {s.lines} lines, {s.exact} exact, {s.found} found "
        f"({s.recall:.0%}), {s.marked} marked ({s.marked_exact} of them exact), {s.stray} stray, "
        f"{s.independent} independent; refused: {s.refused}"
    )


def cases() -> list[object]:
    out: list[object] = []
    for p in PLANTED:
        for form in FORMS:
            for target in ("recall", "marked", "count"):
                reason = UNMET.get((p.bug, form), {}).get(target)
                marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
                out.append(
                    pytest.param(p.bug, form, target, marks=marks, id=f"{p.bug}-{form}-{target}")
                )
    return out


@pytest.mark.parametrize(("bug", "form", "target"), cases())
def test_the_issue_target(bug: str, form: str, target: str) -> None:
    s = scored(bug, form)
    assert s.meets()[target], describe(s)


@pytest.mark.parametrize(
    ("bug", "form"), sorted(LEVELS), ids=[f"{b}-{f}" for b, f in sorted(LEVELS)]
)
def test_replay_keeps_todays_levels(bug: str, form: str) -> None:
    """A floor under today's numbers: the changes to come only raise them."""
    s = scored(bug, form)
    found, at_hand = LEVELS[bug, form]
    assert s.found >= found and s.at_hand >= at_hand, describe(s)
    assert s.real >= 30, describe(s)


@pytest.mark.parametrize("form", FORMS)
def test_a_banker_pontoon_collecting_single_stakes_is_named_as_the_house_option_V4(
    form: str,
) -> None:
    found, _ = divergences(form, run("banker-pontoon-single").logs[form])
    assert found and all("banker_pontoon_collects" in str(d) for d in found), str(found[0])


@pytest.mark.parametrize("form", FORMS)
def test_a_pack_line_says_whose_card_it_is_T8_1(form: str) -> None:
    found, _ = divergences(form, run("pack-seat-order").logs[form])
    assert found and all(re.search(r"\bp\d's hand", str(d)) for d in found), str(found[0])


def line(
    deal: int, player: str | None, hand: int | None, rule: str, follows: int | None = None
) -> Divergence:
    return Divergence(
        file="log",
        line=deal + 1,
        deal=deal,
        player=player,
        hand=hand,
        field="net",
        recorded=1,
        expected=2,
        rule=rule,
        follows=follows,
    )


def test_the_scorer_counts_what_it_says() -> None:
    """Two real errors in the minimal form (a deal with two firings is one), one more in the
    full form; an exact line, one at the place with another rule, a marked one, a stray."""
    fires = [
        Fire("b", 3).everywhere(Site(3, "p1", 1, "T5.5")),
        Fire("b", 3).everywhere(Site(3, "p2", 2, "T5.5")),
        Fire("b", 7).everywhere(Site(8, None, None, "T8.1")),
        Fire("b", 9).at("full", Site(9, "p1", 1, "T5.5")),
    ]
    found = [
        line(3, "p2", 2, "T5.5"),  # exact
        line(8, "p4", None, "T5"),  # at the pack's site (nobody's), with another rule: stray
        line(9, "p1", 1, "T5.5", follows=4),  # not shown in the minimal form, and marked
        line(12, "p3", 1, "T7"),  # stray
    ]
    s = score_lines("b", "minimal", fires, found)
    counts = (s.real, s.found, s.lines, s.exact, s.at_hand, s.marked, s.marked_exact, s.stray)
    assert counts == (2, 1, 4, 1, 2, 1, 0, 2)
    assert (s.recall, s.precision, s.independent) == (0.5, 0.25, 3)
    assert s.meets() == {"recall": False, "marked": False, "count": False}
    full = score_lines("b", "full", fires, [found[0], line(8, None, None, "T8.1"), found[2]])
    assert (full.real, full.found, full.exact, full.marked_exact, full.stray) == (3, 3, 3, 1, 0)
    assert full.meets() == {"recall": True, "marked": False, "count": False}


def test_the_cli_writes_the_lines_the_scorecard_scores(tmp_path: Path) -> None:
    """``pontoon replay --json`` gives the same lines, and its summary the same independent
    count (the minimal Shoot log of a planted bug)."""
    log = tmp_path / "shoot.jsonl"
    log.write_bytes(b"".join(run("shoot-on-4th-card").logs["minimal"]))
    proc = subprocess.run(
        [sys.executable, "-m", "pontoon_cli", "replay", "--json", str(log)],
        capture_output=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 1, proc.stderr
    found, _ = divergences(str(log), run("shoot-on-4th-card").logs["minimal"])
    assert [json.loads(x) for x in proc.stdout.splitlines()] == [d.to_dict() for d in found]
    summary = proc.stderr.decode()
    counted = re.search(r"(\d+) independent", summary) or re.search(r"\((\d+) divergences", summary)
    assert counted is not None, summary
    assert int(counted.group(1)) == scored("shoot-on-4th-card", "minimal").independent


@pytest.mark.parametrize(
    ("deal", "player", "said"),
    [
        # the banker's pontoon ended the deal after the round, and settled its bets (S3)
        (3, "p3", "cannot shoot 1: the kitty holds 2 and the open shoot bets 2"),
        # p1's hand is in turn on two cards: the round passed him, not S4's third card
        (470, "p1", "cannot shoot 10: the kitty holds 20 and the open shoot bets 20"),
    ],
)
def test_a_shoot_bet_the_round_passed_is_S2_with_the_kitty_as_the_round_closed(
    deal: int, player: str, said: str
) -> None:
    found, _ = divergences("minimal", run("shoot-over-kitty").logs["minimal"])
    (d,) = [d for d in found if d.deal == deal]
    assert (d.player, d.hand, d.rule, d.expected) == (player, 1, "S2", said)


def test_C9_a_shoe_a_dealer_drawing_to_soft_17_took_more_of_cites_C9() -> None:
    found, _ = divergences("minimal", run("dealer-hits-soft-17").logs["minimal"])
    (d,) = [d for d in found if d.deal == 438]
    assert (d.field, d.rule, d.player) == ("pack[0]", "C9", None)
    assert d.detail == (
        "the shoe is round 437's less its top 15 cards, where the rules' round 437 took 14: "
        "drawing to his soft 17 (3C AH 3D), the dealer would hold 3C AH 3D TC: total 17; "
        "a house rule? C9 dealer_hits_soft_17=true takes this"
    )


def test_C7_a_double_on_five_cards_is_C7_not_whose_turn() -> None:
    found, _ = divergences("minimal", run("double-on-5-cards").logs["minimal"])
    (d,) = [d for d in found if d.deal == 27]
    assert (d.player, d.hand, d.rule, d.recorded, d.expected) == (
        "p1",
        1,
        "C7",
        "double",
        "cannot double on 5 cards: on 2, 3 or 4",
    )


def test_C9_a_net_only_the_dealer_drawing_to_soft_17_explains_cites_C9() -> None:
    found, _ = divergences("minimal", run("dealer-hits-soft-17").logs["minimal"])
    (d,) = [d for d in found if d.deal == 7]
    assert (d.field, d.player, d.hand, d.rule, d.recorded, d.expected) == (
        "net",
        "p1",
        1,
        "C9",
        -3,
        3,
    )
    assert d.detail is not None and d.detail.endswith(
        "drawing to his soft 17 (6D AH), the dealer would hold 6D AH 4C: twenty-one 21; "
        "a house rule? C9 dealer_hits_soft_17=true pays this"
    )
