"""``--strategy MODULE:NAME`` and ``--strategy FILE.py:NAME`` (``--banker-strategy`` too) for
``pontoon play`` and ``pontoon simulate``, in every preset: the log header names the spec and the
log replays; a strategy that fails stops the run with exit 2 and one line, keeping the whole deals
before it; a spec that cannot be loaded exits 2 before anything is written; simulate's workers
load it themselves and give the report one process gives."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest
from support.strategies import STEADY
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.simulation import shard_seed

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

STRATEGIES = (
    STEADY
    + '''

class Lucky(Steady):
    """Any legal action and amount, from the seat's own generator."""

    def __init__(self, rng):
        self.rng = rng

    def stake(self, view):
        (a,) = view.legal
        return a.low + self.rng.below(a.high - a.low + 1)

    def play(self, view):
        a = view.legal[self.rng.below(len(view.legal))]
        return a.action if a.low is None else (a.action, a.low + self.rng.below(a.high - a.low + 1))

    def bank(self, view):
        return "draw" if view.total < 17 and self.rng.below(4) else "stay"


class Shooter(Steady):
    """Shoots 1 in the round after the stakes (S2); doubles as banker on an ace (V3)."""

    def play(self, view):
        if "pass" in [a.action for a in view.legal]:
            return ("shoot", 1)
        return super().play(view)

    def doubles(self, view):
        return view.cards[0][0] == "A"


class Fold(Steady):
    def play(self, view):
        return "fold" if view.deal == 3 and view.player == "p2" else super().play(view)


class Boom(Steady):
    def bank(self, view):
        if view.deal == 2:
            raise ZeroDivisionError("division by zero")
        return super().bank(view)


class BadStake(Steady):
    def stake(self, view):
        return 0 if view.deal == 2 else 1


class NoBank:
    def stake(self, view):
        return 1

    def play(self, view):
        return "hit" if view.total < 15 else "stand"


