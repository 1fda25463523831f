"""Whole games: the round machine, your side, sessions, simulation, conformance, ratings."""
