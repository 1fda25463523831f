"""solo: a table-side companion for playing Mage Wars Arena solo against the Dummy Mage."""

__version__ = "0.1.0"
