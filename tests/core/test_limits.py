"""The shared input limits (docs/reference/output.md, "Limits")."""

from __future__ import annotations

import pytest

from pontoon_cli.core.limits import MAX_SAFE_INT, int_problem, name_problem, printable


@pytest.mark.parametrize("name", ["ann", "Zoë", "p-1", "x" * 64])
def test_good_names(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("a\nb", r"'a\nb'"),
        ("a\tb", r"'a\tb'"),
        ("\x1b[31mred", r"'\x1b[31mred'"),
        ("two words", "'two words'"),
        ("", "''"),
    ],
)
def test_bad_names_are_shown_escaped(name: str, shown: str) -> None:
    problem = name_problem(name)
    assert problem is not None
    assert shown in problem
    assert "\n" not in problem and "\x1b" not in problem


def test_long_and_non_text_names() -> None:
    assert name_problem("x" * 65) == (
        f"player name '{'x' * 49}…(65 characters): at most 64 characters"
    )  # the name's own length, not its repr's (quotes and escapes)
    assert "a name is text" in (name_problem(3) or "")


def test_text_is_shown_with_what_a_terminal_would_act_on_escaped() -> None:
    assert printable("plain text ♠") == "plain text ♠"
    assert printable("\x1b[31mred\x07\nnext") == "\\x1b[31mred\\x07\\nnext"


def test_integer_range_is_i_json() -> None:
    assert int_problem(MAX_SAFE_INT, "bankroll") is None
    assert "2**53 - 1" in (int_problem(MAX_SAFE_INT + 1, "bankroll") or "")
    assert int_problem(0, "bankroll", least=1) == "bankroll must be 1 or more, got 0"
    huge = int_problem(10**5000, "seed") or ""  # repr() of this refuses; the message must not
    assert "bits" in huge and len(huge) < 120
