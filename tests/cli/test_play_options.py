"""`pontoon play` options: their ranges, which go together, and `--rules NAME`.

Every refusal exits 2 before anything is written: stdout stays empty, and stderr is one line.
Integers stay within ±(2**53 - 1) (I-JSON, RFC 7493), names are printable without whitespace
(docs/reference/output.md, "Limits").
"""

from __future__ import annotations

import secrets
from pathlib import Path

import orjson
import pytest
from support.engine import SPEC_SCENARIO
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.limits import MAX_SAFE_INT

runner = CliRunner()
BIG = str(10**30)


def refused(*args: str) -> str:
    """Run `pontoon play ARGS`; it must exit 2 writing nothing; the one line of stderr."""
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    return result.stderr.rstrip("\n")


# numbers: ±(2**53 - 1), and what each option needs at least --------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bankroll", BIG), f"--bankroll must be at most 2**53 - 1 ({MAX_SAFE_INT}), got {BIG}"),
        (
            ("--max-stake", BIG),
            f"--max-stake must be at most 2**53 - 1 ({MAX_SAFE_INT}), got {BIG}",
        ),
        (
            ("--min-stake", BIG),
            f"--min-stake must be at most 2**53 - 1 ({MAX_SAFE_INT}), got {BIG}",
        ),
        (("--deals", BIG), f"--deals must be at most 2**53 - 1 ({MAX_SAFE_INT}), got {BIG}"),
        (
            ("--bankroll", "18446744073709551610"),
            f"--bankroll must be at most 2**53 - 1 ({MAX_SAFE_INT}), got 18446744073709551610",
        ),
        (("--bankroll", "-5"), "--bankroll must be 0 or more, got -5"),
    ],
    ids=[
        "bankroll-10**30",
        "max-stake-10**30",
        "min-stake-10**30",
        "deals-10**30",
        "bankroll-2**64",
        "bankroll-negative",
    ],
)
def test_numbers_outside_the_range_exit_2(args: tuple[str, ...], message: str) -> None:
    assert refused("--seed", "1", "--deals", "1", *args) == f"pontoon: {message}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "--rounds", "1e6"), "--rounds must be a whole number, got '1e6'"),
        (("simulate", "--rounds", "1_000"), "--rounds must be a whole number, got '1_000'"),
        (("simulate", "--workers", "2.0"), "--workers must be a whole number, got '2.0'"),
        (("play", "--seed", "abc"), "--seed must be a whole number, got 'abc'"),
        (("play", "--deals", " 5"), "--deals must be a whole number, got ' 5'"),
        (("play", "--deals", "+5"), "--deals must be a whole number, got '+5'"),
        (("play", "--deals", "\uff15"), "--deals must be a whole number, got '\uff15'"),
        (("show", "game.jsonl", "--deal", "abc"), "--deal 'abc': expected [G:]N, like 5 or 2:5"),
        (
            ("show", "game.jsonl", "--deal", "1_000"),
            "--deal '1_000': expected [G:]N, like 5 or 2:5",
        ),
        (("show", "game.jsonl", "--deal", "+5"), "--deal '+5': expected [G:]N, like 5 or 2:5"),
        (
            ("show", "game.jsonl", "--deals", "1-2_0"),
            "--deals '1-2_0': expected [G:]A-B, deal numbers like 3-7 or 2:3-7",
        ),
        (("strategy", "--decks", "one"), "--decks must be a whole number, got 'one'"),
        (
            ("play", "--deals", "9" * 4001),
            "--deals must be within ±(2**53 - 1), got a number of 4001 digits",
        ),
    ],
    ids=lambda v: " ".join(v)[:30] if isinstance(v, tuple) else None,
)
def test_an_integer_option_takes_digits_only_in_pontoons_words(
    args: tuple[str, ...], message: str
) -> None:
    """Digits with a minus sign at most: not Python's int() (``1_000``, `` 5``, ``+5``, a
    full-width digit), not pydantic's or click's wording; one line, exit 2."""
    result = runner.invoke(app, list(args))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"pontoon: {message}\n"


def test_a_seed_beyond_2_53_exits_2() -> None:
    assert refused("--seed", "99999999999999999999") == (
        f"pontoon: --seed must be at most 2**53 - 1 ({MAX_SAFE_INT}), got 99999999999999999999"
    )


def test_a_table_whose_balances_could_pass_2_53_is_refused_before_play() -> None:
    # 4 seats of 2**51: one balance could reach their sum, 2**53, in a single deal.
    bound = 4 * 2**51 + 1 * 3 * 4 * 7 * 10 * 2  # bankrolls + 1 deal x 3 punters x 4 hands x 7s x 2
    assert refused("--seed", "1", "--deals", "1", "--bankroll", str(2**51)) == (
        f"pontoon: over 1 deal a balance could reach {bound}, beyond 2**53 - 1 "
        f"({MAX_SAFE_INT}), the most a log holds exactly: lower --bankroll, --max-stake or --deals"
    )


