import pytest
from click.testing import CliRunner


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def run(runner):
    """Invoke `solo ...` in-process; returns the click Result."""
    from solo.cli import cli

    def _run(*args, input=None):
        return runner.invoke(cli, [str(a) for a in args], input=input, catch_exceptions=False)

    return _run
