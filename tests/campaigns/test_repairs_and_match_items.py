"""Issue #6, HR-10.7 and HR-10.8 in the league app: weapons broken by Fegyvertörés leave the pile
when the result is final and come back with a repair (10 gold); one-match items bought for a fixture
with gold or patronage points go on the roster the side fields for that match and are used up when
the result is final. Every refusal leaves the data as it was."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from arena.engine.campaign.between_matches import team_value
from arena.engine.campaign.league_dice import RecordedDice
from arena.engine.campaign.match_items import MatchItem
from arena.engine.campaign.purchases import Purchase
from arena.engine.campaign.results import ResultKind
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.roster import DEAD
from campaigns.bought_items import Paid
from campaigns.league_errors import LeagueError
from campaigns.models import CampaignEvent, Entry, Fixture, MatchPreparation, Result
from campaigns.rosters import entry_roster, set_entry_roster
from campaigns.selectors.fixture_items import fixture_fielded_roster, fixture_preparations
from campaigns.services.fixture_items import fixture_buy_match_item
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.records import entry_purchase
from campaigns.services.reports import fixture_confirm_result, fixture_record_hosted_result, fixture_report_result
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.helpers import facts, play, side

pytestmark = pytest.mark.django_db

BASE_PILE = ("short_sword", "shield", "halberd", "greatsword")
GOLD = Paid.GOLD
PATRONAGE = Paid.PATRONAGE


def make_fixtures(**league: Any) -> list[Fixture]:
    """A double round robin of two: the same two teams meet in round 1 and round 2."""
    league_ = LeagueFactory(format="double_round_robin", **league)
    enter_teams(league_, 2)
    return list(fixtures_generate(league=league_, actor=league_.organiser))


@pytest.fixture
def fixtures() -> list[Fixture]:
    return make_fixtures()


def fresh(entry: Entry) -> Entry:
    entry.refresh_from_db()
    return entry


def pile(entry: Entry) -> tuple[str, ...]:
    return entry_roster(fresh(entry)).member("gladiator").pile


def state(entry: Entry) -> tuple[Any, ...]:
    """Everything a refused purchase must leave alone."""
    entry = fresh(entry)
    preps = list(
        MatchPreparation.objects.order_by("pk").values_list("fixture", "entry", "items", "patronage", "consumed")
    )
    return entry.treasury, entry.roster, entry.broken, preps, CampaignEvent.objects.count()


def with_gold(entry: Entry, gold: int) -> Entry:
    Entry.objects.filter(pk=entry.pk).update(treasury=gold)
    return fresh(entry)


def page(client, name: str, pk: int) -> str:  # type: ignore[no-untyped-def]
    """The page's text with its white space collapsed."""
    return " ".join(client.get(reverse(f"campaigns:{name}", args=[pk])).content.decode().split())


def buy(fixture: Fixture, entry: Entry, item: MatchItem, paid: Paid = GOLD) -> MatchPreparation:
    return fixture_buy_match_item(fixture=fixture, entry=entry, actor=entry.player, item=item, paid=paid)


def drop_from_pile(entry: Entry, item: str) -> Entry:
    """The gladiator's pile without ``item`` (its pile cost leaves the team value)."""
    roster = entry_roster(entry)
    gladiator = roster.member("gladiator")
    held = list(gladiator.pile)
    held.remove(item)
    set_entry_roster(
        entry,
        replace(
            roster, members=tuple(replace(m, pile=tuple(held)) if m.slot == "gladiator" else m for m in roster.members)
        ),
    )
    entry.save(update_fields=["roster"])
    return entry


def kill(entry: Entry, slot: str) -> Entry:
    """The member is dead on the campaign roster (his value leaves the team value)."""
    roster = entry_roster(entry)
    set_entry_roster(
        entry, replace(roster, members=tuple(replace(m, status=DEAD) if m.slot == slot else m for m in roster.members))
    )
    entry.save(update_fields=["roster"])
    return entry


# --- Broken weapons (HR-10.7) -------------------------------------------------------------------


