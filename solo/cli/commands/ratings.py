"""Ratings at the command line: the rating line of `solo deck show` and the builder,
`solo deck compare` and `solo tune` (see :mod:`solo.engine.ratings`)."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import click

from solo.cli.term import echo, progress as show_progress

from solo.cli.commands.simulate import every_core, jobs_option, opponent_option

if TYPE_CHECKING:  # the cache is imported only when a rating is worked out
    from solo.engine.ratings_cache import Cache


def _tries_rows(cells: list[tuple[str, ...]], room: int | None = None,
                labels: tuple[str, ...] = ("  Dummy Mage life", "  it wins")) -> list[str]:
    """Lives and their win rates as a row of lives over a row of win rates (and one of games,
    with a third label), a column each, in as many groups of rows as the terminal's width
    needs (a life never parts from its rate)."""
    from solo.cli.term import width

    pad = max(map(len, labels))
    cell = 2 + max(len(c) for pair in cells for c in pair)
    per = max(1, ((room or width()) - pad) // cell)
    rows = []
    for i in range(0, len(cells), per):
        for n, label in enumerate(labels):
            row = "".join(pair[n].rjust(cell) for pair in cells[i:i + per])
            rows.append(label.ljust(pad) + row)
    return rows


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


def _progress(label: str, total: int | None = None):
    """A callback that shows games played on stderr, only at a terminal."""
    if not sys.stderr.isatty():
        return None

    def show(n) -> None:
        text = f"{label}: {n} games" if isinstance(n, int) else f"{label}: {n}"
        show_progress(text)

    return show


def live_line(label: str, r) -> str:
    """The progress line of a rating under way: its games, its win rate and interval as they
    narrow, and its word once the sequential test has settled it."""
    settled = r.settled()
    word = f"{settled[1]} since game {settled[0]:,}" if settled else "no word yet"
    return (f"{label}: {r.games:,} games, Dummy Mage wins {_pct(r.win_rate)} "
            f"+/-{100 * r.half_width:.1f} points; {word}")


def _live(label: str):
    """A callback that shows a rating narrowing on stderr, only at a terminal."""
    if not sys.stderr.isatty():
        return None
    return lambda r: show_progress(live_line(label, r))


def _done_progress() -> None:
    if sys.stderr.isatty():
        show_progress(None)


#: How long `solo deck show` and the builder may spend playing games for a rating.  What is
#: played is kept, so a rating not finished in time goes on the next time it is shown.
RATING_SECONDS = 1.7
#: What `solo deck show --help` promises for the whole command ("at most about 2 seconds";
#: scripts/bench.py holds it to this and half a second).
PROMISED_SECONDS = 2.0


def reference(ds, opponent: str, cache: Cache, catalog, engine: str):
    """The rating of the built-in set one or two cards from ``ds`` (see
    :func:`solo.engine.ratings.nearest`), which ``ds`` is rated against seed for seed; None
    when no built-in set is that near, or its rating holds no games one by one."""
    from solo.decks.sets import builtin_dir, is_builtin, load
    from solo.engine.ratings import cache_key, nearest

    if ds.path is not None and is_builtin(ds.path):
        return None
    try:
        shipped = [load(p) for p in sorted(builtin_dir().glob("*.toml"))]
    except Exception:  # noqa: BLE001 - a head start only: the rating goes on without it
        return None
    near = nearest(ds, shipped, catalog)
    if near is None:
        return None
    found = cache.get(cache_key(near, catalog, opponent, engine))
    return found if found is not None and found.by_seed else None


def rate_set(ds, opponent: str = "beginner", jobs: int | None = None,
             seconds: float | None = None, cache: Cache | None = None):
    """The set's rating (cached, in ``cache`` or the person's): (Rating, from the cache).
    A set one or two cards from a built-in one is rated against that set's games."""
    from solo.cards.catalog import get_catalog
    from solo.engine.game import ENGINE
    from solo.engine.ratings import rate
    from solo.engine.ratings_cache import default_cache

    live = _live(f"Rating {ds.name}")
    cache = default_cache() if cache is None else cache
    catalog = get_catalog()
    try:
        return rate(ds, opponent=opponent, jobs=every_core(jobs), cache=cache,
                    catalog=catalog, engine=ENGINE, seconds=seconds, live=live,
                    ref=reference(ds, opponent, cache, catalog, ENGINE))
    finally:
        _done_progress()
        _unsaved(cache)


def _unsaved(cache: Cache) -> None:
    """One line on stderr when the games just played could not be kept in the cache."""
    if cache.unsaved:
        echo(f"Note: the games of this rating were not kept ({cache.unsaved}); "
             "it starts over next time.", err=True)


