"""``pontoon replay --coverage``: per rule ID, the deals it decided something in and the
divergences citing it; ``--fail-under`` turns a rule never exercised into exit 1."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import orjson
import pytest
from support.logs import play_log, records
from support.replay import dump
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.rules import Rules
from pontoon_cli.replay.coverage import (
    COUNTED_ELSEWHERE,
    DEFINITIONS,
    RuleCoverage,
    applicable,
)
from pontoon_cli.replay.replayer import LogReplayer

runner = CliRunner()


def tally(log: bytes, name: str = "log") -> dict[str, Any]:
    coverage = RuleCoverage()
    for _ in LogReplayer(name, coverage=coverage).replay(log.splitlines(keepends=True)):
        pass
    return coverage.report()


@pytest.fixture(scope="module")
def random_log() -> bytes:
    return play_log(11, deals=200, strategy="random")


def test_every_rule_a_hand_cites_counts_in_at_least_as_many_deals(random_log: bytes) -> None:
    recs = records(random_log)
    citing: Counter[str] = Counter()
    for rec in recs[1:]:
        citing.update({h["rule"] for h in rec["hands"]})
    table = tally(random_log)["rules"]
    assert citing  # the log settles hands
    for rule, deals in citing.items():
        assert table[rule]["deals"] >= deals, rule


def test_T5_2_a_split_counts_in_exactly_the_deals_that_split(random_log: bytes) -> None:
    recs = records(random_log)
    splitting = sum(any(d["action"] == "split" for d in rec["decisions"]) for rec in recs[1:])
    assert splitting > 0
    assert tally(random_log)["rules"]["T5.2"]["deals"] == splitting


def test_T4_4_the_bankers_pontoon_counts_in_the_deals_he_held_one(random_log: bytes) -> None:
    recs = records(random_log)
    held = sum(rec["banker_hand"]["class"] == "pontoon" for rec in recs[1:])
    assert held > 0
    assert tally(random_log)["rules"]["T4.4"]["deals"] == held


def test_a_divergence_is_charged_to_the_rule_it_cites(random_log: bytes) -> None:
    recs = records(random_log)
    rec = next(r for r in recs[1:] if any(h["rule"] == "T2.6" for h in r["hands"]))
    h = next(h for h in rec["hands"] if h["rule"] == "T2.6")
    h["net"] = -h["net"]  # a tie paid to the punter
    report = tally(dump(recs))
    assert report["rules"]["T2.6"]["divergences"] == 1
    assert sum(t["divergences"] for t in report["rules"].values()) == 1


def test_definitions_are_left_out_and_options_apply_only_when_set() -> None:
    plain = applicable(Rules())
    assert not set(DEFINITIONS) & set(plain)
    assert (
        "T5.8" in plain and "T7" in plain and not any(r.startswith(("V", "S", "C")) for r in plain)
    )
    aces = applicable(Rules().with_overrides({"split_aces_only": True}))
    assert set(aces) - set(plain) == {"V1"}
    assert {r[0] for r in applicable(Rules.preset_named("casino"))} == {"C"}
    assert "C12" not in applicable(Rules.preset_named("casino"))


def test_V1_a_split_refused_by_aces_only_is_exercised() -> None:
    rules = Rules().with_overrides({"split_aces_only": True})
    log = play_log(11, deals=200, strategy="random", rules=rules)
    report = tally(log)
    assert report["rules"]["V1"]["deals"] > 0
    assert "V1" not in report["missing"]


def test_the_text_table_the_json_line_and_fail_under(tmp_path: Path, random_log: bytes) -> None:
    log = tmp_path / "game.jsonl"
    log.write_bytes(random_log)
    report = tally(random_log, str(log))
    assert report["missing"]  # some rules never met in 200 deals (T8.5: the pack running out)
    text = runner.invoke(app, ["replay", "--coverage", str(log)])
    assert text.exit_code == 0
    assert "never exercised:" in text.stderr
    assert f"coverage: {report['covered']} of {report['total']} rules exercised" in text.stderr
    assert text.stdout == ""  # the table is beside the summary, on stderr
    as_json = runner.invoke(app, ["replay", "--coverage", "--json", str(log)])
    assert orjson.loads(as_json.stdout.splitlines()[-1]) == report
    failing = runner.invoke(app, ["replay", "--coverage", "--fail-under", "100", str(log)])
    assert failing.exit_code == 1
    assert "is under --fail-under 100%: never exercised: " + ", ".join(report["missing"]) in (
        failing.stderr
    )
    passing = runner.invoke(app, ["replay", "--coverage", "--fail-under", "50", str(log)])
    assert passing.exit_code == 0


def test_fail_under_needs_coverage(tmp_path: Path, random_log: bytes) -> None:
    log = tmp_path / "game.jsonl"
    log.write_bytes(random_log)
    result = runner.invoke(app, ["replay", "--fail-under", "90", str(log)])
    assert result.exit_code == 2
    assert "--fail-under needs --coverage" in result.stderr


OPTIONS = [
    ("traditional", {}),
    ("traditional", {"stick_minimum": 16, "split_aces_only": True}),
    ("traditional", {"no_bought_sure_thing": True, "burn_on": 13, "banker_doubles": True}),
    ("shoot", {}),
    ("casino", {}),
]


@pytest.mark.parametrize(("preset", "settings"), OPTIONS, ids=lambda v: str(v))
def test_every_refusal_by_another_rule_is_declared_in_bound_by(
    preset: str, settings: dict[str, object]
) -> None:
    """Coverage asks the deal only about the actions whose ``bound_by`` names a rule that
    applies: every refusal the engine gives by a rule besides an action's own, at any decision
    in turn, must be in that list, or coverage would miss it. Random legal play, every action
    of the actor's side asked at every decision."""
    import random

    from pontoon_cli import new_game
    from pontoon_cli.core.actions import BANKER

    rules = Rules.preset_named(preset).with_overrides(settings) if settings else None
    game = new_game(rules or Rules.preset_named(preset), seed=5)
    rng = random.Random(5)
    undeclared: set[tuple[str, str]] = set()
    seen: set[tuple[str, str]] = set()
    steps = 0
    while not game.over and steps < 6000:
        deal = game._deal
        assert deal is not None
        player, hand = game.actor  # type: ignore[misc]
        words = deal_table(deal).rows
        taker = BANKER if player == getattr(deal, "banker", None) else words[0].taker
        if deal.phase.name in ("STAKES", "SHOOT", "BANKER_DOUBLE"):  # a round of its own:
            words = ()  # coverage asks nothing beside a stake, a shoot bet or a double there
        for word in words:
            if word.taker != taker or word.word == "stake":
                continue
            refused = deal.problem(word.word, player, hand, None)
            if refused is not None and refused.rule != word.rule:
                seen.add((word.word, refused.rule))
                if (
                    refused.rule not in word.bound_by
                    and (word.word, refused.rule) not in COUNTED_ELSEWHERE
                ):
                    undeclared.add((word.word, refused.rule))
        choice = rng.choice(game.legal_actions())
        amount = None if choice.low is None else rng.randint(choice.low, choice.high or choice.low)
        game.act(choice.action, amount)
        steps += 1
    assert not undeclared
    if preset == "traditional" and settings:
        assert seen  # the options refuse something, so the check has teeth


def deal_table(deal: Any) -> Any:
    from pontoon_cli.core.actions import CASINO_ACTIONS, SHOOT_ACTIONS, TRADITIONAL_ACTIONS

    name = type(deal).__name__
    return {"CasinoDeal": CASINO_ACTIONS, "ShootDeal": SHOOT_ACTIONS}.get(name, TRADITIONAL_ACTIONS)
