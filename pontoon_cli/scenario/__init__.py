"""Scenario and rules files: reading TOML or JSON with line numbers, checking them, and
playing their scripted deals."""
