"""Asking a person at the terminal: questionary menus with one-key answers, and plain lines for
screen readers.  Both answer :class:`~solo.core.questions.Question` values; neither is imported by
the core."""

from __future__ import annotations

import json
import sys
from typing import Any, Callable

from solo.core.errors import printable
from solo.core.questions import ESCAPE_KEYS, AnswerError, MissingAnswer, Prompter, Question

_CHOICE_KEYS = "123456789" + "".join(c for c in "acdfghijkmnpqstvwxyz" if c not in ESCAPE_KEYS.values())


def shortcut_keys(pairs: list[tuple[str, Any]], escapes: tuple = ()) -> list[str | None]:
    """A key for each choice of a menu: its escape's letter for an escape (``board`` -> b),
    else the next of 1-9 then letters no escape uses.  The same choice keeps its key whatever
    else the menu holds; past the last key a choice has none.

    >>> shortcut_keys([("Attack", "attack"), ("Move", "move"), ("Show the board", "board")], ("board",))
    ['1', '2', 'b']
    """
    keys: list[str | None] = []
    free = iter(_CHOICE_KEYS)
    for _, value in pairs:
        if isinstance(value, str) and value in escapes and value in ESCAPE_KEYS:
            keys.append(ESCAPE_KEYS[value])
        else:
            keys.append(next(free, None))
    return keys


def _one_key(app: Any, keys: list[str | None], escapes: tuple, cancel: int | None = None) -> None:
    """Make a menu answer on one key: a choice's key picks it at once (no Enter), Ctrl-D stops
    like Ctrl-C, and Esc is the menu's undo when it has one, else its ``cancel`` choice."""
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

    kb = KeyBindings()

    def pick(event: Any, i: int) -> None:
        # Show the answer on the question's line, as Enter does, then answer.
        for control in app.layout.find_all_controls():
            if hasattr(control, "is_answered") and hasattr(control, "pointed_at"):
                at = [n for n, c in enumerate(control.choices) if getattr(c, "value", None) == i]
                if at:
                    control.pointed_at = at[0]
                    control.is_answered = True
        event.app.exit(result=i)

    for index, key in enumerate(keys):
        if key:
            kb.add(key, eager=True)(lambda event, i=index: pick(event, i))

    @kb.add("c-d", eager=True)
    def _stop(event: Any) -> None:
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    back = keys.index("u") if "undo" in escapes and "u" in keys else cancel
    if back is not None:
        @kb.add("escape", eager=True)
        def _back(event: Any) -> None:
            pick(event, back)

    app.key_bindings = merge_key_bindings([app.key_bindings, kb])


def is_terminal(stdin: Any = None) -> bool:
    """Whether ``stdin`` (standard input by default) is a terminal a person can answer on."""
    from solo.cli.term import at_terminal

    return at_terminal(stdin if stdin is not None else sys.stdin)


def select_hint(message: str, shortcuts: bool, room: int | None = None) -> str:
    """The grey hint after a menu's question: short, and left out (one space: questionary
    puts its own longer one for an empty hint) when it would push the line past the terminal's
    edge, where it would break in the middle of a word.

    >>> select_hint("Who acts now?", True, 80)
    '(key or arrows)'
    >>> select_hint("Which of its objects did your Timber Wolf (ym-1) attack?", True, 60)
    ' '
    """
    hint = "(key or arrows)" if shortcuts else "(arrows)"
    if room is None:
        from solo.cli.term import width

        room = width()
    return hint if _last_line(message) + 1 + len(hint) < room else " "


def _last_line(message: str) -> int:
    """The columns the last line of a question takes on screen (its first line comes after
    questionary's "? ")."""
    _, newline, last = message.rpartition("\n")
    return len(last) if newline else 2 + len(last)


#: The columns kept for a typed answer after its question, by kind (a menu keeps its longest
#: choice's).
ANSWER_ROOM = {"confirm": 6, "int": 4, "text": 20, "autocomplete": 24}  # confirm: "(Y/n)"


