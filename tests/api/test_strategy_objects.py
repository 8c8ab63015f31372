"""Your own strategy as an object, from Python: ``strategy=`` and ``banker_strategy=`` of
``play``, ``write_log`` and ``simulate`` take a class (made once per seat and role) or an instance
(shared by every seat), which play as their spec plays; the header names the spec that loads the
object again, or says why there is none; ``simulate(workers>1)`` refuses an object pickle cannot
send; a spec naming the running script plays it without running it again; and anything else is
refused at the call, naming the parameter."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import orjson
import pytest
from support.strategies import STEADY

from pontoon_cli import PontoonError, StrategyError, play, simulate, verify, write_log
from pontoon_cli.core.arguments import ArgumentError

MODULE = "pontoon_test_objs"
OBJECTS = (
    STEADY
    + '''

class Seen(Steady):
    """Each instance made, and the seats that asked it, in the class's own lists."""

    made = []

    def __init__(self, rng):
        self.rng = rng
        self.players = set()
        self.roles = set()
        Seen.made.append(self)

    def stake(self, view):
        self.players.add(view.player)
        self.roles.add("punter")
        return super().stake(view)

    def play(self, view):
        self.players.add(view.player)
        self.roles.add("punter")
        return super().play(view)

    def bank(self, view):
        self.players.add(view.player)
        self.roles.add("banker")
        return super().bank(view)


class Boom(Steady):
    def bank(self, view):
        if view.deal == 4:
            raise ZeroDivisionError("division by zero")
        return super().bank(view)


class CtrlC(Steady):
    def bank(self, view):
        if view.deal == 4:
            raise KeyboardInterrupt
        return super().bank(view)


class NoBank:
    def stake(self, view):
        return 1

    def play(self, view):
        return "hit" if view.total < 15 else "stand"


