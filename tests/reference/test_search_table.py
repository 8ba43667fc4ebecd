"""Issue #34: a search that finds what players type. Every query of the table has the same first hit
for a Hungarian and an English reader: the exact name, then the other language's name, then the
rulebook's terms and synonyms, then effect text, then close spellings with "Did you mean …?"."""

from __future__ import annotations

import re

import pytest

from arena.engine.content.rules_json import rules_document
from reference.catalog import catalog
from reference.text_search import same_word, search

pytestmark = pytest.mark.django_db

DOC = rules_document()

# query -> the first entry found, (kind, id), for readers of both languages
FIRST_HIT = {
    # the exact name, in either language, accents and case ignored
    "Villám": ("spells", "lightning_bolt"),
    "Lightning Bolt": ("spells", "lightning_bolt"),
    "villam": ("spells", "lightning_bolt"),
    "VILLÁM": ("spells", "lightning_bolt"),
    "Kitérés": ("skills", "dodging"),
    "kiteres": ("skills", "dodging"),
    "Dodging": ("skills", "dodging"),
    "Átok": ("spells", "malediction"),
    "Malediction": ("spells", "malediction"),
    "Tűzalak": ("spells", "fire_form"),
    "fire form": ("spells", "fire_form"),
    "Haláltánc": ("spells", "death_dance"),
    "death dance": ("spells", "death_dance"),
    "Villámvért": ("spells", "lightning_armour"),
    "lightning armour": ("spells", "lightning_armour"),
    "Kitörő forrás": ("traps", "erupting_spring"),
    "Verem": ("traps", "pit"),
    "pit": ("traps", "pit"),
    "Futóhomok": ("traps", "quicksand"),
    "quicksand": ("traps", "quicksand"),
    "Alabárd": ("weapons", "halberd"),
    "halberd": ("weapons", "halberd"),
    "pajzs": ("weapons", "shield"),
    "számszeríj": ("weapons", "crossbow"),
    "crossbow": ("weapons", "crossbow"),
    "kardművész": ("gladiator-types", "sword_master"),
    "sword master": ("gladiator-types", "sword_master"),
    "stratéga": ("profiles", "strategist"),
    "Méregfiola": ("vials", "poison_vial"),
    "poison vial": ("vials", "poison_vial"),
    "Közönség kegye": ("optional-rules", "opt_crowd_favour"),
    # word forms
    "dodge": ("skills", "dodging"),
    "villámot": ("spells", "lightning_bolt"),
    "kitérést": ("skills", "dodging"),
    # the rulebook's terms and the words players use
    "rontás": ("spells", "bowel_rot"),  # the first curse spell of the list (RB p.13), then the others
    "direkt": ("traps", "pit"),
    "távolsági": ("traps", "swinging_blades"),
    "zombi": ("spells", "create_undead"),
    "zombie": ("spells", "create_undead"),
    "rookie": ("points", "tiers"),
    "újonc": ("points", "tiers"),
    "fixed disc": ("points", "fixed_discs"),
    "fix korong": ("points", "fixed_discs"),
    "reroll": ("optional-rules", "opt_crowd_favour"),
    "ME": ("amulets", "me_2"),
    # effect text, in either language
    "vitustánc": ("spells", "death_dance"),
    "St Vitus": ("spells", "death_dance"),
    "közönséges fegyver": ("spells", "fire_form"),
    "ordinary weapons": ("spells", "fire_form"),
}

# misspelt -> the entry "Did you mean …?" offers
MISSPELT = {
    "lightnig": ("spells", "lightning_bolt"),
    "vilám": ("spells", "lightning_bolt"),
    "kitres": ("skills", "dodging"),
    "Haláltác": ("spells", "death_dance"),
    "crosbow": ("weapons", "crossbow"),
    "halbred": ("weapons", "halberd"),
    "strategst": ("profiles", "strategist"),
    "quiksand": ("traps", "quicksand"),
    "acrobatcs": ("skills", "acrobatics"),
    "medvecsapa": ("traps", "bear_trap"),
    "greatsord": ("weapons", "greatsword"),
    "aranyharnag": ("skills", "golden_bell"),
    "zombei": ("spells", "create_undead"),
    "sneek": ("skills", "sneaking"),
}


def test_the_table_is_long_enough():
    assert len(FIRST_HIT) >= 40 and len(MISSPELT) >= 10


@pytest.mark.parametrize(("query", "expected"), FIRST_HIT.items())
def test_the_first_hit_is_the_same_in_both_languages(query, expected):
    for language in ("hu", "en"):
        found = search(language, query)
        assert found.entries, (language, query)
        assert (found.entries[0].kind, found.entries[0].id) == expected, (language, query)
        assert found.suggestion is None


@pytest.mark.parametrize(("query", "expected"), MISSPELT.items())
def test_did_you_mean_offers_the_right_entry_for_a_misspelling(query, expected):
    for language in ("hu", "en"):
        found = search(language, query)
        assert found.suggestion is not None, (language, query)
        assert (found.suggestion.kind, found.suggestion.id) == expected, (language, query)
        assert (found.entries[0].kind, found.entries[0].id) == expected


def test_did_you_mean_is_a_link_to_the_entry(reader, language):
    html = reader.get("/rules/", {"q": "lightnig"}).content.decode()
    suggestion = re.search(r'id="reference-suggestion">(.*?)</p>', html, re.S).group(1)
    assert 'href="/rules/spells/lightning_bolt/"' in suggestion
    assert ("Erre gondoltál" if language == "hu" else "Did you mean") in suggestion


def test_a_dropped_accent_finds_no_word_inside_another__atok_is_not_in_varazslatok():
    for language in ("hu", "en"):
        assert [e.id for e in search(language, "átok").entries] == ["malediction"]
        assert [e.id for e in search(language, "atok").entries] == ["malediction"]

    # a query with accents keeps them: "kör" (round) finds only entries that say "kör"
    both = {key: (catalog("hu").entries[key], catalog("en").entries[key]) for key in catalog("hu").entries}
    for language in ("hu", "en"):
        for entry in search(language, "kör").entries:
            hu, en = both[(entry.kind, entry.id)]
            said = " ".join((hu.effect, en.effect, hu.numbers, en.numbers, hu.group, en.group)).casefold()
            assert "kör" in said, entry.id


def test_the_rulebooks_terms_find_every_entry_they_name__rb_p13_p18(language):
    curses = {s["id"] for s in DOC["spells"] if s["spell_type"] == "curse"}
    found = {e.id for e in search(language, "rontás").entries if e.kind == "spells"}
    assert found == curses and len(curses) == 7
    assert {e.id for e in search(language, "curse").entries if e.kind == "spells"} == curses
    direct = {t["id"] for t in DOC["traps"] if t["kind"] == "direct"}
    remote = {t["id"] for t in DOC["traps"] if t["kind"] == "remote"}
    assert {e.id for e in search(language, "direkt").entries if e.kind == "traps"} == direct
    assert {e.id for e in search(language, "távolsági").entries if e.kind == "traps"} == remote
    assert {e.id for e in search(language, "direct trap").entries if e.kind == "traps"} == direct


@pytest.mark.parametrize(
    ("query", "word", "same"),
    [
        ("dodge", "dodging", True),
        ("villámot", "villám", True),
        ("csapdák", "csapda", True),  # a lengthened before the suffix
        ("varázslatot", "varázslat", True),
        ("lightnig", "lightning", False),  # a misspelling, not a word form
        ("greatsord", "great", False),
        ("atok", "varazslatok", False),
        ("me", "mereg", False),
    ],
)
def test_word_forms(query, word, same):
    assert same_word(query, word) is same
