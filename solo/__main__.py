"""``python -m solo`` and the ``solo`` command.

Until the command runs, Ctrl-C ends the process at once and quietly, with status 130 (nothing
has been done yet, so nothing can be lost): without this, an interrupt while Python imports
prints a traceback.  The first statements below make it so, before anything else of solo runs:
an interrupt nobody catches ends the process without a word (``sys.excepthook``), and one that
comes while Python runs an exit handler or a clean-up is dropped (``sys.unraisablehook``).  The
console script pip writes imports ``re`` and this module, then calls :func:`run`; everything
from this module's first line on, its own ``re.sub`` on ``sys.argv[0]`` included, is covered.
What comes before (Python's own start-up and ``site``, the script's ``import re``, finding this
package) is out of solo's reach: docs/reliability.md says how often a Ctrl-C lands there.  Once
the command runs, :func:`solo.cli.app.main` catches Ctrl-C itself and says ``solo:
interrupted``.

Start-up: the cyclic garbage collector is paused while the command's modules are imported and
the card catalog is read (tens of thousands of objects that live until the process ends, which
it would otherwise walk again and again for nothing), then turned back on by
:func:`solo.cli.app.main` before the command does its work.  At exit everything still alive is
frozen, as the last exit handler, so the final collection of the interpreter's shutdown does not
walk the catalog once more: the other exit handlers (the game journal's SQLite connection, file
locks) have run by then, and files are flushed and closed as usual -- nothing is skipped.
"""

import sys


def _interrupted(kind, value, tb, _before=sys.excepthook):  # pragma: no cover - in subprocesses
    if issubclass(kind, KeyboardInterrupt):
        import os  # (loaded already: Python's start-up needs it)

        os._exit(130)  # ExitCode.INTERRUPTED (solo.core.errors may be half imported here)
    _before(kind, value, tb)


def _unraisable(what, _before=sys.unraisablehook):  # pragma: no cover - in subprocesses
    if not isinstance(what.exc_value, KeyboardInterrupt):
        _before(what)


sys.excepthook, sys.unraisablehook = _interrupted, _unraisable  # (test_crash finds this line)

import gc  # noqa: E402 - after the hooks, on purpose


def run() -> None:
    gc.disable()
    import atexit

    atexit.register(gc.freeze)  # registered first: runs after every other exit handler
    from solo.cli.app import main

    main(whole_process=True)


if __name__ == "__main__":
    run()
