"""The shipped equilibrium (pontoon_cli/traditional/equilibrium.json), the value of the bank and
`pontoon strategy --rules traditional --equilibrium`.

The full solve takes about half a minute, too long for the suite: the shipped strategies'
certificate is recomputed here, and a short fresh solve must agree with them within both
certificates (`python tools/equilibrium_table.py --check` redoes the whole solve).
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

import orjson
import pytest
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.solver import equilibrium_check as check
from pontoon_cli.solver import equilibrium_table as table
from pontoon_cli.solver.equilibrium import solve
from pontoon_cli.solver.traditional import TraditionalRules

RULES = TraditionalRules()
STAKES = (1, 10)
ROUNDING = 2e-6  # the shipped figures have six decimals
runner = CliRunner()


@functools.cache
def _shipped() -> dict[str, Any]:
    return table.shipped()


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["strategy", *args])
    return result.exit_code, result.stdout, result.stderr


def test_the_shipped_solve_is_the_preset_with_the_tables_stakes() -> None:
    data = _shipped()
    assert data["format"] == table.FORMAT
    assert data["stakes"] == [1, 10] and tuple(data["stakes"]) == table.STAKES
    assert data["rules"] == {
        "preset": "traditional",
        **table.solved_settings(RULES),
        "deck": "infinite",
    }
    assert table.dumps(data) == table.dumps(orjson.loads(table.dumps(data)))  # sorted, stable


def test_the_shipped_certificate_is_recomputed_from_the_shipped_strategies() -> None:
    data = _shipped()
    found = check.certify(data["punter"], table.flat_banker(data["banker"]), RULES, STAKES)
    assert found.exploitability == pytest.approx(data["exploitability"], abs=ROUNDING)
    assert 0 <= found.exploitability <= table.TOLERANCE
    assert -found.value == pytest.approx(data["value_per_deal"], abs=ROUNDING)
    assert found.mean_stake == pytest.approx(data["mean_stake"], abs=ROUNDING)
    assert data["value"] * data["mean_stake"] == pytest.approx(data["value_per_deal"], abs=1e-5)
    assert found.banker_best <= found.value <= found.punter_best


def test_a_fresh_short_solve_agrees_with_the_shipped_one_within_both_certificates() -> None:
    """Every certified interval holds the game value, so a fresh solve's and the shipped one's
    must overlap, and the fresh one names the same situations."""
    data = _shipped()
    fresh = solve(RULES, iterations=50, tolerance=1.0, stakes=STAKES)
    again = table.solve_data(fresh, RULES, STAKES)
    shipped_low, shipped_high = data["bounds"]["banker_best"], data["bounds"]["punter_best"]
    fresh_low, fresh_high = again["bounds"]["banker_best"], again["bounds"]["punter_best"]
    assert max(shipped_low, fresh_low) <= min(shipped_high, fresh_high) + ROUNDING
    assert again["exploitability"] < 0.05
    assert set(again["punter"]) == set(data["punter"])
    assert {k: set(v) for k, v in again["banker"].items()} == {
        k: set(v) for k, v in data["banker"].items()
    }


def test_the_pass_chance_is_a_direct_count() -> None:
    """T8.3: the bank passes when the punter's two cards are an ace and a ten-card and the
    banker's are not; counted over all 13**4 equally likely ranks."""
    ten = {10, 11, 12, 13}

    def pontoon(a: int, b: int) -> bool:
        return (a == 1 and b in ten) or (b == 1 and a in ten)

    passes = sum(
        pontoon(p1, p2) and not pontoon(b1, b2)
        for p1, p2, b1, b2 in itertools.product(range(1, 14), repeat=4)
    )
    assert passes == 2 * 4 * (13**2 - 2 * 4)
    assert table.pass_chance() == pytest.approx(passes / 13**4, abs=1e-15)


