"""`pontoon show`: each deal drawn for a person, as text, svg and html (syrupy snapshots of each;
``make snapshots`` rewrites them), the deals and player chosen, and hostile logs kept harmless."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest
from support.views import ROOT, join, lines, play, run, scenario_log
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from pontoon_cli.render.show import Drawing
from pontoon_cli.views.show import Choice, DealPicture, Show

LOG = play("--seed", "7", "--deals", "5", "--players", "4")
SHOOT = play("--rules", "shoot", "--seed", "7", "--deals", "3", "--players", "4")


class SVGExtension(SingleFileSnapshotExtension):
    file_extension = "svg"
    _write_mode = WriteMode.TEXT


class HTMLExtension(SingleFileSnapshotExtension):
    file_extension = "html"
    _write_mode = WriteMode.TEXT


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding game.jsonl (seed 7) and shoot.jsonl, as the working directory, so the
    pictures name the logs as a user would."""
    (tmp_path / "game.jsonl").write_bytes(LOG)
    (tmp_path / "shoot.jsonl").write_bytes(SHOOT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path


# the picture, snapshotted in each format -------------------------------------------------------


def test_text_of_traditional_deals(here: Path, snapshot: SnapshotAssertion) -> None:
    code, out, err = run("show", "game.jsonl", "--deals", "1-3")
    assert (code, err) == (0, "")
    assert out == snapshot


def test_text_of_shoot_deals_shows_the_kitty(here: Path, snapshot: SnapshotAssertion) -> None:
    code, out, err = run("show", "shoot.jsonl")
    assert (code, err) == (0, "")
    assert "kitty 0 → 20: p4 +20 (S1)" in out  # S1: the banker puts up the kitty
    assert out == snapshot


def test_svg(here: Path, snapshot: SnapshotAssertion) -> None:
    code, out, err = run("show", "game.jsonl", "--deal", "2", "--format", "svg", "--out", "d.svg")
    assert (code, out, err) == (0, "", "")
    svg = (here / "d.svg").read_text()
    assert svg.startswith("<svg ") and "K♠" in svg  # suit symbols in the picture
    assert svg == snapshot(extension_class=SVGExtension)


@pytest.mark.parametrize("fmt", ["svg", "html"])
def test_svg_and_html_draw_both_versions_of_a_divergent_deal(here: Path, fmt: str) -> None:
    (here / "engine.jsonl").write_bytes(divergent_minimal())
    code, text, _ = run("show", "engine.jsonl", "--deal", "3")
    assert code == 0
    code, out, err = run("show", "engine.jsonl", "--deal", "3", "--format", fmt, "--out", "d")
    assert (code, out, err) == (0, "", "")
    picture = (here / "d").read_text()
    for words in ("first divergence", "as recorded:", "by the rules:", "no nets: the deal"):
        assert words in text
        assert words.replace(" ", "&#160;") in picture or words in picture, words


def test_html(here: Path, snapshot: SnapshotAssertion) -> None:
    code, out, err = run("show", "shoot.jsonl", "--deal", "2", "--format", "html")
    assert (code, err) == (0, "")
    assert out.startswith("<!DOCTYPE html>") and "color: #800000" in out  # red suits
    assert out == snapshot(extension_class=HTMLExtension)


@pytest.mark.parametrize(
    ("svg", "log", "args"),
    [
        ("show-deal.svg", "game.jsonl", ("--seed", "7", "--deals", "100")),
        ("show-shoot-deal.svg", "shoot.jsonl", ("--rules", "shoot", "--seed", "7", "--deals", "3")),
    ],
)
def test_the_svgs_in_docs_are_what_show_draws_today(
    here: Path, svg: str, log: str, args: tuple[str, ...]
) -> None:
    # docs/show-deal.svg: `pontoon play --seed 7 --deals 100 > game.jsonl` (the docs' log),
    # then `pontoon show game.jsonl --deal 2 --format svg --out docs/show-deal.svg`; the Shoot
    # one from `pontoon play --rules shoot --seed 7 --deals 3 > shoot.jsonl`, deal 2 likewise
    (here / log).write_bytes(play(*args))
    code, _, err = run("show", log, "--deal", "2", "--format", "svg", "--out", "d.svg")
    assert (code, err) == (0, "")
    assert (here / "d.svg").read_text() == (ROOT / "docs" / svg).read_text()


# what a picture holds --------------------------------------------------------------------------


def test_a_deal_shows_every_decision_hand_settlement_and_balance(here: Path) -> None:
    code, out, _ = run("show", "game.jsonl", "--deal", "1")
    assert code == 0
    text = out.splitlines()
    assert text[1] == "deal 1 · banker p4 · pack shuffled  (game.jsonl:2)"
    # every decision in order, as the record holds them
    assert text[2].startswith("  p1 stakes 1 · p2 stakes 1 · p3 stakes 1 · p1 sticks · p2 buys")
    assert "p2               1   2H 5C TH             2   total      17    +2   T7\n" in out
    assert "p4 (banker)          5H AH 7S 2C 8H           bust       23\n" in out
    assert "p1 +1 → 1001 · p2 +2 → 1002 · p3 +1 → 1001 · p4 -4 → 996  next banker: p4" in out


def test_cards_are_letters_when_piped_and_coloured_suits_on_a_terminal() -> None:
    header, deal, *_ = lines(LOG)
    plain, colour = Drawing(colour=False, width=100), Drawing(colour=True, width=100)
    visitor_plain, visitor_colour = Show(plain.draw), Show(colour.draw)
    for visitor in (visitor_plain, visitor_colour):
        from pontoon_cli.core.rules import Rules
        from pontoon_cli.log.reader import At

        visitor.visit_header(At("g", 1), header, Rules())
        visitor.visit_deal(At("g", 2), deal)
    text, ansi = plain.take(), colour.take()
    assert "5H AH 7S 2C 8H" in text and "\x1b" not in text
    assert "\x1b[1;31m5♥\x1b[0m" in ansi  # hearts in red
    assert "\x1b[1m7♠\x1b[0m" in ansi  # spades in the terminal's own colour


def test_no_color_keeps_letters_even_in_the_terminal_check(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pontoon_cli.cli import views as cli_views

    class Tty:
        def isatty(self) -> bool:
            return True

    assert cli_views._colour(Tty())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not cli_views._colour(Tty())


def test_player_keeps_his_deals_and_his_hands(here: Path) -> None:
    code, out, _ = run("show", "game.jsonl", "--player", "p2")
    assert code == 0
    hands = [line for line in out.splitlines() if line.startswith(("p1 ", "p3 "))]
    assert hands == []  # p4 banks every deal here: only p2's rows, and the banker's hand
    assert out.count("deal ") == 5 and "p4 (banker)" in out


def test_a_minimal_log_shows_what_it_holds_and_its_hands_as_re_dealt(here: Path) -> None:
    minimal = (ROOT / "tests" / "shoot" / "minimal-shoot.jsonl").read_bytes()
    code, out, err = run("show", "-", stdin=minimal)
    assert (code, err) == (0, "")
    assert out.count("re-dealt from the record's pack and decisions (a minimal log)") == 2
    assert "bob               1   6C 5D 5S KH       4   bust       26    -4   T5.6" in out
    assert "kitty 0 → 45: cal +50 (S1) · bob +10 (S6) · ann -15 (S7)" in out
    assert "ann +1 → 128 · bob +1 → 87 · cal -2 → 50" in out  # deal 2's recorded balances


def test_gzip_and_a_scenario_with_a_sale_of_the_bank(here: Path) -> None:
    (here / "sale.jsonl.gz").write_bytes(gzip.compress(scenario_log("t8-sell-the-bank")))
    code, out, err = run("show", "sale.jsonl.gz")
    assert (code, err) == (0, "")
    assert "bought the bank from" in out and "(T8.4)" in out


# choices and errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deal", "9"], "pontoon: game.jsonl: no deal 9 in the log (5 deals read)\n"),
        (["--deals", "7-9"], "pontoon: game.jsonl: no deals 7-9 in the log (5 deals read)\n"),
        (
            ["--deals", "3-1"],
            "pontoon: --deals '3-1': expected [G:]A-B, deal numbers like 3-7 or 2:3-7, game and "
            "deals 1 or more, A <= B\n",
        ),
        (
            ["--deals", "x"],
            "pontoon: --deals 'x': expected [G:]A-B, deal numbers like 3-7 or 2:3-7\n",
        ),
        (["--deal", "0"], "pontoon: --deal '0': expected [G:]N, like 5 or 2:5, game and deals"),
        (["--deal", "2-3"], "pontoon: --deal '2-3': expected [G:]N, like 5 or 2:5\n"),
        (["--deal", "2:1"], "pontoon: game.jsonl: no game 2 in the log (1 read: each header"),
        (
            ["--deal", "1:9"],
            "pontoon: game.jsonl: no deal 9 in game 1 of the log (5 of its deals read; G:N "
            "chooses another game)\n",
        ),
        (["--deal", "1", "--deals", "1-2"], "pontoon: --deal and --deals choose the same thing"),
        (["--player", "zed"], "pontoon: game.jsonl: no player 'zed' at the table\n"),
        (["--format", "pdf"], "pontoon: --format 'pdf': expected one of text, svg, html\n"),
    ],
)
def test_choices_the_log_cannot_meet_are_exit_2(here: Path, args: list[str], message: str) -> None:
    code, out, err = run("show", "game.jsonl", *args)
    assert (code, out) == (2, "")
    assert err.startswith(message)


