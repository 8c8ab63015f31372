"""Start-up without pydantic: the CLI reads a plain option value itself (None, a flag, text, a
whole number in ASCII digits, a list of text, a number default, a path typer takes as it is) rather
than through typer's validators, which import pydantic; every such reading must be the value typer
gives, and whatever typer would check or refuse is left to typer. The commands that read only plain
values run, in a fresh interpreter, without importing pydantic."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from pontoon_cli.cli.main import app

ROOT = Path(__file__).resolve().parents[2]


RAW_VALUES = [
    *(None, "7", "-3", "007", "0", "12345678901234567890", "abc", " 7", "7 ", "1_000", "\u0663"),
    *("1.0", "", "-", "x.jsonl", True, False, ("a", "b"), (), ["k=v"], ("1", 2)),
    *(7, -3, 0, 10_000, 2**60, 1.0),  # defaults given as numbers
    # paths: one that exists (a file, a directory), one that does not, one with a NUL byte
    *(__file__, str(Path(__file__).parent), "no/such/dir/x.toml", "a\0b", (__file__, "x.toml")),
    ("x.toml", "a\0b"),
]


def test_a_plainly_read_value_is_the_one_typer_s_validator_gives() -> None:
    # cli_app reads plain values (None, flags, str, ASCII-digit ints, lists of str) itself, so
    # `pontoon play --seed 1` does not import pydantic; anything else goes to typer. For every
    # parameter of every command and a range of raw values, where the plain reading answers, it
    # must be typer's answer, and where typer refuses, the plain reading must not answer.
    import typer.main
    from typer.core import TyperArgument, TyperOption

    from pontoon_cli.cli.app import _UNSURE, _plain_value

    group = typer.main.get_command(app)
    answered = 0
    for name in group.list_commands(None):  # type: ignore[attr-defined]
        command = group.get_command(None, name)  # type: ignore[attr-defined]
        ctx = command.context_class(command, info_name=name)
        for param in command.get_params(ctx):
            base = TyperArgument if isinstance(param, TyperArgument) else TyperOption
            if param.callback is not None:  # --help, --version: they act, not read
                continue
            for raw in RAW_VALUES:
                plain = _plain_value(param, raw)
                if plain is _UNSURE or (param.required and param.value_is_missing(plain)):
                    continue  # typer reads it (_process hands a missing required value back)
                answered += 1
                try:
                    typer_s = base.process_value(param, ctx, raw)
                except Exception as refused:  # any refusal is a difference
                    raise AssertionError(f"{name} {param.name} {raw!r}: typer refuses") from refused
                assert (plain, type(plain)) == (typer_s, type(typer_s)), (name, param.name, raw)
    assert answered > 100


def _run_without_pydantic(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """``pontoon ARGS`` by the console script's own lines in a fresh interpreter, which must
    succeed; the last line of its stderr lists the pydantic modules it loaded."""
    probe = (
        f"import sys; sys.argv = ['pontoon', *{list(args)!r}]\n"
        "from pontoon_cli.cli.main import main\n"
        "try:\n    main()\nexcept SystemExit as done:\n    assert not done.code, done.code\n"
        "print(sorted(m for m in sys.modules if m.startswith('pydantic')), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr.decode()
    return done


def test_seeded_play_reads_its_options_without_pydantic(tmp_path: Path) -> None:
    done = _run_without_pydantic(
        tmp_path,
        *("play", "--seed", "1", "--deals", "1", "--players", "3"),
        *("--rules", "traditional", "--set", "stick_minimum=16"),
    )
    assert done.stdout.count(b"\n") == 2  # the header and one deal
    assert done.stderr.decode().strip().splitlines()[-1] == "[]"
    bad = subprocess.run(
        [sys.executable, "-m", "pontoon_cli", "play", "--deals", "three"],
        capture_output=True,
        cwd=tmp_path,
    )
    assert bad.returncode == 2
    assert bad.stderr == b"pontoon: --deals must be a whole number, got 'three'\n"


def test_simulate_reads_its_options_and_their_number_defaults_without_pydantic(
    tmp_path: Path,
) -> None:
    # --workers and --shard default to numbers, not text: read plainly too, so a local simulate
    # imports no pydantic (about half of its start-up)
    done = _run_without_pydantic(
        tmp_path,
        *("simulate", "--rules", "casino", "--players", "1", "--seed", "1", "--rounds", "20"),
        "--json",
    )
    report = orjson.loads(done.stdout)
    assert (report["rounds_played"], report["shard_rounds"]) == (20, 10_000)
    assert done.stderr.decode().strip().splitlines()[-1] == "[]"


def test_a_parameter_with_a_reading_of_its_own_is_left_to_typer() -> None:
    # min/max, a parser or a click type: typer's validator applies them, so the plain reading
    # must not answer for such a parameter (pontoon's options have none today).
    from types import SimpleNamespace

    from pontoon_cli.cli.app import _UNSURE, _plain_value

    def param(**info: object) -> object:
        fields = {"parser": None, "click_type": None, "min": None, "max": None, **info}
        descriptor = SimpleNamespace(annotation=int, parameter_info=SimpleNamespace(**fields))
        return SimpleNamespace(type_descriptor=descriptor, multiple=False, nargs=1)

    assert _plain_value(param(), "7") == 7
    for info in ({"min": 1}, {"max": 9}, {"parser": int}, {"click_type": object()}):
        assert _plain_value(param(**info), "7") is _UNSURE, info


@pytest.mark.parametrize(
    "args",
    [
        ["check", str(ROOT / "scenarios" / "t1-card-values.toml")],
        ["play", str(ROOT / "scenarios" / "t1-card-values.toml")],
        ["play", "--seed", "1", "--deals", "1", "--out", "game.jsonl"],
    ],
    ids=["check-files", "play-scenario", "play-out-file"],
)
def test_a_command_given_paths_reads_them_without_pydantic(tmp_path: Path, args: list[str]) -> None:
    done = _run_without_pydantic(tmp_path, *args)
    assert done.stderr.decode().strip().splitlines()[-1] == "[]"


def test_every_path_parameter_reads_a_plain_path_itself() -> None:
    # in-process: each command's path parameter (play's scenario and --out, simulate's --log,
    # strategy's --write, check's files) answers a path typer takes as it is, without typer
    import typer.main

    from pontoon_cli.cli.app import _plain_value

    group = typer.main.get_command(app)
    read = []
    for name in group.list_commands(None):  # type: ignore[attr-defined]
        command = group.get_command(None, name)  # type: ignore[attr-defined]
        ctx = command.context_class(command, info_name=name)
        for param in command.get_params(ctx):
            annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
            if annotation == Path:
                assert _plain_value(param, "no/such/x.toml") == Path("no/such/x.toml")
                read.append(f"{name} {param.name}")
            elif annotation == list[Path]:
                paths = _plain_value(param, ("x.toml", __file__))
                assert paths == [Path("x.toml"), Path(__file__)]
                read.append(f"{name} {param.name}")
    assert {"play scenario", "play out", "check files"} <= set(read)


def test_a_path_typer_would_check_or_refuse_is_left_to_typer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A path read plainly is one typer takes as it is: nothing there, or a file or directory
    # that can be read. One that cannot be read, a NUL byte, or a parameter with path options of
    # its own (exists=True, ...) is typer's to say, in its words.
    from types import SimpleNamespace

    import pontoon_cli.cli.app as cli_app

    default = SimpleNamespace(exists=False, file_okay=True, dir_okay=True, readable=True)
    there = tmp_path / "s.toml"
    there.write_text("")
    assert cli_app._plain_path(default, str(there)) == there
    assert cli_app._plain_path(default, str(tmp_path / "none.toml")) == tmp_path / "none.toml"
    assert cli_app._plain_path(default, "a\0b") is cli_app._UNSURE
    for option in ({"exists": True}, {"dir_okay": False}, {"resolve_path": True}):
        own = SimpleNamespace(**{**vars(default), **option})
        assert cli_app._plain_path(own, str(there)) is cli_app._UNSURE, option
    monkeypatch.setattr(cli_app.os, "access", lambda path, mode: False)  # as if unreadable
    assert cli_app._plain_path(default, str(there)) is cli_app._UNSURE
    assert cli_app._plain_path(default, str(tmp_path / "none.toml")) == tmp_path / "none.toml"