def test_a_reported_broken_weapon_leaves_the_pile_for_the_broken_items_when_the_result_is_confirmed(fixtures):
    match = fixtures[0]
    home, away = match.home, match.away

    fixture_report_result(fixture=match, actor=home.player, facts=facts(away=replace(side(), broken=("short_sword",))))
    assert pile(away) == BASE_PILE and fresh(away).broken == []  # waiting for the opponent's word
    assert Result.objects.get(fixture=match).broken == {"away": ["short_sword"]}

    fixture_confirm_result(fixture=match, actor=away.player, dice=RecordedDice.fixed(()))

    gladiator = entry_roster(fresh(away)).member("gladiator")
    assert gladiator.pile == ("shield", "halberd", "greatsword")
    assert gladiator.starting_grip == ("shield",)  # dagger and shield: the sword broke in his hand
    assert fresh(away).broken == ["short_sword"]
    assert pile(home) == BASE_PILE
    event = CampaignEvent.objects.get(kind="broken")
    assert (event.entry, event.fixture, event.slot) == (away, match, "gladiator")
    assert event.summary == ("Fegyvertörés broke Short sword: out of the pile until repaired (10 gold each, HR-10.7).")


def test_a_broken_weapon_the_pile_does_not_hold_is_refused_and_nothing_is_saved(fixtures):
    match = fixtures[0]

    with pytest.raises(CampaignRuleError, match=r"the weapon pile holds no mace .*\(HR-10.7\)") as refused:
        fixture_report_result(
            fixture=match, actor=match.home.player, facts=facts(home=replace(side(), broken=("mace",)))
        )

    assert refused.value.text("hu") == "a fegyverhalomban nincs buzogány, így az nem is törhetett el (HR-10.7)"
    assert not Result.objects.exists()
    assert Fixture.objects.get(pk=match.pk).status == Fixture.Status.SCHEDULED


def test_a_hosted_result_breaks_the_weapons_its_match_facts_name(fixtures):
    match = fixtures[0]

    fixture_record_hosted_result(
        fixture=match, match_facts=facts(home=replace(side(), broken=("halberd",))), dice=RecordedDice.fixed(())
    )

    assert pile(match.home) == ("short_sword", "shield", "greatsword")
    assert fresh(match.home).broken == ["halberd"]


def test_the_report_form_offers_each_sides_pile_and_records_the_ticked_items(client, fixtures):
    match = fixtures[0]
    client.force_login(match.home.player)
    data = {
        "result-home_result": "victory",
        "result-rounds_played": 10,
        "result-home_score": 20,
        "result-away_score": 0,
        "result-thumbs": "",
        "result-notes": "",
        "away-pile-broken": ["shield"],
    }
    for name in ("home", "away"):
        for slot in ("gladiator", "witch_master", "crossbowman", "deasta", "laeva", "strategist"):
            data.update(
                {f"{name}-{slot}-fate": "unhurt", f"{name}-{slot}-final_ep": 0, f"{name}-{slot}-fighters_killed": 0}
            )

    form = client.get(reverse("campaigns:report", args=[match.pk])).content.decode()
    assert form.count('name="away-pile-broken"') == len(BASE_PILE)
    assert 'value="short_sword"' in form and "Short sword" in form
    response = client.post(reverse("campaigns:report", args=[match.pk]), data)

    assert response.status_code == 302
    assert Result.objects.get(fixture=match).broken == {"away": ["shield"]}


def test_a_repair_costs_10_gold_and_puts_the_weapon_back_in_the_pile(client, fixtures):
    match = fixtures[0]
    play(match, facts(away=replace(side(), broken=("halberd",))))
    away = with_gold(match.away, 25)
    client.force_login(away.player)

    sheet = client.get(reverse("campaigns:entry", args=[away.pk])).content.decode()
    assert (
        '<del class="kronika-broken" data-broken="halberd" title="Broken by Fegyvertörés: out of the pile '
        'until repaired (HR-10.7)">Halberd</del>'
    ) in sheet
    assert 'data-repair="halberd"' in sheet and "Repair · 10 gold" in sheet

    response = client.post(reverse("campaigns:spend", args=[away.pk, "repair"]), {"item": "halberd"})

    assert response.status_code == 302
    away = fresh(away)
    assert (away.treasury, away.broken) == (15, [])
    assert pile(away) == ("short_sword", "shield", "greatsword", "halberd")
    event = CampaignEvent.objects.filter(kind="purchase").get()
    assert event.summary == "Repaired the broken Halberd for 10 gold; treasury 15."
    assert "kronika-broken" not in client.get(reverse("campaigns:entry", args=[away.pk])).content.decode()