def test_deals_stop_the_reading_after_the_last_one(here: Path) -> None:
    (here / "tail.jsonl").write_bytes(LOG + b"not json\n")
    assert run("show", "tail.jsonl", "--deals", "1-2")[0] == 0
    code, out, err = run("show", "tail.jsonl")
    assert code == 2 and out.count("deal ") == 5  # what came before the bad line is shown
    assert err.startswith("pontoon: tail.jsonl:7: not JSON: ")


def test_an_svg_is_written_whole_or_not_at_all(here: Path) -> None:
    (here / "d.svg").write_text("kept")
    (here / "bad.jsonl").write_bytes(LOG + b"{\n")
    code, _, err = run("show", "bad.jsonl", "--format", "svg", "--out", "d.svg")
    assert code == 2 and "bad.jsonl:7: not JSON" in err and "Traceback" not in err
    assert (here / "d.svg").read_text() == "kept"
    assert sorted(os.listdir(here)) == ["bad.jsonl", "d.svg", "game.jsonl", "shoot.jsonl"]


def test_text_goes_to_a_file_as_it_goes_to_a_pipe(here: Path) -> None:
    code, out, err = run("show", "game.jsonl", "--out", "shown.txt")
    assert (code, out, err) == (0, "", "")
    assert (here / "shown.txt").read_text() == run("show", "game.jsonl")[1]


