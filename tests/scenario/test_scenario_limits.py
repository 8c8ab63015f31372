"""Scenario and rules files on hostile or unusual input, and `check`/`play` giving one verdict.

A byte-order mark, the size and depth limits, linear reading, values beyond
±(2**53 - 1), names with control characters, tables the packs cannot deal to, one bad value not
cascading, and the play summary. `check` and `play` go through the same reader, so each test runs
both where both apply.
"""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

import pytest
from support.engine import SPEC_SCENARIO
from typer.testing import CliRunner, Result

from pontoon_cli.cli.main import app
from pontoon_cli.core.errors import RulesError
from pontoon_cli.core.limits import MAX_DOCUMENT_BYTES, MAX_SAFE_INT
from pontoon_cli.core.rules import Table

runner = CliRunner()
BIG = 10**30


def write(tmp_path: Path, text: str | bytes, name: str = "s.toml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8", newline="")
    return path


def check(path: Path | str) -> Result:
    return runner.invoke(app, ["check", str(path)])


def play(path: Path | str) -> Result:
    return runner.invoke(app, ["play", str(path)])


def refused_by_both(path: Path | str, lines: list[str]) -> None:
    """`check` lists exactly ``lines`` on stdout and `play` on stderr; both exit 2, play writes
    no log."""
    checked, played = check(path), play(path)
    assert (checked.exit_code, played.exit_code) == (2, 2), (checked.stdout, played.stderr)
    assert checked.stdout.splitlines() == lines
    assert played.stdout == ""
    assert [line.removeprefix("pontoon: ") for line in played.stderr.splitlines()] == lines
    assert "Traceback" not in checked.output + played.stderr


def line_of(text: str, start: str) -> int:
    (number,) = [n for n, line in enumerate(text.split("\n"), 1) if line.startswith(start)]
    return number


# a byte-order mark, CRLF --------------------------------------------------------------------------

BOM = "\ufeff"


def test_a_bom_at_the_start_of_a_toml_scenario_is_accepted(tmp_path: Path) -> None:
    path = write(tmp_path, BOM + SPEC_SCENARIO)
    assert check(path).exit_code == 0
    result = play(path)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == f"{path}: 1 deal played, every expectation held\n"


def test_a_bom_at_the_start_of_a_json_scenario_is_accepted(tmp_path: Path) -> None:
    import json
    import tomllib

    text = BOM + json.dumps(tomllib.loads(SPEC_SCENARIO), indent=1)
    path = write(tmp_path, text, "s.json")
    assert check(path).exit_code == 0
    assert play(path).exit_code == 0


def test_bom_and_crlf_keep_the_line_numbers_right(tmp_path: Path) -> None:
    text = SPEC_SCENARIO.replace('"buy 4"', '"buy four"')
    path = write(tmp_path, (BOM + text).replace("\n", "\r\n"))
    line = line_of(text, "bob = [")
    refused_by_both(
        path,
        [
            f"{path}:{line}: deal[1].bob: action 1: 'buy four': buy needs a whole amount, "
            "e.g. 'buy 4' (T5.3)"
        ],
    )


def test_a_bom_at_the_start_of_a_rules_file_is_accepted(tmp_path: Path) -> None:
    rules = write(tmp_path, BOM + "stick_minimum = 16\n", "house.toml")
    assert check(rules).exit_code == 0
    result = runner.invoke(app, ["play", "--seed", "1", "--deals", "1", "--rules", str(rules)])
    assert result.exit_code == 0, result.stderr


# 25, 26, 27, 30: size, depth, linear time, unreadable files -------------------------------------


def test_dev_zero_is_refused_at_the_size_limit() -> None:
    refused_by_both(
        "/dev/zero",
        [
            f"/dev/zero: larger than {MAX_DOCUMENT_BYTES} bytes, the most a scenario or rules file "
            "may hold"
        ],
    )


