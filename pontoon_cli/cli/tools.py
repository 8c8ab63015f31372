"""``pontoon check``, ``rules``, ``schema`` and ``replay``: the commands that read, not play."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pontoon_cli.cli.app import (
    EXIT_INPUT,
    command,
    counted,
    data_out,
    fail,
    guarded,
    keep_inputs,
    raw_stdout,
    say,
    stream_guard,
    write_json,
)
from pontoon_cli.cli.options import Logs, json_option
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.rules import (
    PRESETS,
    Rules,
    setting_info,
    setting_text,
)

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from pontoon_cli.render.console import ReplayView
    from pontoon_cli.replay.ci import CiReport

# check, rules, schema ----------------------------------------------------------------------------


@command(short_help="Validate scenario and rules files.")
@guarded
def check(
    files: Annotated[
        list[Path],
        typer.Argument(metavar="FILE...", help="Scenario or rules files (TOML or JSON)."),
    ],
) -> None:
    """Validate scenario and rules files without playing; list every problem with file:line.

    Problems go to stdout, one a line, the count to stderr. Exit 0 when every file is good, 2
    when any has a problem.

    \b
    Examples:
      pontoon check scenarios/*.toml
    """
    from pontoon_cli.scenario.reader import Problem, check_file

    out = data_out()
    count = 0
    for path in files:
        try:
            problems = check_file(path)  # the same reading and verdict as play
        except PontoonError as err:
            problems = [Problem(str(path), 0, "", str(err))]
        for problem in problems:
            text = str(problem) if problem.line else problem.message
            out.write(f"{text}\n".encode())
        count += len(problems)
    bad = "no problems" if count == 0 else counted(count, "problem")
    say(f"pontoon check: {counted(len(files), 'file')}, {bad}")
    if count:
        raise typer.Exit(EXIT_INPUT)


@command("rules", short_help="Show the presets, or a rule by its ID.")
@guarded
def rules_command(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="[PRESET|RULE-ID]",
            help="A preset to show, or a rule ID (T5.4, T5, V7) to print.  "
            "[default: list the presets]",
        ),
    ] = None,
    as_json: Annotated[bool, json_option("Write JSON, for machines.")] = False,
) -> None:
    """List the presets, show a preset's settings, or print a rule by its ID.

    Every message cites a rule ID (T5.4, V1, ...): this prints that rule from the rules text
    shipped with pontoon (docs/rules.md), T5 prints the whole section.

    \b
    Examples:
      pontoon rules
      pontoon rules traditional --json
      pontoon rules T5.4
      pontoon rules T5
    """
    if name is None:
        if as_json:
            write_json({"presets": list(PRESETS)})
            return
        out = data_out()
        for preset in PRESETS:
            out.write(f"{preset}\n".encode())
        return
    from pontoon_cli.rulebook import is_rule_id, lookup  # the rules text: only this command

    if is_rule_id(name):  # no preset name has the shape of a rule ID (tests/test_rulebook.py)
        try:
            rule = lookup(name)
        except PontoonError as err:
            fail(str(err))
        if as_json:
            write_json(rule.to_dict())
        else:
            data_out().write((rule.text + "\n").encode())
        return
    _show_preset(name, as_json)


def _show_preset(preset: str, as_json: bool) -> None:
    try:
        rules = Rules.preset_named(preset)
    except PontoonError as err:
        fail(f"{err} (presets: {', '.join(PRESETS)}; a rule ID looks like T5.4 or V7)")
    values = rules.to_dict()
    rows = [(name, values[name], ids, help_) for name, _, ids, help_ in setting_info(preset)]
    if as_json:
        write_json(
            {
                "preset": preset,
                "settings": [
                    {"name": n, "value": v, "rules": [r.strip() for r in ids.split(",")], "help": h}
                    for n, v, ids, h in rows
                ],
            }
        )
        return
    shown = [(n, setting_text(v), ids, h) for n, v, ids, h in rows]
    if not sys.stdout.isatty():  # plain columns for pipes and scripts
        head = ("setting", "value", "rules", "meaning")
        widths = [max(len(r[k]) for r in [head, *shown]) for k in range(3)]
        out = data_out()
        for r in [head, *shown]:
            cells = [r[k].ljust(widths[k]) for k in range(3)]
            out.write(("  ".join([*cells, r[3]]) + "\n").encode())
        return
    from rich.console import Console
    from rich.table import Table as RichTable

    table = RichTable(title=f"preset {preset}")
    for column in ("setting", "value", "rules", "meaning"):
        table.add_column(column, no_wrap=column != "meaning")
    for row in shown:
        table.add_row(*row)
    Console(no_color="NO_COLOR" in os.environ, highlight=False).print(table)


@command("schema", short_help="Print the JSON Schema of the log.")
@guarded
def schema_command() -> None:
    """Print the JSON Schema of the log (format pontoon-log/1), for checking logs elsewhere.

    \b
    Examples:
      pontoon schema | jq -r .title
    """
    from pontoon_cli.log.writer import schema

    write_json(schema(), indent=True)


# replay ----------------------------------------------------------------------------------------


@command(short_help="Verify logs: re-deal every deal and compare.")
def replay(
    logs: Logs,
    fail_fast: Annotated[
        bool, typer.Option("--fail-fast", help="Stop at the first divergence.")
    ] = False,
    as_json: Annotated[bool, json_option("Write the divergences as JSON lines.")] = False,
    seeded: Annotated[
        bool,
        typer.Option(
            "--seeded",
            help="Also check that every shuffled pack is the one the header's seed deals "
            "(T8.2, C1); a scenario's log or a log without a seed is refused (exit 2).",
        ),
    ] = False,
    coverage: Annotated[
        bool,
        typer.Option(
            "--coverage",
            help="After the summary, per rule ID the deals it decided something in and the "
            "divergences that cite it, the rules never exercised last (with --json: one last "
            'JSON line, "type": "coverage").',
        ),
    ] = False,
    fail_under: Annotated[
        float | None,
        typer.Option(
            "--fail-under",
            metavar="PCT",
            help="With --coverage: exit 1 when fewer than PCT% (0 to 100) of the rules that "
            "apply to the logs were exercised, naming the missing ones.",
        ),
    ] = None,
    junit_xml: Annotated[
        str | None,
        typer.Option(
            "--junit-xml",
            metavar="FILE",
            help="Also write a JUnit XML report to FILE for CI: a test case per log and per "
            "divergent deal; whole or not at all.  [default: none]",
        ),
    ] = None,
    annotate: Annotated[
        str | None,
        typer.Option(
            "--annotate",
            metavar="github|none",
            help="github: also write each divergence to stderr as a GitHub Actions error "
            "annotation.  [default: github where GITHUB_ACTIONS=true, else none]",
        ),
    ] = None,
) -> None:
    """Re-deal every deal of each log and verify it; report the first divergence of each deal.

    One line per divergence on stdout, FILE:LINE: deal N: PLAYER hand K: FIELD recorded X, rules
    give Y (RULE-ID), or FIELD missing for a decision the log lacks; then what explains it (the
    hands, whose cards, a house rule that pays or allows it: "a house rule? V4
    banker_pontoon_collects=1 pays this"), and [follows from line N] on a line that rests on an
    earlier one or on what the log did not say. A summary on stderr counts the independent
    ones. Exit 0 when every deal verified, 1 on a divergence, 2 on unreadable input (missing
    file, not JSON, truncated, a record the schema refuses).

    \b
    Examples:
      pontoon replay game.jsonl
      pontoon play --seed 7 --deals 100 | pontoon replay -
      pontoon replay --json --fail-fast day1.jsonl.gz day2.jsonl.gz
      pontoon play --seed 7 --deals 100 --rules casino | pontoon replay --seeded -
      pontoon replay --coverage --fail-under 80 game.jsonl
      pontoon replay --junit-xml replay.xml day1.jsonl.gz day2.jsonl.gz
    """
    from pontoon_cli.render.console import ReplayView
    from pontoon_cli.replay.coverage import RuleCoverage
    from pontoon_cli.replay.run import replay_logs

    if fail_under is not None and not coverage:
        raise typer.BadParameter("--fail-under needs --coverage", param_hint="--fail-under")
    if fail_under is not None and not 0 <= fail_under <= 100:
        raise typer.BadParameter(
            f"{fail_under:g} is not a percentage from 0 to 100", param_hint="--fail-under"
        )
    view = ReplayView(data_out(), sys.stderr)  # on a closed pipe, reads on to the exit code
    tally = RuleCoverage() if coverage else None
    ci, report = _ci(logs, view, junit_xml, annotate)
    with stream_guard(), report:
        code = replay_logs(
            logs,
            view,
            fail_fast=fail_fast,
            as_json=as_json,
            seeded=seeded,
            coverage=tally,
            fail_under=fail_under,
            watch=ci,
        )
    raise typer.Exit(code)


def _ci(
    logs: list[str], view: ReplayView, junit_xml: str | None, annotate: str | None
) -> tuple[CiReport | None, AbstractContextManager[object]]:
    """replay's CI options (replay/ci.py): the run's watch (None without them) and the report
    file around the run (a no-op context without --junit-xml). Exit 2, nothing read, for a
    report to stdout or onto a log read (``-`` names stdin: the file it reads)."""
    from pontoon_cli.replay.ci import ANNOTATE, CiReport, JunitFile, annotating

    if annotate is not None and annotate not in ANNOTATE:
        fail(f"--annotate {annotate!r}: expected one of {', '.join(ANNOTATE)}")
    if junit_xml == "-":
        fail("--junit-xml -: stdout carries replay's own lines (and --json's); name a file")
    reads = [("the log read", "/dev/stdin" if log == "-" else log) for log in logs]
    keep_inputs("--junit-xml", junit_xml, *reads)
    on = annotating(annotate, os.environ)
    if junit_xml is None and not on:
        return None, contextlib.nullcontext()
    ci = CiReport(logs, view, junit=junit_xml is not None, annotate=on)
    return ci, JunitFile(junit_xml, ci, raw_stdout())