def fold(message: str, answer: int, room: int | None = None) -> str:
    r"""A question folded between words at the terminal's edge, its later lines indented, so
    that once answered (questionary leaves "? question answer") no line runs past the edge,
    where the terminal would break a word in two; an answer of ``answer`` columns that would
    not fit after the question's last line goes on a line of its own.

    >>> fold("What did the spell do? (no quick attack spell reaches it from D3)", 22, 60)
    'What did the spell do? (no quick attack spell reaches it\n  from D3)'
    >>> fold("What did your Thunderift Falcon (ym-12) do?", 31, 80)
    'What did your Thunderift Falcon (ym-12) do?'
    >>> fold("What did your Thunderift Falcon (ym-12) do?", 43, 80)
    'What did your Thunderift Falcon (ym-12) do?\n  '
    """
    if room is None:
        from solo.cli.term import width

        room = width()
    if "\n" in message:  # lines that set the question up, then the question: each folded
        from solo.cli.term import hang

        head, _, last = message.rpartition("\n")
        lines = [line if len(line) <= room - 2 else hang(line, room - 2) for line in head.split("\n")]
        return "\n".join(lines) + "\n" + fold(last, answer, room)
    if _last_line(message) + 1 + answer <= room:
        return message
    from solo.cli.term import hang

    out = hang(message, room - 2) if _last_line(message) > room else message
    return out + "\n  " if _last_line(out) + 1 + answer > room else out


#: The rows prompt_toolkit keeps free under an autocomplete question for its completions.
COMPLETIONS_ROWS = 7


def pause_text(text: str, room: int | None = None) -> str:
    """What a pause shows: ``text`` and the key to press, folded between words so that no line
    runs past the terminal's edge (questionary puts a space before it).

    >>> print(pause_text("Next: the Dummy Mage's creature action: move-attack (dm-12).", 60))
    Next: the Dummy Mage's creature action: move-attack
      (dm-12). Press a key to go on.
    """
    from solo.cli.term import hang

    return hang(printable(f"{text} Press a key to go on."), (room or _width()) - 1)


#: What questionary puts before a choice's title: its pointer and its key.
CHOICE_LEAD = " » 1) "


def _clip(text: str, room: int) -> str:
    from solo.cli.term import clip

    return clip(text, room)


def _width() -> int:
    from solo.cli.term import width

    return width()