def test_many_deals_count_towards_the_bound() -> None:
    per_deal = 3 * 4 * 7 * 10 * 2  # T5.2 hands, T5.3 stakes, T7's double
    deals = MAX_SAFE_INT // per_deal
    assert refused("--seed", "1", "--deals", str(deals)).startswith(
        f"pontoon: over {deals} deals a balance could reach {4000 + deals * per_deal}, beyond"
    )


def test_a_fresh_seed_is_drawn_below_2_53(monkeypatch: pytest.MonkeyPatch) -> None:
    # cli imports secrets only when a fresh seed is needed: patch the module itself
    monkeypatch.setattr(secrets, "randbits", lambda bits: (1 << bits) - 1)  # the largest
    result = runner.invoke(app, ["play", "--deals", "1"])
    assert result.exit_code == 0, result.stderr
    seed = orjson.loads(result.stdout.splitlines()[0])["seed"]
    assert seed == MAX_SAFE_INT
    assert result.stderr == f"pontoon: seed {seed} (repeat this run with --seed {seed})\n"


# T1.1, T4.1, T4.3: a table its packs cannot deal to --------------------------------------------


def test_T4_1_players_100_is_refused_naming_the_packs_that_would_work() -> None:
    assert refused("--seed", "1", "--players", "100") == (
        "pontoon: 100 seats need at least 200 cards per deal (2 a seat, T4.1, T4.3), "
        "and 2 packs hold 104: use --set packs=4"
    )


def test_T4_1_the_suggested_packs_deal_to_that_table() -> None:
    result = runner.invoke(
        app, ["play", "--seed", "1", "--deals", "1", "--players", "100", "--set", "packs=4"]
    )
    assert result.exit_code == 0, result.stderr
    header, deal = (orjson.loads(line) for line in result.stdout.splitlines())
    assert len(header["table"]["seats"]) == 100
    assert header["rules"]["packs"] == 4
    assert deal["deal"] == 1


def test_T1_1_more_seats_than_any_packs_setting_deals_to() -> None:
    assert refused("--seed", "1", "--players", "300") == (
        "pontoon: --players 300: at most 208 seats can be dealt to "
        "(2 cards a seat, T4.1, T4.3, with --set packs=8)"
    )


def test_T1_1_a_packs_setting_too_small_for_the_named_players() -> None:
    names = [arg for i in range(30) for arg in ("--player", f"n{i}")]
    assert refused("--seed", "1", "--set", "packs=1", *names) == (
        "pontoon: 30 seats need at least 60 cards per deal (2 a seat, T4.1, T4.3), "
        "and 1 pack holds 52: use --set packs=2"
    )


# names: printable, no whitespace, shown escaped -------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--player", "a\tb", "--player", "c"),
            r"--player: player name 'a\tb': use printable characters without spaces",
        ),
        (
            ("--player", "ann", "--player", "bob\n"),
            r"--player: player name 'bob\n': use printable characters without spaces",
        ),
        (
            ("--banker", "\x1b[31mred"),
            r"--banker: player name '\x1b[31mred': use printable characters without spaces",
        ),
        (("--player", "", "--player", "c"), "--player: player name '': a name cannot be empty"),
    ],
    ids=["tab", "newline", "escape", "empty"],
)
def test_T3_1_bad_names_are_refused_shown_escaped(args: tuple[str, ...], message: str) -> None:
    line = refused("--seed", "1", *args)
    assert line == f"pontoon: {message}"
    assert "\t" not in line and "\x1b" not in line


# options that conflict ---------------------------------------------------------------------------


def test_players_and_player_together_are_an_error() -> None:
    assert refused("--seed", "1", "--player", "a", "--player", "b", "--players", "5") == (
        "pontoon: --players 5 and --player both give the seats: "
        "use --players N or --player NAME (repeated), not both"
    )


@pytest.mark.parametrize("option", [("--players", "6"), ("--player", "zed")], ids=["n", "name"])
def test_a_scenario_names_its_own_seats(tmp_path: Path, option: tuple[str, str]) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(SPEC_SCENARIO, encoding="utf-8")
    assert refused(str(scenario), *option) == (
        f"pontoon: {option[0]}: the scenario {scenario} names its own seats ([table] players); "
        f"leave {option[0]} out"
    )


