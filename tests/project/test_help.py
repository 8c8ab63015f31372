"""`--help` reads as a user needs it, at any terminal width, and every example in it runs.

Every option shows its value in words (``--deals N``), never a Python type, and its default;
commands are listed in the README's order with summaries that are never cut; every command has
examples, and each example is run here, pipes and all, with its output checked.
"""

from __future__ import annotations

import gzip
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree

import orjson
import pytest
from typer.testing import CliRunner

from pontoon_cli import __version__, rulebook
from pontoon_cli._build import running_build
from pontoon_cli.cli.main import COMMAND_ORDER, app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
COMMANDS = [
    "play",
    "replay",
    "cases",
    "show",
    "stats",
    "diff",
    "simulate",
    "strategy",
    "check",
    "rules",
    "schema",
]
WIDTHS = [200, 50]  # a wide terminal, and a narrow one

#: The words each option of `play` shows for its value, and its default.
PLAY_OPTIONS = {
    "--seed": ("INT", "a fresh seed, shown on stderr"),
    "--deals, --hands": ("N", "10"),
    "--players": ("N", "4"),
    "--player": ("NAME", "from --players"),
    "--banker": ("NAME", "cut for the bank, T3.2"),
    "--rules": ("PRESET|FILE", "traditional"),
    "--set": ("OPTION=VALUE", "none"),
    "--bankroll": ("AMOUNT", "1000"),
    "--min-stake": ("AMOUNT", "1"),
    "--max-stake": ("AMOUNT", "10"),
    "--strategy": ("NAME", "default"),
    "--banker-strategy": ("NAME", "as --strategy"),
    "--out": ("FILE", "stdout"),
}
USAGE = {
    "play": "Usage: pontoon play [OPTIONS] [SCENARIO]",
    "replay": "Usage: pontoon replay [OPTIONS] LOG...",
    "cases": "Usage: pontoon cases [OPTIONS]",
    "show": "Usage: pontoon show [OPTIONS] LOG",
    "stats": "Usage: pontoon stats [OPTIONS] LOG...",
    "diff": "Usage: pontoon diff [OPTIONS] A B",
    "simulate": "Usage: pontoon simulate [OPTIONS]",
    "check": "Usage: pontoon check [OPTIONS] FILE...",
    "rules": "Usage: pontoon rules [OPTIONS] [PRESET|RULE-ID]",
    "schema": "Usage: pontoon schema [OPTIONS]",
    "strategy": "Usage: pontoon strategy [OPTIONS]",
}
SUMMARIES = {
    "play": "Play deals; write the JSON-lines log.",
    "replay": "Verify logs: re-deal every deal and compare.",
    "cases": "Write logs that exercise every rule of a preset.",
    "show": "Draw a log's deals for people.",
    "stats": "Aggregate logs: nets, edges, hand classes, banks.",
    "diff": "Compare two logs deal by deal.",
    "simulate": "Simulate rounds; report the bank's (house's) edge.",
    "check": "Validate scenario and rules files.",
    "rules": "Show the presets, or a rule by its ID.",
    "schema": "Print the JSON Schema of the log.",
    "strategy": "Compute the best play and the edge, exactly.",
}


def help_text(*command: str, width: int = 80) -> str:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return result.stdout


def section(text: str, title: str) -> str:
    """The body of a help section (``Options:``): its indented lines, up to a blank line."""
    match = re.search(rf"^{title}:\n((?: .*\n)*)", text, flags=re.MULTILINE)
    assert match, f"no {title} section in:\n{text}"
    return match[1]


def entries(body: str) -> dict[str, str]:
    """Each option of a section, its name column as key and its whole help (wrapped lines joined)
    as value."""
    found: dict[str, str] = {}
    key = ""
    for line in body.splitlines():
        if re.match(r"^  \S", line):
            name, _, rest = line.strip().partition("  ")
            key = name
            found[key] = rest.strip()
        elif line.strip() and key:
            found[key] = f"{found[key]} {line.strip()}".strip()
    return found