def _rows(text: str, room: int) -> int:
    """The rows ``text`` takes on a terminal ``room`` columns wide (a line longer than the row
    goes on to the next)."""
    from solo.cli.term import visible

    return sum(max(1, -(-visible(line) // room)) for line in text.split("\n"))


class QuestionaryPrompter(Prompter):
    """Asks a person at the terminal with questionary.

    ``input``/``output`` (prompt_toolkit objects) are passed through, for tests.  Without them,
    and with no terminal on standard input, asking raises :class:`MissingAnswer` at once instead
    of waiting for input that can never come.  Ctrl-C raises ``KeyboardInterrupt``.
    """

    takes_shortcuts = True  # a person: spared the questions with one answer, offered shortcuts

    def __init__(self, input: Any = None, output: Any = None, stdin: Any = None) -> None:
        self.input = input
        self.output = output
        self._stdin = stdin
        self.app: Any = None  # the questionary application running now, if any

    def can_answer(self, qid: str) -> bool:
        return self._has_terminal()

    def _has_terminal(self) -> bool:
        return self.input is not None or is_terminal(self._stdin)

    def _run(self, asked: Any) -> Any:
        """Ask one questionary question; its application is :attr:`app` meanwhile, for the
        table screen to close when the page answers first (solo.cli.table)."""
        self.app = asked.application
        try:
            return asked.unsafe_ask()
        finally:
            self.app = None

    def pause(self, text: str, room: int | None = None) -> None:
        if not self._has_terminal():
            return
        import questionary

        io: dict[str, Any] = {}
        if self.input is not None:
            io["input"] = self.input
        if self.output is not None:
            io["output"] = self.output
        questionary.press_any_key_to_continue(pause_text(text, room), **io).unsafe_ask()

    def rows(self, q: Question, room: int | None = None) -> int:
        """The rows ``q`` takes on a terminal ``room`` columns wide while it is asked: its
        question (folded as :meth:`ask` folds it, with the hint), then a menu's choices (one row
        each: a choice too long for the row is cut, never wrapped) and the line of its escapes,
        or the rows an autocomplete keeps free under it for its completions."""
        room = room or _width()
        words = printable(q.message, lines=True)
        if q.kind == "select":
            pairs = q.pairs()
            keys = shortcut_keys(pairs, q.escapes)
            escape = [i for i, (_, v) in enumerate(pairs) if isinstance(v, str) and v in q.escapes]
            longest = max(len(printable(t)) for i, (t, _) in enumerate(pairs) if i not in escape)
            message = fold(words, longest, room)
            head = f"? {message} {select_hint(message, any(keys), room)}"
            return _rows(head, room) + len(pairs) - len(escape) + (1 if escape else 0)
        if q.kind == "confirm":
            return _rows(f"? {fold(words, ANSWER_ROOM['confirm'], room)} (Y/n)", room)
        typed, prefill = self._typed(q, words)
        drawn = _rows(f"? {fold(typed, ANSWER_ROOM[q.kind], room)} {prefill}", room)
        return drawn + COMPLETIONS_ROWS if q.kind == "autocomplete" else drawn

    @staticmethod
    def pause_rows(text: str, room: int | None = None) -> int:
        """The rows :meth:`pause` takes on a terminal ``room`` columns wide."""
        room = room or _width()
        return _rows(" " + pause_text(text, room), room)

    @staticmethod
    def _typed(q: Question, words: str) -> tuple[str, str]:
        """A typed answer's question and what its field starts with: a number (an int's
        default, or a text one such as damage "0") is shown, not typed into the field: typing 7
        over a pre-filled 5 would give 57.  Enter keeps it."""
        prefill = "" if q.default is None else printable(q.default)
        if q.kind == "int" and q.default is not None or q.kind == "text" and prefill[:1].isdigit():
            return f"{words} (Enter: {printable(q.default)})", ""
        return words, prefill

    def ask(self, q: Question) -> Any:
        if not self._has_terminal():
            raise MissingAnswer(f"no terminal is available to ask question '{q.id}' "
                                f"({json.dumps(q.message)}); pass an answers file with --answers")
        import questionary

        io: dict[str, Any] = {}
        if self.input is not None:
            io["input"] = self.input
        if self.output is not None:
            io["output"] = self.output

        # What a person reads of the question (its words, its choices' titles) may hold names
        # from a file or the game database: shown with its control characters as escapes.
        words = printable(q.message, lines=True)
        if q.kind == "select":
            pairs = q.pairs()
            keys = shortcut_keys(pairs, q.escapes)
            # The escapes (board, edit, undo, rules) are keys, listed on one line under the
            # choices instead of a line each.
            escape = [i for i, (_, v) in enumerate(pairs) if isinstance(v, str) and v in q.escapes]
            # a choice longer than its row is cut by prompt_toolkit, never wrapped: cut here,
            # with an ellipsis that says so (" » 1) " takes the row's first columns)
            room = _width() - len(CHOICE_LEAD)
            qchoices: list[Any] = [questionary.Choice(title=_clip(printable(t), room), value=i,
                                                      shortcut_key=keys[i] or False)
                                   for i, (t, v) in enumerate(pairs) if i not in escape]
            if escape:
                qchoices.append(questionary.Separator(
                    "   " + " · ".join(f"{keys[i]} {pairs[i][1]}" for i in escape if keys[i])))
            default = None
            if q.default is not None:
                for i, (t, v) in enumerate(pairs):
                    if i not in escape and (v == q.default or t == q.default):
                        default = qchoices[[j for j in range(len(pairs)) if j not in escape].index(i)]
                        break
            shortcuts = any(keys)  # number keys pick a choice, fixed letters the escapes
            longest = max(len(t) for i, (t, _) in enumerate(pairs) if i not in escape)
            message = fold(words, longest)
            asked = questionary.select(message, choices=qchoices, default=default,
                                       use_shortcuts=shortcuts, use_jk_keys=False,
                                       instruction=select_hint(message, shortcuts), **io)
            _one_key(asked.application, keys, q.escapes,
                     next((i for i, (_, v) in enumerate(pairs) if v == "cancel"), None))
            index = self._run(asked)
            return pairs[index][1]
        if q.kind == "confirm":
            yes = True if q.default is None else bool(q.default)
            return bool(self._run(questionary.confirm(fold(words, ANSWER_ROOM["confirm"]),
                                                      default=yes, **io)))
        message, prefill = self._typed(q, words)
        shown = message != words  # (a number shown, see _typed)
        message = fold(message, ANSWER_ROOM[q.kind])
        if q.kind == "autocomplete":
            text = self._run(questionary.autocomplete(
                message, choices=[printable(t) for t in q.titles()], default=prefill,
                match_middle=True, ignore_case=True, validate=q.check, **io))
        else:  # text, int
            check = (lambda t: True if not t.strip() else q.check(t)) if shown else q.check
            text = self._run(questionary.text(message, default=prefill, validate=check, **io))
        if shown and q.kind == "text" and not text.strip():
            text = str(q.default)
        answer = q.parse(text)
        if q.kind == "autocomplete":  # "Grizzly" was completed: say to what, under the answer
            title = next((t for t, v in q.pairs() if v == answer), None)
            if title is not None and title.strip().lower() != text.strip().lower():
                questionary.print(printable(f"  = {title}"),
                                  **({"output": self.output} if self.output else {}))
        return answer


class PlainPrompter(Prompter):
    """Asks with plain lines and ``input()``: a select is a numbered list read as a number (or
    its key, its title, an escape word), nothing is redrawn -- for screen readers and
    ``TERM=dumb``.  Enter takes the default; a wrong answer says why and asks again; Ctrl-D
    stops like Ctrl-C.  Like the terminal prompter it refuses to wait without a terminal."""

    takes_shortcuts = True

    def __init__(self, read: Callable[[str], str] = input, write: Callable[[str], None] | None = None,
                 stdin: Any = None) -> None:
        self._read = read
        self._write = write or _say
        self._stdin = stdin
        self._given_read = read is not input

    def can_answer(self, qid: str) -> bool:
        return self._has_terminal()

    def _has_terminal(self) -> bool:
        return self._given_read or is_terminal(self._stdin)

    def read(self, prompt: str) -> str:
        """A line typed after ``prompt``; a prompt too long for the terminal is folded between
        words, its first lines written and its last one left before the cursor."""
        from solo.cli.term import hang, width

        *first, last = hang(printable(prompt.rstrip(" ")), width() - 1).split("\n")
        for line in first:
            self._write(line)
        return self._read(last + " " * (len(prompt) - len(prompt.rstrip(" "))))

    def write(self, text: str) -> None:
        """A line for the person: its control characters (from a name in a file, say) shown as
        escapes."""
        self._write(printable(text, lines=True))

    def pause(self, text: str) -> None:
        if not self._has_terminal():
            return
        try:
            self.read(f"{text} Enter to go on. ")
        except EOFError:
            raise KeyboardInterrupt from None

    def ask(self, q: Question) -> Any:
        if not self._has_terminal():
            raise MissingAnswer(f"no terminal is available to ask question '{q.id}' "
                                f"({json.dumps(q.message)}); pass an answers file with --answers")
        pairs = q.pairs() if q.kind == "select" else []
        keys = shortcut_keys(pairs, q.escapes) if pairs else []
        default_text = ""
        if pairs:
            self.write(q.message)
            escapes = []
            for (title, value), key in zip(pairs, keys):
                if isinstance(value, str) and value in q.escapes:
                    escapes.append(f"{key} {value}")
                    continue
                mark = " (default)" if q.default is not None and (value == q.default or title == q.default) else ""
                self.write(f"  {key or '-'}. {title}{mark}")
            if escapes:
                self.write("  also: " + ", ".join(escapes))
        elif q.default not in (None, ""):  # an empty default: Enter gives nothing, said nowhere
            shown = ("yes" if q.default else "no") if q.kind == "confirm" else q.default
            default_text = f" [Enter: {shown}]"
        message = q.message
        if not pairs and "\n" in message:  # the lines that set the question up, wrapped
            head, _, message = message.rpartition("\n")
            for line in head.split("\n"):
                self.write(line)
        prompt = ("Your choice: " if pairs else f"{message}{default_text}"
                  + (" (yes/no)" if q.kind == "confirm" else "") + ": ")
        while True:
            try:
                text = self.read(prompt)
            except EOFError:
                raise KeyboardInterrupt from None
            text = text.strip()
            if not text and q.default is not None:
                return q.parse(q.default) if q.kind != "confirm" else bool(q.default)
            if pairs and text.lower() in [k for k in keys if k]:
                return pairs[[k for k in keys].index(text.lower())][1]
            try:
                return q.parse(text)
            except AnswerError as err:
                self.write(f"  {not_on_menu(text, pairs, keys, q.escapes) if pairs else err}")


def not_on_menu(text: str, pairs: list[tuple[str, Any]], keys: list[str | None],
                escapes: tuple = ()) -> str:
    """Why a plain answer fits no choice, in the menu's own terms: the keys shown before its
    choices, then the escapes' letters (never a value the person was not shown).

    >>> not_on_menu("x", [("Start", "start"), ("Change", "change"), ("Show the board", "board")],
    ...             ["1", "2", "b"], ("board",))
    "'x' is not on the menu: type 1 or 2 (or the choice's words); or b for board"
    """
    mine = [k for (_, v), k in zip(pairs, keys) if k and not (isinstance(v, str) and v in escapes)]
    more = [f"{k} for {v}" for (_, v), k in zip(pairs, keys)
            if k and isinstance(v, str) and v in escapes]
    listed = mine[0] if len(mine) == 1 else ", ".join(mine[:-1]) + f" or {mine[-1]}"
    return (f"{text!r} is not on the menu: type {listed} (or the choice's words)"
            + ("; or " + ", ".join(more) if more else ""))


def _say(text: str) -> None:
    from solo.cli.term import echo

    echo(text, fold=False)
