"""The question a game asks now, kept in the journal for the table screen: the session that
plays the game publishes it, and the first answer to claim it -- from the terminal or from the
page -- is the one taken; a later one is refused.

One row a game in ``asking``: the question's number (``seq``, counting up for the game), the
question as the page shows it (JSON), and once answered the answer (JSON), who gave it
(``terminal`` or ``screen``) and, when the session could not take it, why (the question stays
open for another answer).  Only the session holding the game publishes; anyone may claim.
"""

from __future__ import annotations

import json
from typing import Any

from solo.store.holders import alive
from solo.store.journal import Journal

#: Who answered a question.
TERMINAL, SCREEN = "terminal", "screen"


def publish(journal: Journal, game: int, question: dict[str, Any]) -> int:
    """Ask ``question`` now (the one asked before is gone); returns its number."""
    with journal.transaction():
        rows = journal._rows("SELECT seq FROM asking WHERE game = ?", (game,))
        seq = (rows[0][0] if rows and isinstance(rows[0][0], int) else 0) + 1
        journal._run("INSERT OR REPLACE INTO asking(game, seq, question, answer, by, error) "
                     "VALUES (?, ?, ?, NULL, NULL, NULL)", (game, seq, json.dumps(question)))
    return seq


def pending(journal: Journal, game: int) -> dict[str, Any] | None:
    """The question asked now with its answer when it has one: ``seq``, ``question``,
    ``answer`` (None: not yet), ``by``, ``error``; None when nothing is asked."""
    rows = journal._rows("SELECT seq, question, answer, by, error FROM asking WHERE game = ?",
                         (game,))
    if not rows:
        return None
    seq, question, answer, by, error = rows[0]
    try:
        if json.loads(question) is None:
            return None
        return {"seq": seq, "question": json.loads(question),
                "answer": None if answer is None else json.loads(answer), "by": by, "error": error}
    except (TypeError, ValueError):  # a damaged row: nothing asked, as far as a page knows
        return None


def claim(journal: Journal, game: int, seq: int, answer: Any, by: str) -> bool:
    """Answer question ``seq``: True when this answer is the one taken, False when the question
    was answered first elsewhere (or is no longer asked)."""
    with journal.transaction():
        cur = journal._run("UPDATE asking SET answer = ?, by = ?, error = NULL "
                           "WHERE game = ? AND seq = ? AND answer IS NULL",
                           (json.dumps(answer), by, game, seq))
        return cur.rowcount == 1


def refuse(journal: Journal, game: int, seq: int, why: str) -> None:
    """The answer given to question ``seq`` does not fit it: the question is open again, with
    the reason for the one who answered."""
    with journal.transaction():
        journal._run("UPDATE asking SET answer = NULL, by = NULL, error = ? "
                     "WHERE game = ? AND seq = ?", (why, game, seq))


def withdraw(journal: Journal, game: int) -> None:
    """Nothing is asked any more (the session ends); the count of questions goes on, so that
    an answer to an old question is never taken for a new one."""
    with journal.transaction():
        journal._run("UPDATE asking SET question = 'null', answer = NULL, by = NULL, error = NULL "
                     "WHERE game = ?", (game,))


def data_version(journal: Journal) -> int:
    """SQLite's count of the commits other connections made to the database: it changes
    when another process commits a step or an answer."""
    return int(journal._rows("PRAGMA data_version")[0][0])


def watch(journal: Journal, game: int) -> None:
    """A table screen follows ``game``: the session playing it publishes its questions from
    now on (a game nobody watches asks nothing of the journal)."""
    with journal.transaction():
        journal._run("INSERT OR IGNORE INTO asking(game, seq, question) VALUES (?, 0, 'null')",
                     (game,))


def watched(journal: Journal, game: int) -> bool:
    """Whether a table screen has followed ``game``."""
    return bool(journal._rows("SELECT 1 FROM asking WHERE game = ?", (game,)))


def held(journal: Journal, game: int) -> bool:
    """Whether a live session holds ``game`` (it is being played somewhere)."""
    holder, _ = journal._holder(game)
    return holder is not None and alive(holder)
