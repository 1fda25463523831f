"""How a game ended (solo.rules.upkeep.Outcome) in words, and back: the reason a saved game holds
is worded in solo.text.upkeep from the outcome's facts, and a saved reason is read back as those
facts (an older save's own words are kept as they were)."""

import json

import pytest

from solo.core.kinds import Side, Termination
from solo.engine.rounds import RoundState
from solo.rules.board import new_board
from solo.rules.upkeep import Outcome, game_over
from solo.text import upkeep as words


def _saved(outcome: Outcome) -> dict:
    return RoundState(4).finished(outcome).to_dict()["outcome"]


@pytest.mark.parametrize("dm_down, ym_down, winner, reason", [
    (True, False, "ym", "the Dummy Mage (Warlock) reached its life"),
    (False, True, "dm", "your mage (Beastmaster) reached its life"),
    (True, True, "draw", "both mages reached their life at once: a draw"),
])
def test_a_fallen_mage_is_saved_in_the_words_it_always_was(dm_down, ym_down, winner, reason):
    b = new_board()
    if dm_down:
        b.mages["dm"].damage = b.life(b.mages["dm"])
    if ym_down:
        b.mages["ym"].damage = b.life(b.mages["ym"])
    out = game_over(b)
    assert out is not None and out.result == winner and out.worded is None
    saved = _saved(out)
    assert list(saved) == ["winner", "reason", "tally"]
    assert saved == {"winner": winner, "reason": reason, "tally": {"dm": 0, "ym": 0}}
    again = RoundState.from_dict(json.loads(json.dumps(RoundState(4).finished(out).to_dict())))
    assert again.outcome == out


@pytest.mark.parametrize("ym, dm, winner, middle", [(11, 5, "ym", "is more"), (10, 5, "dm", "is not more")])
def test_the_alternate_ending_is_saved_with_both_tallies(ym, dm, winner, middle):
    b = new_board()
    b.decks["creature"] = []
    b.extra["tally"] = {"dm": dm, "ym": ym}
    out = game_over(b)
    assert out is not None and out.termination is Termination.TALLY
    assert _saved(out)["reason"] == (f"the Dummy Mage has no creatures left; your tally {ym} "
                                     f"{middle} than twice its {dm}")
    assert words.read_outcome(winner, _saved(out)["reason"], {"dm": dm, "ym": ym}) == out


@pytest.mark.parametrize("winner, reason", [
    ("ym", "the Dummy Mage reached its life"),  # an older solo's words
    ("dm", "test"),
    ("draw", "a tie"),
    ("ym", "the Dummy Mage has no creatures left; your tally 3 is more than twice its 9"),  # not its tally
])
def test_a_reason_solo_does_not_word_so_is_kept_as_it_was(winner, reason):
    tally = {"dm": 1, "ym": 2}
    out = words.read_outcome(winner, reason, tally)
    assert out.worded == reason and out.result == winner
    assert words.reason(out) == reason and _saved(out)["reason"] == reason


def test_an_outcome_names_its_winner_as_a_side_and_a_draw_as_none():
    b = new_board()
    b.mages["dm"].damage = b.life(b.mages["dm"])
    out = game_over(b)
    assert out is not None and out.winner is Side.YM and out.fallen is not None
    assert out.fallen.id == "dm" and out.fallen.card == "Warlock"
    assert Outcome(Termination.BOTH_FELL, None, {}).result == "draw"
