"""The Hungarian messages of the team validator (TB-01 … TB-25) and of the team file (FILE-*).

Every problem carries its message in English (``message``, HR-9.6 verbatim, asserted exactly in
``test_roster_rules``) and in Hungarian (``message_hu``), rendered from the same values. The broken
teams here are those of ``test_roster_rules``, built with its helpers; members keep the Latin
names of the sheet (Quicchures, Magitor …) so that no English word reaches a Hungarian message
through a member's default name.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from itertools import combinations_with_replacement

import pytest

from arena.engine.content.amulets import AMULETS, VIALS
from arena.engine.content.common import Armour, Role, Stat
from arena.engine.content.points import TIERS, VALIDATION_RULES
from arena.engine.content.profiles import MEMBER_SLOTS, PROFILES, Ammo
from arena.engine.content.skills import SKILLS
from arena.engine.content.validation import placeholders
from arena.engine.content.weapons import GLADIATOR_TYPES, WEAPONS, is_legal_grip
from arena.engine.roster import Problem, Roster, base_member
from arena.engine.roster.labels import LABELS, grip_reason, render
from arena.engine.roster.point_rules import RULE_IDS, validate_roster
from arena.engine.roster.teamfile import TeamFileError, loads

from .test_roster_rules import BASE, ROOKIE, edit, edits, worked_example
from .test_teamfile import TYPE_CASES, UNKNOWN_ID_CASES, Mutation, document, member, problems_of

LATIN_NAMES = {
    "gladiator": "Quicchures",
    "witch_master": "Magitor",
    "crossbowman": "Iaciator",
    "deasta": "Deasta",
    "laeva": "Laeva",
    "strategist": "Tacticus",
}
ENGLISH_ROLE_WORDS = re.compile(r"\b(strategists?|gladiators?|witch-masters?|crossbowm[ae]n|dagger-throwers?)\b", re.I)
ENGLISH_WORDS = re.compile(
    r"\b(the|is|are|not|none|allowed|must|cannot|costs?|points?|has|wears?|team|"
    r"discs?|amulets?|bolts|daggers|pile|kit|vials?|armour|skills?)\b",
    re.I,
)


def latin(roster: Roster) -> Roster:
    """The roster with each member still under his slot's English default name renamed."""
    members = tuple(
        replace(m, name=LATIN_NAMES[m.slot]) if m.slot in PROFILES and m.name == PROFILES[m.slot].name_en else m
        for m in roster.members
    )
    return replace(roster, members=members)


HU_BASE = latin(BASE)
HU_ROOKIE = latin(ROOKIE)


def hu(roster: Roster, *, campaign: bool = False) -> list[tuple[str, str]]:
    return [(p.code, p.message_hu) for p in validate_roster(roster, campaign=campaign)]


# --- The Problem and the rules ---------------------------------------------------------------


def test_problem_text_picks_the_language_and_falls_back_to_english() -> None:
    problem = Problem("TB-09", "Laeva has Futás twice.", "members.laeva.skills", "Laeva: …")
    assert problem.text("hu") == "Laeva: …"
    assert problem.text("en") == problem.text("de") == "Laeva has Futás twice."
    untranslated = Problem("FILE-READ", "Cannot read team.json.")
    assert untranslated.text("hu") == "Cannot read team.json."
    assert untranslated.path == untranslated.message_hu == ""


def test_problems_are_equal_by_code_english_message_and_path() -> None:
    assert Problem("TB-16", "Kit.", "members.gladiator.kit", "Felszerelés.") == Problem(
        "TB-16", "Kit.", "members.gladiator.kit"
    )


@pytest.mark.parametrize("rule_id", list(VALIDATION_RULES))
def test_every_rule_has_a_hungarian_template_with_the_same_placeholders(rule_id: str) -> None:
    rule = VALIDATION_RULES[rule_id]
    assert rule.message_template_hu.strip()
    assert rule.message_template_hu != rule.message_template
    assert placeholders(rule.message_template_hu) == placeholders(rule.message_template)
    assert rule.placeholders == placeholders(rule.message_template)
    message = rule.message_hu(**{name: "X" for name in rule.placeholders})
    assert "{" not in message and "}" not in message
    assert not ENGLISH_ROLE_WORDS.search(message)