def test_options_a_scenario_takes_still_win(tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(SPEC_SCENARIO, encoding="utf-8")
    result = runner.invoke(
        app, ["play", str(scenario), "--bankroll", "50", "--max-stake", "5", "--banker", "cal"]
    )
    assert result.exit_code == 0, result.stderr
    table = orjson.loads(result.stdout.splitlines()[0])["table"]
    assert table["bankrolls"] == {"ann": 50, "bob": 50, "cal": 50}
    assert table["max_stake"] == 5


# --rules NAME: a preset, else NAME, NAME.toml or NAME.json -------------------------------------


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_rules_name_finds_the_file_with_an_extension(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    monkeypatch.chdir(tmp_path)
    text = "stick_minimum = 16\n" if suffix == ".toml" else '{"stick_minimum": 16}\n'
    (tmp_path / f"house{suffix}").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["play", "--seed", "1", "--deals", "1", "--rules", "house"])
    assert result.exit_code == 0, result.stderr
    assert orjson.loads(result.stdout.splitlines()[0])["rules"]["stick_minimum"] == 16


def test_rules_name_with_both_extensions_is_ambiguous(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.toml").write_text("stick_minimum = 16\n", encoding="utf-8")
    (tmp_path / "house.json").write_text('{"stick_minimum": 17}\n', encoding="utf-8")
    assert refused("--seed", "1", "--rules", "house") == (
        f"pontoon: --rules 'house' could be '{tmp_path}/house.toml' or '{tmp_path}/house.json': "
        "name the file with its extension"
    )


def test_rules_name_that_is_nothing_names_what_was_looked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert refused("--seed", "1", "--rules", "house") == (
        f"pontoon: unknown preset 'house' (presets: traditional, shoot, casino), and no rules file "
        f"'{tmp_path}/house' (house.toml or .json)"
    )


def test_rules_symlink_loop_gives_the_os_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "loop").symlink_to("loop")
    assert refused("--seed", "1", "--rules", "loop") == (
        f"pontoon: {tmp_path}/loop: cannot read: too many levels of symbolic links"
    )


def test_a_refused_table_is_refused_before_a_seed_is_drawn() -> None:
    # Nothing is played, so no "seed N (repeat this run with ...)" note either.
    assert refused("--players", "100").startswith("pontoon: 100 seats need at least 200 cards")


@pytest.mark.parametrize(
    "args",
    [("--bankroll", "-1"), ("--players", "100"), ("--bankroll", str(2**51)), ("--seed", BIG)],
    ids=["bankroll-negative", "players-100", "balance-bound", "seed"],
)
def test_a_refusal_leaves_no_out_file(tmp_path: Path, args: tuple[str, ...]) -> None:
    out = tmp_path / "game.jsonl"
    refused("--deals", "1", "--out", str(out), *args)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("text", ["+16", "1_6", " 16", "16 ", "１６", "١٦", "0x10", "1e1"])
def test_a_set_value_is_a_whole_number_only_in_ascii_digits(text: str) -> None:
    """--set reads a number as every option does: ASCII digits, a minus sign at most."""
    result = runner.invoke(
        app, ["play", "--seed", "1", "--deals", "1", "--set", f"stick_minimum={text}"]
    )
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"pontoon: rule setting 'stick_minimum': {text!r} is not a whole number (T5.5, V2, V9)\n"
    )


def test_a_set_value_in_digits_is_the_number() -> None:
    result = runner.invoke(
        app, ["play", "--seed", "1", "--deals", "1", "--set", "stick_minimum=16"]
    )
    assert result.exit_code == 0
    assert orjson.loads(result.stdout.splitlines()[0])["rules"]["stick_minimum"] == 16


def test_T8_6_a_bankroll_of_0_is_one_rule_on_the_command_line_and_in_a_scenario(
    tmp_path: Path,
) -> None:
    """0 sits a player out, from --bankroll as from a scenario: with nobody able to stake,
    seeded play ends at once and says why; a scenario's deal cannot be played (exit 1)."""
    said = "pontoon: the game ends after deal 0: no punter can cover the minimum stake of 1 (T8.6)"
    result = runner.invoke(app, ["play", "--seed", "1", "--deals", "2", "--bankroll", "0"])
    assert result.exit_code == 0 and said in result.stderr
    scenario = tmp_path / "broke.toml"
    scenario.write_text(
        'seed = 1\nstrategy = "default"\n[table]\nplayers = ["a", "b"]\nbankroll = 0\n'
    )
    result = runner.invoke(app, ["play", str(scenario), "--deals", "2"])
    assert result.exit_code == 1
    assert result.stderr.endswith(
        "deal 1: no punter can cover the minimum stake of 1: the game cannot go on (T8.6)\n"
    )
