"""The command-line interface: option parsing, one library call, rendering. Only this package
imports typer."""
