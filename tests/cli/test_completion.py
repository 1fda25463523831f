"""Shell completion of card, deck-set and game names, through click's own completion."""

from __future__ import annotations

import json

from click.shell_completion import ShellComplete

from solo.cli.app import cli


def complete(args: list[str], incomplete: str) -> list[str]:
    comp = ShellComplete(cli, {}, "solo", "_SOLO_COMPLETE")
    return [c.value for c in comp.get_completions(args, incomplete)]


def test_card_names_complete_for_cards_show():
    assert complete(["cards", "show"], "Timber W") == ["Timber Wolf"]
    assert "Bitterwood Fox" in complete(["cards", "show"], "bitter")


def test_deck_set_names_complete(run):
    assert complete(["deck", "show"], "St") == ["Starter"]
    assert "Harder" in complete(["play", "--decks"], "H")


def test_game_names_complete_once_a_game_exists(run, tmp_path):
    assert complete(["log"], "my") == []
    answers = tmp_path / "a.json"
    answers.write_text(json.dumps({"setup.start": "start", "quickcast.you": "pass"}))
    run("play", "--answers", answers, "--seed", "1", "--name", "my-game")
    assert complete(["log"], "my") == ["my-game"]
    assert complete(["play", "--resume", "--name"], "my") == ["my-game"]
    assert complete(["export"], "") == ["my-game"]


def test_command_names_complete():
    assert complete([], "st") == ["stats"]
