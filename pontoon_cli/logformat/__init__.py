"""The log's record format, below the games: the header and record checks, reading sources
(files, gzip, stdin) with their limits, and the divergence a replay reports."""
