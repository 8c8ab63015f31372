"""Writing and reading logs: the JSON-lines writer, the one reader that replay and the views
share (a visitor interface), and where output goes (files, pipes, signals)."""
