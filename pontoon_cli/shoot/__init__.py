"""Shoot Pontoon (S1-S10): the traditional deal plus the kitty and shoot bets, its players,
its record and its replay checks."""
