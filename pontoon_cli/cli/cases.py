"""``pontoon cases``: write a preset's conformance case set into a directory
(:mod:`pontoon_cli.conformance.build`; docs/how-to/prove-your-engine.md)."""

from __future__ import annotations

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
    from pontoon_cli.conformance.build import PRESETS, build, files
    from pontoon_cli.conformance.write import existing_names, write_files

    if rules not in PRESETS:
        fail(f"--rules: {rules!r} is not a preset; one of {', '.join(PRESETS)}")
    try:
        existing = existing_names(out, force, ("--out", "--force"))
        made = build(rules)
        others = write_files(files(made), out, existing, "--out")
    except PontoonError as err:
        fail(str(err))
    deals = sum(c.deals for c in made.cases)
    covered = len(made.target) - len(made.unreached)
    say(
        f"pontoon cases: {counted(len(made.cases), 'case')} ({counted(deals, 'deal')}) written "
        f"to {out}, exercising {covered} of {len(made.target)} rules; index: {out}/cases.json"
    )
    if others:
        say(
            f"pontoon cases: {out} also holds {counted(len(others), 'other file')}, left as "
            f"they were: {', '.join(others[:5])}{', ...' if len(others) > 5 else ''}"
        )
    if made.unreached:
        say(f"pontoon cases: no case reaches {', '.join(made.unreached)}")
