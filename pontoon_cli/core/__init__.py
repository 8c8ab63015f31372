"""The shared arithmetic of the rules: cards, hands and their classes, the rules object and its
presets, the generator, settlement tables, events, action words, errors and input limits.

Every game builds on these; nothing here knows a game's deal."""
