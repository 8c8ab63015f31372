"""The bench's arithmetic (bench/benchlib.py): medians of per-round ratios, rotation, verdicts.

`make bench` prints speed figures and no test asserts a timing; these tests check only that the
figures it prints are computed as docs/development/performance.md says, and land on that page.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest
from support.modules import load

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _benchlib() -> ModuleType:
    return load("benchlib", BENCH / "benchlib.py")


benchlib = _benchlib()


def test_median_odd_even_and_empty() -> None:
    assert benchlib.median([3.0, 1.0, 2.0]) == 2.0
    assert benchlib.median([4.0, 1.0, 3.0, 2.0]) == 2.5
    with pytest.raises(ValueError, match="median of no values"):
        benchlib.median([])


def test_figure_is_median_of_per_round_ratios() -> None:
    # A busy neighbour slowed round 2 for both contenders alike, and round 4 is odd: the ratio
    # within each round stays 2, and the median of those ignores the odd round.
    rounds = [
        {"play": 20.0, "gym": 10.0},
        {"play": 2.0, "gym": 1.0},
        {"play": 30.0, "gym": 15.0},
        {"play": 8.0, "gym": 1.0},
        {"play": 40.0, "gym": 20.0},
    ]
    assert benchlib.ratios(rounds, "play", "gym") == [2.0, 2.0, 2.0, 8.0, 2.0]
    assert benchlib.median_ratio(rounds, "play", "gym") == 2.0


def test_median_of_ratios_is_not_the_ratio_of_medians() -> None:
    # Each round play is 1x or 10x gym; the medians of the raw rates would say 1x.
    rounds = [{"play": 10.0, "gym": 10.0}, {"play": 100.0, "gym": 10.0}, {"play": 10.0, "gym": 1.0}]
    assert benchlib.median_ratio(rounds, "play", "gym") == 10.0
    plays = benchlib.median([r["play"] for r in rounds])
    gyms = benchlib.median([r["gym"] for r in rounds])
    assert plays / gyms == 1.0


def test_per_byte_ratio_weighs_each_rate_by_its_logs_bytes_per_line() -> None:
    # Casino lines are a fifth of traditional ones: at 4x the lines/s its replay gets through
    # 0.8x the bytes/s; the weights stay apart from the per-round ratio (round 2 is twice as fast
    # for both, so its ratio is the same).
    rounds = [
        {"replay_casino": 4000.0, "replay_traditional": 1000.0},
        {"replay_casino": 8000.0, "replay_traditional": 2000.0},
        {"replay_casino": 6000.0, "replay_traditional": 1000.0},
    ]
    weights = {"replay_casino": 500.0, "replay_traditional": 2500.0}
    found = benchlib.per_byte_ratios(rounds, "replay_casino", "replay_traditional", weights)
    assert found == pytest.approx([0.8, 0.8, 1.2])
    assert benchlib.median(found) == pytest.approx(0.8)
    same = {"replay_casino": 1.0, "replay_traditional": 1.0}
    assert benchlib.per_byte_ratios(rounds, "replay_casino", "replay_traditional", same) == (
        benchlib.ratios(rounds, "replay_casino", "replay_traditional")
    )


def test_rotation_puts_every_contender_first_once_per_cycle() -> None:
    names = ["gym", "play", "replay"]
    orders = [benchlib.rotated(names, n) for n in range(3)]
    assert orders == [
        ["gym", "play", "replay"],
        ["play", "replay", "gym"],
        ["replay", "gym", "play"],
    ]
    assert sorted(order[0] for order in orders) == sorted(names)
    assert benchlib.rotated([], 4) == []


def test_run_rounds_alternates_slices_and_sums_each_contenders_seconds() -> None:
    calls: list[str] = []

    def contender(name: str, seconds: float) -> object:
        def run() -> dict[str, float]:
            calls.append(name)
            return {name: seconds}

        return run

    rounds = benchlib.run_rounds(
        2,
        {"a": contender("a", 1.0), "b": contender("b", 2.0), "c": contender("c", 0.5)},
        slices=2,
        collect=lambda: calls.append("gc"),
    )
    # round 1: slices rotated by 0 and 1; round 2: by 2 and 3 (= 0): every contender leads once,
    # and the garbage is collected before each, outside its time
    assert [c for c in calls if c != "gc"] == [*"abc", *"bca", *"cab", *"abc"]
    assert calls[::2] == ["gc"] * 12
    assert rounds == [{"a": 2.0, "b": 4.0, "c": 1.0}] * 2


def test_rates_divide_each_rounds_work_by_its_seconds() -> None:
    seconds = [{"play": 2.0, "gym": 0.5, "other": 9.0}, {"play": 4.0, "gym": 2.0, "other": 1.0}]
    assert benchlib.rates(seconds, {"play": 3000, "gym": 1000}) == [
        {"play": 1500.0, "gym": 2000.0},
        {"play": 750.0, "gym": 500.0},
    ]


def test_target_line_names_figure_target_verdict_and_spread() -> None:
    met = benchlib.target("replay over loads", [0.3, 0.26, 0.28], ">=", 0.25)
    assert met.figure == 0.28
    assert met.line() == "replay over loads: 0.28×  (target ≥ 0.25×, met; rounds 0.26–0.30)"
    missed = benchlib.target("start-up", [1.5, 1.4, 1.6], "<=", 1.2)
    assert missed.line() == "start-up: 1.50×  (target ≤ 1.2×, NOT MET; rounds 1.40–1.60)"
    assert benchlib.target("edge", [2.0], ">=", 2).met


def test_reported_line_names_figure_and_spread_without_a_verdict() -> None:
    line = benchlib.reported("casino play with log over Gymnasium", [1.9, 2.25, 2.1])
    assert line == (
        "casino play with log over Gymnasium: 2.10×  (reported, no target; rounds 1.90–2.25)"
    )


def test_flat_memory_compares_large_log_peak_with_small_log_peak() -> None:
    assert benchlib.flat(38_000, 39_000)
    assert benchlib.flat(38_000, 38_000 + 4096)
    assert not benchlib.flat(38_000, 38_000 + 4097)


def test_child_cpu_seconds_counts_the_child_only() -> None:
    spent, done = benchlib.child_cpu_seconds(
        [sys.executable, "-c", "import sys; sys.stdout.write('ok')"]
    )
    assert done.stdout == b"ok"
    assert spent > 0
    with pytest.raises(RuntimeError, match="exited 3"):
        benchlib.child_cpu_seconds([sys.executable, "-c", "raise SystemExit(3)"])


# the figures on the performance page ------------------------------------------------------------

PAGE = BENCH.parent / "docs" / "development" / "performance.md"


def test_the_figures_replace_only_what_stands_between_the_markers() -> None:
    start, end = benchlib.FIGURES_START, benchlib.FIGURES_END
    page = f"# Performance\n\nhow\n\n{start}\nold figures\n{end}\n\nafter\n"
    written = benchlib.with_figures(page, "play 2.1x\nreplay 0.3x\n")
    assert written == (
        f"# Performance\n\nhow\n\n{benchlib.FIGURES_START}\n```text\nplay 2.1x\nreplay 0.3x\n```\n"
        f"{benchlib.FIGURES_END}\n\nafter\n"
    )
    assert benchlib.with_figures(written, "play 2.1x\nreplay 0.3x\n") == written


def test_a_page_without_the_markers_is_refused() -> None:
    with pytest.raises(ValueError, match="the page needs <!-- bench:start --> and then"):
        benchlib.with_figures("# Performance\n", "play 2.1x")


def test_make_bench_writes_into_the_performance_page_which_holds_the_markers() -> None:
    source = (BENCH / "bench.py").read_text()
    assert 'PAGE = HERE.parent / "docs" / "development" / "performance.md"' in source
    page = PAGE.read_text()
    assert page.index(benchlib.FIGURES_START) < page.index(benchlib.FIGURES_END)
    assert "README" not in source


# make profile: callgrind_annotate's output read (bench/callgrind.py) ------------------------------

ANNOTATED = """\
--------------------------------------------------------------------------------
Ir
--------------------------------------------------------------------------------
1,000,000 (100.0%)  PROGRAM TOTALS

