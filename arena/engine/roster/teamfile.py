"""The team file: a ``Roster`` as versioned JSON (``"format": "viadal-team"``, ``"version": 1``).

``dumps`` / ``roster_to_document`` write a roster; ``loads`` / ``roster_from_document`` read one
and raise ``TeamFileError`` with every problem of the file at once: malformed JSON (line and
column), a wrong format name or version, missing or unexpected fields, wrong JSON types (booleans
are not integers), unknown ids. Values that are well formed but break a point rule (a stat out of
range, a fourth skill) are not the file's business: the file loads and
:func:`arena.engine.roster.point_rules.validate_roster` reports them; an import calls both.

Shape. Each member object holds the fields every member has (``slot``, ``name``, ``stats``,
``skills``, ``armour``, ``amulet``, ``me_token``, ``vial``, ``status``) and those of his slot:
the gladiator's ``gladiator_type``, ``pile``, ``kit``, ``starting_grip``; the crossbowman's and
dagger-throwers' ``ammunition``; the witch-master's ``disc_count`` and ``fixed_discs``; the
strategist's ``trap_cards_drawn``. A field of another slot is refused. ``stats`` lists exactly the
stats his sheet has, ``ammunition`` exactly the supplies he buys. Writing is deterministic: fields
in this order, stats and supplies in sheet order, options sorted, names as UTF-8 text.
``docs/team-format.md`` documents the format for people.

Every problem carries its message in English (``message``) and in Hungarian (``message_hu``), both
prefixed with the path of the field; ids, keys and JSON values are quoted as the file has them.

Versioning: readers refuse newer versions; when version 2 comes, readers upgrade version-1
documents before reading them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final, TypeVar

from arena.engine.content.amulets import AMULETS, OPTIONAL_RULES, VIALS
from arena.engine.content.common import Stat
from arena.engine.content.points import TIERS
from arena.engine.content.profiles import (
    CROSSBOWMAN,
    DEASTA,
    GLADIATOR,
    LAEVA,
    PROFILES,
    STRATEGIST,
    WITCH_MASTER,
    Ammo,
)
from arena.engine.content.skills import SKILLS
from arena.engine.content.weapons import GLADIATOR_TYPES, WEAPONS
from arena.engine.roster import (
    MEMBER_STATUSES,
    TEAM_NAME_MAX_LENGTH,
    TEAM_NOTES_MAX_LENGTH,
    Member,
    Problem,
    Roster,
    buyable_ammo,
)
from arena.engine.roster.labels import HU, Localized, Quoted, Text, localized_problem, phrase
from arena.engine.roster.limits import MAX_FILE_MEMBERS, capped, raw_problems, size_problem, text_problems
from arena.engine.roster.teamfile_messages import (
    ARRAY,
    INTEGER,
    INTEGER_VERSION,
    NOTHING,
    OBJECT,
    STRING,
    expected,
    field_of_other_slots,
    json_error,
    json_type,
    missing_field,
    refusal,
    team_name_length,
    team_notes_length,
    too_many_members,
    unexpected_field,
    unknown_id,
)

FORMAT: Final = "viadal-team"
FORMAT_VERSION: Final = 1

TEAM_FIELDS: Final = ("format", "version", "name", "tier", "options", "members", "notes")
COMMON_MEMBER_FIELDS: Final = ("slot", "name", "stats", "skills", "armour", "amulet", "me_token", "vial", "status")
SLOT_MEMBER_FIELDS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        GLADIATOR: ("gladiator_type", "pile", "kit", "starting_grip"),
        WITCH_MASTER: ("disc_count", "fixed_discs"),
        CROSSBOWMAN: ("ammunition",),
        DEASTA: ("ammunition",),
        LAEVA: ("ammunition",),
        STRATEGIST: ("trap_cards_drawn",),
    }
)
# Every member field, in the order a file lists them (the order of ``Member``).
MEMBER_FIELDS: Final = (
    "slot",
    "name",
    "stats",
    "skills",
    "gladiator_type",
    "pile",
    "kit",
    "starting_grip",
    "armour",
    "ammunition",
    "amulet",
    "me_token",
    "vial",
    "disc_count",
    "fixed_discs",
    "trap_cards_drawn",
    "status",
)
_EMPTY_MEMBER: Final = Member(slot="", name="", stats=MappingProxyType({}))
K = TypeVar("K")
MemberKey = TypeVar("MemberKey", Stat, Ammo)  # the keyed counts a member's profile fixes


def member_fields(slot: str) -> tuple[str, ...]:
    """The fields a member of ``slot`` has in a file, in file order."""
    own = set(COMMON_MEMBER_FIELDS) | set(SLOT_MEMBER_FIELDS.get(slot, ()))
    return tuple(f for f in MEMBER_FIELDS if f in own)


class TeamFileError(ValueError):
    """A team file that cannot be read; ``problems`` holds every problem found, in file order, at
    most ``limits.MAX_PROBLEMS_PER_KIND`` of a code and then a line counting the rest."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = capped(problems)
        super().__init__(self.problems)

    def __str__(self) -> str:
        return self.text("en")

    def text(self, language: str) -> str:
        """Every problem, one ``CODE: message`` line each, under a heading, in ``language``."""
        lines = [f"{p.code}: {p.text(language)}" for p in self.problems]
        if language == HU:
            heading = f"A csapatfájl nem olvasható be ({len(lines)} hiba):"
        else:
            count = f"{len(lines)} problem{'s' if len(lines) != 1 else ''}"
            heading = f"The team file cannot be read ({count}):"
        return "\n".join([heading, *lines])


