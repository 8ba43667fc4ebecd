"""``python manage.py run_agents``: the worker that plays the computer's seats (docs/hosting.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from arena.worker import poll_seconds, run_forever, run_until_idle


class Command(BaseCommand):
    help = (
        "Play the seats of hosted matches that the engine's agents hold: loops, polling the database "
        "every VIADAL_AGENT_POLL_SECONDS (0.25 s) when nothing is owed. "
        "--once takes every decision owed now, then exits."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="take the decisions owed now, then exit")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["once"]:
            taken = run_until_idle()
            self.stdout.write(f"{taken} action(s) taken")
            return
        self.stdout.write(f"Playing the computer's seats; polling every {poll_seconds():g} s (Ctrl-C stops it)")
        try:
            run_forever()
        except KeyboardInterrupt:
            self.stdout.write("Stopped.")
