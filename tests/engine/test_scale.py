"""Simulation at scale: the headless path plays the games `solo play` plays, any number of
processes give the same results, and ratings, comparisons and tuning behave as promised."""

import json
import math
import re
from pathlib import Path

import pytest

from solo.engine import estimate
from solo.engine import ratings
from solo.engine import ratings_cache
from solo.engine import simulate
from solo.core.questions import NOTHING
from solo.decks.sets import resolve
from solo.engine.game import ENGINE
from solo.engine.luck import coefficients
from solo.text import render


class Recording(simulate.Opponent):
    """The simulator's opponent, writing down every answer it gives (by question id)."""

    def __init__(self, game, skill):
        super().__init__(game, skill)
        self.answers: dict[str, list] = {}

    def ask(self, q):
        self._channel()
        raw = self._answer(q)
        self.answers.setdefault(q.id, []).append(raw)
        return q.parse(raw)

    def pick(self, qid, values, default, default_of, about):  # (a question not built)
        answer = super().pick(qid, values, default, default_of, about)
        if answer is not NOTHING:
            self.answers.setdefault(qid, []).append(answer)
        return answer


def simulated(seed, skill, decks="Starter", dm_life=None):
    game = simulate.new_game(decks, seed, skill, dm_life=dm_life)
    game.prompter = opponent = Recording(game, skill)
    while not game.over and game.phase.round <= simulate.MAX_ROUNDS:
        game.play_one()
    return game, opponent.answers


def comparable(log):
    """A game's log without the wall-clock times, its lines in words (a simulated game leaves
    them as the rules recorded them: nobody reads it)."""
    return [{k: render.lines(v) if k == "lines" else v for k, v in e.items()
             if k not in ("time", "at")} for e in log]


@pytest.mark.slow
@pytest.mark.parametrize("seed,skill", [(1, "beginner"), (2, "skilled"), (5, "beginner"),
                                        (7, "skilled")])
def test_the_headless_path_plays_the_game_solo_play_plays_with_the_same_answers(
        tmp_path, run, seed, skill):
    game, answers = simulated(seed, skill)
    assert game.over, "pick seeds whose games end inside the simulator's round limit"
    path = tmp_path / "answers.json"
    path.write_text(json.dumps({"setup": {"start": "start"}, **answers}))
    r = run("play", "--answers", path, "--name", "replay", "--seed", seed)
    assert r.exit_code == 0, r.output
    from solo.engine.session import open_saved

    played = open_saved("replay").game
    assert played.over and played.phase.outcome == game.phase.outcome
    assert played.phase.round == game.phase.round
    assert played.board.to_dict() == game.board.to_dict()
    assert comparable(played.log) == comparable(game.log)


@pytest.mark.slow
def test_the_replay_would_notice_a_different_game(tmp_path, run):
    """The comparison above can fail: the same answers with other dice make another game."""
    game, answers = simulated(1, "beginner")
    path = tmp_path / "answers.json"
    path.write_text(json.dumps({"setup": {"start": "start"}, **answers}))
    r = run("play", "--answers", path, "--name", "replay", "--seed", 2)
    from solo.engine.session import open_saved

    played = open_saved("replay").game
    assert r.exit_code != 0 or comparable(played.log) != comparable(game.log)


@pytest.mark.slow
def test_any_number_of_processes_gives_the_same_games():
    seeds = range(1, 41)
    one = simulate.play_many("Starter", seeds, jobs=1)
    two = simulate.play_many("Starter", seeds, jobs=2)
    three = simulate.play_many("Starter", seeds, jobs=3)
    assert one == two == three
    assert one == [simulate.play_one("Starter", s) for s in seeds]
    assert len({(g.winner, g.rounds, g.damage_to_ym) for g in one}) > 5  # not all one game


@pytest.mark.slow
def test_simulate_command_is_the_same_for_any_jobs(run):
    outs = [json.loads(run("simulate", "--games", "24", "--jobs", j, "--json").output)
            for j in (1, 2)]
    assert outs[0] == outs[1] and outs[0]["games"] == 24


