"""How hard a deck set is, measured by whole games: ratings, comparisons and tuning.

A rating plays seeds 1, 2, 3... against a scripted opponent until the 95% interval of the
Dummy Mage's win rate is at most :data:`HALF_WIDTH` either side (about a thousand games), and
is kept in a cache keyed by everything that decides those games: the set's cards in their
order (the order changes the shuffle), the mages, the opponent and the engine version.  The
shipped sets come with their ratings already worked out (``decks/ratings.json``, written by
``python scripts/ratings.py``), so showing them costs nothing.

Everything here is pure: the cache a rating is kept in is handed in (see
:mod:`solo.engine.ratings_cache` for the one on disk), and a rating's time limit reads the clock it is
given.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Protocol

from solo.cards.catalog import SPELL_DECKS, Catalog
from solo.core.interval import wilson
from solo.core.kinds import Side

#: The widest a rating's 95% interval may be, either side of its win rate.
HALF_WIDTH = 0.03
#: Games are played in batches of this many (the stopping rule looks after each batch, so the
#: number of games played does not depend on how many processes play them).
BATCH = 128
#: More games than this are never played for one rating (a win rate of 50% needs 1,068).
MOST_GAMES = 4096
#: Changes whenever the simulated opponents or the way a rating is counted change.
RATING_VERSION = "rating/1"
#: Games per life tried while :func:`tune` closes in on a target (the same seeds each time).
PROBE_GAMES = 256
#: How many more lives :func:`tune` rates in full when the first one's interval misses the
#: target.
REAIMS = 2
MAGES = ("Beastmaster", "Warlock")  # (your mage, the Dummy Mage's), as in solo simulate


class Store(Protocol):
    """Where ratings are kept between runs, by :func:`cache_key`."""

    def get(self, key: str) -> "Rating | None": ...

    def put(self, key: str, rating: "Rating") -> None: ...


@dataclass(frozen=True)
class Rating:
    """A set's measured difficulty against one opponent."""

    games: int
    dm_wins: int
    rounds: int
    damage_to_ym: int
    damage_to_dm: int

    @property
    def win_rate(self) -> float:
        return self.dm_wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.dm_wins, self.games)

    @property
    def half_width(self) -> float:
        lo, hi = self.interval
        return max(self.win_rate - lo, hi - self.win_rate)

    @property
    def damage_per_round(self) -> float:
        return self.damage_to_ym / self.rounds if self.rounds else 0.0

    @property
    def word(self) -> str:
        from solo.engine.simulate import rating

        return rating(self.win_rate)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Rating":
        return cls(**{k: int(data[k]) for k in ("games", "dm_wins", "rounds", "damage_to_ym",
                                                 "damage_to_dm")})


def from_results(results) -> Rating:
    """A rating from :class:`solo.engine.simulate.GameStats`, in any order."""
    return Rating(games=len(results), dm_wins=sum(r.winner == Side.DM for r in results),
                  rounds=sum(r.rounds for r in results),
                  damage_to_ym=sum(r.damage_to_ym for r in results),
                  damage_to_dm=sum(r.damage_to_dm for r in results))


def cache_key(deckset, catalog: Catalog, opponent: str, engine: str, dm_life: int | None = None) -> str:
    """Everything that decides a rating's games, as one short string."""
    def named(name: str) -> str:  # the catalog's spelling: "timber wolf" is Timber Wolf
        card = catalog.find(name)
        return card.name if card is not None else name

    cards = [[deck, [[named(n), c] for n, c in deckset.decks[deck].items()]] for deck in SPELL_DECKS]
    what = json.dumps({"cards": cards, "opponent": opponent, "engine": engine, "mages": MAGES,
                       "dm_life": dm_life, "version": RATING_VERSION}, sort_keys=True)
    return hashlib.sha256(what.encode()).hexdigest()[:32]


def needs_more(r: Rating, half_width: float | None = None) -> bool:
    """Whether a rating wants more games: its interval is still wider than ``half_width``
    (default :data:`HALF_WIDTH`) and it has fewer than :data:`MOST_GAMES`.  It is asked only
    after whole batches, so a rating ends on the same game however it was played."""
    wanted = HALF_WIDTH if half_width is None else half_width
    return r.games < MOST_GAMES and (r.games == 0 or r.games % BATCH != 0 or r.half_width > wanted)


