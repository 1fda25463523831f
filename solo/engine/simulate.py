"""Headless games: the Dummy Mage against a scripted opponent, for deck ratings and statistics.

The opponent is a :class:`~solo.core.questions.Prompter` that answers the same questions a person
answers in ``solo play``, so simulated games go through exactly the same engine.  It plays a
fixed spellbook with a mana budget (its mage's channeling each round):

* ``beginner`` -- its mage summons (a full action) when it can afford to and stands more than a
  zone from the Dummy Mage, walks its creatures and mage straight at the Dummy Mage and hits
  whatever stands in the zone; it passes its quickcast (its creatures are not quick spells);
* ``skilled`` -- also casts a quick attack spell at the Dummy Mage with its quickcast, keeps its
  mage back while it has creatures, and picks off the Dummy Mage's weakest creature before it
  strikes.

Like a person's, its quickcast casts only a quick spell (solo.engine.game offers no other).
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

from solo.automaton import attacks as attack_rules, movement
from solo.rules.decision import in_arena
from solo.rules import yours
from solo.core.interval import wilson
from solo.rules.board import Piece
from solo.core.errors import ExitCode, SoloError, StopOnSignals
from solo.engine.game import Game, Settings
from solo.engine.luck import luck_of
from solo.core.questions import NOTHING, Prompter, Question
from solo.rules import targeting
from solo.core.kinds import DM, YM, DeckKind, Side, Stage

#: The opponent's fixed spellbook: (card, mana) in the order it likes them.
CREATURES: Final = [("Timber Wolf", 9), ("Bitterwood Fox", 5), ("Steelclaw Grizzly", 17)]
ATTACK_SPELLS: Final = [("Fireball", 8), ("Jet Stream", 4)]
MAX_ROUNDS: Final = 30
_OVER: Final = Stage.OVER


class Opponent(Prompter):
    """Answers `solo play`'s questions for your side, legally, by a simple policy."""

    reads = False  # answers by ids and values: no odds text is built for it

    def __init__(self, game: Game, skill: str = "beginner") -> None:
        if skill not in ("beginner", "skilled"):
            raise ValueError(f"skill must be beginner or skilled, not {skill!r}")
        self.game = game
        self.skill = skill
        self.mana = 0
        self.round_paid = 0
        self.plan: dict = {}
        #: what its actor could hit in melee where it stands, as "turn.what" found it (actor id,
        #: targets) when it answered "attack": the target question asked right after it reads
        #: it (the board has not changed in between); any other question forgets it
        self._melee: tuple[str, list[Piece]] | None = None
        #: the way toward its quarry, as "turn.what" found it (actor id, zones), for the move
        #: question asked right after it (likewise forgotten by any other)
        self._way: tuple[str, list[str]] | None = None

    # -- helpers (the board read as ``self.game.board``: a restore replaces it) --------------------
    def _channel(self) -> None:
        rnd = self.game.phase.round
        if rnd != self.round_paid:
            self.round_paid = rnd
            mage = self.game.board.card_of(self.game.board.mages[Side.YM])
            channeling = mage.channeling if mage is not None else 0  # (a mage's is a number)
            self.mana += (channeling if isinstance(channeling, int) else 0) or 9

    def _their(self) -> list[Piece]:
        b = self.game.board
        return [p for p in [b.mages[Side.DM], *b.side_creatures(Side.DM)] if in_arena(b, p)]

    def _quarry(self, actor: Piece) -> Piece:
        """Where the actor is heading: the Dummy Mage, or (skilled) its nearest creature."""
        b = self.game.board
        dm = b.mages[DM]
        if self.skill == "skilled":
            creatures = [c for c in b.side_creatures(Side.DM) if in_arena(b, c)
                         and not b.flying(c)]
            if creatures:
                return min(creatures, key=lambda c: (b.distance(actor.zone, c.zone), b.remaining_life(c), c.id))
        return dm

    def _melee_targets(self, actor: Piece, zone: str | None = None,
                       found: list[Piece] | None = None) -> list[Piece]:
        """What ``actor`` could hit in melee in its zone (or in ``zone``, were it there): by the
        game's own reach (flying, Reach, Invisible, Obscured...) and guards; only the taunter
        when a Taunt holds it (``found``: :meth:`_in_melee`'s, when worked out already)."""
        if found is None:
            found = self._in_melee(actor, zone)
        if found and actor.has_condition("Taunt"):
            taunters = [p for p in found if p.card in attack_rules.TAUNTERS]
            return taunters or found
        return found

    def _has_melee_target(self, actor: Piece, zone: str | None = None) -> bool:
        """Whether :meth:`_melee_targets` holds any (the first found is enough: a Taunt only
        narrows a list that is not empty)."""
        return bool(self._in_melee(actor, zone, first=True))

    def _in_melee(self, actor: Piece, zone: str | None, first: bool = False) -> list[Piece]:
        """The Dummy Mage's mage and creatures ``actor`` could hit in melee in its zone (or in
        ``zone``), in that order (``first``: the first found only, for a caller asking whether
        there is one).  (Loops, not comprehensions or a generator: each is a call of its own,
        dearer than the few items looked at; asked some 170 times a game.)"""
        b = self.game.board
        found: list[Piece] = []
        where = actor.zone if zone is None else zone
        theirs = b.side_creatures(DM)
        here = []  # (self._their(), in its zone, first: often none, and nothing more to look at)
        for p in (b.mages[DM], *theirs):
            if p.zone != where:  # (in_arena written out below)
                continue
            conditions = p.conditions
            if "Banish" in conditions and conditions["Banish"] > 0:
                continue
            here.append(p)
        if not here:
            return found
        melee = []
        for a in b.attacks(actor):
            if a.is_melee and a.action and a.dice is not None:
                melee.append(a)
        if not melee:
            return found
        guarded = False
        for c in theirs:
            if c.guarding and c.zone == where:
                guarded = True
                break
        for p in here:
            for a in melee:
                if targeting.can_reach(b, actor, a, where, p) \
                        and not (guarded and attack_rules.guard_blocks(b, actor, a, where, p)):
                    found.append(p)
                    if first:
                        return found
                    break
        return found

    def _best_target(self, options: list[Piece]) -> Piece:
        b = self.game.board
        if self.skill == "skilled":
            return min(options, key=lambda p: (p.kind == "mage", b.remaining_life(p), p.id))
        return options[0]

    def _spell_in_range(self, quick: bool = False):
        """The first attack spell it can afford that reaches the Dummy Mage by the game's rules
        (:func:`solo.rules.yours.can_cast`); ``quick``: only a quick one (a quickcast)."""
        b = self.game.board
        ym, dm = b.mages[Side.YM], b.mages[Side.DM]
        for name, cost in ATTACK_SPELLS:
            if cost > self.mana:
                continue
            card = b.cat.get(name)
            if (not quick or name in b.cat.quick_names("Attack")) \
                    and yours.can_cast(b, ym, card, dm):
                return name, cost
        return None

    def _summon_choice(self):
        for name, cost in CREATURES:
            if cost <= self.mana:
                return name, cost
        return None

    # -- answering -------------------------------------------------------------------------------
    def ask(self, q: Question):
        if self.game.phase.round != self.round_paid:  # (the check of _channel, written out)
            self._channel()
        melee, self._melee = self._melee, None
        way, self._way = self._way, None
        if q.id == "turn.actor":  # (_answer's first answer, written out: asked at every turn;
            # the menu's default is its first choice's value itself, what chosen would find)
            return q.default
        answer = self._answer(q, melee, way)
        if q.kind == "select" and not q.escapes:  # (its answer is a choice's value, mostly:
            # what Question.parse finds first, found here without parse's call)
            value = q.chosen(answer)
            if value is not NOTHING:
                return value
        return q.parse(answer)

    def _answer(self, q: Question, melee: tuple[str, list[Piece]] | None = None,
                way: tuple[str, list[str]] | None = None):
        """Its answer to ``q`` (``melee``: what the question before found in melee reach, see
        ``_melee``; ``way``: the way it found toward its quarry, see ``_way``)."""
        qid = q.id
        # (the questions of every turn first: asked most)
        if qid == "turn.actor":  # its first active creature, else its mage, else done: the
            # menu's first choice and default (it lists those in that order)
            return q.default
        b = self.game.board
        if qid == "turn.what":
            actor = self._actor(q)
            offered = q.values()
            if "attack" in offered:  # (none when Staggered)
                found = self._in_melee(actor, None)  # (all of them: the target's question
                # reads them next)
                if found:
                    self._melee = (actor.id, found)
                    return "attack"
            if actor.kind == "mage" and self.skill == "skilled" and b.side_creatures(YM):
                if self._summon_choice() is not None:
                    self.plan = {"summon": self._summon_choice()}
                    return "summon"
                return "other"  # keeps back while its creatures fight
            if actor.kind == "mage" and (pick := self._summon_choice()) is not None and \
                    b.distance(actor.zone, b.mages[Side.DM].zone) > 1:
                self.plan = {"summon": pick}
                return "summon"
            # (no move-attack for a Slow one)
            if movement.held(b, actor) or "move" not in offered:
                return "other"  # it cannot move (a push or a teleport is not its to make)
            return "move-attack" if "move-attack" in offered and self._next_zone_has_target(actor) \
                else "move"
        if qid == "quickcast.you":  # one quick spell: its creatures take a full action
            # (asked more often than the two below)
            if self.skill == "skilled" and (spell := self._spell_in_range(quick=True)):
                self.plan = {"spell": spell}
                return "spell"
            return "pass"
        if qid == "turn.move.zone":
            actor = self._actor(q)
            if way is not None and way[0] == actor.id:
                steps = way[1]
            else:
                goal = self._quarry(actor)
                steps = b.geometry().step_toward(actor.zone, goal.zone, b.flying(actor))
            offered = q.values()
            return steps[0] if steps and steps[0] in offered else q.default
        if qid == "turn.attack.target":  # among the objects the game offers, and no other
            actor = self._actor(q)
            offered = q.values()
            kept = melee[1] if melee is not None and melee[0] == actor.id else None
            options = []
            for p in self._melee_targets(actor, found=kept) or self._their():  # (a loop, not
                # a comprehension's call: a few objects)
                if p.id in offered:
                    options.append(p)
            return self._best_target(options or [b.get(v) for v in offered]).id
        if qid == "turn.summon.card":
            name, cost = self.plan.pop("summon", None) or self._summon_choice() or CREATURES[1]
            self.mana -= cost
            return name
        if qid == "turn.summon.zone":
            return b.mages[YM].zone
        if qid == "turn.spell.target":
            return Side.DM
        if qid == "turn.spell.kind":
            return "attack"
        if qid == "turn.spell.card":
            name, cost = self.plan.pop("spell", None) or ATTACK_SPELLS[-1]
            self.mana -= cost
            return name
        if qid == "turn.attack.which":
            return q.default
        if qid == "turn.attack.pacify":  # the Dummy Mage's Pacify: 2 mana, when it has them
            if self.mana >= 2:
                self.mana -= 2
                return "pay"
            return "no"
        if qid == "undo.next":
            return "go"
        return q.default if q.default is not None else q.pairs()[0][1]

    def _actor(self, q: Question) -> Piece:
        """The piece the question is about (the engine asks about one actor at a time): named
        by its id, else in its message."""
        b = self.game.board
        about = q.about
        if about is not None:
            return b.get(about)
        message = q.message
        if "(" in message:  # (a creature's name holds its id in brackets, your mage's none)
            for p in b.side_creatures(YM):  # (a list of its own)
                ident = p.id
                if ident in message and f"({ident})" in message:
                    return p
        return b.mages[YM]

    def _next_zone_has_target(self, actor: Piece) -> bool:
        b = self.game.board
        goal = self._quarry(actor)
        steps = b.geometry().step_toward(actor.zone, goal.zone, b.flying(actor))
        self._way = (actor.id, steps)  # (the move question next reads it)
        if not steps:
            return False
        return self._has_melee_target(actor, steps[0])


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
