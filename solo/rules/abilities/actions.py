"""Abilities that change how a creature acts or may act: heals it makes, activated abilities the
Dummy Mage pays for, moves that teleport or fly, what your creatures may not do."""

from __future__ import annotations
