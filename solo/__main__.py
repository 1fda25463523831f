"""``python -m solo`` and the ``solo`` command.

Until the command runs, Ctrl-C ends the process at once and quietly (nothing has been done
yet, so nothing can be lost): without this, an interrupt while Python imports prints a
traceback.  The interrupt is caught as it comes out of the imports, so the ``signal`` module
(about 0.7 ms to import, for its enums) is not needed for it.

Start-up: the cyclic garbage collector is paused while the command's modules are imported and
the card catalog is read (tens of thousands of objects that live until the process ends, which
it would otherwise walk again and again for nothing), then turned back on by
:func:`solo.cli.app.main` before the command does its work.  At exit everything still alive is
frozen, as the last exit handler, so the final collection of the interpreter's shutdown does not
walk the catalog once more: the other exit handlers (the game journal's SQLite connection, file
locks) have run by then, and files are flushed and closed as usual -- nothing is skipped.
"""

import gc
import os


def run() -> None:
    gc.disable()
    try:
        import atexit

        atexit.register(gc.freeze)  # registered first: runs after every other exit handler
        from solo.cli.app import main
    except KeyboardInterrupt:  # pragma: no cover - in subprocesses: test_crash, test_startup
        os._exit(130)  # ExitCode.INTERRUPTED (solo.core.errors may be half imported here)
    main()


if __name__ == "__main__":
    run()
