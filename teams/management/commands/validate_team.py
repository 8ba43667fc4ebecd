"""Check a team file against the file format and every point rule of HR-9.6.

    python manage.py validate_team FILE.json [--tier standard] [--language hu]
    python manage.py validate_team FILE.json --game warband [--points 200] [--language hu]

Prints one line per problem, ``CODE: message`` (``FILE-…`` for a file that cannot be read,
``TB-…`` for a broken rule), and exits 1; a valid team prints ``valid: N points`` (its team value)
and exits 0. ``--tier`` checks the team against another tier than the one in the file;
``--language hu`` prints the messages in Hungarian (English by default, for scripts).

``--game`` checks a file of another registered game (``games.registry``) through the game's own
``check_file``: ``--game warband`` reads a warband file (``viadal-warband``) and prints one
``WB-…`` line per broken rule, or ``valid: N points`` (its total T); ``--points`` checks it for a game
of that size (L) instead of the file's.

The file is read as the web import reads it, through the engine's team file
(:mod:`arena.engine.roster.teamfile`) with its limits (:mod:`arena.engine.roster.limits`): no more
than one byte past the size limit is read, and a file beyond a limit is one ``FILE-…`` line.
"""

from __future__ import annotations

import dataclasses
from argparse import ArgumentParser
from collections.abc import Iterable
from pathlib import Path
from typing import NoReturn

from django.core.management.base import BaseCommand

from arena.engine.content.points import TIERS
from arena.engine.roster import Problem
from arena.engine.roster.limits import MAX_FILE_BYTES
from arena.engine.roster.point_rules import roster_costs, validate_roster
from arena.engine.roster.teamfile import TeamFileError, loads
from games.registry import DEFAULT_GAME, all_games, get_game


class Command(BaseCommand):
    help = "Validate a team file (viadal-team JSON): file format, then every HR-9.6 point rule."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="the team file (.json)")
        parser.add_argument("--tier", choices=list(TIERS), help="check against this tier instead of the file's")
        parser.add_argument(
            "--language", choices=["en", "hu"], default="en", help="the messages' language (default: en)"
        )
        games = [game.id for game in all_games() if game.is_default or game.check_file is not None]
        parser.add_argument("--game", choices=games, default=DEFAULT_GAME, help="the file's game (default: viadal)")
        parser.add_argument("--points", type=int, help="the game size to check a warband for (--game warband)")

    def handle(self, *args: object, **options: object) -> None:
        path = Path(str(options["file"]))
        self.language = str(options.get("language") or "en")
        game_id = str(options.get("game") or DEFAULT_GAME)
        points = options.get("points")
        if game_id != DEFAULT_GAME:
            self._other_game(path, game_id, points if isinstance(points, int) else None)
            return
        if points is not None:
            self.stderr.write("--points is for a warband file (--game warband); a Viadal team has --tier.")
            raise SystemExit(2)
        try:
            with path.open("rb") as file:
                roster = loads(file.read(MAX_FILE_BYTES + 1))  # enough to tell a file too large
        except OSError as error:
            self._fail(
                [
                    Problem(
                        "FILE-READ",
                        f"Cannot read {path}: {error.strerror}.",
                        message_hu=f"A fájl nem olvasható ({path}): {error.strerror}.",
                    )
                ]
            )
        except TeamFileError as error:
            self._fail(error.problems)
        tier = options.get("tier")
        if isinstance(tier, str):
            roster = dataclasses.replace(roster, tier=tier)
        problems = validate_roster(roster)
        if problems:
            self._fail(problems)
        total = roster_costs(roster).total
        self.stdout.write(f"érvényes: {total} pont" if self.language == "hu" else f"valid: {total} points")

    def _other_game(self, path: Path, game_id: str, points: int | None) -> None:
        game = get_game(game_id)
        assert game.check_file is not None  # only such games are offered
        try:
            with path.open("rb") as file:
                data = file.read(game.file_bytes + 1)  # enough to tell a file too large
        except OSError as error:
            if self.language == "hu":
                self.stdout.write(f"FILE-READ: A fájl nem olvasható ({path}): {error.strerror}.")
            else:
                self.stdout.write(f"FILE-READ: Cannot read {path}: {error.strerror}.")
            raise SystemExit(1) from None
        check = game.check_file(data, points, self.language)
        for line in check.lines:
            self.stdout.write(line)
        if check.lines:
            raise SystemExit(1)
        self.stdout.write(
            f"érvényes: {check.points} pont" if self.language == "hu" else f"valid: {check.points} points"
        )

    def _fail(self, problems: Iterable[Problem]) -> NoReturn:
        for problem in problems:
            self.stdout.write(f"{problem.code}: {problem.text(self.language)}")
        raise SystemExit(1)
