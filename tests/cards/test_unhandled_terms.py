"""scripts/unhandled_terms.py: the Dummy Mage's cards whose printed text names a term that nothing
in solo handles.  No card it lists may be called modelled, and a note's free text (``plays``,
``ruled`` without a ruling) cannot get a card off its list."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from solo.cards.catalog import get_catalog
from solo.cards.coverage import coverage
from solo.core.records import replace

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("unhandled_terms",
                                               ROOT / "scripts" / "unhandled_terms.py")
assert _spec is not None and _spec.loader is not None
ut = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ut)


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    if not ut.SOURCE.exists():
        pytest.skip("../shared/reference/cards.json is not here (a fresh clone)")
    return ut.card_texts()


class _Stripped:
    """The real catalog with one card's note key taken away (what a card whose rule was
    forgotten looks like): the check must then list that card."""

    def __init__(self, name: str, key: str) -> None:
        self.real = get_catalog()
        card = self.real.get(name)
        self.card = replace(card, dm={k: v for k, v in card.dm.items() if k != key})

    def cards(self, kind):
        return [self.card if c.name == self.card.name else c for c in self.real.cards(kind)]


def test_no_card_it_lists_is_called_modelled(texts):
    listed = ut.report(get_catalog(), texts)
    assert [c.name for c, level, _ in listed if level == "modelled"] == []
    assert all(level == "partly" for _, level, _ in listed)


def test_a_card_whose_rule_is_taken_away_is_listed(texts):
    stripped = _Stripped("Healing Madrigal", "upkeep")
    listed = ut.report(stripped, texts)
    assert [(c.name, level) for c, level, _ in listed] == [("Healing Madrigal", "modelled")]
    assert "each Upkeep" in listed[0][2]


def _unhandled(card, texts, rulings=""):
    return ut.unhandled(card, texts[card.name], False, bool(card.dm.get("ruled"))
                        and card.name in rulings)


def test_a_note_key_that_code_reads_handles_a_term_and_its_absence_shows(texts):
    madrigal = get_catalog().get("Healing Madrigal")  # "During the Upkeep Phase, heal all ..."
    assert _unhandled(madrigal, texts) == []
    bare = replace(madrigal, dm={k: v for k, v in madrigal.dm.items() if k != "upkeep"})
    assert "each Upkeep" in _unhandled(bare, texts)


def test_free_text_in_a_note_does_not_hide_a_term(texts):
    unicorn = get_catalog().get("Highland Unicorn")  # every other friendly Living creature ...
    claimed = replace(unicorn, dm={"plays": "Solo regenerates its friends.",
                                   "ruled": "Nothing to apply."})
    assert coverage(claimed).level == "modelled"  # what the note alone would claim
    assert _unhandled(claimed, texts)  # the check is not fooled
    assert _unhandled(claimed, texts, rulings="### Highland Unicorn") == []  # a real ruling


def test_the_command_line_exits_1_when_a_modelled_card_is_listed(texts, capsys, monkeypatch):
    assert ut.main(["--check"]) == 0
    monkeypatch.setattr(ut, "get_catalog", lambda: _Stripped("Healing Madrigal", "upkeep"))
    assert ut.main(["--check", "--modelled"]) == 1
    assert "Healing Madrigal [modelled]" in capsys.readouterr().out
