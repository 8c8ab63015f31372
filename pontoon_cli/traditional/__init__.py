"""Traditional Pontoon with a rotating banker (T1-T8) and its house options (V1-V9): the
legality of each decision, the deal, the game, and its automatic players."""
