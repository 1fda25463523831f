"""A line as the rules record it (solo.rules.said)."""

from solo.core.plain import allocates
from solo.rules import said
from solo.rules.said import Said, Who, said_with


def test_a_line_made_from_a_dictionary_is_the_line_made_with_named_facts():
    """said_with makes its lines as cheaply as the build allows (without __init__ in the pure
    package, through it in the compiled build): the same line either way, with the very facts
    it was given."""
    who = Who("dm-3", "Timber Wolf", "dm", False)
    facts = {"who": who, "dice": 3}
    for make in (said_with, said._initialised, said._allocated):
        try:
            line = make("wolf.bites", facts)
        except TypeError:  # _allocated, where the class allows no object made without __init__
            assert make is said._allocated and said_with is said._initialised
            continue
        assert type(line) is Said and line == Said("wolf.bites", who=who, dice=3)
        assert line.code == "wolf.bites" and line.facts is facts
        assert line["who"].card == "Timber Wolf"
    assert said_with is (said._allocated if allocates(said.Said) else said._initialised)
