"""Every page of the site checked with axe-core (WCAG 2.1 A and AA) in headless chromium, in both
languages in the thorough run (`make test` checks each page once, in English and Hungarian by turns:
tests/budget.py), logged out, as a player and as an organiser, on the demo data, a hosted match (as a seat and
as a spectator) and a finished match (its replay and verify pages). A violation fails the test with the
rule, its impact and the elements it names; so does an id used twice on a page, and a page without exactly
one first-level heading or with a skipped heading level."""

from __future__ import annotations

import pytest
from axe_playwright_python.base import AXE_SCRIPT

from tests.browser.actions import log_in
from tests.budget import THOROUGH, share

from .test_phone_layout import demo, demo_log_in, switch_language  # noqa: F401

pytestmark = pytest.mark.browser

# Only the violations are read: axe lists every node of them; of the rules that passed or did not apply
# it lists one node at most instead of every node it looked at (axe's resultTypes option), which on a
# page with the board was most of what came back from the browser.
WCAG = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "resultTypes": ["violations"],
}

# the ids used more than once on the page, the number of h1s and the skipped heading levels
STRUCTURE = """() => {
  const seen = {};
  for (const e of document.querySelectorAll('[id]')) seen[e.id] = (seen[e.id] || 0) + 1;
  const twice = Object.entries(seen).filter(([, n]) => n > 1).map(([id, n]) => `${id} x${n}`);
  const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    .filter(h => h.getClientRects().length || h.closest('details'))
    .map(h => Number(h.tagName[1]));
  const skipped = [];
  let last = 0;
  for (const level of levels) {
    if (level > last + 1) skipped.push(`h${last} then h${level}`);
    last = level;
  }
  return {twice, h1: levels.filter(l => l === 1).length, skipped};
}"""


# A page is checked once it has loaded (goto waits for the load event: every script, style sheet and
# image) and its scripts' deferred work has run (two animation frames). No page fetches content of its own
# after loading (the play screen's polls change nothing while the match stands still), so waiting for the
# network to be quiet for 500 ms, as before, added half a second a page and checked nothing more.
SETTLED = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


def settle(page) -> None:  # type: ignore[no-untyped-def]
    page.evaluate(SETTLED)


# axe-core (half a megabyte of script) is put into a page once: a page checked again in another state,
# without a new load, still has it.
HAS_AXE = "() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"
AXE_RUN = "options => axe.run(document, options).then(results => results.violations)"


def problems_on(page) -> list[str]:  # type: ignore[no-untyped-def]
    """axe-core's violations and the page's structure (ids, headings)."""
    if not page.evaluate(HAS_AXE):
        page.evaluate(AXE_SCRIPT)
    found = page.evaluate(AXE_RUN, WCAG)
    problems = [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + ", ".join(" ".join(n["target"]) for n in v["nodes"][:6])
        + f" ({(v['nodes'][0]['any'] or v['nodes'][0]['all'] or [{'message': ''}])[0]['message']})"
        for v in found
    ]
    return problems + structure_problems(page)


def structure_problems(page) -> list[str]:  # type: ignore[no-untyped-def]
    """The page's structure alone (an id used twice, not exactly one h1, a skipped heading level): a few
    milliseconds, where axe-core takes most of a second."""
    problems: list[str] = []
    structure = page.evaluate(STRUCTURE)
    if structure["twice"]:
        problems.append("ids used more than once: " + ", ".join(structure["twice"]))
    if structure["h1"] != 1:
        problems.append(f"{structure['h1']} first-level headings")
    if structure["skipped"]:
        problems.append("heading levels skipped: " + ", ".join(structure["skipped"]))
    return problems


def matches(demo):  # type: ignore[no-untyped-def]  # noqa: F811
    """A match between the demo's two players, begun (their set-up under way), a finished match and a
    match whose home seat is deploying or moving (lit hexes on the board)."""
    from django.contrib.auth import get_user_model

    from arena.services import match_accept, match_create
    from teams.models import Team
    from tests.arena.hosted import finished, make_players

    from .test_keyboard import board_step

    users = get_user_model().objects
    home, away = users.get(username="aurelia"), users.get(username="balint")
    match = match_create(creator=home, team=Team.objects.get(owner=home), round_limit=12)
    begun = match_accept(match=match, player=away, team=Team.objects.get(owner=away)).pk
    players = make_players()
    return begun, finished(players, steps=40).pk, board_step(players).pk


