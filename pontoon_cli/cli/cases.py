"""``pontoon cases``: write a preset's conformance case set into a directory
(:mod:`pontoon_cli.cases.build`; docs/how-to/prove-your-engine.md)."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from pontoon_cli.cli.app import command, counted, fail, guarded, say
from pontoon_cli.core.errors import PontoonError


@command(short_help="Write logs that exercise every rule of a preset.")
@guarded
def cases(
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            metavar="PRESET",
            help="The preset whose rules the cases exercise: traditional, shoot or casino.",
        ),
    ],
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            metavar="DIR",
            help="The directory to write the cases into; made if missing. One that holds "
            "files already is refused unless --force.",
        ),
    ],
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Write into a directory that is not empty: files of the cases' names are "
            "replaced (regular files only), every other file is left as it is.",
        ),
    ] = False,
) -> None:
    """Write a small set of logs that together exercise every rule of a preset.

    Seeded games are played under the preset's defaults and under each house option's setting
    (V1-V9), and the fewest short logs are kept that exercise every applicable rule between
    them (a log is a game's first deals, so it replays clean by itself); the rules seeded play
    does not reach (T8.4 selling the bank, T8.5 a void deal, V6, V7, S8) are cases played from
    scenario files, written beside their logs. DIR/cases.json lists every case: its header's
    settings, its deals, the rules only it exercises, and all its rules. The same command writes
    the same bytes on any machine.

    Run your engine on the same packs and decisions and check it with `pontoon replay
    --coverage --fail-under 100`. Exit 0 when the set was written, 2 on bad usage or a
    directory that cannot be written.

    \b
    Examples:
      pontoon cases --rules shoot --out s && pontoon replay --coverage --fail-under 100 s/*.jsonl
    """
    from pontoon_cli.cases.build import PRESETS, build, files

    if rules not in PRESETS:
        fail(f"--rules: {rules!r} is not a preset; one of {', '.join(PRESETS)}")
    existing = _existing(out, force)
    try:
        made = build(rules)
    except PontoonError as err:
        fail(str(err))
    written = files(made)
    for name in written:  # every check before anything is written
        _writable(out / name, name in existing)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, data in written.items():
            _write(out / name, data)
    except OSError as err:
        fail(f"--out {out}: {err.strerror or err}")
    deals = sum(c.deals for c in made.cases)
    covered = len(made.target) - len(made.unreached)
    say(
        f"pontoon cases: {counted(len(made.cases), 'case')} ({counted(deals, 'deal')}) written "
        f"to {out}, exercising {covered} of {len(made.target)} rules; index: {out}/cases.json"
    )
    others = sorted(existing - set(written))
    if others:
        say(
            f"pontoon cases: {out} also holds {counted(len(others), 'other file')}, left as "
            f"they were: {', '.join(others[:5])}{', ...' if len(others) > 5 else ''}"
        )
    if made.unreached:
        say(f"pontoon cases: no case reaches {', '.join(made.unreached)}")


def _existing(out: Path, force: bool) -> set[str]:
    """The names already in ``out`` (none when it is missing); exit 2 when ``out`` is not a
    directory, or holds files and ``force`` is not given."""
    try:
        info = os.stat(out)
    except FileNotFoundError:
        return set()
    except OSError as err:
        fail(f"--out {out}: {err.strerror or err}")
    if not stat.S_ISDIR(info.st_mode):
        fail(f"--out {out} is not a directory")
    try:
        names = set(os.listdir(out))
    except OSError as err:
        fail(f"--out {out}: {err.strerror or err}")
    if names and not force:
        fail(
            f"--out {out} is not empty ({len(names)} entries): name a new or empty "
            "directory, or give --force to write the cases into it (files of the same names "
            "are replaced, others are left)"
        )
    return names


def _writable(path: Path, exists: bool) -> None:
    """Exit 2 when ``path`` is there and is anything but a regular file (a directory, a link,
    a pipe): only a regular file is ever replaced."""
    if not exists:
        return
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as err:
        fail(f"--out: {path}: {err.strerror or err}")
    if not stat.S_ISREG(info.st_mode):
        fail(f"--out: {path} is there and is not a regular file; nothing was written")


def _write(path: Path, data: bytes) -> None:
    """``data`` into ``path`` whole or not at all: a file beside it, renamed over it."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _umask() -> int:
    """The process's umask (a new file's mode is 0o666 less it, as open() makes one)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
