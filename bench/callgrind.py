"""Where the instructions go: valgrind's callgrind on play, replay and simulate (``make profile``).

Instruction counts, unlike times, do not move with what else the machine runs, so two builds or
two commits compare exactly. Each workload runs in a child under ``valgrind --tool=callgrind``,
counting only inside its entry function (``--toggle-collect``: start-up and imports are left
out), on the compiled build (the names are mypyc's ``CPyDef_module___function``):

- ``play``: 2,000 deals at the bench's 6-seat table, log written (the automatic players' loop and
  the log writer's ``write_deal``);
- ``replay``: the log of 2,000 such deals, through ``replay_lines``;
- ``simulate-6``: one shard of 2,000 rounds, traditional, six seats of ``default``;
- ``simulate-casino``: one shard of 5,000 rounds, casino, one seat of ``basic``.

For each it prints the instructions in all, the functions with the most instructions inclusive
(what they and everything they call cost) and exclusive (their own code: ``_Py_dict_lookup`` is
dictionary look-ups, ``_PyUnicode_JoinArray`` joining text). Run:
``python bench/callgrind.py [WORKLOAD ...]`` (valgrind and callgrind_annotate on the PATH).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEALS = 2000

#: Each workload: its entry functions (callgrind counts only inside them) and its Python code.
WORKLOADS: dict[str, tuple[tuple[str, ...], str]] = {
    "play": (
        (
            "CPyDef_base___players___play_AutoPlayers_gen_____mypyc_generator_helper__",
            "CPyDef_writer___LogWriter___write_deal",
        ),
        f"bench.play_seconds({DEALS}, Path(sys.argv[1]) / 'play.jsonl')",
    ),
    "replay": (
        ("CPyDef_run___replay_lines",),
        "from pontoon_cli.replay.run import replay_lines\n"
        f"bench.play_seconds({DEALS}, Path(sys.argv[1]) / 'log.jsonl')\n"
        "lines = (Path(sys.argv[1]) / 'log.jsonl').read_bytes().splitlines(keepends=True)\n"
        "assert not replay_lines('log.jsonl', lines)",
    ),
    "simulate-6": (
        ("CPyDef_simulation___run_shard",),
        f"bench.simulate_seconds({DEALS}, 'traditional', 6)",
    ),
    "simulate-casino": (
        ("CPyDef_simulation___run_shard",),
        "bench.simulate_seconds(5000, 'casino', 1)",
    ),
}

_ROW = re.compile(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(?:.*?):(\S+)")
_TOTAL = re.compile(r"([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS")


def rows(annotated: str) -> tuple[int, list[tuple[int, str]]]:
    """``callgrind_annotate``'s output read: the instructions in all, and each function's count
    (a recursive call's ``'2`` suffix left out), in the order given (most first)."""
    total = _TOTAL.search(annotated)
    if total is None:
        raise ValueError("no PROGRAM TOTALS line: not callgrind_annotate's output")
    found = []
    for line in annotated.splitlines():
        match = _ROW.match(line)
        if match and "PROGRAM TOTALS" not in line:
            found.append((int(match.group(1).replace(",", "")), match.group(2).split("'")[0]))
    return int(total.group(1).replace(",", "")), found


def summary(inclusive: str, exclusive: str, top: int = 12) -> list[str]:
    """The lines printed for one workload: instructions in all; the ``top`` functions of the
    package by inclusive count (without the workload's entry and the generators' wrappers, which
    hold everything); the ``top`` functions of any library by their own count."""
    total, inc = rows(inclusive)
    _, exc = rows(exclusive)
    ours: list[str] = []
    seen: set[str] = set()
    for count, name in inc:
        wanted = name.startswith("CPyDef_") and "mypyc_generator" not in name
        if wanted and count < 0.99 * total and name not in seen:
            seen.add(name)
            ours.append(f"{name.removeprefix('CPyDef_')} {100 * count / total:.0f}%")
    own = [f"{name.removeprefix('CPyDef_')} {100 * count / total:.1f}%" for count, name in exc]
    return [
        f"{total / 1e6:,.0f} M instructions",
        "inclusive: " + "; ".join(ours[:top]),
        "own: " + "; ".join(own[:top]),
    ]


def profile(name: str, tmp: Path) -> list[str]:
    entries, code = WORKLOADS[name]
    script = tmp / f"{name}.py"
    script.write_text(
        f"import sys\nfrom pathlib import Path\nsys.path.insert(0, {str(HERE)!r})\n"
        f"import bench\n{code}\n"
    )
    out = tmp / f"{name}.callgrind"
    subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            *(f"--toggle-collect={entry}" for entry in entries),
            f"--callgrind-out-file={out}",
            sys.executable,
            str(script),
            str(tmp),
        ],
        check=True,
        stderr=subprocess.DEVNULL,
    )

    def annotate(inclusive: bool) -> str:
        return subprocess.run(
            [
                "callgrind_annotate",
                "--threshold=100",
                f"--inclusive={'yes' if inclusive else 'no'}",
                str(out),
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    return summary(annotate(True), annotate(False))


def main(names: list[str]) -> None:
    import bench  # bench/bench.py: its tables and workloads

    if bench.build_name() != "compiled":
        raise SystemExit("callgrind.py: profile the compiled build (make, without PONTOON_PURE)")
    for name in names or list(WORKLOADS):
        if name not in WORKLOADS:
            raise SystemExit(f"callgrind.py: no workload {name!r}: one of {', '.join(WORKLOADS)}")
        with tempfile.TemporaryDirectory() as tmp:
            print(f"== {name}")
            for line in profile(name, Path(tmp)):
                print("  " + line)


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main(sys.argv[1:])
