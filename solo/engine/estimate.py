"""The statistics of a rating kept game by game: a win rate less the luck it can explain, two
sets compared on the same seeds, a set rated against a near one's games, and the difficulty
word settled by a sequential test.

Every estimate here is a mean of per-game values ``z = won - beta . luck`` (see
:mod:`solo.engine.luck`: the luck has mean exactly 0, so ``z`` has the win rate as its mean
whatever ``beta`` is; a good ``beta`` only makes it vary less).  Intervals are normal ones, at
95% unless said otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from solo.engine.luck import explained

#: 95%: the normal quantile of every interval here.
Z95 = 1.959963984540054
#: The chance that the difficulty word shown early is not the one the set's true win rate earns.
WORD_ERROR = 0.05
#: The most games a rating plays (solo.engine.ratings.MOST_GAMES): the word is looked at no
#: further, which bounds its looks (see :func:`word_settled`).
MOST_LOOKED = 4096
#: Games are looked at in whole multiples of this many: by the word's sequential test, and by a
#: try of `solo tune` (see solo.engine.ratings.rate's ``enough``).
LOOK = 16
#: How much error the word's looks spend together, as a multiple of :data:`WORD_ERROR` (see
#: :func:`word_levels`): the looks see mostly the same games, so their misses come together
#: and the 255 looks' levels can add up to this much while the chance that any of them misses
#: stays WORD_ERROR (``scripts/word_boundary.py`` finds 8.55 on 50,000 random walks, and
#: 8.65-8.73 on two sets of 200,000, within their sampling error; the lowest is kept).
WORD_SPEND = 8.55


@dataclass(frozen=True)
class Estimate:
    """A win rate, its standard error, and how many games it stands on."""

    value: float
    se: float
    games: int

    @property
    def half_width(self) -> float:
        return Z95 * self.se

    @property
    def interval(self) -> tuple[float, float]:
        return max(0.0, self.value - self.half_width), min(1.0, self.value + self.half_width)


def weight(wins: str) -> float:
    """How much luck moves a result at this win rate, against an even set: ``4 p (1 - p)``.

    Luck decides close games: a set the Dummy Mage seldom wins is seldom turned by its dice, so
    the coefficients (fitted for an even set) are scaled by this.  It is read off the games
    themselves, which costs the estimate a bias of the order of 1/games, far below its
    standard error."""
    p = wins.count("1") / len(wins) if wins else 0.5
    return 4 * p * (1 - p)


def values(wins: str, luck: Sequence[Sequence[int]], beta: Sequence[float]) -> list[float]:
    """Each game's ``z``: 1 for a Dummy Mage win, else 0, less what its luck explains."""
    if not beta:
        return [1.0 if w == "1" else 0.0 for w in wins]
    w = weight(wins)
    return [(1.0 if w_ == "1" else 0.0) - w * explained(beta, x) for w_, x in zip(wins, luck)]


