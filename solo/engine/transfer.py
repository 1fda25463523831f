"""One game as a portable file: ``solo export`` writes it, ``solo import`` replays it in.

A game is determined by its settings and the answers given step by step, so the file holds
just that, with the log entries each step wrote (format ``solo-game/1``)::

    {"format": "solo-game/1", "engine": "solo-engine/2", "name": "game-7",
     "settings": {...},
     "start": {...},
     "steps": [{"who": "game", "label": "round 1: ready stage", "round": 1,
                "answers": null, "entries": [{...}]}, ...]}

``steps`` are the live steps (not the undone ones), in order; ``answers`` are
``[[question id, answer], ...]`` or ``null`` when nobody was asked anything.

``start`` is there only when the game does not start from its settings alone: it is the state
of the game's first checkpoint, for a game whose Dummy Mage decks are not a built-in set (the
other machine may not have that set, or not the same one).  Import trusts it no more than the
steps: it must be the very state the settings begin with that deck set -- the set is read back
from the decks the start deals (a shuffle's moves depend on the seed and the deck's size only,
so each deck is put back in its order before the shuffle), a game is started from the settings
with it, and the two states must be equal, or the file is refused naming what differs.  A game
begun in a save file of an earlier version (its first steps are the old log, which no answers
replay) has a start no solo could check: it is neither exported nor imported.

Importing trusts nothing in the file: it is read capped (:func:`solo.core.errors.read_text`), must
be JSON of this format, its settings must load, and every step after the start is replayed
through this engine with :class:`~solo.engine.session.ReplayPrompter` (each answer parsed by its
question) and must write exactly the entries the file says it wrote and use exactly its
answers.  Anything else is one line naming the step and why, and nothing is written: the game,
its steps, checkpoints and status go into the journal in one transaction, once all replayed.
Exporting replays the same way first, so a file that export writes is a file import takes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from solo.cards.catalog import SPELL_DECKS
from solo.core.errors import InvalidInput, SoloError, format_problem, unreadable
from solo.engine.game import ENGINE, Game, Settings, Undo
from solo.store.journal import (CHECKPOINT_EVERY, GameInfo, Journal, StepRow, check_name,
                          name_option)

if TYPE_CHECKING:
    from solo.decks.sets import DeckSet

FORMAT = "solo-game/1"
STEP_KEYS = ("who", "label", "round", "answers", "entries")
#: What a broken value in the file can raise while a game is built from it.
DAMAGED = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
           RecursionError)


class Refused(InvalidInput):
    """A game file that cannot be imported (exit status 2)."""


# -- export --------------------------------------------------------------------------------------

def export_game(journal: Journal, info: GameInfo) -> dict:
    """The game as a ``solo-game/1`` dict, checked to replay with this engine as import will."""
    from solo.engine.session import load_settings

    rows = journal.steps(info.id)
    points = journal.checkpoints(info.id)
    if not points:
        raise InvalidInput(f"game {info.name!r} has no starting point in the database; it cannot "
                           "be exported")
    first, state = journal.checkpoint(info.id, min(points))
    if first > len(rows):
        raise InvalidInput(f"game {info.name!r} starts after step {first} but has {len(rows)} "
                           "steps; it cannot be exported")
    if first != 0:
        raise InvalidInput(f"game {info.name!r} began in a save file of an earlier solo: its first "
                           f"{first} steps cannot be replayed, so no other solo could check where "
                           "it starts; it cannot be exported")
    try:
        settings = load_settings(info.settings)
    except DAMAGED as err:
        raise InvalidInput(f"game {info.name!r} has damaged settings ({err}); it cannot be "
                           "exported") from None
    data: dict[str, Any] = {"format": FORMAT, "engine": info.engine, "name": info.name,
                            "settings": info.settings}
    if first != 0 or not _starts_from_settings(settings, state):
        data["start"] = state
    data["steps"] = [{"who": r.who, "label": r.label, "round": r.round, "answers": r.answers,
                      "entries": r.entries} for r in rows]
    try:
        replay(data)
    except Refused as err:
        raise InvalidInput(f"game {info.name!r} cannot be exported: it no longer replays with "
                           f"this version of solo ({err})") from None
    return data


def _starts_from_settings(settings: Settings, state: dict) -> bool:
    """Whether a new game from ``settings`` and the built-in deck set they name is ``state``
    (so that any machine rebuilds it from the settings alone)."""
    deckset = builtin_set(settings.decks)
    if deckset is None:
        return False
    try:
        fresh = Game.new(settings, deckset=deckset).state()
    except SoloError:
        return False
    return _plain(fresh) == state


def builtin_set(name: str):
    """The built-in deck set called ``name`` (any case), or None."""
    from solo.decks.sets import available

    low = name.strip().lower()
    for e in available():
        if e.where == "built-in" and e.deckset is not None and low in (e.name.lower(),
                                                                         e.path.stem.lower()):
            return e.deckset
    return None


def dumps(data: dict) -> str:
    """The file's text: JSON, one step a line."""
    head = {k: v for k, v in data.items() if k != "steps"}
    lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
    steps = [json.dumps(s, ensure_ascii=False, separators=(",", ":")) for s in data["steps"]]
    body = ",\n  ".join(steps)
    return "{\n" + "\n".join(lines) + '\n "steps": [' + (f"\n  {body}\n ]" if steps else "]") + "\n}\n"


