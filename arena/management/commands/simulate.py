"""``python manage.py simulate``: play whole matches between agents and report the results."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from arena.engine.agents import AGENTS
from arena.engine.agents.simulate import load_team, simulate
from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.match.state import ROUND_LIMIT, MatchOptions


class Command(BaseCommand):
    help = "Play N whole matches between two teams with random or greedy agents."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--home", default="base", help="'base' or the path of a team file")
        parser.add_argument("--away", default="base", help="'base' or the path of a team file")
        parser.add_argument("--matches", type=int, default=10)
        parser.add_argument("--seed", default="0")
        parser.add_argument("--agent", choices=sorted(AGENTS), default="random")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
        parser.add_argument(
            "--option",
            action="append",
            choices=sorted(OPTIONAL_RULES),
            default=[],
            dest="optional",
            help="play with this optional rule (HR-7); repeat for several",
        )
        parser.add_argument("--round-limit", type=int, default=ROUND_LIMIT, help="HR-10.1: 20; a league may set 12-30")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["matches"] < 1:
            raise CommandError("--matches must be at least 1")
        try:
            home = load_team(options["home"])
            away = load_team(options["away"])
        except (OSError, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        try:  # MatchOptions refuses a round limit outside 12-30 (HR-10.1)
            match_options = MatchOptions(round_limit=options["round_limit"], optional=frozenset(options["optional"]))
        except ValueError as exc:
            raise CommandError(f"--round-limit: {exc}") from exc
        try:
            result = simulate(home, away, options["matches"], options["seed"], options["agent"], match_options)
        except ValueError as exc:  # a team that does not suit the match's optional rules (HR-7)
            raise CommandError(str(exc)) from exc
        if options["json"]:
            self.stdout.write(json.dumps(result.as_json()))
            return
        self.stdout.write(
            f"{result.matches} matches ({options['agent']} agents): home {result.home_wins} wins, "
            f"away {result.away_wins} wins, {result.draws} draws; "
            f"{result.mean_rounds:.1f} rounds and {result.mean_decisions:.0f} decisions per match; "
            f"{result.seconds:.1f} s"
        )
