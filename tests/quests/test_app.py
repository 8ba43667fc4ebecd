"""The quest tracker's app: a party, its rolls made once and recorded, an adventure's log, corrections,
the carry-over between adventures, players' rights, the share link and the sheets."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from quests import services
from quests.models import Adventure, LogEntry, Party, PartyMember, Roll, Warrior
from quests.rules import rolls
from quests.rules.quest_dice import SeededDice
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PROFILE = {
    "move": 4,
    "weapon_skill": 4,
    "ballistic_skill": 5,
    "strength": 4,
    "toughness": 4,
    "initiative": 3,
    "attacks": 1,
    "wounds_bonus": 9,
    "pinning": 5,
    "shooting": 5,
}
WARRIORS = [
    ("barbarian", "Conan", {"initiative": 3}),
    ("dwarf", "Gimli", {"initiative": 2}),
    ("elf", "Aranel", {"initiative": 6, "pinning": ""}),
    ("wizard", "Merlin", {"initiative": 3}),
]


def post_warrior(client, party, cls, name, **changes):
    data = {"cls": cls, "name": name, **PROFILE, **changes}
    return client.post(reverse("quests:warrior-add", args=[party.pk]), data)


@pytest.fixture
def owner(client):
    user = UserFactory(username="mara")
    client.force_login(user)
    return user


@pytest.fixture
def party(client, owner):
    response = client.post(reverse("quests:create"), {"name": "Lantern Bearers"})
    party = Party.objects.get(name="Lantern Bearers")
    assert response.status_code == 302
    for cls, name, changes in WARRIORS:
        assert post_warrior(client, party, cls, name, **changes).status_code == 302
    return party


def entry(client, party, number, **data):
    return client.post(reverse("quests:adventure-entry", args=[party.pk, number]), data)


def begun(client, party):
    client.post(reverse("quests:adventure-create", args=[party.pk]), {"objective": "Fire Chasm"})
    adventure = party.adventures.get()
    client.post(reverse("quests:adventure-roll", args=[party.pk, 1]))
    spells = {}
    for deck in ("attack", "defence", "healing"):
        spells |= {f"{deck}_name": f"{deck} spell", f"{deck}_casting": "5", f"{deck}_cost": "1"}
    client.post(reverse("quests:adventure-spells", args=[party.pk, 1]), spells)
    response = client.post(reverse("quests:adventure-begin", args=[party.pk, 1]))
    assert response.status_code == 302, response.content.decode()[:2000]
    adventure.refresh_from_db()
    return adventure


def keys(party):
    return {w.name: str(w.pk) for w in party.warriors.all()}


def test_wq01_a_class_twice_is_refused_beside_its_field(client, party):
    Warrior.objects.filter(party=party, cls="elf").update(status="dead")
    assert post_warrior(client, party, "dwarf", "Borin").status_code == 400
    response = post_warrior(client, party, "elf", "Bad", attacks=2)
    assert response.status_code == 400
    assert "WQ-02: Bad: Attacks 2: a new warrior has 1." in response.content.decode()
    assert party.warriors.filter(status="active").count() == 3


def test_wq15_starting_wounds_cannot_be_typed(client, owner):
    party = services.party_create(owner, "Typists")
    response = post_warrior(client, party, "dwarf", "Gimli", starting_wounds=20)
    assert response.status_code == 400
    assert "This roll is made and recorded by the app." in response.content.decode()
    assert not party.warriors.exists()


def test_wq06_rolls_are_made_once_recorded_and_replayable(client, party):
    client.post(reverse("quests:adventure-create", args=[party.pk]), {"objective": "Fire Chasm"})
    url = reverse("quests:adventure-roll", args=[party.pk, 1])
    client.post(url)
    first = {r.key: (r.dice, r.total) for r in Roll.objects.filter(party=party)}
    client.post(url)  # posting again finds the rolls made: nothing is rolled twice
    client.post(url, {"starting_wounds": "18"})
    again = {r.key: (r.dice, r.total) for r in Roll.objects.filter(party=party)}
    assert first == again and len(first) == 6  # the adventure number, 4 × Wounds, the Wizard's tokens
    for w in party.warriors.all():
        key = f"adv1:wounds:{w.pk}"
        replayed = rolls.roll_starting_wounds(SeededDice(f"{party.seed}:{key}"), w.wounds_bonus)
        assert (list(replayed.dice), replayed.total) == first[key]
    response = client.get(reverse("quests:adventure", args=[party.pk, 1]))
    assert "starting Wounds" in response.content.decode()
    row = Roll.objects.first()
    row.total = 1
    with pytest.raises(ValueError):
        row.save()


def test_a_whole_adventure_and_what_carries_over(client, party):
    adventure = begun(client, party)
    k = keys(party)
    assert adventure.stage == Adventure.Stage.RUNNING and adventure.leader.name == "Conan"
    steps = [
        {"kind": "card", "name": "Stairway", "card_kind": "entrance"},
        {"kind": "card", "name": "Guard room", "card_kind": "room"},
        {"kind": "event", "name": "Orcs", "source": "room"},
        {"kind": "kill", "monster": "Orc", "gold": "15", "killer": k["Gimli"]},
        {"kind": "treasure", "name": "Chalice", "value": "40", "source": "event", "recipient": k["Aranel"]},
        {"kind": "wounds_taken", "warrior": k["Merlin"], "amount": "99", "cause": "Minotaur"},
        {"kind": "wounds_healed", "warrior": k["Merlin"], "amount": "2", "cause": "Healing potion"},
        {"kind": "wounds_taken", "warrior": k["Conan"], "amount": "99"},
        {"kind": "end_of_turn"},
        {"kind": "lantern", "to": k["Gimli"]},
    ]
    for step in steps:
        response = entry(client, party, 1, **step)
        assert response.status_code == 302, (step, response.content.decode()[:3000])
    end = {"kind": "end", "result": "completed"}
    end |= {f"outcome_{key}": "survived" for key in k.values()}
    response = entry(client, party, 1, **end)
    assert response.status_code == 400 and "WQ-13" in response.content.decode()  # Conan is dead
    end[f"outcome_{k['Conan']}"] = "died"
    assert entry(client, party, 1, **end).status_code == 302
    assert entry(client, party, 1, kind="sale", warrior=k["Aranel"], name="Chalice", price="50").status_code == 400
    assert entry(client, party, 1, kind="sale", warrior=k["Aranel"], name="Chalice", price="40").status_code == 302
    adventure.refresh_from_db()
    assert adventure.stage == "ended" and adventure.result == "completed" and adventure.survivors == 3
    assert adventure.gold == 55
    by_name = {w.name: w for w in party.warriors.all()}
    assert by_name["Conan"].status == "dead" and by_name["Gimli"].gold == 15 and by_name["Aranel"].gold == 40
    assert by_name["Merlin"].treasure == [] and by_name["Gimli"].equipment == []
    # the dead joins no later adventure, and his closed record is frozen (WQ-13)
    response = client.post(
        reverse("quests:warrior-edit", args=[party.pk, by_name["Conan"].pk]), {"name": "Conan", **PROFILE}
    )
    assert response.status_code == 400 and "Conan is dead." in response.content.decode()
    assert post_warrior(client, party, "barbarian", "Brakka").status_code == 302  # a replacement (WQ-5)
    client.post(reverse("quests:adventure-create", args=[party.pk]), {"objective": "Lair"})
    client.post(reverse("quests:adventure-roll", args=[party.pk, 2]))
    wounded = Roll.objects.filter(adventure__number=2, purpose="wounds").values_list("warrior__name", flat=True)
    assert sorted(wounded) == ["Aranel", "Brakka", "Gimli", "Merlin"]
    log_page = client.get(reverse("quests:adventure", args=[party.pk, 1])).content.decode()
    assert "Gimli slew Orc for 15 gold." in log_page
    assert "Merlin takes 99 Wounds (Minotaur)." in log_page


def test_a_mistake_is_corrected_by_a_new_entry(client, party):
    begun(client, party)
    k = keys(party)
    entry(client, party, 1, kind="kill", monster="Orc", gold="15", killer=k["Conan"])
    assert entry(client, party, 1, kind="void", seq="1", reason="Gimli slew it").status_code == 302
    entry(client, party, 1, kind="kill", monster="Orc", gold="15", killer=k["Gimli"])
    assert list(LogEntry.objects.values_list("seq", "data__kind")) == [(1, "kill"), (2, "void"), (3, "kill")]
    page = client.get(reverse("quests:adventure", args=[party.pk, 1])).content.decode()
    assert "<del>Conan slew Orc for 15 gold.</del>" in page and "Correction: entry 1 is void (Gimli slew it)." in page
    first = LogEntry.objects.get(seq=1)
    first.data = {"kind": "end_of_turn"}
    with pytest.raises(ValueError):
        first.save()


def test_players_record_for_their_own_warrior_and_the_owner_corrects(client, party):
    begun(client, party)
    k = keys(party)
    guest = UserFactory(username="tomas")
    client.post(reverse("quests:invite", args=[party.pk]), {"username": "tomas"})
    gimli = party.warriors.get(name="Gimli")
    client.post(
        reverse("quests:warrior-edit", args=[party.pk, gimli.pk]), {"name": "Gimli", **PROFILE, "player": guest.pk}
    )
    gimli.refresh_from_db()
    assert gimli.player == guest
    client.force_login(guest)
    assert entry(client, party, 1, kind="wounds_taken", warrior=k["Gimli"], amount="2").status_code == 302
    assert entry(client, party, 1, kind="wounds_taken", warrior=k["Conan"], amount="2").status_code == 403
    assert entry(client, party, 1, kind="void", seq="1", reason="no").status_code == 403
    stranger = UserFactory(username="nobody")
    client.force_login(stranger)
    assert client.get(reverse("quests:party", args=[party.pk])).status_code == 404


def test_share_link_and_sheets(client, party):
    begun(client, party)
    client.logout()
    share = client.get(reverse("quests:share", args=[party.share_token]))
    page = share.content.decode()
    assert share.status_code == 200 and "Conan" in page and "add-warrior" not in page
    sheets = client.get(reverse("quests:share-sheets", args=[party.share_token])).content.decode()
    assert "sheet-qr" in sheets and sheets.count('class="sheet quest-record"') == 4
    assert "Starting Wounds" in sheets
    assert (
        client.post(reverse("quests:adventure-entry", args=[party.pk, 1]), {"kind": "end_of_turn"}).status_code == 302
    )
    assert LogEntry.objects.count() == 0  # anonymous: sent to log in


def test_hall_of_fame_lists_the_readers_own_parties_only(client, party, owner):
    """docs/quest.md, "The hall of fame": a party's name is not public; each player's hall ranks the
    parties he owns or plays in."""
    stranger = UserFactory()
    services.party_create(stranger, "Hidden Blades")
    member_of = services.party_create(stranger, "Borrowed Swords")
    PartyMember.objects.create(party=member_of, user=owner)
    services.party_create(UserFactory(), "Nobody's Business")

    html = client.get(reverse("quests:hall")).content.decode()
    assert "Lantern Bearers" in html and "Borrowed Swords" in html
    assert "Hidden Blades" not in html and "Nobody&#x27;s Business" not in html

    client.force_login(stranger)
    html = client.get(reverse("quests:hall")).content.decode()
    assert "Hidden Blades" in html and "Borrowed Swords" in html and "Lantern Bearers" not in html


def test_hall_of_fame_is_not_public(client, party):
    client.logout()
    response = client.get(reverse("quests:hall"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert "Lantern Bearers" not in client.get(reverse("quests:hall"), follow=True).content.decode()


def test_hall_of_fame_needs_the_same_queries_for_any_number_of_parties(client, owner):
    client.get(
        reverse("quests:hall")
    )  # the process learns whose session it is (then one statement reads it and the user)
    counts = []
    for batch in range(2):
        for n in range(3):
            services.party_create(owner, f"Party {batch}.{n}")
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("quests:hall")).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_quest_game_is_registered():
    from games.registry import Feature, get_game

    game = get_game("quest")
    assert game.offers(Feature.TRACKER) and not game.offers(Feature.LEAGUES) and not game.offers(Feature.HOSTING)
    assert reverse(game.list_url) == "/quests/"


def test_the_sheets_as_pdf(client, party):
    begun(client, party)
    response = client.get(reverse("quests:sheets-pdf", args=[party.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-")
    assert 'filename="lantern-bearers-quest-sheets.pdf"' in response["Content-Disposition"]


def test_hungarian_pages(client, party):
    begun(client, party)
    k = keys(party)
    entry(client, party, 1, kind="kill", monster="Ork", gold="15", killer=k["Gimli"])
    client.cookies["django_language"] = "hu"
    page = client.get(reverse("quests:adventure", args=[party.pk, 1]), HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "Gimli megölte: Ork, 15 arany." in page
    response = entry(client, party, 1, kind="card", name="Terem", card_kind="room")
    assert response.status_code == 400 and "Kalandpakli: az első lap a bejárat." in response.content.decode()


def test_wq1_a_class_by_lot_and_the_leader_by_lot_without_the_barbarian(client, owner):
    party = services.party_create(owner, "Drawn")
    lot_url = reverse("quests:class-lot", args=[party.pk])
    assert client.post(lot_url).status_code == 302
    client.post(lot_url)  # asking again shows the same lot
    lot = Roll.objects.get(party=party, purpose="lot")
    drawn = lot.lot["winner"]
    assert lot.dice == [d for r in lot.lot["rounds"] for _, d in r]
    form = client.get(reverse("quests:warrior-add", args=[party.pk])).content.decode()
    assert "Lot (class)" in form and f'<option value="{drawn}"' in form and form.count("<option") == 1
    other = next(c for c in ("dwarf", "wizard") if c != drawn)
    assert post_warrior(client, party, other, "Wrong").status_code == 400  # the lot stands
    pinning = "" if drawn == "elf" else "5"
    assert post_warrior(client, party, drawn, "First", pinning=pinning).status_code == 302
    lot.refresh_from_db()
    assert lot.warrior.name == "First" and lot.warrior.cls == drawn
    party.warriors.update(cls="dwarf", pinning=5)
    post_warrior(client, party, "elf", "Aranel", pinning="")
    client.post(reverse("quests:adventure-create", args=[party.pk]), {"objective": "Crypt", "leader": "lot"})
    adventure = party.adventures.get()
    leader_lot = Roll.objects.get(party=party, key="adv1:leader")
    assert str(adventure.leader.pk) == leader_lot.lot["winner"]
    page = client.get(reverse("quests:adventure", args=[party.pk, 1])).content.decode()
    assert "Lot (leader)" in page and 'id="turn-order"' in page


def test_wq1_turn_order_on_the_adventure_and_the_sheet(client, party):
    begun(client, party)
    page = client.get(reverse("quests:adventure", args=[party.pk, 1])).content.decode()
    assert "Conan → Aranel → Merlin → Gimli" in page  # the leader, then I 6, 3 (Wizard before the Dwarf's 2)
    sheet = client.get(reverse("quests:sheets", args=[party.pk])).content.decode()
    assert "Conan → Aranel → Merlin → Gimli" in sheet


def test_wq07_the_wizards_tokens_used_and_left_on_the_sheet(client, party):
    begun(client, party)
    k = keys(party)
    tokens = Roll.objects.get(party=party, purpose="power_tokens").total
    assert entry(client, party, 1, kind="tokens", warrior=k["Merlin"], amount=str(tokens)).status_code == 302
    response = entry(client, party, 1, kind="tokens", warrior=k["Merlin"], amount="1")  # each token used once
    assert response.status_code == 400 and "WQ-07" in response.content.decode()
    sheet = client.get(reverse("quests:sheets", args=[party.pk])).content.decode()
    assert f"Power tokens {tokens} (die {tokens})" in sheet and "at the end: 0" in sheet


def test_wq6_lots_in_the_log_are_the_apps_and_cannot_be_steered(client, party):
    begun(client, party)
    k = keys(party)
    entry(client, party, 1, kind="wounds_taken", warrior=k["Conan"], amount="99")
    entry(client, party, 1, kind="end_of_turn")
    # the form names only the dead man as a claimant for the lantern: the app draws among the living anyway
    assert entry(client, party, 1, kind="lantern", to="lot", lot_among=[k["Conan"]]).status_code == 302
    lantern = LogEntry.objects.get(seq=3).data
    assert lantern["to"] in {k["Gimli"], k["Aranel"], k["Merlin"]}
    assert sorted(lantern["lot"]["candidates"], key=int) == lantern["lot"]["candidates"]
    # the Lantern card is claimed by two: the app draws between them, the dice in the log
    response = entry(
        client,
        party,
        1,
        kind="equipment",
        giver=k["Conan"],
        item="Lantern",
        to="lot",
        lot_among=[k["Merlin"], k["Gimli"]],
    )
    assert response.status_code == 302
    passed = LogEntry.objects.get(seq=4).data
    assert passed["to"] in {k["Merlin"], k["Gimli"]} and len(passed["lot"]["rounds"]) >= 1
    assert entry(client, party, 1, kind="lantern", to=k["Aranel"], lot="forged").status_code == 400
    page = client.get(reverse("quests:adventure", args=[party.pk, 1])).content.decode()
    assert "Lot (Lantern)" in page


def test_the_audit_trail_names_who_changed_what(client, party):
    begun(client, party)
    k = keys(party)
    entry(client, party, 1, kind="kill", monster="Orc", gold="15", killer=k["Gimli"])
    page = client.get(reverse("quests:party", args=[party.pk])).content.decode()
    assert 'id="audit-trail"' in page and "mara" in page
    gimli = party.warriors.get(name="Gimli")
    assert gimli.history.count() >= 1


def test_one_warriors_record_sheet_alone(client, party):
    gimli = party.warriors.get(name="Gimli")
    page = client.get(reverse("quests:sheets", args=[party.pk]) + f"?warrior={gimli.pk}").content.decode()
    assert page.count('class="sheet quest-record"') == 1 and "Gimli" in page and 'id="party-sheet"' not in page
    assert f"sheets.pdf?warrior={gimli.pk}" in page


def test_the_home_page_and_the_header_lead_to_the_parties(client, party):
    parties = client.get(reverse("quests:list")).content.decode()
    assert "Lantern Bearers" in parties and reverse("quests:party", args=[party.pk]) in parties
    home = client.get(reverse("home")).content.decode()
    assert 'data-game="quest"' in home and reverse("quests:create") in home and 'id="nav-quests"' in home


def test_the_registry_lists_a_players_parties(party, owner):
    from games.registry import get_game

    owned = get_game("quest").owned(owner)
    assert [(thing.name, thing.url, thing.status) for thing in owned] == [
        ("Lantern Bearers", reverse("quests:party", args=[party.pk]), "4 warriors")
    ]


@pytest.mark.parametrize(("language", "one"), [("en", "1 warrior"), ("hu", "1 harcos")])
def test_a_party_of_one_is_counted_in_the_singular(client, owner, language, one):
    from django.utils import translation

    from games.registry import get_game

    client.post(reverse("quests:create"), {"name": "Lone Wolf"})
    party = Party.objects.get(name="Lone Wolf")
    assert post_warrior(client, party, *WARRIORS[0][:2], **WARRIORS[0][2]).status_code == 302
    with translation.override(language):
        assert [thing.status for thing in get_game("quest").owned(owner)] == [one]
