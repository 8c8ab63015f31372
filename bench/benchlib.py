"""The arithmetic and timing of `make bench`, kept apart so tests/project/test_bench.py checks it.

A bench that a busy neighbour cannot fool: every round runs every contender in a few slices,
alternating with the others in an order that rotates from slice to slice, so the contenders of a
round share the same stretch of the machine's time; each contender's time is CPU time (its own
process's, or its child's), never wall-clock; a figure is the median over the rounds of the ratio
measured *within* each round, so a slow round slows both sides of a ratio alike and one odd round
cannot move the median. Before each slice the garbage collector runs, untimed: a contender
starts with no garbage another left behind, so none pays for another's collection.
"""

from __future__ import annotations

import gc
import resource
import statistics
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

# One round: name -> CPU seconds spent (summed over the round's slices), or a rate derived from it.
Round = dict[str, float]


def median(values: Sequence[float]) -> float:
    """The median (the mean of the middle two for an even count); refuses an empty sequence."""
    if not values:
        raise ValueError("median of no values")
    return float(statistics.median(values))


def ratios(rounds: Sequence[Mapping[str, float]], top: str, bottom: str) -> list[float]:
    """``top / bottom`` within each round, in round order (both figures from the same round)."""
    return [r[top] / r[bottom] for r in rounds]


def median_ratio(rounds: Sequence[Mapping[str, float]], top: str, bottom: str) -> float:
    """The median of the per-round ratios: not the ratio of medians, not the ratio of bests."""
    return median(ratios(rounds, top, bottom))


def per_byte_ratios(
    rounds: Sequence[Mapping[str, float]],
    top: str,
    bottom: str,
    bytes_per_unit: Mapping[str, float],
) -> list[float]:
    """``top / bottom`` within each round, both rates turned from units/s into bytes/s (each
    times its own ``bytes_per_unit``: its log's bytes over its lines), so replays of logs whose
    lines differ in length compare by the bytes they get through in the same round."""
    up, down = bytes_per_unit[top], bytes_per_unit[bottom]
    return [(r[top] * up) / (r[bottom] * down) for r in rounds]


def rotated(names: Sequence[str], round_no: int) -> list[str]:
    """The running order for round ``round_no``: ``names`` rotated by it, so every contender is
    first (and last) equally often over ``len(names)`` rounds."""
    if not names:
        return []
    k = round_no % len(names)
    return [*names[k:], *names[:k]]


def run_rounds(
    rounds: int,
    contenders: Mapping[str, Callable[[], Mapping[str, float]]],
    slices: int = 1,
    on_round: Callable[[int, Round], None] | None = None,
    collect: Callable[[], object] = gc.collect,
) -> list[Round]:
    """Run every contender ``slices`` times per round, alternating, the order rotated each slice.

    Each call returns its own figures by name (CPU seconds: additive); a round's figure for a
    name is their sum over the round's slices. ``collect`` runs before each call, outside it
    (the garbage collector: what the last contender left is not the next one's to collect).
    """
    names = list(contenders)
    results: list[Round] = []
    for n in range(rounds):
        figures: Round = {}
        for k in range(slices):
            for name in rotated(names, n * slices + k):
                collect()
                for key, value in contenders[name]().items():
                    figures[key] = figures.get(key, 0.0) + value
        results.append(figures)
        if on_round is not None:
            on_round(n, figures)
    return results


def rates(rounds: Sequence[Mapping[str, float]], work: Mapping[str, float]) -> list[Round]:
    """Each round's ``work[name] / seconds`` for every name in ``work`` (units per CPU second)."""
    return [{name: units / r[name] for name, units in work.items()} for r in rounds]


def cpu_seconds(fn: Callable[[], object]) -> float:
    """CPU time of this process (all its threads) spent in ``fn()``."""
    start = time.process_time()
    fn()
    return time.process_time() - start


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def child_cpu_seconds(
    argv: Sequence[str], env: Mapping[str, str] | None = None, stdout: int | None = None
) -> tuple[float, subprocess.CompletedProcess[bytes]]:
    """CPU time (user + system) of the child running ``argv``: the RUSAGE_CHILDREN delta across
    its run. Only one child may run at a time for the delta to be its own; it must succeed."""
    before = _children_cpu()
    done = subprocess.run(
        list(argv),
        env=None if env is None else dict(env),
        stdout=subprocess.PIPE if stdout is None else stdout,
        stderr=subprocess.PIPE,
        check=False,
    )
    spent = _children_cpu() - before
    if done.returncode != 0:
        raise RuntimeError(
            f"{' '.join(argv)} exited {done.returncode}: {done.stderr.decode(errors='replace')}"
        )
    return spent, done


@dataclass(frozen=True)
class Target:
    """One line of the report: a figure, how it compares, and the target it is held to."""

    label: str
    figure: float
    op: str  # ">=" or "<="
    target: float
    spread: tuple[float, float] | None = None  # lowest and highest per-round figure

    @property
    def met(self) -> bool:
        if self.op == ">=":
            return self.figure >= self.target
        if self.op == "<=":
            return self.figure <= self.target
        raise ValueError(f"unknown comparison {self.op!r}")

    def line(self) -> str:
        sign = {">=": "≥", "<=": "≤"}[self.op]
        spread = ""
        if self.spread is not None:
            spread = f"; rounds {self.spread[0]:.2f}–{self.spread[1]:.2f}"
        verdict = "met" if self.met else "NOT MET"
        return (
            f"{self.label}: {self.figure:.2f}×  (target {sign} {self.target:g}×, {verdict}{spread})"
        )


def target(label: str, values: Sequence[float], op: str, goal: float) -> Target:
    """The median of per-round ``values`` held to ``op goal``, with their spread."""
    return Target(label, median(values), op, goal, (min(values), max(values)))


def reported(label: str, values: Sequence[float]) -> str:
    """A line for a figure measured beside the targets and held to none: the median of the
    per-round ``values`` and their spread."""
    return (
        f"{label}: {median(values):.2f}×  (reported, no target; "
        f"rounds {min(values):.2f}–{max(values):.2f})"
    )


def flat(small_peak_kb: int, large_peak_kb: int, allowed_kb: int = 4096) -> bool:
    """Replay memory is flat when the peak RSS replaying a large log is within ``allowed_kb`` of
    the peak replaying a small one (the log's size does not show in memory)."""
    return large_peak_kb - small_peak_kb <= allowed_kb


#: The page the latest figures are written into, between these two markers.
FIGURES_START = "<!-- bench:start -->"
FIGURES_END = "<!-- bench:end -->"


def with_figures(page: str, figures: str) -> str:
    """``page`` with what stands between the bench markers replaced by ``figures`` as a text block.

    Everything outside the markers stays as it was; a page without both markers, in that order,
    is an error rather than a page the figures silently miss.
    """
    start = page.find(FIGURES_START)
    end = page.find(FIGURES_END)
    if start < 0 or end < start:
        raise ValueError(f"the page needs {FIGURES_START} and then {FIGURES_END}")
    block = f"\n```text\n{figures.rstrip()}\n```\n"
    return page[: start + len(FIGURES_START)] + block + page[end:]
