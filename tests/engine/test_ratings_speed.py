"""Ratings at speed: fewer games for the same certainty (luck as control variates, paired
seeds, a near set's games), the word settled by a sequential test, one pool of processes.

The statistical tests take their tolerances from the maths (standard errors, binomial
bounds), never from a wall clock: timing belongs in scripts/bench.py.
"""

import json
import math
import random
from pathlib import Path

import pytest

from solo.cards.catalog import get_catalog
from solo.decks.sets import resolve
from solo.engine import estimate, luck, ratings, simulate
from solo.engine.game import ENGINE
from solo.rules.dice import Roll
from solo.rules.said import Said, Who

ROOT = Path(__file__).resolve().parents[2]
YOU = Who("ym", "Beastmaster", "ym", True)
DM = Who("dm", "Warlock", "dm", True)


def shipped(name: str, opponent: str = "beginner") -> ratings.Rating:
    """A shipped rating, game by game, read with this engine's luck coefficients."""
    data = json.loads((ROOT / "decks" / "ratings.json").read_text(encoding="utf-8"))
    for entry in data.values():
        if entry["decks"] == name and entry["opponent"] == opponent:
            return ratings.Rating.from_dict(entry).with_(luck.coefficients(ENGINE))
    raise AssertionError(f"no shipped rating of {name} {opponent}: run python scripts/ratings.py")


