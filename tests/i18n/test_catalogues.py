"""Issue #7: the rules data speaks both languages. Every entry of the engine's catalogues that has an
English name or text has its Hungarian one (as the rulebook spells it), and the validation rules
have a Hungarian message with the same placeholders as the English."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping

import pytest

from arena.engine.content.amulets import AMULETS, ME_TOKENS, OPTIONAL_RULES, VIALS
from arena.engine.content.common import (
    ARMOUR_NAMES,
    ROLE_NAMES,
    ROLE_PLURALS_HU,
    STAT_NAMES,
    STAT_TITLES,
    Armour,
    Role,
    Stat,
)
from arena.engine.content.discs import DISC_LEVELS
from arena.engine.content.points import TIERS
from arena.engine.content.profiles import AMMO_NAMES, PROFILES, Ammo
from arena.engine.content.skills import SKILLS
from arena.engine.content.spells import SPELL_TYPE_NAMES, SPELLS, SpellType
from arena.engine.content.traps import TRAPS
from arena.engine.content.validation import VALIDATION_RULES, placeholders
from arena.engine.content.weapons import GLADIATOR_TYPES, WEAPONS
from teams.sheet_parts import TRACKER_ROWS
from teams.sheets import AMULET_HEADING, HEADINGS, ROW_HEADINGS, VIAL_HEADING

CATALOGUES: Mapping[str, Mapping[str, object]] = {
    "SPELLS": SPELLS,
    "TRAPS": TRAPS,
    "SKILLS": SKILLS,
    "WEAPONS": WEAPONS,
    "GLADIATOR_TYPES": GLADIATOR_TYPES,
    "AMULETS": AMULETS,
    "ME_TOKENS": ME_TOKENS,
    "VIALS": VIALS,
    "OPTIONAL_RULES": OPTIONAL_RULES,
    "PROFILES": PROFILES,
    "TIERS": TIERS,
    "DISC_LEVELS": DISC_LEVELS,
}
# (hungarian, english) vocabularies and the enum each must cover.
VOCABULARIES: Mapping[str, tuple[Mapping[object, tuple[str, str]], Iterable[object]]] = {
    "ROLE_NAMES": (ROLE_NAMES, Role),
    "STAT_NAMES": (STAT_NAMES, Stat),
    "STAT_TITLES": (STAT_TITLES, Stat),
    "ARMOUR_NAMES": (ARMOUR_NAMES, Armour),
    "AMMO_NAMES": (AMMO_NAMES, Ammo),
    "SPELL_TYPE_NAMES": (SPELL_TYPE_NAMES, SpellType),
}
# A Hungarian text with these English words in it is English left untranslated ("is" is Hungarian too).
ENGLISH_SENTENCE = re.compile(r"\b(the|and|of|his|he|an|for|with|when)\b", re.I)


def bilingual_pairs(entry: object) -> Iterable[tuple[str, str, str]]:
    """``(field, hungarian, english)`` for every ``*_hu`` / ``*_en`` pair of the entry, nested
    values (a spell's curse choices) included."""
    names = {f.name for f in dataclasses.fields(entry)}  # type: ignore[arg-type]
    for name in sorted(names):
        if name.endswith("_en") and f"{name[:-3]}_hu" in names:
            yield name[:-3], getattr(entry, f"{name[:-3]}_hu"), getattr(entry, name)
    for name in sorted(names):
        value = getattr(entry, name)
        children = value if isinstance(value, tuple) else (value,)
        for child in children:
            if dataclasses.is_dataclass(child) and not isinstance(child, type):
                yield from bilingual_pairs(child)


def catalogue_entries() -> list[tuple[str, object]]:
    return [
        (f"{catalogue}[{key}]", entry) for catalogue, entries in CATALOGUES.items() for key, entry in entries.items()
    ]


@pytest.mark.parametrize(("where", "entry"), catalogue_entries(), ids=[w for w, _ in catalogue_entries()])
def test_every_catalogue_entry_has_its_hungarian_text(where, entry):
    pairs = list(bilingual_pairs(entry))
    assert any(field == "name" for field, _, _ in pairs), f"{where} has no name_hu / name_en"
    for field, hungarian, english in pairs:
        if english:
            assert hungarian and hungarian.strip(), f"{where}.{field}_hu is empty beside {english!r}"
        if field == "effect" and english:
            assert hungarian != english, f"{where}.effect_hu is the English text"
            assert not ENGLISH_SENTENCE.search(hungarian), f"{where}.effect_hu reads English: {hungarian!r}"


def test_the_catalogues_are_not_empty():
    assert all(len(entries) > 0 for entries in CATALOGUES.values())
    assert len(SPELLS) == 31 and len(TRAPS) > 0 and len(SKILLS) == 14


@pytest.mark.parametrize("name", VOCABULARIES)
def test_every_vocabulary_names_each_value_in_both_languages(name):
    names, members = VOCABULARIES[name]
    assert set(names) == set(members), f"{name} misses {set(members) - set(names)}"
    for key, (hungarian, english) in names.items():
        assert hungarian.strip() and english.strip(), f"{name}[{key}]"
    assert set(ROLE_PLURALS_HU) == set(Role) and all(ROLE_PLURALS_HU.values())


@pytest.mark.parametrize("rule", VALIDATION_RULES.values(), ids=list(VALIDATION_RULES))
def test_every_validation_rule_has_a_hungarian_message_with_the_same_placeholders(rule):
    assert rule.message_template_hu.strip()
    assert rule.message_template_hu != rule.message_template
    assert placeholders(rule.message_template_hu) == rule.placeholders


def test_the_rulebook_terms_are_spelt_as_the_rulebook_spells_them():
    roles = {role: hungarian for role, (hungarian, _) in ROLE_NAMES.items()}
    assert roles[Role.WITCH_MASTER] == "boszorkánymester"
    assert roles[Role.CROSSBOWMAN] == "számszeríjász"
    assert roles[Role.DAGGER_THROWER] == "tőrvető"
    assert roles[Role.STRATEGIST] == "stratéga"
    assert [STAT_NAMES[s][0] for s in (Stat.TE, Stat.VE, Stat.CE, Stat.EP, Stat.EG, Stat.SFE, Stat.STP)] == [
        "TÉ",
        "VÉ",
        "CÉ",
        "Ép",
        "Eg",
        "SFÉ",
        "STP",
    ]


def test_the_sheets_own_headings_have_both_languages():
    pairs = [*ROW_HEADINGS.values(), AMULET_HEADING, VIAL_HEADING, *HEADINGS.values()]
    pairs += [(hu, en) for _, hu, en in TRACKER_ROWS]
    for hungarian, english in pairs:
        assert hungarian.strip() and english.strip()