def four_player(demo) -> dict[str, int]:  # type: ignore[no-untyped-def]  # noqa: F811
    """A free-for-all league of the organiser's with aurelia, balint and two more players: its
    first table reported by its seat 0, the rest scheduled."""
    from django.contrib.auth import get_user_model

    from campaigns.models import League
    from campaigns.services.arena_results import arena_fixture_report_result
    from campaigns.services.fixtures import fixtures_generate
    from tests.campaigns.factories import LeagueFactory, enter_team
    from tests.campaigns.four_player_helpers import ffa_facts, names, seats_of

    users = get_user_model().objects
    league = LeagueFactory(organiser=users.get(username="organiser"), arena_mode=League.Mode.FFA, round_limit=24)
    for name in ("aurelia", "balint"):
        enter_team(league, player=users.get(username=name), name=f"{name.title()} 4")
    enter_team(league, name="Team C")
    enter_team(league, name="Team D")
    first = fixtures_generate(league=league, actor=league.organiser)[0]
    places = dict(zip(names(first), [(1, None, 20, 3), (2, 12, 5, 0), (3, 9, 0, 0), (4, 5, 0, 0)], strict=True))
    facts = ffa_facts(first, 14, **{name.replace(" ", "_"): place for name, place in places.items()})
    arena_fixture_report_result(fixture=first, actor=seats_of(first)[0].player, facts=facts)
    second = league.fixtures.get(round=2)
    return {"league": league.pk, "reported": first.pk, "scheduled": second.pk}


def pages(demo, begun: int, over: int, board: int) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]  # noqa: F811
    from teams.models import Team

    league, team = demo["league"], demo["team"]
    others = Team.objects.get(owner__username="balint").pk
    shared = Team.objects.get(pk=team).share_token
    four = four_player(demo)  # after the lookups above: it gives aurelia and balint a team each
    return {
        "anonymous": [
            "/",
            "/accounts/login/",
            "/accounts/signup/",
            "/arena/board/",
            "/rules/",
            "/rules/?q=dodg",
            "/rules/spells/",
            "/rules/skills/dodging/",
            "/rules/spells/lightning_bolt/",
            "/rules/points/",
            *(f"/rules/{kind}/" for kind in ("traps", "skills", "weapons", "gladiator-types", "amulets")),
            *(f"/rules/{kind}/" for kind in ("vials", "optional-rules", "profiles")),
            f"/teams/share/{shared}/",
            f"/teams/share/{shared}/sheets/",
            "/leagues/",
            f"/leagues/{league}/",
            f"/leagues/{league}/fixtures/",
            f"/leagues/{league}/standings/",
            f"/leagues/fixtures/{demo['confirmed']}/",
            f"/leagues/{four['league']}/fixtures/",
            f"/leagues/{four['league']}/standings/",
            f"/leagues/fixtures/{four['reported']}/table/",
            f"/play/{begun}/",  # a spectator
            "/play/live/",
            f"/play/{over}/",
            f"/play/{over}/replay/",
            f"/play/{over}/verify/",
            f"/play/{over}/log/",
            "/no-such-page/",
        ],
        "aurelia": [
            "/",
            "/play/",
            "/play/import/",
            f"/play/{begun}/",  # a seat
            "/accounts/inbox/",
            "/teams/",
            f"/teams/{team}/",
            f"/teams/{team}/edit/",
            "/teams/new/",
            "/teams/import/",
            f"/teams/{team}/sheets/",
            f"/teams/{team}/delete/",
            f"/teams/{others}/edit/",  # not hers: not found
            f"/leagues/{league}/edit/",  # not her league: forbidden
            f"/leagues/fixtures/{demo['scheduled']}/",
            f"/leagues/fixtures/{demo['scheduled']}/report/",
            f"/leagues/entries/{demo['entry']}/",
            f"/leagues/entries/{demo['entry']}/history/",
            f"/leagues/fixtures/{four['scheduled']}/table/report/",
        ],
        "hazai": [f"/play/{board}/"],  # a seat with lit hexes on the board
        "organiser": [
            "/leagues/new/",
            f"/leagues/{league}/edit/",
            f"/leagues/{league}/",
            f"/leagues/fixtures/{four['reported']}/table/settle/",
        ],
    }


LANGUAGES = ["en", "hu"]


def in_language(urls: dict[str, list[str]], language: str) -> dict[str, list[str]]:
    """The pages (by reader) checked in ``language``: all of them in the thorough run; else every other
    page of the whole list, the rest in the other language, so that `make test` checks each page once."""
    listed = [(who, url) for who, urls_of in urls.items() for url in urls_of]
    chosen: dict[str, list[str]] = {}
    for who, url in share(listed, LANGUAGES.index(language), len(LANGUAGES)):
        chosen.setdefault(who, []).append(url)
    return chosen


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_passes_axe(live_server, demo, page, language):  # noqa: F811
    begun, over, board = matches(demo)
    everything = pages(demo, begun, over, board)
    assert sum(map(len, everything.values())) >= 59
    chosen = in_language(everything, language)
    found: dict[str, list[str]] = {}
    visited = 0
    for who, urls in chosen.items():
        page.context.clear_cookies()
        if who == "hazai":
            log_in(page, live_server, who)
        elif who != "anonymous":
            demo_log_in(page, live_server, who)
        page.goto(live_server.url + "/")
        switch_language(page, language)
        for url in urls:
            page.goto(live_server.url + url)
            settle(page)
            visited += 1
            problems = problems_on(page)
            if problems:
                found[f"{who} {url}"] = problems
    assert visited == sum(map(len, chosen.values()))
    assert not found, "\n".join(f"{where}:\n  " + "\n  ".join(problems) for where, problems in found.items())