def var(xs):
    m = sum(xs) / len(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


# -- the luck: mean exactly 0 ----------------------------------------------------------------

@pytest.mark.parametrize("sides,label", [
    (6, Said("roll.attack-dice", at=YOU)), (6, Said("roll.attack-dice", at=DM)),
    (6, Said("upkeep.burn-roll", who=DM)), (12, Said("roll.effect", at=YOU)),
    (12, "quickcast"), (12, Said("dm.qc.reroll-roll")), (6, Said("spell.dice.heal", who=DM))])
def test_each_die_adds_luck_of_mean_exactly_zero(sides, label):
    """Over the faces of one fair die, every luck part sums to 0 exactly: whatever came before
    it, a die's luck has mean 0, so a game's (the sum over its dice) has too."""
    total = [0] * len(luck.PARTS)
    for v in range(1, sides + 1):
        total = [t + x for t, x in zip(total, luck.luck_of([Roll(sides, v, label)]))]
    assert total == [0] * len(luck.PARTS)


def part(name, luck_):
    return luck_[luck.PARTS.index(name)]


def test_luck_counts_for_the_side_a_die_was_rolled_against():
    """A 2 critical rolled at your mage is the Dummy Mage's good luck, at its own mage its bad
    luck, a blank the other way round; creatures count apart from mages; the quickcast's 1-3
    (a move), 4-7 (a summon) and 8-10 (a spell) count apart."""
    wolf = Who("ym-1", "Timber Wolf", "ym", False)
    hit = luck.luck_of([Roll(6, 6, Said("roll.attack-dice", at=YOU))])
    missed = luck.luck_of([Roll(6, 1, Said("roll.attack-dice", at=YOU))])
    taken = luck.luck_of([Roll(6, 6, Said("roll.attack-dice", at=DM))])
    bitten = luck.luck_of([Roll(6, 6, Said("roll.attack-dice", at=wolf))])
    assert part("damage-your-mage", hit) == 1 and part("damage-your-mage", missed) == -1
    assert part("damage-its-mage", taken) == -1 and part("damage-your-creatures", bitten) == 1
    assert sum(map(abs, hit)) == sum(map(abs, taken)) == sum(map(abs, bitten)) == 1
    summoned = luck.luck_of([Roll(12, 5, "quickcast")])
    assert (part("move-1", summoned), part("summon-1", summoned), part("spell-1", summoned)) \
        == (-3, 8, -3)


def test_a_quickcast_counts_in_the_band_of_its_number_and_a_reroll_in_its_quickcasts():
    """Rounds 1, 2, 3-4 and later (two quickcasts a round) each have their own parts: an early
    summon weighs more than a late one.  The band is known before the die is rolled (it counts
    the quickcasts before), so each term keeps its mean of 0."""
    reroll = Roll(12, 2, Said("dm.qc.reroll-roll"))
    rolls = [Roll(12, 12, "quickcast")] * 4 + [Roll(12, 5, "quickcast"), reroll]
    got = luck.luck_of(rolls)
    assert part("summon-3", got) == 8 - 4 and part("move-3", got) == -3 + 9
    assert part("spell-1", got) == part("spell-2", got) == 2 * -3
    assert not any(part(f"{kind}-4", got) for kind in ("move", "summon", "spell"))
    assert part("summon-4", luck.luck_of([Roll(12, 1, "quickcast")] * 8 + [Roll(12, 4, "quickcast")])) == 8


def test_the_dealt_creatures_have_luck_of_mean_exactly_zero():
    """Over every order a shuffle can deal a deck in, each deck part sums to 0: a shuffle puts
    every card in every place alike, so the top cards' cost less the deck's average has mean
    0 (exactly, for a deck whose average is whole)."""
    from itertools import permutations

    costs = [1, 2, 3, 5, 9, 4]  # average 4
    total = [0] * len(luck.PARTS)
    for order in permutations(costs):
        total = [t + x for t, x in zip(total, luck.luck_of([], order))]
    assert total == [0] * len(luck.PARTS)
    top = luck.luck_of([], [9, 1, 2, 3, 5, 4])
    assert part("dealt-1", top) == 100 * (9 - 4) and part("dealt-2", top) == 100 * (3 - 8)


def test_a_played_game_records_its_luck_from_its_own_dice_and_deck():
    game = simulate.new_game("Starter", 3)
    dealt = simulate.dealt_costs(game)
    cat = get_catalog()
    assert dealt == [cat.get(name).cost for name in game.board.decks["creature"]]
    while not game.over and game.phase.round <= simulate.MAX_ROUNDS:
        game.play_one()
    played = simulate.play_one("Starter", 3)
    assert played.luck == luck.luck_of(game.rng.history, dealt)
    assert any(played.luck[:6]) and any(played.luck[-4:])


# -- control variates: unbiased, and narrower on real sets -----------------------------------

SETS = [("Starter", "beginner"), ("Harder", "beginner"), ("Starter", "skilled"),
        ("Harder", "skilled")]


@pytest.mark.parametrize("name,opponent", SETS + [("Easier", "beginner")])
def test_the_luck_has_mean_zero_in_the_shipped_games(name, opponent):
    """Each part's mean over a shipped rating's thousand games is within 4 standard errors of
    0 (a chance of about 1 in 16,000 each to fail were the luck fair)."""
    r = shipped(name, opponent)
    for i, _ in enumerate(luck.PARTS):
        xs = [x[i] for x in r.luck]
        se = math.sqrt(var(xs) / len(xs))
        assert abs(sum(xs) / len(xs)) <= 4 * se


@pytest.mark.parametrize("name,opponent", SETS)
def test_the_adjusted_estimate_is_unbiased_over_many_seeded_runs(name, opponent):
    """Runs of 64 seeds: the mean of their luck-adjusted estimates equals the mean of their
    plain ones within 4 standard errors of the luck term (its mean is 0 by construction, so
    the adjusted estimator aims where the plain one does)."""
    r = shipped(name, opponent)
    plain, adjusted = [], []
    for start in range(0, r.games - 63, 64):
        part = r.head(start + 64)
        run = ratings.Rating(games=64, dm_wins=part.wins[start:].count("1"), rounds=0,
                             damage_to_ym=0, damage_to_dm=0, wins=part.wins[start:],
                             luck=part.luck[start:], beta=r.beta)
        plain.append(run.dm_wins / 64)
        adjusted.append(run.estimate.value)
    explained = [luck.explained(r.beta, x) for x in r.luck[:64 * len(plain)]]
    se = math.sqrt(var(explained) / len(explained))
    gap = sum(plain) / len(plain) - sum(adjusted) / len(adjusted)
    assert abs(gap) <= 4 * se


@pytest.mark.parametrize("name,opponent", SETS)
def test_the_luck_narrows_a_real_sets_interval_on_games_it_was_not_fitted_on(name, opponent):
    """Coefficients fitted on the odd seeds of every shipped set narrow the interval on the
    even seeds of each: fewer games for the same +/-3 points.  The variance ratio's own noise
    on 500 games is about 0.03 (twice its relative standard error, sqrt(2/n), times the
    share left), so a ratio below 0.97 is a real gain."""
    groups = [shipped(n, o) for n, o in SETS]
    odd = [ratings.Rating(games=len(g.wins[::2]), dm_wins=g.wins[::2].count("1"), rounds=0,
                          damage_to_ym=0, damage_to_dm=0, wins=g.wins[::2], luck=g.luck[::2])
           for g in groups]
    beta, _ = estimate.fit(odd)
    r = shipped(name, opponent)
    even_wins, even_luck = r.wins[1::2], r.luck[1::2]
    before = var(estimate.values(even_wins, even_luck, ()))
    after = var(estimate.values(even_wins, even_luck, beta))
    assert after / before < 0.97


def test_a_rating_read_with_the_luck_keeps_its_games_and_their_totals():
    r = shipped("Starter")
    again = ratings.Rating.from_dict(r.to_dict())
    assert again == r and again.luck == r.luck and again.beta == ()
    assert r.half_width < again.half_width  # the same games, narrower with the luck taken out


# -- paired comparisons ----------------------------------------------------------------------

def test_compare_pairs_the_seeds_both_sets_played():
    """The difference is the mean of the per-seed differences, and its interval is narrower
    than the one that takes the two sets as independent (the same dice and shuffles)."""
    a, b = shipped("Harder"), shipped("Starter")
    c = ratings.Comparison(a, b)
    n = min(a.games, b.games)
    assert c.pairs.games == n
    assert c.difference == pytest.approx(
        sum(x - y for x, y in zip(a.values()[:n], b.values()[:n])) / n)
    apart = math.sqrt(var(a.values()) / a.games + var(b.values()) / b.games)
    assert c.standard_error < apart


def test_paired_difference_is_unbiased_and_its_interval_covers():
    """Synthetic pairs with a known difference of 5 points: over 400 seeded runs of 200
    pairs, the estimates average 0.05 within 4 standard errors and the 95% intervals miss the
    truth no more often than a binomial(400, 5%) allows at 4 standard deviations."""
    rng = random.Random(7)
    estimates, misses = [], 0
    for _ in range(400):
        za, zb = [], []
        for _ in range(200):
            u = rng.random()
            za.append(float(u < 0.45))
            zb.append(float(u < 0.40))  # the same seed: a's win is b's, plus 5 points
        d = estimate.paired(za, zb)
        estimates.append(d.value)
        misses += not (d.value - d.half_width <= 0.05 <= d.value + d.half_width)
    se = math.sqrt(var(estimates) / len(estimates))
    assert abs(sum(estimates) / len(estimates) - 0.05) <= 4 * se
    assert misses <= 400 * 0.05 + 4 * math.sqrt(400 * 0.05 * 0.95)


# -- a set near a shipped one, rated against its games ---------------------------------------

def test_a_set_near_a_shipped_one_is_found_by_its_cards():
    cat = get_catalog()
    from solo.decks.sets import add_card, remove_card

    starter, edit = resolve("Starter"), resolve("Starter")
    deck = next(d for d in edit.decks if edit.decks[d])
    card = next(iter(edit.decks[deck]))
    remove_card(edit, deck, card, 1)
    assert ratings.distance(edit, starter, cat) == 1
    assert ratings.nearest(edit, [resolve("Easier"), starter, resolve("Harder")], cat) is starter
    add_card(edit, cat, deck, card, 1)
    assert ratings.distance(edit, starter, cat) == 0


def test_the_estimate_against_a_near_set_is_unbiased_and_narrower():
    """Synthetic seeds where the new set wins when the near one does, but for 1 game in 10
    that goes the other way: over 300 seeded runs of 150 new games against 1,000 of the near
    set, the estimates average the true rate within 4 standard errors, and their spread is
    well under the plain mean's (the spread of the plain mean would be sqrt(p(1-p)/150))."""
    rng = random.Random(11)
    truth_ref, flip = 0.40, 0.10
    truth = truth_ref * (1 - flip) + (1 - truth_ref) * flip
    estimates, halves = [], []
    for _ in range(300):
        ref = [float(rng.random() < truth_ref) for _ in range(1000)]
        new = [1.0 - x if rng.random() < flip else x for x in ref[:150]]
        e = estimate.against(new, ref)
        estimates.append(e.value)
        halves.append(e.half_width)
    se = math.sqrt(var(estimates) / len(estimates))
    assert abs(sum(estimates) / len(estimates) - truth) <= 4 * se
    plain = math.sqrt(truth * (1 - truth) / 150)
    assert math.sqrt(var(estimates)) < 0.8 * plain
    assert sum(halves) / len(halves) / 1.96 == pytest.approx(math.sqrt(var(estimates)), rel=0.2)


@pytest.mark.slow
def test_a_one_card_edit_of_a_shipped_set_needs_fewer_games_against_its_games():
    """Starter with one card swapped, 192 games: against Starter's shipped games its interval
    is never meaningfully wider than on its own games (the luck taken out of both).  The
    regression on the parent's per-seed outcomes removes rho^2 of the variance and costs a term
    of order 1/games for its fitted slope; how much it gains depends on how much of the deck
    order the edit keeps (rho 0.2-0.65 measured on three edits; this swap, on solo-engine/9,
    keeps little), so the bound is the cost term: 2/games of the half-width."""
    cat = get_catalog()
    from solo.decks.sets import add_card, remove_card

    edit = resolve("Starter")
    remove_card(edit, "creature", next(iter(edit.decks["creature"])), 1)
    add_card(edit, cat, "creature", "Timber Wolf", 1)
    ref = shipped("Starter")
    alone, _ = ratings.rate(edit, catalog=cat, engine=ENGINE, most=192, jobs=2)
    near = alone.with_(ref.beta, ref)
    assert near.estimate is not None
    assert near.half_width <= alone.half_width * (1 + 2 / alone.games)


# -- the word, settled sequentially ----------------------------------------------------------

LIMITS = [limit for limit, _ in simulate.RATINGS]


@pytest.mark.parametrize("p", [0.10, 0.27, 0.40, 0.53, 0.70, 0.78])
def test_the_settled_word_is_wrong_no_more_often_than_stated(p):
    """200 seeded runs of up to 1,024 games at a true win rate p: the share settled on a word
    other than p's stays within the stated 5% (plus 4 binomial standard deviations); away
    from a boundary most runs settle it in a few hundred games."""
    rng = random.Random(int(p * 1000))
    wrong = settled = 0
    when = []
    for _ in range(200):
        wins = "".join("1" if rng.random() < p else "0" for _ in range(1024))
        found = estimate.word_settled(estimate.values(wins, (), ()), wins, LIMITS)
        if found is not None:
            settled += 1
            when.append(found[0])
            wrong += found[1] != estimate.band_of(p, LIMITS)
    assert wrong <= 200 * 0.05 + 4 * math.sqrt(200 * 0.05 * 0.95)
    if p in (0.10, 0.40, 0.70):  # 0.15 or more from a boundary
        assert settled == 200 and sorted(when)[100] <= 400


@pytest.mark.parametrize("p", [0.25, 0.2499, 0.55, 0.5499, 0.80, 0.7999])
def test_the_word_is_wrong_no_more_often_than_stated_at_a_limit(p):
    """Where a wrong word is likeliest, a true win rate on a limit (or a hair under it): 600
    seeded runs of up to 2,048 games, every look until one settles; the share settled on the
    word across that limit stays within the stated 5% (plus 4 binomial standard deviations).
    Each look is given more than its share of 5% (the looks' misses come together), so this
    is where too generous a share would show."""
    rng = random.Random(int(p * 10_000))
    runs, wrong = 600, 0
    for _ in range(runs):
        wins = "".join("1" if rng.random() < p else "0" for _ in range(2048))
        found = estimate.word_settled(estimate.values(wins, (), ()), wins, LIMITS)
        wrong += found is not None and found[1] != estimate.band_of(p, LIMITS)
    assert wrong <= runs * 0.05 + 4 * math.sqrt(runs * 0.05 * 0.95)


@pytest.mark.parametrize("name", ["Harder", "Starter"])
def test_the_word_with_the_luck_taken_out_is_wrong_no_more_often_than_stated(name):
    """The same at a limit with real games and their luck: runs of games drawn again and again
    from a shipped set's 1,024 (a world whose true rate is their adjusted mean), the limit put
    exactly on that mean. The share settled below it stays within the stated 5% (plus 4
    binomial standard deviations of 400 runs of up to 1,024 games)."""
    r = shipped(name)
    zs = r.values()
    middle = sum(zs) / len(zs)
    limits = [middle - 0.3, middle, middle + 0.3]
    games = list(zip(r.wins, r.luck))
    rng = random.Random(len(name))
    runs, below = 400, 0
    for _ in range(runs):
        drawn = [games[rng.randrange(len(games))] for _ in range(1024)]
        wins = "".join(w for w, _ in drawn)
        found = estimate.word_settled(estimate.values(wins, [x for _, x in drawn], r.beta),
                                      wins, limits)
        below += found is not None and found[1] < 2
    assert below <= runs * 0.05 + 4 * math.sqrt(runs * 0.05 * 0.95)


def _crossing(spend: float, walks: int, seed: int) -> float:
    """The share of ``walks`` random walks of standard normal games that pass the word's
    one-sided bound at some look (as scripts/word_boundary.py works WORD_SPEND out)."""
    from statistics import NormalDist

    rng = random.Random(seed)
    every = estimate.looks(estimate.MOST_LOOKED)
    bounds = [NormalDist().inv_cdf(1 - level) for level in estimate.word_levels(spend)]
    passed = 0
    for _ in range(walks):
        total, at = 0.0, 0
        for n, bound in zip(every, bounds):
            total += rng.gauss(0.0, math.sqrt(n - at))
            at = n
            if total / math.sqrt(n) > bound:
                passed += 1
                break
    return passed / walks


def test_the_word_looks_spend_its_error_and_no_more():
    """The shipped share of the error lets a random walk pass the bound at some look with the
    stated chance, neither more (a wrong word too often) nor much less (games wasted), within
    4 standard deviations of 20,000 walks; sharing out the error plainly over the 255 looks
    (Bonferroni) would spend about a seventh of it.  No look is made past the most games a
    rating plays: a run of wins settles the word at the first look, and none past ``most``."""
    tolerance = 4 * math.sqrt(estimate.WORD_ERROR * (1 - estimate.WORD_ERROR) / 20_000)
    assert abs(_crossing(estimate.WORD_SPEND, 20_000, 1) - estimate.WORD_ERROR) <= tolerance
    assert _crossing(1.0, 5_000, 2) < 0.3 * estimate.WORD_ERROR
    assert math.isclose(sum(estimate.word_levels()), estimate.WORD_ERROR * estimate.WORD_SPEND)
    wins = "1" * 64
    assert estimate.word_settled(estimate.values(wins, (), ()), wins, LIMITS) == (32, len(LIMITS))
    rng = random.Random(40)
    wins = "".join("1" if rng.random() < 0.4 else "0" for _ in range(2048))
    zs = estimate.values(wins, (), ())
    games, band = estimate.word_settled(zs, wins, LIMITS)
    assert games > 32 and band == estimate.band_of(0.4, LIMITS)
    assert estimate.word_settled(zs, wins, LIMITS, most=games - 1) is None  # no look past most
    assert ratings.MOST_GAMES == estimate.MOST_LOOKED


def test_a_rating_says_its_word_once_settled():
    r = shipped("Easier")
    games, word = r.settled()
    assert word == "easy" and games < r.games and games % estimate.LOOK == 0
    assert r.head(16).settled() is None  # one look is never enough


# -- one pool, chunks that stop where they should --------------------------------------------

def test_tune_plays_every_game_on_one_pool(monkeypatch):
    """Every try and every rating of a tuning is played on the same workers, made once."""
    made, used = [], set()
    real = simulate.play_many

    class Workers(simulate.Workers):
        def __init__(self, jobs):
            super().__init__(jobs)
            made.append(self)

    def play_many(*a, workers=None, **k):
        used.add(id(workers))
        return real(*a, **k)

    monkeypatch.setattr(simulate, "Workers", Workers)
    monkeypatch.setattr(simulate, "play_many", play_many)
    monkeypatch.setattr(ratings, "HALF_WIDTH", 0.12)
    t = ratings.tune(resolve("Starter"), 0.4, catalog=get_catalog(), engine=ENGINE,
                     probe_games=32, jobs=1)
    assert len(made) == 1 and used == {id(made[0])}
    assert t.tried and all(r.games <= 32 and r.games % estimate.LOOK == 0 for _, r in t.tried)


def test_tune_tells_the_paired_step_between_the_lives_either_side():
    t = ratings.tune(resolve("Starter"), 0.4, catalog=get_catalog(), engine=ENGINE,
                     probe_games=32, half_width=0.12)
    lo, hi, d = t.step
    tries = dict(t.tried)
    # the bracket's ends: neighbours, or lives whose tries differ by at most the half width
    assert tries[lo].win_rate < 0.4 <= tries[hi].win_rate and d.games >= 32
    assert hi == lo + 1 or tries[hi].win_rate - tries[lo].win_rate <= 0.12


def test_a_try_stops_when_its_target_is_clearly_out_whatever_the_chunks(monkeypatch):
    """``enough`` is asked at every 16 games: on two processes as on one."""
    def play(jobs):
        return ratings.rate(resolve("Starter"), catalog=get_catalog(), engine=ENGINE, jobs=jobs,
                            most=128, enough=lambda r: r.games >= 48)[0]

    assert play(1).games == 48
    monkeypatch.setattr(simulate, "play_many",
                        lambda d, seeds, skill="beginner", **k: [simulate.play_one(d, s, skill)
                                                                 for s in seeds])
    assert play(4) == play(1)


def _coin_games(monkeypatch, chance: float = 0.1):
    """Games the Dummy Mage wins with chance ``chance``, seed for seed the same however they
    are chunked; the chunks asked for are written down."""
    asked: list[int] = []

    def play_many(decks, seeds, skill="beginner", **kw):
        asked.append(len(seeds))
        return [simulate.GameStats("dm" if (seed * 0.6180339887) % 1 < chance else "ym", 10, 20, 30,
                                   luck=(0,))
                for seed in seeds]

    monkeypatch.setattr(simulate, "play_many", play_many)
    return asked


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_a_rating_told_live_is_told_at_every_look_of_the_word(monkeypatch, jobs):
    """The word is shown as soon as the look that settles it is played: the rating is told
    every 16 games, so at every look (every 16 games from 32), and the games are the same as
    untold."""
    asked = _coin_games(monkeypatch)
    seen: list[ratings.Rating] = []
    r, _ = ratings.rate(resolve("Starter"), catalog=get_catalog(), engine=ENGINE, jobs=jobs,
                        live=seen.append)
    told = [x.games for x in seen]
    assert set(estimate.looks(r.games)) <= set(told) and told[-1] == r.games
    # each settled word is seen at the look that settled it
    first = next(x for x in seen if x.settled() is not None)
    assert first.settled()[0] == first.games
    plain, _ = ratings.rate(resolve("Starter"), catalog=get_catalog(), engine=ENGINE, jobs=jobs)
    # (the games of other processes are asked for there: a forked worker has the test's games)
    assert plain == r and (jobs > 1 or len(asked) > 2)


def test_the_word_is_looked_at_every_16_games_from_32():
    assert estimate.looks(4096) == list(range(32, 4097, 16))
    assert estimate.looks(31) == [] and estimate.looks(100) == [32, 48, 64, 80, 96]
