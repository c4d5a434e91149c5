"""Simulation: many matches between agents, summarised (see :mod:`parlour.sim.tournament`)."""