# -- import --------------------------------------------------------------------------------------

def read_game_file(path) -> Any:
    """The JSON value in a game file, or one line saying why it cannot be read."""
    from solo.core.errors import read_text
    from solo.core.precheck import json_problem

    text = read_text(path, "game file", "check the path", error=Refused)
    too_many = json_problem(text)
    if too_many:
        raise Refused(f"game file {path} cannot be read: {too_many}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise Refused(f"game file {path} is not valid JSON (line {err.lineno}); it may have been "
                      "cut short") from None
    except (ValueError, RecursionError) as err:  # a number too long, nesting too deep
        raise Refused(f"game file {path} is not JSON solo can read: {unreadable(err)[:80]}") from None


def import_game(journal: Journal, data: Any, name: str | None = None, where: str = "game file",
                origin: str | None = None) -> GameInfo:
    """Replay the game in ``data`` (a ``solo-game/1`` dict) and add it to the journal, called
    ``name`` (else the file's name); :class:`Refused` with one line, and nothing written, when
    anything does not hold."""
    from solo.engine.session import settings_dict

    try:
        if not isinstance(data, dict):
            raise Refused("it does not hold a solo game (a JSON object)")
        if name is None:
            name = data.get("name")
            if not isinstance(name, str):
                raise Refused("it has no name; give the game one with --name NAME")
        check_name(name)
        if journal.find(name) is not None:
            raise Refused(f"a game called {name!r} exists here; import this one under another "
                          "name with --name NAME")
        done = replay(data)
    except SoloError as err:
        raise Refused(f"{where}: {err}; nothing was imported") from None
    done.settings.name = name
    with journal.transaction():  # all of it, or nothing
        info = journal.create(name, settings_dict(done.settings), ENGINE, done.start,
                              origin=origin or where, start_at=done.first)
        for row in done.rows:
            journal.commit_step(info.id, row, done.checkpoints.get(row.n))
        if done.status[0] != "playing":
            journal.set_status(info.id, *done.status)
    made = journal.find(name)
    assert made is not None
    return made


@dataclass
class Replayed:
    """A game file replayed: what goes into the journal."""

    settings: Settings
    start: dict  # the first checkpoint's state
    first: int  # the step it applies after
    rows: list[StepRow] = field(default_factory=list)
    checkpoints: dict[int, dict] = field(default_factory=dict)
    status: tuple[str, str | None] = ("playing", None)
    game: Game | None = None