def _var(xs: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return 0.0
    m = sum(xs) / n
    return sum((x - m) ** 2 for x in xs) / (n - 1)


def mean(zs: Sequence[float]) -> Estimate:
    """The plain mean of per-game values, with its standard error."""
    n = len(zs)
    return Estimate(sum(zs) / n if n else 0.0, math.sqrt(_var(zs) / n) if n else 0.5, n)


def paired(za: Sequence[float], zb: Sequence[float]) -> Estimate:
    """The difference of two sets' win rates (a minus b) from the games both played on the
    same seeds: the mean of the per-seed differences, whose spread is what the two sets' games
    do not share (the same dice, the same shuffles), not the sum of both spreads."""
    n = min(len(za), len(zb))
    return mean([a - b for a, b in zip(za[:n], zb[:n])])


def against(z: Sequence[float], ref: Sequence[float]) -> Estimate:
    """A set's win rate from its ``n`` games and a near set's games on the same seeds (``ref``,
    at least ``n`` of them, usually many more): the regression estimate of double sampling.

    On the seeds both played, a game's result for the new set follows the near set's
    (``b``, fitted); what the near set's further games say about its own rate carries over
    by ``b``.  With games as alike as one card apart makes them, this needs far fewer new
    games than the set alone (the variance left is the part ``b`` does not explain)."""
    n = len(z)
    if n < 2 * LOOK or len(ref) < n:  # too few pairs to fit ``b`` by
        return mean(z)
    head = ref[:n]
    mz, mh, mr = sum(z) / n, sum(head) / n, sum(ref) / len(ref)
    vh = _var(head)
    b = (sum((x - mz) * (y - mh) for x, y in zip(z, head)) / (n - 1) / vh) if vh > 0 else 0.0
    resid = [x - b * y for x, y in zip(z, head)]
    var = sum((e - (mz - b * mh)) ** 2 for e in resid) / (n - 2) / n + b * b * _var(ref) / len(ref)
    return Estimate(mz - b * (mh - mr), math.sqrt(var), n)


def band_of(x: float, limits: Sequence[float]) -> int:
    """Which band of ``limits`` (increasing) ``x`` falls in: 0 below the first."""
    return sum(x >= limit for limit in limits)


def looks(most: int, look: int = LOOK) -> list[int]:
    """The numbers of games after which the word is looked at: every ``look`` games from
    twice that (32, 48, 64, 80...), up to ``most``.

    >>> looks(100)
    [32, 48, 64, 80, 96]
    """
    return list(range(2 * look, most + 1, look))


def word_levels(spend: float = WORD_SPEND, error: float = WORD_ERROR,
                most: int = MOST_LOOKED) -> list[float]:
    """The one-sided level of the word's interval at each look (see :func:`looks`) up to
    ``most`` games: ``error * spend`` shared out as ``1 / sqrt(k)`` at the k-th look, so the
    early looks, which settle the sets far from every limit, get a fair share and the late
    ones, which settle the near sets, not much less.

    >>> [round(x, 4) for x in word_levels()[:3]]
    [0.014, 0.0099, 0.0081]
    """
    count = len(looks(most))
    shares = [1 / math.sqrt(k) for k in range(1, count + 1)]
    total = sum(shares)
    return [error * spend * x / total for x in shares]


def word_settled(zs: Sequence[float], wins: str, limits: Sequence[float],
                 error: float = WORD_ERROR, most: int = MOST_LOOKED) -> tuple[int, int] | None:
    """(games, band) at the first look (see :func:`looks`) where the set's word is settled,
    or None.

    A sequential test over the looks a rating can have (``most`` games at the most, which is
    :data:`solo.engine.ratings.MOST_GAMES`: 255 looks, every 16 games from 32).  At the k-th
    look, the word of the mean is settled when the mean stands clear of both limits of its
    band: of each by the normal quantile of the k-th of :func:`word_levels` times the
    standard error the mean would have were the win rate that limit (the score test's spread,
    as Wilson's interval takes it: a low mean does not make its own spread look small).  That
    spread is the binomial one at the limit times the share of the wins' own spread that the
    games' values keep (the luck's part taken out), at least 3/4 of it.

    A word is wrong only when the mean stands clear of a limit on the side away from the true
    win rate, so one side matters: the nearer limit's (the other limit of a band is at least 25
    points away, and standing clear of it by that much is far less likely still).  Over every
    look at once the chance of that is ``error`` for a true rate on a limit, where it is
    likeliest (the levels are spent as a random walk needs, see :data:`WORD_SPEND`; on games
    won at a limit's rate the binomial's skew keeps it lower still,
    tests/engine/test_ratings_speed.py).
    """
    sums = squares = 0.0
    won = 0
    levels = word_levels(error=error)
    points = iter(looks(min(len(zs), most)))
    at = next(points, None)
    k = 0
    for i, z in enumerate(zs, 1):
        sums += z
        squares += z * z
        won += wins[i - 1] == "1"
        if i != at:
            continue
        at = next(points, None)
        m = sums / i
        var = max(0.0, (squares - i * m * m) / (i - 1))
        # the spread left, as a share of the spread of the wins alone (the luck's part taken
        # out), at least 3/4 of it
        share = max(0.75, var / (won / i * (1 - won / i))) if 0 < won < i else 1.0
        z = NormalDist().inv_cdf(1 - levels[k])
        k += 1
        band = band_of(m, limits)
        below = limits[band - 1] if band > 0 else None
        above = limits[band] if band < len(limits) else None
        if (below is None or m - z * math.sqrt(share * below * (1 - below) / i) >= below) and \
                (above is None or m + z * math.sqrt(share * above * (1 - above) / i) < above):
            return i, band
    return None


def fit(groups) -> tuple[list[float], list[float]]:
    """Luck coefficients fitted over several ratings' games at once (each a
    :class:`solo.engine.ratings.Rating` held seed by seed): the least-squares slope of a win
    on each luck part (times :func:`weight`), each rating's own win rate taken out first, so
    that one set of coefficients serves every set; and the share of each rating's variance
    they explain."""
    k = len(groups[0].luck[0])
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for r in groups:
        rate, scale = r.wins.count("1") / r.games, weight(r.wins)
        for w, luck in zip(r.wins, r.luck):
            y = (w == "1") - rate
            x = [scale * v for v in luck]
            for i in range(k):
                xty[i] += x[i] * y
                for j in range(k):
                    xtx[i][j] += x[i] * x[j]
    beta = _solve(xtx, xty)
    shares = []
    for r in groups:
        plain = _var(values(r.wins, r.luck, ()))
        shares.append(1 - _var(values(r.wins, r.luck, beta)) / plain if plain else 0.0)
    return beta, shares


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a few unknowns)."""
    k = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(k):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][k] / m[i][i] if m[i][i] else 0.0 for i in range(k)]
