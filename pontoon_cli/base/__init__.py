"""The deal and the game every rule system extends: the hands in play, dealing, turns, splits,
the stakes, and carrying a game from deal to deal."""
