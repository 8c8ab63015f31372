"""The `pontoon` command in-process (CliRunner): exit code first, then stdout, then stderr."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import jsonschema
import orjson
import pytest
from support.engine import SPEC_SCENARIO
from typer.testing import CliRunner

from pontoon_cli.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

SCENARIO = SPEC_SCENARIO


SCHEMA = jsonschema.Draft202012Validator(
    orjson.loads((ROOT / "pontoon_cli" / "logformat" / "schema.json").read_bytes())
)


def run(*args: str) -> tuple[int, str, str]:
    """Invoke `pontoon`; every log a `play` writes to stdout must meet the shipped schema."""
    result = runner.invoke(app, list(args))
    if args and args[0] == "play" and "--help" not in args:
        for number, line in enumerate(result.stdout.splitlines(), 1):
            errors = [e.message for e in SCHEMA.iter_errors(orjson.loads(line))]
            assert not errors, f"play {args}: line {number}: {errors}"
    return result.exit_code, result.stdout, result.stderr


def records(stdout: str) -> list[dict]:
    return [orjson.loads(line) for line in stdout.splitlines()]


# play: seeded -----------------------------------------------------------------------------------


def test_play_seeded_writes_header_then_one_line_per_deal() -> None:
    code, out, err = run("play", "--seed", "7", "--deals", "5", "--players", "4")
    assert code == 0
    lines = records(out)
    assert [r["type"] for r in lines] == ["header"] + ["deal"] * 5
    assert lines[0]["format"] == "pontoon-log/1"
    assert lines[0]["seed"] == 7
    assert lines[0]["table"]["seats"] == ["p1", "p2", "p3", "p4"]
    assert [r["deal"] for r in lines[1:]] == [1, 2, 3, 4, 5]
    for deal in lines[1:]:
        assert sum(deal["net"].values()) == 0  # T7: what one side pays the other receives
    assert err == ""


def test_same_seed_gives_identical_bytes_and_another_seed_differs() -> None:
    args = ("play", "--seed", "11", "--deals", "30", "--players", "5")
    first, second = run(*args), run(*args)
    assert first[0] == second[0] == 0
    assert first[1] == second[1]
    other = run("play", "--seed", "12", "--deals", "30", "--players", "5")
    assert other[1] != first[1]


def test_without_seed_a_fresh_seed_is_drawn_and_logged_so_the_run_repeats() -> None:
    code, out, err = run("play", "--deals", "3")
    assert code == 0
    seed = records(out)[0]["seed"]
    assert isinstance(seed, int)
    assert f"--seed {seed}" in err
    again = run("play", "--deals", "3", "--seed", str(seed))
    assert again[1] == out


def test_hands_is_an_alias_of_deals_and_players_names_seats() -> None:
    code, out, _ = run("play", "--seed", "1", "--hands", "2", "--player", "ann", "--player", "bob")
    assert code == 0
    lines = records(out)
    assert len(lines) == 3
    assert lines[0]["table"]["seats"] == ["ann", "bob"]


def test_banker_option_names_the_first_banker_and_skips_the_cut() -> None:
    code, out, _ = run("play", "--seed", "1", "--deals", "1", "--players", "3", "--banker", "p3")
    assert code == 0
    header, deal = records(out)
    assert header["table"]["banker"] == "p3"
    assert header["cut"] == []
    assert deal["banker"] == "p3"


def test_T1_1_eight_players_play_with_two_packs() -> None:
    code, out, _ = run("play", "--seed", "2", "--deals", "1", "--players", "8")
    assert code == 0
    deal = records(out)[1]
    assert len(deal["pack"].split()) == 104


def test_set_overrides_a_rule_and_the_header_shows_it() -> None:
    code, out, _ = run("play", "--seed", "1", "--deals", "1", "--set", "stick_minimum=16")
    assert code == 0
    assert records(out)[0]["rules"]["stick_minimum"] == 16


def test_stake_limits_and_bankroll_options_reach_the_table() -> None:
    code, out, _ = run(
        "play",
        "--seed",
        "3",
        "--deals",
        "20",
        "--min-stake",
        "2",
        "--max-stake",
        "4",
        "--bankroll",
        "50",
        "--strategy",
        "random",
    )
    assert code == 0
    header, *deals = records(out)
    assert header["table"]["bankrolls"] == dict.fromkeys(["p1", "p2", "p3", "p4"], 50)
    stakes = [d["amount"] for r in deals for d in r["decisions"] if d["action"] == "stake"]
    assert stakes and all(2 <= s <= 4 for s in stakes)  # T3.3


def test_out_writes_the_whole_log_to_the_file_and_nothing_to_stdout(tmp_path: Path) -> None:
    out_file = tmp_path / "game.jsonl"
    code, out, _ = run("play", "--seed", "5", "--deals", "4", "--out", str(out_file))
    assert code == 0
    assert out == ""
    expected = run("play", "--seed", "5", "--deals", "4")[1]
    assert out_file.read_text() == expected
    assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]  # no temporary left


def test_out_leaves_an_existing_file_untouched_when_the_play_fails(tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(SCENARIO.replace('ann = ["twist", "twist", "twist"]', 'ann = ["stick"]'))
    out_file = tmp_path / "keep.jsonl"
    out_file.write_text("precious\n")
    code, _, err = run("play", str(scenario), "--out", str(out_file))
    assert code == 1
    assert out_file.read_text() == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.jsonl", "s.toml"]
    assert (
        "s.toml:13: deal 1, ann, hand 1: cannot stick on 5: the least is 15; buy or twist (T5.5)"
        in err
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--strategy", "wild"), "unknown strategy 'wild'"),
        (("--strategy", "strict"), "strict is for scenario files"),
        (
            ("--set", "stick_minimun=16"),
            "unknown rule setting 'stick_minimun'; did you mean 'stick_minimum'?",
        ),
        (("--set", "stick_minimum"), "expected OPTION=VALUE"),
        (
            ("--set", "pontoon_pays=7"),
            "rule setting 'pontoon_pays': 7 is not one of 1, 2, 3 (T7, V4)",
        ),
        (("--rules", "casinoo"), "unknown preset 'casinoo'"),
        (("--banker", "zed"), "banker 'zed' is not at the table"),
        (("--min-stake", "5", "--max-stake", "2"), "min_stake 5 is above max_stake 2 (T3.3)"),
    ],
)
def test_bad_play_options_exit_2_with_a_clear_message(args: tuple[str, ...], message: str) -> None:
    code, out, err = run("play", "--seed", "1", *args)
    assert code == 2
    assert out == ""
    assert message in err
    assert "Traceback" not in err


def test_unknown_option_is_a_usage_error_exit_2() -> None:
    code, _, err = run("play", "--bogus")
    assert code == 2
    assert "No such option: --bogus" in err


# play: scenarios ---------------------------------------------------------------------------------


def test_play_scenario_meets_its_expectations(tmp_path: Path) -> None:
    scenario = tmp_path / "spec.toml"
    scenario.write_text(SCENARIO)
    code, out, err = run("play", str(scenario))
    assert code == 0
    header, deal = records(out)
    assert header["scenario"] == "five card trick beats the banker's 21"
    assert deal["pack_state"] == "stacked"
    assert deal["net"] == {"ann": 4, "bob": -7, "cal": 3}
    assert "every expectation held" in err


def test_scenario_in_json_plays_the_same_as_toml(tmp_path: Path) -> None:
    import tomllib

    toml_file = tmp_path / "s.toml"
    toml_file.write_text(SCENARIO)
    json_file = tmp_path / "s.json"
    json_file.write_bytes(orjson.dumps(tomllib.loads(SCENARIO), option=orjson.OPT_INDENT_2))
    toml_run, json_run = run("play", str(toml_file)), run("play", str(json_file))
    assert toml_run[0] == json_run[0] == 0
    assert toml_run[1] == json_run[1]


def test_command_line_options_win_over_the_scenario(tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(SCENARIO)
    code, out, _ = run(
        "play", str(scenario), "--seed", "99", "--deals", "3", "--strategy", "default"
    )
    assert code == 0
    header, *deals = records(out)
    assert header["seed"] == 99
    assert len(deals) == 3  # the scripted deal, then two played by the strategy


def test_failed_expectation_exits_1_with_expected_and_actual_side_by_side(tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(
        SCENARIO.replace("bob = -7", "bob = -6").replace('"five-card-trick"', '"pontoon"')
    )
    code, out, err = run("play", str(scenario))
    assert code == 1
    assert len(records(out)) == 2  # the log is still whole
    rows = [line.split() for line in err.splitlines()]
    assert ["where", "deal", "key", "expected", "actual"] in rows
    assert [f"{scenario}:16", "deal", "1", "net.bob", "-6", "-7"] in rows
    assert [f"{scenario}:16", "deal", "1", "class.ann", "pontoon", "five-card-trick"] in rows


def test_illegal_scripted_action_names_file_line_deal_player_hand_and_rule(tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(
        SCENARIO.replace('ann = ["twist", "twist", "twist"]', 'ann = ["twist", "buy 2"]')
    )
    code, _, err = run("play", str(scenario))
    assert code == 1
    assert (
        err.strip()
        == f"pontoon: {scenario}:13: deal 1, ann, hand 1: cannot buy after a twist (T5.4)"
    )


def test_check_lists_every_problem_with_file_line_and_key(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        SCENARIO.replace('strategy = "strict"', 'strategi = "strict"')
        .replace("2H TH", "2H 1X TH")
        .replace("bob = 3 }", "bbo = 3 }")
        .replace('"buy 4"', '"buy four"')
    )
    code, out, err = run("check", str(bad))
    assert code == 2
    assert out.splitlines() == [
        f"{bad}:3: strategi: unknown key 'strategi'; did you mean 'strategy'?",
        f"{bad}:11: deal[1].pack: card 2: '1X' is not a card: expected a rank of A 2-9 T (or 10) "
        "J Q K then a suit of C D H S, e.g. 'TH'",
        f"{bad}:12: deal[1].stakes.bbo: 'bbo' is not at the table; did you mean 'bob'?",
        f"{bad}:14: deal[1].bob: action 1: 'buy four': buy needs a whole amount, "
        "e.g. 'buy 4' (T5.3)",
    ]
    assert err == "pontoon check: 1 file, 4 problems\n"


def test_check_passes_good_files_and_checks_rules_files(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text(SCENARIO)
    rules = tmp_path / "house.toml"
    rules.write_text('preset = "traditional"\nstick_minimum = 16\n')
    bad_rules = tmp_path / "bad-rules.toml"
    bad_rules.write_text('preset = "traditional"\nstick_minimun = 16\npontoon_pays = 5\n')
    assert run("check", str(good), str(rules))[0] == 0
    code, out, _ = run("check", str(bad_rules))
    assert code == 2
    assert (
        f"{bad_rules}:2: stick_minimun: unknown rule setting 'stick_minimun'; "
        "did you mean 'stick_minimum'?" in out
    )
    assert (
        f"{bad_rules}:3: pontoon_pays: rule setting 'pontoon_pays': 5 is not one of "
        "1, 2, 3 (T7, V4)" in out
    )


def test_check_reports_every_wrong_value_of_a_rules_file_V2_V4_V8_S1(tmp_path: Path) -> None:
    bad = tmp_path / "house.toml"
    bad.write_text('preset = "traditional"\nstick_minimum = 99\npontoon_pays = 7\nburn_on = 16\n')
    code, out, _ = run("check", str(bad))
    assert code == 2
    lines = [line for line in out.splitlines() if line.startswith(str(bad))]
    assert [line.split(":")[1:3] for line in lines] == [
        ["2", " stick_minimum"],
        ["3", " pontoon_pays"],
        ["4", " burn_on"],
    ]
    assert lines[2].endswith("'burn_on': 16 is not one of null, 13, 14 (V8)")
    # settings are judged together only once each is right: limits that agree with each other
    # are not judged against the defaults (S1)
    shoot = tmp_path / "shoot.toml"
    shoot.write_text('preset = "shoot"\nkitty_min = 150\nkitty_max = 200\nkitty = 160\n')
    assert run("check", str(shoot))[0] == 0
    shoot.write_text('preset = "shoot"\nkitty_min = 150\nkitty_max = 100\n')
    code, out, _ = run("check", str(shoot))
    assert code == 2 and "the least kitty is above the most (S1)" in out


def test_rules_file_from_the_command_line(tmp_path: Path) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text("stick_minimum = 16\n")
    code, out, _ = run("play", "--seed", "1", "--deals", "1", "--rules", str(rules))
    assert code == 0
    assert records(out)[0]["rules"]["stick_minimum"] == 16


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'name = "x"\n[table\nplayers = 1\n',
            ":2: malformed TOML: Expected ']' at the end of a table declaration",
        ),
        ('{"name": "x",\n "table": }', ":2: malformed JSON: Expecting value (column 11)"),
    ],
)
def test_malformed_files_exit_2_with_the_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / ("s.json" if text.startswith("{") else "s.toml")
    path.write_text(text)
    for command in ("play", "check"):
        code, _, err = run(command, str(path))
        out_err = err if command == "play" else run(command, str(path))[1]
        assert code == 2
        assert f"{path}{message}" in out_err


def test_missing_file_exits_2() -> None:
    code, _, err = run("play", "no/such/scenario.toml")
    assert code == 2
    assert "no/such/scenario.toml: no such file" in err


# rules, schema, help ------------------------------------------------------------------------------


def test_rules_lists_presets_and_shows_settings_with_rule_ids() -> None:
    code, out, _ = run("rules")
    assert code == 0
    assert out.split() == ["traditional", "shoot", "casino"]
    code, out, _ = run("rules", "traditional", "--json")
    assert code == 0
    data = orjson.loads(out)
    settings = {s["name"]: s for s in data["settings"]}
    assert settings["stick_minimum"]["value"] == 15
    assert settings["stick_minimum"]["rules"] == ["T5.5", "V2", "V9"]
    assert settings["max_hands"]["rules"] == ["T5.2"]
    code, out, _ = run("rules", "traditional")
    assert code == 0
    assert "stick_minimum" in out and "T5.5" in out


def test_rules_unknown_preset_exits_2() -> None:
    code, _, err = run("rules", "tradition")
    assert code == 2
    assert "unknown preset 'tradition'; did you mean 'traditional'?" in err


def test_schema_prints_the_shipped_json_schema() -> None:
    code, out, _ = run("schema")
    assert code == 0
    data = orjson.loads(out)
    assert data == orjson.loads((ROOT / "pontoon_cli" / "logformat" / "schema.json").read_bytes())


COMMANDS = ["play", "check", "rules", "schema", "replay"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_an_example_and_is_in_the_readme(command: str) -> None:
    code, out, _ = run(command, "--help")
    assert code == 0
    assert re.search(rf"pontoon {command}\b", out), out
    readme = (ROOT / "README.md").read_text()
    assert f"pontoon {command}" in readme


# pipes and signals (real processes) --------------------------------------------------------------


def _pontoon(*args: str) -> list[str]:
    return [sys.executable, "-m", "pontoon_cli", *args]


def test_closed_pipe_ends_quietly() -> None:
    proc = subprocess.Popen(
        _pontoon("play", "--seed", "1", "--deals", "20000"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # like `| head -1`
    err = proc.stderr.read()
    code = proc.wait(timeout=60)
    assert orjson.loads(first)["type"] == "header"
    assert code == 0
    assert b"Traceback" not in err and b"Error" not in err


@pytest.mark.skipif(os.name != "posix", reason="SIGINT delivery")
def test_ctrl_c_exits_130_leaving_whole_lines() -> None:
    """Every byte is read from the descriptor itself: no reader buffers, so nothing is lost.

    (Reading with ``readline()`` and then ``communicate()`` lost what ``readline()`` had
    buffered, so ``rest`` began in the middle of a line: that was the flaky failure.)
    """
    proc = subprocess.Popen(
        _pontoon("play", "--seed", "1", "--deals", "1000000"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    fd = proc.stdout.fileno()
    data = b""
    while data.count(b"\n") < 50:
        chunk = os.read(fd, 1 << 16)
        assert chunk, "pontoon ended before writing 50 lines"
        data += chunk
    proc.send_signal(signal.SIGINT)
    while chunk := os.read(fd, 1 << 16):
        data += chunk
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 130
    assert data.endswith(b"\n")
    lines = data.splitlines()
    assert [orjson.loads(line)["type"] for line in lines] == ["header"] + ["deal"] * (
        len(lines) - 1
    )
    assert err == f"pontoon: interrupted; {len(lines) - 1} deals written\n".encode()


def test_out_to_a_missing_directory_or_a_directory_exits_2_leaving_nothing(tmp_path: Path) -> None:
    code, _, err = run("play", "--seed", "1", "--out", str(tmp_path / "no" / "x.jsonl"))
    assert code == 2
    assert (
        err
        == f"pontoon: cannot write to {tmp_path / 'no' / 'x.jsonl'}: No such file or directory\n"
    )
    code, _, err = run("play", "--seed", "1", "--out", str(tmp_path))
    assert code == 2
    assert err == f"pontoon: cannot write to {tmp_path}: Is a directory\n"
    assert list(tmp_path.iterdir()) == []
    assert "Traceback" not in err


def test_out_never_overwrites_the_scenario_it_plays(tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(SCENARIO)
    code, _, err = run("play", str(scenario), "--out", str(scenario))
    assert code == 2
    assert "is the scenario file itself" in err
    assert scenario.read_text() == SCENARIO


def test_same_seed_gives_the_same_bytes_whatever_the_hash_seed() -> None:
    """No set or hash order leaks into the log (SPEC: byte-identical on any machine)."""
    logs = set()
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            _pontoon(
                "play", "--seed", "3", "--deals", "50", "--players", "9", "--strategy", "random"
            ),
            capture_output=True,
            env=env,
            check=True,
        )
        logs.add(done.stdout)
    assert len(logs) == 1


def test_rules_file_without_an_extension_and_an_unknown_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house").write_text("stick_minimum = 16\n")
    code, out, _ = run("play", "--seed", "1", "--deals", "1", "--rules", "house")
    assert code == 0
    assert records(out)[0]["rules"]["stick_minimum"] == 16
    code, _, err = run("play", "--seed", "1", "--deals", "1", "--rules", "tradtional")
    assert code == 2
    assert "unknown preset 'tradtional'; did you mean 'traditional'?" in err
    assert "no rules file" in err


@pytest.mark.parametrize("command", ["replay", "show", "stats", "diff"])
@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\xff\xfe\x00binary\n", "not UTF-8 text"),
        (b"\xff\xfe\x00binary", "not UTF-8 text"),  # no final newline: still not text
        (b'{"type":"header\xff"', "not UTF-8 text"),
        (  # cut inside a two-byte character: truncated, in pontoon's words alone
            b'{"type":"h\xc3',
            "the last line is truncated: no newline at its end and not complete JSON",
        ),
    ],
    ids=["binary", "binary-no-newline", "bad-byte-no-newline", "cut-in-a-character"],
)
def test_a_binary_log_is_not_utf8_text_with_or_without_a_final_newline(
    tmp_path: Path, command: str, data: bytes, said: str
) -> None:
    log = tmp_path / "x.bin"
    log.write_bytes(data)
    args = [command, str(log), str(log)] if command == "diff" else [command, str(log)]
    code, _, err = run(*args)
    assert code == 2
    assert err.splitlines()[0] == f"pontoon: {log}:1: {said}"
