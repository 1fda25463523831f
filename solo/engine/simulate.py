"""Headless games: the Dummy Mage against a scripted opponent, for deck ratings and statistics.

The opponent (:class:`~solo.engine.opponent.Opponent`, ``beginner`` or ``skilled``) is a
:class:`~solo.core.questions.Prompter` that answers the same questions a person answers in
``solo play``, so simulated games go through exactly the same engine.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final
from collections.abc import Callable
from dataclasses import dataclass, field

from solo.core.interval import wilson
from solo.core.errors import ExitCode, SoloError, StopOnSignals
from solo.engine.game import Game, Settings
from solo.engine.luck import luck_of
from solo.engine.opponent import ATTACK_SPELLS, CREATURES, Opponent  # noqa: F401 (its names here)
from solo.core.kinds import DeckKind, Side, Stage

MAX_ROUNDS: Final = 30
_OVER: Final = Stage.OVER


@dataclass
class GameStats:
    winner: str
    rounds: int
    damage_to_ym: int
    damage_to_dm: int
    played: dict[str, int] = field(default_factory=dict)
    discarded: dict[str, int] = field(default_factory=dict)
    steps: int = 0  # steps played (Game.play_one), for measuring the engine per step
    luck: tuple[int, ...] = ()  # its luck, parts of mean 0 (solo.engine.luck.luck_of)


def new_game(decks, seed: int, skill: str = "beginner", ym_mage: str = "Beastmaster",
             dm_mage: str = "Warlock", dm_life: int | None = None) -> Game:
    """A headless game ready to play, its opponent answering; ``decks`` is a set name, a file,
    or a loaded DeckSet."""
    settings = Settings(ym_mage=ym_mage, dm_mage=dm_mage, dm_life=dm_life, seed=seed, name="sim",
                        decks=decks if isinstance(decks, str) else decks.name)
    game = Game.new(settings, deckset=None if isinstance(decks, str) else decks)
    game.restartable = False
    game.words = False  # nobody reads a simulated game's lines
    game.prompter = Opponent(game, skill)
    return game


class GameFault(SoloError):
    """A simulated game stopped on a fault of solo's own (no deck set or option of the person's
    can cause one): which game, so that it can be played again and reported."""

    exit_code = ExitCode.SOFTWARE


def play_one(decks, seed: int, skill: str = "beginner", ym_mage: str = "Beastmaster",
             dm_mage: str = "Warlock", dm_life: int | None = None) -> GameStats:
    """One whole headless game (see :func:`new_game`).

    The cyclic garbage collector waits for the game's end: a game makes hundreds of thousands
    of short-lived objects, which would start many collections on the way, and nearly none
    that only a collection can free (the game and its opponent, its turn: cut when it ends);
    one collection after the game finds what is left (a fault's frames).  (Which objects live, and when,
    never changes a game: tests/engine/test_simulate.py plays the same games either way.)"""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _play_one(decks, seed, skill, ym_mage, dm_mage, dm_life)
    finally:
        if collecting:
            gc.enable()
            gc.collect(1)  # the game's own cycles (older objects wait for the usual rounds)


def _play_one(decks, seed: int, skill: str, ym_mage: str, dm_mage: str,
              dm_life: int | None) -> GameStats:
    game = new_game(decks, seed, skill, ym_mage, dm_mage, dm_life)
    game.logs = False  # (its statistics read only its steps' data: see Game.logs)
    dealt = dealt_costs(game)
    steps = 0
    try:
        while (phase := game.phase).stage is not _OVER and phase.round <= MAX_ROUNDS:
            game.play_one()  # (game.over written out: two properties a step)
            steps += 1
    except Exception as err:  # the deck set and settings were read above: this is solo's
        import shlex

        from solo.decks.sets import is_builtin

        name = decks if isinstance(decks, str) else \
            decks.name if decks.file is None or is_builtin(decks.file) else decks.file
        raise GameFault(
            f"the simulated game with seed {seed} stopped on a fault of solo's in round "
            f"{game.phase.round} ({type(err).__name__}: {err}); please report it with the "
            f"command that plays it alone: solo simulate --decks {shlex.quote(str(name))} "
            f"--opponent {skill} --seed {seed} --games 1 --jobs 1") from err
    played: dict[str, int] = {}
    discarded: dict[str, int] = {}
    for data in game.step_data:
        card = data.get("card")
        if card and data.get("action") in ("enchantment", "incantation", "attack-spell", "summon"):
            played[card] = played.get(card, 0) + 1
            if data.get("discarded"):
                discarded[card] = discarded.get(card, 0) + 1
    outcome = game.phase.outcome
    b = game.board
    stats = GameStats(winner=outcome.result if outcome is not None else "none",
                      rounds=game.phase.round,
                      damage_to_ym=b.mages[Side.YM].damage, damage_to_dm=b.mages[Side.DM].damage,
                      played=played, discarded=discarded, steps=steps,
                      luck=luck_of(game.rng.history, dealt))
    # The game would be a cycle (it and its opponent, its turn, hold each other): cut here, so
    # that all it made is freed as the last reference to it goes, and the collection after the
    # game (play_one) has nothing of it to look through (it finds none of a game ended so).
    game.prompter = None
    del game.yours
    return stats


def dealt_costs(game: Game) -> list[int]:
    """The mana costs of the Dummy Mage's creature deck as a new game dealt it, top first (for
    its luck: solo.engine.luck)."""
    cat = game.board.cat
    costs = []
    for name in game.board.decks[DeckKind.CREATURE]:
        card = cat.find(name)
        cost = card.cost if card is not None else None
        costs.append(cost if isinstance(cost, int) else 0)
    return costs


def cores() -> int:
    """How many cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