def test_a_file_one_byte_over_the_limit_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "#" * MAX_DOCUMENT_BYTES + "\n")
    refused_by_both(
        path,
        [
            f"{path}: larger than {MAX_DOCUMENT_BYTES} bytes, the most a scenario or rules file "
            "may hold"
        ],
    )


def test_a_fifo_is_read_with_the_same_bound(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)

    def feed() -> None:
        # The reader stops at the limit, as it should: the write or the close that flushes the
        # rest then meets a closed pipe, which is not this test's failure.
        with contextlib.suppress(BrokenPipeError), fifo.open("wb") as stream:
            for _ in range(MAX_DOCUMENT_BYTES // 4096 + 2):
                stream.write(b"#" * 4095 + b"\n")

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    result = check(fifo)
    writer.join(timeout=30)
    if writer.is_alive():  # the reader never opened it: unblock the writer, then fail
        fifo.open("rb").close()
    assert not writer.is_alive()
    assert result.exit_code == 2
    assert result.stdout == (
        f"{fifo}: larger than {MAX_DOCUMENT_BYTES} bytes, the most a scenario or rules file "
        "may hold\n"
    )


def test_a_directory_is_a_clear_error(tmp_path: Path) -> None:
    refused_by_both(tmp_path, [f"{tmp_path}: is a directory, expected a TOML or JSON file"])


def test_a_symlink_loop_gives_the_os_reason(tmp_path: Path) -> None:
    loop = tmp_path / "loop.toml"
    loop.symlink_to("loop.toml")
    refused_by_both(loop, [f"{loop}: cannot read: too many levels of symbolic links"])


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("deep.toml", "a = " + "[" * 100_000 + "\n"),
        ("deep.json", '{"a": ' + "[" * 100_000 + "\n"),
        ("dotted.toml", "a" + ".a" * 100_000 + " = 1\n"),
        ("header.toml", "[a" + ".a" * 100_000 + "]\n"),
    ],
    ids=["toml-arrays", "json-arrays", "toml-dotted-key", "toml-header"],
)
def test_deep_nesting_is_refused_without_recursion(tmp_path: Path, name: str, text: str) -> None:
    path = write(tmp_path, text, name)
    refused_by_both(
        path,
        [f"{path}:1: nested deeper than 32 levels, the most a scenario or rules file may hold"],
    )


def test_nesting_within_the_limit_reaches_the_checker(tmp_path: Path) -> None:
    path = write(tmp_path, "seed = " + "[" * 31 + "]" * 31 + "\n")
    result = check(path)
    assert result.exit_code == 2
    assert result.stdout.startswith(f"{path}:1: seed: expected a whole number, got a list [[[")


def test_nesting_deeper_by_tables_and_lists_together_is_refused(tmp_path: Path) -> None:
    # 20 dotted parts + 20 brackets: neither alone passes 32, together they do
    text = "seed = 1\n" + "a" + ".a" * 19 + " = " + "[" * 20 + "]" * 20 + "\n"
    path = write(tmp_path, text)
    refused_by_both(
        path,
        [f"{path}:2: nested deeper than 32 levels, the most a scenario or rules file may hold"],
    )


def test_a_line_of_brackets_and_spaces_is_read_in_linear_time(tmp_path: Path) -> None:
    # A valid scenario holding 100 KB in lines that start '[' then spaces and no ']' (inside a
    # multi-line string): the old header pattern backtracked for minutes on one 4 KB line.
    filler = ("[" + " " * 25_000 + "\n") * 4
    text = SPEC_SCENARIO.replace('name = "', f'notes = """\n{filler}"""\nname = "', 1)
    text = text.replace('"buy 4"', '"buy four"')
    path = write(tmp_path, text)
    line = line_of(text, "bob = [")
    refused_by_both(
        path,
        [
            f"{path}:1: notes: unknown key 'notes'",
            f"{path}:{line}: deal[1].bob: action 1: 'buy four': buy needs a whole amount, "
            "e.g. 'buy 4' (T5.3)",
        ],
    )


