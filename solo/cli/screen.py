"""What `solo play` shows between two answers, laid out above the next question so that nothing
the Dummy Mage did since the last answer scrolls away unread.

Everything a game prints (its steps, the map, the messages) is gathered as :class:`Block` values
until a question or a pause waits for the person; then :meth:`Screen.wait` lays out what is
pending in the rows the question leaves free on the terminal, trying in turn:

1. everything in full;
2. without the maps of the blocks before the last one that drew a map (in the compact layout,
   only the last map is ever drawn);
3. with the last map too left out, its one-line status standing for it;
4. a numbered digest of the first blocks, one line each, and the last ones in full: ``l`` at
   the question reads every block of the digest in full (but its map), page by page;
5. page by page, a key between pages: a block too tall for the screen on its own, or a digest
   that does not fit either.

Nothing is laid out when nobody answers at a terminal (an answers file) or when the person asked
for plain lines (``--plain``): each block is printed as it comes, and a Dummy Mage step that
follows another with no question between them waits for a key first, so that the first can be
read (a screen reader's user reads on at their own pace).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from solo.cli import term
from solo.core.errors import printable
from solo.core.questions import Prompter, Question

__all__ = ["Block", "Screen", "ScreenPrompter", "lines_of"]

#: How a block shows its map: in full, left out, or as its one-line status.
FULL, BARE, NOTE = "full", "bare", "note"
#: The answer that reads the digest in full (the ``log`` escape, key ``l``).
READ_AGAIN = "log"


def lines_of(text: str, room: int) -> list[str]:
    """``text`` as the lines it prints on a terminal ``room`` columns wide: its control
    characters shown as escapes, wrapped between words, solo's own colours kept
    (:class:`~solo.cli.term.Painted`)."""
    painted = isinstance(text, term.Painted)
    shown = term.fit(printable(text, lines=True, colours=painted), room).split("\n")
    return [term.Painted(line) for line in shown] if painted else shown


@dataclass
class Block:
    """Something shown between two answers: a step, a message, the board."""

    #: the block in one line, for the digest
    title: str
    #: every line it shows, each within the width it was laid out for
    lines: list[str]
    #: where its map is among ``lines`` (start, end): what goes first when room is short
    board: tuple[int, int] | None = None
    #: what stands for the map when it is left out (its one-line status), if anything
    note: str = ""
    #: a Dummy Mage step
    dm: bool = False

    def shown(self, mode: str = FULL) -> list[str]:
        if self.board is None or mode == FULL:
            return self.lines
        start, end = self.board
        return [*self.lines[:start], *([self.note] if mode == NOTE and self.note else []),
                *self.lines[end:]]


def rows(lines: list[str], room: int) -> int:
    """The rows ``lines`` take on a terminal ``room`` columns wide."""
    return sum(1 if len(line) <= room else max(1, -(-term.visible(line) // room))
               for line in lines)


class Screen:
    """The blocks shown since the last answer, and how they reach the terminal (see the
    module's text).

    ``write`` prints one line; ``size`` gives the terminal's (columns, rows); ``live``: lay out
    at each wait (a person at a terminal), else print each block as it comes; ``compact``: the
    compact layout (steps draw no map but the last, and a one-line status)."""

    def __init__(self, write: Callable[[str], None] | None = None, *, live: bool = False,
                 size: Callable[[], tuple[int, int]] | None = None, compact: bool = False) -> None:
        self.write = write or (lambda line: term.echo(line, fold=False))
        self.live = live
        self.size = size or (lambda: (term.width(), term.height()))
        self.compact = compact
        self.pending: list[Block] = []
        #: the blocks the last digest stands for, until the next answer (``l`` reads them)
        self.digested: list[Block] = []
        #: waits for a key (the person's prompter, set by :class:`ScreenPrompter`)
        self.pause: Callable[[str], None] = lambda text: None
        #: the rows a pause of that text takes on a terminal that wide
        self.pause_rows: Callable[[str, int], int] = lambda text, room: 1
        self._dm_unread = False  # (printed as it comes) a Dummy Mage step since the last wait

    @property
    def width(self) -> int:
        return self.size()[0]

    # -- what is shown ---------------------------------------------------------------------------
    def say(self, text: str, title: str | None = None) -> None:
        """A message: shown whole (page by page when it is taller than the screen)."""
        lines = lines_of(text, self.width)
        self.show(Block(title or _first(lines), lines))

    def show(self, block: Block) -> None:
        if self.live:
            self.pending.append(block)
            return
        if block.dm and self._dm_unread:  # the Dummy Mage's last step stays until read
            self.pause(f"Next: the Dummy Mage's {block.title.partition(': ')[2]}.")
        self._dm_unread = self._dm_unread or block.dm
        self._print(block.lines)

    def flush(self) -> None:
        """Print whatever is pending, in full (the game ends or stops)."""
        blocks, self.pending = self.pending, []
        for block in blocks:
            self._print(block.lines)

    # -- waiting for the person ----------------------------------------------------------------------
    def wait(self, asked: int, digest: bool = True) -> None:
        """A question (or a pause) of ``asked`` rows is about to wait for the person: lay out
        what is pending above it (see the module's text); ``digest``: the question can read a
        digest in full (it has the ``l`` key), else what does not fit is paged."""
        self._dm_unread = False
        blocks, self.pending = self.pending, []
        if not blocks:
            return
        columns, height = self.size()
        room = height - asked
        modes = self._fitting(blocks, columns, room)
        if modes is not None:
            for block, mode in zip(blocks, modes):
                self._print(block.shown(mode))
            return
        bare = self._modes(blocks, NOTE)
        if digest and len(blocks) > 1:
            for k in range(1, len(blocks) + 1):  # the fewest blocks in the digest
                head = self._digest(blocks[:k], columns)
                tail = [line for b, m in zip(blocks[k:], bare[k:]) for line in b.shown(m)]
                if rows(head + tail, columns) <= room:
                    self.digested = blocks[:k]
                    self._print(head + tail)
                    return
        self._pages([b.shown(m) for b, m in zip(blocks, self._modes(blocks, BARE))], columns,
                    height, room)

    def read_again(self, asked: int) -> None:
        """``l`` after a digest: every block it stands for in full, page by page, the last page
        above the question (of ``asked`` rows) asked again; a map of the past is left out, its
        status standing for it (``b`` shows the board as it is now)."""
        columns, height = self.size()
        blocks, self.digested = self.digested, []
        self._pages([b.shown(NOTE) for b in blocks], columns, height, height - asked)

    def answered(self) -> None:
        """The person answered: what happened before is read."""
        self.digested = []

    # -- layout ------------------------------------------------------------------------------------
    def _modes(self, blocks: list[Block], last: str) -> list[str]:
        """Every map left out but the last one drawn, which is shown as ``last`` says."""
        with_map = [i for i, b in enumerate(blocks) if b.board is not None]
        return [last if with_map and i == with_map[-1] else BARE if i in with_map else FULL
                for i in range(len(blocks))]

    def _fitting(self, blocks: list[Block], columns: int, room: int) -> list[str] | None:
        """How the blocks show in full within ``room`` rows: the first of the ways that fits
        (steps 1-3 of the module's text), or None."""
        tries = [self._modes(blocks, FULL), self._modes(blocks, NOTE)]
        if not self.compact:
            tries.insert(0, [FULL] * len(blocks))
        for modes in tries:
            if rows([line for b, m in zip(blocks, modes) for line in b.shown(m)], columns) <= room:
                return modes
        return None

    def _digest(self, blocks: list[Block], columns: int) -> list[str]:
        head = term.clip(f"── {_counted(len(blocks))} since your last answer (l: read "
                         f"{'them' if len(blocks) > 1 else 'it'} in full) ──", columns)
        return [head, *(term.clip(f"{n:>3}. {b.title}", columns) for n, b in enumerate(blocks, 1))]

    def _pages(self, chunks: list[list[str]], columns: int, height: int, room: int) -> None:
        """``chunks`` (the lines of each block) page by page: the last page within ``room`` rows
        (above the question), each page before it as tall as the screen leaves above a pause;
        a block is cut between pages only when it is taller than a page."""
        fits = max(room, 0)
        tail: list[str] = []
        while chunks and rows([*chunks[-1], *tail], columns) <= fits:
            tail[:0] = chunks.pop()
        page = max(1, height - self.pause_rows(self._more(99, 99), columns))
        pages: list[list[str]] = []
        for chunk in chunks:
            if pages and rows([*pages[-1], *chunk], columns) <= page:
                pages[-1] += chunk
            else:  # a page of its own, or more: cut from its end, so that its last lines (a
                pages += _cut(chunk, page, columns)  # step's instructions) stay together
        for n, lines in enumerate(pages, 1):
            self._print(lines)
            self.pause(self._more(n, len(pages) + (1 if tail else 0)))
        self._print(tail)

    @staticmethod
    def _more(n: int, of: int) -> str:
        return f"More since your last answer: page {n} of {of}."

    def _print(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)


def _cut(lines: list[str], page: int, columns: int) -> list[list[str]]:
    """``lines`` in pages of ``page`` rows, the last page full and the first one holding what
    is left over."""
    pages: list[list[str]] = []
    for line in reversed(lines):
        if not pages or pages[0] and rows([line, *pages[0]], columns) > page:
            pages.insert(0, [])
        pages[0].insert(0, line)
    return pages


def _first(lines: list[str]) -> str:
    return next((line.strip() for line in lines if line.strip()), "")


def _counted(n: int) -> str:
    return "1 thing" if n == 1 else f"{n} things"


class ScreenPrompter(Prompter):
    """The person's prompter, with the screen laid out before each of its questions and pauses
    (:meth:`Screen.wait`), and ``l`` after a digest answered here: it reads the digest in full
    and asks again."""

    def __init__(self, inner: Prompter, screen: Screen) -> None:
        self.inner = inner
        self.screen = screen
        self.reads = getattr(inner, "reads", True)
        self.takes_shortcuts = getattr(inner, "takes_shortcuts", False)  # a person's keys, still
        screen.pause = self.pause
        sized = getattr(inner, "pause_rows", None)
        if sized is not None:
            screen.pause_rows = sized

    def can_answer(self, qid: str) -> bool:
        return self.inner.can_answer(qid)

    def ask(self, q: Question) -> Any:
        while True:
            self.screen.wait(self._rows(q), READ_AGAIN in q.escapes)
            answer = self.inner.ask(q)
            if answer == READ_AGAIN and READ_AGAIN in q.escapes and self.screen.digested:
                self.screen.read_again(self._rows(q))
                continue
            self.screen.answered()
            return answer

    def pause(self, text: str) -> None:
        self.screen.wait(self.screen.pause_rows(text, self.screen.width), digest=False)
        self.inner.pause(text)

    def _rows(self, q: Question) -> int:
        sized = getattr(self.inner, "rows", None)
        return sized(q, self.screen.width) if sized is not None else 1