def test_a_repair_without_the_gold_is_refused_and_the_weapon_stays_broken(client, fixtures):
    match = fixtures[0]
    play(match, facts(away=replace(side(), broken=("halberd",))))
    away = with_gold(match.away, 9)
    before = state(away)

    with pytest.raises(CampaignRuleError, match=r"repair costs 10 gold but the treasury holds 9 \(HR-10.7\)"):
        entry_purchase(entry=away, actor=away.player, purchase=Purchase.repair("halberd"))
    client.force_login(away.player)
    response = client.post(reverse("campaigns:spend", args=[away.pk, "repair"]), {"item": "halberd"}, follow=True)

    assert "repair costs 10 gold but the treasury holds 9 (HR-10.7)" in response.content.decode()
    assert state(away) == before
    assert fresh(away).broken == ["halberd"]


def test_an_unrepaired_weapon_stays_broken_and_still_takes_its_place_in_the_pile(fixtures):
    first, second = fixtures
    play(first, facts(away=replace(side(), broken=("halberd",))))
    away = with_gold(first.away, 100)

    play(second, facts(ResultKind.VICTORY))  # another match: still broken, not on the roster it fields
    assert fresh(away).broken == ["halberd"]
    assert "halberd" not in fixture_fielded_roster(second, "home").member("gladiator").pile

    entry_purchase(entry=away, actor=away.player, purchase=Purchase.pile_weapon("mace"))  # 5 with the broken one
    with pytest.raises(CampaignRuleError, match=r"holds 5 items \(broken ones included\)"):
        entry_purchase(entry=away, actor=away.player, purchase=Purchase.pile_weapon("sabre"))


# --- One-match purchases (HR-10.7) -----------------------------------------------------------------


def test_a_fixed_disc_bought_with_gold_costs_10_per_level_and_goes_on_the_fielded_roster(fixtures):
    match = fixtures[0]
    home = with_gold(match.home, 50)

    buy(match, home, MatchItem.fixed_disc(3))

    assert fresh(home).treasury == 20
    fielded = fixture_fielded_roster(match, "home")
    assert fielded.member("witch_master").fixed_discs == (3,)
    assert entry_roster(fresh(home)).member("witch_master").fixed_discs == ()  # never on the campaign roster
    assert fixture_fielded_roster(match, 1).member("witch_master").fixed_discs == ()  # the other side's
    event = CampaignEvent.objects.get(kind="match_item")
    assert (event.entry, event.fixture) == (home, match)
    assert (
        event.summary == f"Bought for round 1 against {match.away.name}: fixed disc, level 3 for 30 gold; treasury 20."
    )


def test_fixture_fielded_roster_carries_every_item_bought_and_the_hirelings(fixtures):
    match = fixtures[0]
    home = with_gold(kill(match.home, "crossbowman"), 100)

    buy(match, home, MatchItem.fixed_disc(2))
    buy(match, home, MatchItem.trap_insight(4))

    fielded = fixture_fielded_roster(match, 0)
    assert fielded.member("witch_master").fixed_discs == (2,)
    assert fielded.member("strategist").trap_cards_drawn == 4
    assert fielded.member("crossbowman").status == "hireling"
    assert fresh(home).treasury == 100 - 20 - 20
    assert [b.label for b in fixture_preparations(match)[0].bought] == ["fixed disc, level 2", "trap insight, draw 4"]


def test_a_purchase_without_the_gold_is_refused_and_changes_nothing(fixtures):
    match = fixtures[0]
    home = with_gold(match.home, 39)
    before = state(home)

    with pytest.raises(CampaignRuleError, match=r"trap insight costs 40 gold but the treasury holds 39") as refused:
        buy(match, home, MatchItem.trap_insight(5))

    assert refused.value.text("hu") == "csapdabetekintés: 40 arany, de a kincstárban csak 39 arany van (HR-10.7)"
    assert state(home) == before


