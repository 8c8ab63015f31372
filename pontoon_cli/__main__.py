"""`python -m pontoon_cli` runs the `pontoon` command."""

from pontoon_cli.cli import main

main()
