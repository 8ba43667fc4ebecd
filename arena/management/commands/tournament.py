"""``python manage.py tournament``: every pair of agents plays N matches; a table of the results."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO, Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from arena.engine.agents.search import BUDGET, MOST_BUDGET
from arena.engine.agents.tournament import LADDER, VARIANTS, Job, Played, report, run
from arena.engine.match.words import ArenaMode

MOST_MATCHES = 10_000


class Command(BaseCommand):
    help = "Play every pair of agents N matches with seats alternated, on both cores, and print a table."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--agents", default="search,tactical,greedy", help=f"comma-separated: {', '.join(LADDER + VARIANTS)}"
        )
        parser.add_argument("--matches", type=int, default=20, help="matches per pair")
        parser.add_argument("--seed", default="0")
        parser.add_argument("--budget", type=int, default=BUDGET, help="the search agent's iterations per decision")
        parser.add_argument("--players", type=int, choices=(2, 4), default=2)
        parser.add_argument("--mode", choices=(ArenaMode.PAIRS.value, ArenaMode.FFA.value), default=None)
        parser.add_argument("--workers", type=int, default=2, help="processes (the machine's cores)")
        parser.add_argument(
            "--journal",
            type=Path,
            default=None,
            help="a file each finished match is appended to; run again with the same file and arguments "
            "and the matches already in it are counted, not played again",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        names = [n.strip() for n in options["agents"].split(",") if n.strip()]
        if not 1 <= options["matches"] <= MOST_MATCHES:
            raise CommandError(f"--matches must be 1-{MOST_MATCHES}")
        if not 1 <= options["budget"] <= MOST_BUDGET:
            raise CommandError(f"--budget must be 1-{MOST_BUDGET}")
        if not 1 <= options["workers"] <= 64:
            raise CommandError("--workers must be 1-64")
        if options["players"] == 2 and options["mode"] is not None:
            raise CommandError("--mode is for four players (--players 4)")
        mode = options["mode"] or ArenaMode.PAIRS.value

        def progress(done: int, total: int) -> None:
            if done % 10 == 0 or done == total:
                sys.stderr.write(f"\r{done}/{total} matches")
                sys.stderr.flush()

        journal: Path | None = options["journal"]
        done = read_journal(journal) if journal is not None and journal.exists() else {}
        out: IO[str] | None = journal.open("a", encoding="utf-8") if journal is not None else None

        def write(job: Job, played: Played) -> None:
            if out is not None:
                out.write(json.dumps(played.to_json(job), separators=(",", ":")) + "\n")
                out.flush()

        try:
            result = run(
                names,
                options["matches"],
                options["seed"],
                budget=options["budget"],
                players=options["players"],
                mode=mode,
                workers=options["workers"],
                progress=progress if options["verbosity"] >= 1 else None,
                done=done,
                on_played=write,
            )
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        finally:
            if out is not None:
                out.close()
        sys.stderr.write("\n")
        self.stdout.write(
            f"{options['players']} players{' (' + mode + ')' if options['players'] == 4 else ''}, "
            f"{options['matches']} matches per pair, seed {options['seed']!r}, "
            f"search budget {options['budget']} iterations"
        )
        self.stdout.write(report(result))


def read_journal(path: Path) -> dict[Job, Played]:
    """The matches a journal holds, by job (the lines of other tournaments are kept but not used)."""
    done: dict[Job, Played] = {}
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            if len(line) > 1_000_000:
                raise CommandError(f"{path}: line {number} is longer than a match's record can be")
            try:
                job, played = Played.from_json(json.loads(line))
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                raise CommandError(f"{path}: line {number} is not a match of a tournament ({exc})") from exc
            done[job] = played
    return done
