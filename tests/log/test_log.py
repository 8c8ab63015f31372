"""The log's JSON Schema: every log the tests write validates, and replay's own checks agree.

``validate_log`` (a helper, and the ``validate_log`` fixture) checks every line of a log with
``jsonschema`` against the shipped ``pontoon_cli/logformat/schema.json``. The logs come from seeded
play (default and random strategies, two to ten seats, so one and two packs) and from every scenario
in ``scenarios/`` (globbed when the tests run). Replay does not run a schema validator per line; its
hand-written checks (``pontoon_cli/logformat/check.py``) are held to the schema here.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.logs import (
    DEALS,
    HEADER,
    SCHEMA,
    VALIDATOR,
    delete_path,
    paths,
    play_log,
    play_scenario,
    records,
    scenario_files,
    set_path,
    validate_log,
)
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.core.rules import PRESETS, Rules, setting_info
from pontoon_cli.log.writer import FORMAT, schema
from pontoon_cli.replay.run import replay_lines

# the schema itself -------------------------------------------------------------------------------


def test_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["title"] == FORMAT


def test_schema_command_prints_the_shipped_file() -> None:
    result = CliRunner().invoke(app, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == SCHEMA
    assert schema() == SCHEMA


def test_schema_records_are_keyed_by_type() -> None:
    header, deal = (SCHEMA["$defs"][name] for name in ("header", "deal"))
    # anyOf: a third party's minimal deal may fit both a traditional deal and a casino round
    assert [ref["$ref"] for ref in SCHEMA["anyOf"]] == [
        "#/$defs/header",
        "#/$defs/deal",
        "#/$defs/casino_deal",
    ]
    assert header["properties"]["type"] == {"const": "header"}
    assert deal["properties"]["type"] == {"const": "deal"}
    # A third party's minimal records need only these (docs/log-format.md, "The minimal form").
    assert header["required"] == ["type", "format", "rules", "table"]
    assert deal["required"] == ["type", "deal", "pack", "decisions", "net"]


def test_schema_lists_every_field_the_log_writer_writes() -> None:
    header_record_, *deals = records(play_log(4, deals=12))
    defs = SCHEMA["$defs"]
    assert list(defs["header"]["properties"]) == list(header_record_)
    assert list(defs["table"]["properties"]) == list(header_record_["table"])
    traditional = [k for k in defs["deal"]["properties"] if k != "kitty"]  # Shoot's: test_shoot_log
    for deal in deals:
        assert traditional == list(deal)
        for d in deal["decisions"]:
            assert set(d) <= set(defs["decision"]["properties"])
        for c in deal["cards"]:
            assert list(c) == list(defs["card_dealt"]["properties"])
        for h in deal["hands"]:
            assert list(h) == list(defs["hand"]["properties"])
        banker_hand = defs["deal"]["properties"]["banker_hand"]
        assert list(deal["banker_hand"]) == list(banker_hand["properties"])


def test_schema_rule_settings_match_the_rules() -> None:
    """The closed enums of the rule settings are the choices rules.py accepts."""
    props = SCHEMA["$defs"]["rules"]["properties"]
    # the traditional and Shoot presets' rules; the casino preset's (C1-C11) are casino_rules
    # (tests/casino/test_casino_replay.py)
    covered = ("traditional", "shoot")
    casino_only = {name for name, *_ in setting_info("casino")} - {"preset"}
    assert list(props) == [name for name, *_ in setting_info() if name not in casino_only]
    fields = {f.name: f for f in Rules.__dataclass_fields__.values()}
    for name, spec in props.items():
        choices = fields[name].metadata["choices"]
        if choices:
            assert spec["enum"] == list(choices), name
    assert props["preset"]["enum"] == [p for p in PRESETS if p in covered]
    assert props["settlement"]["enum"] == ["traditional"]


# every log the tests write validates -------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "players", "strategy"),
    [
        (7, 4, "default"),
        (1, 2, "default"),
        (2, 6, "random"),
        (3, 8, "default"),  # two packs (T1.1)
        (4, 10, "random"),  # two packs, ten seats
        (5, 3, "random"),
    ],
)
def test_seeded_logs_validate(seed: int, players: int, strategy: str) -> None:
    log = play_log(seed, deals=25, players=players, strategy=strategy)
    assert validate_log(log) == 26
    header = records(log)[0]
    assert header["rules"] == Rules().to_dict()


def test_logs_with_rule_settings_and_small_bankrolls_validate() -> None:
    rules = Rules().with_overrides({"packs": 2, "stick_minimum": 16, "split_aces_only": True})
    log = play_log(9, deals=40, players=5, strategy="random", rules=rules, bankroll=12)
    assert validate_log(log) > 1
    assert any(r.get("sat_out") for r in records(log)[1:]), "expected someone to sit out (T8.6)"


def test_the_command_line_log_validates() -> None:
    result = CliRunner().invoke(app, ["play", "--seed", "7", "--deals", "5", "--players", "4"])
    assert result.exit_code == 0
    assert validate_log(result.stdout_bytes) == 6


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.name)
def test_scenario_logs_validate(path: Path) -> None:
    log = play_scenario(path)
    if not log:
        pytest.skip(f"{path.name} writes no log (it cannot be played)")
    validate_log(log)


def test_validate_fixture_rejects_a_bad_line(validate: Callable[[bytes], int]) -> None:
    log = play_log(7, deals=1)
    assert validate(log) == 2
    with pytest.raises(AssertionError, match="line 2"):
        validate(log.replace(b'"void":false', b'"void":0'))


# replay's hand-written checks agree with the schema ----------------------------------------------


def format_rejected(header: dict[str, Any], record: dict[str, Any]) -> bool:
    """True when replay refuses ``record`` (after ``header``) as unreadable (exit 2)."""
    try:
        replay_lines("t.jsonl", [orjson.dumps(header) + b"\n", orjson.dumps(record) + b"\n"])
    except LogFormatError:
        return True
    return False


ODD_VALUES = [None, "x", "", 0, -1, 7, 2.5, True, [], {}, ["x"], {"x": 1}, "9H", "AS KD"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_replay_refuses_exactly_what_the_schema_refuses(data: st.DataObject) -> None:
    """Change one value of a deal record (or drop it, or add a field): replay exits 2 (a format
    problem) exactly when the JSON Schema says the record is invalid."""
    record = copy.deepcopy(data.draw(st.sampled_from(DEALS)))
    path = data.draw(st.sampled_from(list(paths(record))))
    how = data.draw(st.sampled_from(["set", "set", "set", "delete", "add"]))
    if how == "set":
        set_path(record, path, data.draw(st.sampled_from(ODD_VALUES)))
    elif how == "delete":
        delete_path(record, path)
    else:
        record["remark"] = "extra"
    valid = VALIDATOR.is_valid(record)
    assert format_rejected(HEADER, record) == (not valid), (path, how, record)


@pytest.mark.parametrize(
    ("change", "valid"),
    [
        ({}, True),
        ({"tool": None}, False),
        ({"seed": None}, True),
        ({"seed": "7"}, False),
        ({"scenario": 3}, False),
        ({"strategies": None}, True),
        ({"strategies": {"punter": 1}}, False),
        ({"strategies": {"dealer": "x"}}, False),
        ({"format": "pontoon-log/2"}, False),
        ({"cut": []}, True),
        ({"cut": [{"p1": "ZZ"}]}, False),
        ({"cut": None}, False),
        ({"rules": {"preset": "traditional"}}, True),
        ({"rules": {}}, True),
        ({"rules": {"stick_minimum": 16}}, True),
        ({"rules": {"stick_minimum": 11}}, False),
        ({"rules": {"packs": True}}, False),
        ({"rules": {"preset": "casino"}}, False),
        ({"rules": {"no_such_setting": 1}}, False),
        ({"table": {"seats": ["p1"]}}, False),
        ({"remark": "extra"}, False),
    ],
)
def test_header_checks_agree_with_the_schema(change: dict[str, Any], valid: bool) -> None:
    header = copy.deepcopy(HEADER)
    header.update(change)
    assert VALIDATOR.is_valid(header) == valid
    if valid:
        replay_lines("t.jsonl", [orjson.dumps(header) + b"\n"])
    else:
        with pytest.raises(LogFormatError, match=r"^t\.jsonl:1: "):
            replay_lines("t.jsonl", [orjson.dumps(header) + b"\n"])


def test_header_without_optional_fields_is_valid() -> None:
    header = {k: HEADER[k] for k in ("type", "format", "rules", "table")}
    assert VALIDATOR.is_valid(header)
    assert replay_lines("t.jsonl", [orjson.dumps(header) + b"\n"]) == []
