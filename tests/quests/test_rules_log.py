"""The adventure log (WQ-3): a worked adventure replayed entry by entry, corrections, ranking (WQ-4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quests.rules import adventure_log, ranking, text
from quests.rules.adventure_log import (
    AdventureEnded,
    Card,
    CardTurned,
    EndOfTurn,
    EquipmentPassed,
    EventDrawn,
    LanternPassed,
    LogError,
    MonsterSlain,
    Setup,
    StartingWarrior,
    TreasureFound,
    TreasureSold,
    Voided,
    WoundsHealed,
    WoundsTaken,
)
from quests.rules.quest_content import CardKind, Outcome, Result, Status, TreasureSource, WarriorClass
from quests.rules.rolls import Roll

B, D, E, W = "b", "d", "e", "w"
NAMES = {B: "Conan", D: "Gimli", E: "Aranel", W: "Merlin"}


def setup() -> Setup:
    def sw(key, cls, item, total, ini, **kw):
        return StartingWarrior(
            key, NAMES[key], cls, ini, Roll("wounds", (total - 6,), total, 6), equipment=(item,), **kw
        )

    return Setup(
        (
            sw(B, WarriorClass.BARBARIAN, "Lantern", 12, 3),
            sw(D, WarriorClass.DWARF, "Rope", 11, 2, gold=30, treasure=(Card("Old ring", 25),)),
            sw(E, WarriorClass.ELF, "Healing potion", 9, 6),
            sw(W, WarriorClass.WIZARD, "Spell scroll", 8, 3, power_tokens=4),
        ),
        leader=B,
    )


def entries(*items):
    return list(enumerate(items, start=1))


def test_wq3_a_worked_adventure_s3_l84_l619_l625_l655_l657():
    played = entries(
        CardTurned("Stairway", CardKind.ENTRANCE),
        CardTurned("Guard room", CardKind.ROOM),
        EventDrawn("Orcs", "room"),
        MonsterSlain("Orc warrior", 15, B),
        TreasureFound("Gold chalice", 40, TreasureSource.EVENT, E),
        WoundsTaken(D, 14, "Minotaur"),  # 11 Wounds: to 0, never below (S3 l.625)
        WoundsHealed(D, 3, "Healing potion"),  # wakes (S3 l.627)
        WoundsTaken(B, 12, "Minotaur"),
        EndOfTurn(),  # Conan still at 0: dies (S3 l.625)
        LanternPassed(E),  # another takes the lantern (S3 l.175)
        EquipmentPassed(B, "Lantern", E),  # the body's equipment may pass on (S3 l.661)
        AdventureEnded(
            Result.ABANDONED, {B: Outcome.DIED, D: Outcome.SURVIVED, E: Outcome.SURVIVED, W: Outcome.SURVIVED}
        ),
        TreasureSold(E, "Gold chalice", 40),
        TreasureSold(D, "Old ring", 25),  # a card carried from an earlier adventure
    )
    state = adventure_log.replay(setup(), played)
    conan, gimli, aranel, merlin = state.warriors
    assert conan.status is Status.DEAD and conan.gold == 15 and conan.treasure == () and conan.equipment == ()
    assert gimli.wounds == 3 and gimli.gold == 55 and gimli.adventure_gold == 25
    assert aranel.gold == 40 and aranel.equipment == ("Healing potion", "Lantern") and state.leader == E
    assert merlin.adventure_gold == 0
    assert [(p.name, p.gold, p.place) for p in ranking.warrior_placings(state)] == [
        ("Aranel", 40, 1),
        ("Gimli", 25, 2),
        ("Merlin", 0, 3),
    ]
    assert ranking.adventure_score(state) == ranking.AdventureScore(Result.ABANDONED, 3, 65)
    sentences = [text.sentence(entry, NAMES, "en") for _, entry in played]
    assert sentences[3] == "Conan slew Orc warrior for 15 gold."
    assert sentences[5] == "Gimli takes 14 Wounds (Minotaur)."
    assert text.sentence(played[3][1], NAMES, "hu") == "Conan megölte: Orc warrior, 15 arany."


def violations(played):
    with pytest.raises(LogError) as raised:
        adventure_log.replay(setup(), played)
    return [(v.code, v.field) for v in raised.value.violations]


def test_wq08_deck_in_the_log_s3_l84():
    assert violations(entries(CardTurned("Guard room", CardKind.ROOM))) == [("WQ-08", "card")]


def test_wq09_event_treasure_needs_events_s3_l653():
    played = entries(CardTurned("Stairway", CardKind.ENTRANCE), TreasureFound("Chalice", 40, TreasureSource.EVENT, E))
    assert violations(played) == [("WQ-09", "source")]
    # the objective room's Adventure Book treasure needs no Event (S3 l.331)
    adventure_log.replay(setup(), entries(TreasureFound("Crown", 100, TreasureSource.OBJECTIVE, E)))


def test_wq10_second_card_waits_s3_l655():
    played = entries(
        EventDrawn("Orcs", "room"),
        EventDrawn("Bats", "power"),
        TreasureFound("Chalice", 40, TreasureSource.EVENT, E),
        TreasureFound("Ring", 20, TreasureSource.EVENT, E),
    )
    assert violations(played) == [("WQ-10", "recipient")]


def test_wq13_the_dead_gain_nothing_s3_l661():
    played = entries(WoundsTaken(B, 99), EndOfTurn(), MonsterSlain("Orc", 10, B))
    assert violations(played) == [("WQ-13", "killer")]
    assert violations(entries(WoundsTaken(B, 99), EndOfTurn(), WoundsHealed(B, 2))) == [("WQ-13", "warrior")]


def test_wq12_end_at_zero_is_death_s3_l625():
    played = entries(
        WoundsTaken(D, 99),
        AdventureEnded(
            Result.COMPLETED, {B: Outcome.SURVIVED, D: Outcome.SURVIVED, E: Outcome.SURVIVED, W: Outcome.SURVIVED}
        ),
    )
    assert violations(played) == [("WQ-12", "outcome_d")]


def test_wq14_sale_before_the_end_s3_l657():
    assert violations(entries(TreasureSold(D, "Old ring", 25))) == [("WQ-14", "treasure")]


def test_wq3_failed_only_when_nobody_survives_s3_l327():
    all_died = {k: Outcome.DIED for k in NAMES}
    played = entries(*(WoundsTaken(k, 99) for k in NAMES), AdventureEnded(Result.FAILED, all_died))
    state = adventure_log.replay(setup(), played)
    assert state.result is Result.FAILED and all(w.status is Status.DEAD for w in state.warriors)
    assert ranking.warrior_placings(state) == ()
    bad = entries(AdventureEnded(Result.FAILED, {k: Outcome.SURVIVED for k in NAMES}))
    assert violations(bad) == [("WQ-3", "result")]


def test_corrections_void_never_edit():
    played = entries(MonsterSlain("Orc", 15, B), MonsterSlain("Orc", 15, D), Voided(1, "Gimli slew it"))
    state = adventure_log.replay(setup(), played)
    assert state.warrior(B).gold == 0 and state.warrior(D).gold == 45
    # voiding the Event under a treasure card would break WQ-09: refused
    chain = entries(EventDrawn("Orcs", "room"), TreasureFound("Chalice", 40, TreasureSource.EVENT, E))
    assert [v.code for v in adventure_log.check_void(setup(), chain, 1)] == ["WQ-09"]
    assert adventure_log.check_void(setup(), chain, 2) == ()
    assert [v.code for v in adventure_log.check_void(setup(), [*chain, (3, Voided(2, "x"))], 2)] == ["WQ-3"]


def test_entries_round_trip_through_plain_dicts():
    for _, entry in entries(
        CardTurned("Stairway", CardKind.ENTRANCE),
        TreasureFound("Chalice", 40, TreasureSource.EVENT, E),
        AdventureEnded(Result.COMPLETED, {B: Outcome.SURVIVED}),
        Voided(3, "typo"),
    ):
        assert adventure_log.entry_from_dict(adventure_log.entry_to_dict(entry)) == entry
    with pytest.raises(LogError):
        adventure_log.entry_from_dict({"kind": "kill", "monster": "Orc", "gold": 2.5, "killer": B})
    with pytest.raises(LogError):
        adventure_log.entry_from_dict({"kind": "card", "name": "x" * 81, "card_kind": "room"})


def test_wq4_adventures_and_parties_ranked():
    scores = [
        ("a", ranking.AdventureScore(Result.ABANDONED, 4, 500)),
        ("b", ranking.AdventureScore(Result.COMPLETED, 2, 10)),
        ("c", ranking.AdventureScore(Result.COMPLETED, 2, 90)),
        ("d", ranking.AdventureScore(Result.FAILED, 0, 0)),
    ]
    assert [(place, name) for place, name, _ in ranking.rank_adventures(scores)] == [
        (1, "c"),
        (2, "b"),
        (3, "a"),
        (4, "d"),
    ]
    parties = [
        ranking.PartyRecord("Novices", None, 0, 0),
        ranking.PartyRecord("Hammers", scores[1][1], 3, 200),
        ranking.PartyRecord("Blades", scores[1][1], 1, 200),
    ]
    assert [(place, p.name) for place, p in ranking.rank_parties(parties)] == [
        (1, "Blades"),
        (1, "Hammers"),
        (3, "Novices"),
    ]


@given(st.lists(st.tuples(st.sampled_from([B, D, E, W]), st.booleans(), st.integers(1, 20)), max_size=30))
def test_wounds_stay_within_zero_and_start(steps):
    state = adventure_log.start(setup())
    for key, hurt, amount in steps:
        entry = WoundsTaken(key, amount) if hurt else WoundsHealed(key, amount)
        try:
            state = adventure_log.apply(state, entry)
        except LogError:
            assert state.warrior(key).status is not Status.ACTIVE
        if not hurt:
            state = adventure_log.apply(state, EndOfTurn())
    for w in state.warriors:
        assert 0 <= w.wounds <= w.start_wounds


def test_wq07_power_tokens_each_used_once_s3_l69_l677():
    state = adventure_log.replay(setup(), entries(adventure_log.TokensUsed(W, 3)))
    assert state.warrior(W).tokens == 1  # 4 rolled at the start, 1 left at the end
    assert violations(entries(adventure_log.TokensUsed(W, 3), adventure_log.TokensUsed(W, 2))) == [("WQ-07", "amount")]
    assert violations(entries(adventure_log.TokensUsed(B, 1))) == [("WQ-07", "amount")]  # only the Wizard has tokens
    assert text.sentence(adventure_log.TokensUsed(W, 3), NAMES, "en") == "Merlin used 3 power tokens."


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10**7),
    st.floats(allow_nan=True),
    st.text(max_size=90),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.text(max_size=3), max_size=5),
)
KINDS = st.sampled_from(
    [
        "card",
        "event",
        "kill",
        "treasure",
        "wounds_taken",
        "wounds_healed",
        "end_of_turn",
        "lost",
        "lantern",
        "equipment",
        "used",
        "tokens",
        "end",
        "sale",
        "void",
        "other",
    ]
)
FIELDS = st.sampled_from(
    [
        "name",
        "card_kind",
        "source",
        "monster",
        "gold",
        "killer",
        "value",
        "recipient",
        "warrior",
        "amount",
        "cause",
        "to",
        "giver",
        "item",
        "result",
        "outcomes",
        "price",
        "seq",
        "reason",
        "lot",
    ]
)


@given(KINDS, st.dictionaries(FIELDS, JUNK, max_size=6))
def test_any_stored_or_posted_entry_parses_or_is_refused_clearly(kind, fields):
    try:
        entry = adventure_log.entry_from_dict({"kind": kind, **fields})
    except LogError as error:
        assert error.violations and all(v.hu and v.en for v in error.violations)
        return
    assert adventure_log.entry_from_dict(adventure_log.entry_to_dict(entry)) == entry


ENTRY = st.one_of(
    st.builds(CardTurned, st.sampled_from(["a", "b"]), st.sampled_from(list(CardKind))),
    st.builds(EventDrawn, st.just("Orcs"), st.sampled_from(["room", "power"])),
    st.builds(MonsterSlain, st.just("Orc"), st.integers(0, 50), st.sampled_from([B, D, E, W])),
    st.builds(
        TreasureFound,
        st.sampled_from(["Cup", "Ring"]),
        st.integers(0, 50),
        st.sampled_from(list(TreasureSource)),
        st.sampled_from([B, D, E, W]),
    ),
    st.builds(WoundsTaken, st.sampled_from([B, D, E, W]), st.integers(1, 20)),
    st.builds(WoundsHealed, st.sampled_from([B, D, E, W]), st.integers(1, 20)),
    st.just(EndOfTurn()),
    st.builds(LanternPassed, st.sampled_from([B, D, E, W])),
    st.builds(adventure_log.TokensUsed, st.sampled_from([B, W]), st.integers(1, 6)),
    st.builds(
        AdventureEnded,
        st.sampled_from(list(Result)),
        st.fixed_dictionaries({k: st.sampled_from(list(Outcome)) for k in (B, D, E, W)}),
    ),
    st.builds(
        TreasureSold, st.sampled_from([B, D, E, W]), st.sampled_from(["Cup", "Ring", "Old ring"]), st.integers(0, 50)
    ),
)


@given(st.lists(ENTRY, max_size=40))
def test_whatever_is_recorded_the_state_keeps_the_rules(steps):
    """Entries refused leave the state as it was; those applied keep WQ-04, WQ-09, WQ-10, WQ-13."""
    state = adventure_log.start(setup())
    for entry in steps:
        try:
            state = adventure_log.apply(state, entry)
        except LogError:
            continue
        for w in state.warriors:
            assert 0 <= w.wounds <= w.start_wounds and w.gold >= 0  # WQ-04
            if w.status is not Status.ACTIVE:
                assert w.treasure == ()  # WQ-13: the treasure stays with the body
        assert state.event_treasure <= state.events  # WQ-09
        living = [w.found_here for w in state.warriors if w.status is Status.ACTIVE]
        assert not living or max(living) - min(living) <= 1  # WQ-10


def test_class_items_read_in_either_language_s3_l45():
    passed = EquipmentPassed(B, "Lantern", E)
    assert text.sentence(passed, NAMES, "hu") == "Conan felszerelése (Lámpás) Aranel kezébe kerül."
    assert text.sentence(passed, NAMES, "en") == "Conan's Lantern passes to Aranel."