# options and arguments ----------------------------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("command", COMMANDS)
def test_no_python_type_names_in_help(command: str, width: int) -> None:
    text = help_text(command, width=width)
    for token in ("<", "list[", "{", "}", "int range", "<path>", "<str>", "<int>"):
        assert token not in text, f"{command} --help shows {token!r}:\n{text}"
    assert text.startswith(USAGE[command] + "\n")


@pytest.mark.parametrize("width", WIDTHS)
def test_every_play_option_shows_its_value_in_words_and_its_default(width: int) -> None:
    options = entries(section(help_text("play", width=width), "Options"))
    for name, (metavar, default) in PLAY_OPTIONS.items():
        key = f"{name} {metavar}"
        assert key in options, f"{key!r} not in {list(options)}"
        assert f"[default: {default}]" in options[key], options[key]
    assert set(options) == {f"{n} {m}" for n, (m, _) in PLAY_OPTIONS.items()} | {"-h, --help"}


def test_the_defaults_shown_are_the_defaults_used() -> None:
    result = runner.invoke(app, ["play", "--seed", "1", "--deals", "1"])
    header, *deals = [orjson.loads(line) for line in result.stdout.splitlines()]
    table = header["table"]
    assert len(deals) == 1
    assert (table["min_stake"], table["max_stake"]) == (1, 10)
    assert set(table["bankrolls"].values()) == {1000}
    assert table["seats"] == ["p1", "p2", "p3", "p4"]
    assert header["rules"]["preset"] == "traditional"
    assert header["strategies"] == {"punter": "default", "banker": "default"}
    ten = runner.invoke(app, ["play", "--seed", "1"])
    assert len(ten.stdout.splitlines()) == 1 + 10


@pytest.mark.parametrize(
    ("command", "arguments", "options"),
    [
        ("play", {"[SCENARIO]"}, None),
        (
            "replay",
            {"LOG..."},
            {
                "--fail-fast",
                "--json",
                "--seeded",
                "--coverage",
                "--fail-under PCT",
                "--junit-xml FILE",
                "--annotate github|none",
                "-h, --help",
            },
        ),
        (
            "show",
            {"LOG"},
            {
                "--deal [G:]N",
                "--deals [G:]A-B",
                "--player NAME",
                "--format text|svg|html",
                "--out FILE",
                "-h, --help",
            },
        ),
        ("stats", {"LOG..."}, {"--json", "--plot FILE.svg|png", "-h, --help"}),
        ("diff", {"A", "B"}, {"--all", "--json", "-h, --help"}),
        ("check", {"FILE..."}, {"-h, --help"}),
        ("rules", {"[PRESET|RULE-ID]"}, {"--json", "-h, --help"}),
    ],
)
def test_arguments_are_named_in_words(
    command: str, arguments: set[str], options: set[str] | None
) -> None:
    text = help_text(command)
    assert set(entries(section(text, "Arguments"))) == arguments
    if options is not None:
        assert set(entries(section(text, "Options"))) == options


@pytest.mark.parametrize("command", ["show", "stats", "diff"])
def test_the_views_options_show_their_default_once(command: str) -> None:
    options = entries(section(help_text(command, width=200), "Options"))
    assert all(help_.count("[default:") <= 1 for help_ in options.values()), options
    if command == "show":
        assert options["--format text|svg|html"].endswith("[default: text]")


def test_no_validation_library_ranges_in_help() -> None:
    assert "[x>=" not in help_text("play")
    result = runner.invoke(app, ["play", "--players", "1"])
    assert (result.exit_code, result.stderr) == (2, "pontoon: --players must be 2 or more, got 1\n")


# the command list -------------------------------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_commands_are_listed_in_the_readme_order_with_whole_summaries(width: int) -> None:
    body = section(help_text(width=width), "Commands")
    listed = entries(body)
    assert list(listed) == COMMANDS == list(COMMAND_ORDER)
    for name, summary in SUMMARIES.items():
        assert listed[name] == summary
    assert "..." not in body and "…" not in body
    readme = (ROOT / "README.md").read_text()
    table = readme.split("| command | does |", 1)[1].split("\n\n", 1)[0]
    assert re.findall(r"^\| `pontoon (\w+)", table, flags=re.MULTILINE) == COMMANDS


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_version(flag: str) -> None:
    result = runner.invoke(app, [flag])
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        # tests/project/test_build.py: which build
        f"pontoon-cli {__version__} ({running_build()})\n",
        "",
    )


