"""A game's line (``traditional_line``; as bytes, ``line_bytes``): what replay compares each
record with, written as text without building the record, is exactly what the log writer writes
(``encode(deal_record(...))``), for every kind of deal: 2-10 seats, every preset, random
strategies (splits, buys, busts), small bankrolls (players sit out, T8.6), empty packs (void
deals, T8.5), a sale of the bank (T8.4), names JSON must escape; and None where
OPT_STRICT_INTEGER would refuse the record (docs/reference/output.md, "Limits")."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from librt.strings import BytesWriter

from pontoon_cli.casino.deal import CasinoGame
from pontoon_cli.casino.record import casino_deal_line, casino_deal_record
from pontoon_cli.core.events import BankSold
from pontoon_cli.core.limits import MAX_SAFE_INT
from pontoon_cli.core.rules import PRESETS, Rules, Table
from pontoon_cli.games import seeded_game as registry_game
from pontoon_cli.log.writer import LogWriter, encode
from pontoon_cli.logformat.record import DealLine, line_bytes
from pontoon_cli.traditional.engine import Deal, Game
from pontoon_cli.traditional.players import seeded_game
from pontoon_cli.traditional.record import deal_record, traditional_line


def deal_line(
    game: Game, deal: Deal, sale: BankSold | None = None, *, pack: bytes | None = None
) -> bytes | None:
    """The traditional game's line as bytes (what replay compares a record with)."""
    return line_bytes(traditional_line, DealLine(game, deal, sale, pack))


def played(
    seats: int,
    seed: int,
    rules: Rules,
    strategy: str,
    bankroll: int,
    names: list[str] | None = None,
) -> list[tuple[Game, Deal]]:
    """Each deal of a seeded game with the game as it stood when the deal was written."""
    table = Table.build(names or [f"p{i}" for i in range(1, seats + 1)], bankroll=bankroll)
    game, auto = seeded_game(rules, table, seed, strategy, strategy)
    out = []
    try:
        for deal in auto.play(game, 40):
            out.append((game, deal))
            check(game, deal)  # now: the game's balances are those after this deal
    except ValueError as err:  # T8.6: nobody can stake; the game cannot go on
        assert "T8.6" in str(err)
    return out


def check(game: Game, deal: Deal, sale: BankSold | None = None) -> None:
    want = encode(deal_record(game, deal, sale))
    assert deal_line(game, deal, sale) == want
    pack = " ".join(card.text for card in deal.pack_before)
    assert deal_line(game, deal, sale, pack=pack.encode()) == want
    assert encode(deal_record(game, deal, sale, pack=pack)) == want


@pytest.mark.parametrize("preset", sorted(p for p in PRESETS if p != "casino"))  # casino below
@pytest.mark.parametrize("seats", [2, 5, 10])
@pytest.mark.parametrize("strategy", ["default", "random"])
def test_deal_line_is_the_writers_bytes_T7_T8(preset: str, seats: int, strategy: str) -> None:
    for seed, bankroll in ((1, 1000), (2, 12), (3, 40)):
        assert played(seats, seed, PRESETS[preset], strategy, bankroll)


SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("*.toml"))


def scenario_deals(path: Path) -> list[tuple[Deal, BankSold | None]]:
    """Play a scenario file, checking deal_line at each deal as the log writer writes it."""
    from pontoon_cli.scenario.reader import load, play

    scenario, problems = load(path, options={}, rule_settings={})
    assert scenario is not None, problems
    seen: list[tuple[Deal, BankSold | None]] = []

    def on_deal(game: Game, deal: Deal, sale: BankSold | None) -> None:
        if isinstance(game, CasinoGame):
            check_casino(game, deal)
        else:
            check(game, deal, sale)
        seen.append((deal, sale))

    play(scenario, lambda game: None, on_deal)
    return seen


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_deal_line_over_every_scenario(path: Path) -> None:
    """Scripted deals: stacked packs, void deals (T8.5), splits (T5.2), sales of the bank (T8.4)."""
    assert scenario_deals(path)


