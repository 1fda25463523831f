"""The calls an attack makes for every strike are made without a dictionary.

Python 3.11 compiles a call whose arguments would take more than 30 places on its stack (a
named argument takes two) into one through a dictionary (``CALL_FUNCTION_EX``), which costs
several times a plain call: ``resolve_attack``'s call of ``attack_sequence`` and that one's of
``one_strike`` pass their first arguments by place to stay under it.  A call that spreads a
dictionary or a list itself (``**facts``, ``*names``) is left alone.
"""

from __future__ import annotations

import dis
import types

import pytest

from solo.rules import dice
from solo.rules.combat import applying, attack, modifiers, sequence, strike


def _dict_calls(code: types.CodeType) -> list[int]:
    """The lines of ``code`` (and of the functions in it) that call through a dictionary made
    of named arguments alone."""
    out: list[int] = []
    spread = False  # a ``**mapping`` since the last call
    for ins in dis.get_instructions(code):
        if ins.opname == "DICT_MERGE":
            spread = True
        elif ins.opname == "CALL_FUNCTION_EX":
            if ins.arg and not spread:
                out.append(ins.positions.lineno if ins.positions else 0)
            spread = False
        elif ins.opname.startswith("CALL"):
            spread = False
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out += _dict_calls(const)
    return out


@pytest.mark.parametrize("module", [attack, sequence, strike, modifiers, applying, dice],
                         ids=lambda m: m.__name__)
def test_no_call_of_an_attack_goes_through_a_dictionary_it_did_not_ask_for(module):
    if not module.__file__.endswith(".py"):
        pytest.skip("a compiled module: mypyc makes its own calls")
    with open(module.__file__, encoding="utf-8") as f:
        code = compile(f.read(), module.__file__, "exec")
    assert _dict_calls(code) == []