def replay(data: Any) -> Replayed:
    """Check ``data`` and replay every step of it; :class:`Refused` says what does not hold."""
    from solo.engine.session import load_settings

    if not isinstance(data, dict):
        raise Refused("it does not hold a solo game (a JSON object)")
    problem = format_problem(data.get("format"), FORMAT, "a solo game file")
    if problem:
        raise Refused(problem)
    for key in ("engine", "name"):
        if key in data and not isinstance(data[key], str):
            raise Refused(f"its {key} is not text")
    raw_settings = data.get("settings")
    if not isinstance(raw_settings, dict):
        raise Refused("its settings are missing or not an object")
    try:
        settings = load_settings(raw_settings)
    except DAMAGED as err:
        raise Refused(f"its settings are damaged ({err})") from None
    steps = data.get("steps")
    if not isinstance(steps, list):
        raise Refused("it has no list of steps")
    rows = [_row(n, raw) for n, raw in enumerate(steps, 1)]

    if "start" in data:
        start = data["start"]
        if not isinstance(start, dict):
            raise Refused("its start is not a game state")
        first = _start_step(start, rows)
        log = [e for r in rows[:first] for e in r.entries]
        try:
            game = Game.from_state(settings, start, log)
        except SoloError as err:
            raise Refused(f"its start is damaged ({err})") from None
        except DAMAGED as err:
            raise Refused(f"its start is damaged ({type(err).__name__}: {err})") from None
        _check_start(settings, start, first)
    else:
        first = 0
        try:
            game = Game.new(settings, deckset=builtin_set(settings.decks))
        except SoloError as err:
            raise Refused(f"its settings do not start a game ({err})") from None
        start = _plain(game.state())
    for row in rows[:first]:
        if row.answers is not None:
            raise Refused(f"step {row.n} comes before the game's start, where nothing can have "
                          "been answered, but it holds answers")
    out = Replayed(settings, start, first, rows, {first: start}, game=game)
    for row in rows[first:]:
        _replay_step(game, row)
        last = max(c for c in out.checkpoints if c < row.n)
        if row.n - last >= CHECKPOINT_EVERY or game.over:
            out.checkpoints[row.n] = _plain(game.state())
    if game.over:
        outcome = game.phase.outcome
        out.status = ("over", outcome.result if outcome is not None else None)
    return out


def _check_start(settings: Settings, start: dict, first: int) -> None:
    """Refuse a start that is not the state ``settings`` begin with (see the module's text):
    for a built-in deck set, the state of a new game with it; else with the set whose shuffle
    deals the start's decks."""
    if first != 0:
        raise Refused(f"its start follows {first} steps that no answers replay (a game begun in a "
                      "save file of an earlier solo), so where it starts cannot be checked")
    deckset = builtin_set(settings.decks) or _dealt_set(settings, start)
    try:
        fresh = _plain(Game.new(settings, deckset=deckset).state())
    except SoloError as err:
        raise Refused(f"its start does not begin a game ({err})") from None
    where = _first_difference(fresh, start)
    if where is not None:
        key, made, held = where
        raise Refused(f"its start is not the one its settings begin: {key} is {_short(held)} where "
                      f"a new game has {_short(made)}")


def _dealt_set(settings: Settings, start: dict) -> DeckSet:
    """The deck set whose shuffle, with the game's seed, deals the decks of ``start``: each
    deck put back in the order it had before the shuffle, its copies counted in that order."""
    from solo.decks.sets import DeckSet
    from solo.rules.dice import SeededSource

    piles = start["board"]["decks"]  # read by Game.from_state already
    rng = SeededSource(settings.seed)
    decks: dict[str, dict[str, int]] = {}
    for deck in SPELL_DECKS:
        pile = list(piles.get(deck, []))
        moves = list(range(len(pile)))
        rng.shuffle(moves)  # the shuffle Game.new makes of a deck of this size
        before: list[str] = [""] * len(pile)
        for i, j in enumerate(moves):
            before[j] = pile[i]
        counts: dict[str, int] = {}
        for card in before:
            counts[card] = counts.get(card, 0) + 1
        decks[deck] = counts
    return DeckSet(settings.decks, "", decks)


def _first_difference(made: Any, held: Any, key: str = "start") -> tuple[str, Any, Any] | None:
    """Where ``held`` first differs from ``made``: (the key, the value made, the value held)."""
    if isinstance(made, dict) and isinstance(held, dict):
        for k in [*made, *(k for k in held if k not in made)]:
            found = _first_difference(made.get(k), held.get(k), f"{key}.{k}")
            if found is not None:
                return found
        return None
    if isinstance(made, list) and isinstance(held, list) and len(made) == len(held):
        for i, (a, b) in enumerate(zip(made, held)):
            found = _first_difference(a, b, f"{key}[{i}]")
            if found is not None:
                return found
        return None
    return None if made == held and type(made) is type(held) else (key, made, held)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def _file_prompter(answers: list | None, n: int):
    """A :class:`~solo.engine.session.ReplayPrompter` whose refusals speak of the file."""
    from solo.core.questions import AnswerError
    from solo.engine.session import ReplayPrompter

    class FilePrompter(ReplayPrompter):
        def ask(self, q):
            if self.i >= len(self.answers):
                raise Refused(f"step {n} asks {q.id!r}, which the file does not answer")
            qid, value = self.answers[self.i]
            if qid != q.id:
                raise Refused(f"step {n} asks {q.id!r} where the file answers {qid!r}")
            try:
                q.parse(value)
            except AnswerError as err:
                raise Refused(f"step {n}: the file's answer to {q.id!r} does not fit ({err})") from None
            return super().ask(q)

    return FilePrompter(answers, n)


