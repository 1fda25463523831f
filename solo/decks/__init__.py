"""The Dummy Mage's deck sets: reading, validating, building."""
