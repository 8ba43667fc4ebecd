"""Invariants of the warband rules, with hypothesis: prices move the way WB-2 says, a warband file
reads back as written, any warband is either valid or named by rule ids (never a crash), any text
read as a file is a warband or a list of FILE problems, and the league and campaign steps keep their
books."""

from __future__ import annotations

import json
import string
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.budget import examples
from warbands.rules import warband_content as c
from warbands.rules.army_list import ARMY_LIST, army_figure
from warbands.rules.campaign import (
    Advance,
    AdvanceKind,
    apply_advance,
    buy_figure,
    buy_pool_points,
    buy_spell,
    campaign_caps,
    collect_income,
    dismiss,
    injuries,
    living_warband,
    register,
)
from warbands.rules.figure_prices import figure_price, price_of, warband_totals
from warbands.rules.league import EndState, FigureEnd, Format, LeagueMatch, MatchOutcome, Outcome, SideReport, standings
from warbands.rules.model import Figure, Minion, Pool, Warband
from warbands.rules.warband_checks import CODES, check_warband
from warbands.rules.warband_dice import SeededDice
from warbands.rules.warband_file import (
    WarbandFileError,
    dump_warband_file,
    parse_warband_file,
    warband_from_dict,
    warband_to_dict,
)

SETTINGS = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULE_IDS = sorted(c.RULES)
SPELL_IDS = sorted(c.SPELLS)
SKILL_IDS = sorted(c.MAGIC_SKILLS)
NAMES = st.sampled_from(["Ash", "Bran", "Cole", "ash", "", " ", "Dusk", "x" * 41, "Éva", "Жук"])
ELEMENTS = st.sampled_from([None, "earth", "fire", "air", "water", "lava"])


def ids(known: list[str]) -> st.SearchStrategy[tuple[str, ...]]:
    return st.lists(st.sampled_from([*known, "unknown"]), max_size=4).map(tuple)


def profiles(minions: bool) -> st.SearchStrategy[Figure]:
    return st.builds(
        Figure,
        name=NAMES,
        quality=st.integers(-1, 8),
        combat=st.integers(-1, 8),
        rules=ids(RULE_IDS),
        spells=ids(SPELL_IDS),
        skills=ids(SKILL_IDS),
        minions=st.lists(
            st.builds(Minion, profiles(False), st.sampled_from([None, c.FLYING, c.ANIMAL, "x"])), max_size=2
        ).map(tuple)
        if minions
        else st.just(()),
        element=ELEMENTS,
        price=st.none() | st.integers(0, 200),
    )


warbands = st.builds(
    Warband,
    name=NAMES,
    figures=st.lists(profiles(True), max_size=7).map(tuple),
    points=st.sampled_from([100, 150, 200, 250, 300, 400]),
    pools=st.lists(
        st.builds(
            Pool,
            st.sampled_from([c.SUMMONER, c.ELEMENTALIST, "x"]),
            st.integers(-5, 90),
            st.lists(profiles(False), max_size=2).map(tuple),
        ),
        max_size=3,
    ).map(tuple),
    illusions=st.lists(profiles(False), max_size=2).map(tuple),
    notes=st.sampled_from(["", "line\nand\ttab"]),
)


# --- WB-2 --------------------------------------------------------------------------------------------------


@SETTINGS
@given(st.integers(2, 6), st.integers(0, 5), st.integers(-20, 120))
def test_wb2_more_combat_never_costs_less(quality, combat, costs):
    assert price_of(quality, combat + 1, costs) >= price_of(quality, combat, costs) >= 1


@SETTINGS
@given(st.integers(3, 6), st.integers(0, 6), st.integers(-20, 120))
def test_wb2_better_quality_never_costs_less(quality, combat, costs):
    assert price_of(quality - 1, combat, costs) >= price_of(quality, combat, costs)


