"""Questions as data, and the scripted ways of answering them.

The core never prompts.  It describes what it wants to know as a :class:`Question` (a stable
``id``, a ``kind``, the ``message`` a person sees, the ``choices``...) and hands it to a
:class:`Prompter`:

* a person at a terminal answers through :mod:`solo.cli.prompter` (questionary, imported only
  when a question is really asked, so commands that never ask pay nothing for it);
* :class:`ScriptedPrompter` answers from a mapping ``{question id: answer or [answers...]}``,
  usually read from an answers file (JSON or TOML) -- for tests and for driving interactive
  commands without a terminal.

Both check an answer the same way (:meth:`Question.parse`), so a scripted answer that a person
could not have given is refused with the question's id and the reason.

Kinds: ``select`` (one of ``choices``), ``autocomplete`` (free typing completed from
``choices``; the answer must be one of them when there are any), ``text``, ``int`` (optionally
within ``min``..``max``) and ``confirm`` (yes/no).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Final

from solo.core.errors import (ExitCode, InvalidInput, NumberTooBig, SoloError, read_int, read_text,
                              unreadable)
from solo.core.records import FrozenRecord

KINDS: Final = ("select", "autocomplete", "text", "int", "confirm")
_KINDS: Final = frozenset(KINDS)

_YES: Final = {"y", "yes", "true", "1", "on"}
_NO: Final = {"n", "no", "false", "0", "off"}


class MissingAnswer(SoloError):
    """A question nobody can answer: no scripted answer left, or no terminal to ask on."""

    exit_code = ExitCode.USAGE


class AnswerError(ValueError):
    """An answer that does not fit its question (the message says why, without the id)."""


class Choice(FrozenRecord):
    """A choice shown as ``title``; answering it gives ``value`` (the title when none is given).

    A record, not a dataclass: a game builds some 500 of them for the questions of its steps."""

    title: str
    value: Any

    def __init__(self, title: str, value: Any = None) -> None:
        d = self.__dict__  # (faster than object.__setattr__ a field)
        d["title"] = title
        d["value"] = title if value is None else value


@dataclass(frozen=True)
class Question:
    """One thing the program wants to know.

    ``validate`` gets the answer as text and returns an error message, or None when it is fine;
    it is applied to text, int and autocomplete answers after the kind's own checks.
    """

    id: str
    kind: str
    message: str
    choices: tuple[Any, ...] = ()
    default: Any = None
    min: int | None = None
    max: int | None = None
    validate: Callable[[str], str | None] | None = field(default=None, compare=False, hash=False)
    #: words accepted as they are, whatever the kind (``undo``, ``board``...): the answer is the
    #: word itself, lower-cased
    escapes: tuple[Any, ...] = ()
    #: the menu a person at a terminal sees instead of ``choices`` (see :class:`Shortcut`): its
    #: choices are answers of the question, :class:`Shortcut` values, and :data:`MORE`, which
    #: shows ``choices``.  Empty: ``choices`` are shown.  A script is always asked ``choices``.
    shortcuts: tuple[Any, ...] = field(default=(), compare=False, hash=False)
    #: the id of the piece the question is about (the creature or mage of "What did it do?"),
    #: for a program that answers by ids and reads no message; None when it names none (no
    #: part of what is asked: neither compared nor shown)
    about: str | None = field(default=None, compare=False, hash=False, repr=False)

    def __init__(self, id: str, kind: str, message: str, choices: Any = (), default: Any = None,
                 min: int | None = None, max: int | None = None,
                 validate: Callable[[str], str | None] | None = None,
                 escapes: tuple[Any, ...] = (), shortcuts: tuple[Any, ...] = (),
                 about: str | None = None, values: tuple[Any, ...] | None = None) -> None:
        """The fields, in order (written here, not by the dataclass: a game asks some 600
        questions, and a frozen dataclass sets each of its ten fields through a call).
        ``values``: what :meth:`values` answers, when the asker has them already (a menu made
        once with its values); no field."""
        if kind not in _KINDS:
            raise ValueError(f"question {id!r}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
        if type(choices) is not tuple:  # (most come as a tuple already)
            choices = tuple(choices)
        if not choices and kind == "select":
            raise ValueError(f"question {id!r}: a select needs choices")
        d = self.__dict__  # (faster than object.__setattr__ a field)
        d["id"] = id
        d["kind"] = kind
        d["message"] = message
        d["choices"] = choices
        # the others only when given: the class holds their defaults (as a dataclass's class
        # does), and a question of a game gives two of them at most
        if default is not None:
            d["default"] = default
        if min is not None:
            d["min"] = min
        if max is not None:
            d["max"] = max
        if validate is not None:
            d["validate"] = validate
        if escapes:
            d["escapes"] = escapes
        if shortcuts:
            d["shortcuts"] = shortcuts
        if about is not None:
            d["about"] = about
        if values is not None:
            d["_values"] = values

    # -- choices --------------------------------------------------------------------------
    def pairs(self) -> list[tuple[str, Any]]:
        """The choices as ``(title, value)`` pairs."""
        return [(c.title, c.value) if isinstance(c, Choice) else (str(c), c) for c in self.choices]

    def titles(self) -> list[str]:
        return [t for t, _ in self.pairs()]

    def values(self) -> tuple[Any, ...]:
        """What each choice gives when answered (its titles are not built), in order; worked
        out once (the choices never change: a program asks it of a hundred questions a game,
        and reads it again for the answer's value)."""
        d = self.__dict__
        known: tuple[Any, ...] | None = d.get("_values")
        if known is None:
            out = []
            for c in self.choices:  # (a loop, not a comprehension's call)
                out.append(c.value if isinstance(c, Choice) else c)
            known = d["_values"] = tuple(out)
        return known

    def chosen(self, answer: Any) -> Any:
        """The value of the first choice that is ``answer`` itself (equal, of its type), else
        :data:`NOTHING` (what :meth:`parse` looks for first in a select; a program's answers
        are mostly such a value)."""
        known: tuple[Any, ...] | None = self.__dict__.get("_values")  # (see values)
        if known is not None and answer in known:  # (found at C speed, when worked out)
            value = known[known.index(answer)]
            if type(value) is type(answer):
                return value
        for c in self.choices:
            value = c.value if isinstance(c, Choice) else c
            if value == answer and type(value) is type(answer):
                return value
        return NOTHING

    def _match_choice(self, answer: Any) -> Any:
        value = self.chosen(answer)  # the value itself (exact)
        if value is not NOTHING:
            return value
        pairs = self.pairs()
        text = str(answer).strip().lower()
        for title, value in pairs:  # then the title or a text value, ignoring case
            if title.strip().lower() == text or (isinstance(value, str) and value.strip().lower() == text):
                return value
        shown = ", ".join(self._describe_choice(t, v) for t, v in pairs[:12])
        more = f" (and {len(pairs) - 12} more)" if len(pairs) > 12 else ""
        raise AnswerError(f"{answer!r} is not one of the choices: {shown}{more}")

    def _complete(self, text: str) -> Any:
        """An autocomplete answer: a choice, or the one choice that starts with (else contains)
        what was typed, so that Enter on "Timber W" gives "Timber Wolf"."""
        choices = self.choices
        # a choice's own text, found at C speed (the menu of every creature's name is long: the
        # loop of _match_choice gives the same text)
        if text in choices and type(choices[choices.index(text)]) is str:
            return text
        try:
            return self._match_choice(text)
        except AnswerError:
            pass
        low = text.lower()
        pairs = self.pairs()
        for test in (lambda t: t.lower().startswith(low), lambda t: low in t.lower()):
            hits = [v for t, v in pairs if low and test(t)]
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                shown = ", ".join(str(h) for h in hits[:5]) + (" ..." if len(hits) > 5 else "")
                raise AnswerError(f"{text!r} fits {len(hits)} choices ({shown}); type more of the name")
        import difflib

        close = difflib.get_close_matches(text, [t for t, _ in pairs], n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise AnswerError(f"{text!r} is not one of the choices{hint}")

    @staticmethod
    def _describe_choice(title: str, value: Any) -> str:
        if value == title or isinstance(value, Shortcut):  # a shortcut is known by its title
            return title
        return f"{value} ({title})"

    # -- checking an answer ---------------------------------------------------------------
    def parse(self, answer: Any) -> Any:
        """The value of ``answer`` (a person's text or a scripted value), or :class:`AnswerError`."""
        if self.escapes and isinstance(answer, str) and answer.strip().lower() in self.escapes:
            return answer.strip().lower()
        if self.kind == "select":
            return self._match_choice(answer)
        if self.kind == "confirm":
            if isinstance(answer, bool):
                return answer
            text = str(answer).strip().lower()
            if text in _YES:
                return True
            if text in _NO:
                return False
            raise AnswerError(f"{answer!r} is not a yes or no answer; use yes or no")
        if isinstance(answer, (dict, list, tuple)) or answer is None:
            raise AnswerError(f"{answer!r} is not a {'number' if self.kind == 'int' else 'text'} answer")
        if self.kind == "int":
            if isinstance(answer, bool):
                raise AnswerError(f"{answer!r} is not a whole number")
            if isinstance(answer, int):
                value = answer
            elif not str(answer).strip() and isinstance(self.default, int):
                value = self.default  # Enter keeps the default (never typed into the field)
            else:
                text = str(answer).strip()
                try:
                    value = read_int(text)
                except NumberTooBig as err:
                    raise AnswerError(str(err)) from None
                except ValueError:
                    raise AnswerError(f"{text!r} is not a whole number") from None
            if self.min is not None and value < self.min or self.max is not None and value > self.max:
                raise AnswerError(f"{value} is out of range; give {self._range_text()}")
            self._run_validate(str(value))
            return value
        text = str(answer).strip() if self.kind == "autocomplete" else str(answer)
        if self.kind == "autocomplete" and self.choices:
            text = self._complete(text)
        self._run_validate(str(text))
        return text

    def _range_text(self) -> str:
        if self.min is not None and self.max is not None:
            return f"a number from {self.min} to {self.max}"
        if self.min is not None:
            return f"a number of at least {self.min}"
        return f"a number of at most {self.max}"

    def _run_validate(self, text: str) -> None:
        if self.validate is not None:
            problem = self.validate(text)
            if problem:
                raise AnswerError(problem)

    def check(self, text: str) -> bool | str:
        """questionary's validator: True, or the message to show under the input."""
        try:
            self.parse(text)
        except AnswerError as err:
            return str(err)
        return True


class LazyQuestion(Question):
    """A question whose default is worked out only when something reads it: for a program that
    answers by ids and seldom takes the default (the simulator's opponent), so that a menu
    need not work out the choice it would offer a person first.  ``default_of`` gives it,
    called at most once; the board must not change before it is read (a question is answered
    before the game goes on).  In every other way a :class:`Question`."""

    def __init__(self, id: str, kind: str, message: str, choices: Any = (),
                 default_of: Callable[[], Any] | None = None, about: str | None = None,
                 values: tuple[Any, ...] | None = None, **fields: Any) -> None:
        """(``about`` and ``values`` by name: what its askers give, with no dictionary of
        fields made for them; ``values`` as :class:`Question`'s.)"""
        default = fields.pop("default", None) if fields else None  # (given by
        # dataclasses.replace, say)
        Question.__init__(self, id, kind, message, choices, about=about, values=values, **fields)
        d = self.__dict__  # (its default is read through the property below, worked out then)
        if default_of is None:
            d["_default"] = default
        d["_default_of"] = default_of

    @property
    def default(self) -> Any:
        d = self.__dict__
        if "_default" not in d:
            d["_default"] = d["_default_of"]()
        return d["_default"]


#: The answer, in a menu of shortcuts, that shows the question's every choice instead.
MORE: Final = "more..."


@dataclass(frozen=True)
class Shortcut:
    """Several answers in one key: a choice of a question's menu of shortcuts
    (:attr:`Question.shortcuts`).  ``answers`` are ``(question id, answer)`` pairs in the order
    the step asks them, the first the question's own; the game gives the others as their
    questions come (each only while it is still one of its question's choices: else that
    question is asked).  ``standing`` answers are given whenever their question comes again
    this round (a quickcast passed for the whole round).  Every answer is recorded as if typed,
    so a game played with shortcuts replays as the same answers given one by one."""

    answers: tuple[tuple[str, Any], ...]
    standing: tuple[tuple[str, Any], ...] = ()


class _Nothing:
    """No answer (a question that has more than one)."""

    def __repr__(self) -> str:
        return "NOTHING"


NOTHING: Final[Any] = _Nothing()


def only_answer(q: Question) -> Any:
    """The one answer ``q`` can have (a menu of one choice, a number from a range of one), or
    :data:`NOTHING`.

    >>> only_answer(Question("x", "select", "Which?", ("dm-4",)))
    'dm-4'
    >>> only_answer(Question("x", "select", "Which?", ("dm-4", "dm-5"))) is NOTHING
    True
    """
    if q.kind in ("select", "autocomplete") and len(q.choices) == 1:
        return q.pairs()[0][1]
    if q.kind == "int" and q.min is not None and q.min == q.max:
        return q.min
    return NOTHING


#: The keys of the escapes every menu of a game offers: the same letter in every menu, never
#: given to a choice (``b`` shows the board, ``e`` edits it, ``u`` undoes).
ESCAPE_KEYS: Final = {"board": "b", "edit": "e", "undo": "u", "log": "l", "rules": "r",
                      "odds": "o"}


class Prompter:
    """Answers questions.  Subclasses implement :meth:`ask`."""

    #: Whether anyone reads the questions' wording: a program answering by ids and values
    #: (the simulator's opponents) says no, and the game leaves out text only a person needs,
    #: such as the odds beside each target.  It never changes what happens.
    reads = True
    #: Whether a person answers at a terminal, who is spared what needs no thought: a question
    #: with one possible answer is answered for them, and a menu may offer shortcuts (several
    #: answers in one key, :class:`Shortcut`).  A script or a program is asked every question
    #: the long way, so that its answers keep their order; the answers recorded are the same.
    takes_shortcuts = False

    def ask(self, q: Question) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def can_answer(self, qid: str) -> bool:
        """Whether a question nobody must answer (one with a sensible way on without it) can be
        asked: a person at a terminal, or a script that holds an answer for it."""
        return True

    def pause(self, text: str) -> None:
        """Wait for the person to read what is on screen (one key); scripts never wait."""


def _flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"builder": {"name": "x"}}`` -> ``{"builder.name": "x"}`` (TOML tables become ids)."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        full = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, full + "."))
        else:
            out[full] = value
    return out


#: The most answers, and question ids, an answers file may hold: a long game asks some 500
#: questions of some 40 kinds, and every answer may cost a step, a map or an undo.
MAX_ANSWERS, MAX_ANSWER_IDS = 5_000, 500


class ScriptedPrompter(Prompter):
    """Answers given in advance: ``{question id: answer or [answers, ...]}``.

    Every answer is used once, in order: a single answer answers the question once, a list
    answers it as many times as it has items.  So a loop that keeps asking the same question
    ends with :class:`MissingAnswer` when the script runs out -- it can never spin forever.
    A select may be answered with a choice's value or its title.
    """

    def __init__(self, answers: Mapping[str, Any], source: str = "the answers file") -> None:
        self.source = source
        self._queues: dict[str, list[Any]] = {}
        for key, value in _flatten(answers).items():
            self._queues[key] = list(value) if isinstance(value, (list, tuple)) else [value]
        self._used: dict[str, int] = {}
        #: every question asked and the value it got, in order
        self.log: list[tuple[str, Any]] = []

    @classmethod
    def from_file(cls, path: str | Path) -> "ScriptedPrompter":
        """Read answers from a JSON (``.json``) or TOML file (anything else is tried as both)."""
        p = Path(path)
        text = read_text(p, "answers file")
        data = _parse_answers(text, p)
        if not isinstance(data, dict):
            raise InvalidInput(f"answers file {p} must hold an object of question id -> answer")
        made = None
        try:
            if len(data) <= MAX_ANSWER_IDS:  # (a file of more is not taken apart)
                made = cls(data, source=f"answers file {p}")
        except RecursionError:
            raise InvalidInput(f"answers file {p} is nested too deeply for question ids") from None
        ids = len(data) if made is None else len(made._queues)
        if made is None or ids > MAX_ANSWER_IDS:
            raise InvalidInput(f"answers file {p} answers {ids:,} question ids, more than the "
                               f"{MAX_ANSWER_IDS} solo reads (a game asks some 40 kinds of question)")
        n = sum(len(q) for q in made._queues.values())
        if n > MAX_ANSWERS:
            raise InvalidInput(f"answers file {p} holds {n:,} answers, more than the {MAX_ANSWERS:,} "
                               "solo reads (a long game takes some 500)")
        return made

    def ask(self, q: Question) -> Any:
        queue = self._queues.get(q.id)
        if not queue:
            used = self._used.get(q.id, 0)
            already = f" (its {used} answer{'s' if used != 1 else ''} are used up)" if used else ""
            raise MissingAnswer(f"no answer for question '{q.id}' ({json.dumps(q.message)}){already}; "
                                f"add it to {self.source}")
        raw = queue.pop(0)
        self._used[q.id] = self._used.get(q.id, 0) + 1
        try:
            value = q.parse(raw)
        except AnswerError as err:
            raise InvalidInput(f"bad answer {raw!r} for question '{q.id}' ({json.dumps(q.message)}): {err}") from None
        self.log.append((q.id, value))
        return value

    def can_answer(self, qid: str) -> bool:
        return bool(self._queues.get(qid))

    def unused(self) -> dict[str, list[Any]]:
        """Answers never asked for (a sign the script and the questions disagree)."""
        return {k: list(v) for k, v in self._queues.items() if v}


def _parse_answers(text: str, p: Path) -> Any:
    from solo.core import precheck

    suffix = p.suffix.lower()
    if suffix != ".toml":
        too_many = precheck.json_problem(text)
        if too_many:
            raise InvalidInput(f"answers file {p} cannot be read: {too_many}")
        try:
            return json.loads(text)
        except (ValueError, RecursionError) as err:
            if not isinstance(err, json.JSONDecodeError):
                raise InvalidInput(f"answers file {p} cannot be read: {unreadable(err)}") from None
            if suffix == ".json":
                raise InvalidInput(f"answers file {p} is not valid JSON: {err.msg} at line {err.lineno}, "
                                   f"column {err.colno}") from None
    import tomllib

    too_big = precheck.toml_problem(text)
    if too_big:
        raise InvalidInput(f"answers file {p} cannot be read: {too_big}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        kind = "TOML" if suffix == ".toml" else "JSON or TOML"
        raise InvalidInput(f"answers file {p} is not valid {kind}: {err}") from None
    except (ValueError, RecursionError) as err:
        raise InvalidInput(f"answers file {p} cannot be read: {unreadable(err)}") from None


class RulePrompter(Prompter):
    """Answers by question id from ``rules``: a value, a list (used in turn, the last one
    repeating), or a function of the question; any other question gets its default (or its
    first choice).  For tests and scripted players that care about a few questions only.
    Every question asked is kept in ``asked``."""

    def __init__(self, rules: Mapping[str, Any] | None = None) -> None:
        self.rules = dict(rules or {})
        self.asked: list[str] = []

    def can_answer(self, qid: str) -> bool:
        return qid in self.rules

    def ask(self, q: Question) -> Any:
        self.asked.append(q.id)
        rule = self.rules.get(q.id)
        if callable(rule):
            answer = rule(q)
        elif isinstance(rule, list):
            answer = rule.pop(0) if len(rule) > 1 else rule[0]
        elif rule is not None:
            answer = rule
        elif q.default is not None:
            answer = q.default
        else:
            answer = q.pairs()[0][1]
        return q.parse(answer)