def test_hungarian_template_renders() -> None:
    message = VALIDATION_RULES["TB-03"].message_hu(name="Brutus", cost=81, cap=80, budget=200)
    assert message == ("Brutus 81 pontba kerül; egy gladiátor legfeljebb 80 pontba kerülhet (200 pont 40%-a).")


def test_every_content_name_has_a_hungarian_label() -> None:
    labels = LABELS["hu"]
    assert set(labels.roles) == set(labels.role_plurals) == set(Role)
    assert set(labels.slots) == set(MEMBER_SLOTS) and set(labels.stats) == set(Stat)
    assert set(labels.allowed_armour) == set(Armour) and set(labels.ammo) == set(Ammo)
    for mapping, catalog in [
        (labels.skills, SKILLS),
        (labels.items, WEAPONS),
        (labels.gladiator_types, GLADIATOR_TYPES),
        (labels.amulets, AMULETS),
        (labels.vials, VIALS),
        (labels.tiers, TIERS),
    ]:
        assert set(mapping) == set(catalog)
    assert labels.tiers["veteran"] == "Veterán" and labels.stats[Stat.EP] == "Ép"


def test_hungarian_slot_names_take_the_article_a__tb_25() -> None:
    """TB-25's Hungarian fields read "a {slot} …": every slot name begins with a consonant."""
    for name in LABELS["hu"].slots.values():
        assert name[0] not in "aáeéiíoóöőuúüű", name


def test_every_grip_refusal_has_its_hungarian__tb_15() -> None:
    items = [*WEAPONS, "laser"]
    reasons = {
        check.reason
        for size in range(4)
        for grip in combinations_with_replacement(items, size)
        for gladiator_type in (None, "gladius", *GLADIATOR_TYPES)
        if not (check := is_legal_grip(grip, gladiator_type)) and check.reason
    }
    assert len(reasons) > 10
    for reason in reasons:
        hungarian = render(grip_reason(reason), "hu")
        assert render(grip_reason(reason), "en") == reason
        assert hungarian != reason and not re.search(r"[a-z]+_[a-z]+", hungarian), reason


# --- Exact Hungarian messages -------------------------------------------------------------------


def test_tb02_over_budget__hr_9_6() -> None:
    roster = edit(HU_BASE, "crossbowman", stats={Stat.CE: 15})
    assert hu(roster) == [
        (
            "TB-02",
            "A csapat értéke 206 pont, de a keret csak 200 pont (Standard kategória). "
            "Csökkentsd a csapat értékét 6 ponttal.",
        )
    ]
    veteran = edits(
        replace(HU_BASE, tier="veteran"),
        gladiator={"stats": {Stat.TE: 16, Stat.VE: 5}},  # +12
        witch_master={"disc_count": 7},  # +6
        crossbowman={"stats": {Stat.CE: 15}},  # +6
        deasta={"stats": {Stat.CE: 13}},  # +6
    )
    assert hu(veteran) == [
        (
            "TB-02",
            "A csapat értéke 230 pont, de a keret csak 225 pont (Veterán kategória). "
            "Csökkentsd a csapat értékét 5 ponttal.",
        )
    ]


def test_tb02_unknown_tier__hr_9_6() -> None:
    assert hu(replace(HU_BASE, tier="elite")) == [
        (
            "TB-02",
            "Ismeretlen kategória: „elite”. Választható: rookie (Újonc), standard (Standard), "
            "veteran (Veterán) vagy champion (Bajnok).",
        )
    ]


def test_tb06_names_the_hungarian_stat__hr_9_6() -> None:
    roster = edit(HU_BASE, "witch_master", stats={Stat.TE: 3})
    assert hu(roster) == [
        (
            "TB-06",
            "Magitor: TÉ 3 a megengedett tartományon kívül esik; egy boszorkánymester esetében a tartomány 4–9.",
        )
    ]
    heavy = edits(
        HU_BASE,
        gladiator={"gladiator_type": "heavy", "stats": {Stat.TE: 13, Stat.VE: 2, Stat.MOV: 4}},
        deasta={"stats": {Stat.EP: 8}},
    )
    assert hu(heavy)[0] == (
        "TB-06",
        "Quicchures: SFÉ 2 a megengedett tartományon kívül esik; egy gladiátor esetében a tartomány 3–3.",
    )
    unnamed = edit(BASE, "laeva", name="", stats={Stat.EP: 15})
    assert (
        "TB-06",
        ("Tőrvető (laeva): Ép 15 a megengedett tartományon kívül esik; egy tőrvető esetében a tartomány 8–14."),
    ) in hu(unnamed)


