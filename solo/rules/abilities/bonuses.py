"""Abilities that move an attack before the dice: conditional dice, effect-die and Piercing
bonuses, armor and Defense that hold only sometimes, auras to friendly creatures in a zone."""

from __future__ import annotations
