"""The team file (``viadal-team`` version 1): exact round trips and every kind of file error.

A file error names its code, the path of the field and, in its message, that path again, so that
the ``CODE: message`` lines of ``validate_team`` point at the spot. Values that only break point
rules load; ``validate_roster`` judges them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.engine.content.amulets import AMULETS, OPTIONAL_RULES, VIALS
from arena.engine.content.common import Stat
from arena.engine.content.points import AMMO_RULES, TIERS, stat_rules
from arena.engine.content.profiles import GLADIATOR, MEMBER_SLOTS, STRATEGIST, WITCH_MASTER, Ammo
from arena.engine.content.skills import skills_for_role
from arena.engine.content.weapons import GLADIATOR_TYPES, PILE_ITEMS, item_allowed_for_type
from arena.engine.roster import (
    MEMBER_STATUSES,
    TEAM_NAME_MAX_LENGTH,
    Member,
    Problem,
    Roster,
    base_member,
    base_roster,
    buyable_ammo,
)
from arena.engine.roster.point_rules import validate_roster
from arena.engine.roster.teamfile import (
    FORMAT,
    FORMAT_VERSION,
    TeamFileError,
    dumps,
    loads,
    member_fields,
    roster_from_document,
    roster_to_document,
)
from tests.budget import examples

BASE = base_roster(name="Vörös Sólymok")
Document = dict[str, Any]


def document() -> Document:
    """The base team's file as plain JSON values, to be broken by a test."""
    loaded: Document = json.loads(dumps(BASE))
    return loaded


def problems_of(source: Document | str | bytes) -> tuple[Problem, ...]:
    text = source if isinstance(source, (str, bytes)) else json.dumps(source)
    with pytest.raises(TeamFileError) as caught:
        loads(text)
    return caught.value.problems


def member(doc: Document, slot: str) -> Document:
    found: Document = next(m for m in doc["members"] if m["slot"] == slot)
    return found


# --- Writing and round trips ----------------------------------------------------------------------


def test_base_team_round_trips_exactly() -> None:
    assert loads(dumps(BASE)) == BASE
    assert loads(dumps(BASE).encode("utf-8")) == BASE
    assert roster_from_document(roster_to_document(BASE)) == BASE


def test_dumps_is_pretty_stable_and_keeps_utf8_names() -> None:
    text = dumps(BASE)
    assert text.startswith('{\n  "format": "viadal-team",\n  "version": 1,\n  "name": "Vörös Sólymok",')
    assert text.endswith("}\n")
    assert dumps(loads(text)) == text
    assert (
        dumps(replace(BASE, options=frozenset({"opt_potion", "opt_crowd_favour"}))).count(
            '"options": [\n    "opt_crowd_favour",\n    "opt_potion"\n  ]'
        )
        == 1
    )


def test_document_holds_each_slots_own_fields() -> None:
    doc = roster_to_document(BASE)
    assert list(doc) == ["format", "version", "name", "tier", "options", "members"]
    members = doc["members"]
    assert isinstance(members, list)
    for written, slot in zip(members, MEMBER_SLOTS, strict=True):
        assert tuple(written) == member_fields(slot)
    gladiator = members[0]
    assert gladiator["stats"] == {"te": 14, "ve": 3, "ep": 20, "eg": 5, "me": 0, "mov": 5, "sfe": 2, "stp": 4}
    assert gladiator["kit"] == {"dagger": 1, "javelin": 3, "net": 2}
    assert member_fields("crossbowman") == (
        "slot",
        "name",
        "stats",
        "skills",
        "armour",
        "ammunition",
        "amulet",
        "me_token",
        "vial",
        "status",
    )
    assert members[2]["ammunition"] == {"bolts": 12}


def test_notes_are_written_only_when_there_are_some() -> None:
    noted = replace(BASE, notes="League 2025 — spring")
    assert roster_to_document(noted)["notes"] == "League 2025 — spring"
    assert loads(dumps(noted)) == noted


def test_a_field_of_another_slot_is_written_and_then_refused() -> None:
    roster = replace(
        BASE,
        members=tuple(replace(m, pile=("sabre",)) if m.slot == "crossbowman" else m for m in BASE.members),
    )
    assert problems_of(dumps(roster)) == (
        Problem(
            "FILE-FIELD",
            "members[2].pile: field 'pile' does not apply to a crossbowman, only to: gladiator",
            "members[2].pile",
        ),
    )


