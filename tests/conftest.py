import pytest
from click.testing import CliRunner


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



# Test modules share helpers from this folder (``fuzzing``): make it importable.
import sys as _sys
from pathlib import Path as _Path

_sys.path.insert(0, str(_Path(__file__).parent))
