"""People's views of a log: `show`, `stats` and `diff`, as visitors of the one log reader."""