def test_tb08_names_the_hungarian_skills__hr_9_6() -> None:
    roster = edit(HU_BASE, "crossbowman", skills=("takedown", "hiding", "running"))
    assert hu(roster) == [
        (
            "TB-08",
            "Iaciator (számszeríjász) nem választhatja ezt a képzettséget: Földrevitel. "
            "Választható: Futás, Lopakodás, Rejtőzés, Kitérés, Célzás.",
        )
    ]


def test_tb07_the_strategist_takes_no_skill__hr_9_6() -> None:
    strategist = edits(HU_BASE, strategist={"skills": ("running",)}, deasta={"stats": {Stat.EP: 8}})
    assert hu(strategist) == [
        ("TB-07", "Tacticus: képzettsége nem lehet (a stratégának nincs képzettsége), most 1 van."),
    ]


def test_tb17_trap_insight_says_what_may_be_drawn__hr_9_5() -> None:
    assert hu(edit(HU_BASE, "strategist", trap_cards_drawn=6)) == [
        (
            "TB-17",
            "Tacticus: 6 húzott csapdakártya nem megengedett; 3, 4 vagy 5 lapot lehet húzni, ebből 3 marad "
            "(csapdabetekintés, HR-9.5).",
        )
    ]


AMULET_RULE_HU = "Egy csapatnak 3 vagy 4 amulettje lehet, és egy tag csak egyet viselhet (szabálykönyv, 7. o.)."


def test_tb19_amulets__hr_9_6() -> None:
    assert hu(edit(HU_BASE, "gladiator", amulet=None)) == [
        ("TB-19", f"Amulettek: a csapatnak 2 amulettje van. {AMULET_RULE_HU}")
    ]
    assert hu(edit(HU_BASE, "gladiator", amulet="fire")) == [
        ("TB-19", f"Amulettek: Quicchures amulettje („fire”) ismeretlen. {AMULET_RULE_HU}")
    ]


@pytest.mark.parametrize(
    ("slot", "armour", "message"),
    [
        (
            "crossbowman",
            "metal",
            "Iaciator: fémvért nem megengedett; számszeríjászok vértje: bőrvért.",
        ),
        (
            "gladiator",
            "leather",
            "Quicchures: bőrvért nem megengedett; gladiátorok vértje: fémvért.",
        ),
        ("strategist", "leather", "Tacticus: bőrvért nem megengedett; stratégák vértje: nincs."),
        ("deasta", "plate", "Deasta: „plate” nem megengedett; tőrvetők vértje: bőrvért."),
        (
            "witch_master",
            "none",
            "Magitor: a vért elhagyása nem megengedett; boszorkánymesterek vértje: bőrvért.",
        ),
    ],
)
def test_tb22_armour__hr_9_6(slot: str, armour: str, message: str) -> None:
    assert hu(edit(HU_BASE, slot, armour=armour)) == [("TB-22", message)]


ROOKIE_HU = "Az Újonc kategóriában az alapcsapattal kell játszani:"


def test_tb25_rookie_refuses_other_changes__hr_9_6() -> None:
    roster = edits(
        HU_ROOKIE,
        witch_master={"disc_count": 5},
        crossbowman={"stats": {Stat.CE: 11}, "ammunition": {Ammo.BOLTS: 10}},
        laeva={"skills": ("sneaking", "hiding", "running")},
    )
    assert hu(roster) == [
        (
            "TB-25",
            f"{ROOKIE_HU} a boszorkánymester korongjainak száma eltér (5, az alapcsapatban 6).",
        ),
        ("TB-25", f"{ROOKIE_HU} a számszeríjász CÉ értéke eltér (11, az alapcsapatban 12)."),
        (
            "TB-25",
            f"{ROOKIE_HU} a számszeríjász lőszere (számszeríjvessző) eltér (10, az alapcsapatban 12).",
        ),
        (
            "TB-25",
            f"{ROOKIE_HU} a tőrvető (laeva) képzettségeinek ára eltér (3 + 3 + 3, az alapcsapatban 3 + 3 + 4).",
        ),
    ]


