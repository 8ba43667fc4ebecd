"""``python manage.py replay_match FILE``: check a match record (docs/hosting.md, "Replays")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from arena.services.match_records import MAX_BYTES, RecordError, check, parse_record


class Command(BaseCommand):
    help = (
        "Replay a match record (the JSON file a finished match exports) from its seed; report the result, "
        "or the first difference (exit status 1)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the record's path")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            with path.open("rb") as handle:
                raw = handle.read(MAX_BYTES + 1)
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror or error}") from error
        try:
            record = parse_record(raw)
        except RecordError as error:
            raise CommandError(f"{path}: {error}") from error
        report = check(record)
        found = report.check
        if not report.ok:
            raise CommandError(f"{path}: MISMATCH after {found.actions} action(s): {report.problem}")
        result = report.result or {}
        winner = result.get("winner")
        who = "draw" if winner is None else f"seat {winner} ({record.teams[winner] or record.setup.teams[winner].name})"
        self.stdout.write(
            f"{path}: OK: {found.actions} actions and {len(found.rolls)} rolls replay from the seed; "
            f"result {result.get('kind')}, winner {who}, scores {result.get('scores')}, round {result.get('round')}"
        )
