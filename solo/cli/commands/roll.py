"""`solo roll`: attack dice, the effect die and the compass (contract section 4).

``solo roll attack ...`` resolves a catalog attack (contract section 6); it lives in
:mod:`solo.cli.commands.combat` and is dispatched from here.
"""

from __future__ import annotations

import json

import click

from solo.cli.app import WHOLE, WholeRange
from solo.cli.term import echo
from solo.rules.dice import SeededSource, damage_after_armor, tally
from solo.core.errors import SoloError, read_int


def roll_dice(what: str, seed: int | None, armor: int | None, piercing: int | None) -> dict:
    """The contract's JSON object for ``solo roll WHAT`` (pure apart from the seed)."""
    source = SeededSource(seed)
    spec = what.strip().lower()
    if spec == "d12":
        return {"d12": source.d12("effect die")}
    if spec == "compass":
        r, direction = source.compass()
        return {"d12": r, "direction": direction}
    if not (spec.isascii() and spec.isdigit()):
        raise SoloError(f"cannot roll {what!r}: give a number of attack dice (1-30), d12 or compass")
    n = read_int(spec, "solo roll")
    if not 1 <= n <= 30:
        raise SoloError(f"cannot roll {n} attack dice: give 1 to 30")
    faces = source.attack_dice(n)
    t = tally(faces)
    if armor is None and piercing is None:
        damage = t.normal + t.critical
    else:
        damage = damage_after_armor(t.normal, t.critical, armor or 0, piercing or 0)
    return {"dice": n, "faces": list(faces), "normal": t.normal, "critical": t.critical,
            "damage": damage}


def render(result: dict, armor: int | None, piercing: int | None) -> str:
    if "dice" not in result:
        line = f"Effect die: {result['d12']}"
        if "direction" in result:
            line += f"  ->  push/move {result['direction'].upper()}"
        return line
    faces = "  ".join(f"[{f}]" for f in result["faces"])
    lines = [f"{result['dice']} attack dice:  {faces}",
             f"normal {result['normal']} + critical {result['critical']} = {result['normal'] + result['critical']}"]
    if armor is not None or piercing is not None:
        eff = max(0, (armor or 0) - (piercing or 0))
        note = f"armor {armor or 0}" + (f", piercing {piercing}: armor counts as {eff}" if piercing else "")
        lines.append(f"against {note}  ->  {result['damage']} damage  (criticals ignore armor)")
    return "\n".join(lines)


class RollCommand(click.Command):
    """``solo roll``, whose ``attack`` is a command of its own: everything after ``attack`` is
    that command's (its ``--help`` too), not ``roll``'s."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args[:1] and args[0].lower() == "attack":
            ctx.meta[_ATTACK] = list(args[1:])
            args = args[:1]
        return super().parse_args(ctx, args)


_ATTACK = "solo.roll.attack"


@click.command(cls=RollCommand, context_settings={"ignore_unknown_options": True})
@click.argument("what", metavar="N|d12|compass|attack")
@click.argument("rest", nargs=-1, type=click.UNPROCESSED)
@click.option("--armor", type=WholeRange(0, 99), default=None, help="Target's armor (reduces normal damage).")
@click.option("--piercing", type=WholeRange(0, 99), default=None, help="Piercing of the attack (lowers armor).")
@click.option("--seed", type=WHOLE, default=None, help="Seed, to make the roll repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (contract section 4).")
@click.pass_context
def roll(ctx: click.Context, what: str, rest: tuple[str, ...], armor, piercing, seed, as_json) -> None:
    """Roll N attack dice (1-30), the effect die (d12) or the compass.

    \b
    Examples:
      solo roll 4 --armor 2          four attack dice against armor 2
      solo roll d12                  the effect die
      solo roll compass              a random push or move direction
      solo roll attack "Timber Wolf" --vs "Bitterwood Fox"
    """
    if what.lower() == "attack":
        # (options written before "attack" are roll's: handed on)
        args = ctx.meta.get(_ATTACK, list(rest)) + (["--seed", str(seed)] if seed is not None else []) \
            + (["--json"] if as_json else [])
        if {"--armor", "--piercing"} & {a.split("=")[0] for a in args}:
            raise click.UsageError("--armor and --piercing are for plain dice; "
                                   "solo roll attack takes the target's armor from its card")
        from solo.cli.commands.combat import roll_attack

        # its own context, named as typed: its usage lines and --help are the attack's
        with roll_attack.make_context("solo roll attack", args) as sub:
            roll_attack.invoke(sub)
        return
    if rest:
        raise click.UsageError(f"unexpected extra arguments: {' '.join(rest)}")
    result = roll_dice(what, seed, armor, piercing)
    echo(json.dumps(result) if as_json else render(result, armor, piercing), fold=False)
