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

import functools
import hashlib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol

from solo.cards.catalog import SPELL_DECKS, Catalog
from solo.core.errors import StopOnSignals
from solo.core.interval import wilson
from solo.core.kinds import Side
from solo.engine import estimate as stats

#: The widest a rating's 95% interval may be, either side of its win rate.
HALF_WIDTH = 0.03
#: The stopping rule looks after every this many games (only then, so the number of games
#: played does not depend on how many processes play them or how long each took).
BATCH = stats.LOOK
#: More games than this are never played for one rating (a win rate of 50% needs 1,068).
MOST_GAMES = stats.MOST_LOOKED  # (4,096: the word's sequential test counts its looks up to it)
#: Changes whenever the simulated opponents or the way a rating is counted change.
RATING_VERSION = "rating/3"  # (3: the luck got its 22 parts)
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
    """A set's measured difficulty against one opponent: totals, and game by game (seeds 1, 2,
    3...) whether the Dummy Mage won and the game's luck, which its estimate subtracts with
    ``beta`` (the engine's luck coefficients, given when it is read) and pairs with another
    set's games on the same seeds (``ref``: a near set's rating, see :func:`rate`)."""

    games: int
    dm_wins: int
    rounds: int
    damage_to_ym: int
    damage_to_dm: int
    wins: str = ""  # "1" where the Dummy Mage won, else "0", seed by seed from seed 1
    luck: tuple[tuple[int, ...], ...] = ()  # each game's luck (solo.engine.luck.luck_of)
    beta: tuple[float, ...] = field(default=(), compare=False, repr=False)
    ref: "Rating | None" = field(default=None, compare=False, repr=False)

    @property
    def by_seed(self) -> bool:
        """Whether it holds every game's result and luck (a rating of rating/1 does not)."""
        return self.games > 0 and len(self.wins) == self.games and len(self.luck) == self.games

    def values(self) -> list[float]:
        """Each game's result less the luck ``beta`` explains (see solo.engine.estimate)."""
        return stats.values(self.wins, self.luck, self.beta)

    @functools.cached_property
    def estimate(self) -> stats.Estimate | None:
        """The win rate with its luck taken out, and against ``ref``'s games where it has them;
        None for a rating counted plainly (no game-by-game record, or no coefficients)."""
        if not self.by_seed:
            return None
        if self.ref is not None and self.ref.by_seed and self.games <= self.ref.games:
            return stats.against(self.values(), self.ref.values())
        if not self.beta:
            return None
        return stats.mean(self.values())

    @property
    def win_rate(self) -> float:
        if self.estimate is not None:
            return min(1.0, max(0.0, self.estimate.value))
        return self.dm_wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        if self.estimate is not None:
            return self.estimate.interval
        return wilson(self.dm_wins, self.games)

    @property
    def half_width(self) -> float:
        if self.estimate is not None:
            return self.estimate.half_width
        lo, hi = self.interval
        return max(self.win_rate - lo, hi - self.win_rate)

    @property
    def damage_per_round(self) -> float:
        return self.damage_to_ym / self.rounds if self.rounds else 0.0

    @property
    def word(self) -> str:
        from solo.engine.simulate import rating

        return rating(self.win_rate)

    def settled(self) -> tuple[int, str] | None:
        """(games, word) once a sequential test has settled the set's word, with at most
        :data:`solo.engine.estimate.WORD_ERROR` chance of a wrong one; None before."""
        from solo.engine.simulate import RATINGS, rating

        if not self.by_seed:
            return None
        limits = [limit for limit, _ in RATINGS]
        found = stats.word_settled(self.values(), self.wins, limits)
        if found is None:
            return None
        games, band = found
        return games, RATINGS[band][1] if band < len(RATINGS) else rating(1.0)

    def with_(self, beta: tuple[float, ...], ref: "Rating | None" = None) -> "Rating":
        """The same games, read with ``beta`` (and paired with ``ref``)."""
        return replace(self, beta=beta, ref=ref)

    def head(self, n: int) -> "Rating":
        """Its first ``n`` games (totals other than wins are not kept by game: they are 0)."""
        return Rating(games=n, dm_wins=self.wins[:n].count("1"), rounds=0, damage_to_ym=0,
                      damage_to_dm=0, wins=self.wins[:n], luck=self.luck[:n], beta=self.beta,
                      ref=self.ref)

    def to_dict(self) -> dict:
        return {"games": self.games, "dm_wins": self.dm_wins, "rounds": self.rounds,
                "damage_to_ym": self.damage_to_ym, "damage_to_dm": self.damage_to_dm,
                "wins": self.wins, "luck": " ".join(",".join(map(str, x)) for x in self.luck)}

    @classmethod
    def from_dict(cls, data: dict) -> "Rating":
        wins, luck = data.get("wins", ""), data.get("luck", "")
        if not isinstance(wins, str) or set(wins) - {"0", "1"} or not isinstance(luck, str):
            raise ValueError("a rating's games are damaged")
        return cls(int(data["games"]), int(data["dm_wins"]), int(data["rounds"]),
                   int(data["damage_to_ym"]), int(data["damage_to_dm"]), wins=wins,
                   luck=tuple(tuple(int(v) for v in x.split(",")) for x in luck.split()))