# Text a file holds: no control characters, no lone surrogates (FILE-TEXT); notes may break lines.
PRINTABLE = st.characters(exclude_categories=("Cc", "Cs"))
NOTES = st.characters(exclude_categories=("Cc", "Cs"), include_characters="\t\n\r")


@st.composite
def members(draw: st.DrawFn, slot: str) -> Member:
    """A member of ``slot`` with rule-abiding choices (ranges, role lists, type limits)."""
    base = base_member(slot)
    gladiator_type = draw(st.sampled_from(list(GLADIATOR_TYPES))) if slot == GLADIATOR else None
    rules = stat_rules(slot, gladiator_type)
    stats = {stat: draw(st.integers(r.minimum, r.maximum)) for stat, r in rules.items()}
    role = base.role
    assert role is not None
    choosable = [s.id for s in skills_for_role(role)]
    skills = draw(st.lists(st.sampled_from(choosable), min_size=3, max_size=3, unique=True)) if (choosable) else []
    changes: dict[str, Any] = {
        "name": draw(st.text(PRINTABLE, min_size=1, max_size=40)),
        "stats": MappingProxyType(stats),
        "skills": tuple(skills),
        "amulet": draw(st.none() | st.sampled_from(list(AMULETS))),
        "me_token": draw(st.none() | st.sampled_from([2, 3])),
        "vial": draw(st.none() | st.sampled_from(list(VIALS))),
        "status": draw(st.sampled_from(MEMBER_STATUSES)),
        "ammunition": MappingProxyType(
            {
                ammo: draw(st.sampled_from([n for n in range(30) if AMMO_RULES[ammo].allowed(n)]))
                for ammo in buyable_ammo(slot)
            }
        ),
    }
    if slot == GLADIATOR:
        assert gladiator_type is not None
        allowed = [i for i in PILE_ITEMS if item_allowed_for_type(gladiator_type, i)]
        pile = draw(st.lists(st.sampled_from(allowed), min_size=1, max_size=5, unique=True))
        changes.update(gladiator_type=gladiator_type, pile=tuple(pile), starting_grip=(pile[0],))
    if slot == WITCH_MASTER:
        changes.update(
            disc_count=draw(st.integers(5, 7)),
            fixed_discs=tuple(draw(st.lists(st.integers(1, 5), max_size=2))),
        )
    if slot == STRATEGIST:
        changes.update(trap_cards_drawn=draw(st.sampled_from([3, 4, 5])))
    return replace(base, **changes)


@st.composite
def rosters(draw: st.DrawFn) -> Roster:
    return Roster(
        name=draw(st.text(PRINTABLE, min_size=1, max_size=TEAM_NAME_MAX_LENGTH).filter(str.strip)),
        tier=draw(st.sampled_from(list(TIERS))),
        members=tuple(draw(members(slot)) for slot in MEMBER_SLOTS),
        options=frozenset(draw(st.sets(st.sampled_from(list(OPTIONAL_RULES))))),
        notes=draw(st.text(NOTES, max_size=200)),
    )


@settings(max_examples=examples(120), deadline=None)
@given(rosters())
def test_varied_teams_round_trip_exactly(roster: Roster) -> None:
    text = dumps(roster)
    assert loads(text) == roster
    assert dumps(loads(text)) == text


# --- Malformed files ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"format": "viadal-team",\n  "version": 1,,\n}',
            "Invalid JSON at line 2, column 16: Expecting property name enclosed in double quotes.",
        ),
        (
            '{"format": "viadal-team", "version": 1',
            "Invalid JSON at line 1, column 39: Expecting ',' delimiter.",
        ),
        ("", "Invalid JSON at line 1, column 1: Expecting value."),
        ('{"name": "a", "name": "b"}', "Invalid JSON: the key 'name' appears twice in one object."),
        ('{"version": NaN}', "Invalid JSON: NaN is not a number."),
    ],
)
def test_malformed_json_is_reported_with_line_and_column(text: str, message: str) -> None:
    assert problems_of(text) == (Problem("FILE-JSON", message),)


def test_bytes_must_be_utf8_and_may_start_with_a_bom() -> None:
    assert problems_of(b"\xff{}") == (Problem("FILE-JSON", "The file is not UTF-8 text (byte 0)."),)
    assert loads("\ufeff" + dumps(BASE)) == BASE


