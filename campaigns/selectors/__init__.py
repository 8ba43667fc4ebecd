"""Reads of the league app: leagues, fixtures, standings, campaign sheets."""