def test_the_bank_is_worth_the_value_over_the_pass_chance() -> None:
    report = table.report(RULES)
    q = table.pass_chance()
    assert report["bank_pass_chance"] == pytest.approx(q, abs=ROUNDING)
    assert report["deals_held"] == pytest.approx(1 / q, abs=ROUNDING)
    assert report["bank_value"] == pytest.approx(report["value"] / q, abs=1e-5)
    assert report["bank_value_units"] == pytest.approx(report["value_per_deal"] / q, abs=1e-5)
    assert report["bank_value"] < 0  # the punter's stake signal makes the bank a loss


def test_the_fixed_banker_figure_is_the_punters_best_response_to_him() -> None:
    """The side-by-side figure (traditional's exact values, the best stake per first card) is
    the certificate's best response to the banker on 17 with the same stake choice."""
    keys = list(table.flat_banker(_shipped()["banker"]))
    best = check.punter_best_value(check.fixed_banker(keys, 17), RULES, STAKES)
    fixed = table.fixed_banker(RULES, 17, STAKES)
    assert fixed["value_per_deal"] == pytest.approx(-best, abs=ROUNDING)
    assert fixed["value"] * fixed["mean_stake"] == pytest.approx(fixed["value_per_deal"], abs=1e-5)
    assert fixed["one_stake_with_splits"] == pytest.approx(-0.067795, abs=ROUNDING)


def test_the_command_prints_the_figures_and_both_strategies() -> None:
    code, out, err = _run("--rules", "traditional", "--equilibrium")
    assert (code, err) == (0, "")
    data = _shipped()
    assert f"banker's net per initial stake  {100 * data['value']:+12.4f}%" in out
    assert "exploitability: 0.000380 units a deal: the most the two sides" in out
    assert "the bank is worth -7.0402 per initial stake while held" in out
    assert "over 22.17 deals on average" in out
    assert "first card     A     2     3     4" in out
    assert "stake 1: hard 16 " in out and "stake 1, punter stuck " in out
    assert _run("--rules", "traditional", "--equilibrium") == (code, out, err)  # deterministic


def test_the_json_holds_every_field() -> None:
    code, out, err = _run(
        "--rules", "traditional", "--equilibrium", "--banker-stays", "16", "--json"
    )
    assert (code, err) == (0, "")
    report = orjson.loads(out)
    for field in ("value", "value_per_deal", "exploitability", "fixed_banker", "punter", "banker"):
        assert report[field] == table.report(RULES, 16)[field]
    assert report["format"] == table.FORMAT and report["shipped"] is True
    assert report["fixed_banker"]["banker_stays"] == 16
    assert report["banker"]["stake 1, punter stuck"]["hard 16 in 2"] == pytest.approx(
        0.02, abs=0.02
    )


def test_other_settings_are_solved_at_run_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table, "ITERATIONS", 2)  # a quick, rough solve: the path, not the figure
    code, out, err = _run(
        "--rules", "traditional", "--equilibrium", "--set", "stick_minimum=16", "--json"
    )
    assert (code, err) == (0, "")
    report = orjson.loads(out)
    assert report["shipped"] is False and report["iterations"] == 2
    assert report["rules"]["stick_minimum"] == 16
    assert "stick" not in report["punter"]["stake 1: hard 15"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--rules", "traditional", "--set", "royal_pontoon=true"),
            "pontoon: rule setting royal_pontoon=true (V6) is not modelled by the calculation; "
            "leave it at false\n",
        ),
        (("--rules", "casino"), "pontoon: --equilibrium: the traditional game only, not casino"),
        (("--rules", "traditional", "--values"), "pontoon: --equilibrium: the strategies are"),
        (("--rules", "traditional", "--banker-stays", "3"), "pontoon: --banker-stays must be 4"),
    ],
)
def test_what_the_solve_does_not_model_is_refused(args: tuple[str, ...], message: str) -> None:
    code, out, err = _run(*args, "--equilibrium")
    assert (code, out) == (2, "")
    assert err.startswith(message)