def test_the_scenarios_hold_void_deals_splits_and_sales_T8_5_T5_2_T8_4() -> None:
    """What the test above covers, so a change to the scenario files cannot take it away."""
    deals = [pair for path in SCENARIOS for pair in scenario_deals(path)]
    assert any(deal.void for deal, _ in deals)
    assert any(sale is not None for _, sale in deals)
    assert any(h.from_split for deal, _ in deals for row in deal.hands.values() for h in row)
    assert any(deal.sitting_out for deal, _ in deals)


def test_deal_line_writes_names_as_orjson_does_T3_1() -> None:
    names = ['a"b', "c\\d", "Zoë", "日本", "e/f"]
    assert played(5, 3, Rules(), "random", 1000, names)


def test_lines_of_tables_written_in_turn_each_hold_their_own_seats_T3_1() -> None:
    """The writer keeps the last table's seat keys: deals of two tables (other names, another
    order of the same names, more seats) written in turn each name their own seats."""
    tables = [
        played(4, 3, Rules(), "random", 1000),
        played(3, 3, Rules(), "random", 1000, names=["zed", "a\\b", "p1"]),
        played(4, 3, Rules(), "random", 1000, names=["p4", "p3", "p2", "p1"]),
        played(6, 5, Rules(), "random", 1000),
    ]
    for _ in range(2):
        for deals in tables:
            game, deal = deals[0]
            want = encode(deal_record(game, deal))
            assert deal_line(game, deal) == want
            assert list(orjson.loads(want)["balance"]) == list(game.table.seats)


def test_deal_line_with_a_sale_of_the_bank_T8_4() -> None:
    (game, deal), *_ = played(4, 5, Rules(), "default", 1000)
    check(game, deal, BankSold("p1", "p2", 25))


def test_deal_line_is_none_beyond_the_safe_integer_range() -> None:
    """OPT_STRICT_INTEGER refuses an integer beyond ±(2**53 − 1): no bytes to compare with."""
    (game, deal), *_ = played(4, 5, Rules(), "default", 1000)
    game.balances = dict(game.balances)
    for edge in (MAX_SAFE_INT, -MAX_SAFE_INT):  # the limits themselves are written
        game.balances["p3"] = edge
        check(game, deal)
    for value in (MAX_SAFE_INT + 1, -MAX_SAFE_INT - 1, 10**30):
        game.balances["p3"] = value
        assert deal_line(game, deal) is None
        assert deal_line(game, deal, BankSold("p1", "p2", 1)) is None
    game.balances["p3"] = 0
    assert deal_line(game, deal, BankSold("p1", "p2", MAX_SAFE_INT + 1)) is None


def test_the_writer_writes_each_deal_as_its_record_encoded(tmp_path: Path) -> None:
    """`pontoon play` writes deal_line's bytes (LogWriter.write_deal): the same bytes as the
    record encoded, and the record itself where deal_line has none (a number beyond the range)."""
    (game, deal), *_ = played(4, 5, Rules(), "random", 1000)
    game.balances = dict(game.balances)
    before = game.balances["p3"]
    out = tmp_path / "log.jsonl"
    with LogWriter(out) as writer:
        writer.write_deal(game, deal)
        writer.write_deal(game, deal, BankSold("p1", "p2", 3))
        game.balances["p3"] = MAX_SAFE_INT + 1  # no line: the record is written as it is
        writer.write_deal(game, deal)
    assert writer.deals == 3  # the deal records: three, and no header
    written = out.read_bytes().splitlines(keepends=True)
    game.balances["p3"] = before
    assert written[0] == encode(deal_record(game, deal))
    assert written[1] == encode(deal_record(game, deal, BankSold("p1", "p2", 3)))
    game.balances["p3"] = MAX_SAFE_INT + 1
    assert written[2] == encode(deal_record(game, deal))  # no piece of the line before it
    assert b'"p3":9007199254740992' in written[2]


