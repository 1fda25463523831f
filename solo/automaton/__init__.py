"""The Dummy Mage's choices, as decisions: never writes the board."""
