"""`solo play` (a whole game at the table) and `solo log` (a saved game's log)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from solo.cli.app import WHOLE, OutputLost, WholeRange
from solo.cli.term import echo
from solo.cli.games import find_game, open_journal
from solo.core.errors import ExitCode, InvalidInput, SoloError, StopOnSignals


def _complete_games(ctx, param, incomplete):
    from solo.cli.completion import games

    return games(ctx, param, incomplete)


def _complete_sets(ctx, param, incomplete):
    from solo.cli.completion import deck_sets

    return deck_sets(ctx, param, incomplete)


# -- setup ---------------------------------------------------------------------------------------

CORNERS = {"A1-D3": ("A1", "D3"), "D3-A1": ("D3", "A1"), "A3-D1": ("A3", "D1"), "D1-A3": ("D1", "A3")}


def setup_settings(prompter, out, *, seed, dice, mage, dm_mage, decks, dm_life, name, draw=None):
    """Ask for the settings, each with a default, with one question when the defaults do."""
    from solo.cards.catalog import get_catalog
    from solo.decks.sets import available
    from solo.rules.dice import SeededSource
    from solo.engine.game import Settings
    from solo.core.questions import Choice, Question

    cat = get_catalog()
    s = Settings(ym_mage=mage or "Beastmaster", dm_mage=dm_mage or "Warlock",
                 decks=decks or "Starter", seed=seed if seed is not None else SeededSource().seed,
                 dice=dice or "solo", dm_life=dm_life, draw=draw or "solo")
    s.ym_mage, s.dm_mage = cat.mage(s.ym_mage).name, cat.mage(s.dm_mage).name

    def describe() -> str:
        life = s.dm_life if s.dm_life is not None else cat.get(s.dm_mage).life
        return (f"You: {s.ym_mage} in {s.ym_zone}.  Dummy Mage: {s.dm_mage} ({life} life) in "
                f"{s.dm_zone}.  Decks: {s.decks}.  Dice: "
                + ("solo rolls" if s.dice == "solo" else "you roll and type")
                + ".  Its cards: " + ("solo picks them" if s.draw == "solo" else "you draw them")
                + f".  Seed: {s.seed}.")

    out(describe())
    start = prompter.ask(Question("setup.start", "select", "Start the game?",
                                  (Choice("Start", "start"), Choice("Change the settings", "change")),
                                  default="start"))
    if start == "change":
        mages = tuple(cat.names("Mage"))
        s.ym_mage = prompter.ask(Question("setup.mage", "select", "Your mage?", mages, default=s.ym_mage))
        s.dm_mage = prompter.ask(Question("setup.dm_mage", "select", "The Dummy Mage's mage?", mages,
                                          default=s.dm_mage))
        base = cat.get(s.dm_mage).life
        lives = [Choice(f"Standard ({base})", base),
                 Choice(f"Easier ({round(base * 0.75)})", round(base * 0.75)),
                 Choice(f"Harder ({round(base * 1.25)})", round(base * 1.25))]
        chosen = s.dm_life or base
        if chosen not in [c.value for c in lives]:  # --dm-life, the config or solo tune's: kept
            lives.insert(0, Choice(f"As set ({chosen})", chosen))
        life = prompter.ask(Question(
            "setup.dm_life", "select", "The Dummy Mage's life?",
            (*lives, Choice("Another (type it)", "other")), default=chosen))
        if life == "other":
            life = prompter.ask(Question(
                "setup.dm_life_value", "int", "Its life (solo tune finds one for a win rate)",
                default=chosen, min=1, max=200))
        s.dm_life = None if life == base else life
        sets = tuple(Choice(f"{e.name} ({e.where})", e.name) for e in available())
        s.decks = prompter.ask(Question("setup.decks", "select", "The Dummy Mage's deck set?", sets,
                                        default=s.decks))
        corner = prompter.ask(Question("setup.corners", "select", "Starting corners (the Dummy Mage's first)?",
                                       tuple(CORNERS), default="A1-D3"))
        s.dm_zone, s.ym_zone = CORNERS[corner]
        s.dice = prompter.ask(Question("setup.dice", "select", "Who rolls the dice?",
                                       (Choice("solo rolls them", "solo"),
                                        Choice("I roll physical dice and type the results", "physical")),
                                       default=s.dice))
        s.draw = prompter.ask(Question("setup.draw", "select", "The Dummy Mage's cards?",
                                       (Choice("solo picks them (take the card it names)", "solo"),
                                        Choice("I shuffle its decks and draw, then say which card", "you")),
                                       default=s.draw))
        s.seed = prompter.ask(Question("setup.seed", "int", "Seed (to replay a game)?", default=s.seed,
                                       min=0))
        out(describe())
    s.name = name or f"game-{s.seed}"
    return s


# -- output ----------------------------------------------------------------------------------------

def render_step(step, game, color: bool = False, width: int | None = None,
                show_map: bool = True) -> str:
    """A step for a person (see :func:`step_block`), as one text."""
    return "\n".join(step_block(step, game.board, color=color, width=width,
                                 show_map=show_map).lines)


def step_block(step, board, color: bool = False, width: int | None = None,
               show_map: bool = True, compact: bool = False, status: bool = True,
               drawn: str | None = None):
    """A step for a person: its title, then after a Dummy Mage step or an edit the map (when
    ``show_map``: it changed; ``drawn``: the map without colour, already drawn) and the status,
    then its lines -- the Dummy Mage's instructions last, just above the next question; within
    ``width``.  In the compact layout the status is one line (when ``status``: it changed),
    under the map if there is one."""
    from solo.cli import term
    from solo.cli.screen import Block, lines_of
    from solo.text import board_map as render

    width = width or term.width()
    head = {"dm": "Dummy Mage", "ym": "You", "game": "Game", "edit": "Edit"}.get(step.who, step.who)
    label = step.label
    if label.lower().startswith(head.lower() + ": "):  # "Edit: edit: ..." says it twice
        label = label[len(head) + 2:]
    title = term.clip(f"── {head}: {label} ──", width)  # one line, however long the label

    def painted(draw) -> list[str]:
        return lines_of(term.paint(draw, color), width)

    lines = painted(lambda c: click.style(title, bold=True) if c else title)
    where, note = None, ""
    if step.who in ("dm", "edit"):
        if show_map:
            start = len(lines)
            lines += painted(lambda c: drawn if drawn is not None and not c
                             else render.board_map(board, width=width, color=c))
            if not compact:
                lines += render.status_lines(board, width)
                note = render.compact_status(board, width)
            where = (start, len(lines))
        if compact and (status or show_map):
            lines.append(render.compact_status(board, width))
    body = [x for line in step.lines for x in term.wrap(line, width, indent="  ")]
    if step.who == "dm":
        lines += painted(lambda c: "\n".join(click.style(x, fg="yellow") if c else x for x in body))
    else:
        lines += lines_of("\n".join(body), width)
    if step.label.endswith("ready stage") and not compact:
        lines += render.status_lines(board, width)
    return Block(f"{head}: {label}", lines, where, note, dm=step.who == "dm")


def board_block(board, title: str, color: bool, width: int, compact: bool = False,
                whole: bool = False):
    """The board as a block: its status and map, with the legend (``compact``: the map under
    its one-line status); ``whole``: shown whatever room it takes (a board after an undo), else
    its map goes first when room is short."""
    from solo.cli import term
    from solo.cli.screen import Block, lines_of
    from solo.text import board_map as render

    status = render.compact_status(board, width)
    if compact:
        lines = [status, *lines_of(term.paint(lambda c: render.board_map(board, width, c), color),
                                   width)]
        return Block(title, lines, None if whole else (1, len(lines)))
    lines = lines_of(term.paint(lambda c: render.board_view(board, width=width, color=c), color),
                     width)
    return Block(title, lines, None if whole else (0, len(lines)), status)


@click.command()
@click.option("--resume", is_flag=True, help="Go on with a game (the last one played, or --name).")
@click.option("--list", "list_games", is_flag=True, help="List the games.")
@click.option("--name", default=None, help="The game's name (a label of your choice).",
              shell_complete=_complete_games)
@click.option("--at-step", type=WholeRange(0), default=None,
              help="With --resume: go back to just after this step (the steps after it can be redone).")
@click.option("--answers", type=click.Path(dir_okay=False), default=None,
              help="Answer the questions from a JSON or TOML file (question id -> answers).")
@click.option("--seed", type=WHOLE, default=None, help="Seed for the dice and the shuffles.")
@click.option("--dice", type=click.Choice(["solo", "physical"]), default=None,
              help="solo rolls, or you roll physical dice and type the results.")
@click.option("--draw", type=click.Choice(["solo", "you"]), default=None,
              help="solo picks the Dummy Mage's cards, or you draw them from shuffled decks and say which.")
@click.option("--mage", default=None, help="Your mage (default Beastmaster).")
@click.option("--dm-mage", default=None, help="The Dummy Mage's mage (default Warlock).")
@click.option("--decks", default=None, help="The Dummy Mage's deck set: a name or a file (default Starter).",
              shell_complete=_complete_sets)
@click.option("--dm-life", type=WholeRange(1, 200), default=None, help="The Dummy Mage's life.")
@click.option("--no-color", is_flag=True, help="No colours (also: NO_COLOR set, TERM=dumb, or "
              "output that is not a terminal).")
@click.option("--plain", is_flag=True, help="Plain numbered questions read line by line, nothing "
              "redrawn (for screen readers; the default on TERM=dumb).")
@click.option("--layout", type=click.Choice(["auto", "full", "compact"]), default=None,
              help="full: the map with each step that changes it; compact: a status line, the "
              "map only when it fits (b shows it); auto (default): compact under 30 rows.")
def play(resume, list_games, name, at_step, answers, seed, dice, draw, mage, dm_mage, decks,
         dm_life, no_color, plain, layout) -> None:
    """Play a game against the Dummy Mage, round by round, with the board in front of you.

    Every step is committed whole as soon as it is done; Ctrl-C loses only the step in
    progress.  At any question answer "board" to see the map, "edit" to correct the board,
    "undo" to step back (and redo).
    """
    import os

    from solo.cli import term
    from solo.cli.screen import Screen
    from solo.core.questions import Prompter, ScriptedPrompter
    from solo.cli.prompter import PlainPrompter, QuestionaryPrompter
    from solo.engine.config import resolve

    if at_step is not None and not resume:
        raise InvalidInput("--at-step goes with --resume (solo play --resume --name NAME --at-step N)")
    with open_journal() as journal:
        if list_games:
            list_all(journal)
            return
        journal.check_writable()  # before any question
        layout = resolve({"layout": layout}, only=("layout",))["layout"].value
        if not resume:  # flags, then the environment, then the config file, then defaults
            chosen = resolve({"mage": mage, "dm_mage": dm_mage, "decks": decks, "dice": dice,
                              "draw": draw, "dm_life": dm_life})
            mage, dm_mage, decks, dice, draw, dm_life = (
                chosen[k].value for k in ("mage", "dm_mage", "decks", "dice", "draw", "dm_life"))
        prompter: Prompter
        if answers:
            prompter = ScriptedPrompter.from_file(answers)
        elif plain or os.environ.get("TERM", "") == "dumb":
            prompter = PlainPrompter(write=term.echo)  # prose wrapped between words
        else:
            prompter = QuestionaryPrompter()
        compact = layout == "compact" or (layout == "auto" and term.at_terminal(sys.stdout)
                                          and term.height() < AUTO_COMPACT)
        screen = Screen(live=isinstance(prompter, QuestionaryPrompter), compact=compact)
        play_session(journal, prompter, resume=resume, name=name, at_step=at_step, seed=seed,
                     dice=dice, draw=draw, mage=mage, dm_mage=dm_mage, decks=decks, dm_life=dm_life,
                     color=False if no_color else None, screen=screen)


#: ``--layout auto`` is compact on a terminal of fewer rows than this.
AUTO_COMPACT = 30


def list_all(journal) -> None:
    import datetime

    games = journal.games()
    if not games:
        echo("No games yet.", fold=False)
    for g in games:
        st = g.settings
        try:
            when = datetime.datetime.fromtimestamp(g.last).strftime("%Y-%m-%d %H:%M")
        except (OverflowError, OSError, ValueError):
            when = "?"
        state = {"ym": "over: you won", "dm": "over: the Dummy Mage won",
                 "draw": "over: a draw"}.get(g.result or "", "over") if g.status == "over" \
            else f"round {g.round}"
        echo(_hanging(f"{g.name:20} {st.get('ym_mage', '?')} vs {st.get('dm_mage', '?')}, "
                            f"{state}, {g.steps}\xa0steps, last\xa0played\xa0{when}"), fold=False)
    if journal.unreadable:
        more = "1 more game" if journal.unreadable == 1 else f"{journal.unreadable} more games"
        echo(f"solo: {more} cannot be read: the game database {journal.path} is damaged",
             err=True, fold=False)


def _hanging(line: str, room: int | None = None) -> str:
    """A line of ``solo play --list``: at a terminal (or with ``room``) folded between words
    (not at a no-break space: "57 steps" stays together) under the game's details, past its
    name's column; piped, whole, one game a line."""
    from solo.cli import term

    if room is None and not term.at_terminal(sys.stdout):
        return line.replace("\xa0", " ")
    return term.hang(line, room, indent=21)