def test_a_document_that_is_not_an_object() -> None:
    assert problems_of("[]") == (Problem("FILE-TYPE", "expected an object, got an array"),)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("viadal-league", "format: expected 'viadal-team', got a string (\"viadal-league\")"),
        (None, "format: expected 'viadal-team', got null"),
    ],
)
def test_wrong_format(value: object, message: str) -> None:
    doc = document()
    doc["format"] = value
    assert problems_of(doc) == (Problem("FILE-FORMAT", message, "format"),)
    del doc["format"]
    assert problems_of(doc) == (Problem("FILE-FORMAT", "format: expected 'viadal-team', got nothing", "format"),)


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (
            2,
            "version: version 2 is newer than this reader, which reads up to 1; update Viadal to read it",
        ),
        (0, "version: there is no version 0 (first: 1)"),
        ("1", 'version: expected an integer version, got a string ("1")'),
        (True, "version: expected an integer version, got a boolean (true)"),
        (1.0, "version: expected an integer version, got a number (1.0)"),
    ],
)
def test_wrong_or_newer_version(version: object, message: str) -> None:
    doc = document()
    doc["version"] = version
    assert problems_of(doc) == (Problem("FILE-VERSION", message, "version"),)


def test_missing_version() -> None:
    doc = document()
    del doc["version"]
    assert problems_of(doc) == (
        Problem("FILE-VERSION", "version: expected an integer version, got nothing", "version"),
    )


def test_format_constants() -> None:
    assert (FORMAT, FORMAT_VERSION) == ("viadal-team", 1)


# --- Unknown ids --------------------------------------------------------------------------------

Mutation = Callable[[Document], None]


def _set(slot: str, field: str, value: object) -> Mutation:
    def mutate(doc: Document) -> None:
        member(doc, slot)[field] = value

    return mutate


def _set_in(slot: str, field: str, key: str, value: object) -> Mutation:
    def mutate(doc: Document) -> None:
        member(doc, slot)[field][key] = value

    return mutate


def _top(field: str, value: object) -> Mutation:
    def mutate(doc: Document) -> None:
        doc[field] = value

    return mutate


UNKNOWN_ID_CASES = [
    (
        _set("crossbowman", "skills", ["aiming", "flying", "running"]),
        "members[2].skills[1]",
        "unknown skill 'flying'; known: running, sneaking, hiding, dodging, acrobatics, "
        "weapon_breaking, takedown, aiming, concentration, golden_bell, shield_wall, quick_blade, "
        "net_master, steadfast",
    ),
    (
        _set("gladiator", "pile", ["short_sword", "trebuchet"]),
        "members[0].pile[1]",
        "unknown item 'trebuchet'; known: dagger, short_sword, sabre, hand_axe, mace, trident, "
        "shield, greatsword, great_axe, halberd, javelin, net",
    ),
    (
        _set("gladiator", "starting_grip", ["lance"]),
        "members[0].starting_grip[0]",
        "unknown item 'lance'; known: dagger, short_sword, sabre, hand_axe, mace, trident, "
        "shield, greatsword, great_axe, halberd, javelin, net",
    ),
    (
        _set_in("gladiator", "kit", "rock", 1),
        "members[0].kit.rock",
        "unknown item 'rock'; known: dagger, short_sword, sabre, hand_axe, mace, trident, "
        "shield, greatsword, great_axe, halberd, javelin, net",
    ),
    (
        _set("gladiator", "gladiator_type", "gladius"),
        "members[0].gladiator_type",
        "unknown gladiator type 'gladius'; known: armoured, sword_master, net_fighter, heavy",
    ),
    (
        _set("deasta", "amulet", "fire"),
        "members[3].amulet",
        "unknown amulet 'fire'; known: poison, lightning, curse",
    ),
    (
        _set("laeva", "vial", "elixir"),
        "members[4].vial",
        "unknown vial 'elixir'; known: poison_vial, potion",
    ),
    (
        _set("laeva", "slot", "sagittarius"),
        "members[4].slot",
        "unknown slot 'sagittarius'; known: gladiator, witch_master, crossbowman, deasta, laeva, strategist",
    ),
    (
        _set_in("strategist", "stats", "luck", 3),
        "members[5].stats.luck",
        "unknown stat 'luck'; known: te, ve, ce, ep, eg, me, mov, sfe, stp",
    ),
    (
        _set_in("crossbowman", "ammunition", "arrows", 10),
        "members[2].ammunition.arrows",
        "unknown ammunition 'arrows'; known: bolts, throwing_daggers, javelins, nets, spell_discs, trap_cards",
    ),
    (
        _set("deasta", "status", "injured"),
        "members[3].status",
        "unknown status 'injured'; known: active, absent, dead, hireling",
    ),
    (
        _top("tier", "elite"),
        "tier",
        "unknown tier 'elite'; known: rookie, standard, veteran, champion",
    ),
    (
        _top("options", ["opt_poison_vial", "opt_fog"]),
        "options[1]",
        "unknown optional rule 'opt_fog'; known: opt_poison_vial, opt_potion, opt_ammo_recovery, "
        "opt_crowd_favour, opt_bloodthirsty_crowd, opt_open_information",
    ),
]