def test_a_signal_while_a_line_is_written_keeps_only_whole_records(tmp_path: Path) -> None:
    """The writer writes a deal's line into the bytes that wait for the batch: a stop signal
    that comes before the line is whole takes its bytes back, so the log kept replays."""
    from pontoon_cli.core.stop import Interrupted

    (game, deal), *_ = played(4, 5, Rules(), "random", 1000)

    def cut_short(out: BytesWriter, *_: object) -> bool:
        out.write(b'{"type":"deal","deal":')
        raise Interrupted(2)

    out = tmp_path / "log.jsonl"
    with pytest.raises(Interrupted) as stopped, LogWriter(out) as writer:
        writer.write_deal(game, deal)
        writer.write_deal(game, deal, line=cut_short)
    assert stopped.value.kept == f"kept 1 deal in {out}"
    assert out.read_bytes() == encode(deal_record(game, deal))


@pytest.mark.parametrize("strategy", ["default", "random"])
def test_every_games_line_is_its_record_encoded_S1_S10(strategy: str) -> None:
    """Each game's ``line`` (the bytes play writes and replay compares) is its ``record``
    encoded: for Shoot, the traditional line with the kitty last."""
    from pontoon_cli.games import all_games, seeded_game

    for preset, definition in sorted(all_games().items()):
        rules = Rules.preset_named(preset)
        table = Table.build([f"p{i}" for i in range(1, 6)], bankroll=60)
        game, auto = seeded_game(rules, table, 11, strategy, strategy)
        checked = 0
        try:
            for deal in auto.play(game, 60):
                want = encode(definition.record(game, deal, None))
                pack = " ".join(card.text for card in deal.pack_before)
                assert line_bytes(definition.line, DealLine(game, deal)) == want
                assert (
                    line_bytes(definition.line, DealLine(game, deal, None, pack.encode())) == want
                )
                checked += 1
        except ValueError as err:  # T8.6: nobody can stake; the game cannot go on
            assert "T8.6" in str(err)
        assert checked >= 10, preset
        if preset == "shoot":
            assert b'"kitty":{"before":' in want


def check_casino(game: CasinoGame, deal: object) -> None:
    """A casino round's line is its record encoded (C1-C11), with or without the shoe's text."""
    want = encode(casino_deal_record(game, deal, None))  # type: ignore[arg-type]
    assert line_bytes(casino_deal_line, DealLine(game, deal)) == want
    shoe = " ".join(card.text for card in deal.pack_before)  # type: ignore[attr-defined]
    assert line_bytes(casino_deal_line, DealLine(game, deal, None, shoe.encode())) == want


@pytest.mark.parametrize("seats", [1, 4, 7])
@pytest.mark.parametrize("strategy", ["dealer-mimic", "random"])
def test_casino_line_is_the_writers_bytes_C1_C11(seats: int, strategy: str) -> None:
    rules = PRESETS["casino"].with_overrides({"shuffle_every": 3, "decks": 6})
    for seed, bankroll in ((1, 1000), (2, 12)):
        table = Table.build([f"p{i}" for i in range(1, seats + 1)], bankroll=bankroll, house=True)
        game, auto = registry_game(rules, table, seed, strategy)
        assert isinstance(game, CasinoGame)
        rounds = 0
        for deal in auto.play(game, 30):
            check_casino(game, deal)
            rounds += 1
        assert rounds


@pytest.mark.parametrize(
    "n",
    [
        *(0, 1, 127, 128, -1, -127, -128, 999, 1000, -1000),
        *(4094, 4095, 4096, 4097, -4094, -4095, -4096, -4097),
        *(MAX_SAFE_INT, -MAX_SAFE_INT, 10**6, -(10**6)),
    ],
)
def test_a_number_is_written_as_json_writes_it_the_first_time_and_after(n: int) -> None:
    # a line's numbers: small ones from a table, near ones (a balance, a net) made once and
    # kept, far ones made each time; each as JSON writes it, every time
    from pontoon_cli.logformat.record import write_number

    for _ in range(2):
        out = BytesWriter()
        write_number(out, n)
        assert out.getvalue() == orjson.dumps(n)
