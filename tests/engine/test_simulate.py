"""The headless simulator and the deck difficulty rating."""

import json

import pytest

from solo.rules import combat
from solo.engine import simulate
from solo.decks.sets import resolve


def test_the_same_seed_plays_the_same_game():
    a = simulate.play_one("Starter", 7, "skilled")
    b = simulate.play_one("Starter", 7, "skilled")
    assert a == b
    game, steps = simulate.new_game("Starter", 7, "skilled"), 0  # the steps it counts
    while not game.over and game.phase.round <= simulate.MAX_ROUNDS:
        game.play_one()
        steps += 1
    assert a.steps == steps > 20 and a.rounds == game.phase.round


@pytest.mark.parametrize("skill", ["beginner", "skilled"])
def test_games_end_with_a_winner_and_the_opponent_plays_legally(skill, monkeypatch):
    real = combat.resolve_attack
    checked = []

    def legal(board, attacker, attack, target, source, **kw):
        if attacker.side == "ym" and not kw.get("is_spell") and getattr(attack, "is_melee", False):
            assert attacker.zone == target.zone, "melee across zones"
            assert not board.flying(target) or board.flying(attacker)
            checked.append(attack.name)
        return real(board, attacker, attack, target, source, **kw)

    monkeypatch.setattr(combat, "resolve_attack", legal)
    stats = [simulate.play_one("Starter", seed, skill) for seed in range(1, 11)]
    assert all(s.winner in ("dm", "ym") for s in stats)
    assert all(1 <= s.rounds <= simulate.MAX_ROUNDS for s in stats)
    assert checked, "the opponent made melee attacks"
    for s in stats:
        assert all(s.discarded.get(card, 0) <= n for card, n in s.played.items())


def test_summary_adds_up():
    results = [simulate.play_one("Easier", seed, "beginner") for seed in range(1, 6)]
    s = simulate.summarise(results)
    assert s["games"] == 5 and s["dm_wins"] == sum(r.winner == "dm" for r in results)
    lo, hi = s["dm_win_rate_95"]
    assert 0 <= lo <= s["dm_win_rate"] <= hi <= 1
    assert s["average_rounds"] == sum(r.rounds for r in results) / 5
    assert sum(c["played"] for c in s["cards"].values()) == sum(sum(r.played.values()) for r in results)


def test_wilson_interval_narrows_with_more_games():
    lo1, hi1 = simulate.wilson(10, 100)
    lo2, hi2 = simulate.wilson(100, 1000)
    assert lo1 < 0.1 < hi1 and lo2 < 0.1 < hi2
    assert hi2 - lo2 < hi1 - lo1
    assert simulate.wilson(0, 0) == (0.0, 1.0)


def test_simulate_command(run):
    r = run("simulate", "--games", "3", "--seed", "2", "--json")
    data = json.loads(r.output)
    assert {"games", "dm_wins", "dm_win_rate", "dm_win_rate_95", "average_rounds",
            "dm_damage_per_round", "cards", "rating"} <= set(data)
    assert data["games"] == 3
    human = run("simulate", "--games", "3", "--seed", "2")
    assert "Dummy Mage wins:" in human.output and "Rating:" in human.output


def test_simulate_bad_decks(run, tmp_path):
    assert run("simulate", "--decks", "Nope", "--games", "1").exit_code == 2
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Bad"\n[creature]\n"Timber Wolf" = 2\n')
    r = run("simulate", "--decks", bad, "--games", "1")
    assert r.exit_code == 1 and "not a valid deck set" in r.output


def test_deck_show_rates_the_set(run):
    r = run("deck", "show", "Easier")
    assert "Difficulty: easy" in r.output
    assert "Difficulty" not in run("deck", "show", "Easier", "--no-rating").output


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_fault_in_a_simulated_game_is_one_line_that_names_the_game(run, monkeypatch, jobs):
    """No traceback, even from a worker process: which game stopped, in which round, and the
    command that plays it alone (exit status 70, a fault of the software)."""
    from solo.engine.game import Game

    real = Game.play_one

    def faulty(self):
        if self.settings.seed == 3 and self.phase.round >= 2:
            raise KeyError("a fault planted by the test")
        return real(self)

    monkeypatch.setattr(Game, "play_one", faulty)
    r = run("simulate", "--games", "4", "--seed", "1", "--jobs", jobs)
    assert r.exit_code == 70, r.output
    assert "Traceback" not in r.output and len(r.output.strip().splitlines()) == 1
    assert "seed 3 stopped on a fault of solo's in round 2 (KeyError" in r.output
    assert "solo simulate --decks Starter --opponent beginner --seed 3 --games 1 --jobs 1" in r.output


