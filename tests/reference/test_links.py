"""Issue #19: the character sheets and the hosted match's log link the names of skills, weapons,
spells and trap cards to their entries in the rules reference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from arena.engine.match.events import EVENT_TYPES
from arena.engine.roster import base_roster
from arena.screen.log import sentence
from tests.arena.test_log_text import names, sample
from tests.factories import TeamFactory

pytestmark = pytest.mark.django_db


def test_the_sheets_link_every_skill_and_weapon_to_its_entry(reader, language):
    team = TeamFactory()
    reader.force_login(team.owner)
    html = reader.get(reverse("sheets:html", args=[team.pk])).content.decode()
    roster = base_roster()
    skills = {s for m in roster.members for s in m.skills} | {"shield_wall"}  # the Vértes's special
    gladiator = roster.member("gladiator")
    weapons = set(gladiator.pile) | set(gladiator.kit)
    linked = set(re.findall(r'<a class="rule-link" href="/rules/(skills|weapons)/([a-z_]+)/">', html))
    assert linked == {("skills", s) for s in skills} | {("weapons", w) for w in weapons}
    for kind, entry_id in linked:
        assert reader.get(f"/rules/{kind}/{entry_id}/").status_code == 200


def test_the_printed_sheet_keeps_the_links_unstyled():
    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "sheet.css").read_text(encoding="utf-8")
    assert ".sheet a.rule-link { color: inherit; text-decoration: none; }" in css


@pytest.mark.parametrize(
    ("event", "url"),
    [
        ("SpellCast", "/rules/spells/bowel_rot/"),
        ("SpellResisted", "/rules/spells/bowel_rot/"),
        ("SpellEnded", "/rules/spells/bowel_rot/"),
        ("TrapPlayed", "/rules/traps/pit/"),
        ("TrapAttackResolved", "/rules/traps/pit/"),
        ("SkillUsed", "/rules/skills/sneaking/"),
    ],
)
@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_match_log_links_spells_traps_and_skills(event, url, language):
    with translation.override(language):
        text = str(sentence(sample(EVENT_TYPES[event]), names()))
    assert f'<a class="rule-link" href="{url}">' in text, text


def test_an_attack_with_a_skill_links_the_skill():
    event = sample(EVENT_TYPES["AttackDeclared"])
    event["skill"] = "weapon_breaking"
    with translation.override("en"):
        text = str(sentence(event, names()))
    assert '(<a class="rule-link" href="/rules/skills/weapon_breaking/">Weapon Breaking</a>' in text


def test_an_unknown_id_in_the_log_is_plain_escaped_text():
    event = sample(EVENT_TYPES["SpellCast"])
    event["spell"] = "<b>new_spell</b>"
    text = str(sentence(event, names()))
    assert "&lt;b&gt;new_spell&lt;/b&gt;" in text and "rule-link" not in text


@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_play_screen_links_a_lasting_spell_on_a_character(language):
    from dataclasses import replace

    from arena.engine import new_match, view
    from arena.engine.match.view_types import SpellView
    from arena.engine.roster import base_roster
    from arena.screen.reader_words import Names
    from arena.screen.sides import character_row

    public = view(new_match((base_roster(), base_roster()), seed=1), None)
    pain = SpellView("pain", "1.witch_master", "0.gladiator", "lasting", "", 1, 1, 2)
    gladiator = public.character("0.gladiator")
    assert gladiator is not None
    with translation.override(language):
        cast = replace(public, spells=(pain,))
        shown = character_row(gladiator, cast, Names.of(cast), {}, language).states
    name = "Fájdalom" if language == "hu" else "Pain"
    assert shown == (f'<a class="rule-link" href="/rules/spells/pain/">{name}</a>',)


def test_a_kept_row_links_under_the_sites_url_prefix_of_its_page():
    """The play screen keeps a character's row while it is unchanged (arena.screen.sides): a row with a
    link to the rules is kept per URL prefix, so a site served under a prefix never shows a link
    worded under another."""
    from dataclasses import replace

    from django.urls import get_script_prefix, set_script_prefix

    from arena.engine import new_match, view
    from arena.engine.match.view_types import SpellView
    from arena.engine.roster import base_roster
    from arena.screen.reader_words import Names
    from arena.screen.sides import character_row

    public = view(new_match((base_roster(), base_roster()), seed=1), None)
    cast = replace(public, spells=(SpellView("pain", "1.witch_master", "0.gladiator", "lasting", "", 1, 1, 2),))
    gladiator = cast.character("0.gladiator")
    assert gladiator is not None
    before = get_script_prefix()
    try:
        links = []
        for prefix in ("/", "/viadal/"):
            set_script_prefix(prefix)
            links.append(character_row(gladiator, cast, Names.of(cast), {}, "en").states[0])
    finally:
        set_script_prefix(before)
    assert 'href="/rules/spells/pain/"' in links[0] and 'href="/viadal/rules/spells/pain/"' in links[1]