def test_tb25_rookie_type_pile_vial_and_amulets__hr_9_6() -> None:
    roster = edits(
        HU_ROOKIE,
        gladiator={
            "gladiator_type": "sword_master",
            "stats": {Stat.TE: 15, Stat.VE: 2, Stat.SFE: 1, Stat.STP: 2},
            "pile": ("short_sword",),
            "starting_grip": ("short_sword",),
        },
        crossbowman={"amulet": "poison"},
        laeva={"vial": "potion"},
        strategist={"trap_cards_drawn": 4},
    )
    problems = [message for code, message in hu(roster) if code == "TB-25"]
    assert problems == [
        f"{ROOKIE_HU} a gladiátor TÉ értéke eltér (15, az alapcsapatban 14).",
        f"{ROOKIE_HU} a gladiátor VÉ értéke eltér (2, az alapcsapatban 3).",
        f"{ROOKIE_HU} a gladiátor SFÉ értéke eltér (1, az alapcsapatban 2).",
        f"{ROOKIE_HU} a gladiátor STP értéke eltér (2, az alapcsapatban 4).",
        f"{ROOKIE_HU} a gladiátor típusa eltér (Kardművész, az alapcsapatban Vértes).",
        f"{ROOKIE_HU} a gladiátor fegyverhalma eltér (rövidkard, az alapcsapatban rövidkard + "
        "pajzs + alabárd + kétkezes kard).",
        f"{ROOKIE_HU} a tőrvető (laeva) fiolája eltér (varázsital, az alapcsapatban nincs).",
        f"{ROOKIE_HU} a stratéga húzott csapdakártyáinak száma eltér (4, az alapcsapatban 3).",
        f"{ROOKIE_HU} a csapat amulettkészlete eltér (méregsemlegesítő + villámtagadó + "
        "méregsemlegesítő, az alapcsapatban méregsemlegesítő + villámtagadó + rontáselhárító).",
    ]


def test_tb15_tb18_tb21_and_tb24_explain_themselves_in_hungarian__hr_9_6() -> None:
    grip = "A kezdő fegyverzet"
    assert hu(edit(HU_BASE, "gladiator", starting_grip=("greatsword", "shield"))) == [
        (
            "TB-15",
            f"{grip} (kétkezes kard + pajzs) nem szabályos, vagy nincs a fegyverhalomban: "
            "kétkezes kard kétkezes, mindkét kezet lefoglalja.",
        )
    ]
    assert hu(edit(HU_BASE, "gladiator", starting_grip=("short_sword",) * 2)) == [
        (
            "TB-15",
            f"{grip} (rövidkard + rövidkard) nem szabályos, vagy nincs a fegyverhalomban: a "
            "fegyverhalomban csak 1 × rövidkard van.",
        )
    ]
    discs = [m for c, m in hu(edit(HU_BASE, "witch_master", fixed_discs=(5, 5, 9))) if c == "TB-18"]
    assert discs[-1] == (
        "Varázslatszint-jelző korongok: nincs 9. szintű korong. Megengedett: összesen 5–7 korong, "
        "ebből legfeljebb 2 rögzített szintű, és ezek közül legfeljebb egy 5. szintű."
    )
    vial = edits(HU_BASE, laeva={"vial": "potion", "stats": {Stat.CE: 9}})
    assert hu(vial) == [
        (
            "TB-21",
            "Laeva nem vihet fiolát (varázsital): nincs bekapcsolva a hozzá tartozó opcionális "
            "szabály (Varázsital, OPT_POTION).",
        )
    ]
    fallen = edits(HU_BASE, deasta={"status": "dead"}, crossbowman={"status": "absent"})
    assert hu(fallen, campaign=True) == [
        (
            "TB-24",
            "Iaciator távol van, ezért nem játszhat ebben a mérkőzésben; toborozz helyette új "
            "tagot, vagy állíts ki zsoldost.",
        ),
        (
            "TB-24",
            "Deasta halott, ezért nem játszhat ebben a mérkőzésben; toborozz helyette új tagot, "
            "vagy állíts ki zsoldost.",
        ),
    ]


# --- Every problem of many broken teams --------------------------------------------------------