def test_a_key_line_inside_a_multi_line_string_is_not_taken_for_a_key(tmp_path: Path) -> None:
    # The note's second line looks like bob's key in this [[deal]]; bob's real line comes later.
    text = SPEC_SCENARIO.replace("bob = [", 'note = """\nbob = "not a key"\n"""\nbob = [', 1)
    path = write(tmp_path, text.replace('"buy 4"', '"buy four"'))
    bob = line_of(text, "bob = [")
    note = line_of(text, "note = ")
    refused_by_both(
        path,
        [
            f"{path}:{note}: deal[1].note: unknown deal key 'note': not a player at the table nor "
            "one of pack, stakes, banker, expect, sell_bank, kitty_add",
            f"{path}:{bob}: deal[1].bob: action 1: 'buy four': buy needs a whole amount, "
            "e.g. 'buy 4' (T5.3)",
        ],
    )


def test_a_number_too_long_to_convert_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "seed = " + "9" * 5000 + "\n")
    refused_by_both(
        path,
        [
            f"{path}:1: a number of 5000 characters, too long to read "
            "(whole numbers stay within ±(2**53 - 1))"
        ],
    )


# values beyond ±(2**53 - 1) -----------------------------------------------------------------------

RANGE = f"must be at most 2**53 - 1 ({MAX_SAFE_INT}), got {BIG}"


@pytest.mark.parametrize(
    ("old", "new", "key", "message"),
    [
        ("seed = 1", f"seed = {BIG}", "seed", RANGE),
        ('strategy = "strict"', f'strategy = "strict"\ndeals = {BIG}', "deals", RANGE),
        ("bankroll = 100", f"bankroll = {BIG}", "table.bankroll", RANGE),
        (
            "bankroll = 100",
            f"bankroll = {{ ann = {BIG}, bob = 1, cal = 1 }}",
            "table.bankroll.ann",
            RANGE,
        ),
        ("bankroll = 100", f"bankroll = 100\nmax_stake = {BIG}", "table.max_stake", RANGE),
        ("bankroll = 100", f"bankroll = 100\nmin_stake = {BIG}", "table.min_stake", RANGE),
        ("ann = 2, bob = 3", f"ann = 2, bob = {BIG}", "deal[1].stakes.bob", RANGE),
        ("ann = 4, bob", f"ann = {BIG}, bob", "deal[1].expect.net.ann", RANGE),
        (
            "ann = 4, bob",
            f"ann = -{BIG}, bob",
            "deal[1].expect.net.ann",
            f"must be {-MAX_SAFE_INT} or more, got -{BIG}",
        ),
        (
            '"buy 4"',
            f'"buy {BIG}"',
            "deal[1].bob",
            f"action 1: 'buy {BIG}': the amount must be at most 2**53 - 1 ({MAX_SAFE_INT})",
        ),
        (
            "stakes = {",
            f'sell_bank = {{ to = "ann", price = {BIG} }}\nstakes = {{',
            "deal[1].sell_bank.price",
            RANGE,
        ),
        ("bankroll = 100", "bankroll = -1", "table.bankroll", "must be 0 or more, got -1"),
        (
            'strategy = "strict"',
            'strategy = "strict"\ndeals = 0',
            "deals",
            "must be 1 or more, got 0",
        ),
    ],
    ids=[
        "seed",
        "deals",
        "bankroll",
        "bankroll-table",
        "max_stake",
        "min_stake",
        "stake",
        "expect-net",
        "expect-net-negative",
        "buy",
        "sell_bank-price",
        "bankroll-negative",
        "deals-0",
    ],
)
def test_scenario_values_outside_the_range_exit_2(
    tmp_path: Path, old: str, new: str, key: str, message: str
) -> None:
    assert old in SPEC_SCENARIO
    text = SPEC_SCENARIO.replace(old, new, 1)
    path = write(tmp_path, text)
    added = [line for line in new.split("\n") if line not in SPEC_SCENARIO.split("\n")]
    line = line_of(text, added[0].split(" ")[0]) if "\n" in new else None
    result = check(path)
    assert result.exit_code == 2
    (problem,) = result.stdout.splitlines()
    where, _, rest = problem.partition(f": {key}: ")
    assert rest == message
    if line is not None:
        assert where == f"{path}:{line}"
    assert play(path).exit_code == 2


