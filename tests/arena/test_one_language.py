"""Issue 32, item 3: one language per page. The engine names its combat modifiers and a cancelled
spell by their Hungarian rules names; the English log says them in English."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

import arena.engine.match.rules.gladiators  # noqa: F401 (registers its modifiers)
import arena.engine.match.rules.skill_use  # noqa: F401
from arena.engine.match.rules.modifiers import ATTACK_HOOKS, DEFENCE_HOOKS
from arena.screen.reader_words import modifiers_text, reason_text

HUNGARIAN_LETTERS = re.compile("[áéíóöőúüűÁÉÍÓÖŐÚÜŰ]")
HOOKS = sorted({name for name, _ in ATTACK_HOOKS + DEFENCE_HOOKS})


def test_the_english_log_names_the_defence_modifiers_in_english():
    with translation.override("en"):
        assert modifiers_text([("Lopakodás", 2), ("spells and traps", -4)]) == "Sneaking +2, spells and traps -4"
    with translation.override("hu"):
        assert modifiers_text([("Lopakodás", 2)]) == "Lopakodás +2"


@pytest.mark.parametrize("name", HOOKS)
def test_every_modifier_the_engine_names_reads_in_english(name):
    with translation.override("en"):
        text = modifiers_text([(name, 1)])
    assert not HUNGARIAN_LETTERS.search(text), text
    assert text != f"{name} +1" or name in ("prone", "entangled"), text


def test_a_cancelled_spell_is_named_in_the_readers_language():
    with translation.override("en"):
        assert reason_text("cancels Bélsorvadás (RB p.7, p.12)") == "it cancels Bowel Rot (RB p.7, p.12)"


@pytest.mark.django_db
def test_a_match_against_the_computer_names_its_team_and_characters_in_the_readers_language(client):
    """The computer's base team was named on an English page; a Hungarian reader reads it in Hungarian."""
    from django.urls import reverse

    from arena.services import match_create_against_agent
    from teams.models import Team
    from tests.factories import TeamFactory, UserFactory

    player = UserFactory(username="egyedul")
    team = TeamFactory(owner=player, name="Vasfarkasok", status=Team.Status.READY)
    with translation.override("en"):
        match = match_create_against_agent(creator=player, team=team, round_limit=12)
    client.force_login(player)
    client.cookies["django_language"] = "hu"
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert 'team-tag seat-1">Alapcsapat<' in page
    assert "Base team" not in page
    # the computer's characters (the player's own team's names are his, here the factory's English ones)
    row = page[page.index('id="row-1.witch_master"') :]
    assert row[: row.index("</th>")].endswith("Boszorkánymester"), row[:200]
    assert "<td>Alapcsapat</td>" in row[:400]
    client.cookies["django_language"] = "en"
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert 'team-tag seat-1">Base team<' in page and "Alapcsapat" not in page


def _text(body: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


@pytest.mark.django_db
def test_lists_and_pages_name_the_computers_teams_in_the_readers_language_and_word_it_plainly(client):
    """Issue 32, items 3 and 5: a free-for-all made on a Hungarian page (its computer seats' teams stored
    as "Alapcsapat, 2. hely") read in English: the lobby, the live list, the inbox and the play screen
    say "Base team, seat 2"; the computer is "the computer, easy" (never "(the computer (easy))"); the
    log's per-seat figures keep a team's number apart from the seat in its name ("Base team, seat 3: 3",
    never "Base team, seat 3 3")."""
    from tests.arena.hosted import begin_four

    with translation.override("hu"):
        match, four = begin_four("ffa", computer=(1, 2, 3), prefix="ny")
    assert match.seats.get(seat=2).team_name.startswith("Alapcsapat, 3. hely")
    client.force_login(four.users[0])
    expected = (("en", "Base team, seat 3", "Alapcsapat"), ("hu", "Alapcsapat, 3. hely", "Base team"))
    for language, base, other in expected:
        client.cookies["django_language"] = language
        for url in ("/play/", "/play/live/", "/accounts/inbox/", f"/play/{match.pk}/", f"/play/{match.pk}/log/"):
            text = _text(client.get(url).content.decode())
            assert base in text, (language, url)
            assert other not in text, (language, url, text[text.index(other) - 80 : text.index(other) + 80])
            assert "((" not in text.replace(" ", "") and "))" not in text.replace(" ", ""), (language, url)
            doubled = re.search(r".{0,40}(seat \d|hely) \d.{0,20}", text)
            assert doubled is None, (language, url, doubled)
        live = _text(client.get("/play/live/").content.decode())
        computer = "the computer, easy" if language == "en" else "a gép, könnyű"
        assert computer in live, (language, live[:2000])
