"""``python manage.py verify_match ID``: check a finished match's dice (docs/hosting.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from arena.models import Match
from arena.services.match_records import verify


class Command(BaseCommand):
    help = (
        "Replay every action of a finished hosted match from its published seed and confirm that every roll "
        "in its log is the one the seed gives, and that the seed matches the commitment shown at the start. "
        "Exit status 1 names the first roll (or event) that does not match."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        match = Match.objects.filter(pk=options["match_id"]).first()
        if match is None:
            raise CommandError(f"no match {options['match_id']}")
        found = verify(match)
        if not found.ok:
            done = f" after {found.check.actions} action(s) and {len(found.check.rolls)} roll(s)" if found.check else ""
            raise CommandError(f"match {match.pk}: NOT CONFIRMED{done}: {found.problem}")
        assert found.check is not None
        self.stdout.write(
            f"match {match.pk}: confirmed: the seed matches the commitment {match.commitment}; "
            f"{found.check.actions} actions replay from it and all {len(found.check.rolls)} rolls in the log "
            "are the ones it gives"
        )
