"""The table of action words (pontoon_cli/core/actions.py): one row per decision, read by all."""

from __future__ import annotations

import pytest
from support.engine import make_deal, run

from pontoon_cli.core.actions import (
    ALL_WORDS,
    BANKER,
    PUNTER,
    TRADITIONAL_ACTIONS,
    ActionTable,
    ActionWord,
)
from pontoon_cli.core.errors import IllegalAction
from pontoon_cli.logformat import check as logcheck
from pontoon_cli.scenario import deals as scenario_deals
from pontoon_cli.scenario.play import Step
from pontoon_cli.traditional import compare as replay_compare
from pontoon_cli.traditional.engine import Deal


def test_T5_the_traditional_words_in_the_order_messages_list_them() -> None:
    table = TRADITIONAL_ACTIONS
    assert table.words == (
        "stake",
        "buy",
        "twist",
        "stick",
        "split",
        "burn",
        "draw",
        "stay",
        "double",
        "no_double",
    )
    assert table.listed() == (
        "stake, buy, twist, stick, split, burn, draw, stay, double or no_double"
    )
    # T6.1, V3
    assert [a.word for a in table.rows if a.taker == BANKER] == [
        "draw",
        "stay",
        "double",
        "no_double",
    ]
    assert [a.word for a in table.rows if a.amount] == ["stake", "buy"]  # T4.2, T5.3
    assert {a.taker for a in table.rows} == {PUNTER, BANKER}
    assert table.card_rule == {
        "stake": "T4.3",  # the second card follows the stakes
        "buy": "T5.3",
        "twist": "T5.4",
        "split": "T5.2",
        "burn": "V8",  # the two new cards after a burn
        "draw": "T6.1",
        "double": "T4.3",  # the second card follows the banker's double or not (V3)
        "no_double": "T4.3",
    }
    assert dict(table.scripted.items()) == {
        "buy": table.by_word["buy"],
        "twist": table.by_word["twist"],
        "hit": table.by_word["twist"],
        "stick": table.by_word["stick"],
        "stand": table.by_word["stick"],
        "split": table.by_word["split"],
        "burn": table.by_word["burn"],
        "draw": table.by_word["draw"],
        "stay": table.by_word["stay"],
        "double": table.by_word["double"],
        "no_double": table.by_word["no_double"],
    }  # a stake is scripted in the deal's `stakes` table, not as an action
    assert eval(repr(table.rows[2])) == table.rows[2]  # the repr reads back


def test_every_reader_reads_the_one_table() -> None:
    assert logcheck.ACTIONS is ALL_WORDS  # every game's words: Shoot's tables in test_shoot
    assert ALL_WORDS[: len(TRADITIONAL_ACTIONS.words)] == TRADITIONAL_ACTIONS.words
    assert replay_compare._CARD_RULE is TRADITIONAL_ACTIONS.card_rule
    assert scenario_deals.ACTION_WORDS is TRADITIONAL_ACTIONS.scripted
    assert scenario_deals.OTHER_WORDS is TRADITIONAL_ACTIONS.others
    for word in TRADITIONAL_ACTIONS.words:
        assert callable(getattr(Deal, word))  # each word has its own method on the deal


@pytest.mark.parametrize("row", TRADITIONAL_ACTIONS.rows, ids=lambda a: f"{a.rule}-{a.word}")
def test_act_cites_each_words_own_rule_for_a_wrong_amount(row: ActionWord) -> None:
    deal = make_deal("9H 8C 7D  3H 5D 6D")
    run(deal, "ann stake 5; bob stake 5")
    with pytest.raises(IllegalAction) as info:
        deal.act("ann", 1, row.word, None if row.amount else 3)
    need = "needs an amount" if row.amount else "takes no amount"
    assert (info.value.reason, info.value.rule) == (f"{row.word} {need}", row.rule)


def test_scripts_read_words_and_synonyms_from_the_table() -> None:
    assert scenario_deals.parse_action("Hit", 4) == Step("twist", None, 4, "Hit")
    assert scenario_deals.parse_action("buy 3", 4) == Step("buy", 3, 4, "buy 3")
    assert scenario_deals.parse_action("stand 2", 4) == "'stand 2': stand takes no amount"
    assert (
        scenario_deals.parse_action("buy", 4)
        == "'buy': buy needs a whole amount, e.g. 'buy 4' (T5.3)"
    )
    assert scenario_deals.parse_action("burn", 4) == Step("burn", None, 4, "burn")  # V8
    assert scenario_deals.parse_action("Double", 4) == Step("double", None, 4, "Double")  # V3
    assert (
        scenario_deals.parse_action("shoot 3", 4)
        == "'shoot 3' is not part of the traditional rules (S2)"
    )


def test_a_new_decision_is_one_row() -> None:
    """The house options' and Shoot's shapes: V3's banker double, V8's burn, `shoot N` (S2, S4)."""
    rows = (*TRADITIONAL_ACTIONS.rows, ActionWord("shoot", PUNTER, "S2", amount=True))
    table = ActionTable("house", rows, {})
    assert table.listed().endswith("double, no_double or shoot")
    assert table.by_word["shoot"].amount and table.scripted["burn"].card_rule == "V8"
    assert "shoot" not in table.card_rule and "stay" not in table.card_rule
