"""Golden scenarios: every ``scenarios/*.toml`` plays to the payouts written inside it.

Each scenario is a small story whose expected numbers were worked out by hand from the rules; the
files together cover every rule of T1–T8, every option of V1–V9 and every rule of S1–S10 (each
names the rules it covers in a ``# covers:`` line). Each scenario's log is pinned by a syrupy
snapshot, ``__snapshots__/test_scenarios/<stem>.json`` (``make snapshots`` rewrites them; review
the diff like code). The JSON snapshots sort keys, so one exact-bytes test pins the log's key
order and compact form. The error tests write their bad scenarios into ``tmp_path``.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import orjson
import pytest
from support.engine import SPEC_SCENARIO
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension
from syrupy.location import PyTestLocation
from syrupy.types import SnapshotIndex
from typer.testing import CliRunner, Result

from pontoon_cli.cli.main import app
from pontoon_cli.scenario.reader import STRICT, load

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))
RULES_MD = ROOT / "docs" / "rules.md"

#: The rules of T1–T8, used when docs/rules.md cannot be read.
FALLBACK_RULE_IDS = (
    *("T1.1", "T1.2", "T1.3"),
    *("T2.1", "T2.2", "T2.3", "T2.4", "T2.5", "T2.6"),
    *("T3.1", "T3.2", "T3.3"),
    *("T4.1", "T4.2", "T4.3", "T4.4"),
    *("T5.1", "T5.2", "T5.3", "T5.4", "T5.5", "T5.6", "T5.7", "T5.8"),
    *("T6.1", "T6.2", "T6.3"),
    *("T7", "T7.1", "T7.2", "T7.3"),
    *("T8.1", "T8.2", "T8.3", "T8.4", "T8.5", "T8.6"),
)

COVERS = re.compile(r"^# covers: ([TVSC]\d+(?:\.\d+)?(?:, [TVSC]\d+(?:\.\d+)?)*)$")
#: The options of the traditional game (docs/rules.md V1-V9): each has a scenario of its own (named
#: in a ``# covers:`` line).
OPTIONS_WITH_SCENARIOS = tuple(f"V{n}" for n in range(1, 10))
#: Shoot Pontoon's rules (docs/rules.md S1-S10): each has a scenario too.
SHOOT_RULE_IDS = tuple(f"S{n}" for n in range(1, 11))
#: Casino Pontoon's rules (docs/rules.md C1-C11; C12, a published figure, is the strategy's).
CASINO_RULE_IDS = tuple(f"C{n}" for n in range(1, 12))

runner = CliRunner()


@functools.cache
def played(path: Path) -> Result:
    """``pontoon play PATH`` in-process, once per file for the whole test run."""
    return runner.invoke(app, ["play", str(path)])


def decoded(result: Result) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in result.stdout_bytes.splitlines()]


# every scenario plays to its expectations -------------------------------------------------------


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 15


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_plays_to_its_expectations(path: Path) -> None:
    scenario, problems = load(path)
    assert problems == []
    assert scenario is not None
    assert scenario.name  # a descriptive name, written into the log header
    assert scenario.strategy == STRICT  # every decision is scripted, none left to a strategy

    result = played(path)

    assert result.exit_code == 0, result.stderr
    assert result.stderr.endswith("every expectation held\n")
    records = decoded(result)
    assert [r["type"] for r in records] == ["header"] + ["deal"] * scenario.total_deals
    assert records[0]["scenario"] == scenario.name
    if records[0]["rules"]["preset"] == "casino":  # C3: the house pays or takes the rest
        for r in records[1:]:
            by_hands: dict[str, int] = {}
            for h in r["hands"]:
                by_hands[h["player"]] = by_hands.get(h["player"], 0) + h["net"]
            assert {p: n for p, n in r["net"].items() if p in by_hands} == by_hands
    else:
        assert all(sum(r["net"].values()) == 0 for r in records[1:])  # T7: no money made or lost
    assert all(block.expect for block in scenario.deals)  # every deal checks its payouts


def test_check_reports_no_problems_in_any_scenario() -> None:
    result = runner.invoke(app, ["check", *map(str, SCENARIOS)])

    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == f"pontoon check: {len(SCENARIOS)} files, no problems\n"


# every rule of T1–T8 has a scenario -------------------------------------------------------------


def rule_ids() -> list[str]:
    """The rule IDs of T1–T8 in docs/rules.md: each ``- Tn.m`` item, and a ``### Tn`` section that
    states a rule of its own (T7's settlement table). Falls back to a fixed list."""
    try:
        text = RULES_MD.read_text(encoding="utf-8")
    except OSError:
        return list(FALLBACK_RULE_IDS)
    ids: list[str] = []
    for section in re.split(r"^(?=##)", text, flags=re.MULTILINE):
        heading = re.match(r"### (T\d+) ", section)
        if heading is None:
            continue
        if re.search(r"^\|", section, flags=re.MULTILINE):
            ids.append(heading[1])
        ids += re.findall(r"^- \*\*(T\d+\.\d+)\*\* ", section, flags=re.MULTILINE)
    assert ids, f"no T rule IDs found in {RULES_MD}: has its layout changed?"
    return ids


def covers(path: Path) -> list[str]:
    """The IDs of the ``# covers: T5.3, T5.4`` line among the first lines of a scenario."""
    head = path.read_text(encoding="utf-8").splitlines()[:5]
    found = [m[1].split(", ") for line in head if (m := COVERS.match(line))]
    assert len(found) == 1, f"{path.name}: expected one '# covers: T…' line in its first 5 lines"
    return found[0]


def test_rule_ids_read_from_rules_md_match_the_fallback_list() -> None:
    # A rule added to docs/rules.md needs a scenario, and a place in the fallback list.
    assert sorted(rule_ids()) == sorted(FALLBACK_RULE_IDS)


def test_every_rule_of_t1_to_t8_has_a_scenario() -> None:
    covered = {rule for path in SCENARIOS for rule in covers(path) if rule.startswith("T")}
    known = rule_ids()

    assert [rule for rule in known if rule not in covered] == []
    # no typos
    assert sorted(r for r in covered if r.startswith("T") and r not in known) == []


def test_every_rule_of_S1_to_S10_has_a_scenario() -> None:
    covered = {rule for path in SCENARIOS for rule in covers(path)}
    assert [rule for rule in SHOOT_RULE_IDS if rule not in covered] == []
    assert sorted(r for r in covered if r.startswith("S") and r not in SHOOT_RULE_IDS) == []


def test_every_rule_of_C1_to_C11_has_a_scenario() -> None:
    covered = {rule for path in SCENARIOS for rule in covers(path)}
    assert [rule for rule in CASINO_RULE_IDS if rule not in covered] == []
    assert sorted(r for r in covered if r.startswith("C") and r not in CASINO_RULE_IDS) == []


def test_every_option_of_V1_to_V9_has_a_scenario() -> None:
    covered = {rule for path in SCENARIOS for rule in covers(path) if rule.startswith("V")}
    assert [rule for rule in OPTIONS_WITH_SCENARIOS if rule not in covered] == []
    assert sorted(covered - set(OPTIONS_WITH_SCENARIOS)) == []  # no typos


# the log of each scenario ------------------------------------------------------------------------


class ScenarioLogExtension(JSONSnapshotExtension):
    """JSON snapshots named after the scenario: ``__snapshots__/test_scenarios/<stem>.json``."""

    @classmethod
    def get_snapshot_name(cls, *, test_location: PyTestLocation, index: SnapshotIndex = 0) -> str:
        if isinstance(index, str):
            return index
        return super().get_snapshot_name(test_location=test_location, index=index)


@pytest.fixture
def log_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(ScenarioLogExtension)


# Syrupy warns, when it writes them, that these names do not contain the test's name; that is the
# point of the extension, and it still finds each file and reports unused ones.
@pytest.mark.filterwarnings("ignore:Can not relate snapshot")
@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_log_matches_its_snapshot(path: Path, log_snapshot: SnapshotAssertion) -> None:
    result = played(path)

    assert result.exit_code == 0, result.stderr
    assert decoded(result) == log_snapshot(name=path.stem)


# the exact bytes of a deal record: key order and compact form -----------------------------------

# The whole pack is stacked, so every byte of the record is known: ann's T-8 (18) beats cal's
# 9-7 (16): "pay 17" (T7.1).
SMALL = """\
name = "exact bytes"
seed = 1
strategy = "strict"

[table]
players = ["ann", "cal"]
banker = "cal"
bankroll = 10

[[deal]]
pack = \"\"\"
TH 9C 8D 7S
AC 2C 3C 4C 5C 6C 7C 8C TC JC QC KC
AD 2D 3D 4D 5D 6D 7D 9D TD JD QD KD
AH 2H 3H 4H 5H 6H 7H 8H 9H JH QH KH
AS 2S 3S 4S 5S 6S 8S 9S TS JS QS KS
\"\"\"
stakes = { ann = 2 }
ann = ["stick"]
banker = ["stay"]
expect = { net = { ann = 2, cal = -2 } }
"""

SMALL_DEAL_LINE = (
    b'{"type":"deal","deal":1,"sale":null,"banker":"cal","pack_state":"stacked",'
    b'"pack":"TH 9C 8D 7S AC 2C 3C 4C 5C 6C 7C 8C TC JC QC KC '
    b"AD 2D 3D 4D 5D 6D 7D 9D TD JD QD KD AH 2H 3H 4H 5H 6H 7H 8H 9H JH QH KH "
    b'AS 2S 3S 4S 5S 6S 8S 9S TS JS QS KS",'
    b'"sat_out":[],'
    b'"decisions":[{"player":"ann","hand":1,"action":"stake","amount":2},'
    b'{"player":"ann","hand":1,"action":"stick"},'
    b'{"player":"cal","hand":1,"action":"stay"}],'
    b'"cards":[{"player":"ann","hand":1,"card":"TH","up":false},'
    b'{"player":"cal","hand":1,"card":"9C","up":false},'
    b'{"player":"ann","hand":1,"card":"8D","up":false},'
    b'{"player":"cal","hand":1,"card":"7S","up":false}],'
    b'"hands":[{"player":"ann","hand":1,"cards":"TH 8D","stake":2,"class":"total","total":18,'
    b'"split":false,"net":2,"rule":"T7.1"}],'
    b'"banker_hand":{"cards":"9C 7S","class":"total","total":16},'
    b'"void":false,"net":{"ann":2,"cal":-2},"balance":{"ann":12,"cal":8},"next_banker":"cal"}\n'
)


def test_deal_record_bytes_pin_key_order_and_compact_form(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(SMALL, encoding="utf-8")

    result = runner.invoke(app, ["play", str(path)])

    assert result.exit_code == 0, result.stderr
    header, deal = result.stdout_bytes.splitlines(keepends=True)
    assert header.startswith(b'{"type":"header","format":"pontoon-log/1","tool":"pontoon-cli ')
    assert deal == SMALL_DEAL_LINE


# errors: a bad scenario exits 1 and says where and why -----------------------------------------

BAD_HEAD = SPEC_SCENARIO[: SPEC_SCENARIO.index("\n\n[[deal]]") + 1].replace(
    "five card trick beats the banker's 21", "bad"
)


def write(tmp_path: Path, deals: str) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(BAD_HEAD + deals, encoding="utf-8")
    return path


def line_of(path: Path, text: str) -> int:
    """The 1-based number of the only line of ``path`` that starts with ``text``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    (number,) = [n for n, line in enumerate(lines, 1) if line.startswith(text)]
    return number


# ann T-5 (15) and bob 9-8 (17) against cal T-7 (17); the next cards are 2C, 3C.
ONE_DEAL = """
[[deal]]
pack = "TH 9H TC 5H 8H 7C 2C 3C"
stakes = { ann = 2, bob = 3 }
ann = ["stick"]
bob = ["stick"]
banker = ["stay"]
"""


def test_a_failed_expectation_exits_1_with_expected_and_actual_side_by_side(
    tmp_path: Path,
) -> None:
    expect = "expect = { net = { ann = 5, bob = -3 }, next_banker = 'ann' }\n"
    path = write(tmp_path, ONE_DEAL + expect)

    result = runner.invoke(app, ["play", str(path)])

    assert result.exit_code == 1
    here = f"{path}:{line_of(path, 'expect')}"
    lines = result.stderr.splitlines()
    assert lines[0] == f"{path}: 2 expectations failed"
    assert re.fullmatch(r"where\s+deal\s+key\s+expected\s+actual", lines[1])
    assert re.fullmatch(rf"{re.escape(here)}\s+deal 1\s+net\.ann\s+5\s+-2", lines[2])
    assert re.fullmatch(rf"{re.escape(here)}\s+deal 1\s+next_banker\s+ann\s+cal", lines[3])
    assert len(lines) == 4  # bob's -3 held and is not listed
    # the columns line up: each value starts where its heading does
    assert lines[2][lines[1].index("expected") :].startswith("5 ")
    assert lines[2][lines[1].index("actual") :] == "-2"


def test_an_illegal_action_exits_1_naming_file_line_deal_player_hand_and_rule(
    tmp_path: Path,
) -> None:
    # deal 1 plays as scripted; in deal 2 ann's 2C-4C is 6: she twists 5C, then tries to buy.
    second = """
[[deal]]
pack = "2C 9S TS 4C 8S 7S 5C 6C"
stakes = { ann = 2, bob = 3 }
ann = ["twist", "buy 2"]
"""
    path = write(tmp_path, ONE_DEAL + second)

    result = runner.invoke(app, ["play", str(path)])

    assert result.exit_code == 1
    line = line_of(path, 'ann = ["twist"')
    where = f"{path}:{line}"
    assert result.stderr == (
        f"pontoon: {where}: deal 2, ann, hand 1: cannot buy after a twist (T5.4)\n"
    )
    assert len(result.stdout_bytes.splitlines()) == 2  # the header and deal 1 only


def test_a_script_that_runs_out_under_strict_exits_1(tmp_path: Path) -> None:
    # bob's 9-8 (17) is a choice, and his script is missing.
    path = write(tmp_path, ONE_DEAL.replace('bob = ["stick"]\n', ""))

    result = runner.invoke(app, ["play", str(path)])

    assert result.exit_code == 1
    where = f"{path}:{line_of(path, '[[deal]]')}"  # bob has no line of his own
    assert result.stderr == (
        f"pontoon: {where}: deal 1, bob, hand 1: the script has no action for this decision "
        '(strategy "strict"); legal now: buy 3-6, twist, stick\n'
    )


def test_a_left_over_action_exits_1(tmp_path: Path) -> None:
    # ann's stick finishes her hand; a second one has nothing to act on.
    path = write(tmp_path, ONE_DEAL.replace('ann = ["stick"]', 'ann = ["stick", "twist"]'))

    result = runner.invoke(app, ["play", str(path)])

    assert result.exit_code == 1
    where = f"{path}:{line_of(path, 'ann = ')}"
    assert result.stderr == (
        f"pontoon: {where}: deal 1, ann: action 'twist' is left over: ann's hands are finished "
        "(T5)\n"
    )


def test_a_left_over_banker_action_exits_1(tmp_path: Path) -> None:
    # cal's T-7 draws 4C: a hard 21, where he stops by himself (T6.2), so "stay" is left over.
    deal = ONE_DEAL.replace("7C 2C 3C", "7C 4C 3C").replace(
        'banker = ["stay"]', 'banker = ["draw", "stay"]'
    )
    path = write(tmp_path, deal)

    result = runner.invoke(app, ["play", str(path)])

    assert result.exit_code == 1
    where = f"{path}:{line_of(path, 'banker = [')}"
    assert result.stderr == (
        f"pontoon: {where}: deal 1, cal: action 'stay' is left over: cal's hands are finished "
        "(T6.2)\n"
    )


def test_a_stake_for_a_punter_who_sits_out_exits_1(tmp_path: Path) -> None:
    # ann has nothing, so she sits the deal out (T8.6); staking for her is not ignored.
    head = BAD_HEAD.replace("bankroll = 100", "bankroll = { ann = 0, bob = 100, cal = 100 }")
    deal = ONE_DEAL.replace('ann = ["stick"]\n', "").replace(
        "TH 9H TC 5H 8H 7C 2C 3C", "9H TC 8H 7C"
    )
    path = tmp_path / "sits-out.toml"
    path.write_text(head + deal, encoding="utf-8")

    result = runner.invoke(app, ["play", str(path)])

    assert result.exit_code == 1
    where = f"{path}:{line_of(path, 'stakes = ')}"
    assert result.stderr == (
        f"pontoon: {where}: deal 1, ann, hand 1: cannot stake 2 with a balance of 0: below the "
        "minimum stake of 1, ann sits this deal out (T8.6)\n"
    )


def test_T8_6_a_scenario_whose_punters_are_all_broke_stops_with_exit_1(tmp_path: Path) -> None:
    scenario = tmp_path / "broke.toml"
    scenario.write_text(
        'name = "broke"\nstrategy = "default"\ndeals = 3\n[table]\nplayers = ["ann", "bob"]\n'
        'banker = "bob"\nbankroll = { ann = 1, bob = 100 }\n[[deal]]\npack = "2H AS 5C KS"\n'
        "stakes = { ann = 1 }\n"
    )
    result = CliRunner().invoke(app, ["play", str(scenario)])
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"pontoon: {scenario}:3: deal 2: no punter can cover the minimum stake of 1: "
        "the game cannot go on (T8.6)"
    )
