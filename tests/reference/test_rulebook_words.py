"""Issue #34: the reference in the rulebook's own words. Each test quotes the page of the Hungarian
rulebook (RB, shared/seeds/000_c9890a42a3ddf06d.txt, one page a line) or the house-rules section it
holds the reference to.

The rulebook's text layer prints ``ô``/``û`` for ``ő``/``ű`` (its font's Latin-1 letters); the
reference quotes the letters the page shows, so the seed is read with them restored.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arena.engine.content.rules_json import rules_document
from arena.engine.match.magic.spell_effects import CONTACT
from reference.catalog import catalog
from reference.links import entry_url

pytestmark = pytest.mark.django_db

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_c9890a42a3ddf06d.txt"
DOC = rules_document()
SPELLS = {s["id"]: s for s in DOC["spells"]}
LETTERS = str.maketrans({"ô": "ő", "û": "ű", "Ô": "Ő", "Û": "Ű"})


def rulebook_page(number: int) -> str:
    """The rulebook's page ``number`` as printed (each page is a line ending in its number)."""
    if not SEED.exists():
        pytest.skip("the rulebook's text is not on this machine")
    for line in SEED.read_text(encoding="utf-8").splitlines():
        if line.strip().endswith(f" {number}") and len(line) > 200:
            return re.sub(r"\s+", " ", line.translate(LETTERS))
    raise AssertionError(f"no page {number}")


def page_text(reader, url: str) -> str:
    html = reader.get(url).content.decode()
    body = html.split('id="main"', 1)[-1] if 'id="main"' in html else html
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).replace("&quot;", '"').replace("&#x27;", "'")


def quotes_of(spell_id: str) -> list[dict]:
    return list(SPELLS[spell_id]["printed"])


# --- 1. Zsibbasztó (RB p.14): quoted as printed, the reading beside it ---------------------------


def test_zsibbaszto_is_quoted_as_printed_with_the_reading_of_its_two_numbers_beside__rb_p14(reader, language):
    page14 = rulebook_page(14)
    header, prose = quotes_of("numbing_poison")
    assert header["text"] == "egyszeri/2 kör" and header["text"] in page14
    assert "(-3) VÉ büntetővel védekezik három körig" in prose["text"] and prose["text"] in page14
    assert prose["reading_source"] == "digest A44; HR-12.1"
    text = page_text(reader, entry_url("spells", "numbing_poison"))
    for quote in (header, prose):
        assert f"„{quote['text']}”" in text  # the Hungarian words, in both languages
        assert quote[f"reading_{language}"] in text
    assert ("2 kör" if language == "hu" else "2 rounds") in text
    # the engine plays the header's 2 rounds (HR-12.1): the window is the casting round and the next
    assert SPELLS["numbing_poison"]["duration"] == "rounds_2"


# --- 2. "rontás", and the three spells with no type (RB p.13, p.18) -------------------------------


def test_the_curse_type_is_the_rulebooks_rontas_and_the_curse_averter_guards_against_it__rb_p13(client):
    page13 = rulebook_page(13)
    assert "BÉLSORVADÁS Típus: rontás" in page13 and "ÁTOK Típus: -" in page13
    hu = catalog("hu")
    curses = [s["id"] for s in DOC["spells"] if s["spell_type"] == "curse"]
    assert len(curses) == 7
    for spell_id in curses:
        facts = {f.label: f for f in hu.get("spells", spell_id).facts}
        assert facts["Típus"].value == "rontás", spell_id
        assert [link.id for link in facts["Amulett, amely véd ellene"].links] == ["curse"]
    averter = hu.get("amulets", "curse")
    assert "rontás" in averter.numbers
    text = " ".join([averter.numbers, averter.effect, *(f.value for f in averter.facts)])
    assert "rontás" in text and "átok" not in text.casefold()


