"""Abilities that act at a moment: when summoned, when destroyed, when it damages or destroys,
at the start of its side's Upkeep, when activated."""

from __future__ import annotations