@SETTINGS
@given(profiles(False), st.sampled_from(RULE_IDS + SPELL_IDS + SKILL_IDS))
def test_wb3_a_positive_cost_never_lowers_a_price_nor_a_negative_one_raises_it(figure, item):
    figure = replace(figure, quality=min(max(figure.quality, 2), 6), combat=min(max(figure.combat, 0), 6))
    entry = c.ALL_ENTRIES[item]
    field = {c.Category.RULE: "rules", c.Category.SPELL: "spells", c.Category.SKILL: "skills"}[entry.category]
    if item in getattr(figure, field):
        return
    more = replace(figure, **{field: (*getattr(figure, field), item)})
    if entry.cost >= 0:
        assert figure_price(more) >= figure_price(figure)
    else:
        assert figure_price(more) <= figure_price(figure)


@SETTINGS
@given(warbands, profiles(True))
def test_wb2_adding_a_figure_adds_its_price_to_t(warband, figure):
    before = warband_totals(warband).total
    after = warband_totals(replace(warband, figures=(*warband.figures, figure))).total
    assert after - before == figure_price(figure) + sum(figure_price(m.figure) for m in figure.minions) >= 1


# --- Checks and files -------------------------------------------------------------------------------------


@SETTINGS
@given(warbands, st.booleans(), st.booleans())
def test_any_warband_is_valid_or_named_by_rule_ids(warband, incompatible, registered):
    violations = check_warband(warband, incompatible=incompatible, registered=registered)
    for v in violations:
        assert v.code in CODES[:15]
        assert v.text("en") and v.text("hu")
        assert v.field == "" or v.field[0].isalpha()


@SETTINGS
@given(warbands)
def test_file_round_trip(warband):
    text = dump_warband_file(warband)
    loaded = parse_warband_file(text)
    assert loaded == warband
    assert dump_warband_file(loaded) == text
    assert warband_from_dict(warband_to_dict(warband)) == warband


@SETTINGS
@given(warbands)
def test_a_file_keeps_the_verdict_but_for_stated_prices(warband):
    # dump writes WB-2 prices, so only WB-15 can change on the way through a file
    def verdict(w: Warband) -> list[tuple[str, str]]:
        return [(v.code, v.field) for v in check_warband(w) if v.code != "WB-15"]

    loaded = parse_warband_file(dump_warband_file(warband))
    assert verdict(loaded) == verdict(warband)
    assert not [v for v in check_warband(loaded) if v.code == "WB-15"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(string.ascii_lowercase, max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)


@SETTINGS
@given(
    st.one_of(
        json_values,
        st.builds(
            lambda d: {"format": "viadal-warband", "version": 1, **d},
            st.dictionaries(
                st.sampled_from(["name", "points", "figures", "pools", "illusions", "notes", "x"]), json_values
            ),
        ),
    )
)
def test_any_json_reads_as_a_warband_or_file_problems(document):
    try:
        loaded = parse_warband_file(json.dumps(document))
    except WarbandFileError as error:
        assert error.problems and all(p.code.startswith("FILE-") for p in error.problems)
    else:
        assert isinstance(loaded, Warband)


@SETTINGS
@given(st.binary(max_size=200))
def test_any_bytes_read_as_a_warband_or_file_problems(data):
    try:
        parse_warband_file(data)
    except WarbandFileError as error:
        assert all(p.code.startswith("FILE-") for p in error.problems)


# --- League and campaign -------------------------------------------------------------------------------------


@SETTINGS
@given(
    st.lists(
        st.tuples(
            st.integers(0, 4),
            st.integers(0, 4),
            st.sampled_from([Outcome.WIN, Outcome.DRAW, Outcome.LOSS]),
            st.integers(0, 300),
            st.integers(0, 300),
            st.integers(0, 8),
            st.integers(0, 8),
        ),
        max_size=12,
    ),
    st.sampled_from([Format.ROUND_ROBIN, Format.SWISS]),
    st.integers(0, 10**6),
)
def test_standings_rank_every_entry_once_and_keep_the_points(rows, league_format, seed):
    entries = ["A", "B", "C", "D", "E"]
    opposite = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}
    matches = [
        LeagueMatch.played(entries[a], entries[b], MatchOutcome(o, opposite[o], va, vb, oa, ob))
        for a, b, o, va, vb, oa, ob in rows
        if a != b
    ]
    table, rolls = standings(entries, matches, league_format, SeededDice(seed))
    assert sorted(r.entry for r in table) == entries and [r.rank for r in table] == [1, 2, 3, 4, 5]
    assert all(table[i].points >= table[i + 1].points for i in range(4))
    assert sum(r.points for r in table) == sum(3 if m.outcome_a != Outcome.DRAW else 2 for m in matches)
    assert [r.index for r in rolls] == list(range(len(rolls)))