def broken_teams() -> list[tuple[Roster, bool]]:
    """Broken teams of ``test_roster_rules`` (and a few more), each with its campaign flag."""
    wizard = replace(base_member("deasta"), slot="wizard", name="Varázsló")
    vial = {"vial": "poison_vial"}
    teams = [
        replace(BASE, members=tuple(m for m in BASE.members if m.slot != "laeva")),
        replace(BASE, members=(*BASE.members, base_member("gladiator", "Spartacus"), wizard)),
        replace(worked_example(), tier="standard"),
        replace(BASE, tier="elite"),
        edits(
            BASE,
            gladiator={"stats": {Stat.TE: 16, Stat.VE: 5}},
            witch_master={"stats": {Stat.TE: 4, Stat.VE: 6}},
            crossbowman={"stats": {Stat.CE: 10}},
        ),
        edits(
            BASE,
            witch_master={"disc_count": 7, "fixed_discs": (4,), "stats": {Stat.TE: 7}},
            laeva={"stats": {Stat.TE: 7, Stat.VE: 7, Stat.CE: 9, Stat.EP: 8}},
            deasta={"stats": {Stat.EP: 9}},
        ),
        edits(
            BASE,
            strategist={"trap_cards_drawn": 5, "stats": {Stat.EP: 12}},
            laeva={"stats": {Stat.TE: 7, Stat.VE: 7, Stat.CE: 9}},
        ),
        edit(BASE, "gladiator", stats={Stat.TE: 18, Stat.MOV: 7}),
        edit(BASE, "strategist", stats={Stat.TE: 5}),
        edit(BASE, "crossbowman", skills=("aiming", "hiding")),
        edit(BASE, "deasta", skills=("running", "dodging", "flying")),
        edit(BASE, "deasta", skills=("running", "running", "acrobatics", "takedown")),
        edit(BASE, "gladiator", skills=("dodging", "weapon_breaking", "shield_wall")),
        edit(BASE, "crossbowman", skills=("aiming", "golden_bell", "net_master")),
        edit(BASE, "gladiator", gladiator_type="gladius"),
        edit(BASE, "gladiator", pile=(), starting_grip=()),
        edit(BASE, "gladiator", gladiator_type="net_fighter"),
        edit(BASE, "gladiator", pile=(*BASE.members[0].pile, "laser", "javelin")),
        edit(BASE, "gladiator", pile=("short_sword",) * 3 + ("greatsword", "greatsword")),
        edit(BASE, "gladiator", starting_grip=("sabre", "sabre")),
        edit(BASE, "gladiator", starting_grip=("javelin",)),
        edit(BASE, "gladiator", starting_grip=("dagger", "dagger")),
        edit(BASE, "gladiator", starting_grip=("short_sword", "short_sword", "shield")),
        edit(BASE, "gladiator", starting_grip=("dagger", "short_sword")),
        edit(BASE, "gladiator", starting_grip=("lance",)),
        edit(BASE, "gladiator", kit={"dagger": 1, "javelin": 2, "net": 2}),
        edit(BASE, "crossbowman", ammunition={Ammo.BOLTS: 13}),
        edit(BASE, "laeva", ammunition={Ammo.THROWING_DAGGERS: 4}),
        edit(BASE, "strategist", trap_cards_drawn=6),
        edit(BASE, "witch_master", disc_count=8, fixed_discs=(5, 5, 9)),
        edit(BASE, "witch_master", disc_count=4),
        edit(BASE, "gladiator", amulet=None),
        edits(BASE, deasta={"amulet": "poison"}, laeva={"amulet": "curse"}),
        edit(BASE, "gladiator", amulet="fire"),
        edits(BASE, witch_master={"me_token": 2}, deasta={"me_token": 3}),
        edits(BASE, strategist={"me_token": 3}, crossbowman={"me_token": 4}),
        edit(BASE, "crossbowman", me_token=2),
        edits(BASE, laeva={"vial": "potion"}, deasta={"vial": "elixir"}),
        edits(
            replace(BASE, tier="champion", options=frozenset({"opt_poison_vial"})),
            gladiator=vial,
            witch_master=vial,
            crossbowman=vial,
            deasta=vial,
            strategist=vial,
        ),
        edits(
            BASE,
            crossbowman={"armour": "metal"},
            gladiator={"armour": "leather"},
            strategist={"armour": "leather"},
            deasta={"armour": "plate"},
            witch_master={"armour": "none"},
        ),
        edits(BASE, deasta={"name": "  "}, witch_master={"name": "Á" * 41}),
        edits(BASE, gladiator={"name": "Brutus"}, laeva={"name": "brutus "}),
        edits(
            ROOKIE,
            witch_master={"disc_count": 5, "fixed_discs": (3,)},
            crossbowman={"stats": {Stat.CE: 11}, "ammunition": {Ammo.BOLTS: 10}},
            laeva={"skills": ("sneaking", "hiding", "running"), "vial": "potion"},
            strategist={"trap_cards_drawn": 4},
        ),
        edits(
            ROOKIE,
            gladiator={"gladiator_type": "sword_master", "pile": ("short_sword",), "stats": {Stat.TE: 15}},
            crossbowman={"amulet": "poison"},
        ),
        edit(replace(BASE, tier="rookie"), "gladiator", gladiator_type="gladius"),
    ]
    campaign = edits(
        BASE,
        deasta={"status": "dead"},
        crossbowman={"status": "absent"},
        laeva={"status": "hireling"},
    )
    return [(latin(team), False) for team in teams] + [(latin(campaign), True)]


