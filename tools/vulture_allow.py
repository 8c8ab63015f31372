"""Names ``vulture`` reports as unused that stay, each with why (read by
tests/project/test_dead_code.py).

Every other name vulture finds in ``pontoon_cli`` (at 60% confidence) is dead code and goes.
"""

# ruff: noqa: B018, F821

# the build record: setup.py loads _build.py by path and calls these
record_line
write_record
BUILD  # pontoon_cli.BUILD: `pontoon --version` and the tests read which build runs
_.__signature__  # _help.restore: what inspect.signature (help()) reads of a public class

# the library's documented API (README, tests): cards, hands, settlement, the solvers
__dir__  # pontoon_cli's lazy public names, listed by dir()
_.over  # Game.over, Game.deal_number: the steppable game's state
_.deal_number
_.of  # Card.of(rank, suit): the shared cards
parse_cards
format_cards
_.from_label  # HandClass.from_label
is_soft
strength
_.is_bust
_.on_table  # a deal's open stakes by name (the engine keeps them by place in turn)
settle_traditional
exact_edge
table_rules  # the rules the shipped basic-strategy table assumes
RULE_ID  # rulebook.RULE_ID: a rule ID anywhere in a text
ACTION_WORDS  # scenario_deals.ACTION_WORDS: the words a script may hold (README)
OTHER_WORDS
_.can_stake  # the verify/can/act triad of each deal: replay and the tests ask it

# a strategy of the user's reads them: the protocol it answers and the view it is given
SeatStrategy  # base.seat: the protocol's documented, typed form
_.house_count  # SeatView.house_count

# called by frameworks and protocols, not by name
_.caption  # rich's Table reads them: show's note under a minimal log's re-dealt hands
_.caption_style
__getattr__  # PEP 562: `from pontoon_cli.cli.main import app`
_.__class__  # cli_app swaps the class of typer's command to change its help
_.collect_usage_pieces  # click calls it
_.format_options  # click calls it
_root  # typer commands: registered by decorator
version
simulate
strategy_command
rules_command
schema_command
replay
diff
writelines  # a text stream's method: the stdout guard wraps sys.stdout
tb  # __exit__(exc_type, exc, tb)
frame  # a signal handler's (signum, frame)
offset  # seek(offset): a file object's method, refused for a stream
pytest_addoption  # the pytest plugin's hooks and the methods pytest calls on its items
pytest_configure
pytest_collect_file
pytest_collection_modifyitems
pytest_terminal_summary
pytest_sessionfinish
COUNTED_ELSEWHERE  # coverage's exemptions: documented, and read by tests/replay/test_coverage.py
value_per_deal  # the equilibrium solve's result: read by its callers and tests
_.reportinfo
_.runtest
_.assert_replays  # the `pontoon` fixture's method for a user's tests (README)

# the steppable game's documented API (docs/reference/api.md)
_.is_legal  # Game.is_legal(action, amount)
_.copy  # Game.copy(): an independent game

# api.types: the TypedDicts' keys, read by a type checker (and by the user's code), not by name
_.__doc__  # the functional TypedDicts' docstrings (a key named "class" needs that form)
(
    tool,
    ci95,
    per_initial_stake,
    per_unit_staked,
    initial_stakes,
    rounds_played,
    mean_net_per_round,
    hand_classes,
    net_per_deal,
    hands_won,
    hands_lost,
    hands_tied,
    win_rate,
    lose_rate,
    tie_rate,
    shoot_bets,
    shoot_money,
    deals_without_hands,
    banker_gain_per_hand,
    banker_edge_per_unit_staked,
    banker_classes,
    dealer_gain_per_hand,
    dealer_edge_per_unit_staked,
    dealer_classes,
    pontoons_per_100_deals,
    from_deal,
    deals_per_point,
    points,
)