def test_svg_and_html_hold_at_most_200_deals(here: Path) -> None:
    (here / "long.jsonl").write_bytes(play("--seed", "1", "--deals", "201"))
    code, _, err = run("show", "long.jsonl", "--format", "svg", "--out", "x.svg")
    assert code == 2 and "svg and html draw at most 200 deals" in err
    assert not (here / "x.svg").exists()


def test_names_from_the_log_are_shown_escaped(here: Path) -> None:
    header, deal, *_ = lines(LOG)
    deal["decisions"][0]["player"] = "p\x1b[2J"  # not a seat: shown, escaped, never obeyed
    deal["hands"][0]["player"] = "[bold]p1"  # rich markup in a name is text
    (here / "evil.jsonl").write_bytes(join([header, deal]))
    code, out, err = run("show", "evil.jsonl")
    assert (code, err) == (0, "")
    assert "\x1b" not in out and "'p\\x1b[2J' stakes 1" in out
    assert "[bold]p1" in out


def test_picture_for_a_drawing_function() -> None:
    drawn: list[DealPicture] = []
    header, *deals = lines(SHOOT)
    from pontoon_cli.core.rules import Rules
    from pontoon_cli.log.reader import At

    show = Show(drawn.append, deals=Choice(1, 2, 2))
    show.visit_header(At("s", 1), header, Rules(preset="shoot"))
    for n, deal in enumerate(deals, 2):
        show.visit_deal(At("s", n), deal)
    (picture,) = drawn
    assert (picture.number, picture.kitty_before, picture.kitty_after) == (2, 20, 30)  # S7


# a log of several games ------------------------------------------------------------------------

GAMES = [LOG, play("--seed", "8", "--deals", "3"), play("--seed", "9", "--deals", "7")]
HEADERS = [1, 7, 11]  # each game's header line in the joined log: 5, 3 and 7 deals


def _titles(out: str) -> list[str]:
    """Each drawn deal's number and line: ``deal 5 (many.jsonl:6)``."""
    return [
        f"{row.split(' · ')[0]} {row.rsplit(' ', 1)[1]}"
        for row in out.splitlines()
        if row.startswith("deal ")
    ]


@pytest.mark.parametrize(
    ("args", "titles"),
    [
        (["--deal", "5"], ["deal 5 (many.jsonl:6)"]),  # the first game's
        (["--deal", "3:6"], ["deal 6 (many.jsonl:17)"]),
        (["--deals", "2:2-3"], ["deal 2 (many.jsonl:9)", "deal 3 (many.jsonl:10)"]),
        (["--deals", "2:3-9"], ["deal 3 (many.jsonl:10)"]),  # game 2 ends at its deal 3
    ],
)
def test_deal_numbers_choose_in_the_first_game_or_the_one_named(
    here: Path, args: list[str], titles: list[str]
) -> None:
    """Reading stops after the chosen deals: the bad line at the end is never reached."""
    (here / "many.jsonl").write_bytes(b"".join(GAMES) + b"not json\n")
    code, out, err = run("show", "many.jsonl", *args)
    assert (code, err) == (0, "")
    assert _titles(out) == titles