def describe(r, opponent: str = "beginner") -> str:
    lo, hi = r.interval
    return (f"against a {opponent} opponent the Dummy Mage wins {_pct(r.win_rate)} of games "
            f"(95% interval {_pct(lo)}-{_pct(hi)}, {r.games:,} games) and deals "
            f"{r.damage_per_round:.1f} damage a round")


def set_ref(ds) -> str:
    """How to name the set on a command line: its name when that finds this very set (a
    built-in one, or one of yours in your folder), else its file; quoted for a shell."""
    import shlex

    from solo.decks.sets import resolve
    from solo.core.errors import SoloError

    if ds.path is None:
        return shlex.quote(ds.name)
    try:
        same = resolve(ds.name).path == ds.path
    except SoloError:
        same = False
    return shlex.quote(ds.name if same else str(ds.path))


def rating_line(ds, whole: bool = False) -> str:
    """The rating line of `solo deck show` and the builder: at most :data:`RATING_SECONDS` of
    games unless ``whole``; an unfinished rating says so, with its word if the sequential test
    has settled it, and how to finish it."""
    from solo.engine.ratings import needs_more
    from solo.engine.ratings_cache import default_cache

    cache = default_cache()
    r, _ = rate_set(ds, seconds=None if whole else RATING_SECONDS, cache=cache)
    if not needs_more(r):
        return f"Difficulty: {r.word}: {describe(r)}."
    settled = r.settled()
    word = f"{settled[1]} (settled after {settled[0]:,} games)" if settled else \
        f"{r.word} so far (not settled yet)"
    name = set_ref(ds)
    how = ("see it whole with" if cache.unsaved  # the games played are not kept
           else "it narrows each time the set is shown, or at once with")
    return (f"Difficulty: {word}: {describe(r)}.\n"
            f"That is a first look (within +/-{100 * r.half_width:.1f} points); {how}: "
            f"solo deck show {name} --whole-rating")


@click.command()
@click.argument("first", metavar="A")
@click.argument("second", metavar="B")
@opponent_option
@jobs_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def compare(first: str, second: str, opponent: str, jobs: int | None, as_json: bool) -> None:
    """Say whether deck set A is harder than B, and how sure that is."""
    from solo.cards.catalog import get_catalog
    from solo.decks.sets import resolve, validate
    from solo.core.errors import InvalidDeck
    from solo.engine.ratings import Comparison

    sets = [resolve(first), resolve(second)]
    for ds in sets:
        problems = validate(ds, get_catalog())
        if problems:
            raise InvalidDeck(f"{ds.name} is not a valid deck set: {problems[0]}")
    a, b = (rate_set(ds, opponent, jobs)[0] for ds in sets)
    c = Comparison(a, b)
    lo, hi = c.interval
    if as_json:
        echo(json.dumps({
            "opponent": opponent,
            "a": {"decks": sets[0].name, **a.to_dict(), "dm_win_rate": a.win_rate,
                  "dm_win_rate_95": list(a.interval)},
            "b": {"decks": sets[1].name, **b.to_dict(), "dm_win_rate": b.win_rate,
                  "dm_win_rate_95": list(b.interval)},
            "difference": c.difference, "difference_95": [lo, hi],
            "paired_games": c.pairs.games if c.pairs is not None else None,
            "chance_a_harder": c.chance_a_harder,
            "harder": {"a": sets[0].name, "b": sets[1].name}.get(c.verdict)}), fold=False)
        return
    echo(f"Against a {opponent} opponent:", fold=False)
    for ds, r in zip(sets, (a, b)):
        rlo, rhi = r.interval
        echo(f"  {ds.name}: the Dummy Mage wins {_pct(r.win_rate)} of games ({_pct(rlo)}-"
             f"{_pct(rhi)}, {r.games:,} games) and deals {r.damage_per_round:.1f} damage a round.")
    names = {"a": sets[0].name, "b": sets[1].name}
    # the difference is told from the side of the set that did better, so it reads positive
    lead, other = ("a", "b") if c.difference >= 0 else ("b", "a")
    sign = 1 if lead == "a" else -1
    gap = abs(c.difference)
    span_lo, span_hi = sorted((sign * lo, sign * hi))
    span = f"95% interval {_points(span_lo)} to {_points(span_hi)} points"
    if c.pairs is not None:
        span += f", paired on the same {c.pairs.games:,} seeds"
    sure = c.chance_a_harder if lead == "a" else 1 - c.chance_a_harder
    sure_text = "more than 99.9" if sure > 0.999 else f"{100 * sure:.1f}"
    if c.verdict == "same" and gap < 0.0005:
        echo(f"No difference: the Dummy Mage wins {_pct(a.win_rate)} of games with both.")
    elif c.verdict == "same":
        echo(f"No clear difference: the Dummy Mage wins {100 * gap:.1f} points more often with "
             f"{names[lead]} ({span}, which takes in 0); {names[lead]} is the harder one with "
             f"{sure_text}% certainty.")
    else:
        echo(f"{names[lead]} is harder than {names[other]}: the Dummy Mage wins "
             f"{100 * gap:.1f} points more often ({span}; {sure_text}% sure).")


