import sys as _sys
from pathlib import Path as _Path

import pytest
from click.testing import CliRunner

# Test modules share helpers from this folder (``fuzzing``, ``worded``): make it importable.
_TESTS = _Path(__file__).parent
_sys.path.insert(0, str(_TESTS))


@pytest.fixture(autouse=True)
def user_data(tmp_path, monkeypatch):
    """Every test gets its own empty user data folder (saved games, your deck sets)."""
    d = tmp_path / "userdata"
    monkeypatch.setenv("SOLO_DATA_DIR", str(d))
    monkeypatch.setenv("SOLO_CONFIG_DIR", str(tmp_path / "userconfig"))
    monkeypatch.setenv("SOLO_CACHE_DIR", str(tmp_path / "usercache"))
    for name in ("SOLO_MAGE", "SOLO_DM_MAGE", "SOLO_DECKS", "SOLO_DICE", "SOLO_DRAW", "SOLO_DM_LIFE"):
        monkeypatch.delenv(name, raising=False)
    return d


@pytest.fixture
def catalog():
    from solo.cards.catalog import get_catalog

    return get_catalog()


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def run(runner):
    """Invoke `solo ...` in-process; returns the click Result."""
    from solo.cli.app import cli

    def _run(*args, input=None):
        return runner.invoke(cli, [str(a) for a in args], input=input, catch_exceptions=False)

    return _run


# -- the quick run ---------------------------------------------------------------------------
#
# `pytest -m "not slow"` leaves out the tests marked `slow`: whole games by the dozen, several
# processes, random stops, fuzz runs.  `pytest` (and .ci/run) runs them all.  A test marks itself
# with `@pytest.mark.slow`; the slow tests of the files below are marked from here, by name (a
# name with a parameter marks only that case), and every hypothesis property is a fuzz run, slow
# by itself.  tests/test_docs.py checks that each name here is still a test of its file.

SLOW: dict[str, tuple[str, ...]] = {
    "engine/test_conformance.py": (
        "test_whole_games_follow_the_rules",  # 300 whole games
        # each breaks the engine on purpose and plays dozens of whole games to catch it
        "test_it_catches_the_lost_quickcasts",
        "test_it_catches_a_stun_that_never_ends",
        "test_it_catches_a_creature_that_is_not_stopped_when_hindered",
        "test_it_catches_a_dummy_mage_that_never_waits",
        "test_it_catches_a_double_count_in_the_tally",
        "test_it_catches_your_spells_cast_out_of_reach_or_too_slow",
        "test_it_catches_a_wall_that_does_not_attack_those_who_walk_through",
    ),
    "rules/test_memory.py": (
        "test_whole_games_never_use_a_stale_remembered_value",  # 90 games, every value rechecked
        "test_resolving_an_attack_never_changes_the_board_it_reads",
    ),
    "engine/test_crash.py": (  # processes stopped at random moments, and games across processes
        "test_stopped_at_random_moments_by_any_signal_loses_nothing",
        "test_same_seed_and_answers_across_processes",
        "test_dm_json_is_identical_across_processes",
    ),
    "store/test_journal.py": (  # sessions in processes of their own
        "test_a_second_session_of_a_game_is_refused_until_the_first_ends",
        "test_names_are_labels_never_paths",
        "test_a_tampered_step_names_the_game_and_the_step_to_go_back_to",
        "test_a_full_disk_while_playing_loses_nothing",
        "test_a_damaged_database_is_one_line_or_works",
    ),
    "rules/test_odds.py": ("test_odds_match_every_outcome_of_the_engine[dazed]",),
    "decks/test_builder.py": (  # each builds a set and rates it
        "test_deck_new_from_an_answers_file_saves_in_the_user_dir",
        "test_deck_new_with_a_toml_answers_file_and_out",
    ),
}


def _is_slow(item: pytest.Item) -> bool:
    if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
        return True
    if not item.path.is_relative_to(_TESTS):  # (a doctest of solo's)
        return False
    names = SLOW.get(item.path.relative_to(_TESTS).as_posix(), ())
    return item.name in names or getattr(item, "originalname", item.name) in names


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _is_slow(item):
            item.add_marker(pytest.mark.slow)