steady = Steady()
'''
)

#: Each preset's words a Steady seat says (the shoot round's pass is no logged decision).
STEADY_WORDS = {
    "traditional": {"stake", "stick", "twist", "draw", "stay"},
    "shoot": {"stake", "stick", "twist", "draw", "stay"},
    "casino": {"stake", "stand", "hit"},
}


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A working directory holding ``mine.py``, importable as the module ``pontoon_test_mine``
    too (a name of its own, so no other test's module of the same name is taken)."""
    (tmp_path / "mine.py").write_text(STRATEGIES)
    (tmp_path / "pontoon_test_mine.py").write_text(STRATEGIES)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("pontoon_test_mine", None)


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def records(text: str) -> list[dict[str, object]]:
    return [orjson.loads(line) for line in text.splitlines()]


def words(log: list[dict[str, object]]) -> set[str]:
    return {
        str(d["action"])  # type: ignore[index]
        for r in log[1:]
        for d in r["decisions"]  # type: ignore[attr-defined]
    }


@pytest.mark.parametrize("preset", ["traditional", "shoot", "casino"])
@pytest.mark.parametrize("spec", ["mine.py:Steady", "pontoon_test_mine:Steady"])
def test_play_takes_a_module_or_a_file_strategy_in_every_preset(
    workdir: Path, preset: str, spec: str
) -> None:
    code, out, err = invoke(
        "play", "--rules", preset, "--seed", "7", "--deals", "30", "--strategy", spec
    )
    assert (code, err) == (0, "")
    log = records(out)
    expected = {"punter": spec} if preset == "casino" else {"punter": spec, "banker": spec}
    assert log[0]["strategies"] == expected
    assert len(log) == 31
    assert words(log) <= STEADY_WORDS[preset]  # Steady's words: no buy, split, double
    stakes = [d["amount"] for r in log[1:] for d in r["decisions"] if d["action"] == "stake"]  # type: ignore[index, attr-defined]
    assert set(stakes) == {1}  # the minimum (the default strategy stakes 2 on an ace)
    (workdir / "game.jsonl").write_text(out)
    assert invoke("replay", "game.jsonl")[0] == 0  # replay needs no strategy
    assert invoke("show", "game.jsonl")[0] == 0


def test_a_file_and_a_module_of_the_same_strategy_play_the_same_deals(workdir: Path) -> None:
    by_file = invoke("play", "--seed", "3", "--deals", "20", "--strategy", "mine.py:Lucky")[1]
    by_module = invoke(
        "play", "--seed", "3", "--deals", "20", "--strategy", "pontoon_test_mine:Lucky"
    )[1]
    assert by_file.splitlines()[1:] == by_module.splitlines()[1:]
    assert by_file != invoke("play", "--seed", "3", "--deals", "20")[1]


def test_an_object_plays_as_a_class_does(workdir: Path) -> None:
    """A class is made once per seat; an object with the methods is used as it is."""
    a = invoke("play", "--seed", "5", "--deals", "10", "--strategy", "mine.py:Steady")[1]
    b = invoke("play", "--seed", "5", "--deals", "10", "--strategy", "mine.py:steady")[1]
    assert a.splitlines()[1:] == b.splitlines()[1:]


def test_the_banker_strategy_may_be_the_users_and_the_punters_built_in(workdir: Path) -> None:
    code, out, _ = invoke(
        "play", "--seed", "7", "--deals", "5", "--banker-strategy", "mine.py:Steady"
    )
    assert code == 0
    assert records(out)[0]["strategies"] == {"punter": "default", "banker": "mine.py:Steady"}


def test_S2_V3_a_users_strategy_shoots_and_doubles_through_its_view(workdir: Path) -> None:
    code, out, _ = invoke(
        "play", "--rules", "shoot", "--seed", "7", "--deals", "30", "--strategy", "mine.py:Shooter",
        "--set", "banker_doubles=true",
    )  # fmt: skip
    assert code == 0
    assert {"shoot", "double", "no_double"} <= words(records(out))
    (workdir / "game.jsonl").write_text(out)
    assert invoke("replay", "game.jsonl")[0] == 0


def test_V3_a_strategy_without_doubles_never_doubles(workdir: Path) -> None:
    out = invoke(
        "play", "--seed", "7", "--deals", "30", "--strategy", "mine.py:Steady",
        "--set", "banker_doubles=true",
    )[1]  # fmt: skip
    found = words(records(out))
    assert "no_double" in found and "double" not in found


def test_a_seeded_run_of_a_users_strategy_is_the_same_bytes_twice(workdir: Path) -> None:
    """The seat's generator is spawned from the seed as the built-ins' are."""
    args = ("play", "--seed", "11", "--deals", "40", "--strategy", "mine.py:Lucky")
    first, second = invoke(*args)[1], invoke(*args)[1]
    assert first == second
    assert (
        first != invoke("play", "--seed", "12", "--deals", "40", "--strategy", "mine.py:Lucky")[1]
    )


# a strategy that fails ---------------------------------------------------------------------------

FAILURES = [
    (
        "mine.py:Fold",
        [],
        "pontoon: strategy mine.py:Fold (p2, deal 3, hand 1) returned 'fold': not one of buy, "
        "twist, stick (T5); 2 deals written\n",
    ),
    (
        "mine.py:Boom",
        [],
        "pontoon: strategy mine.py:Boom (p4 as banker, deal 2) raised ZeroDivisionError: division "
        "by zero in bank(view); 1 deal written\n",
    ),
    (
        "mine.py:BadStake",
        ["--rules", "casino"],
        "pontoon: strategy mine.py:BadStake (p1, round 2) returned 0: not a stake from 1 to 10 "
        "(C3); 1 deal written\n",
    ),
]


@pytest.mark.parametrize(("spec", "extra", "message"), FAILURES, ids=["illegal", "raises", "stake"])
def test_a_failing_strategy_exits_2_naming_itself_and_the_log_before_it_replays(
    workdir: Path, spec: str, extra: list[str], message: str
) -> None:
    code, out, err = invoke("play", "--seed", "7", "--deals", "10", "--strategy", spec, *extra)
    assert (code, err) == (2, message)
    log = records(out)
    assert log[0]["strategies"]["punter"] == spec  # type: ignore[index]
    deals = int(message.rsplit("; ", 1)[1].split()[0])
    assert len(log) == 1 + deals  # the deal in progress is not written
    (workdir / "prefix.jsonl").write_text(out)
    assert invoke("replay", "prefix.jsonl")[0] == 0


def test_a_failing_strategy_keeps_the_whole_deals_in_the_out_file(workdir: Path) -> None:
    code, out, err = invoke(
        "play", "--seed", "7", "--deals", "10", "--strategy", "mine.py:Fold", "--out", "g.jsonl"
    )
    assert (code, out) == (2, "")
    assert err == (
        "pontoon: strategy mine.py:Fold (p2, deal 3, hand 1) returned 'fold': not one of buy, "
        "twist, stick (T5); kept 2 deals in g.jsonl\n"
    )
    assert len((workdir / "g.jsonl").read_text().splitlines()) == 3
    assert invoke("replay", "g.jsonl")[0] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--strategy", "nosuch_pontoon.mod:X"],
            "--strategy nosuch_pontoon.mod:X: no module named 'nosuch_pontoon'",
        ),
        (
            ["--strategy", "mine.py:Nope"],
            "--strategy mine.py:Nope: mine.py has no attribute 'Nope'",
        ),
        (
            ["--strategy", "pontoon_test_mine:Nope"],
            "--strategy pontoon_test_mine:Nope: pontoon_test_mine has no attribute 'Nope'",
        ),
        (["--strategy", "gone.py:X"], "--strategy gone.py:X: no file gone.py (relative to {cwd})"),
        (
            ["--strategy", "mine.py:NoBank"],
            "--strategy mine.py:NoBank: NoBank has no method bank(view), which the banker is "
            "asked (it banks too unless --banker-strategy names another)",
        ),
        (
            ["--banker-strategy", "mine.py:NoBank"],
            "--banker-strategy mine.py:NoBank: NoBank has no method bank(view), which the banker "
            "is asked",
        ),
        (
            ["--strategy", "wild"],
            "unknown strategy 'wild'; one of default, random, equilibrium, or your own as "
            "MODULE:NAME or FILE.py:NAME",
        ),
    ],
)
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_strategy_that_cannot_be_loaded_exits_2_before_anything_is_written(
    workdir: Path, command: str, args: list[str], message: str
) -> None:
    code, out, err = invoke(command, "--seed", "1", *args)
    assert (code, out) == (2, "")
    assert err == f"pontoon: {message.format(cwd=workdir)}\n"
    assert list(workdir.iterdir()) != [] and not (workdir / "game.jsonl").exists()


def test_a_casino_strategy_needs_no_bank(workdir: Path) -> None:
    code, out, _ = invoke(
        "play", "--rules", "casino", "--seed", "1", "--deals", "3", "--strategy", "mine.py:NoBank"
    )
    assert code == 0 and len(out.splitlines()) == 4


# simulate ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["traditional", "shoot", "casino"])
@pytest.mark.parametrize("spec", ["mine.py:Steady", "pontoon_test_mine:Steady"])
def test_simulate_takes_a_module_or_a_file_strategy_in_every_preset(
    workdir: Path, preset: str, spec: str
) -> None:
    code, out, _ = invoke(
        "simulate",
        "--rules",
        preset,
        "--rounds",
        "300",
        "--seed",
        "3",
        "--strategy",
        spec,
        "--json",
    )
    assert code == 0
    report = orjson.loads(out)
    assert report["strategies"]["punter"] == spec
    assert report["rounds_played"] == 300
    assert set(report["decisions"]) <= STEADY_WORDS[preset]


def test_simulates_report_names_the_spec_where_it_names_a_strategy(workdir: Path) -> None:
    out = invoke("simulate", "--rounds", "50", "--seed", "3", "--strategy", "mine.py:Steady")[1]
    assert "strategies: punter mine.py:Steady, banker mine.py:Steady," in out


def pontoon(cwd: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """The command in its own process: the workers are processes of their own."""
    return subprocess.run(
        [sys.executable, "-m", "pontoon_cli", *args], cwd=cwd, capture_output=True, check=False
    )


def test_simulate_workers_load_the_strategy_themselves_and_agree(workdir: Path) -> None:
    """Each worker loads mine.py by its spec; 1 and 2 workers give the same report, and a run
    gives the same bytes twice."""
    args = ("simulate", "--rounds", "1200", "--shard", "300", "--seed", "9", "--json")
    one = pontoon(workdir, *args, "--strategy", "mine.py:Lucky", "--workers", "1")
    again = pontoon(workdir, *args, "--strategy", "mine.py:Lucky", "--workers", "1")
    two = pontoon(workdir, *args, "--strategy", "mine.py:Lucky", "--workers", "2")
    assert one.returncode == two.returncode == 0, two.stderr
    assert one.stdout == again.stdout == two.stdout


def test_simulate_says_which_shard_a_failing_strategy_was_playing_in_any_worker(
    workdir: Path,
) -> None:
    args = (
        "simulate",
        "--rounds",
        "40",
        "--shard",
        "20",
        "--seed",
        "9",
        "--strategy",
        "mine.py:Boom",
    )
    one = pontoon(workdir, *args, "--workers", "1")
    two = pontoon(workdir, *args, "--workers", "2")
    assert one.returncode == two.returncode == 2
    assert one.stderr.decode() == (
        "pontoon: strategy mine.py:Boom (p4 as banker, deal 2) raised ZeroDivisionError: "
        f"division by zero in bank(view); in shard 0 (seed {shard_seed(9, 0)})\n"
    )
    assert two.stderr.decode().startswith("pontoon: strategy mine.py:Boom (")
    assert "Traceback" not in two.stderr.decode()


def test_simulates_log_keeps_the_whole_rounds_before_a_failing_strategy(workdir: Path) -> None:
    code, _, err = invoke(
        "simulate", "--rounds", "40", "--shard", "20", "--seed", "9", "--strategy", "mine.py:Boom",
        "--log", "sim.jsonl",
    )  # fmt: skip
    assert code == 2
    assert err == (
        "pontoon: strategy mine.py:Boom (p4 as banker, deal 2) raised ZeroDivisionError: "
        f"division by zero in bank(view); in shard 0 (seed {shard_seed(9, 0)}); kept 1 deal in "
        "sim.jsonl\n"
    )
    assert invoke("replay", "sim.jsonl")[0] == 0


def test_a_scenario_says_a_strategy_of_your_own_plays_seeded_deals_only(workdir: Path) -> None:
    (workdir / "s.toml").write_text('[table]\nplayers = ["ann", "bob"]\n\n[[deal]]\n')
    code, out, err = invoke("play", "s.toml", "--strategy", "mine.py:Steady")
    assert (code, out) == (2, "")
    assert err.endswith(
        "unknown strategy 'mine.py:Steady' (one of strict, default, random, equilibrium); a "
        "strategy of your own plays seeded deals only\n"
    )