# --- Writing --------------------------------------------------------------------------------------


def roster_to_document(roster: Roster) -> dict[str, object]:
    """The roster as plain JSON values; ``notes`` only when there are some."""
    document: dict[str, object] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "name": roster.name,
        "tier": roster.tier,
        "options": sorted(roster.options),
        "members": [member_to_document(m) for m in roster.members],
    }
    if roster.notes:
        document["notes"] = roster.notes
    return document


def member_to_document(member: Member) -> dict[str, object]:
    """The member's fields for his slot, plus any other field that holds a value (so that a
    reader refuses it rather than a writer dropping it)."""
    own = member_fields(member.slot)
    return {
        field: _field_value(member, field)
        for field in MEMBER_FIELDS
        if field in own or getattr(member, field) != getattr(_EMPTY_MEMBER, field)
    }


def _field_value(member: Member, field: str) -> object:
    if field == "stats":
        return {s.value: member.stats[s] for s in sorted(member.stats, key=list(Stat).index)}
    if field == "ammunition":
        ammo = member.ammunition
        return {a.value: ammo[a] for a in sorted(ammo, key=list(Ammo).index)}
    if field == "kit":
        return {item: member.kit[item] for item in sorted(member.kit)}
    value = getattr(member, field)
    return list(value) if isinstance(value, tuple) else value


def dumps(roster: Roster) -> str:
    """The team file's text: indented JSON, names kept as UTF-8, ending with a newline."""
    return json.dumps(roster_to_document(roster), ensure_ascii=False, indent=2) + "\n"


# --- Reading --------------------------------------------------------------------------------------


def loads(text: str | bytes) -> Roster:
    """Read a team file; ``TeamFileError`` lists every problem (a UTF-8 BOM is allowed)."""
    return roster_from_document(parse_json(text))


def parse_json(text: str | bytes) -> object:
    """Strict JSON: UTF-8, no NaN or Infinity, no key twice in an object; within the limits of
    :mod:`arena.engine.roster.limits`, checked before the parser runs: the size in bytes first,
    then nesting depth and number lengths on the raw text."""
    too_large = size_problem(text)
    if too_large is not None:
        raise TeamFileError([too_large])
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            message = phrase(
                "The file is not UTF-8 text (byte {byte}).",
                "A fájl nem UTF-8 kódolású szöveg (a hibás bájt helye: {byte}).",
                byte=error.start,
            )
            raise TeamFileError([localized_problem("FILE-JSON", "", message)]) from None
    text = text.removeprefix("\ufeff")
    beyond_limits = raw_problems(text)
    if beyond_limits:
        raise TeamFileError(beyond_limits)
    duplicates: list[str] = []
    try:
        document = json.loads(
            text,
            object_pairs_hook=lambda pairs: _object(pairs, duplicates),
            parse_constant=_refuse_constant,
        )
    except json.JSONDecodeError as error:
        message = phrase(
            "Invalid JSON at line {line}, column {column}: {error}.",
            "Hibás JSON: {line}. sor, {column}. oszlop: {error}.",
            line=error.lineno,
            column=error.colno,
            error=json_error(error.msg),
        )
        raise TeamFileError([localized_problem("FILE-JSON", "", message)]) from None
    except _ConstantError as error:
        message = phrase(
            "Invalid JSON: {constant} is not a number.",
            "Hibás JSON: {constant} nem szám.",
            constant=str(error),
        )
        raise TeamFileError([localized_problem("FILE-JSON", "", message)]) from None
    if duplicates:
        raise TeamFileError(
            localized_problem(
                "FILE-JSON",
                "",
                phrase(
                    "Invalid JSON: the key {key} appears twice in one object.",
                    "Hibás JSON: egy objektumban kétszer szerepel ez a kulcs: {key}.",
                    key=Quoted(key),
                ),
            )
            for key in dict.fromkeys(duplicates)
        )
    return document


