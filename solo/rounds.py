"""The order of a round: who goes first in each stage.

>>> initiative_for_round(1), initiative_for_round(2), initiative_for_round(3)
('dm', 'ym', 'dm')
>>> quickcast_order("ym", you_pass=False)
['ym', 'dm']
>>> quickcast_order("ym", you_pass=True)
['dm', 'ym']
>>> quickcast_order("dm", you_pass=False)
['dm', 'ym']
"""

from __future__ import annotations

def initiative_for_round(round_number: int) -> str:
    """The Dummy Mage holds the initiative in round 1; it then alternates every round."""
    return "dm" if round_number % 2 == 1 else "ym"


def quickcast_order(initiative: str, you_pass: bool) -> list[str]:
    """Who quickcasts first in a quickcast stage.

    The side with the initiative goes first.  When you hold it and pass, the Dummy Mage acts
    first and you may still quickcast after it.
    """
    if initiative == "ym" and not you_pass:
        return ["ym", "dm"]
    return ["dm", "ym"]