--------------------------------------------------------------------------------
Ir                    file:function
--------------------------------------------------------------------------------
1,000,000 (100.0%)  /src/__native.c:CPyDef_run___replay_lines [/x/_native.so]
  600,000 (60.0%)  /src/__native.c:CPyDef_replayer___LogReplayer____deal [/x/_native.so]
  250,000 (25.0%)  /src/__native.c:CPyDef_traditional___record___deal_line'2 [/x/_native.so]
  200,000 (20.0%)  ???:_Py_dict_lookup [/usr/lib/libpython3.11.so]
  150,000 (15.0%)  /src/__native.c:CPyDef_traditional___record___deal_line [/x/_native.so]
"""


def _callgrind() -> ModuleType:
    return load("callgrind", BENCH / "callgrind.py")


def test_profile_reads_the_total_and_each_function_without_its_recursion_mark() -> None:
    total, found = _callgrind().rows(ANNOTATED)
    assert total == 1_000_000
    assert found[1:3] == [
        (600_000, "CPyDef_replayer___LogReplayer____deal"),
        (250_000, "CPyDef_traditional___record___deal_line"),
    ]


def test_profile_summary_names_the_packages_functions_once_and_leaves_out_the_entry() -> None:
    lines = _callgrind().summary(ANNOTATED, ANNOTATED, top=3)
    assert lines[0] == "1 M instructions"
    assert (
        lines[1]
        == "inclusive: replayer___LogReplayer____deal 60%; traditional___record___deal_line 25%"
    )
    assert lines[2].startswith(
        "own: run___replay_lines 100.0%; replayer___LogReplayer____deal 60.0%"
    )


def test_profile_refuses_text_that_is_not_callgrinds() -> None:
    with pytest.raises(ValueError, match="PROGRAM TOTALS"):
        _callgrind().rows("no profile here")
