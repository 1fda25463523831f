"""Outside play (issue 32, item 6): `solo roll attack`, `solo deck`, `solo stats` and `solo cards
show` as a person met them.  Each test here failed before its fix."""

from __future__ import annotations

import pytest


# -- solo roll attack ----------------------------------------------------------------------------

def test_a_melee_attack_at_a_flyer_without_reach_is_refused(run):
    """Before: a Timber Wolf's Bite was rolled at a Thunderift Falcon without a word."""
    r = run("roll", "attack", "Timber Wolf", "--vs", "Thunderift Falcon")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert "Timber Wolf cannot make its Bite at Thunderift Falcon" in r.stderr
    assert "only from a flyer or with Reach" in r.stderr
    # a flyer's melee attack reaches it, and so does an archer's bow (the default it picks)
    assert run("roll", "attack", "Darkfenne Bat", "--vs", "Thunderift Falcon").exit_code == 0
    named = run("roll", "attack", "Gorgon Archer", "--attack", "Claws", "--vs", "Darkfenne Bat")
    assert named.exit_code == 2 and "(its Poison Bow can: --attack NAME)" in named.stderr


def test_roll_attack_help_is_the_attacks_own(run):
    """Before: `solo roll attack --help` printed `solo roll`'s help."""
    r = run("roll", "attack", "--help")
    assert r.exit_code == 0 and r.output.startswith("Usage: solo roll attack [OPTIONS] ATTACKER")
    assert "--vs" in r.output and "--wield" in r.output and "N|d12|compass" not in r.output
    bad = run("roll", "attack", "Timber Wolf")
    assert "Try 'solo roll attack --help' for help." in bad.output
    assert "N|d12|compass" not in bad.output
    assert "roll [OPTIONS] N|d12|compass|attack" in run("roll", "--help").output.split("\n")[0]
    seeded = [run("roll", *args).output.splitlines()[-1] for args in (
        ("--seed", "5", "attack", "Timber Wolf", "--vs", "Bitterwood Fox"),
        ("attack", "Timber Wolf", "--vs", "Bitterwood Fox", "--seed", "5"))]
    assert seeded[0] == seeded[1] and "--seed 5" in seeded[0]


def test_wield_dresses_the_mage_casting_an_attack_spell(run):
    """Before: "--wield dresses a mage, and Fireball is an attack spell"."""
    r = run("roll", "attack", "Fireball", "--vs", "Beastmaster", "--wield", "Fireshaper Ring",
            "--seed", "2")
    assert r.exit_code == 0, r.output
    assert "Apply by hand (Fireshaper Ring)" in r.output  # its die on a flame attack is yours to add
    creature = run("roll", "attack", "Timber Wolf", "--vs", "Beastmaster", "--wield", "Fireshaper Ring")
    assert creature.exit_code == 2 and "Timber Wolf is a creature" in creature.stderr


# -- solo deck -----------------------------------------------------------------------------------

def test_validating_a_file_names_the_file_not_only_the_set_it_holds(run, tmp_path):
    """Before: "solo: Starter is not a valid deck set (1 problem)" for a file mine.toml whose
    set is named Starter, read as if the built-in set were broken."""
    from solo.decks.sets import builtin_dir

    text = (builtin_dir() / "starter.toml").read_text(encoding="utf-8")
    mine = tmp_path / "mine.toml"
    mine.write_text(text.replace('"Timber Wolf" = 1', '"Timber Wolf" = 2'), encoding="utf-8")
    r = run("deck", "validate", str(mine))
    assert r.exit_code == 1
    assert r.stderr.strip() == (f"solo: the set in {mine} (named 'Starter') is not a valid deck "
                                "set (1 problem)")
    assert run("deck", "validate", "Starter").stdout.startswith("OK: Starter is a valid deck set")


# -- solo stats ----------------------------------------------------------------------------------

def test_an_imported_copy_of_a_game_counts_once(run, tmp_path):
    """Before: `solo export` then `solo import` of a finished game made two games in the
    record."""
    import json

    path = tmp_path / "one.json"
    path.write_text(json.dumps({"setup.start": "start", "quickcast.you": ["pass"] * 400,
                                "turn.actor": ["done"] * 400}))
    assert run("play", "--answers", path, "--seed", "5", "--name", "one").exit_code == 0
    assert run("play", "--answers", path, "--seed", "6", "--name", "other").exit_code == 0
    assert run("export", "one", tmp_path / "one-game.json").exit_code == 0
    assert run("import", tmp_path / "one-game.json", "--name", "one-copy").exit_code == 0
    data = json.loads(run("stats", "--json").output)
    assert [(g["name"], g.get("copies")) for g in data["games"]] == [("one", ["one-copy"]),
                                                                     ("other", None)]
    text = run("stats").output
    assert "2 finished games" in text and "(also as one-copy)" in text


# -- solo cards show -----------------------------------------------------------------------------

def test_equipment_says_what_counts_where_in_words_that_agree(run):
    """Before: "Defense 7+ count in every attack on or by your mage" (Reflex Boots): a Defense
    counts in attacks on your mage only, and one thing counts."""
    text = " ".join(run("cards", "show", "Reflex Boots").output.split())
    assert "Defense 7+ counts in every attack on your mage; it takes the Boots location." in text
    cloak = " ".join(run("cards", "show", "Elemental Cloak").output.split())
    assert ("Armor +1 counts in every attack on your mage; it gives your mage Flame -2, Frost -2 "
            "and Lightning -2") in cloak
    gauntlets = " ".join(run("cards", "show", "Gauntlets of Strength").output.split())
    assert "Melee +1 counts in every attack your mage makes" in gauntlets
    assert " count in every attack" not in " ".join((text, cloak, gauntlets))


# -- solo deck show: a first look in its time ----------------------------------------------------

def test_a_rating_in_a_time_budget_never_plays_past_it_at_the_start(monkeypatch):
    """Before: rate() played a first chunk of 32 games (16 a process) before it looked at the
    clock, so a first look promised in about 2 seconds took 6 to 14.  Here, on a clock where a
    game takes half a second on each of two processes, a 1.7-second budget is kept: a game on
    each process to time them, then only what the time left holds."""

    from solo.cards.catalog import get_catalog
    from solo.decks.sets import resolve
    from solo.engine import ratings, simulate
    from solo.engine.game import ENGINE

    now = [0.0]
    asked = []  # the last seed each game was taken with

    class Stream:  # a game takes half a second on each of two processes
        def __init__(self, decks, first, skill, dm_life, workers):
            self.seed = first

        def take(self, last):
            asked.append(last)
            now[0] += 0.25
            self.seed += 1
            return simulate.GameStats("dm" if (self.seed - 1) % 3 == 0 else "ym", 10, 20, 30)

        def close(self):
            pass

    monkeypatch.setattr(simulate, "Stream", Stream)
    r, kept = ratings.rate(resolve("Starter"), catalog=get_catalog(), engine=ENGINE, jobs=2,
                           seconds=1.7, clock=lambda: now[0])
    assert not kept and ratings.needs_more(r)
    # the first two games alone, then four more (1.2 s left at 0.25 s a game), none after
    assert asked == [2, 2, 6, 6, 6, 6] and now[0] == 1.5 and r.games == 6
