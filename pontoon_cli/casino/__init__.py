"""Casino Pontoon against the house (C1-C12): the round, its players and the basic strategy
table, its record and its replay checks."""