def test_top_level_help_names_the_exit_codes_and_the_rules_lookup() -> None:
    text = help_text()
    assert "-V, --version  Show the version and exit." in text
    assert "`pontoon rules T5.4` prints the rule" in " ".join(text.split())
    for code in ("0 ", "1 ", "2 ", "130 "):
        assert re.search(rf"^    {code}", text, flags=re.MULTILINE), code


# every example in --help runs ------------------------------------------------------------------


def examples(text: str) -> list[str]:
    """The command lines of a help text's examples (``Examples:`` and the lines under it, or an
    ``Example: pontoon ...`` line)."""
    found = re.findall(r"^\s*Examples?: (pontoon .+)$", text, flags=re.MULTILINE)
    block = re.search(r"^\s*Examples:\n((?:\s+pontoon .*\n)+)", text, flags=re.MULTILINE)
    if block:
        found += [line.strip() for line in block[1].splitlines()]
    return found


ALL_EXAMPLES = {
    (command or "pontoon", example)
    for command in ["", *COMMANDS]
    for example in examples(help_text(*([command] if command else [])))
}


def _records(out: str) -> list[dict]:
    return [orjson.loads(line) for line in out.splitlines()]


def _deal_nets(out: str) -> str:
    """jq -c 'select(.type=="deal") | .net', in Python."""
    nets = [r["net"] for r in _records(out) if r["type"] == "deal"]
    return "".join(orjson.dumps(net).decode() + "\n" for net in nets)


#: jq filters the examples use, done in Python: the pontoon part of a pipeline is always run and
#: checked through these; jq itself runs too when it is installed.
JQ = {
    """jq -c 'select(.type=="deal") | .net'""": _deal_nets,
    "jq -r .title": lambda out: orjson.loads(out)["title"] + "\n",
    "jq .edge.basic": lambda out: f"{orjson.loads(out)['edge']['basic']}\n",
    "jq .bank_value": lambda out: f"{orjson.loads(out)['bank_value']}\n",
    "jq -c .table.banks": lambda out: (
        orjson.dumps(orjson.loads(out)["table"]["banks"]).decode() + "\n"
    ),
}

Check = Callable[[str, str, Path], None]


def _net_lines(out: str, err: str, where: Path) -> None:
    nets = [orjson.loads(line) for line in out.splitlines()]
    assert len(nets) == 3 and "null" not in out
    assert all(isinstance(n, dict) and sum(n.values()) == 0 for n in nets)


def _verified(deals: int, files: int = 1) -> Check:
    def check(out: str, err: str, where: Path) -> None:
        assert out == ""
        assert f"{deals} deals verified, 0 with divergences" in err
        assert f"from {files} file" in err

    return check


def _junit_written(out: str, err: str, where: Path) -> None:
    _verified(10, files=2)(out, err, where)
    suite = ElementTree.parse(where / "replay.xml").getroot()[0]
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("2", "0", "0")
    cases = [(c.get("classname"), c.get("name"), list(c)) for c in suite.iter("testcase")]
    assert [case[:2] for case in cases] == [("day1.jsonl.gz", "log"), ("day2.jsonl.gz", "log")]
    assert [[child.tag for child in case[2]] for case in cases] == [["system-out"]] * 2


def _seeded_log(deals: int) -> Check:
    def check(out: str, err: str, where: Path) -> None:
        header, *rest = _records(out)
        assert header["type"] == "header" and len(rest) == deals
        assert all(r["type"] == "deal" for r in rest)

    return check


def _shoot_log(out: str, err: str, where: Path) -> None:
    header, *deals = _records(out)
    assert header["rules"]["preset"] == "shoot" and len(deals) == 5
    assert all("kitty" in d for d in deals)  # S1-S10: the kitty before and after each deal


def _options_log(out: str, err: str, where: Path) -> None:
    header, *deals = _records(out)
    assert (header["rules"]["banker_doubles"], header["rules"]["burn_on"]) == (True, 13)
    words = {d["action"] for deal in deals for d in deal["decisions"]}
    assert len(deals) == 5 and words & {"double", "no_double"}  # V3: asked every deal