@pytest.mark.parametrize("spell_id", ["malediction", "life_drain", "death_dance"])
def test_atok_eleteroszivas_and_halaltanc_say_they_have_no_type_and_no_amulet_guards__rb_p13_p18(spell_id, language):
    assert SPELLS[spell_id]["spell_type"] == "none"
    entry = catalog(language).get("spells", spell_id)
    facts = {f.label: f.value for f in entry.facts}
    if language == "hu":
        assert facts["Típus"] == "nincs típusa"
        assert facts["Amulett, amely véd ellene"].startswith("nincs: a varázslatnak nincs típusa (a könyvben „–”)")
    else:
        assert facts["Type"] == "no type"
        assert facts["Amulet that guards against it"].startswith("none: the spell has no type (printed “–”)")
    names = {"malediction": "ÁTOK", "life_drain": "ÉLETERŐSZÍVÁS", "death_dance": "HALÁLTÁNC"}
    page = rulebook_page(13 if spell_id != "death_dance" else 18)
    assert f"{names[spell_id]} Típus: -" in page


# --- 3. Trap kinds: "távolsági … direkt csapda" (RB p.18) --------------------------------------------


def test_the_trap_kinds_are_the_rulebooks_tavolsagi_and_direkt__rb_p18(client):
    page18 = rulebook_page(18)
    assert "nyolc darab távolsági, nyolc pedig direkt csapdát jelöl" in page18
    hu = catalog("hu")
    groups = {hu.get("traps", t["id"]).group for t in DOC["traps"]}
    assert groups == {"Távolsági csapdák (1–8)", "Direkt csapdák (9–16)"}
    html = client.get("/rules/traps/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "Távoli" not in html and "Közvetlen lapok" not in html
    assert catalog("en").get("traps", "pit").group == "Direct cards (9–16)"


def test_each_trap_says_how_its_kind_is_played_and_what_its_damage_does__rb_p18_hr5(language):
    book = catalog(language)
    for trap in DOC["traps"]:
        facts = {f.label: f.value for f in book.get("traps", trap["id"]).facts}
        play = facts["Hogyan játszható ki" if language == "hu" else "How it is played"]
        damage = facts["Sebzés" if language == "hu" else "Damage"]
        if trap["kind"] == "remote":
            assert f"{trap['number']}." in play or f"hex {trap['number']}" in play
            assert f"{trap['man_cost']} MAN" in play
        else:
            assert "4 MAN" in play
        unit = trap["damage_unit"]
        assert trap["damages_stp"] == (unit == "sp")
        if unit == "sp":
            assert "STP" in damage and "SFÉ" in damage
        elif unit == "ep":
            assert damage.startswith("Ép")
        else:
            assert damage in ("nincs", "none")
    # HR-5's damage column: Dárdafal Sp, Mérgezett tüskék Ép, Futóhomok none
    units = {t["id"]: t["damage_unit"] for t in DOC["traps"]}
    assert (units["spear_wall"], units["poisoned_spikes"], units["quicksand"]) == ("sp", "ep", None)


# --- 4. Villámvért: one reading in both languages (RB p.14; digest A46) ------------------------------


def test_villamvert_states_one_reading_in_both_languages_beside_the_printed_words__rb_p14(reader, language):
    (quote,) = quotes_of("lightning_armour")
    assert quote["text"] in rulebook_page(14) and "sikeres támadást hajt végre" in quote["text"]
    assert CONTACT == frozenset({"melee", "halberd", "touch"})  # what the engine answers (A46)
    spell = SPELLS["lightning_armour"]
    assert all(w in spell["effect_en"] for w in ("melee", "halberd", "touch spell", "shots and throws do not"))
    assert all(w in spell["effect_hu"] for w in ("közelharcban", "alabárddal", "érintéses", "lövés és dobás után nem"))
    text = page_text(reader, entry_url("spells", "lightning_armour"))
    assert f"„{quote['text']}”" in text and quote[f"reading_{language}"] in text


# --- 5. Texts that dropped words, raw ids, doubled sources, English on Hungarian pages ---------------


def test_halaltanc_keeps_two_full_rounds_and_tuzalak_ordinary_weapons__rb_p18_p16():
    assert "két teljes körön át" in rulebook_page(18)
    assert "közönséges fegyverrel nem sebezhető" in rulebook_page(16)
    assert "two full rounds" in SPELLS["death_dance"]["effect_en"]
    assert "két teljes körön át" in SPELLS["death_dance"]["effect_hu"]
    assert "ordinary weapons" in SPELLS["fire_form"]["effect_en"]
    assert "közönséges fegyverrel" in SPELLS["fire_form"]["effect_hu"]
    for spell_id in ("death_dance", "fire_form"):
        (quote,) = quotes_of(spell_id)
        assert quote["text"] in rulebook_page(18 if spell_id == "death_dance" else 16)


def test_the_strategists_profile_names_his_trap_cards_in_words__hr2_1(language):
    facts = {f.label: f.value for f in catalog(language).get("profiles", "strategist").facts}
    assert facts["Lőszer" if language == "hu" else "Ammunition"] == (
        "3 csapdakártya" if language == "hu" else "3 trap cards"
    )


def test_a_source_names_each_part_once__rb_p7_hr12_32(language):
    for token in ("me_2", "me_3"):
        assert catalog(language).get("amulets", token).source == "RB p.7; HR-12.32"


def test_the_optional_rules_say_when_they_apply__hr7(language):
    for rule in DOC["optional_rules"]:
        facts = {f.label: f.value for f in catalog(language).get("optional-rules", rule["id"]).facts}
        assert "On unless chosen" not in facts
        expected = "csak azokban a viadalokban és ligákban, amelyek bekapcsolják"
        assert facts["Mikor érvényes" if language == "hu" else "When it applies"] == (
            expected if language == "hu" else "only in the matches and leagues that turn it on"
        )


ENGLISH_ON_HUNGARIAN_PAGES = ("ruling", "(name)", "trap_cards", "On unless chosen", "javelins", " blocks", "Level ")


def test_no_english_words_on_the_hungarian_pages__hr12(client):
    for kind, entry_id in catalog("hu").entries:
        html = client.get(entry_url(kind, entry_id), HTTP_ACCEPT_LANGUAGE="hu").content.decode()
        article = html[html.index("<article") : html.index("</article>")]
        text = re.sub(r"<[^>]+>", " ", article)
        for word in ENGLISH_ON_HUNGARIAN_PAGES:
            assert word not in text, (kind, entry_id, word)


def test_a_spell_says_how_a_disc_casts_it_and_a_fixed_disc_what_it_buys__rb_p11_hr9_5(language):
    facts = {f.label: f.value for f in catalog(language).get("spells", "pain").facts}
    cast = facts["Mivel mondható el" if language == "hu" else "Cast with"]
    assert ("2. szintű" if language == "hu" else "level 2") in cast and "6" in cast
    fixed = {f.label: f.value for f in catalog(language).get("points", "fixed_discs").facts}
    buys = fixed["Mit ér" if language == "hu" else "What it buys"]
    assert ("szintenként 2 pont" if language == "hu" else "2 points per level") in buys and "6" in buys


def test_ranges_read_as_the_rulebook_states_them__rb_p10_p20(language):
    book = catalog(language)

    def reach(kind: str, entry_id: str) -> str:
        facts = {f.label: f.value for f in book.get(kind, entry_id).facts}
        return facts["Hatótáv" if language == "hu" else "Range"]

    if language == "hu":
        assert "saját blokk + 4 blokk" in rulebook_page(10)
        assert reach("weapons", "crossbow") == "saját blokk + 4 blokk"
        assert reach("weapons", "throwing_daggers") == "saját blokk + 2 blokk"
        assert reach("spells", "lightning_bolt") == "saját blokk + 3 blokk"
        assert reach("spells", "pain") == "legfeljebb 3 blokk távolságban"
        assert reach("weapons", "javelin") == "legfeljebb 2 blokk távolságban"
        assert reach("weapons", "net") == "saját blokk + a szomszédos blokkok"
    else:
        assert reach("weapons", "crossbow") == "own block + 4 blocks"
        assert reach("spells", "lightning_bolt") == "own block + 3 blocks"
        assert reach("spells", "pain") == "within 3 blocks"
        assert reach("weapons", "net") == "own block + the adjacent blocks"
