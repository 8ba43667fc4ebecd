"""``python manage.py simulate``: play whole matches between agents and report the results."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from arena.engine.agents import AGENTS
from arena.engine.agents.simulate import load_team, simulate, simulate_arena
from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.match.state import MatchOptions
from arena.engine.match.words import ArenaMode


def _match_options(options: dict[str, Any], mode: ArenaMode) -> MatchOptions:
    """The round limit given, if any, else the mode's own (HR-10.1: 20; HR-8: 24); a ValueError
    for one outside 12-30."""
    optional = frozenset(options["optional"])
    if options["round_limit"] is None:
        return MatchOptions(optional=optional, mode=mode)
    return MatchOptions(round_limit=options["round_limit"], optional=optional, mode=mode)


class Command(BaseCommand):
    help = "Play N whole matches between two (or four, HR-8) teams with random or greedy agents."

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
        parser.add_argument(
            "--round-limit", type=int, default=None, help="HR-10.1: 20 (24 for four players); a league may set 12-30"
        )
        parser.add_argument("--players", type=int, choices=(2, 4), default=2, help="2, or 4 for HR-8's modes")
        parser.add_argument(
            "--mode", choices=(ArenaMode.PAIRS.value, ArenaMode.FFA.value), help="four players: pairs or ffa (HR-8)"
        )
        parser.add_argument(
            "--team",
            action="append",
            default=[],
            dest="teams",
            help="four players: 'base' or a team file, once per seat 0-3 (missing seats play the base team)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["matches"] < 1:
            raise CommandError("--matches must be at least 1")
        if options["players"] == 4:
            self._four(options)
            return
        if options["mode"] is not None or options["teams"]:
            raise CommandError("--mode and --team are for four players (--players 4)")
        try:
            home = load_team(options["home"])
            away = load_team(options["away"])
        except (OSError, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        try:  # MatchOptions refuses a round limit outside 12-30 (HR-10.1)
            match_options = _match_options(options, ArenaMode.DUEL)
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

    def _four(self, options: dict[str, Any]) -> None:
        if options["mode"] is None:
            raise CommandError("--players 4 needs --mode pairs or --mode ffa (HR-8)")
        if len(options["teams"]) > 4:
            raise CommandError("--team names at most four teams, seats 0-3")
        try:
            teams = [load_team(spec) for spec in [*options["teams"], *["base"] * (4 - len(options["teams"]))]]
        except (OSError, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        mode = ArenaMode(options["mode"])
        try:
            match_options = _match_options(options, mode)
        except ValueError as exc:
            raise CommandError(f"--round-limit: {exc}") from exc
        try:
            result = simulate_arena(teams, options["matches"], options["seed"], options["agent"], match_options)
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        if options["json"]:
            self.stdout.write(json.dumps(result.as_json()))
            return
        wins = ", ".join(f"seat {x} {n}" for x, n in enumerate(result.wins))
        self.stdout.write(
            f"{result.matches} {mode.value} matches ({options['agent']} agents): wins {wins}; {result.draws} draws; "
            f"{result.mean_rounds:.1f} rounds and {result.mean_decisions:.0f} decisions per match; "
            f"{result.seconds:.1f} s"
        )