#: In a worker: the pool's stop flag, set when the pool is being closed (see Workers.close).
_STOP: Any = None


def _worker_start(stop: Any) -> None:
    """A worker leaves Ctrl-C and the terminal's hangup to its parent, which stops the pool
    and says so in one line (both reach every process of the command); SIGTERM ends it at once
    (the pool stops its workers with it, so no handler of the parent's may catch it here).
    What a worker has to say reaches the parent as a result or an error, so its own standard
    error goes nowhere: a parent killed outright leaves no worker's broken-pipe traceback on the
    person's terminal."""
    global _STOP
    _STOP = stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    sys.stderr = open(os.devnull, "w")
    _watch_parent()
    gc.freeze()  # what the parent made (the catalog...) is never garbage: no collection reads it


def _watch_parent() -> None:
    """A worker whose parent is gone (killed outright) ends within half a second, whatever it
    is doing: nothing would read its games, and nothing else would end it."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="solo-parent-watch", daemon=True).start()


def _play_chunk(job: tuple) -> list[GameStats]:
    decks, seeds, skill, dm_life = job
    out: list[GameStats] = []
    for seed in seeds:  # a pool being closed ends its tasks between two games (none is read)
        if _STOP is not None and _STOP.is_set():
            break
        out += play_many(decks, [seed], skill, dm_life=dm_life)
    return out


def play_many(decks, seeds, skill: str = "beginner", *, jobs: int = 1,
              dm_life: int | None = None,
              progress: Callable[[int], None] | None = None,
              workers: "Workers | None" = None) -> list[GameStats]:
    """Whole games, one per seed, in the order of ``seeds``, on ``jobs`` processes (those of
    ``workers`` when given: a pool kept over many calls).

    Each game depends on its seed and settings alone, so the results are the same for any
    number of jobs.  ``progress`` is told how many games have finished, as they finish.
    """
    seeds = list(seeds)
    if workers is not None and workers.jobs > 1 and len(seeds) > 1:
        return _play_on(workers.pool(), _chunks(decks, seeds, skill, dm_life, workers.jobs),
                        progress)
    jobs = max(1, min(jobs, len(seeds)))
    if jobs == 1:
        out = []
        for s in seeds:
            out.append(play_one(decks, s, skill, dm_life=dm_life))
            if progress is not None:
                progress(len(out))
        return out
    chunks = _chunks(decks, seeds, skill, dm_life, jobs)
    with Workers(jobs) as own:  # leaving the block stops the pool
        return _play_on(own.pool(), chunks, progress)


class Stream:
    """Games of seeds ``first``, ``first + 1``... handed out one at a time, in seed order, by
    :meth:`take`; played ahead on the processes of ``workers`` (in this process when it has one
    job), a few games a task and at most two tasks a process in flight, so no process waits at
    the end of a batch for the others (a rating looks at its games every few, see
    solo.engine.ratings.rate).  Games sent but never taken are dropped: a caller that stops
    early leaves at most those few games to its pool."""

    def __init__(self, decks: Any, first: int, skill: str, dm_life: int | None,
                 workers: "Workers", per_task: int = 2) -> None:
        self.decks = decks
        self.skill = skill
        self.dm_life = dm_life
        self.workers = workers
        self.per_task = max(1, per_task)
        self.sent = first  # the first seed not yet sent (or played, on one job)
        self.pending: deque[Any] = deque()  # the tasks sent, in seed order
        self.ready: deque[GameStats] = deque()  # games back, not yet taken

    def take(self, last: int) -> GameStats:
        """The next game, having sent the games after it up to seed ``last`` at the most (a
        caller that may stop on time or count says where; the game taken is at most
        ``last``)."""
        if self.workers.jobs <= 1:  # one game at a time, when it is asked for
            if self.sent > last:
                raise ValueError(f"no game to take up to seed {last}")
            seed = self.sent
            self.sent += 1
            return play_many(self.decks, [seed], self.skill, dm_life=self.dm_life,
                             workers=self.workers)[0]
        try:
            pool = self.workers.pool()
            while not self.ready:
                self._send(pool, last)
                if not self.pending:
                    raise ValueError(f"no game to take up to seed {last}")
                self.ready.extend(self.pending.popleft().result())
            self._send(pool, last)  # the processes play on while this game is read
        except BrokenProcessPool:
            raise WorkerLost() from None
        return self.ready.popleft()

    def close(self) -> None:
        """Drops the games sent and not taken that no process has started (a pool kept for
        more is left free for them)."""
        while self.pending:
            self.pending.popleft().cancel()

    def _send(self, pool: Any, last: int) -> None:
        while len(self.pending) < 2 * self.workers.jobs and self.sent <= last:
            seeds = list(range(self.sent, min(self.sent + self.per_task, last + 1)))
            self.pending.append(pool.submit(
                _play_chunk, (self.decks, seeds, self.skill, self.dm_life)))
            self.sent = seeds[-1] + 1


def _chunks(decks, seeds: list[int], skill: str, dm_life: int | None, jobs: int) -> list[tuple]:
    """The seeds in chunks small enough to share the work evenly, large enough to keep the
    pipes quiet."""
    size = max(1, min(64, len(seeds) // (jobs * 4) or 1))
    return [(decks, seeds[i:i + size], skill, dm_life) for i in range(0, len(seeds), size)]


def _play_on(pool, chunks: list[tuple], progress: Callable[[int], None] | None) -> list[GameStats]:
    out: list[GameStats] = []
    sent: list[Any] = []
    try:
        sent += [pool.submit(_play_chunk, chunk) for chunk in chunks]
        # SIGTERM and SIGHUP stop the command as Ctrl-C does (the workers leave the hangup to
        # this process; SIGTERM ends a worker only when it is sent to the worker itself).
        with StopOnSignals():
            for part in sent:
                out += part.result()
                if progress is not None:
                    progress(len(out))
    except BrokenProcessPool:
        raise WorkerLost() from None
    finally:  # the chunks not started yet are dropped (a pool kept for more is left free)
        for part in sent:
            part.cancel()
    return out


class WorkerLost(SoloError):
    """A process playing games ended before it answered: killed from outside (by a person, or
    by the system when memory ran out).  Its games are lost, so the command stops, saying so."""

    exit_code = ExitCode.SOFTWARE

    def __init__(self) -> None:
        super().__init__("a process playing the games ended before it answered (killed, or out "
                         "of memory?): run the command again, or with --jobs 1 for one process")


def _context():
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


class Workers:
    """``jobs`` processes kept for many batches of games (``solo tune``'s tries and ratings, a
    rating's chunks), started at the first batch that needs them and stopped on leaving the
    ``with`` block: a pool is started once, not once a batch."""

    def __init__(self, jobs: int) -> None:
        self.jobs = max(1, jobs)
        # (typed: the compiled build holds an attribute to the type its first value gives it)
        self._pool: Any = None
        self._stop: Any = None

    def pool(self):
        """The processes, as a concurrent.futures.ProcessPoolExecutor: a worker killed from
        outside breaks the pool, and every task waited for says so (:class:`WorkerLost`)
        instead of waiting for ever."""
        if self._pool is None:
            ctx = _context()
            self._stop = ctx.Event()
            self._pool = _pool(ctx, self.jobs, self._stop)
        return self._pool

    def __enter__(self) -> "Workers":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Stops the workers, having let each end the game it is on: the tasks not started are
        dropped, the ones started end after their game (a stop flag the workers read between
        two games), and the workers then leave by themselves.  None is ended while it hands
        back a result, which would leave the pool's locks held."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        self._stop.set()
        pool.shutdown(wait=True, cancel_futures=True)


def _nothing() -> None:
    """A task that does nothing: the first one starts the workers."""


def _pool(ctx, jobs: int, stop: Any):
    """``jobs`` workers whose Ctrl-C and hangup are ignored from their first instant, and whose
    SIGTERM is the system's: started while the parent has them so (the initializer covers spawn,
    where the workers start later, and a call from a thread other than the main one, which may
    not touch signals).  A parent playing games has its own SIGTERM handler
    (solo.core.errors.StopOnSignals), and a worker that inherited it could swallow the SIGTERM
    that ends it."""
    wanted: dict[int, Any] = {signal.SIGINT: signal.SIG_IGN, signal.SIGTERM: signal.SIG_DFL}
    if hasattr(signal, "SIGHUP"):
        wanted[signal.SIGHUP] = signal.SIG_IGN
    previous: dict[int, Any] = {}
    try:
        for sig, how in wanted.items():
            previous[sig] = signal.signal(sig, how)
    except ValueError:  # not the main thread
        pass
    try:
        pool = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_worker_start,
                                   initargs=(stop,))
        pool.submit(_nothing)  # forked workers start at the first task, all of them
        return pool
    finally:
        for sig, how in previous.items():
            signal.signal(sig, how)


def summarise(results: list[GameStats]) -> dict:
    n = len(results)
    wins = sum(r.winner == Side.DM for r in results)
    lo, hi = wilson(wins, n)
    rounds = sum(r.rounds for r in results)
    played: dict[str, int] = {}
    discarded: dict[str, int] = {}
    for r in results:
        for k, v in r.played.items():
            played[k] = played.get(k, 0) + v
        for k, v in r.discarded.items():
            discarded[k] = discarded.get(k, 0) + v
    return {
        "games": n, "dm_wins": wins, "dm_win_rate": wins / n if n else 0.0,
        "dm_win_rate_95": [lo, hi], "unfinished": sum(r.winner == "none" for r in results),
        "draws": sum(r.winner == "draw" for r in results),
        "average_rounds": rounds / n if n else 0.0,
        "dm_damage_per_round": sum(r.damage_to_ym for r in results) / rounds if rounds else 0.0,
        "your_damage_per_round": sum(r.damage_to_dm for r in results) / rounds if rounds else 0.0,
        "cards": {k: {"played": v, "discarded": discarded.get(k, 0)} for k, v in sorted(played.items())},
    }


#: The Dummy Mage's win rate below which a set earns each word.  The shipped sets against the
#: beginner opponent (about a thousand games each, engine solo-engine/3): Easier 10%,
#: Starter 43%, Harder 72%.
RATINGS: Final = ((0.25, "easy"), (0.55, "fair"), (0.80, "hard"))


def rating(dm_win_rate: float) -> str:
    """A word for how hard a deck set is, by how often the Dummy Mage wins with it.

    >>> [rating(x) for x in (0.10, 0.43, 0.72, 0.9)]
    ['easy', 'fair', 'hard', 'brutal']
    """
    for limit, word in RATINGS:
        if dm_win_rate < limit:
            return word
    return "brutal"