# The four-seat pages by reader: a pairs match in its steps ({begun}), a finished free-for-all ({over}) and
# a four-seat match waiting for its seats ({challenge}, its challenge page).
FOUR_SEAT_PAGES = {
    "anonymous": [
        "/play/{begun}/",
        "/play/live/",
        "/play/{over}/",
        "/play/{over}/replay/",
        "/play/{over}/log/",
    ],
    "elso": ["/play/{begun}/", "/play/"],  # a seat (side A)
    "harmadik": ["/play/{begun}/", "{challenge}"],  # a seat (side B), and a match with open seats
}


def _shows_the_finished_match(url: str) -> bool:
    """The pages that show the finished free-for-all: its own, the live list's latest finished matches
    and, to be safe, the lobby."""
    return "{over}" in url or url in ("/play/live/", "/play/")


def four_seat_pages(language: str) -> dict[str, list[str]]:
    """The four-seat pages (by reader) checked in ``language``: all of them in the thorough run; else each
    page once, English the pages that show the finished free-for-all and Hungarian the others, so that
    only the English test plays one out (the computer's three seats: seconds of CPU)."""
    if THOROUGH:
        return FOUR_SEAT_PAGES
    english = language == LANGUAGES[0]
    chosen = {
        who: [url for url in urls if _shows_the_finished_match(url) == english] for who, urls in FOUR_SEAT_PAGES.items()
    }
    return {who: urls for who, urls in chosen.items() if urls}


def four_seat_matches(*, waiting: bool = True, over: bool = True) -> dict[str, object]:
    """A four-seat match waiting for its seats (its challenge page), a pairs match in its steps and
    a finished free-for-all, as FOUR_SEAT_PAGES names them (``waiting``, ``over``: whether to make those
    two)."""
    import random

    from arena.engine import view_json
    from arena.runtime.states import state_of
    from arena.services import SeatKind, SeatPlan, match_create_four
    from teams.models import Team
    from tests.arena.hosted import begin_four, fresh, play_out_four
    from tests.arena.test_four_seat_play import act
    from tests.factories import TeamFactory, UserFactory

    made: dict[str, object] = {}
    if waiting:
        user = UserFactory(username="varakozo")
        challenge = match_create_four(
            creator=user,
            team=TeamFactory(owner=user, status=Team.Status.READY),
            mode="ffa",
            others=[SeatPlan(SeatKind.OPEN), SeatPlan(SeatKind.COMPUTER), SeatPlan(SeatKind.OPEN)],
        )
        made["challenge"] = f"/play/challenge/{challenge.invite_token}/"
    match, four = begin_four("pairs", seed="axe-four")
    rng = random.Random(1)
    while view_json(state_of(fresh(match)), None)["phase"] not in ("naming", "acting"):
        match = act(match, four, rng)
    made["begun"] = match.pk
    if over:
        finished, _four = begin_four("ffa", computer=(1, 2, 3), prefix="x")
        made["over"] = play_out_four(finished, _four).pk
    return made


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_four_seat_pages_pass_axe(live_server, page, language):  # noqa: F811
    chosen = four_seat_pages(language)
    urls = [url for urls_of in chosen.values() for url in urls_of]
    made = four_seat_matches(
        waiting=any(url in ("{challenge}", "/play/") for url in urls),
        over=any(_shows_the_finished_match(url) for url in urls),
    )
    found: dict[str, list[str]] = {}
    for who, pages_of in chosen.items():
        page.context.clear_cookies()
        if who != "anonymous":
            log_in(page, live_server, who)
        page.goto(live_server.url + "/")
        switch_language(page, language)
        for url in pages_of:
            address = url.format(**made)
            page.goto(live_server.url + address)
            settle(page)
            problems = problems_on(page)
            if problems:
                found[f"{who} {address}"] = problems
    assert sum(map(len, chosen.values())) == (9 if THOROUGH else {"en": 5, "hu": 4}[language])
    assert not found, "\n".join(f"{where}:\n  " + "\n  ".join(problems) for where, problems in found.items())