def test_a_vial_needs_the_leagues_optional_rule(fixtures):
    match = fixtures[0]
    home = with_gold(match.home, 50)
    before = state(home)

    with pytest.raises(CampaignRuleError, match=r"Poison Vial needs its optional rule opt_poison_vial \(HR-7\)"):
        buy(match, home, MatchItem.vial("poison_vial", "deasta"))
    assert state(home) == before

    allowed = make_fixtures(options=["opt_poison_vial"])[0]
    owner = with_gold(allowed.home, 50)
    buy(allowed, owner, MatchItem.vial("poison_vial", "deasta"))
    assert fresh(owner).treasury == 35
    assert fixture_fielded_roster(allowed, "home").member("deasta").vial == "poison_vial"


def test_only_the_sides_player_buys_for_it(client, fixtures):
    match = fixtures[0]
    home = with_gold(match.home, 100)
    before = state(home)
    url = reverse("campaigns:buy-item", args=[match.pk, "home"])
    data = {"home-item": "disc:2", "home-slot": "", "home-paid": "gold"}

    for intruder in (match.away.player, match.league.organiser):
        client.force_login(intruder)
        assert client.post(url, data).status_code == 403
    with pytest.raises(PermissionDenied, match="Only the team's player"):
        fixture_buy_match_item(
            fixture=match, entry=home, actor=match.away.player, item=MatchItem.fixed_disc(2), paid=GOLD
        )

    assert state(home) == before
    client.force_login(home.player)
    assert client.post(url, data).status_code == 302
    assert fresh(home).treasury == 80


def test_a_team_not_in_the_fixture_or_a_played_fixture_buys_nothing():
    league = LeagueFactory()
    enter_teams(league, 3)
    fixtures_generate(league=league, actor=league.organiser)
    match = league.fixtures.exclude(status=Fixture.Status.BYE).order_by("round", "position").first()
    outsider = league.entries.exclude(pk__in=[match.home_id, match.away_id]).get()
    before = state(outsider)

    with pytest.raises(LeagueError, match="does not play in this fixture"):
        buy(match, outsider, MatchItem.fixed_disc(1))
    assert state(outsider) == before

    play(match)
    home = with_gold(match.home, 100)
    before = state(home)
    with pytest.raises(LeagueError, match="one-match items are bought before the match"):
        buy(match, home, MatchItem.fixed_disc(1))
    assert state(home) == before


def test_the_items_are_used_up_when_the_result_is_final(fixtures):
    first, second = fixtures
    home = with_gold(first.home, 100)
    buy(first, home, MatchItem.fixed_disc(4))

    play(first)

    prep = MatchPreparation.objects.get(fixture=first, entry=home)
    assert prep.consumed
    assert fixture_fielded_roster(first, "home").member("witch_master").fixed_discs == ()
    assert fixture_fielded_roster(second, "away").member("witch_master").fixed_discs == ()  # the next match
    used = CampaignEvent.objects.get(kind="items_used")
    assert (used.entry, used.fixture, used.summary) == (home, first, "Used in this match: fixed disc, level 4.")
    assert fresh(home).treasury == 100 - 40 + 40  # paid before, the Victory's income after


# --- Patronage (HR-10.8) ---------------------------------------------------------------------------


@pytest.mark.parametrize(("weaker", "difference", "points"), [("pile", 3, 3), ("dead", 25, 20)])
def test_the_lower_valued_team_gets_the_difference_at_most_20(fixtures, weaker, difference, points):
    match = fixtures[0]
    drop_from_pile(match.away, "halberd") if weaker == "pile" else kill(match.away, "laeva")
    assert team_value(entry_roster(fresh(match.home))) - team_value(entry_roster(fresh(match.away))) == difference

    home, away = fixture_preparations(match)

    assert (home.patronage, away.patronage) == (0, points)