def from_results(results) -> Rating:
    """A rating from :class:`solo.engine.simulate.GameStats`, in the order of their seeds."""
    return Rating(games=len(results), dm_wins=sum(r.winner == Side.DM for r in results),
                  rounds=sum(r.rounds for r in results),
                  damage_to_ym=sum(r.damage_to_ym for r in results),
                  damage_to_dm=sum(r.damage_to_dm for r in results),
                  wins="".join("1" if r.winner == Side.DM else "0" for r in results),
                  luck=tuple(tuple(r.luck) for r in results))


def printed_life(catalog: Catalog) -> int:
    """The life on the Dummy Mage's card (:data:`MAGES`): its life when none is given."""
    mage = catalog.find(MAGES[1])
    return (mage.life if mage is not None else None) or 0


def cache_key(deckset, catalog: Catalog, opponent: str, engine: str, dm_life: int | None = None) -> str:
    """Everything that decides a rating's games, as one short string.

    The Dummy Mage's printed life is the life it has when none is given: the same games, so
    the same key (a tuning's try at the printed life reads the set's rating, for a built-in
    set the shipped one, instead of playing its games again)."""
    def named(name: str) -> str:  # the catalog's spelling: "timber wolf" is Timber Wolf
        card = catalog.find(name)
        return card.name if card is not None else name

    if dm_life is not None and dm_life == printed_life(catalog):
        dm_life = None

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
    """Two ratings of the same set, the second from the seeds after the first's, as one."""
    return Rating(games=r.games + more.games, dm_wins=r.dm_wins + more.dm_wins,
                  rounds=r.rounds + more.rounds, damage_to_ym=r.damage_to_ym + more.damage_to_ym,
                  damage_to_dm=r.damage_to_dm + more.damage_to_dm, wins=r.wins + more.wins,
                  luck=r.luck + more.luck, beta=r.beta, ref=r.ref)


