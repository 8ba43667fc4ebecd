"""A small reader of gettext .po files: enough to check that every message has its translation."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)  # 0 for a singular's msgstr
    flags: set[str] = field(default_factory=set)
    references: list[str] = field(default_factory=list)
    obsolete: bool = False

    @property
    def is_header(self) -> bool:
        return self.msgid == ""

    @property
    def untranslated(self) -> bool:
        expected = 2 if self.msgid_plural is not None else 1
        return len(self.msgstr) < expected or any(not text for text in self.msgstr.values())


def _unquote(text: str) -> str:
    return ast.literal_eval(text.strip())


def read_po(path: Path) -> list[Entry]:
    entries: list[Entry] = []
    entry = Entry()
    current: tuple[str, int] | None = None
    started = False

    def finish() -> None:
        nonlocal entry, current, started
        if started:
            entries.append(entry)
        entry, current, started = Entry(), None, False

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#~"):
            entry.obsolete = True
            started = True
            continue
        if line.startswith("#,"):
            entry.flags.update(flag.strip() for flag in line[2:].split(","))
            started = True
            continue
        if line.startswith("#:"):
            entry.references.extend(line[2:].split())
            started = True
            continue
        if line.startswith("#"):
            started = True
            continue
        started = True
        if line.startswith("msgid_plural "):
            entry.msgid_plural = _unquote(line[len("msgid_plural ") :])
            current = ("msgid_plural", 0)
        elif line.startswith("msgid "):
            entry.msgid = _unquote(line[len("msgid ") :])
            current = ("msgid", 0)
        elif line.startswith("msgstr["):
            index = int(line[len("msgstr[") : line.index("]")])
            entry.msgstr[index] = _unquote(line[line.index("]") + 1 :])
            current = ("msgstr", index)
        elif line.startswith("msgstr "):
            entry.msgstr[0] = _unquote(line[len("msgstr ") :])
            current = ("msgstr", 0)
        elif line.startswith('"') and current is not None:
            kind, index = current
            text = _unquote(line)
            if kind == "msgid":
                entry.msgid += text
            elif kind == "msgid_plural":
                entry.msgid_plural = (entry.msgid_plural or "") + text
            else:
                entry.msgstr[index] += text
    finish()
    return entries
