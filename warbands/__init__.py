"""The warband game (seed 004): its pure rules in :mod:`warbands.rules`."""
