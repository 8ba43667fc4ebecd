"""Refusals of the league app that are not rules of the game (those raise ``CampaignRuleError``)."""

from __future__ import annotations

from arena.engine.roster import Problem


class LeagueError(ValueError):
    """A league action the app refuses as asked: fixtures exist already, the round is not over …"""


class CampaignRosterError(LeagueError):
    """A campaign change would leave a roster the validators refuse; ``problems`` lists them."""

    def __init__(self, message: str, problems: tuple[Problem, ...]) -> None:
        super().__init__(message)
        self.problems = problems