def add(r: Rating, more: Rating) -> Rating:
    """Two ratings of the same set, from different games, as one."""
    return Rating(games=r.games + more.games, dm_wins=r.dm_wins + more.dm_wins,
                  rounds=r.rounds + more.rounds, damage_to_ym=r.damage_to_ym + more.damage_to_ym,
                  damage_to_dm=r.damage_to_dm + more.damage_to_dm)


def rate(deckset, *, opponent: str = "beginner", jobs: int = 1, cache: Store | None = None,
         catalog: Catalog, engine: str, dm_life: int | None = None,
         half_width: float | None = None, seconds: float | None = None,
         clock: Callable[[], float] | None = None,
         progress: Callable[[int], None] | None = None) -> tuple[Rating, bool]:
    """The set's rating: (rating, whether it came whole from the cache).

    Plays seeds 1, 2, 3... (after those a cached rating already has) until the interval is
    narrow enough.  With ``seconds``, stops once the next games would not finish in time: it
    first plays one game on each process to time them, then only as many as the time left
    holds; the games played so far are cached and the next call goes on from there, so a
    rating finished over several calls is the same as one played at once.
    """
    import math
    import time

    from solo.engine.simulate import play_many

    clock = clock or time.perf_counter
    start = clock()
    key = cache_key(deckset, catalog, opponent, engine, dm_life)
    rating = Rating(games=0, dm_wins=0, rounds=0, damage_to_ym=0, damage_to_dm=0)
    if cache is not None:
        kept = cache.get(key)
        if kept is not None:
            if not needs_more(kept, half_width):
                return kept, True
            rating = kept
    # Games go in chunks of a few per process, so the clock is looked at often; in a time
    # budget, the first chunk is a game on each process, and each later one what the time left
    # holds at the pace measured (a round: one game on each process).
    chunk = max(8, 16 * jobs)
    per_round = busy = 0.0
    rounds = 0
    played = 0
    while needs_more(rating, half_width):
        size = min(chunk, BATCH - rating.games % BATCH)
        if seconds is not None:
            left = seconds - (clock() - start)
            if not played:
                size = min(size, jobs)
            elif per_round > 0:
                if left < per_round:
                    break
                size = min(size, int(left // per_round) * jobs)
        first = rating.games + 1
        done = rating.games
        began = clock()
        results = play_many(deckset, range(first, first + size), opponent, jobs=jobs,
                            dm_life=dm_life,
                            progress=None if progress is None else (lambda n: progress(done + n)))
        rating = add(rating, from_results(results))
        played += size
        rounds += math.ceil(size / jobs)
        busy += clock() - began
        per_round = busy / rounds
    if cache is not None and played:
        cache.put(key, rating)
    return rating, False


@dataclass(frozen=True)
class Comparison:
    """Two sets' win rates for the Dummy Mage, and how sure it is that the first is harder."""

    a: Rating
    b: Rating

    @property
    def difference(self) -> float:
        return self.a.win_rate - self.b.win_rate

    @property
    def standard_error(self) -> float:
        pa, pb = self.a.win_rate, self.b.win_rate
        return math.sqrt(pa * (1 - pa) / self.a.games + pb * (1 - pb) / self.b.games)

    @property
    def interval(self) -> tuple[float, float]:
        """95% interval of the difference in win rate (a minus b)."""
        half = 1.96 * self.standard_error
        return self.difference - half, self.difference + half

    @property
    def chance_a_harder(self) -> float:
        """How likely it is that the Dummy Mage wins more often with set a than with set b
        (normal approximation of the difference)."""
        se = self.standard_error
        if se == 0:
            return 0.5 if self.difference == 0 else float(self.difference > 0)
        return 0.5 * (1 + math.erf(self.difference / se / math.sqrt(2)))

    @property
    def verdict(self) -> str:
        """"a" or "b" when the interval of the difference leaves out 0, else "same"."""
        lo, hi = self.interval
        return "a" if lo > 0 else "b" if hi < 0 else "same"


@dataclass(frozen=True)
class Tuning:
    """The Dummy Mage's life that comes nearest a target win rate, and what was tried."""

    life: int
    rating: Rating
    target: float
    printed_life: int
    tried: tuple[tuple[int, Rating], ...]  # each life tried, with its few games
    rated: tuple[tuple[int, Rating], ...] = ()  # each life rated in full (the answer among them)


def tune(deckset, target: float, *, opponent: str = "beginner", jobs: int = 1,
         catalog: Catalog, engine: str, low: int = 1, high: int = 120,
         probe_games: int | None = None, cache: Store | None = None, half_width: float | None = None,
         progress: Callable[[str], None] | None = None) -> Tuning:
    """The Dummy Mage life whose win rate comes nearest ``target`` (0-1).

    Its win rate grows with its life, so a bisection over whole lives with ``probe_games``
    games each (the same seeds at every life, so the lives are compared on the same games)
    finds the two lives either side of the target; the nearer of the two is then rated in
    full (an interval of at most +/-3 points).

    A try's few games can be luckier or unluckier than the full rating's many, and where a
    life more moves the win rate by a fraction of a point that puts the choice many lives
    off.  So when the target is outside the full rating's interval, the life is moved by the
    gap over the slope the tries show (their shared seeds make the slope, unlike the level,
    precise) and rated in full again, at most :data:`REAIMS` times; the life whose full rating
    is nearest the target is the answer.
    """
    from solo.engine.simulate import play_many

    probe_games = probe_games or PROBE_GAMES
    printed = catalog.get(MAGES[1]).life or 0
    tried: dict[int, Rating] = {}

    def told(what: str) -> Callable[[int], None] | None:
        """A progress callback saying ``what`` is being played and how many games so far,
        told at once that none is."""
        if progress is None:
            return None
        report = progress

        def show(n: int) -> None:
            report(f"{what}: {n:,} games")

        show(0)
        return show

    def probe(life: int) -> Rating:
        if life not in tried:
            tell = told(f"try {len(tried) + 1}, life {life}")
            tried[life] = from_results(play_many(deckset, range(1, probe_games + 1), opponent,
                                                 jobs=jobs, dm_life=life, progress=tell))
        return tried[life]

    def rate_in_full(life: int) -> Rating:
        full, _ = rate(deckset, opponent=opponent, jobs=jobs, cache=cache, catalog=catalog,
                       engine=engine, dm_life=life, half_width=half_width,
                       progress=told(f"rating life {life}"))
        return full

    # A bracket around the target, widened outwards from the printed life (where the answer
    # usually is), then halved.
    start = min(max(printed, low), high)
    step = 4
    if probe(start).win_rate < target:
        lo, hi = start, start
        while hi < high and probe(hi).win_rate < target:
            lo, hi = hi, min(high, hi + step)
            step *= 2
        if probe(hi).win_rate < target:
            lo = hi
    else:
        lo, hi = start, start
        while lo > low and probe(lo).win_rate >= target:
            hi, lo = lo, max(low, lo - step)
            step *= 2
        if probe(lo).win_rate >= target:
            hi = lo
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if probe(mid).win_rate < target:
            lo = mid
        else:
            hi = mid
    # Neighbouring lives differ by about as much as a probe's noise, so the nearer by probe
    # is as good a choice as any; only it is rated in full.
    best = min(sorted({lo, hi}), key=lambda life: abs(probe(life).win_rate - target))
    full = rate_in_full(best)
    rated = {best: full}
    for _ in range(REAIMS):
        if full.interval[0] <= target <= full.interval[1]:
            break
        slope = _slope(tried, best)
        if slope <= 0:
            break  # the tries show no rise to aim by
        gap = target - full.win_rate
        life = min(max(best + (round(gap / slope) or (1 if gap > 0 else -1)), low), high)
        if life in rated:
            break
        rated[life] = rate_in_full(life)
        best = min(sorted(rated), key=lambda x: abs(rated[x].win_rate - target))
        full = rated[best]
    return Tuning(life=best, rating=full, target=target, printed_life=printed,
                  tried=tuple(sorted(tried.items())), rated=tuple(sorted(rated.items())))


def _slope(tried: dict[int, Rating], near: int, window: int = 24) -> float:
    """Win rate gained per life, by least squares over the tries within ``window`` lives of
    ``near`` (over every try when fewer than two lives are that near)."""
    points = [(life, r.win_rate) for life, r in tried.items() if abs(life - near) <= window]
    if len({life for life, _ in points}) < 2:
        points = [(life, r.win_rate) for life, r in tried.items()]
    if len({life for life, _ in points}) < 2:
        return 0.0
    from statistics import linear_regression

    return linear_regression([x for x, _ in points], [y for _, y in points]).slope
