"""`solo play` (a whole game at the table) and `solo log` (a saved game's log)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from solo.errors import InvalidInput, SoloError


def games_dir() -> Path:
    from solo.decks import user_data_dir

    path = user_data_dir() / "games"
    path.mkdir(parents=True, exist_ok=True)
    return path


def saved_games() -> list[Path]:
    return sorted(games_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


def game_path(name: str) -> Path:
    p = Path(name)
    if p.suffix == ".json" and (p.exists() or p.parent != Path(".")):
        return p
    from solo.decks import slugify

    return games_dir() / f"{slugify(name)}.json"


def find_game(name: str | None) -> Path:
    if name:
        p = game_path(name)
        if not p.exists():
            names = ", ".join(g.stem for g in saved_games()[:8]) or "none yet"
            raise InvalidInput(f"no saved game called {name!r}; saved games: {names}")
        return p
    games = saved_games()
    if not games:
        raise InvalidInput("no saved game to resume; start one with solo play")
    return games[0]


# -- setup ---------------------------------------------------------------------------------------

CORNERS = {"A1-D3": ("A1", "D3"), "D3-A1": ("D3", "A1"), "A3-D1": ("A3", "D1"), "D1-A3": ("D1", "A3")}


def setup_settings(prompter, out, *, seed, dice, mage, dm_mage, decks, dm_life, name, draw=None):
    """Ask for the settings, each with a default, with one question when the defaults do."""
    from solo.catalog import get_catalog
    from solo.decks import available
    from solo.dice import SeededSource
    from solo.game import Settings
    from solo.prompts import Choice, Question

    cat = get_catalog()
    s = Settings(ym_mage=mage or "Beastmaster", dm_mage=dm_mage or "Warlock",
                 decks=decks or "Starter", seed=seed if seed is not None else SeededSource().seed,
                 dice=dice or "solo", dm_life=dm_life, draw=draw or "solo")
    for who in (s.ym_mage, s.dm_mage):
        card = cat.get(who)
        if card.type != "Mage":
            raise InvalidInput(f"{card.name} is not a mage; see solo cards search --type mage")
    s.ym_mage, s.dm_mage = cat.get(s.ym_mage).name, cat.get(s.dm_mage).name

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
        life = prompter.ask(Question(
            "setup.dm_life", "select", "The Dummy Mage's life?",
            (Choice(f"Standard ({base})", base), Choice(f"Easier ({round(base * 0.75)})", round(base * 0.75)),
             Choice(f"Harder ({round(base * 1.25)})", round(base * 1.25))), default=base))
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

def render_step(step, game) -> str:
    from solo import render

    import shutil
    import textwrap

    width = max(60, min(110, shutil.get_terminal_size((100, 40)).columns))
    head = {"dm": "Dummy Mage", "ym": "You", "game": "Game", "edit": "Edit"}.get(step.who, step.who)
    lines = [click.style(f"── {head}: {step.label} ──", bold=True)]
    for line in step.lines:
        indent = "  " + " " * (len(line) - len(line.lstrip()))
        hang = indent + ("   " if line[:1].isdigit() and ". " in line[:4] else "")
        lines.append(textwrap.fill(line.strip(), width, initial_indent=indent, subsequent_indent=hang))
    if step.who in ("dm", "edit"):
        lines.append(render.board_map(game.board))
    if step.who in ("dm", "edit") or step.label.endswith("ready stage"):
        lines.append(render.status_line(game.board))
    return "\n".join(lines)


@click.command()
@click.option("--resume", is_flag=True, help="Go on with a saved game (the latest, or --name).")
@click.option("--list", "list_games", is_flag=True, help="List the saved games.")
@click.option("--name", default=None, help="The game's name (its save file).")
@click.option("--answers", type=click.Path(dir_okay=False), default=None,
              help="Answer the questions from a JSON or TOML file (question id -> answers).")
@click.option("--seed", type=int, default=None, help="Seed for the dice and the shuffles.")
@click.option("--dice", type=click.Choice(["solo", "physical"]), default=None,
              help="solo rolls, or you roll physical dice and type the results.")
@click.option("--draw", type=click.Choice(["solo", "you"]), default=None,
              help="solo picks the Dummy Mage's cards, or you draw them from shuffled decks and say which.")
@click.option("--mage", default=None, help="Your mage (default Beastmaster).")
@click.option("--dm-mage", default=None, help="The Dummy Mage's mage (default Warlock).")
@click.option("--decks", default=None, help="The Dummy Mage's deck set: a name or a file (default Starter).")
@click.option("--dm-life", type=click.IntRange(1, 200), default=None, help="The Dummy Mage's life.")
def play(resume, list_games, name, answers, seed, dice, draw, mage, dm_mage, decks, dm_life) -> None:
    """Play a game against the Dummy Mage, round by round, with the board in front of you.

    Every step is saved at once; Ctrl-C loses nothing.  At any question answer "board" to see
    the map, "edit" to correct the board, "undo" to step back.
    """
    from solo.game import Game
    from solo.prompts import QuestionaryPrompter, ScriptedPrompter

    if list_games:
        games = saved_games()
        if not games:
            click.echo("No saved games yet.")
        for p in games:
            try:
                data = json.loads(p.read_text(encoding="utf-8"))
                st = data["settings"]
                state = "over" if data["phase"]["step"] == "over" else f"round {data['phase']['round']}"
                click.echo(f"{p.stem:20} {st['ym_mage']} vs {st['dm_mage']}, {state}")
            except (OSError, ValueError, KeyError, TypeError):
                click.echo(f"{p.stem:20} (unreadable)")
        return
    prompter = ScriptedPrompter.from_file(answers) if answers else QuestionaryPrompter()

    def out(text: str) -> None:
        click.echo(text)

    if resume:
        path = find_game(name)
        game = Game.load(path)
        out(f"Resuming {path.stem}: round {game.phase.round}.")
    else:
        settings = setup_settings(prompter, out, seed=seed, dice=dice, mage=mage, dm_mage=dm_mage,
                                  decks=decks, dm_life=dm_life, name=name, draw=draw)
        path = game_path(settings.name)
        if path.exists() and not name:
            n = 2
            while game_path(f"{settings.name}-{n}").exists():
                n += 1
            settings.name = f"{settings.name}-{n}"
            path = game_path(settings.name)
        game = Game.new(settings)
        game.save(path)
        out(f"Game {settings.name} saved at {path}. At any question: board, edit, undo.")
    from solo import render

    game.prompter = prompter
    game.on_output = out
    game.show_board = lambda: render.board_view(game.board)
    try:
        while not game.over:
            before = len(game.log)
            step = game.play_one()
            game.save(path)
            if step is not None:
                out(render_step(step, game))
            elif len(game.log) < before:
                out(game.show_board())
    except KeyboardInterrupt:
        game.save(path)
        out(f"\nSaved after the last finished step. Resume with: solo play --resume --name {path.stem}")
        sys.exit(130)
    except SoloError as err:
        game.save(path)
        raise SoloError(f"{err} (game saved; resume with solo play --resume --name {path.stem})",
                        err.exit_code) from None
    for line in game.log[-1]["lines"]:
        out(line)


@click.command()
@click.argument("game", required=False)
@click.option("--markdown", "markdown", type=click.Path(dir_okay=False), default=None,
              help="Write the log as Markdown to this file.")
def log(game, markdown) -> None:
    """Print a saved game's log (the latest game unless GAME names one)."""
    from solo.game import Game

    path = find_game(game)
    g = Game.load(path)
    text = format_log(g, path.stem, md=bool(markdown))
    if markdown:
        Path(markdown).write_text(text, encoding="utf-8")
        click.echo(f"Wrote {markdown}")
    else:
        click.echo(text)


def format_log(game, name: str, md: bool = False) -> str:
    s = game.settings
    out = [f"# {name}" if md else name,
           f"{s.ym_mage} (you) vs {s.dm_mage} (Dummy Mage), decks {s.decks}, seed {s.seed}", ""]
    for e in game.log:
        head = f"{e['n']}. round {e['round']} - {e['label']}"
        out.append(f"## {head}" if md else head)
        for line in e["lines"]:
            out.append(f"- {line}" if md else f"    {line}")
        if md:
            out.append("")
    return "\n".join(out).rstrip() + "\n"