@SETTINGS
@given(st.lists(st.sampled_from(list(EndState)), min_size=6, max_size=6), st.booleans(), st.integers(0, 10**6))
def test_injuries_never_crash_and_record_every_roll(states, lost, seed):
    warband = Warband(
        "Crypt",
        (
            replace(army_figure("necromancer"), minions=()),
            army_figure("warrior", "Ghoul"),
            army_figure("warrior", "Warden"),
            army_figure("archer"),
            army_figure("skeleton"),
            army_figure("golem"),
        ),
    )
    campaign = register(warband).campaign
    report = SideReport(tuple(FigureEnd(f.name, s) for f, s in zip(warband.figures, states, strict=True)))
    step = injuries(campaign, report, lost, SeededDice(seed), heal=["Ghoul"])
    assert [r.index for r in step.rolls] == list(range(len(step.rolls)))
    assert all(1 <= r.result <= 6 for r in step.rolls)
    assert step.campaign.treasury >= 0
    rolled = [f.name for f, s in zip(warband.figures, states, strict=True) if s in (EndState.KILLED, EndState.GRUESOME)]
    assert len(step.rolls) >= len(rolled)
    for name in step.died:
        assert step.campaign.record(name).dead


@SETTINGS
@given(
    st.lists(st.sampled_from(sorted(ARMY_LIST)), min_size=1, max_size=9),
    st.sampled_from([150, 200, 250, 300]),
    st.booleans(),
)
def test_army_list_warbands_are_valid_exactly_within_the_caps(picked, points, incompatible):
    # WB-5 for warbands of WB-6 profiles with unique names: only WB-06, 07, 08 and 13 can break
    warband = Warband("Army", tuple(army_figure(p, f"{p} {i}") for i, p in enumerate(picked)), points)
    totals = warband_totals(warband)
    has = {r for f in warband.figures for r in (*f.rules, *f.skills)}
    clash = incompatible and any(a in has and b in has for a, b in c.WARBAND_INCOMPATIBLE)
    expected = {
        "WB-06": totals.total > points,
        "WB-07": totals.personality > points // 3,
        "WB-08": totals.animal > points // 2,
        "WB-13": clash,
    }
    assert {v.code for v in check_warband(warband, incompatible=incompatible)} == {k for k, v in expected.items() if v}


operations = st.lists(
    st.one_of(
        st.tuples(st.just("buy"), st.sampled_from(sorted(ARMY_LIST))),
        st.tuples(st.just("spell"), st.sampled_from(SPELL_IDS)),
        st.tuples(st.just("advance"), st.sampled_from(list(AdvanceKind))),
        st.tuples(st.just("income"), st.sampled_from(list(Outcome))),
        st.tuples(st.just("pool"), st.integers(-2, 30)),
        st.tuples(st.just("dismiss"), st.integers(0, 8)),
        st.tuples(st.just("xp"), st.integers(0, 30)),
    ),
    max_size=12,
)