def rate(deckset, *, opponent: str = "beginner", jobs: int = 1, cache: Store | None = None,
         catalog: Catalog, engine: str, dm_life: int | None = None,
         half_width: float | None = None, seconds: float | None = None,
         clock: Callable[[], float] | None = None,
         progress: Callable[[int], None] | None = None,
         live: Callable[[Rating], None] | None = None,
         beta: tuple[float, ...] | None = None, ref: Rating | None = None,
         most: int | None = None, enough: Callable[[Rating], bool] | None = None,
         workers=None) -> tuple[Rating, bool]:
    """The set's rating: (rating, whether it came whole from the cache).

    Plays seeds 1, 2, 3... (after those a cached rating already has) until the interval is
    narrow enough.  The rating is read with ``beta``, the luck coefficients (by default the
    ones shipped for ``engine``), and against ``ref``, a near set's rating (see
    :func:`nearest`), when given.  With ``seconds``, stops once the next games would not
    finish in time: it first plays one game on each process to time them, then only as many
    as the time left holds; the games played so far are cached and the next call goes on from
    there, so a rating finished over several calls is the same as one played at once.

    ``most`` caps the games (a try of :func:`tune`), ``enough`` stops early: it is asked after
    every :data:`solo.engine.estimate.LOOK` games.  ``progress`` is told the games played as
    they come, ``live`` the rating every LOOK games (so at each look of the word's test,
    :func:`solo.engine.estimate.looks`) and where a time budget ends it; ``workers`` (a
    :class:`solo.engine.simulate.Workers`) are the processes to play on, kept by the caller.
    """
    import time

    from solo.engine.luck import coefficients
    from solo.engine.simulate import Stream, Workers

    clock = clock or time.perf_counter
    start = clock()
    beta = coefficients(engine) if beta is None else beta
    key = cache_key(deckset, catalog, opponent, engine, dm_life)
    rating = Rating(games=0, dm_wins=0, rounds=0, damage_to_ym=0, damage_to_dm=0)
    kept = cache.get(key) if cache is not None else None
    if kept is not None and kept.by_seed:
        rating = kept
    rating = rating.with_(beta, ref)
    cap = MOST_GAMES if most is None else min(most, MOST_GAMES)

    def wanted(r: Rating) -> bool:
        if r.games >= cap:
            return False
        if enough is not None and r.games and r.games % stats.LOOK == 0 and enough(r):
            return False
        return most is not None or needs_more(r, half_width)

    if not wanted(rating):
        return rating, True
    # The games come one at a time in seed order, played a few ahead on every process (see
    # solo.engine.simulate.Stream), and are looked at every LOOK games: no process waits at a
    # look.  In a time budget, the first games are one on each process, to time them; after
    # that, no game is sent that the time left will not hold at the pace measured.
    own = workers is None
    workers = Workers(jobs) if own else workers
    games = Stream(deckset, rating.games + 1, opponent, dm_life, workers)
    got: list = []  # games taken since ``rating`` was last brought up to date
    first = rating.games
    began = clock()
    try:
        with StopOnSignals():  # SIGTERM and SIGHUP stop a rating as Ctrl-C does
            while True:
                n = rating.games + len(got)
                last = cap
                if seconds is not None:
                    per_game = (clock() - began) / (n - first) if n - first >= jobs else 0.0
                    if per_game <= 0:  # not timed yet
                        last = min(last, max(n, first + jobs))
                    else:
                        left = seconds - (clock() - start)
                        last = min(last, n + int(left // per_game))
                if n >= last:
                    break
                got.append(games.take(last))
                n += 1
                if progress is not None:
                    progress(n)
                if n % stats.LOOK == 0:
                    rating = add(rating, from_results(got))
                    got = []
                    if live is not None:  # at every look of the word's test, so a word
                        live(rating)  # settled shows at once
                    if not wanted(rating):
                        break
        if got and live is not None:  # stopped between two looks (by its time or its cap)
            rating = add(rating, from_results(got))
            got = []
            live(rating)
    finally:  # the games played are kept, even when the person stops the rating
        if got:
            rating = add(rating, from_results(got))
        games.close()  # the games sent ahead and not started are not played
        if own:
            workers.__exit__(None, None, None)
        if cache is not None and rating.games > first:
            cache.put(key, rating)
    return rating, False


def distance(a, b, catalog: Catalog) -> int:
    """How many cards set ``a`` has that set ``b`` has not, or the other way round, whichever
    is more: 1 for one card swapped for another, 0 for the same cards."""
    def counts(ds) -> dict[tuple[str, str], int]:
        out: dict[tuple[str, str], int] = {}
        for deck in SPELL_DECKS:
            for name, n in ds.decks[deck].items():
                card = catalog.find(name)
                k = (deck, card.name if card is not None else name)
                out[k] = out.get(k, 0) + n
        return out

    ca, cb = counts(a), counts(b)
    more = sum(max(0, n - cb.get(k, 0)) for k, n in ca.items())
    fewer = sum(max(0, n - ca.get(k, 0)) for k, n in cb.items())
    return max(more, fewer)


#: A set at most this many cards from a shipped one is rated against that set's games.
NEAR = 2


def nearest(deckset, others, catalog: Catalog):
    """The set of ``others`` (a shipped set, say) at most :data:`NEAR` cards from ``deckset``
    (the same cards in another order are 0 apart), the nearest; None when none is."""
    near = [(distance(deckset, o, catalog), i, o) for i, o in enumerate(others)]
    near = [x for x in near if x[0] <= NEAR]
    return min(near)[2] if near else None


@dataclass(frozen=True)
class Comparison:
    """Two sets' win rates for the Dummy Mage, and how sure it is that the first is harder.

    When both ratings hold their games seed by seed, the difference is worked out on the
    seeds both played, pair by pair (:func:`solo.engine.estimate.paired`): the same dice and
    shuffles make the two sets' games alike, and what they share does not count as noise.
    Otherwise the two win rates are taken as independent."""

    a: Rating
    b: Rating

    @functools.cached_property
    def pairs(self) -> stats.Estimate | None:
        """The paired difference (a minus b), when both hold their games seed by seed."""
        if not (self.a.by_seed and self.b.by_seed):
            return None
        return stats.paired(self.a.values(), self.b.values())

    @property
    def paired(self) -> bool:
        return self.pairs is not None

    @property
    def difference(self) -> float:
        if self.pairs is not None:
            return self.pairs.value
        return self.a.win_rate - self.b.win_rate

    @property
    def standard_error(self) -> float:
        if self.pairs is not None:
            return self.pairs.se
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
    #: The lives either side of the target, and how much more often the Dummy Mage wins with
    #: the higher one, from the seeds both played (a paired difference).
    step: tuple[int, int, stats.Estimate] | None = None

    @property
    def games(self) -> int:
        """Every game the answer stands on, tries and full ratings, each counted once: a
        life's full rating goes on from its try's seeds, so a life holds as many games as
        the most any of its entries has, and the lives' games add up."""
        most: dict[int, int] = {}
        for life, r in (*self.tried, *self.rated):
            most[life] = max(most.get(life, 0), r.games)
        return sum(most.values())


class Memory:
    """A :class:`Store` that keeps ratings for one run only."""

    def __init__(self) -> None:
        self.kept: dict[str, Rating] = {}

    def get(self, key: str) -> Rating | None:
        return self.kept.get(key)

    def put(self, key: str, rating: Rating) -> None:
        self.kept[key] = rating


#: A try of :func:`tune` stops once the target is outside its interval at this level (a
#: normal quantile: 99%), after at least :data:`solo.engine.estimate.LOOK` times two games.
PROBE_Z = 2.576
#: A try read against a whole one (see :func:`tune`) stops once the standard error of its
#: difference from it is at most this share of the whole try's own.
SHARE = 0.5


def tune(deckset, target: float, *, opponent: str = "beginner", jobs: int = 1,
         catalog: Catalog, engine: str, low: int = 1, high: int = 120,
         probe_games: int | None = None, cache: Store | None = None, half_width: float | None = None,
         progress: Callable[[str], None] | None = None) -> Tuning:
    """The Dummy Mage life whose win rate comes nearest ``target`` (0-1).

    Its win rate grows with its life, so a bisection over whole lives finds the two lives
    either side of the target.  A life is tried on seeds 1, 2, 3... (the same seeds at every
    life, so the lives are compared on the same games) until the target is clearly above or
    below it (:data:`PROBE_Z`) or ``probe_games`` are played.  Once one try has played them
    all, later ones are read against the nearest such whole try (the regression estimate of
    :func:`solo.engine.estimate.against`): a life's games follow its neighbour's seed by seed,
    so a try stops as soon as its difference from the whole try is known to within
    :data:`SHARE` of the whole try's own noise, which more games at this life would not remove.
    The halving stops once the bracket's ends differ by at most a full rating's half width
    (no try could tell the lives between apart); the nearer of the two lives is then rated in
    full (an interval of at most +/-3 points), going on from its try's games.
    Every game is played on one pool of processes, and kept in ``cache`` by life.

    A try's few games can be luckier or unluckier than the full rating's many, and where a
    life more moves the win rate by a fraction of a point that puts the choice many lives
    off.  So when the target is outside the full rating's interval, the life is moved by the
    gap over the slope the tries show (their shared seeds make the slope, unlike the level,
    precise) and rated in full again, at most :data:`REAIMS` times; the life whose full rating
    is nearest the target is the answer.
    """
    from solo.engine.simulate import Workers

    probe_games = probe_games or PROBE_GAMES
    printed = printed_life(catalog)
    tried: dict[int, Rating] = {}
    store: Store = cache if cache is not None else Memory()

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

    def clear(r: Rating) -> bool:
        return r.games >= 2 * stats.LOOK and \
            abs(r.win_rate - target) > r.half_width * PROBE_Z / stats.Z95

    def known(r: Rating) -> bool:
        """Whether a try read against another life's (``r.ref``) knows its difference from
        it well enough: more games would narrow its interval by little, the rest of it being
        the other try's own noise, which every life tried on the same seeds shares."""
        if r.ref is None or r.games < 2 * stats.LOOK or r.games > r.ref.games:
            return False
        level = r.ref.estimate
        if level is None:
            return False
        d = stats.paired(r.values(), r.ref.values())
        # no seed yet gone the other way is no proof that few will: its spread is taken as at
        # least three such seeds' among those played (with none seen in n seeds, up to 3/n
        # of them may still turn, at 95%)
        return max(d.se, math.sqrt(3) / d.games) <= SHARE * level.se

    def enough(r: Rating) -> bool:
        return clear(r) or known(r)

    def ref_for(life: int) -> Rating | None:
        """The whole try (``probe_games`` games) nearest ``life``, to read its try against."""
        whole = [(abs(x - life), x) for x, r in tried.items() if r.games >= probe_games]
        return tried[min(whole)[1]].head(probe_games) if whole else None

    with Workers(jobs) as workers:
        def probe(life: int) -> Rating:
            if life not in tried:
                ref = ref_for(life)
                r, _ = rate(deckset, opponent=opponent, jobs=jobs, cache=store, catalog=catalog,
                            engine=engine, dm_life=life, most=probe_games, enough=enough,
                            ref=ref, workers=workers,
                            progress=told(f"try {len(tried) + 1}, life {life}"))
                # a life rated before holds more games: the try is the games a fresh one plays
                most = min(r.games, probe_games)
                n = next((m for m in range(stats.LOOK, most + 1, stats.LOOK)
                          if enough(r.head(m))), most)
                tried[life] = r if n == r.games else r.head(n)
            return tried[life]

        def rate_in_full(life: int) -> Rating:
            full, _ = rate(deckset, opponent=opponent, jobs=jobs, cache=store, catalog=catalog,
                           engine=engine, dm_life=life, half_width=half_width, workers=workers,
                           progress=told(f"rating life {life}"))
            return full

        # A bracket around the target, widened outwards from the printed life (where the
        # answer usually is), then halved.
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
        # Halved until the tries at its ends are within a full rating's half width of each
        # other (either end is then as good a choice as the tries can tell) or are neighbours.
        close = HALF_WIDTH if half_width is None else half_width
        while hi - lo > 1 and probe(hi).win_rate - probe(lo).win_rate > close:
            mid = (lo + hi) // 2
            if probe(mid).win_rate < target:
                lo = mid
            else:
                hi = mid
        # Lives that close differ by less than a try's noise, so the nearer by try is as good a
        # choice as any; only it is rated in full.
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
    step_ = None
    if lo != hi:
        a, b = (rated.get(x) or store.get(cache_key(deckset, catalog, opponent, engine, x)) or tried[x]
                for x in (hi, lo))
        pairs = Comparison(a.with_(full.beta), b.with_(full.beta)).pairs
        if pairs is not None:
            step_ = (lo, hi, pairs)
    return Tuning(life=best, rating=full, target=target, printed_life=printed,
                  tried=tuple(sorted(tried.items())), rated=tuple(sorted(rated.items())),
                  step=step_)


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