def _scenario_played(out: str, err: str, where: Path) -> None:
    header, *deals = _records(out)
    assert header["scenario"] and deals
    assert "every expectation held" in err


def _written(out: str, err: str, where: Path) -> None:
    assert out == ""
    lines = (where / "game.jsonl").read_text().splitlines()
    assert len(lines) == 1001


def _no_problems(out: str, err: str, where: Path) -> None:
    assert out == "" and "no problems" in err


def _rule(ident: str, whole: bool = True) -> Check:
    def check(out: str, err: str, where: Path) -> None:
        assert out == rulebook.lookup(ident).text + "\n"

    return check


def _presets(out: str, err: str, where: Path) -> None:
    assert out == "traditional\nshoot\ncasino\n"


def _preset_json(out: str, err: str, where: Path) -> None:
    data = orjson.loads(out)
    assert data["preset"] == "traditional"
    assert {s["name"] for s in data["settings"]} >= {"stick_minimum", "no_bought_sure_thing"}


def _schema_title(out: str, err: str, where: Path) -> None:
    assert out == "pontoon-log/1\n"


def _shown(deals: int, player: str | None = None) -> Check:
    def check(out: str, err: str, where: Path) -> None:
        assert out.count("\ndeal ") + out.startswith("deal ") == deals and err == ""
        if player is not None:  # p2 banks deals 1-3 of seed 1: p3's rows and the banker's
            rows = [
                line.split()[0] for line in out.splitlines() if line[:2] in ("p1", "p2", "p3", "p4")
            ]
            assert rows == [player, "p2"] * deals
        assert "\x1b" not in out  # NO_COLOR, and a pipe: plain letters

    return check


def _second_game_shown(out: str, err: str, where: Path) -> None:
    """Deal 5 of the second game (rounds.jsonl: 4 deals, then 6), its own line, p2's and p3's
    rows and the banker's (p1)."""
    assert err == ""
    (title,) = [line for line in out.splitlines() if line.startswith("deal ")]
    assert title.startswith("deal 5 · ") and title.endswith("(rounds.jsonl:11)")
    rows = {line.split()[0] for line in out.splitlines() if line[:2] in ("p1", "p2", "p3", "p4")}
    assert title.split(" · ")[1] == "banker p1" and rows == {"p1", "p2", "p3"}


def _svg_written(out: str, err: str, where: Path) -> None:
    assert out == err == ""
    assert (where / "deal2.svg").read_text().startswith("<svg ")


def _stats_text(out: str, err: str, where: Path) -> None:
    assert out.startswith("pontoon stats game.jsonl: 1000 deals, 1 game\n") and err == ""
    assert "bankroll over time" in out


def _banks(out: str, err: str, where: Path) -> None:
    banks = orjson.loads(out)
    assert set(banks) == {"count", "shortest", "longest", "mean"} and banks["count"] > 1


def _plotted(out: str, err: str, where: Path) -> None:
    assert err == "pontoon: bankroll chart written to bankroll.svg\n"
    assert b"<svg" in (where / "bankroll.svg").read_bytes()[:1000]


def _same(out: str, err: str, where: Path) -> None:
    assert (out, err) == ("", "pontoon diff: the same: 1000 deals compared\n")


def _differ(out: str, err: str, where: Path) -> None:
    assert out.splitlines() == [
        "game.jsonl:3 changed.jsonl:3: deal 2: hands[0].net: game.jsonl -2, changed.jsonl 0; "
        "the rules give game.jsonl's (changed.jsonl's deal does not replay)"
    ]
    assert err == "pontoon diff: 1000 deals compared, 1 difference\n"


def _covered(out: str, err: str, where: Path) -> None:
    assert out == ""  # the table is on stderr, after the summary
    assert err.startswith("pontoon replay: 1000 deals verified, 0 with divergences")
    assert "\nnever exercised:\nT3.3 " in err
    assert err.endswith("coverage: 30 of 34 rules exercised (88.2%)\n")