def test_patronage_is_spent_within_its_points_and_what_is_left_is_lost(client, fixtures):
    match = fixtures[0]
    away = with_gold(kill(kill(match.away, "laeva"), "crossbowman"), 0)  # 20 points of patronage

    with pytest.raises(CampaignRuleError, match="comes only with patronage"):
        buy(match, away, MatchItem.amulet("poison"), GOLD)
    buy(match, away, MatchItem.fixed_disc(5), PATRONAGE)  # 10 points
    buy(match, away, MatchItem.amulet("poison", "deasta"), PATRONAGE)  # 4 points
    before = state(away)
    with pytest.raises(CampaignRuleError, match=r"the items cost 22 patronage points but the team has 20") as refused:
        buy(match, away, MatchItem.trap_insight(5), PATRONAGE)  # 8 more
    assert refused.value.text("hu") == "a tárgyak 22 pártfogási pontba kerülnek, de a csapatnak csak 20 van (HR-10.8)"
    assert state(away) == before

    fielded = fixture_fielded_roster(match, "away")
    assert fielded.member("witch_master").fixed_discs == (5,)
    assert fielded.member("deasta").amulet == "poison"
    assert fresh(away).treasury == 0
    report = page(client, "match", match.pk)
    assert (
        "<strong>Patronage: 20 points</strong>, spent on fixed disc, level 5 (10); temporary 4th amulet: "
        "poison-neutraliser, worn by the Dagger-thrower (deasta) (4); 6 left; unspent points are lost after "
        "the match."
    ) in report

    play(match)

    prep = MatchPreparation.objects.get(entry=away)
    assert (prep.patronage, prep.consumed) == (20, True)
    used = CampaignEvent.objects.get(kind="items_used")
    assert used.summary.endswith("Patronage: 20 points, 14 spent, 6 unspent and lost.")
    report = page(client, "match", match.pk)
    assert "(4); 6 unspent and lost." in report and "used in this match" in report
    assert 'id="buy-away"' not in report
    history = page(client, "history", away.pk)
    assert (
        f"Patronage for round 1 against {match.home.name}: fixed disc, level 5 for 10 point(s); 10 of 20 left."
    ) in history


def test_a_change_between_matches_may_not_unsettle_the_items_bought_for_the_next_one(fixtures):
    match = fixtures[0]
    away = with_gold(kill(kill(match.away, "laeva"), "crossbowman"), 100)
    buy(match, away, MatchItem.amulet("curse", "deasta"), PATRONAGE)
    before = state(away)

    with pytest.raises(CampaignRuleError, match="the team has 4 amulets already"):
        entry_purchase(entry=away, actor=away.player, purchase=Purchase.fourth_amulet("lightning", "strategist"))

    assert state(away) == before


def test_the_team_with_the_higher_value_has_no_patronage_to_spend(fixtures):
    match = fixtures[0]
    kill(match.away, "laeva")
    home = fresh(match.home)
    before = state(home)

    with pytest.raises(CampaignRuleError, match="the team has 0"):
        buy(match, home, MatchItem.fixed_disc(1), PATRONAGE)
    assert state(home) == before


def test_the_match_report_offers_the_player_his_sides_purchases_only(client, fixtures):
    match = fixtures[0]
    client.force_login(match.home.player)

    html = page(client, "match", match.pk)

    assert 'id="buy-home"' in html and 'id="buy-away"' not in html
    assert "Fixed disc, level 3 · 30 gold or 6 points" in html
    assert "Trap insight, draw 5 · 40 gold or 8 points" in html
    assert "Temporary 4th amulet: poison-neutraliser · 4 points (patronage only)" in html
    assert "Poison Vial" not in html  # the league plays without vials
    response = client.post(
        reverse("campaigns:buy-item", args=[match.pk, "home"]),
        {"home-item": "disc:3", "home-slot": "", "home-paid": "gold"},
        follow=True,
    )
    html = " ".join(response.content.decode().split())
    assert "<strong>Bought for this match:</strong> fixed disc, level 3 (30 gold)</div>" in html
    assert "Treasury: 20 gold" in html

    refused = client.post(
        reverse("campaigns:buy-item", args=[match.pk, "home"]),
        {"home-item": "disc:5", "home-slot": "", "home-paid": "gold"},
        follow=True,
    )
    assert "fixed disc costs 50 gold but the treasury holds 20 (HR-10.7)" in refused.content.decode()