def test_broken_teams_break_every_rule__hr_9_6() -> None:
    teams = broken_teams()
    codes = {p.code for team, campaign in teams for p in validate_roster(team, campaign=campaign)}
    assert codes == set(RULE_IDS)


@pytest.mark.parametrize(("team", "campaign"), broken_teams())
def test_every_problem_has_a_hungarian_message(team: Roster, campaign: bool) -> None:
    problems = validate_roster(team, campaign=campaign)
    assert problems
    for problem in problems:
        message = problem.message_hu
        assert message and message != problem.message, problem
        assert "{" not in message and "}" not in message, message
        assert not ENGLISH_ROLE_WORDS.search(message), message
        assert not ENGLISH_WORDS.search(message), message
        assert problem.text("hu") == message and problem.text("en") == problem.message


# --- The team file ------------------------------------------------------------------------------


def test_a_file_error_in_hungarian() -> None:
    doc = document()
    member(doc, "gladiator")["stats"]["te"] = "14"
    member(doc, "deasta")["ammunition"]["bolts"] = 12
    (wrong, extra) = problems_of(doc)
    assert wrong.message_hu == 'members[0].stats.te: egész szám kellene, de ez szöveg ("14")'
    assert extra.message_hu == (
        "members[3].ammunition.bolts: ez a tag – tőrvető (deasta) – nem vásárol ilyen lőszert: bolts"
    )
    assert problems_of('{"format": "viadal-team",\n  "version": 1,,\n}')[0].message_hu == (
        "Hibás JSON: 2. sor, 16. oszlop: itt idézőjelek közötti kulcsnak kellene állnia."
    )


def test_the_whole_file_report_in_hungarian() -> None:
    doc = document()
    doc["tier"] = "elite"
    member(doc, "gladiator")["skills"] = ["dodging", 3]
    del member(doc, "strategist")["status"]
    with pytest.raises(TeamFileError) as caught:
        loads(json.dumps(doc))
    assert caught.value.text("hu").splitlines() == [
        "A csapatfájl nem olvasható be (3 hiba):",
        "FILE-UNKNOWN-ID: tier: ismeretlen kategória: „elite”; ismert: rookie, standard, veteran, champion",
        "FILE-TYPE: members[0].skills[1]: szöveg kellene, de ez egész szám (3)",
        "FILE-FIELD: members[5].status: hiányzó mező: „status”",
    ]
    assert caught.value.text("en") == str(caught.value)


@pytest.mark.parametrize(("mutate", "path"), [(m, p) for m, p, _ in UNKNOWN_ID_CASES + TYPE_CASES])
def test_every_file_error_has_a_hungarian_message(mutate: Mutation, path: str) -> None:
    doc = document()
    mutate(doc)
    (problem,) = problems_of(doc)
    assert problem.message_hu.startswith(f"{path}: ")
    assert problem.message_hu != problem.message
    assert not ENGLISH_WORDS.search(problem.message_hu.removeprefix(f"{path}: ").split("; ")[0])
