"""`pontoon stats`: figures a user can check by hand on a scenario's log, standard errors that
are exact, a bankroll series that stays bounded, --json, and --plot (a real image, or a clear
exit 2 without matplotlib)."""

from __future__ import annotations

import math
import re
import statistics
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.views import ROOT, lines, play, run, scenario_log
from syrupy.assertion import SnapshotAssertion

from pontoon_cli.views.stats import BUCKETS, Series, mean_and_se, ratio_and_se

LOG = play("--seed", "7", "--deals", "100", "--players", "4")


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "game.jsonl").write_bytes(LOG)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def figures(*args: str, stdin: bytes | None = None) -> dict:
    code, out, err = run("stats", "--json", *args, stdin=stdin)
    assert (code, err) == (0, ""), err
    return orjson.loads(out)


# figures checked against the log itself ----------------------------------------------------------


def test_a_scenario_s_figures_are_what_its_expectations_say() -> None:
    # SPEC's five card trick: ann +4 (T7), bob -7 after buying for 4 (T5.3), cal banks +3
    log = scenario_log("t5-buy-to-five-card-trick")
    data = figures("-", stdin=log)
    deals = [d for d in lines(log) if d["type"] == "deal"]
    for who, s in data["players"].items():
        assert s["net"] == sum(d["net"].get(who, 0) for d in deals)
        assert s["balance"]["last"] == deals[-1]["balance"][who]
        assert s["buys"] == sum(
            1 for d in deals for x in d["decisions"] if (x["player"], x["action"]) == (who, "buy")
        )
    assert data["deals"] == len(deals)


def test_every_figure_adds_up_over_a_seeded_log() -> None:
    data = figures("-", stdin=LOG)
    records = lines(LOG)
    deals = records[1:]
    players = data["players"]
    assert sum(s["net"] for s in players.values()) == 0  # money is conserved (T7)
    assert sum(s["banks"] for s in players.values()) == len(deals) == data["deals"]
    hands = [h for d in deals for h in d["hands"]]
    assert sum(s["hands"] for s in players.values()) == len(hands) == data["table"]["punter_hands"]
    assert sum(s["busts"] for s in players.values()) == sum(h["class"] == "bust" for h in hands)
    for who, s in players.items():
        mine = [h for h in hands if h["player"] == who]
        assert s["hands_won"] == sum(h["net"] > 0 for h in mine)
        assert sum(s["classes"].values()) == len(mine)
        nets = [d["net"][who] for d in deals if who in d["net"]]
        assert s["deals"] == len(nets)
        assert s["net_per_deal"]["mean"] == round(statistics.mean(nets), 6)
        assert s["net_per_deal"]["se"] == pytest.approx(
            statistics.stdev(nets) / math.sqrt(len(nets)), abs=1e-6
        )
    gains = [-h["net"] for h in hands]
    table = data["table"]
    assert table["house"] == "banker"  # view_shape: the traditional record's
    assert table["banker_gain_per_hand"]["mean"] == round(statistics.mean(gains), 6)
    assert table["banker_edge_per_unit_staked"]["mean"] == round(
        sum(gains) / sum(h["stake"] for h in hands), 6
    )
    pontoons = sum(h["class"] == "pontoon" for h in hands) + sum(
        d["banker_hand"]["class"] == "pontoon" for d in deals
    )
    assert table["pontoons_per_100_deals"] == round(pontoons * 100 / len(deals), 6)
    banks = table["banks"]
    runs, last = [], None
    for d in deals:  # T8.3: a bank lasts while the same player banks
        if d["banker"] == last:
            runs[-1] += 1
        else:
            runs.append(1)
        last = d["banker"]
    assert (banks["count"], banks["shortest"], banks["longest"]) == (
        len(runs),
        min(runs),
        max(runs),
    )


def test_shoot_bets_are_counted_with_their_money() -> None:
    log = play("--rules", "shoot", "--seed", "7", "--deals", "20")
    data = figures("-", stdin=log)
    shots = [x for d in lines(log)[1:] for x in d["decisions"] if x["action"] == "shoot"]
    assert sum(s["shoot_bets"] for s in data["players"].values()) == len(shots) > 0  # S2, S4
    assert sum(s["shoot_money"] for s in data["players"].values()) == sum(
        x["amount"] for x in shots
    )


def test_several_logs_and_gzip_add_up(here: Path) -> None:
    import gzip

    (here / "again.jsonl.gz").write_bytes(gzip.compress(LOG))
    one, two = figures("game.jsonl"), figures("game.jsonl", "again.jsonl.gz")
    assert (two["logs"], two["games"], two["deals"]) == (2, 2, 200)
    assert two["players"]["p1"]["net"] == 2 * one["players"]["p1"]["net"]