def _casino_strategy(out: str, err: str, where: Path) -> None:
    assert out.startswith("casino (C1-C11): the dealer hits soft 17") and err == ""
    assert "house edge, basic:        +0.2937% of the initial stake" in out


def _finite_shoe_strategy(out: str, err: str, where: Path) -> None:
    assert "finite shoe of 1 deck, fresh each round, one seat" in out and err == ""
    assert "basic (the shipped table)       +1.4362%   +0.2937%" in out  # C1


def _stands_soft_17_edge(out: str, err: str, where: Path) -> None:
    assert out == "-0.001783\n"  # C9: the dealer standing on soft 17 gives the player the edge


def _traditional_strategy(out: str, err: str, where: Path) -> None:
    assert out.startswith("traditional (T1-T8), heads-up: the banker stays on 16") and err == ""
    assert "banker's edge: " in out


def _bank_value(out: str, err: str, where: Path) -> None:
    assert (out, err) == ("-7.040153\n", "")  # T8.3: the bank's worth, per initial stake


def _cases_proved(out: str, err: str, where: Path) -> None:
    assert err.startswith("pontoon cases: ") and "exercising 45 of 45 rules" in err
    assert "coverage: 45 of 45 rules exercised (100%)" in err and out == ""
    assert (where / "s" / "cases.json").is_file()


def _simulated(preset: str, rounds: int) -> Check:
    def check(out: str, err: str, where: Path) -> None:
        assert err == ""
        report = orjson.loads(out) if out.startswith("{") else None
        if report is None:
            assert out.startswith("pontoon simulate: pontoon-cli ")
            assert f"rules: {preset} " in out and f"{rounds:,} played" in out
        else:
            assert report["rules"]["preset"] == preset and report["rounds_played"] == rounds

    return check


CHECKS: dict[str, Check] = {
    """pontoon play --seed 7 --deals 3 | jq -c 'select(.type=="deal") | .net'""": _net_lines,
    "pontoon play --seed 7 --deals 100 | pontoon replay -": _verified(100),
    "pontoon play --seed 7 --deals 100 --rules casino | pontoon replay --seeded -": _verified(100),
    "pontoon rules T5.4": _rule("T5.4"),
    "pontoon play --seed 7 --deals 3 --players 4": _seeded_log(3),
    "pontoon play scenarios/t7-banker-bust.toml": _scenario_played,
    "pontoon play --seed 1 --deals 1000 --out game.jsonl": _written,
    "pontoon play --rules shoot --seed 7 --deals 5": _shoot_log,
    "pontoon play --seed 7 --deals 5 --set banker_doubles=true --set burn_on=13": _options_log,
    "pontoon replay game.jsonl": _verified(1000),
    "pontoon replay --json --fail-fast day1.jsonl.gz day2.jsonl.gz": _verified(10, files=2),
    "pontoon replay --junit-xml replay.xml day1.jsonl.gz day2.jsonl.gz": _junit_written,
    "pontoon replay --coverage --fail-under 80 game.jsonl": _covered,
    "pontoon cases --rules shoot --out s && pontoon replay --coverage --fail-under 100 "
    "s/*.jsonl": _cases_proved,
    "pontoon check scenarios/*.toml": _no_problems,
    "pontoon rules": _presets,
    "pontoon rules traditional --json": _preset_json,
    "pontoon rules T5": _rule("T5"),
    "pontoon schema | jq -r .title": _schema_title,
    "pontoon show game.jsonl --deal 2": _shown(1),
    "pontoon show game.jsonl --deals 1-3 --player p3": _shown(3, player="p3"),
    "pontoon show game.jsonl --deal 2 --format svg --out deal2.svg": _svg_written,
    "pontoon show rounds.jsonl --deal 2:5 --player p2 --player p3": _second_game_shown,
    "pontoon stats game.jsonl": _stats_text,
    "pontoon stats --json game.jsonl | jq -c .table.banks": _banks,
    "pontoon stats game.jsonl --plot bankroll.svg": _plotted,
    "pontoon diff game.jsonl game.jsonl": _same,
    "pontoon diff --all game.jsonl changed.jsonl": _differ,
    "pontoon strategy --rules casino": _casino_strategy,
    "pontoon strategy --rules casino --set dealer_hits_soft_17=false --json | jq .edge.basic": (
        _stands_soft_17_edge
    ),
    "pontoon strategy --rules casino --decks 1": _finite_shoe_strategy,
    "pontoon strategy --rules traditional --banker-stays 16": _traditional_strategy,
    "pontoon strategy --rules traditional --equilibrium --json | jq .bank_value": _bank_value,
    "pontoon simulate --rules casino --players 5 --rounds 4000 --seed 1": _simulated(
        "casino", 4000
    ),
    "pontoon simulate --rounds 4000 --seed 1 --set banker_doubles=true --json": _simulated(
        "traditional", 4000
    ),
    "pontoon simulate --rules casino --set decks=0 --rounds 4000 --shard 1000 --workers 2 "
    "--seed 1": _simulated("casino", 4000),
}


