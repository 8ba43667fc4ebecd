"""`manage.py rules --json`: every rule of the game as one JSON document (docs/rules-json.md)."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandParser

from arena.engine.content.rules_json import rules_document


class Command(BaseCommand):
    help = "Print the game's rules data (spells, traps, skills, weapons, profiles, points, board)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--json", action="store_true", help="print the JSON document (the only format)")
        parser.add_argument("--indent", type=int, default=2, help="JSON indentation; 0 for one line")

    def handle(self, *args: object, **options: object) -> None:
        indent = options["indent"] or None
        assert indent is None or isinstance(indent, int)
        document = rules_document()
        if not options["json"]:
            counts = {key: len(value) for key, value in document.items() if isinstance(value, list)}
            self.stdout.write("Rules data: " + ", ".join(f"{n} {key}" for key, n in counts.items()))
            self.stdout.write("Use --json for the whole document (schema: docs/rules-json.md).")
            return
        self.stdout.write(json.dumps(document, ensure_ascii=False, indent=indent))