def test_a_minimal_log_has_no_per_hand_figures_and_says_so() -> None:
    minimal = (ROOT / "tests" / "shoot" / "minimal-shoot.jsonl").read_bytes()
    data = figures("-", stdin=minimal)
    assert data["table"]["deals_without_hands"] == 2
    assert data["players"]["ann"]["balance"]["last"] == 128
    code, out, _ = run("stats", "-", stdin=minimal)
    assert code == 0 and "2 deals record no hands: no per-hand figures" in out


def test_a_banker_or_seller_who_is_no_seat_counts_for_nobody() -> None:
    records = lines(LOG)
    records[2]["banker"] = "zed"
    records[3]["sale"] = {"seller": "p4", "buyer": "yan", "price": 5}
    from support.views import join

    data = figures("-", stdin=join(records))
    assert set(data["players"]) == {"p1", "p2", "p3", "p4"}
    # deal 2's "zed" banks for nobody; deal 3 records p4 as its banker, whoever bought the bank
    assert sum(s["banks"] for s in data["players"].values()) == 99


def test_text_output(here: Path, snapshot: SnapshotAssertion) -> None:
    code, out, err = run("stats", "game.jsonl")
    assert (code, err) == (0, "")
    assert out == snapshot


def test_unreadable_input_is_exit_2_with_file_and_line(here: Path) -> None:
    (here / "bad.jsonl").write_bytes(LOG[: LOG.index(b"\n", 5000)] + b"\n{]\n")
    code, out, err = run("stats", "game.jsonl", "bad.jsonl")
    assert (code, out) == (2, "")
    assert err.startswith("pontoon: bad.jsonl:") and ": not JSON: " in err
    assert "Traceback" not in err


# exact standard errors and a bounded series -----------------------------------------------------


@given(st.lists(st.integers(-(2**40), 2**40), min_size=2, max_size=50))
def test_the_standard_error_from_running_sums_is_the_textbook_one(xs: list[int]) -> None:
    mean, se = mean_and_se(len(xs), sum(xs), sum(x * x for x in xs))
    assert mean == pytest.approx(statistics.mean(xs))
    assert se == pytest.approx(statistics.stdev(xs) / math.sqrt(len(xs)), rel=1e-9, abs=1e-9)


def test_the_ratio_s_standard_error_is_the_delta_method_s() -> None:
    xs, ys = [3, -1, -2, 4, -1, 0], [1, 2, 2, 4, 1, 1]
    r, se = ratio_and_se(
        6, sum(xs), sum(ys), sum(x * x for x in xs), sum(y * y for y in ys),
        sum(x * y for x, y in zip(xs, ys, strict=True)),
    )  # fmt: skip
    residuals = [x - r * y for x, y in zip(xs, ys, strict=True)]
    assert r == sum(xs) / sum(ys)
    assert se == pytest.approx(
        math.sqrt(sum(e * e for e in residuals) / (6 * 5)) / statistics.mean(ys)
    )
    assert mean_and_se(0, 0, 0) == (None, None) and mean_and_se(1, 5, 25) == (5.0, None)


def test_a_bankroll_series_stays_bounded_and_keeps_its_extremes() -> None:
    series = Series(0, 1000)
    values = [1000 + (i * 7919) % 1001 - 500 for i in range(100_000)]
    for v in values:
        series.add(v)
    assert len(series.buckets) <= BUCKETS
    assert series.width & (series.width - 1) == 0  # doubled each time it filled
    assert min(b[0] for b in series.buckets) == min([1000, *values])
    assert max(b[1] for b in series.buckets) == max([1000, *values])
    assert series.buckets[-1][2] == values[-1]
    # each bucket covers `width` points: the last of bucket k is the point k*width+width-1
    allv = [1000, *values]
    for k, bucket in enumerate(series.buckets[:-1]):
        assert bucket[2] == allv[(k + 1) * series.width - 1]


# --plot ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "magic"), [("b.png", b"\x89PNG\r\n\x1a\n"), ("b.svg", b"<?xml")])
def test_plot_writes_a_real_image(here: Path, name: str, magic: bytes) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra: make test installs it")
    code, _, err = run("stats", "game.jsonl", "--plot", name)
    assert (code, err) == (0, f"pontoon: bankroll chart written to {name}\n")
    data = (here / name).read_bytes()
    assert data.startswith(magic) and len(data) > 10_000
    if name.endswith(".png"):  # the PNG's own header: 800 x 450 pixels
        assert (int.from_bytes(data[16:20]), int.from_bytes(data[20:24])) == (800, 450)
    else:
        assert b"<svg" in data[:1000] and b"p4" in data  # a legend names the players


