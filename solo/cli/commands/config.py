"""`solo config` (remembered settings) and `solo stats` (your record of finished games)."""

from __future__ import annotations

import json

import click

from solo.cli.term import echo

from solo.core.errors import InvalidInput
from solo.core.interval import wilson


@click.group(name="config", invoke_without_command=True)
@click.pass_context
def config(ctx: click.Context) -> None:
    """Show or change the settings solo play starts from.

    \b
    Order: command-line flags, then the environment (SOLO_MAGE,
    SOLO_DM_MAGE, SOLO_DECKS, SOLO_DICE, SOLO_DRAW, SOLO_DM_LIFE,
    SOLO_LAYOUT), then this file, then the defaults.
    Examples:
      solo config           show each setting and where it comes from
      solo config set mage Wizard
      solo config set dm_life 45
      solo config set layout compact
      solo config unset decks
    """
    if ctx.invoked_subcommand is None:
        _show()


@config.command(name="show")
def show() -> None:
    """Show each setting and where it comes from (as solo config does)."""
    _show()


def _show() -> None:
    from solo.engine.config import KEYS, config_path, resolve

    values = resolve({})
    width = max(len(k) for k in KEYS)
    for name, r in values.items():
        shown = "its mage card's" if r.value is None else str(r.value)
        echo(f"{name:{width}}  {shown}  ({r.source})", fold=False)
    echo(f"File: {config_path()}", fold=False)


@config.command(name="set")
@click.argument("key")
@click.argument("value")
def set_(key: str, value: str) -> None:
    """Remember KEY = VALUE (checked first)."""
    from solo.engine.config import KEYS, read_file, write

    name = key.strip().lower().replace("-", "_")
    if name not in KEYS:
        raise InvalidInput(f"unknown setting {key!r}; the settings are {', '.join(KEYS)}")
    values = read_file()
    values[name] = KEYS[name].check(value)
    path = write(values)
    shown = "its mage card's" if values[name] is None else values[name]
    echo(f"{name} = {shown} (saved in {path})", fold=False)


@config.command()
@click.argument("key")
def unset(key: str) -> None:
    """Forget KEY (its default applies again)."""
    from solo.engine.config import KEYS, read_file, write

    name = key.strip().lower().replace("-", "_")
    if name not in KEYS:
        raise InvalidInput(f"unknown setting {key!r}; the settings are {', '.join(KEYS)}")
    values = read_file()
    values.pop(name, None)
    write(values)
    echo(f"{name}: back to its default", fold=False)


# -- your record ---------------------------------------------------------------------------------

def record(games, answers=None) -> list[dict]:
    """Every finished game as a row of the record, oldest first.  A game played again from the
    same settings and answers (an imported copy of one, say) is the same game: it counts once,
    its row naming the copies.  ``answers``: a game's answers, step by step (to tell copies)."""
    from solo.cards.catalog import get_catalog

    cat = get_catalog()
    rows = []
    seen: dict[str, dict] = {}
    for g in sorted(games, key=lambda g: g.created):
        if g.status != "over":
            continue
        st = g.settings
        if answers is not None:
            same = json.dumps([{k: v for k, v in st.items() if k != "name"}, answers(g)],
                              sort_keys=True, default=str)
            if same in seen:
                seen[same].setdefault("copies", []).append(g.name)
                continue
        life = st.get("dm_life")
        if life is None:
            card = cat.find(str(st.get("dm_mage", "Warlock")))
            life = card.life if card is not None else None
        rows.append({"name": g.name, "winner": g.result or "none", "rounds": g.round,
                     "decks": st.get("decks", "?"), "dm_life": life, "seed": st.get("seed"),
                     "mage": st.get("ym_mage"), "dm_mage": st.get("dm_mage")})
        if answers is not None:
            seen[same] = rows[-1]
    return rows


def summarize(rows: list[dict], key: str) -> list[dict]:
    groups: dict[str, list[dict]] = {}
    for r in rows:
        groups.setdefault(str(r[key]), []).append(r)
    out = []
    for value, rs in sorted(groups.items()):
        wins = sum(1 for r in rs if r["winner"] == "ym")
        lo, hi = wilson(wins, len(rs))
        out.append({key: value, "games": len(rs), "you_won": wins,
                    "dm_won": sum(1 for r in rs if r["winner"] == "dm"),
                    "draws": sum(1 for r in rs if r["winner"] == "draw"),
                    "win_rate": round(wins / len(rs), 4), "interval": [round(lo, 4), round(hi, 4)],
                    "mean_rounds": round(sum(r["rounds"] for r in rs) / len(rs), 2)})
    return out


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def stats(as_json: bool) -> None:
    """Your record: every finished game, and your win rate by deck set and by the Dummy Mage's
    life (with a 95% interval)."""
    from solo.cli.games import open_journal

    with open_journal() as journal:
        rows = record(journal.games(),
                      answers=lambda g: [r.answers for r in journal.read_steps(g.id)[0]])
    by_decks, by_life = summarize(rows, "decks"), summarize(rows, "dm_life")
    if as_json:
        echo(json.dumps({"games": rows, "by_decks": by_decks, "by_dm_life": by_life}), fold=False)
        return
    if not rows:
        echo("No finished games yet: solo play, and your record starts with the first.", fold=False)
        return
    wins = sum(1 for r in rows if r["winner"] == "ym")
    lo, hi = wilson(wins, len(rows))
    echo(f"{len(rows)} finished game{'' if len(rows) == 1 else 's'}: you won {wins} "
         f"({wins / len(rows):.0%}, 95% "
         f"interval {lo:.0%}-{hi:.0%}).", fold=False)
    for title, groups, key in (("By deck set", by_decks, "decks"),
                               ("By the Dummy Mage's life", by_life, "dm_life")):
        echo(f"\n{title}:", fold=False)
        for g in groups:
            games = f"{g['games']:>3} game{',' if g['games'] == 1 else 's,'}"
            echo(f"  {g[key]:<18} {games:<10} you won {g['you_won']:>3} "
                 f"({g['win_rate']:.0%}, {g['interval'][0]:.0%}-{g['interval'][1]:.0%}), "
                 f"{g['mean_rounds']:.1f} rounds", fold=False)
    echo("\nGames:", fold=False)
    names = {"ym": "you won", "dm": "DM won", "draw": "a draw", "none": "-"}
    for r in rows:
        echo(f"  {r['name'][:20]:<20} {names.get(r['winner'], r['winner']):<8} "
             f"round {r['rounds']:<3} {str(r['decks'])[:14]:<14} life {r['dm_life']} "
             f"seed {r['seed']}" + (f" (also as {', '.join(r['copies'])})" if r.get("copies") else ""),
             fold=False)
