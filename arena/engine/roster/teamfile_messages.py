"""What the team file's problems say, in English and in Hungarian (:mod:`arena.engine.roster.teamfile`).

Each function gives one kind of message as a :mod:`arena.engine.roster.labels` value, which the
reader renders in both languages (``localized_problem``). Ids, keys and JSON values are quoted as
the file has them: ``'tier'`` in English, „tier” in Hungarian; JSON text values keep their JSON
quotes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Final

from arena.engine.roster.labels import Localized, Quoted, SlotRef, Text, listing, phrase

# The messages of Python's JSON decoder (by their start) in Hungarian; others stay English.
JSON_ERRORS_HU: Final = (
    ("Expecting value", "itt értéknek kellene állnia"),
    (
        "Expecting property name enclosed in double quotes",
        "itt idézőjelek közötti kulcsnak kellene állnia",
    ),
    ("Expecting ',' delimiter", "itt vesszőnek kellene állnia"),
    ("Expecting ':' delimiter", "itt kettőspontnak kellene állnia"),
    ("Extra data", "a dokumentum vége után még további adat áll"),
    ("Unterminated string starting at", "itt kezdődik egy lezáratlan szöveg"),
    ("Invalid control character", "vezérlőkarakter nem állhat szövegben"),
    ("Invalid \\escape", "érvénytelen escape-szekvencia"),
    ("Invalid \\uXXXX escape", "érvénytelen \\uXXXX escape-szekvencia"),
)


def json_error(message: str) -> Text:
    """A JSON decoder message (``Expecting value``) and its Hungarian."""
    for start, hungarian in JSON_ERRORS_HU:
        if message.startswith(start):
            return Text(message, hungarian)
    return Text(message, message)


# --- Types and ids --------------------------------------------------------------------------------

OBJECT: Final = Text("an object", "objektum")
ARRAY: Final = Text("an array", "tömb")
STRING: Final = Text("a string", "szöveg")
INTEGER: Final = Text("an integer", "egész szám")
INTEGER_VERSION: Final = Text("an integer version", "egész számú verzió")
NOTHING: Final = Text("nothing", "hiányzik")  # what was found where a field is missing


def json_type(value: object) -> Text:
    """What a JSON value is, for "expected …, got {found}" / "… kellene, de {found}"."""
    if value is None:
        return Text("null", "ez null")
    if isinstance(value, bool):
        return Text(f"a boolean ({json.dumps(value)})", f"ez logikai érték ({json.dumps(value)})")
    if isinstance(value, int):
        return Text(f"an integer ({value})", f"ez egész szám ({value})")
    if isinstance(value, float):
        return Text(f"a number ({value})", f"ez tört szám ({value})")
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return Text(f"a string ({text})", f"ez szöveg ({text})")
    if isinstance(value, list):
        return Text("an array", "ez tömb")
    return Text("an object", "ez objektum")


def expected(wanted: object, found: Text) -> Localized:
    """``expected an integer, got a string ("14")``; Hungarian ``egész szám kellene, de ez
    szöveg ("14")``."""
    return phrase(
        "expected {wanted}, got {found}",
        "{wanted} kellene, de {found}",
        wanted=wanted,
        found=found,
    )


_KINDS_HU: Final[Mapping[str, str]] = MappingProxyType(
    {
        "skill": "képzettség",
        "item": "tárgy",
        "gladiator type": "gladiátortípus",
        "amulet": "amulett",
        "vial": "fiola",
        "slot": "csapathely",
        "stat": "tulajdonság",
        "ammunition": "lőszer",
        "status": "állapot",
        "tier": "kategória",
        "optional rule": "opcionális szabály",
    }
)


def unknown_id(what: str, value: str, known: Iterable[str]) -> Localized:
    """An id the content does not know, with the ids it knows (``what`` as the reader names it)."""
    return phrase(
        "unknown {what} {value}; known: {known}",
        "ismeretlen {what}: {value}; ismert: {known}",
        what=Text(what, _KINDS_HU[what]),
        value=Quoted(value),
        known=listing(known),
    )


# --- Fields --------------------------------------------------------------------------------------


def refusal(en: str, hu: str, slot: str) -> Callable[[str], Localized]:
    """The message for a key a member of ``slot`` cannot have (``{slot}``, ``{key}``)."""
    return lambda key: phrase(en, hu, slot=SlotRef(slot), key=key)


def missing_field(field: str) -> Localized:
    return phrase("missing field {field}", "hiányzó mező: {field}", field=Quoted(field))


def field_of_other_slots(field: str, slot: str, owners: Iterable[str]) -> Localized:
    return phrase(
        "field {field} does not apply to a {slot}, only to: {owners}",
        "a mező ({field}) ennél a tagnál – {slot} – nem használható, csak ezeknél: {owners}",
        field=Quoted(field),
        slot=SlotRef(slot),
        owners=listing(SlotRef(o) for o in owners),
    )


def unexpected_field(field: str) -> Localized:
    return phrase("unexpected field {field}", "nem várt mező: {field}", field=Quoted(field))


# --- Limits (:mod:`arena.engine.roster.limits`) ------------------------------------------------------


def too_large(limit: int) -> Localized:
    return phrase(
        "The file is larger than {limit} bytes, the most a team file may hold.",
        "A fájl nagyobb {limit} bájtnál; ennél nagyobb csapatfájl nem lehet.",
        limit=limit,
    )


def too_deep(limit: int, line: int, column: int, needed: int) -> Localized:
    return phrase(
        "Arrays and objects are nested more than {limit} deep at line {line}, column {column}; "
        "a team file nests {needed} deep.",
        "A tömbök és objektumok {limit} szintnél mélyebben vannak egymásba ágyazva ({line}. sor, "
        "{column}. oszlop); egy csapatfájl {needed} szint mély.",
        limit=limit,
        line=line,
        column=column,
        needed=needed,
    )


def number_too_long(length: int, limit: int, line: int, column: int) -> Localized:
    return phrase(
        "A number of {length} characters at line {line}, column {column}; a team file's numbers have at most {limit}.",
        "{length} karakteres szám ({line}. sor, {column}. oszlop); egy csapatfájlban a számok legfeljebb "
        "{limit} karakteresek.",
        length=length,
        limit=limit,
        line=line,
        column=column,
    )


def too_many_members(count: int, limit: int) -> Localized:
    return phrase(
        "{count} members; a team file lists at most {limit} (six places, each with its member and a "
        "hireling standing in for him, HR-10.8)",
        "{count} tag; egy csapatfájlban legfeljebb {limit} tag lehet (hat hely, mindegyiken a tagja és "
        "egy helyette beálló zsoldos, HR-10.8)",
        count=count,
        limit=limit,
    )


TEXT: Final = Text("the text", "a szövegben")


def field_name(key: str) -> Localized:
    """A field name as JSON writes it with every non-ASCII character escaped (printable anywhere)."""
    written = json.dumps(key)
    return phrase("the field name {key}", "a mezőnévben ({key})", key=written)


def control_character(where: Localized, code_point: str) -> Localized:
    return phrase(
        "{where} holds the control character {char}; a team file's text holds none (notes may hold "
        "line breaks and tabs)",
        "{where} vezérlőkarakter áll ({char}); a csapatfájl szövegeiben nem lehet vezérlőkarakter "
        "(a megjegyzésekben sortörés és tabulátor lehet)",
        where=where,
        char=code_point,
    )


def lone_surrogate(where: Localized, code_point: str) -> Localized:
    return phrase(
        "{where} holds a lone surrogate ({char}), which is no character; check the file's \\u escapes",
        "{where} párosítatlan helyettesítő kód áll ({char}), ami nem karakter; ellenőrizd a fájl \\u "
        "escape-szekvenciáit",
        where=where,
        char=code_point,
    )


def team_name_length(limit: int) -> Localized:
    return phrase(
        "a team name has 1 to {limit} characters",
        "a csapat neve 1–{limit} karakter hosszú lehet",
        limit=limit,
    )


def team_notes_length(limit: int, count: int) -> Localized:
    return phrase(
        "a team's notes have at most {limit} characters (these have {count})",
        "a csapat jegyzetei legfeljebb {limit} karakter hosszúak lehetnek (ezek {count} karakteresek)",
        limit=limit,
        count=count,
    )


def not_listed(count: int, limit: int) -> Localized:
    """The line after the last one listed of a kind (``capped``)."""
    return phrase(
        "… and {count} more problems of this kind, not listed (at most {limit} of a kind are).",
        "… és még {count} ilyen hiba, ezek nincsenek felsorolva (egy fajtából legfeljebb {limit} szerepel).",
        count=count,
        limit=limit,
    )