@SETTINGS
@given(operations, st.integers(0, 8))
def test_campaign_purchases_and_advances_keep_the_warband_legal_and_the_treasury_whole(ops, who):
    # WB-8.1, 8.4, 8.5: whatever is tried, a step either refuses (nothing changes) or leaves a living
    # warband that passes the building checks, with gold ≥ 0, and within the caps of M = max(L, WV)
    # from every purchase or advance on. The caps "are checked only at purchases and advances"
    # (WB-8.1): a dismissal lowers WV and may leave the warband over a cap until the next purchase,
    # which the caps then refuse unless it brings the warband back within them.
    warband = Warband(
        "Circle",
        (army_figure("conjurer"), army_figure("warrior"), army_figure("archer")),
        pools=(Pool(c.SUMMONER, 10),),
    )
    campaign = register(warband).campaign
    capped = True  # the caps held at registration and hold again after each purchase or advance
    for n, (op, arg) in enumerate(ops):
        names = [f.name for f in living_warband(campaign).figures]
        target = names[who % len(names)] if names else ""
        if op == "buy":
            step = buy_figure(campaign, army_figure(str(arg), f"{arg} {n}"))
        elif op == "spell" and target:
            step = buy_spell(campaign, target, str(arg))
        elif op == "advance" and target:
            item = c.HERO if arg == AdvanceKind.RULE else c.BINDING if arg == AdvanceKind.SPELL else ""
            step = apply_advance(campaign, target, Advance(AdvanceKind(arg), item))
        elif op == "income":
            step = collect_income(campaign, Outcome(arg), 37)
        elif op == "pool":
            step = buy_pool_points(campaign, c.SUMMONER, int(arg))
        elif op == "dismiss" and target:
            step = dismiss(campaign, target)
        elif op == "xp" and target:
            campaign = campaign.with_record(replace(campaign.record(target), xp=campaign.record(target).xp + int(arg)))
            continue
        else:
            continue
        if not step.ok:
            assert step.campaign == campaign and step.rolls == ()
        elif op == "dismiss":
            capped = False
        elif op in ("buy", "spell", "advance", "pool"):
            capped = True
        campaign = step.campaign
        living = living_warband(campaign)
        assert campaign.treasury >= 0
        problems = check_warband(living, campaign.points, registered=True)
        assert [v for v in problems if (v.code, v.field) != ("WB-14", "figures")] == []  # all dismissed: no figure
        if capped:
            totals = warband_totals(living, campaign.points)
            personality, animal, pools = campaign_caps(campaign.points, totals.total)
            assert totals.personality <= personality and totals.animal <= animal and totals.pools <= pools


def test_a_dismissal_may_leave_the_warband_over_a_cap_and_the_next_purchase_is_refused__wb_8_1():
    # The example Hypothesis found: two Air Elementals, a win's income, 41 summoning pool points
    # (⌊M/4⌋ = 51 with both elementals), then the conjurer's companion dismissed: WV falls, the
    # pools' cap with it, and the caps are checked only at purchases and advances (WB-8.1).
    warband = Warband(
        "Circle",
        (army_figure("conjurer"), army_figure("warrior"), army_figure("archer")),
        pools=(Pool(c.SUMMONER, 10),),
    )
    campaign = register(warband).campaign
    for figure in (army_figure("air_elemental", "air_elemental 0"), army_figure("air_elemental", "air_elemental 1")):
        step = buy_figure(campaign, figure)
        campaign = step.campaign
    campaign = collect_income(campaign, Outcome.WIN, 37).campaign
    for points in (11, 30):
        step = buy_pool_points(campaign, c.SUMMONER, points)
        assert step.ok, step.violations
        campaign = step.campaign
    target = [f.name for f in living_warband(campaign).figures][1]
    step = dismiss(campaign, target)
    assert step.ok
    campaign = step.campaign
    totals = warband_totals(living_warband(campaign), campaign.points)
    assert totals.pools > campaign_caps(campaign.points, totals.total)[2]  # over the cap, and allowed
    refused = buy_pool_points(campaign, c.SUMMONER, 1)
    assert not refused.ok and refused.campaign == campaign
    assert any("WB-10" in v.message.en and "WB-10" in v.message.hu for v in refused.violations)