def _target(text: str) -> float:
    raw = text.strip().rstrip("%")
    try:
        value = float(raw)
    except ValueError:
        raise click.BadParameter(f"{text!r} is not a win rate; give one like 40%") from None
    if not text.strip().endswith("%") and value <= 1:
        value *= 100
    if not 1 <= value <= 99:
        raise click.BadParameter(f"{text} is out of reach; give a win rate from 1% to 99%")
    return value / 100


@click.command()
@click.option("--decks", default="Starter", help="Deck set name or file (default Starter).")
@click.option("--target", required=True,
              help="The Dummy Mage's win rate you want, such as 40%.")
@opponent_option
@jobs_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def tune(decks: str, target: str, opponent: str, jobs: int | None, as_json: bool) -> None:
    """Find the Dummy Mage life that gives it a chosen win rate."""
    from solo.cards.catalog import get_catalog
    from solo.decks.sets import resolve, validate
    from solo.core.errors import InvalidDeck
    from solo.engine.game import ENGINE
    from solo.engine.ratings_cache import default_cache
    from solo.engine.ratings import tune as tune_

    goal = _target(target)
    ds = resolve(decks)
    problems = validate(ds, get_catalog())
    if problems:
        raise InvalidDeck(f"{ds.name} is not a valid deck set: {problems[0]}")
    progress = _progress(f"Tuning {ds.name}")
    cache = default_cache()
    try:
        t = tune_(ds, goal, opponent=opponent, jobs=every_core(jobs), catalog=get_catalog(),
                  engine=ENGINE, cache=cache, progress=progress)
    finally:
        _done_progress()
        _unsaved(cache)
    lo, hi = t.rating.interval
    if as_json:
        echo(json.dumps({"decks": ds.name, "opponent": opponent, "target": goal,
                         "dm_life": t.life, "printed_life": t.printed_life,
                         "dm_win_rate": t.rating.win_rate, "dm_win_rate_95": [lo, hi],
                         "games": t.rating.games, "total_games": t.games,
                         "step": None if t.step is None else {
                             "from_life": t.step[0], "to_life": t.step[1],
                             "difference": t.step[2].value,
                             "difference_95": [t.step[2].value - t.step[2].half_width,
                                               t.step[2].value + t.step[2].half_width],
                             "paired_games": t.step[2].games},
                         "tried": [{"dm_life": life, "games": r.games,
                                    "dm_win_rate": r.win_rate} for life, r in t.tried],
                         "rated": [{"dm_life": life, "games": r.games,
                                    "dm_win_rate": r.win_rate,
                                    "dm_win_rate_95": list(r.interval)}
                                   for life, r in t.rated]}), fold=False)
        return
    echo(f"Dummy Mage life {t.life} (its card says {t.printed_life}): against a {opponent} "
         f"opponent it wins {_pct(t.rating.win_rate)} of games "
         f"(95% interval {_pct(lo)}-{_pct(hi)}, {t.rating.games:,} games); "
         f"you asked for {_pct(goal)}.")
    if t.tried:
        echo("Lives tried on the same seeds, each until the target was clearly above or below "
             "it:")
        echo("\n".join(_tries_rows([(str(life), _pct(r.win_rate), f"{r.games:,}")
                                    for life, r in t.tried],
                                   labels=("  Dummy Mage life", "  it wins", "  games"))),
             table=True)
    if t.step is not None:
        lo_life, hi_life, d = t.step
        dlo, dhi = d.value - d.half_width, d.value + d.half_width
        echo(f"Life {hi_life} rather than {lo_life}: the Dummy Mage wins {100 * d.value:.1f} "
             f"points more often (95% interval {_points(dlo)} to {_points(dhi)}, paired on "
             f"the same {d.games:,} seeds).")
    if len(t.rated) > 1:
        rated = ", ".join(f"{life} {_pct(r.win_rate)} ({_pct(r.interval[0])}-{_pct(r.interval[1])})"
                          for life, r in t.rated)
        echo(f"Rated in full, as the first choice's interval missed the target: {rated}.")
    edge = {1: "the lowest life tried", 120: "the highest life tried"}.get(t.life)
    if edge and abs(t.rating.win_rate - goal) > t.rating.half_width:
        echo(f"That is {edge}: no life reaches {_pct(goal)} with these decks.")
    echo(f"Play it with: solo play --decks {set_ref(ds)} --dm-life {t.life}", fold=False)