def test_a_scenario_whose_balances_could_pass_2_53_is_refused(tmp_path: Path) -> None:
    big = 2**52
    text = SPEC_SCENARIO.replace("bankroll = 100", f"bankroll = {big}")
    path = write(tmp_path, text)
    bound = 3 * big + 1 * 2 * 4 * 7 * 10 * 2  # bankrolls + 1 deal x 2 punters x 4 hands x 7s x 2
    refused_by_both(
        path,
        [
            f"{path}:{line_of(text, '[table]')}: table: over 1 deal a balance could reach "
            f"{bound}, beyond 2**53 - 1 ({MAX_SAFE_INT}), the most a log holds exactly: "
            "lower the bankroll, max_stake or deals"
        ],
    )


# names --------------------------------------------------------------------------------------------

ESCAPED = "use printable characters without spaces"


@pytest.mark.parametrize(
    ("old", "new", "key", "name"),
    [
        ('"ann", "bob", "cal"', '"ann", "bob", "cal", "d\\te"', "table.players", r"'d\te'"),
        (
            "bankroll = 100",
            'bankroll = { ann = 1, bob = 1, cal = 1, "e\\u001b[31m" = 1 }',
            r"table.bankroll.'e\x1b[31m'",
            r"'e\x1b[31m'",
        ),
        ("ann = 2, bob = 3", 'ann = 2, bob = 3, "x y" = 1', "deal[1].stakes.'x y'", "'x y'"),
        (
            "stakes = {",
            'sell_bank = { to = "a\\nb", price = 1 }\nstakes = {',
            "deal[1].sell_bank.to",
            r"'a\nb'",
        ),
        ('banker = "cal"', 'banker = "c\\tl"', "table.banker", r"'c\tl'"),
    ],
    ids=["players", "bankroll-key", "stakes-key", "sell_bank-to", "banker"],
)
def test_T3_1_names_with_control_characters_are_refused_escaped(
    tmp_path: Path, old: str, new: str, key: str, name: str
) -> None:
    assert old in SPEC_SCENARIO
    path = write(tmp_path, SPEC_SCENARIO.replace(old, new, 1))
    result = check(path)
    assert result.exit_code == 2
    assert f": {key}: player name {name}: {ESCAPED}" in result.stdout
    assert not any(c in result.stdout for c in "\t\x1b\r")
    assert all(line.startswith(f"{path}:") for line in result.stdout.splitlines())
    assert play(path).exit_code == 2


def test_T3_1_seat_validation_is_linear() -> None:
    # 200,000 seats with one name twice: counting each seat's copies took minutes.
    seats = [f"p{i}" for i in range(200_000)] + ["p7"]
    with pytest.raises(RulesError) as info:
        Table.build(seats)
    assert str(info.value) == "each player sits once (T3.1): ['p7'] sit twice"


def test_T3_1_table_names_use_the_shared_rule() -> None:
    with pytest.raises(RulesError) as info:
        Table.build(["ann", "b\tb"])
    assert str(info.value) == rf"player name 'b\tb': {ESCAPED} (T3.1)"


# a table its packs cannot deal to -----------------------------------------------------------------


def test_T4_1_a_scenario_with_more_seats_than_its_packs_deal_to(tmp_path: Path) -> None:
    seats = ", ".join(f'"p{i}"' for i in range(27))
    text = f'name = "crowd"\nrules = {{ packs = 1 }}\ndeals = 1\n[table]\nplayers = [{seats}]\n'
    path = write(tmp_path, text)
    refused_by_both(
        path,
        [
            f"{path}:5: table.players: 27 seats need at least 54 cards per deal (2 a seat, T4.1, "
            "T4.3), and 1 pack holds 52: add packs = 2 to the rules (rules = { packs = 2 })"
        ],
    )