class _ConstantError(ValueError):
    pass


def _refuse_constant(name: str) -> object:
    raise _ConstantError(name)


def _object(pairs: list[tuple[str, Any]], duplicates: list[str]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            duplicates.append(key)
        result[key] = value
    return result


def roster_from_document(doc: object) -> Roster:
    """A roster from a parsed document; ``TeamFileError`` lists every problem. Text holding control
    characters or lone surrogates is refused before anything is read (``FILE-TEXT``)."""
    bad_text = text_problems(doc)
    if bad_text:
        raise TeamFileError(bad_text)
    reader = _Reader()
    roster = reader.roster(doc)
    if reader.problems or roster is None:
        raise TeamFileError(reader.problems)
    return roster


def _at(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class _Reader:
    """Reads a document field by field, noting every problem instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def report(self, code: str, path: str, text: Localized) -> None:
        message = phrase("{path}: {text}", "{path}: {text}", path=path, text=text) if path else text
        self.problems.append(localized_problem(code, path, message))

    # Types ---------------------------------------------------------------------------------------

    def obj(self, value: object, path: str) -> dict[str, object] | None:
        if isinstance(value, dict):
            return value
        self.report("FILE-TYPE", path, expected(OBJECT, json_type(value)))
        return None

    def array(self, value: object, path: str) -> list[object] | None:
        if isinstance(value, list):
            return value
        self.report("FILE-TYPE", path, expected(ARRAY, json_type(value)))
        return None

    def string(self, value: object, path: str) -> str | None:
        if isinstance(value, str):
            return value
        self.report("FILE-TYPE", path, expected(STRING, json_type(value)))
        return None

    def integer(self, value: object, path: str) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        self.report("FILE-TYPE", path, expected(INTEGER, json_type(value)))
        return None

    def identifier(self, value: object, path: str, known: Collection[str], what: str) -> str | None:
        text = self.string(value, path)
        if text is not None and text not in known:
            self.report("FILE-UNKNOWN-ID", path, unknown_id(what, text, known))
            return None
        return text

    def nullable(self, value: object, read: Callable[[object], Any]) -> Any:
        return None if value is None else read(value)

    def items(self, value: object, path: str, read: Callable[[object, str], Any]) -> tuple[Any, ...]:
        values = self.array(value, path) or []
        return tuple(read(item, _at(path, index)) for index, item in enumerate(values))

    def fields(
        self,
        obj: Mapping[str, object],
        path: str,
        expected: Iterable[str],
        *,
        optional: str = "",
        slot: str | None = None,
    ) -> None:
        """Report fields missing from ``obj`` and fields it should not have."""
        wanted = tuple(expected)
        for field in wanted:
            if field not in obj and field != optional:
                self.report("FILE-FIELD", _at(path, field), missing_field(field))
        for field in obj:
            if field not in wanted:
                self.report("FILE-FIELD", _at(path, field), _unexpected(field, slot))

    # The team ------------------------------------------------------------------------------------

    def roster(self, doc: object) -> Roster | None:
        root = self.obj(doc, "")
        if root is None or not self.header(root):
            return None
        self.fields(root, "", TEAM_FIELDS, optional="notes")
        name = self.team_name(root["name"]) if "name" in root else ""
        tier = self.identifier(root["tier"], "tier", TIERS, "tier") if "tier" in root else ""
        options = self.options(root.get("options", []))
        members = self.members(root.get("members", []))
        notes = self.notes(root["notes"]) if "notes" in root else ""
        if self.problems:
            return None
        return Roster(
            name=name or "",
            tier=tier or "",
            members=tuple(m for m in members if m is not None),  # without problems, every one was read
            options=frozenset(options),
            notes=notes or "",
        )

    def header(self, root: Mapping[str, object]) -> bool:
        """Format and version first: a document of another format or version is not read on."""
        if root.get("format") != FORMAT:
            found = json_type(root["format"]) if "format" in root else NOTHING
            self.report("FILE-FORMAT", "format", expected(Quoted(FORMAT), found))
            return False
        version = root.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            found = json_type(version) if "version" in root else NOTHING
            self.report("FILE-VERSION", "version", expected(INTEGER_VERSION, found))
        elif version > FORMAT_VERSION:
            newer = phrase(
                "version {version} is newer than this reader, which reads up to {latest}; update Viadal to read it",
                "a fájl verziója ({version}) újabb annál, amit ez a program olvasni tud "
                "(legfeljebb {latest}); frissítsd a Viadalt, hogy beolvashasd",
                version=version,
                latest=FORMAT_VERSION,
            )
            self.report("FILE-VERSION", "version", newer)
        elif version < 1:
            none = phrase(
                "there is no version {version} (first: 1)",
                "nincs ilyen verzió: {version} (az első verzió: 1)",
                version=version,
            )
            self.report("FILE-VERSION", "version", none)
        else:
            return True
        return False

    def team_name(self, value: object) -> str | None:
        """1–80 characters as written, not all spaces (the site's limit; no rule limits it)."""
        name = self.string(value, "name")
        if name is not None and not (name.strip() and len(name) <= TEAM_NAME_MAX_LENGTH):
            self.report("FILE-FIELD", "name", team_name_length(TEAM_NAME_MAX_LENGTH))
        return name

    def notes(self, value: object) -> str | None:
        """At most TEAM_NOTES_MAX_LENGTH characters: what the site stores (docs/team-format.md)."""
        notes = self.string(value, "notes")
        if notes is not None and len(notes) > TEAM_NOTES_MAX_LENGTH:
            self.report("FILE-FIELD", "notes", team_notes_length(TEAM_NOTES_MAX_LENGTH, len(notes)))
        return notes

    def members(self, value: object) -> tuple[Member | None, ...]:
        """The members, none of them read when there are more than a file may list (one problem)."""
        if isinstance(value, list) and len(value) > MAX_FILE_MEMBERS:
            self.report("FILE-MEMBERS", "members", too_many_members(len(value), MAX_FILE_MEMBERS))
            return ()
        return self.items(value, "members", self.member)

    def options(self, value: object) -> tuple[str, ...]:
        ids = self.items(value, "options", self.option)
        for index, option in enumerate(ids):
            if option is not None and option in ids[:index]:
                where = f"options[{index}]"
                twice = phrase(
                    "option {option} is listed twice",
                    "ez az opcionális szabály kétszer szerepel: {option}",
                    option=Quoted(option),
                )
                self.report("FILE-FIELD", where, twice)
        return tuple(o for o in ids if o is not None)

    def option(self, value: object, path: str) -> str | None:
        return self.identifier(value, path, OPTIONAL_RULES, "optional rule")

    # A member -----------------------------------------------------------------------------------

    def member(self, value: object, path: str) -> Member | None:
        """One member; None when anything in it is unreadable (every problem is reported)."""
        before = len(self.problems)
        obj = self.obj(value, path)
        if obj is None:
            return None
        slot = None
        if "slot" in obj:
            slot = self.identifier(obj["slot"], _at(path, "slot"), PROFILES, "slot")
        own = member_fields(slot) if slot is not None else MEMBER_FIELDS
        if slot is not None:
            self.fields(obj, path, own, slot=slot)
        else:  # without a known slot only a missing slot and fields no member has are certain
            self.fields({f: v for f, v in obj.items() if f not in own}, path, ())
            if "slot" not in obj:
                self.report("FILE-FIELD", _at(path, "slot"), missing_field("slot"))
        values = {
            field: self.member_field(field, obj[field], _at(path, field), slot)
            for field in own
            if field in obj and field != "slot"
        }
        if slot is None or len(self.problems) > before:
            return None
        return Member(slot=slot, **values)

    def member_field(self, field: str, value: object, path: str, slot: str | None) -> Any:
        """The Member value of one field (problems are reported, the value is then unused)."""
        if field in ("name", "armour"):
            return self.string(value, path)
        if field == "stats":
            return self.stats(value, path, slot)
        if field == "ammunition":
            return self.ammunition(value, path, slot)
        if field == "kit":
            return self.counts(value, path, {w: w for w in WEAPONS}, "item")
        if field == "status":
            return self.identifier(value, path, MEMBER_STATUSES, "status")
        if field in _ID_LISTS:
            known, what = _ID_LISTS[field]
            return self.items(value, path, lambda v, p: self.identifier(v, p, known, what))
        if field in _NULLABLE_IDS:
            known, what = _NULLABLE_IDS[field]
            return None if value is None else self.identifier(value, path, known, what)
        if field == "fixed_discs":
            return self.items(value, path, self.integer)
        return None if value is None else self.integer(value, path)  # me_token and the counts

    def stats(self, value: object, path: str, slot: str | None) -> Mapping[Stat, int]:
        refuse = ("a {slot} has no {key}", "ennek a tagnak – {slot} – nincs ilyen tulajdonsága: {key}")
        missing = Text("missing stat", "hiányzó tulajdonság")
        allowed = PROFILES[slot].stats() if slot is not None else ()
        return self.member_counts(value, path, slot, {s.value: s for s in Stat}, "stat", allowed, refuse, missing)

    def ammunition(self, value: object, path: str, slot: str | None) -> Mapping[Ammo, int]:
        refuse = ("a {slot} does not buy {key}", "ez a tag – {slot} – nem vásárol ilyen lőszert: {key}")
        missing = Text("missing count", "hiányzó darabszám")
        allowed = buyable_ammo(slot) if slot is not None else ()
        known = {a.value: a for a in Ammo}
        return self.member_counts(value, path, slot, known, "ammunition", allowed, refuse, missing)

    def member_counts(
        self,
        value: object,
        path: str,
        slot: str | None,
        known: Mapping[str, MemberKey],
        what: str,
        allowed: Iterable[MemberKey],
        refuse: tuple[str, str],
        missing: Text,
    ) -> Mapping[MemberKey, int]:
        """Counts by key (stats, ammunition) that must name exactly the keys ``slot``'s member has."""
        values = self.counts(value, path, known, what)
        if slot is not None and isinstance(value, dict):
            given = [known[key] for key in value if key in known]
            self.exact_keys(given, allowed, path, refusal(*refuse, slot), missing)
        return values

    def exact_keys(
        self,
        given: Collection[MemberKey],
        expected: Iterable[MemberKey],
        path: str,
        refuse: Callable[[str], Localized],
        missing: Localized,
    ) -> None:
        """Report the keys a member of the slot must have and those he cannot have."""
        wanted = list(expected)
        for key in wanted:
            if key not in given:
                self.report("FILE-FIELD", _at(path, key.value), missing)
        for key in given:
            if key not in wanted:
                self.report("FILE-FIELD", _at(path, key.value), refuse(key.value))

    def counts(self, value: object, path: str, known: Mapping[str, K], what: str) -> Mapping[K, int]:
        """An object of known id → integer (what could be read of it)."""
        result: dict[K, int] = {}
        for key, count in (self.obj(value, path) or {}).items():
            where = _at(path, key)
            number = self.integer(count, where)
            if key not in known:
                self.report("FILE-UNKNOWN-ID", where, unknown_id(what, key, known))
            elif number is not None:
                result[known[key]] = number
        return MappingProxyType(result)


_ID_LISTS: Final[Mapping[str, tuple[Collection[str], str]]] = MappingProxyType(
    {
        "skills": (SKILLS, "skill"),
        "pile": (WEAPONS, "item"),
        "starting_grip": (WEAPONS, "item"),
    }
)
_NULLABLE_IDS: Final[Mapping[str, tuple[Collection[str], str]]] = MappingProxyType(
    {
        "gladiator_type": (GLADIATOR_TYPES, "gladiator type"),
        "amulet": (AMULETS, "amulet"),
        "vial": (VIALS, "vial"),
    }
)


def _unexpected(field: str, slot: str | None) -> Localized:
    owners = [owner for owner, fields in SLOT_MEMBER_FIELDS.items() if field in fields]
    if owners and slot is not None:
        return field_of_other_slots(field, slot, owners)
    return unexpected_field(field)
