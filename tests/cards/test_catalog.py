"""The card catalog's answers about a card."""


def test_has_answers_as_the_plain_reading_of_each_trait_for_every_card_and_attack():
    """Card.has and Attack.has read a set of names made once an object: for every card and
    attack of the catalog, and every word or prefix of its traits, the answer is the plain
    reading's (the trait itself, or it and a space at the start of one)."""
    from solo.cards.catalog import get_catalog

    def plain(traits, trait):
        t = trait.lower()
        return any(x.lower() == t or x.lower().startswith(t + " ") for x in traits)

    cat = get_catalog()
    owners = [c for c in cat.cards()] + [a for c in cat.cards() for a in c.attacks]
    words = {w for o in owners for t in o.traits for w in (t, t.upper(), *t.split(), t[:3])}
    words |= {"Melee", "melee +", "Flying", "piercing", "", " ", "Sweeping attack"}
    checked = 0
    for o in owners:
        for w in words:
            assert o.has(w) == plain(o.traits, w), (o.name, o.traits, w)
            checked += 1
    assert checked > 10000