def test_a_game_plays_the_same_with_the_collector_waiting_or_collecting_as_it_goes():
    """play_one holds the cyclic garbage collector back until the game's end: the games are
    those a collector collecting as it goes (often, to make any difference show) plays, and
    the collector is left as it was found."""
    import gc

    deckset = resolve("Starter")
    waited = [simulate.play_one(deckset, s) for s in (3, 4, 5)]
    assert gc.isenabled()
    threshold = gc.get_threshold()
    try:
        gc.set_threshold(50, 2, 2)
        eager = [simulate._play_one(deckset, s, "beginner", "Beastmaster", "Warlock", None)
                 for s in (3, 4, 5)]
    finally:
        gc.set_threshold(*threshold)
    assert waited == eager
    gc.disable()
    try:
        simulate.play_one(deckset, 3)
        assert not gc.isenabled()  # a caller that turned it off keeps it off
    finally:
        gc.enable()


def test_a_rating_game_leaves_nothing_for_the_collector():
    """_play_one cuts the cycles a game makes (it and its opponent, its turn): all of it is freed
    as its last reference goes, and the collection play_one makes after a game finds nothing."""
    import gc

    deckset = resolve("Starter")
    gc.collect()
    gc.disable()
    try:
        found = []
        for seed, skill in ((3, "beginner"), (4, "skilled"), (11, "beginner")):
            simulate._play_one(deckset, seed, skill, "Beastmaster", "Warlock", None)
            found.append(gc.collect())
    finally:
        gc.enable()
    assert found == [0, 0, 0]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_stream_hands_out_the_games_of_its_seeds_in_order_and_drops_the_rest(jobs):
    """Games streamed (on two processes, or in this one) are the games of their seeds, in seed
    order, whatever finished first; a stream left early leaves its pool to the next one, whose
    games are its own seeds' (the ones sent ahead and never taken are dropped); no game past
    the last seed asked for is ever played."""
    alone = simulate.play_many("Starter", range(1, 13))
    with simulate.Workers(jobs) as workers:
        first = simulate.Stream("Starter", 1, "beginner", None, workers)
        taken = [first.take(12) for _ in range(5)]  # and, on two, more sent ahead
        assert first.sent > 6 if jobs > 1 else first.sent == 6
        again = simulate.Stream("Starter", 6, "beginner", None, workers)
        taken += [again.take(12) for _ in range(7)]
        with pytest.raises(ValueError):
            again.take(12)  # nothing past seed 12 is ever sent
    assert taken == alone