steady = Steady()
'''
)


@pytest.fixture
def objs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The module ``pontoon_test_objs`` (a file in the working directory), imported."""
    import importlib

    (tmp_path / f"{MODULE}.py").write_text(OBJECTS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield importlib.import_module(MODULE)
    sys.modules.pop(MODULE, None)


def pontoon(folder: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """``pontoon ARGS...`` (this interpreter's), run in ``folder``."""
    return subprocess.run(
        [sys.executable, "-m", "pontoon_cli", *args], cwd=folder, capture_output=True, check=False
    )


def logged(**options: Any) -> bytes:
    out = io.BytesIO()
    write_log(out, seed=7, deals=6, **options)
    return out.getvalue()


def header(log: bytes) -> dict[str, Any]:
    record: dict[str, Any] = orjson.loads(log.splitlines()[0])
    return record


# a class, an instance -----------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["traditional", "shoot", "casino"])
def test_a_class_plays_as_its_spec_does_and_the_header_names_the_spec(
    objs: ModuleType, tmp_path: Path, rules: str
) -> None:
    by_object = logged(rules=rules, strategy=objs.Steady)
    assert by_object == logged(rules=rules, strategy=f"{MODULE}:Steady")
    assert header(by_object)["strategies"]["punter"] == f"{MODULE}:Steady"
    # re-played by the name the header gives it: the same bytes
    done = pontoon(tmp_path, "play", "--rules", rules, "--seed", "7", "--deals", "6",
                   "--strategy", f"{MODULE}:Steady")  # fmt: skip
    assert done.returncode == 0 and done.stdout == by_object


def test_a_class_is_made_once_per_seat_and_role(objs: ModuleType) -> None:
    objs.Seen.made.clear()
    list(play(seed=7, deals=8, strategy=objs.Seen))
    # one made per role to check the class before anything is played, then each seat's own as
    # punter and as banker (p4 banks every deal of this seed)
    assert len(objs.Seen.made) == 2 + 4 + 4
    asked = [s.players for s in objs.Seen.made if s.players]
    assert sorted(asked) == [{"p1"}, {"p2"}, {"p3"}, {"p4"}]
    punters = [s for s in objs.Seen.made if s.players and s.roles == {"punter"}]
    assert len(punters) == 3 and [s.roles for s in objs.Seen.made if "p4" in s.players] == [
        {"banker"}
    ]


def test_an_instance_is_shared_by_every_seat(objs: ModuleType) -> None:
    shared = objs.Seen(rng=None)
    list(play(seed=7, deals=8, strategy=shared))
    assert shared.players == {"p1", "p2", "p3", "p4"}


def test_an_instance_a_module_names_is_re_played_by_that_name(
    objs: ModuleType, tmp_path: Path
) -> None:
    by_object = logged(strategy=objs.steady)
    assert header(by_object)["strategies"] == {
        "punter": f"{MODULE}:steady",
        "banker": f"{MODULE}:steady",
    }
    spec = f"{MODULE}:steady"
    done = pontoon(tmp_path, "play", "--seed", "7", "--deals", "6", "--strategy", spec)
    assert done.stdout == by_object


def test_the_header_says_why_an_object_cannot_be_re_played(objs: ModuleType) -> None:
    def local() -> type:
        class Local(objs.Steady):  # type: ignore[name-defined,misc]
            pass

        return Local

    fresh = objs.Steady()
    log = logged(strategy=local(), banker_strategy=fresh)
    name = f"{__name__}:test_the_header_says_why_an_object_cannot_be_re_played.<locals>"
    assert header(log)["strategies"] == {
        "punter": f"{name}.local.<locals>.Local (not re-playable: a class defined in a function)",
        "banker": f"{MODULE}:Steady (not re-playable: an instance no module names)",
    }
    assert list(verify(log.splitlines(keepends=True))) == []


def test_a_class_of_a_session_without_a_file_is_named_and_noted(tmp_path: Path) -> None:
    code = STEADY + (
        "import pontoon_cli\n"
        "print(next(iter(pontoon_cli.play(seed=1, deals=1, strategy=Steady)))['strategies'])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True)
    said = (
        "__main__:Steady (not re-playable: defined in a __main__ without a file: a prompt, a "
        "notebook)"
    )
    assert done.stdout.decode() == f"{dict(punter=said, banker=said)}\n"


def test_a_strategy_from_a_script_is_named_by_its_file_and_re_played(tmp_path: Path) -> None:
    script = tmp_path / "mine.py"
    script.write_text(
        STEADY
        + textwrap.dedent(
            """
            import sys
            import pontoon_cli

            if __name__ == "__main__":
                pontoon_cli.write_log("game.jsonl", seed=5, deals=4, strategy=Steady)
                pontoon_cli.write_log("same.jsonl", seed=5, deals=4, strategy="mine.py:Steady")
            """
        )
    )
    done = subprocess.run([sys.executable, "mine.py"], cwd=tmp_path, capture_output=True)
    assert (done.returncode, done.stderr) == (0, b"")
    log = (tmp_path / "game.jsonl").read_bytes()
    assert header(log)["strategies"]["punter"] == "mine.py:Steady"
    assert (tmp_path / "same.jsonl").read_bytes() == log  # the script's own class, not a copy
    again = pontoon(tmp_path, "play", "--seed", "5", "--deals", "4", "--strategy", "mine.py:Steady")
    assert again.stdout == log


def test_an_object_that_fails_is_named_and_the_log_keeps_its_whole_deals(
    objs: ModuleType, tmp_path: Path
) -> None:
    with pytest.raises(StrategyError) as raised:
        write_log("game.jsonl", seed=7, deals=6, strategy=objs.Boom)
    assert str(raised.value) == (
        f"strategy {MODULE}:Boom (p4 as banker, deal 4) raised ZeroDivisionError: division by "
        "zero in bank(view); kept 3 deals in game.jsonl"
    )
    log = (tmp_path / "game.jsonl").read_bytes()
    assert len(log.splitlines()) == 4 and list(verify("game.jsonl")) == []
    stream = io.BytesIO()  # a stream: each record whole as it is played, the same prefix
    with pytest.raises(StrategyError, match=r"in bank\(view\); 3 deals written$"):
        write_log(stream, seed=7, deals=6, strategy=objs.Boom)
    assert stream.getvalue() == log


def test_a_keyboard_interrupt_leaves_no_file_and_an_earlier_one_as_it_was(
    objs: ModuleType, tmp_path: Path
) -> None:
    """write_log's other case: not a strategy's error, so whole or not at all."""
    (tmp_path / "game.jsonl").write_bytes(b"earlier\n")
    with pytest.raises(KeyboardInterrupt):
        write_log("game.jsonl", seed=7, deals=6, strategy=objs.CtrlC)
    with pytest.raises(KeyboardInterrupt):
        write_log("new.jsonl", seed=7, deals=6, strategy=objs.CtrlC)
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".jsonl") == ["game.jsonl"]
    assert (tmp_path / "game.jsonl").read_bytes() == b"earlier\n"


def test_a_casino_object_needs_no_bank_and_a_banker_does(objs: ModuleType) -> None:
    assert len(list(play("casino", seed=1, deals=3, strategy=objs.NoBank()))) == 4
    with pytest.raises(PontoonError, match=r"NoBank has no method bank\(view\), which the banker"):
        list(play(seed=1, deals=3, strategy=objs.NoBank))


# refused at the call ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "parameter", "value", "shown"),
    [
        ("play", "strategy", 3, "int 3"),
        ("write_log", "strategy", b"mine.py:X", "bytes b'mine.py:X'"),
        ("simulate", "strategy", print, "builtin_function_or_method <built-in function print>"),
        ("play", "banker_strategy", ["default"], "list ['default']"),
    ],
)
def test_anything_else_is_refused_naming_the_parameter(
    call: str, parameter: str, value: object, shown: str
) -> None:
    needs = "bank(view)" if parameter == "banker_strategy" else "stake(view) and play(view)"
    with pytest.raises(ArgumentError) as raised:
        if call == "write_log":
            write_log(io.BytesIO(), seed=1, deals=1, **{parameter: value})
        elif call == "simulate":
            simulate(rounds=10, seed=1, **{parameter: value})
        else:
            list(play(seed=1, deals=1, **{parameter: value}))
    assert str(raised.value) == (
        f"{call}(): {parameter}= takes a name or spec (str: 'random', 'mymod:Cautious', "
        f"'FILE.py:NAME'), a strategy class, or an instance with {needs}; got {shown}"
    )
    assert isinstance(raised.value, TypeError) and isinstance(raised.value, PontoonError)


# simulate's workers ----------------------------------------------------------------------------


def test_simulate_sends_an_object_to_its_workers_and_agrees(objs: ModuleType) -> None:
    one = simulate(rounds=3000, shard=1000, seed=3, strategy=objs.Steady)
    assert one == simulate(rounds=3000, shard=1000, seed=3, strategy=objs.Steady, workers=2)
    assert one == simulate(rounds=3000, shard=1000, seed=3, strategy=f"{MODULE}:Steady")
    assert one["strategies"] == {"punter": f"{MODULE}:Steady", "banker": f"{MODULE}:Steady"}


def test_simulate_refuses_an_object_its_workers_cannot_be_sent(objs: ModuleType) -> None:
    class Local(objs.Steady):  # type: ignore[name-defined,misc]
        pass

    played = simulate(rounds=2000, shard=1000, seed=3, strategy=Local)  # in this process: fine
    assert played["rounds_played"] == 2000
    with pytest.raises(StrategyError) as raised:
        simulate(rounds=2000, shard=1000, seed=3, banker_strategy=Local, workers=2)
    said = str(raised.value)
    assert said.startswith(
        f"simulate(): banker_strategy= {__name__}:test_simulate_refuses_an_object_its_workers_"
        "cannot_be_sent.<locals>.Local cannot be sent to the worker processes (workers=2) by "
        "pickle: "
    )
    assert said.endswith(
        "; define the class at the top level of a module, give an instance whose state pickle "
        "can copy, or use workers=1"
    )


# the running script, and a file that asks for itself ------------------------------------


def test_a_spec_naming_the_running_script_plays_it_without_running_it_again(
    tmp_path: Path,
) -> None:
    (tmp_path / "script.py").write_text(
        STEADY
        + textwrap.dedent(
            """
            import pontoon_cli

            runs = globals().get("runs", 0) + 1
            records = list(pontoon_cli.play(seed=1, deals=2, strategy="script.py:Steady"))
            print(runs, len(records), records[0]["strategies"]["punter"])
            """
        )
    )
    done = subprocess.run([sys.executable, "script.py"], cwd=tmp_path, capture_output=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"1 3 script.py:Steady\n", b"")


def test_a_file_that_asks_for_itself_while_loading_is_one_clear_error(tmp_path: Path) -> None:
    (tmp_path / "script.py").write_text(
        STEADY
        + textwrap.dedent(
            """
            import pontoon_cli

            list(pontoon_cli.play(seed=1, deals=2, strategy="script.py:Steady"))
            """
        )
    )
    done = pontoon(tmp_path, "play", "--seed", "1", "--strategy", "script.py:Steady")
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.decode() == (
        # the script's own call is the one refused, in its words
        "pontoon: strategy='script.py:Steady': script.py asks for a strategy of its own while "
        'it is being loaded: put the code that plays under `if __name__ == "__main__":`\n'
    )


def test_cleaning_up_a_failed_load_never_hides_its_error(tmp_path: Path) -> None:
    """A file whose loading removed its own module before failing: the failure is said."""
    from pontoon_cli.base.plugin import FILE_MODULE_PREFIX, find

    (tmp_path / "gone.py").write_text(
        "import sys\n"
        f"for name in [n for n in sys.modules if n.startswith({FILE_MODULE_PREFIX!r})]:\n"
        "    del sys.modules[name]\n"
        "raise ValueError('the real error')\n"
    )
    with pytest.raises(StrategyError) as raised:
        find(f"{tmp_path / 'gone.py'}:X")
    assert str(raised.value) == f"loading {tmp_path / 'gone.py'} raised ValueError: the real error"