#: The exit code of an example that does not succeed by design (SPEC "Exit codes").
EXIT = {"pontoon diff --all game.jsonl changed.jsonl": 1}


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A directory holding what the examples name, and a PATH whose `pontoon` is this package."""
    where = tmp_path_factory.mktemp("examples")
    shutil.copytree(ROOT / "scenarios", where / "scenarios")
    bin_dir = where / ".bin"
    bin_dir.mkdir()
    script = bin_dir / "pontoon"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m pontoon_cli "$@"\n')
    script.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}", NO_COLOR="1")
    for seed, name in ((1, "day1.jsonl.gz"), (2, "day2.jsonl.gz")):
        log = runner.invoke(app, ["play", "--seed", str(seed), "--deals", "5"]).stdout_bytes
        (where / name).write_bytes(gzip.compress(log))
    rounds = [
        runner.invoke(app, ["play", "--seed", str(seed), "--deals", str(deals)])
        for seed, deals in ((3, 4), (4, 6))
    ]
    (where / "rounds.jsonl").write_bytes(b"".join(r.stdout_bytes for r in rounds))
    game = runner.invoke(app, ["play", "--seed", "1", "--deals", "1000"]).stdout_bytes
    (where / "game.jsonl").write_bytes(game)
    head, first, second, rest = game.split(b"\n", 3)
    changed = orjson.loads(second)  # deal 2 of game.jsonl, one hand's payout changed
    changed["hands"][0]["net"] += 2
    (where / "changed.jsonl").write_bytes(b"\n".join([head, first, orjson.dumps(changed), rest]))
    return where, env


def _shell(command: str, where: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_every_help_example_has_a_check_and_every_command_has_one() -> None:
    assert {example for _, example in ALL_EXAMPLES} == set(CHECKS)
    assert {where for where, _ in ALL_EXAMPLES} == {"pontoon", *COMMANDS}


@pytest.mark.parametrize(("where", "example"), sorted(ALL_EXAMPLES))
def test_help_example_runs(where: str, example: str, sandbox: tuple[Path, dict[str, str]]) -> None:
    directory, env = sandbox
    pontoon_part, bar, jq_part = example.partition(" | jq ")
    jq_part = f"jq {jq_part}" if bar else ""
    done = _shell(pontoon_part, directory, env)
    code = EXIT.get(example, 0)
    assert done.returncode == code, f"{pontoon_part}: exit {done.returncode}\n{done.stderr}"
    assert "Traceback" not in done.stderr
    if not jq_part:
        CHECKS[example](done.stdout, done.stderr, directory)
        return
    expected = JQ[jq_part](done.stdout)  # the jq stage, in Python
    CHECKS[example](expected, done.stderr, directory)
    if shutil.which("jq") is None:
        pytest.skip(f"jq is not installed: {jq_part!r} checked in Python only")
    piped = _shell(example, directory, env)
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout == expected


def test_the_old_top_level_example_printed_null_first() -> None:
    # `jq -c .net` on the whole log starts with the header's missing net: the example was wrong.
    log = runner.invoke(app, ["play", "--seed", "7", "--deals", "3"]).stdout
    first = _records(log)[0]
    assert first["type"] == "header" and "net" not in first
    assert "jq -c .net" not in help_text()
    assert shlex.split("""jq -c 'select(.type=="deal") | .net'""")[2].startswith("select(")