_SIGTERM_CHILD = r"""
import multiprocessing, os, signal, sys, time
from solo.core.errors import StopOnSignals
from solo.engine import simulate

class SlowToFree:  # a worker freeing these spends its time where Python swallows exceptions
    def __del__(self):
        time.sleep(0.002)

def busy(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        SlowToFree()
    return os.getpid()

if __name__ == "__main__":
    sig = getattr(signal, sys.argv[1])
    with StopOnSignals():
        workers = simulate.Workers(1)
        task = workers.pool().submit(busy, 3.0)
        time.sleep(0.5)  # well into its freeing
        (worker,) = multiprocessing.active_children()
        os.kill(worker.pid, sig)
        deadline = time.monotonic() + 2.0  # (the pool's thread may reap it first: ask again)
        while worker.exitcode is None and time.monotonic() < deadline:
            time.sleep(0.02)
        print(worker.exitcode, flush=True)
        if worker.exitcode is None:
            print(task.result(10) == worker.pid, flush=True)
        workers.close()
    print(len(multiprocessing.active_children()), flush=True)
"""


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_worker_started_while_games_are_played_is_stopped_by_sigterm(tmp_path, signame):
    """A pool started inside StopOnSignals (a rating starts its pool at its first game) leaves
    its workers the system's SIGTERM, which is how the pool stops them: one that inherited the
    parent's handler could swallow it (in a finalizer, say) and play on, so that stopping the
    pool waited for it for ever (seen: a rating's pool never stopped).  Its hangup and Ctrl-C
    are its parent's to act on.  (Played in a process of its own, which a hang cannot keep.)"""
    import signal
    import subprocess
    import sys

    script = tmp_path / "child.py"
    script.write_text(_SIGTERM_CHILD)
    try:
        done = subprocess.run([sys.executable, str(script), signame], capture_output=True,
                              text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the pool was never stopped")
    said = done.stdout.split()
    if signame == "SIGTERM":
        assert said == [str(-signal.SIGTERM), "0"], done.stderr
    else:  # ignored: the worker ends its task, then the pool is stopped
        assert said == ["None", "True", "0"], done.stderr


def _sleep_then_pid(seconds: float) -> int:
    import os
    import time
    time.sleep(seconds)
    return os.getpid()


def test_closing_a_pool_lets_its_workers_end_their_game_and_skips_what_is_queued():
    """Closing a pool in the middle of its tasks drops the queued ones and lets the ones being
    played end after their game (a stop flag the workers read between games) before the
    workers leave: a worker is never ended while it may be sending a result."""
    import multiprocessing
    import time

    with simulate.Workers(2) as workers:
        pool = workers.pool()
        # (both workers asleep well past the close, however loaded the machine)
        playing = [pool.submit(_sleep_then_pid, 1.0) for _ in range(2)]
        queued = [pool.submit(simulate._play_chunk, ("Starter", list(range(1, 400)), "beginner", None))
                  for _ in range(4)]
        time.sleep(0.1)
    assert all(r.done() and not r.cancelled() and r.result() > 0 for r in playing)
    # the queued: not started (dropped), or started and ended at once with no game
    assert all(r.cancelled() or r.result() == [] for r in queued)
    assert multiprocessing.active_children() == []


def test_a_worker_killed_from_outside_stops_the_games_with_one_line_not_a_wait():
    """A worker killed mid-game (by a person, or by the system when memory runs out) loses its
    games: a stream or a batch waiting for them says so (WorkerLost, exit status 70) at once
    instead of waiting for ever, and the pool still closes."""
    import multiprocessing
    import os
    import signal
    import time

    from solo.core.errors import ExitCode

    # (a stream asked at once, a batch, and a stream asked once the pool knows it is broken,
    # when sending more games is what fails)
    for way in ("stream", "batch", "stream later"):
        with simulate.Workers(2) as workers:
            stream = simulate.Stream("Starter", 1, "beginner", None, workers)
            stream.take(400)
            victim = multiprocessing.active_children()[0]
            os.kill(victim.pid, signal.SIGKILL)
            if way == "stream later":
                victim.join(10)
                time.sleep(0.5)
            with pytest.raises(simulate.WorkerLost) as lost:
                if way.startswith("stream"):
                    for _ in range(399):
                        stream.take(400)
                else:
                    simulate.play_many("Starter", range(1, 400), workers=workers)
        assert lost.value.exit_code == ExitCode.SOFTWARE and "--jobs 1" in str(lost.value)
        assert multiprocessing.active_children() == []


@pytest.mark.parametrize("seed,skill", [(3, "beginner"), (11, "skilled"), (18, "beginner")])
def test_a_game_that_logs_nothing_plays_the_game_that_logs_every_step(seed, skill):
    """The simulator's games log no step (Game.logs): the same game as a logged one, the data of
    the same steps kept, and what it counts as played the same as the logged game's log says."""
    logged = simulate.new_game("Starter", seed, skill)
    bare = simulate.new_game("Starter", seed, skill)
    bare.logs = False
    for game in (logged, bare):
        while not game.over and game.phase.round <= simulate.MAX_ROUNDS:
            game.play_one()
    assert bare.log == [] and logged.log[-1]["label"] == "game over"
    assert bare.step_data == [e["data"] for e in logged.log if e.get("data")] != []
    assert logged.step_data == []
    assert bare.board.to_dict() == logged.board.to_dict()
    assert bare.rng.history == logged.rng.history and bare.phase.outcome == logged.phase.outcome
    played = {}
    for e in logged.log:
        data = e.get("data") or {}
        if data.get("card") and data.get("action") in ("enchantment", "incantation",
                                                       "attack-spell", "summon"):
            played[data["card"]] = played.get(data["card"], 0) + 1
    assert simulate.play_one("Starter", seed, skill).played == played != {}