def play_session(journal, prompter, *, resume, name, at_step=None, seed=None, dice=None, draw=None,
                 mage=None, dm_mage=None, decks=None, dm_life=None, color=None,
                 screen=None) -> None:
    """A game played at the table: ``prompter`` asks the person, ``screen``
    (:class:`~solo.cli.screen.Screen`) shows what happens (by default printed as it comes)."""
    from solo.cli import term
    from solo.cli.screen import Block, Screen, ScreenPrompter, lines_of
    from solo.engine.session import Session

    from solo.text import board_map as render

    screen = screen or Screen()
    asker = ScreenPrompter(prompter, screen)
    colour = term.color_enabled(color)

    def view(board) -> str:
        """The board at a glance, in colour when the terminal shows it (:func:`term.paint`)."""
        return term.paint(lambda c: render.board_view(board, width=screen.width, color=c), colour)

    if resume:
        info = find_game(journal, name)
        session = Session.open(journal, info, at=at_step, hold=True)
        screen.say(f"Resuming {info.name}: round {session.game.phase.round}, "
                   f"{len(session.rows)} steps played.")
        screen.show(board_block(session.game.board, "The board", colour, screen.width,
                                screen.compact))
        # Where it stands: what happened since your last answer (the Dummy Mage's instructions),
        # under the map, just above the next question.
        mine = [i for i, r in enumerate(session.rows) if r.asked]
        since = session.rows[mine[-1] + 1:] if mine else session.rows[-3:]
        for row in since or session.rows[-1:]:
            text = "\n".join([f"Step {row.n}: {row.label}",
                              *(f"  {line}" for entry in row.entries for line in entry["lines"])])
            screen.show(Block(f"Step {row.n}: {row.label}", lines_of(text, screen.width),
                              dm=row.who == "dm"))
    else:
        if name:  # refused before any question
            from solo.store.journal import check_name

            check_name(name)
            if journal.find(name) is not None:
                raise InvalidInput(f"a game called {name!r} exists: resume it with solo play "
                                   f"--resume {_q(name)}, or choose another --name")
        settings = setup_settings(asker, screen.say, seed=seed, dice=dice, mage=mage,
                                  dm_mage=dm_mage, decks=decks, dm_life=dm_life, name=name,
                                  draw=draw)
        if not name:  # a name of its own: game-SEED, game-SEED-2...
            base, n = settings.name, 2
            while journal.find(settings.name) is not None:
                settings.name = f"{base}-{n}"
                n += 1
        session = Session.start(journal, settings)
        session.hold()
        screen.say(f"Game {settings.name} started (solo play --resume {_q(settings.name)} goes "
                   "on with it). At any question: board, edit, undo.")
        from solo.text import yours

        reminders = yours.mage_reminders(session.game.board)
        if reminders:
            screen.say("\n".join(reminders), title="The mages' abilities: what solo applies, "
                       "what you apply by hand")
        screen.show(board_block(session.game.board, "The board", colour, screen.width,
                                screen.compact))
    session.on_output = screen.say
    from solo.cli.table import TablePrompter

    # Each question also on the table screen once one follows the game (solo screen): the
    # first answer, here or on the page, is taken.
    table = TablePrompter(asker, journal, session.info.id, say=screen.say)

    def wire(g) -> None:
        from solo.cli.commands.rules import explain

        g.prompter = table
        g.on_output = screen.say
        g.show_board = view  # a view of the board it is given: never of a game undone since
        g.look_up = explain

    wire(session.game)
    try:
        with StopOnSignals():
            _play_loop(session, table, screen, shown_end=resume and session.game.over,
                       colour=colour)
    finally:
        try:
            table.close()
        finally:
            screen.flush()


