"""``python -m solo`` and the ``solo`` command.

Until the command runs, Ctrl-C ends the process at once and quietly (nothing has been done
yet, so nothing can be lost): without this, an interrupt while Python imports prints a
traceback.  :func:`solo.cli.main` puts the usual handling back first thing.
"""

import os
import signal


def _quit(signum, frame):  # pragma: no cover - exercised by tests/test_crash.py
    os._exit(130)


def run() -> None:
    signal.signal(signal.SIGINT, _quit)
    from solo.cli import main

    main()


if __name__ == "__main__":
    run()