@pytest.mark.parametrize(("mutate", "path", "message"), UNKNOWN_ID_CASES)
def test_unknown_ids_are_named_with_their_field(mutate: Mutation, path: str, message: str) -> None:
    doc = document()
    mutate(doc)
    assert problems_of(doc) == (Problem("FILE-UNKNOWN-ID", f"{path}: {message}", path),)


# --- Wrong types, missing and unexpected fields ---------------------------------------------------

TYPE_CASES = [
    (
        _set_in("gladiator", "stats", "te", "14"),
        "members[0].stats.te",
        'an integer, got a string ("14")',
    ),
    (
        _set_in("gladiator", "stats", "ep", True),
        "members[0].stats.ep",
        "an integer, got a boolean (true)",
    ),
    (
        _set_in("crossbowman", "ammunition", "bolts", 12.0),
        "members[2].ammunition.bolts",
        "an integer, got a number (12.0)",
    ),
    (
        _set("witch_master", "disc_count", "6"),
        "members[1].disc_count",
        'an integer, got a string ("6")',
    ),
    (
        _set("witch_master", "fixed_discs", [3, None]),
        "members[1].fixed_discs[1]",
        "an integer, got null",
    ),
    (_set("deasta", "me_token", False), "members[3].me_token", "an integer, got a boolean (false)"),
    (_set("laeva", "name", 7), "members[4].name", "a string, got an integer (7)"),
    (_set("laeva", "skills", "hiding"), "members[4].skills", 'an array, got a string ("hiding")'),
    (_set("gladiator", "kit", ["dagger"]), "members[0].kit", "an object, got an array"),
    (_top("name", None), "name", "a string, got null"),
    (_top("members", {}), "members", "an array, got an object"),
]


@pytest.mark.parametrize(("mutate", "path", "expected"), TYPE_CASES)
def test_wrong_types_are_named_with_their_field(mutate: Mutation, path: str, expected: str) -> None:
    doc = document()
    mutate(doc)
    assert problems_of(doc) == (Problem("FILE-TYPE", f"{path}: expected {expected}", path),)


def test_a_member_that_is_not_an_object() -> None:
    doc = document()
    doc["members"].append("gladiator")
    assert problems_of(doc) == (
        Problem("FILE-TYPE", 'members[6]: expected an object, got a string ("gladiator")', "members[6]"),
    )


def test_missing_fields() -> None:
    doc = document()
    del doc["tier"]
    del member(doc, "gladiator")["name"]
    del member(doc, "gladiator")["stats"]["ve"]
    del member(doc, "crossbowman")["ammunition"]["bolts"]
    del member(doc, "strategist")["trap_cards_drawn"]
    doc["members"].append({"name": "Nobody"})
    assert problems_of(doc) == (
        Problem("FILE-FIELD", "tier: missing field 'tier'", "tier"),
        Problem("FILE-FIELD", "members[0].name: missing field 'name'", "members[0].name"),
        Problem("FILE-FIELD", "members[0].stats.ve: missing stat", "members[0].stats.ve"),
        Problem(
            "FILE-FIELD",
            "members[2].ammunition.bolts: missing count",
            "members[2].ammunition.bolts",
        ),
        Problem(
            "FILE-FIELD",
            "members[5].trap_cards_drawn: missing field 'trap_cards_drawn'",
            "members[5].trap_cards_drawn",
        ),
        Problem("FILE-FIELD", "members[6].slot: missing field 'slot'", "members[6].slot"),
    )


