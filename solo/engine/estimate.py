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
    """The numbers of games after which the word is looked at: 32, 48, 64, 96, 128, 176...
    (twice as many every second look, in whole multiples of ``look``), up to ``most``.

    >>> looks(600)
    [32, 48, 64, 96, 128, 176, 256, 368, 512]
    """
    out: list[int] = []
    j = 0
    while True:
        n = look * round(2 * 2 ** (j / 2))
        if n > most:
            return out
        if not out or n > out[-1]:
            out.append(n)
        j += 1


def next_look(games: int, look: int = LOOK) -> int:
    """The first look (see :func:`looks`) after ``games`` games.

    >>> next_look(48), next_look(100)
    (64, 128)
    """
    return next(n for n in looks(2 * (games + look), look) if n > games)


def word_settled(zs: Sequence[float], wins: str, limits: Sequence[float],
                 error: float = WORD_ERROR, most: int = MOST_LOOKED) -> tuple[int, int] | None:
    """(games, band) at the first look (see :func:`looks`) where the set's word is settled,
    or None.

    A confidence sequence over the looks a rating can have (``most`` games at the most, which
    is :data:`solo.engine.ratings.MOST_GAMES`: 15 looks): at the k-th of ``K`` looks the
    interval is the normal one at level ``1 - error / (k H_K)`` (``H_K`` = 1 + 1/2 + ... +
    1/K), so over every look at once the chance that any interval misses the true win rate is
    at most ``error`` (Bonferroni, the error shared out as 1/k: the later looks, which settle
    the sets nearer a limit, get more of it than a share for an unending sequence, 1/k^2,
    would give them).  No look is made past ``most`` games.  The word is settled when an
    interval lies inside one band.  A small sample's spread is taken as at least 3/4 of the
    binomial spread of its win rate shrunk towards a half (Agresti-Coull), so that a run of
    losses does not look certain.
    """
    sums = squares = 0.0
    won = 0
    every = looks(most)
    harmonic = sum(1 / k for k in range(1, len(every) + 1))
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
        k += 1
        m = sums / i
        var = max(0.0, (squares - i * m * m) / (i - 1))
        shrunk = (won + 2) / (i + 4)
        var = max(var, 0.75 * shrunk * (1 - shrunk))
        level = error / (k * harmonic)
        half = NormalDist().inv_cdf(1 - level / 2) * math.sqrt(var / i)
        lo, hi = band_of(m - half, limits), band_of(m + half, limits)
        if lo == hi:
            return i, lo
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