def _play_loop(session, prompter, screen, shown_end: bool = False, colour: bool = False) -> None:
    """Steps until the game is over, then its summary (unless resuming just showed it) and the
    chance to undo."""
    from solo.text import board_map as render
    from solo.store.journal import NotHeld

    width = screen.width
    last_map = render.board_map(session.game.board, width=width)
    last_status = render.compact_status(session.game.board, width)
    moves = session.moves
    try:
        while True:
            while True:
                if session.moves != moves:  # an undo, a redo, a step gone back to: the board
                    moves = session.moves   # as it is now, for the physical one to follow
                    board = session.game.board
                    screen.show(board_block(board, "The board now", colour, width,
                                            screen.compact, whole=True))
                    last_map = render.board_map(board, width=width)
                    last_status = render.compact_status(board, width)
                if session.game.over:
                    break
                step = session.play_one()
                if step is not None:
                    board = session.game.board
                    changed = moved = False
                    now = None
                    if step.who in ("dm", "edit"):  # (the steps that show the board)
                        now = render.board_map(board, width=width)
                        status = render.compact_status(board, width)
                        changed, moved = now != last_map, status != last_status
                        last_map, last_status = now, status
                    screen.show(step_block(step, board, color=colour, width=width,
                                           show_map=changed, compact=screen.compact,
                                           status=moved, drawn=now))
            if not shown_end:
                screen.say("\n".join(session.game.log[-1]["lines"]), title="The game is over")
            shown_end = False
            if not _wants_undo_at_end(prompter):
                break
            session.undo_menu()
            shown_end = session.moves == moves  # nothing undone: the game is still over
    except KeyboardInterrupt:  # Ctrl-C, or Stopped by SIGTERM/SIGHUP
        screen.flush()
        screen.say(f"\nStopped. The game stands as after step {len(session.rows)} (the step in "
                   f"progress is not kept). Resume with: solo play --resume {_q(session.info.name)}")
        screen.flush()
        sys.exit(ExitCode.INTERRUPTED)
    except NotHeld as err:  # the game is as the other session left it, not as this one thinks
        raise SoloError(f"{err}; to go on from where the game stands now: solo play --resume "
                        f"{_q(session.info.name)}", err.exit_code) from None
    except SoloError as err:
        raise SoloError(f"{err} ({_stands(session)})", err.exit_code) from None
    except OutputLost as lost:  # a full disk under the output: said by solo.cli.app.main
        lost.note = _stands(session)
        raise
    finally:
        session.release()


