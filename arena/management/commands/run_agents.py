"""``python manage.py run_agents``: the worker that plays the computer's seats (docs/hosting.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from arena.worker import Shard, poll_seconds, review_pass, run_forever, run_until_idle


class Command(BaseCommand):
    help = (
        "Play the seats of hosted matches that the engine's agents hold: loops, polling the database "
        "every VIADAL_AGENT_POLL_SECONDS (0.25 s) when nothing is owed. "
        "--once takes every decision owed now, then exits. --shard K/N plays only the matches whose id is K "
        "modulo N (one worker per core: --shard 0/2 and --shard 1/2). When nothing is owed it computes the "
        "reviews players asked for (What would the computer have done?)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="take the decisions owed now, then exit")
        parser.add_argument("--shard", default="0/1", help="K/N: this worker plays the matches whose id is K mod N")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            shard = Shard.parse(options["shard"])
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        if options["once"]:
            taken = run_until_idle(shard=shard)
            reviewed = 0
            while review_pass(shard):
                reviewed += 1
            self.stdout.write(f"{taken} action(s) taken, {reviewed} review(s) computed")
            return
        self.stdout.write(f"Playing the computer's seats; polling every {poll_seconds():g} s (Ctrl-C stops it)")
        try:
            run_forever(shard=shard)
        except KeyboardInterrupt:
            self.stdout.write("Stopped.")
