"""Shell completion of card, deck-set and game names (click's ``shell_complete`` callbacks).

Turn completion on once in your shell (bash shown; zsh and fish are the same with their name):

    eval "$(_SOLO_COMPLETE=bash_source solo)"

Each callback looks names up lazily and never fails: a damaged game database or a missing
folder completes nothing rather than printing a traceback into the shell.
"""

from __future__ import annotations

from click.shell_completion import CompletionItem


def _match(names: list[str], incomplete: str) -> list[CompletionItem]:
    """The names that start with ``incomplete``; a name holding a control character (from a
    file or the game database) is left out, as the shell would show it raw."""
    from solo.core.errors import printable

    low = incomplete.lower()
    return [CompletionItem(n) for n in names if n.lower().startswith(low) and printable(n) == n]


def cards(ctx, param, incomplete: str) -> list[CompletionItem]:
    try:
        from solo.cards.catalog import get_catalog

        return _match(get_catalog().names(), incomplete)
    except Exception:  # noqa: BLE001 - completion must never break the shell
        return []


def deck_sets(ctx, param, incomplete: str) -> list[CompletionItem]:
    try:
        from solo.decks.sets import available

        return _match([e.name for e in available()], incomplete)
    except Exception:  # noqa: BLE001
        return []


def games(ctx, param, incomplete: str) -> list[CompletionItem]:
    try:
        from solo.cli.games import open_journal

        with open_journal() as journal:
            return _match([g.name for g in journal.games()], incomplete)
    except Exception:  # noqa: BLE001
        return []
