"""The referee's scorecard: independent Pontoon engines with planted bugs, and replay scored
against where each bug really fired (docs/development/testing.md, "The referee's scorecard").

``common``, ``traditional``, ``shoot`` and ``casino`` are the engines, written from
docs/rules.md and docs/log-format.md alone: they never import pontoon_cli. ``planted`` lists
the bugs and the games they play, ``scorer`` replays a log and scores its lines, ``scorecard``
prints the table.
"""