# an empty file: one reader, one verdict -----------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["", "\n\n", "# only a comment\n   \n", BOM], ids=["empty", "blank", "comment", "bom"]
)
def test_an_empty_scenario_gets_the_same_verdict_from_check_and_play(
    tmp_path: Path, text: str
) -> None:
    path = write(tmp_path, text)
    refused_by_both(
        path,
        [
            f"{path}:1: table: missing [table] with players = [...]",
            f"{path}:1: deal: no deals: add [[deal]] blocks or set deals = N",
        ],
    )


def test_an_empty_rules_file_is_still_the_default_rules(tmp_path: Path) -> None:
    rules = write(tmp_path, "", "house.toml")
    result = runner.invoke(app, ["play", "--seed", "1", "--deals", "1", "--rules", str(rules)])
    assert result.exit_code == 0, result.stderr


# one bad value is one problem ---------------------------------------------------------------------

CASCADE = """\
name = "cascade"
strategy = "strict"

[table]
players = ["ann", "bob", "cal"]
banker = "cal"
bankroll = 100.5

[[deal]]
stakes = { ann = 20, bob = 3 }
ann = ["twist"]
bob = ["fold"]

[[deal]]
stakes = { ann = 0, bob = 2 }
ann = ["stick"]
expect = { net = { zed = 1 } }
"""


def test_a_bad_bankroll_does_not_hide_the_other_problems(tmp_path: Path) -> None:
    path = write(tmp_path, CASCADE)
    refused_by_both(
        path,
        [
            f"{path}:7: table.bankroll: expected a whole number or a table per player, got a "
            "number 100.5",
            f"{path}:10: deal[1].stakes.ann: stake 20 is outside the limits 1 to 10 (T3.3)",
            f"{path}:12: deal[1].bob: action 1: unknown action 'fold'",
            f"{path}:15: deal[2].stakes.ann: stake 0 is outside the limits 1 to 10 (T3.3)",
            f"{path}:17: deal[2].expect.net.zed: 'zed' is not at the table",
        ],
    )
    assert check(path).stderr == "pontoon check: 1 file, 5 problems\n"


def test_bad_stake_limits_do_not_hide_the_stakes(tmp_path: Path) -> None:
    text = CASCADE.replace("bankroll = 100.5", 'bankroll = 100\nmax_stake = "ten"')
    path = write(tmp_path, text)
    lines = check(path).stdout.splitlines()
    assert lines[:2] == [
        f"{path}:8: table.max_stake: expected a whole number, got a string 'ten'",
        f"{path}:13: deal[1].bob: action 1: unknown action 'fold'",
    ]
    assert lines[2] == f"{path}:16: deal[2].stakes.ann: must be 1 or more, got 0"


# the summary says what was checked ----------------------------------------------------------------


def test_a_scenario_without_expectations_says_so(tmp_path: Path) -> None:
    text = SPEC_SCENARIO.replace('strategy = "strict"', 'strategy = "default"\ndeals = 3')
    text = text[: text.index("expect =")]
    path = write(tmp_path, text)
    result = play(path)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == f"{path}: 3 deals played, no expectations to check\n"


def test_summaries_say_1_deal_and_1_file_and_1_problem(tmp_path: Path) -> None:
    good = write(tmp_path, SPEC_SCENARIO)
    assert play(good).stderr == f"{good}: 1 deal played, every expectation held\n"
    bad = write(tmp_path, SPEC_SCENARIO.replace('"buy 4"', '"buy four"'), "bad.toml")
    assert check(bad).stderr == "pontoon check: 1 file, 1 problem\n"
    both = runner.invoke(app, ["check", str(good), str(good)])
    assert both.stderr == "pontoon check: 2 files, no problems\n"
    wrong = write(tmp_path, SPEC_SCENARIO.replace("bob = -7", "bob = -6"), "wrong.toml")
    assert play(wrong).stderr.splitlines()[0] == f"{wrong}: 1 expectation failed"


