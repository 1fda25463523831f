"""The Arena rules, pure: the board model, its one way of changing, combat, upkeep, spells."""