@pytest.mark.slow
def test_progress_counts_every_game_once():
    seen = []
    simulate.play_many("Starter", range(1, 21), jobs=2, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 20


# -- ratings --------------------------------------------------------------------------------


def key(ds, opponent="beginner", engine=ENGINE, dm_life=None):
    from solo.cards.catalog import get_catalog

    return ratings.cache_key(ds, get_catalog(), opponent, engine, dm_life)


def test_the_cache_key_follows_everything_that_decides_the_games():
    ds = resolve("Starter")
    base = key(ds)
    assert base == key(resolve("Starter"))
    assert key(ds, "skilled") != base
    assert key(ds, engine=ENGINE + "x") != base
    assert key(ds, dm_life=30) != base
    # the printed life is the life the Dummy Mage has anyway: the same games (a test below)
    from solo.cards.catalog import get_catalog

    assert key(ds, dm_life=get_catalog().get(ratings.MAGES[1]).life) == base
    creatures = dict(ds.decks["creature"])
    first, second = list(creatures)[:2]
    swapped = {second: creatures[second], first: creatures[first],
               **{k: v for k, v in creatures.items() if k not in (first, second)}}
    ds.decks["creature"] = swapped  # the same cards in another order shuffle differently
    assert key(ds) != base
    ds.decks["creature"] = creatures
    assert key(ds) == base
    ds.name = "Renamed"  # a name decides nothing
    assert key(ds) == base


def test_the_cache_keeps_a_rating_and_survives_a_damaged_file(tmp_path):
    path = tmp_path / "cache" / "ratings.json"
    r = ratings.Rating(games=256, dm_wins=100, rounds=2000, damage_to_ym=6000, damage_to_dm=5000)
    cache = ratings_cache.Cache(path)
    cache.put("k", r)
    assert ratings_cache.Cache(path).get("k") == r
    path.write_text("{not json")
    assert ratings_cache.Cache(path).get("k") is None
    shipped = ratings_cache.Cache(path, {"k": r.to_dict()})
    assert shipped.get("k") == r


def test_the_cache_file_stays_readable_by_making_room_with_the_oldest_ratings(tmp_path, monkeypatch):
    """Every rating keeps its games' luck, so the file grows by tens of kilobytes a rating; past
    what solo reads of a file it would be passed over whole.  Put after put, it stays under
    its bound, the newest ratings are all there and the ones put longest ago make room."""
    path = tmp_path / "ratings.json"
    r = ratings.Rating.from_dict(next(iter(json.loads(
        (Path(__file__).resolve().parents[2] / "decks" / "ratings.json").read_text()).values())))
    size = len(json.dumps({"k00": r.to_dict()}))
    monkeypatch.setattr(ratings_cache, "MOST_BYTES", 5 * size)
    for i in range(12):
        ratings_cache.Cache(path).put(f"k{i:02}", r)
        assert path.stat().st_size <= ratings_cache.MOST_BYTES
    again = ratings_cache.Cache(path)
    kept = [i for i in range(12) if again.get(f"k{i:02}") is not None]
    assert kept == list(range(12 - len(kept), 12)) and len(kept) >= 4
    assert again.get("k11") == r
    # one rating larger than the bound is kept alone rather than lost
    monkeypatch.setattr(ratings_cache, "MOST_BYTES", size // 2)
    ratings_cache.Cache(path).put("big", r)
    assert ratings_cache.Cache(path).get("big") == r


@pytest.mark.slow
def test_a_rating_stops_when_its_interval_is_narrow_enough_and_is_then_cached(tmp_path):
    from solo.cards.catalog import get_catalog

    cache = ratings_cache.Cache(tmp_path / "r.json")
    calls = []
    r, kept = ratings.rate(resolve("Starter"), cache=cache, catalog=get_catalog(), engine=ENGINE,
                           half_width=0.08, progress=calls.append)
    assert not kept and r.half_width <= 0.08
    assert r.games % ratings.BATCH == 0
    # the batch before was not yet narrow enough, so no more games were played than needed
    if r.games > ratings.BATCH:
        assert r.head(r.games - ratings.BATCH).half_width > 0.08
    again, kept = ratings.rate(resolve("Starter"), cache=ratings_cache.Cache(tmp_path / "r.json"),
                               catalog=get_catalog(), engine=ENGINE, half_width=0.08)
    assert kept and again == r
    assert calls[-1] == r.games


@pytest.mark.slow
def test_a_half_finished_rating_goes_on_where_it_stopped(tmp_path):
    """A rating cut short by its time limit keeps its games; the next one adds to them and
    ends where one long rating would have ended."""
    from solo.cards.catalog import get_catalog

    cat = get_catalog()
    whole, _ = ratings.rate(resolve("Starter"), cache=ratings_cache.Cache(tmp_path / "a.json"),
                            catalog=cat, engine=ENGINE, half_width=0.09)
    cache = ratings_cache.Cache(tmp_path / "b.json")
    part, _ = ratings.rate(resolve("Starter"), cache=cache, catalog=cat, engine=ENGINE,
                           half_width=0.09, seconds=0.0)
    assert 0 < part.games < whole.games and ratings.needs_more(part, 0.09)
    rest, kept = ratings.rate(resolve("Starter"), cache=ratings_cache.Cache(tmp_path / "b.json"),
                              catalog=cat, engine=ENGINE, half_width=0.09)
    assert not kept and rest == whole


def test_comparison_statistics():
    a = ratings.Rating(games=1000, dm_wins=600, rounds=1, damage_to_ym=0, damage_to_dm=0)
    b = ratings.Rating(games=1000, dm_wins=400, rounds=1, damage_to_ym=0, damage_to_dm=0)
    c = ratings.Comparison(a, b)
    se = math.sqrt(2 * 0.6 * 0.4 / 1000)
    assert c.difference == pytest.approx(0.2)
    assert c.interval == pytest.approx((0.2 - 1.96 * se, 0.2 + 1.96 * se))
    assert c.verdict == "a" and c.chance_a_harder > 0.999
    assert ratings.Comparison(b, a).verdict == "b"
    close = ratings.Comparison(a, ratings.Rating(games=1000, dm_wins=590, rounds=1,
                                                 damage_to_ym=0, damage_to_dm=0))
    assert close.verdict == "same" and 0.5 < close.chance_a_harder < 0.8


@pytest.mark.slow
def test_shipped_ratings_match_the_shipped_sets_and_this_engine():
    """The ratings shipped with solo are keyed by the sets as they are now and this engine,
    and their first games replay exactly as recorded (a rules change that forgot to change
    the engine version fails here)."""
    shipped = ratings_cache.default_cache().shipped
    for name in ("Easier", "Starter", "Harder"):
        for opponent in ("beginner", "skilled"):
            entry = shipped.get(key(resolve(name), opponent))
            assert entry is not None, f"run python scripts/ratings.py ({name}, {opponent})"
            r = ratings.Rating.from_dict(entry).with_(coefficients(ENGINE))  # as solo reads it
            assert not ratings.needs_more(r)
            check = entry["check"]
            games = simulate.play_many(name, range(1, len(check) + 1), opponent)
            assert [[g.winner, g.rounds, g.damage_to_ym, g.damage_to_dm] for g in games] == check


def test_shipped_sets_rate_in_order_of_difficulty():
    """Harder is harder than Starter, Starter than Easier: the intervals do not overlap."""
    cache = ratings_cache.default_cache()
    rs = [cache.get(key(resolve(n))) for n in ("Easier", "Starter", "Harder")]
    assert all(r is not None for r in rs)
    assert ratings.Comparison(rs[1], rs[0]).verdict == "a"
    assert ratings.Comparison(rs[2], rs[1]).verdict == "a"


def _no_games(monkeypatch):
    """Any game played from here on fails the test."""
    def play_many(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(simulate, "play_many", play_many)
    monkeypatch.setattr(ratings, "play_many", play_many, raising=False)


def test_deck_show_rates_a_shipped_set_from_the_shipped_ratings_at_once(run, monkeypatch):
    """Not one game is played: the rating ships with solo (scripts/bench.py times the command
    against its target)."""
    _no_games(monkeypatch)
    r = run("deck", "show", "Starter")
    assert "Difficulty:" in r.output and "95% interval" in r.output and "1," in r.output


def test_compare_says_which_set_is_harder_and_how_sure(run):
    r = run("deck", "compare", "Harder", "Easier")
    assert r.exit_code == 0
    assert "\nHarder is harder than Easier: the Dummy Mage wins" in r.output
    said = " ".join(r.output.split())  # folded to the width
    assert "more than 99.9% sure" in said and "paired on the same 1,024 seeds" in said
    data = json.loads(run("deck", "compare", "Easier", "Harder", "--json").output)
    assert data["harder"] == "Harder" and data["chance_a_harder"] < 0.01
    lo, hi = data["difference_95"]
    assert lo < data["difference"] < hi < 0


def test_compare_a_set_with_itself_finds_no_difference(run):
    r = run("deck", "compare", "Starter", "Starter")
    assert "No difference" in r.output


@pytest.mark.slow
def test_tune_finds_the_life_nearest_the_target_and_tells_how_far_it_is(tmp_path):
    """One tuning (they cost seconds): the life it finds, and what a person waiting is told."""
    from solo.cards.catalog import get_catalog

    cat = get_catalog()
    told: list[str] = []
    t = ratings.tune(resolve("Starter"), 0.4, catalog=cat, engine=ENGINE, probe_games=48,
                     cache=ratings_cache.Cache(tmp_path / "t.json"), half_width=0.1,
                     progress=told.append)
    rates = [r.win_rate for _, r in t.tried]
    lives = [life for life, _ in t.tried]
    # more life never made the Dummy Mage win less often on the same seeds, by much
    assert all(b >= a - 0.1 for a, b in zip(rates, rates[1:]))
    below = [life for life, r in t.tried if r.win_rate < 0.4]
    above = [life for life, r in t.tried if r.win_rate >= 0.4]
    assert below and above and max(below) < min(above)
    # halved until the bracket's ends are neighbours or their tries within the half width
    ends = dict(t.tried)
    assert max(below) + 1 == min(above) or \
        ends[min(above)].win_rate - ends[max(below)].win_rate <= 0.1
    assert t.life in (max(below), min(above)) and t.life in lives
    assert abs(t.rating.win_rate - 0.4) < 0.15
    assert t.printed_life == cat.get("Warlock").life
    # told: one start a life tried, numbered in order, then the full rating of the life chosen
    starts = [m for m in told if m.endswith(": 0 games")]
    tried = [int(m.split("life ")[1].split(":")[0]) for m in starts[:-1]]
    assert starts[:-1] == [f"try {i}, life {life}: 0 games" for i, life in enumerate(tried, 1)]
    assert sorted(tried) == sorted(lives) and tried[0] == t.printed_life
    assert starts[-1] == f"rating life {t.life}: 0 games"
    first = dict(t.tried)[t.printed_life]  # a try stops once the target is clearly out
    assert f"try 1, life {t.printed_life}: {first.games} games" in told and first.games <= 48
    assert told[-1] == f"rating life {t.life}: {t.rating.games:,} games"


def test_the_printed_life_plays_the_games_of_no_life_given():
    """What lets a rating at the Dummy Mage's printed life share the key of one with no life
    given (ratings.cache_key): seed for seed, the very same games."""
    from solo.cards.catalog import get_catalog

    printed = get_catalog().get(ratings.MAGES[1]).life
    ds = resolve("Starter")
    for seed in range(1, 13):
        assert simulate.play_one(ds, seed, dm_life=printed) == simulate.play_one(ds, seed)
    assert simulate.play_one(ds, 1, dm_life=printed - 10) != simulate.play_one(ds, 1)


def test_tune_reads_its_try_at_the_printed_life_from_the_rating_it_has(tmp_path, monkeypatch):
    """A tuning's first try is at the printed life: with the set's rating at hand (for a built-in
    set the shipped one, here 64 games rated before), it plays none of that try's games, and
    chooses as a tuning on an empty cache does."""
    from solo.cards.catalog import get_catalog

    cat = get_catalog()
    printed = cat.get(ratings.MAGES[1]).life
    ds = resolve("Starter")

    def tuned(cache):
        return ratings.tune(ds, 0.4, catalog=cat, engine=ENGINE, probe_games=48, cache=cache,
                            half_width=0.1)

    cold = tuned(ratings_cache.Cache(tmp_path / "cold.json"))
    warm_cache = ratings_cache.Cache(tmp_path / "warm.json")
    ratings.rate(ds, catalog=cat, engine=ENGINE, cache=warm_cache, most=64)
    fake = simulate.play_many
    played: dict[int | None, set[int]] = {}

    def counted(decks, seeds, skill="beginner", **kw):
        played.setdefault(kw.get("dm_life"), set()).update(seeds)
        return fake(decks, seeds, skill, **kw)

    monkeypatch.setattr(simulate, "play_many", counted)
    warm = tuned(warm_cache)
    first = dict(warm.tried)[printed]
    assert printed not in played and first.games > 0
    assert [(life, r.games, r.dm_wins) for life, r in warm.tried] == \
        [(life, r.games, r.dm_wins) for life, r in cold.tried]
    assert (warm.life, warm.rating.games, warm.rating.dm_wins) == \
        (cold.life, cold.rating.games, cold.rating.dm_wins)


@pytest.mark.slow
def test_tune_command_reports_the_life_and_its_interval(run, monkeypatch):
    monkeypatch.setattr(ratings, "HALF_WIDTH", 0.1)
    monkeypatch.setattr(ratings, "PROBE_GAMES", 32)
    r = run("tune", "--decks", "Easier", "--target", "40%", "--json", "--jobs", "2")
    data = json.loads(r.output)
    lo, hi = data["dm_win_rate_95"]
    assert lo <= data["dm_win_rate"] <= hi and 1 <= data["dm_life"] <= 120
    text = run("tune", "--decks", "Easier", "--target", "40%")
    assert f"solo play --decks Easier --dm-life {data['dm_life']}" in text.output
    # every life tried, with its win rate under it, by life (as in --json)
    assert "Lives tried on the same seeds, each until the target was clearly above or below it:" \
        in " ".join(text.output.split())
    lines = text.output.splitlines()
    lives = [w for line in lines if line.startswith("  Dummy Mage life") for w in line.split()[3:]]
    rates = [w for line in lines if line.startswith("  it wins") for w in line.split()[2:]]
    assert lives == [str(t["dm_life"]) for t in data["tried"]]
    assert rates == [f"{100 * t['dm_win_rate']:.0f}%" for t in data["tried"]]


@pytest.mark.parametrize("room", [40, 60, 80])
def test_tune_rows_keep_each_life_over_its_rate_within_the_width(room):
    from solo.cli.commands.ratings import _tries_rows

    cells = [(str(life), f"{life // 3}%") for life in range(1, 120, 7)]
    rows = _tries_rows(cells, room)
    assert all(len(row) <= room for row in rows)
    assert len(rows) % 2 == 0 and len(rows) > 2  # 18 lives need more than one pair of rows
    got = []
    for top, bottom in zip(rows[::2], rows[1::2]):
        # each rate ends in the column its life ends in
        ends = [m.end() for m in re.finditer(r"\S+", top)][3:]
        assert [bottom[:e].split()[-1] for e in ends] == bottom.split()[2:]
        got += list(zip(top.split()[3:], bottom.split()[2:]))
    assert got == cells


def _lucky_first_seeds(monkeypatch, luck: float = 0.08):
    """Games whose Dummy Mage wins with chance 0.05 + 0.004 a life, except that the first 256
    seeds (those every try plays) are ``luck`` more often won: the tries mislead the level,
    not the slope.  Seed for seed the same at every life, as real games are."""
    def play_many(decks, seeds, skill="beginner", *, jobs=1, dm_life=None, progress=None,
                  workers=None):
        out = []
        for seed in seeds:
            chance = 0.05 + 0.004 * dm_life + (luck if seed <= 256 else 0.0)
            won = (seed * 0.6180339887) % 1 < chance
            out.append(simulate.GameStats("dm" if won else "ym", 10, 20, 30))
        return out

    monkeypatch.setattr(simulate, "play_many", play_many)


def test_tune_aims_again_when_the_tries_were_lucky(tmp_path, monkeypatch):
    from solo.cards.catalog import get_catalog

    _lucky_first_seeds(monkeypatch)
    reaims = ratings.REAIMS

    def tuned(reaims: int):
        monkeypatch.setattr(ratings, "REAIMS", reaims)
        return ratings.tune(resolve("Starter"), 0.25, catalog=get_catalog(), engine=ENGINE,
                            cache=ratings_cache.Cache(tmp_path / f"{reaims}.json"))

    first = tuned(0)  # the tries' choice alone: about life 30, which wins about 19%
    lo, hi = first.rating.interval
    assert not lo <= 0.25 <= hi and len(first.rated) == 1
    t = tuned(reaims)
    lo, hi = t.rating.interval
    assert lo <= 0.25 <= hi
    # a full rating counts the lucky seeds too (256 of about 900 games): 25% at about life 44
    assert abs(t.life - 44) <= 4
    assert len(t.rated) > 1 and dict(t.rated)[first.life] == first.rating
    assert t.rating == min((r for _, r in t.rated), key=lambda r: abs(r.win_rate - 0.25))
    assert t.tried == first.tried  # the same tries, then more full ratings


def _alike_lives(monkeypatch, world: int, slope: float = 0.004):
    """Games as alike across lives as real ones: seed s of world ``world`` has its own draw
    u, and the Dummy Mage wins it at life L when u < 0.2 + ``slope`` * L, so one life more
    turns about ``slope`` of the seeds, each for good."""
    import hashlib

    def draw(seed: int) -> float:
        h = hashlib.blake2b(f"{world}:{seed}".encode(), digest_size=8).digest()
        return int.from_bytes(h, "big") / 2 ** 64

    def play_many(decks, seeds, skill="beginner", *, jobs=1, dm_life=None, progress=None,
                  workers=None):
        return [simulate.GameStats("dm" if draw(seed) < 0.2 + slope * dm_life else "ym", 10, 20, 30)
                for seed in seeds]

    monkeypatch.setattr(simulate, "play_many", play_many)
    return lambda life: 0.2 + slope * life


def test_tune_reads_later_tries_against_a_whole_one_in_fewer_games_and_honestly(monkeypatch):
    """After the first try that plays all its games, the others are read against it (the
    same seeds at a life a few away give almost the same games): they stop once their
    difference from it is known, long before the whole, and their 95% intervals still cover
    the true win rate as often as such intervals should."""
    from solo.cards.catalog import get_catalog

    worlds, covered, short = 40, 0, []
    for world in range(worlds):
        true = _alike_lives(monkeypatch, world)
        t = ratings.tune(resolve("Starter"), 0.4, catalog=get_catalog(), engine=ENGINE,
                         half_width=0.05)
        tries = dict(t.tried)
        whole = [life for life, r in t.tried if r.games == ratings.PROBE_GAMES]
        read = [(life, r) for life, r in t.tried if r.ref is not None]
        assert whole and read, "a try was read against a whole one"
        # each read against a whole try's games (the nearest whole one when it was played)
        assert all(r.ref.wins in {tries[x].wins for x in whole} for _, r in read)
        # one that stopped with the target in its 99% interval stopped on its difference,
        # after games enough that seeing no seed turn would have meant something
        for _, r in read:
            inside = abs(r.win_rate - 0.4) <= r.half_width * ratings.PROBE_Z / estimate.Z95
            if r.games < ratings.PROBE_GAMES and inside:
                assert math.sqrt(3) / r.games <= ratings.SHARE * r.ref.estimate.se
        # the tries a few lives from the nearest whole one
        short += [r.games for life, r in read if 0 < min(abs(x - life) for x in whole) <= 4]
        # the try nearest the target: is its interval honest?
        life, r = min(read, key=lambda x: abs(x[1].win_rate - 0.4))
        lo, hi = r.interval
        covered += lo <= true(life) <= hi
    # half the games of a whole try or fewer, typically
    assert short and sorted(short)[len(short) // 2] <= ratings.PROBE_GAMES // 2
    # 95% intervals, one a world: fewer than 33 of 40 covering has a chance under 0.2%
    assert covered >= 33


def test_tune_counts_every_game_it_played_once(tmp_path, monkeypatch):
    """A tuning's games: every try and every full rating, a full rating going on from its
    life's try counted once -- as many as were played, on a cache that held none."""
    from solo.cards.catalog import get_catalog

    _lucky_first_seeds(monkeypatch)  # re-aims: several full ratings, one on a tried life
    fake = simulate.play_many
    played: dict[int, set[int]] = {}

    def counted(decks, seeds, skill="beginner", **kw):
        played.setdefault(kw["dm_life"], set()).update(seeds)
        return fake(decks, seeds, skill, **kw)

    monkeypatch.setattr(simulate, "play_many", counted)
    t = ratings.tune(resolve("Starter"), 0.25, catalog=get_catalog(), engine=ENGINE,
                     cache=ratings_cache.Cache(tmp_path / "t.json"))
    assert sum(len(s) for s in played.values()) == t.games
    assert len(t.rated) > 1 and set(dict(t.tried)) & set(dict(t.rated))
    assert t.games < sum(r.games for _, r in t.tried) + sum(r.games for _, r in t.rated)
    assert t.games > t.rating.games


def test_tune_says_which_lives_it_rated_in_full(run, monkeypatch):
    _lucky_first_seeds(monkeypatch)
    data = json.loads(run("tune", "--target", "25%", "--json", "--jobs", "1").output)
    # every game, tries and full ratings, a life's counted once (its most)
    most: dict[int, int] = {}
    for r in data["tried"] + data["rated"]:
        most[r["dm_life"]] = max(most.get(r["dm_life"], 0), r["games"])
    assert data["total_games"] == sum(most.values()) > data["games"]
    assert len(data["rated"]) > 1 and data["dm_life"] in [r["dm_life"] for r in data["rated"]]
    out = " ".join(run("tune", "--target", "25%", "--jobs", "1").output.split())
    shown = ", ".join(f"{r['dm_life']} {100 * r['dm_win_rate']:.0f}% "
                      f"({100 * r['dm_win_rate_95'][0]:.0f}%-{100 * r['dm_win_rate_95'][1]:.0f}%)"
                      for r in data["rated"])
    assert f"Rated in full, as the first choice's interval missed the target: {shown}." in out


@pytest.mark.parametrize("target", ["abc", "0%", "150%"])
def test_tune_refuses_a_target_out_of_reach(run, target):
    r = run("tune", "--target", target)
    assert r.exit_code == 2 and "Traceback" not in r.output


@pytest.mark.slow
def test_a_rating_in_a_time_budget_stops_before_its_next_games_would_overrun_it(monkeypatch):
    """On a clock that moves 10 ms a game played: the rating uses most of its second and stops
    before the next chunk of games would end past it; the rating so far is the first look."""
    from solo.cards.catalog import get_catalog

    now = [0.0]

    def play_many(decks, seeds, skill="beginner", *, jobs=1, dm_life=None, progress=None,
                  workers=None):
        seeds = list(seeds)
        now[0] += 0.01 * len(seeds)
        return [simulate.GameStats("dm" if seed % 3 == 0 else "ym", 10, 20, 30) for seed in seeds]

    monkeypatch.setattr(simulate, "play_many", play_many)
    monkeypatch.setattr(ratings, "play_many", play_many, raising=False)
    r, kept = ratings.rate(resolve("Starter"), catalog=get_catalog(), engine=ENGINE, seconds=1.0,
                           clock=lambda: now[0])
    assert not kept and ratings.needs_more(r)
    assert 0.5 < now[0] <= 1.0 and r.games == round(now[0] / 0.01)


@pytest.mark.slow
def test_deck_show_gives_a_new_set_a_first_look_in_time_then_finishes_it(run, monkeypatch):
    """`solo deck show` rates a set no cache knows within its time budget (here on a clock that
    moves a second each time it is read, so each showing plays one chunk of games), says it is
    a first look, goes on where it stopped the next time, and `--whole-rating` finishes it
    (scripts/bench.py times a first look against its target)."""
    from solo.cli.commands import ratings as cli_ratings

    r = run("deck", "random", "--seed", "4", "--name", "Rnd4")
    assert r.exit_code == 0, r.output
    monkeypatch.setattr(ratings, "HALF_WIDTH", 0.05)  # a few hundred games, not a thousand
    budgets = []
    rate = ratings.rate

    def on_a_slow_clock(*args, seconds=None, **kwargs):
        budgets.append(seconds)
        ticks = iter(range(10**9))
        return rate(*args, seconds=seconds, **{**kwargs, "clock": lambda: float(next(ticks))})

    monkeypatch.setattr(ratings, "rate", on_a_slow_clock)
    first = run("deck", "show", "Rnd4")
    assert budgets == [cli_ratings.RATING_SECONDS]
    assert "That is a first look" in first.output
    assert "solo deck show Rnd4 --whole-rating" in first.output.replace("\n", " ")
    games = int(first.output.split(" games)")[0].rsplit(", ", 1)[1].replace(",", ""))
    second = run("deck", "show", "Rnd4")
    more = int(second.output.split(" games)")[0].rsplit(", ", 1)[1].replace(",", ""))
    assert more > games  # it went on where it stopped
    whole = run("deck", "show", "Rnd4", "--whole-rating")
    assert "first look" not in whole.output and "Difficulty:" in whole.output
    assert budgets == [cli_ratings.RATING_SECONDS] * 2 + [None]


def _group(pgid: int) -> list[int]:
    """The processes of process group ``pgid`` (Linux: from /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:
            out.append(int(stat.parent.name))
    return out


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("command, signame, whom", [
    (["simulate", "--games", "3000"], "SIGINT", "group"),  # Ctrl-C at a terminal
    (["tune", "--target", "40%"], "SIGINT", "group"),
    (["tune", "--target", "40%"], "SIGTERM", "parent"),  # a rating's streamed games
    (["simulate", "--games", "3000"], "SIGTERM", "parent"),  # kill, a shutting-down system
    (["simulate", "--games", "3000"], "SIGHUP", "group"),  # the terminal closed
    (["simulate", "--games", "3000"], "SIGKILL", "parent"),  # no chance to say anything
    (["simulate", "--games", "3000"], "SIGKILL", "worker"),  # kill -9, or out of memory
    (["tune", "--target", "40%"], "SIGKILL", "worker"),
])
def test_a_simulation_on_every_core_stops_cleanly(tmp_path, command, signame, whom):
    """Stopped mid-game, a command playing on two processes ends with its one line and status
    130, stops its workers, and no worker prints a traceback; killed outright, it leaves no
    worker running for long and nothing on the terminal; a worker killed from outside ends the
    command at once with its one line and status 70 (the pool of before waited for ever)."""
    import os
    import signal
    import subprocess
    import sys
    import time

    env = dict(os.environ, SOLO_CACHE_DIR=str(tmp_path / "cache"))
    # A command typed at a terminal starts with Ctrl-C's default handling, whatever the test
    # run's own (a run started in the background by a script has SIGINT ignored, and its
    # children would inherit that).
    p = subprocess.Popen([sys.executable, "-m", "solo", *command, "--jobs", "2"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                         start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while len(_group(p.pid)) < 3 and time.monotonic() < deadline:  # the parent and two workers
        time.sleep(0.05)
    assert len(_group(p.pid)) >= 3, "the workers never started"
    time.sleep(0.3)  # well into their games
    sig = getattr(signal, signame)
    if whom == "group":
        os.killpg(p.pid, sig)
    elif whom == "worker":
        os.kill(next(pid for pid in _group(p.pid) if pid != p.pid), sig)
    else:
        os.kill(p.pid, sig)
    out, err = p.communicate(timeout=60)
    assert "Traceback" not in err and "Worker" not in err, err
    said = [line for line in err.splitlines() if line and not line.startswith("Playing ")]
    if whom == "worker":
        assert p.returncode == 70, err
        assert len(said) == 1 and said[0].startswith("solo: a process playing the games ended")
        assert "--jobs 1" in said[0]
    elif sig == signal.SIGKILL:
        assert p.returncode == -signal.SIGKILL and said == []
    else:
        assert p.returncode == 130, err
        assert said == ["solo: interrupted"], err  # (simulate names its games first)
    deadline = time.monotonic() + 30  # a worker of a killed parent ends within half a second
    while _group(p.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _group(p.pid) == []
    time.sleep(0.2)