def test_a_deal_past_the_chosen_game_s_end_stops_at_the_next_header(here: Path) -> None:
    (here / "many.jsonl").write_bytes(b"".join(GAMES) + b"not json\n")
    code, out, err = run("show", "many.jsonl", "--deal", "6")
    assert (code, out) == (2, "")
    assert err == (
        "pontoon: many.jsonl: no deal 6 in game 1 of the log (5 of its deals read; G:N chooses "
        "another game)\n"
    )


def test_a_game_past_the_log_s_last_is_exit_2(here: Path) -> None:
    (here / "many.jsonl").write_bytes(b"".join(GAMES))
    code, out, err = run("show", "many.jsonl", "--deal", "4:1")
    assert (code, out) == (2, "")
    assert err == "pontoon: many.jsonl: no game 4 in the log (3 read: each header starts one)\n"


def test_every_player_named_is_kept(here: Path) -> None:
    code, out, err = run("show", "game.jsonl", "--player", "p1", "--player", "p3")
    assert (code, err) == (0, "")
    rows = {line.split()[0] for line in out.splitlines() if line.startswith(("p1 ", "p2 ", "p3 "))}
    assert rows == {"p1", "p3"}  # p4 banks every deal; p2 is not asked for
    assert out.count("deal ") == 5


def test_every_player_named_must_sit(here: Path) -> None:
    code, out, err = run("show", "game.jsonl", "--player", "p1", "--player", "zed")
    assert code == 2 and out.count("p1 stakes") == 5  # a later game may seat him: read it all
    assert err == "pontoon: game.jsonl: no player 'zed' at the table\n"


def test_no_line_is_wrapped_in_a_pipe(here: Path) -> None:
    """A deal's decisions are one line, however long, when not on a terminal."""
    code, out, err = run("show", "game.jsonl", "--deal", "2")
    assert (code, err) == (0, "")
    (decisions,) = [line for line in out.splitlines() if line.startswith("  p1 stakes")]
    assert decisions == (
        "  p1 stakes 2 · p2 stakes 2 · p3 stakes 1 · p1 sticks · p2 buys for 2 · p2 sticks · "
        "p3 sticks · p4 stays"
    )


def divergent_minimal() -> bytes:
    """The seed-7 log's minimal form with a net changed (deal 2) and a twist made a burn,
    which V8 off refuses (deal 3): replay finds both divergent, and show draws both versions."""
    header, *deals = lines(LOG)
    keep = ("type", "deal", "pack", "decisions", "net")
    engine = [header, *({k: d[k] for k in keep} for d in deals)]
    engine[2]["net"]["p2"] -= 1
    engine[2]["net"]["p4"] += 1
    moves = engine[3]["decisions"]
    i = next(i for i, d in enumerate(moves) if d["action"] == "twist")
    moves[i] = {**moves[i], "action": "burn"}
    return join(engine)


#: Logs of every kind of deal: options on, every preset, a sale, a minimal log re-dealt.
PLAIN_LOGS = {
    "traditional-options": lambda: play(
        *("--seed", "5", "--deals", "60", "--players", "6", "--set", "banker_doubles=true"),
        *("--set", "burn_on=13", "--set", "royal_pontoon=true"),
    ),
    "casino": lambda: play("--rules", "casino", "--seed", "5", "--deals", "40", "--players", "6"),
    "shoot": lambda: play("--rules", "shoot", "--seed", "5", "--deals", "60"),
    "wide-names": lambda: play("--seed", "3", "--deals", "10", "--player", "名前", "--player", "b"),
    "minimal": lambda: (ROOT / "docs" / "examples" / "minimal.jsonl").read_bytes(),
    "minimal-divergent": divergent_minimal,
    "sale": lambda: scenario_log("t8-sell-the-bank"),
    "void": lambda: scenario_log("t8-empty-pack-void"),
    "sat-out": lambda: scenario_log("t8-bankroll"),
}


@pytest.mark.parametrize("kind", list(PLAIN_LOGS))
def test_into_a_pipe_show_writes_riches_layout_line_by_line(
    here: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """Not on a terminal, show lays each deal out itself (render.plain: about 20 times faster
    than rich's table); the characters are the ones rich draws without colour."""
    (here / "log.jsonl").write_bytes(PLAIN_LOGS[kind]())
    plain = run("show", "log.jsonl")
    made = Drawing.__init__

    def with_rich(self: Drawing, **options: object) -> None:
        made(self, **options)  # type: ignore[arg-type]
        self._plain = False

    monkeypatch.setattr(Drawing, "__init__", with_rich)
    drawn_by_rich = run("show", "log.jsonl")
    assert plain == drawn_by_rich
    assert plain[0] == 0 and "deal 1 · " in plain[1]
