"""`python -m pontoon_cli` runs the `pontoon` command."""

from pontoon_cli.cli.main import main

main()
