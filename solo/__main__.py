"""``python -m solo`` and the ``solo`` command.

Until the command runs, Ctrl-C ends the process at once and quietly (nothing has been done
yet, so nothing can be lost): without this, an interrupt while Python imports prints a
traceback.  :func:`solo.cli.main` puts the usual handling back first thing.

Start-up: the cyclic garbage collector is paused while the command's modules are imported and
the card catalog is read (tens of thousands of objects that live until the process ends, which
it would otherwise walk again and again for nothing), then turned back on by
:func:`solo.cli.main` before the command does its work.  At exit everything still alive is
frozen, as the last exit handler, so the final collection of the interpreter's shutdown does not
walk the catalog once more: the other exit handlers (the game journal's SQLite connection, file
locks) have run by then, and files are flushed and closed as usual -- nothing is skipped.
"""

import gc
import os
import signal


def _quit(signum, frame):  # pragma: no cover - exercised by tests/test_crash.py
    os._exit(130)


def run() -> None:
    gc.disable()
    import atexit

    atexit.register(gc.freeze)  # registered first: runs after every other exit handler
    signal.signal(signal.SIGINT, _quit)
    from solo.cli import main

    main()


if __name__ == "__main__":
    run()