def test_unexpected_fields() -> None:
    doc = document()
    doc["colour"] = "red"
    member(doc, "witch_master")["pile"] = ["sabre"]
    member(doc, "witch_master")["familiar"] = "cat"
    member(doc, "gladiator")["stats"]["ce"] = 10
    member(doc, "deasta")["ammunition"]["bolts"] = 12
    assert problems_of(doc) == (
        Problem("FILE-FIELD", "colour: unexpected field 'colour'", "colour"),
        Problem("FILE-FIELD", "members[0].stats.ce: a gladiator has no ce", "members[0].stats.ce"),
        Problem(
            "FILE-FIELD",
            "members[1].pile: field 'pile' does not apply to a witch-master, only to: gladiator",
            "members[1].pile",
        ),
        Problem(
            "FILE-FIELD",
            "members[1].familiar: unexpected field 'familiar'",
            "members[1].familiar",
        ),
        Problem(
            "FILE-FIELD",
            "members[3].ammunition.bolts: a dagger-thrower (deasta) does not buy bolts",
            "members[3].ammunition.bolts",
        ),
    )


def test_an_option_listed_twice() -> None:
    doc = document()
    doc["options"] = ["opt_potion", "opt_potion"]
    assert problems_of(doc) == (Problem("FILE-FIELD", "options[1]: option 'opt_potion' is listed twice", "options[1]"),)


def test_every_problem_is_reported_together() -> None:
    doc = document()
    doc["tier"] = "elite"
    member(doc, "gladiator")["skills"] = ["dodging", 3]
    member(doc, "laeva")["vial"] = "elixir"
    del member(doc, "strategist")["status"]
    with pytest.raises(TeamFileError) as caught:
        loads(json.dumps(doc))
    assert [(p.code, p.path) for p in caught.value.problems] == [
        ("FILE-UNKNOWN-ID", "tier"),
        ("FILE-TYPE", "members[0].skills[1]"),
        ("FILE-UNKNOWN-ID", "members[4].vial"),
        ("FILE-FIELD", "members[5].status"),
    ]
    assert str(caught.value).splitlines() == [
        "The team file cannot be read (4 problems):",
        "FILE-UNKNOWN-ID: tier: unknown tier 'elite'; known: rookie, standard, veteran, champion",
        "FILE-TYPE: members[0].skills[1]: expected a string, got an integer (3)",
        "FILE-UNKNOWN-ID: members[4].vial: unknown vial 'elixir'; known: poison_vial, potion",
        "FILE-FIELD: members[5].status: missing field 'status'",
    ]
    assert isinstance(caught.value, ValueError)


# --- What the file does not judge -----------------------------------------------------------------


def test_out_of_range_values_load_and_the_rules_report_them() -> None:
    doc = document()
    member(doc, "gladiator")["stats"]["te"] = 30
    member(doc, "deasta")["skills"] = ["running", "running", "takedown", "aiming"]
    member(doc, "laeva")["slot"] = "deasta"  # two deastas, no laeva: TB-01, not a file error
    roster = loads(json.dumps(doc))
    assert roster.members[0].stats[Stat.TE] == 30
    codes = {p.code for p in validate_roster(roster)}
    assert {"TB-01", "TB-06", "TB-07", "TB-08", "TB-09"} <= codes


def test_null_type_disc_count_and_trap_cards_mean_the_base() -> None:
    doc = document()
    member(doc, "gladiator")["gladiator_type"] = None
    member(doc, "witch_master")["disc_count"] = None
    member(doc, "strategist")["trap_cards_drawn"] = None
    roster = loads(json.dumps(doc))
    assert roster.member("gladiator") == replace(base_member("gladiator"), gladiator_type=None)
    assert validate_roster(roster) == ()
    assert loads(dumps(roster)) == roster


def test_ammunition_keys_are_ammo_and_stats_keys_are_stats() -> None:
    roster = loads(dumps(BASE))
    crossbowman = roster.member("crossbowman")
    assert crossbowman is not None
    assert dict(crossbowman.ammunition) == {Ammo.BOLTS: 12}
    assert all(isinstance(stat, Stat) for stat in crossbowman.stats)


def test_the_documented_example_is_what_dumps_writes() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "team-format.md").read_text("utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    assert example == dumps(base_roster())