def test_a_huge_hex_number_in_a_rules_file_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    # Hexadecimal reads without Python's digit limit, but repr() of it would refuse.
    rules = write(tmp_path, "stick_minimum = 0x" + "f" * 4000 + "\n", "house.toml")
    message = (
        f"{rules}:1: stick_minimum: rule setting 'stick_minimum': an integer of 16000 bits is "
        "not one of 12, 13, 14, 15, 16, 17 (T5.5, V2, V9)"
    )
    result = check(rules)
    assert (result.exit_code, result.stdout) == (2, message + "\n")
    played = runner.invoke(app, ["play", "--seed", "1", "--rules", str(rules)])
    assert (played.exit_code, played.stdout, played.stderr) == (2, "", f"pontoon: {message}\n")


def test_T3_1_a_bad_name_is_reported_once_where_the_players_are_named(tmp_path: Path) -> None:
    text = SPEC_SCENARIO.replace('"ann", "bob", "cal"', '"ann", "b\\tb", "bob", "cal"')
    text = text.replace("ann = 2, bob = 3", 'ann = 2, bob = 3, "b\\tb" = 2')
    path = write(tmp_path, text)
    refused_by_both(
        path,
        [f"{path}:{line_of(text, 'players = ')}: table.players: player name 'b\\tb': {ESCAPED}"],
    )


def test_many_players_and_many_deals_are_checked_in_linear_time(tmp_path: Path) -> None:
    # 20,000 seats and 3,000 deals staking for someone absent: the old checker rebuilt the list
    # of players for every deal and searched all of them for a "did you mean".
    players = ", ".join(f'"p{i}"' for i in range(20_000))
    deals = "[[deal]]\nstakes = { zz = 1 }\n" * 3_000
    text = f'name = "crowd"\n[table]\nplayers = [{players}]\n{deals}'
    path = write(tmp_path, text)
    lines = check(path).stdout.splitlines()
    assert lines[0] == (
        f"{path}:3: table.players: 20000 seats need at least 40000 cards per deal (2 a seat, "
        "T4.1, T4.3), and 2 packs hold 104: at most 208 seats can play (with packs = 8)"
    )
    assert lines[1:] == [
        f"{path}:{5 + 2 * n}: deal[{n + 1}].stakes.zz: 'zz' is not at the table"
        for n in range(3000)
    ]


def test_T8_6_a_missing_bankroll_names_the_players_escaped(tmp_path: Path) -> None:
    text = SPEC_SCENARIO.replace('"ann", "bob", "cal"', '"ann", "b\\tb", "bob", "cal"')
    text = text.replace("bankroll = 100", "bankroll = { ann = 1, bob = 1 }")
    path = write(tmp_path, text)
    assert check(path).stdout.splitlines() == [
        f"{path}:{line_of(text, 'players = ')}: table.players: player name 'b\\tb': {ESCAPED}",
        f"{path}:{line_of(text, 'bankroll = ')}: table.bankroll: no bankroll for 'b\\tb', 'cal' "
        "(T8.6)",
    ]


def test_a_json_scenario_with_a_duplicate_key_is_refused_at_its_line(tmp_path: Path) -> None:
    # TOML refuses a key given twice; JSON's reader would keep the last, another the first.
    text = '{"name": "x",\n "seed": 1,\n "table": {"players": ["a", "b"], "players": ["c", "d"]}}\n'
    path = write(tmp_path, text, "dup.json")
    refused_by_both(path, [f"{path}:3: duplicate key 'players': an object holds each key once"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'rules = { preset = [1] }\n[table]\nplayers = ["a", "b"]\n[[deal]]\n',
            "1: rules: unknown preset [1]",
        ),
        ("preset = [1]\n", "1: unknown preset [1]"),
    ],
    ids=["scenario", "rules-file"],
)
def test_a_preset_that_is_not_a_name_is_a_message(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    result = check(path)
    assert (result.exit_code, result.stdout) == (2, f"{path}:{message}\n")