def test_plot_draws_names_as_text_never_as_mathtext(here: Path) -> None:
    """A name is text: `$x^{2}$` is written as it is, `$\\frac` breaks nothing, and a name
    starting with an underscore (`_nolegend_`) stays in the legend."""
    pytest.importorskip("matplotlib", reason="the plot extra: make test installs it")
    names = ["$\\frac", "_nolegend_", "$x^{2}$"]
    play = run("play", "--seed", "7", "--deals", "30", *[f"--player={n}" for n in names])
    (here / "names.jsonl").write_text(play[1])
    code, _, err = run("stats", "names.jsonl", "--plot", "names.svg")
    assert (code, err) == (0, "pontoon: bankroll chart written to names.svg\n")
    drawn = (here / "names.svg").read_text()
    assert [n for n in names if f"<!-- {n} -->" in drawn] == names  # each, as written


def test_plot_without_matplotlib_says_how_to_install_it(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    code, out, err = run("stats", "game.jsonl", "--plot", "b.png")
    assert (code, out) == (2, "")
    assert err == ("pontoon: --plot needs matplotlib, an optional extra: pip install matplotlib\n")
    assert not (here / "b.png").exists()


def test_plot_needs_svg_or_png(here: Path) -> None:
    code, _, err = run("stats", "game.jsonl", "--plot", "b.pdf")
    assert (code, err) == (
        2,
        "pontoon: --plot b.pdf: the chart is written as .svg or .png, by its name\n",
    )


@pytest.mark.parametrize("joined", [False, True], ids=["two-files", "one-cat-file"])
def test_games_of_two_presets_are_refused_naming_both(here: Path, joined: bool) -> None:
    """A casino dealer's rounds and a Shoot banker's deals make no one edge, and p1's bankrolls
    at the two tables no one series: exit 2 before a figure is written."""
    casino = play("--rules", "casino", "--seed", "3", "--deals", "2", "--players", "2")
    shoot = play("--rules", "shoot", "--seed", "3", "--deals", "2", "--players", "2")
    if joined:
        (here / "both.jsonl").write_bytes(casino + shoot)
        code, out, err = run("stats", "both.jsonl")
        first, second = "both.jsonl:1", "both.jsonl:4"
    else:
        (here / "casino.jsonl").write_bytes(casino)
        (here / "shoot.jsonl").write_bytes(shoot)
        code, out, err = run("stats", "casino.jsonl", "shoot.jsonl")
        first, second = "casino.jsonl:1", "shoot.jsonl:1"
    assert (code, out) == (2, "")
    assert err == (
        f"pontoon: {second}: a shoot game, and {first} a casino game: stats adds up the games "
        "of one preset (one edge, one bankroll per player); run stats on each preset's logs "
        "apart\n"
    )


def test_logs_of_one_preset_add_up_and_name_it(here: Path) -> None:
    report = figures("game.jsonl", "game.jsonl")
    assert (report["preset"], report["logs"], report["games"], report["deals"]) == (
        "traditional",
        2,
        2,
        200,
    )


def _spec(text: str) -> dict[str, Any]:
    """The docs' ``{a, b: {c, d}, e: [[...], ...]}`` as {"a": None, "b": {"c": None, ...}, "e":
    None}: the keys it names, nested where it spells an object out."""
    spec: dict[str, Any] = {}
    pos = 1  # past the "{"
    while text[pos] != "}":
        end = min(i for i in (text.find(c, pos) for c in ",:}") if i >= 0)
        key = text[pos:end].strip()
        spec[key] = None
        pos = end
        if text[pos] == ":":
            value_at = pos + 1
            while text[value_at] == " ":
                value_at += 1
            depth, pos = 0, value_at
            while depth or text[pos] not in ",}":  # the value, to its own closing bracket
                depth += (text[pos] in "{[") - (text[pos] in "}]")
                pos += 1
            if text[value_at] == "{":
                spec[key] = _spec(text[value_at:pos])
        if text[pos] == ",":
            pos += 1
    return spec


def _same_keys(spec: dict[str, Any], emitted: dict[str, Any], where: str) -> None:
    assert sorted(spec) == sorted(emitted), f"the docs' keys of {where or 'the object'}"
    for key, inner in spec.items():
        if inner is not None:
            _same_keys(inner, emitted[key], f"{where}.{key}".lstrip("."))


def test_the_docs_list_exactly_the_keys_json_writes(here: Path) -> None:
    page = (ROOT / "docs" / "how-to" / "read-logs.md").read_text()
    paragraph = page[page.index("**`--json`** writes the same figures") :]
    paragraph = " ".join(paragraph[: paragraph.index("\n\n")].split())
    top, player, table, bankroll = [_spec(m) for m in re.findall(r"`(\{.*?\})`", paragraph)]
    report = figures("game.jsonl")
    _same_keys(top, report, "")
    for who in report["players"]:
        _same_keys(player, report["players"][who], f"players.{who}")
        _same_keys(bankroll, report["bankroll"][who], f"bankroll.{who}")
    _same_keys(table, report["table"], "table")


def test_a_plot_file_that_cannot_be_written_is_exit_2_before_any_log_is_read(here: Path) -> None:
    """The log is unreadable too: the chart's path is what is refused, first, with no report."""
    pytest.importorskip("matplotlib")
    (here / "bad.jsonl").write_bytes(b"not json\n")
    code, out, err = run("stats", "bad.jsonl", "--plot", "nodir/x.svg")
    assert (code, out) == (2, "")
    assert err == "pontoon: cannot write to nodir/x.svg: No such file or directory\n"


def test_a_plot_is_not_left_behind_when_a_log_is_unreadable(here: Path) -> None:
    pytest.importorskip("matplotlib")
    (here / "bad.jsonl").write_bytes(b"not json\n")
    code, _, err = run("stats", "bad.jsonl", "--plot", "b.svg")
    assert code == 2 and err.startswith("pontoon: bad.jsonl:1: not JSON")
    assert sorted(p.name for p in here.iterdir()) == ["bad.jsonl", "game.jsonl"]


def _columns(text: str, title: str) -> list[str]:
    """The column names of the table whose first column is ``title``."""
    (row,) = [line for line in text.splitlines() if line.startswith(title + " ")]
    return [c for c in row.removeprefix(title).split("   ") if c.strip()]


@pytest.mark.parametrize(
    ("rules", "banks", "decisions"),
    [
        ("traditional", True, ["busts", "splits", "buys", "burns"]),
        ("shoot", True, ["busts", "splits", "buys", "burns", "shoot bets (money)"]),
        ("casino", False, ["busts", "splits", "doubles"]),
    ],
)
def test_the_text_shows_only_the_columns_the_game_has(
    rules: str, banks: bool, decisions: list[str]
) -> None:
    """C3: no banks, buys, burns or shoot bets at a casino table; C7: doubles only there; S2:
    shoot bets only in Shoot. --json keeps every key (docs/how-to/read-logs.md)."""
    log = play("--rules", rules, "--seed", "5", "--deals", "3")
    code, out, err = run("stats", "-", stdin=log)
    assert (code, err) == (0, "")
    assert [c.strip() for c in _columns(out, "decisions")] == decisions
    assert ("banks" in [c.strip() for c in _columns(out, "player")]) is banks


def test_no_line_is_wrapped_or_cropped_in_a_pipe() -> None:
    long = "a_rather_long_player_name_for_the_table"
    log = play(
        "--rules", "casino", "--seed", "2", "--deals", "3", "--player", long, "--player", "b"
    )
    code, out, err = run("stats", "-", stdin=log)
    assert (code, err) == (0, "")
    rows = [line for line in out.splitlines() if line.startswith(long)]
    assert len(rows) == 3  # players, decisions, classes: each one whole line
    (players,) = [r for r in rows if "%" in r and "±" in r]
    assert players.split()[1:] == ["3", "-5", "-1.667", "±", "0.333", "3", "0.0%", "100.0%", "0.0%"]
    assert max(len(line) for line in out.splitlines()) > 100  # wider than any terminal default


@pytest.mark.parametrize(
    "args",
    [
        ["--seed", "7", "--deals", "40"],
        ["--rules", "casino", "--seed", "3", "--deals", "30", "--players", "5"],
        ["--rules", "shoot", "--seed", "3", "--deals", "30"],
        ["--seed", "3", "--deals", "20", "--player", "名前", "--player", "x[red]y"],
    ],
    ids=["traditional", "casino", "shoot", "wide-and-markup-names"],
)
def test_plain_tables_are_riches_layout_without_rich(here: Path, args: list[str]) -> None:
    """Into a pipe the tables are laid out line by line (render.plain), in linear time; the
    characters are the ones rich draws without colour, wide characters and brackets included."""
    from pontoon_cli.cli.views import _figures
    from pontoon_cli.render.stats import UNWRAPPED, text

    (here / "g.jsonl").write_text(run("play", *args)[1])
    figures, _ = _figures([str(here / "g.jsonl")])
    plain = text(figures, "title", colour=False, width=None)
    assert plain == text(figures, "title", colour=False, width=UNWRAPPED)  # rich's own
    assert "───" in plain.splitlines()[2]