def _stands(session) -> str:
    return (f"the game stands as after step {len(session.rows)}; resume with solo play --resume "
            f"{_q(session.info.name)}")


def _q(name: str) -> str:
    """``--name NAME``, as a person types it (see :func:`solo.store.journal.name_option`)."""
    from solo.store.journal import name_option

    return name_option(name)


def _wants_undo_at_end(prompter) -> bool:
    """At the end, a person may still undo (a typo in the last damage must not end the game for
    good); an answers file only when it says so."""
    from solo.core.questions import Choice, Question

    if not prompter.can_answer("end.next"):
        return False
    what = prompter.ask(Question("end.next", "select", "The game is over.",
                                 (Choice("Finish", "finish"), Choice("Undo my last step", "undo")),
                                 default="finish"))
    return what == "undo"


@click.command()
@click.argument("game", required=False, shell_complete=_complete_games)
@click.option("--markdown", "markdown", type=click.Path(dir_okay=False), default=None,
              help="Write the log as Markdown to this file.")
def log(game, markdown) -> None:
    """Print a game's log (the last one played unless GAME names one)."""
    from solo.cli import term

    with open_journal() as journal:
        info = find_game(journal, game)
        rows, _, bad = journal.read_steps(info.id)
    text = format_log(info, [e for r in rows for e in r.entries], md=bool(markdown))
    if markdown:
        from solo.store.files import write_atomic

        write_atomic(Path(markdown), text, what="log file")
        echo(f"Wrote {markdown}", fold=False)
    elif term.at_terminal(sys.stdout):  # folded between words, under each step's text and number
        echo(text, nl=False)
    else:  # piped or to a file: one line an instruction, as written
        echo(text, nl=False, fold=False)
    if bad is not None and not bad.undone:  # what reads back is out; the rest cannot be
        raise SoloError(f"game {info.name!r}: {bad}; the log stops before it", 2)


def format_log(info, log: list[dict], md: bool = False) -> str:
    s = info.settings
    out = [f"# {info.name}" if md else info.name,
           f"{s.get('ym_mage')} (you) vs {s.get('dm_mage')} (Dummy Mage), decks {s.get('decks')}, "
           f"seed {s.get('seed')}", ""]
    for e in log:
        head = f"{e['n']}. round {e['round']} - {e['label']}"
        out.append(f"## {head}" if md else head)
        for line in e["lines"]:
            out.append(f"- {line}" if md else f"    {line}")
        if md:
            out.append("")
    return "\n".join(out).rstrip() + "\n"
