"""Errors meant for people: one clear line and an exit status, never a traceback.

The pure core raises these; the CLI turns them into ``solo: <message>`` and the exit status.
Exit statuses: 1 = the input is well formed but invalid (an invalid deck set), 2 = usage errors
and unreadable or malformed input (a missing file, bad TOML or JSON, a wrong board).
"""

from __future__ import annotations


class SoloError(Exception):
    """A problem a person can fix; ``str(err)`` says what and how."""

    exit_code = 2

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        # One line for people, whatever text from a file ended up in the message.
        message = str(message).replace("\r", "\\r").replace("\n", "\\n")
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


class InvalidInput(SoloError):
    """Unreadable or malformed input (exit status 2)."""

    exit_code = 2


class InvalidDeck(SoloError):
    """A deck set that reads fine but breaks the rules (exit status 1)."""

    exit_code = 1