def _replay_step(game: Game, row: StepRow) -> None:
    """Play ``row`` again from its answers: it must use each of them and write its entries."""
    head = f"step {row.n} ({row.label})"
    before = len(game.log)
    prompter = _file_prompter(row.answers, row.n)
    game.prompter = prompter
    try:
        step = game.play_one()
    except Refused:
        raise
    except SoloError as err:
        raise Refused(f"{head} fails ({err})") from None
    finally:
        game.prompter = None
    if isinstance(step, Undo):
        raise Refused(f"{head} answers undo at its first question, which no step records")
    if step is None:
        raise Refused(f"{head} does not play: the game is over, or its answers start the step again")
    if not prompter.done():
        qid = row.answers[prompter.i][0] if row.answers else "?"
        raise Refused(f"{head} leaves answers unused (from {qid!r} on)")
    recorded = _plain(game.recorded) or None
    if recorded != row.answers:
        raise Refused(f"{head}: its answers are not the ones the step records")
    wrote = _plain(game.log[before:])
    if wrote != row.entries:
        raise Refused(f"{head} writes other log entries than the file holds ({_difference(wrote, row.entries)})")
    if row.round != wrote[0]["round"]:
        raise Refused(f"{head}: its round ({row.round}) is not its entry's ({wrote[0]['round']})")


def _difference(wrote: list[dict], held: list) -> str:
    if len(wrote) != len(held):
        return f"{len(wrote)} entries where it holds {len(held)}"
    for i, (a, b) in enumerate(zip(wrote, held), 1):
        if a != b:
            keys = sorted(set(a) | set(b), key=str)
            diff = [str(k) for k in keys if a.get(k) != b.get(k)]
            return f"entry {i}: {', '.join(diff)}"
    return "?"  # pragma: no cover - they differ somewhere


def _row(n: int, raw: Any) -> StepRow:
    """Step ``n`` of the file, its shape checked (the replay checks what it says)."""
    if not isinstance(raw, dict):
        raise Refused(f"step {n} is not an object")
    missing = [k for k in STEP_KEYS if k not in raw]
    if missing:
        raise Refused(f"step {n} has no {', '.join(missing)}")
    who, label, rnd, answers, entries = (raw[k] for k in STEP_KEYS)
    if not isinstance(who, str) or not isinstance(label, str):
        raise Refused(f"step {n}: its who and label must be text")
    if not _whole(rnd) or not 0 < rnd < 1_000_000:
        raise Refused(f"step {n}: its round must be a whole number from 1")
    if answers == []:
        answers = None
    if answers is not None and not (isinstance(answers, list) and all(
            isinstance(a, list) and len(a) == 2 and isinstance(a[0], str) for a in answers)):
        raise Refused(f"step {n}: its answers must be null or a list of [question id, answer]")
    if not isinstance(entries, list) or not entries:
        raise Refused(f"step {n}: its entries must be a list of the log entries it wrote")
    for i, e in enumerate(entries, 1):
        if not (isinstance(e, dict) and _whole(e.get("n")) and _whole(e.get("round"))
                and isinstance(e.get("who"), str) and isinstance(e.get("label"), str)
                and isinstance(e.get("lines"), list) and all(isinstance(x, str) for x in e["lines"])):
            raise Refused(f"step {n}: its entry {i} needs n, round, who, label and lines")
    if (who, label) != (entries[0]["who"], entries[0]["label"]):
        raise Refused(f"step {n}: its who and label ({who}, {label!r}) are not those of the "
                      f"entry it wrote ({entries[0]['who']}, {entries[0]['label']!r})")
    return StepRow(n, who, label, rnd, answers, entries)


def _start_step(start: dict, rows: list[StepRow]) -> int:
    """The step the start applies after: the steps before it wrote ``log_len`` entries."""
    log_len = start.get("log_len")
    if not isinstance(log_len, int) or isinstance(log_len, bool) or log_len < 0:
        raise Refused("its start has no log_len (the log entries written before it)")
    written = 0
    for i, row in enumerate(rows):
        if written == log_len:
            return i
        written += len(row.entries)
    if written == log_len:
        return len(rows)
    raise Refused(f"its start follows {log_len} log entries, which no number of its steps wrote")


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _plain(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists...)."""
    return json.loads(json.dumps(value))


def resume_hint(info: GameInfo) -> str:
    return f"solo play --resume {name_option(info.name)}"
