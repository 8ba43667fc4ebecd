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
