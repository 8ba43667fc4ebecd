"""Issue #7: the league and campaign rules speak both languages in the engine's own data (no .po):
every refusal (``CampaignRuleError``) has its Hungarian message, every closed vocabulary names each
value in Hungarian and English, every counted line (XP, income, injury modifiers) reads in both,
and every roll the rules make says in Hungarian what it was for."""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from pathlib import Path

import pytest

import arena.engine.campaign
from arena.engine.campaign.experience import Advance, Deeds, apply_advance, xp_award
from arena.engine.campaign.gold import match_income
from arena.engine.campaign.injuries import INJURY_RESULT_NAMES, THUMBS_NAMES, InjuryResult, Thumbs, heal, injury_roll
from arena.engine.campaign.knockout import STAGE_NAMES, stage_name, stage_names
from arena.engine.campaign.league_dice import RecordedDice, draw_order
from arena.engine.campaign.purchases import PURCHASE_NAMES, Purchase, PurchaseKind, apply_purchase
from arena.engine.campaign.results import (
    FORMAT_NAMES,
    RESULT_NAMES,
    Format,
    KnockoutSide,
    ResultKind,
    check_reported_result,
    knockout_at_round_limit,
    round_robin_name,
)
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.campaign.standings import (
    TIE_BREAKER_DESCRIPTIONS,
    TIE_BREAKER_NAMES,
    MatchResult,
    TieBreaker,
    compute_standings,
)
from arena.engine.campaign.swiss import SwissEntry, swiss_round
from arena.engine.campaign.texts import LINE_TEXTS, STATUS_NAMES, Line
from arena.engine.content.common import Stat
from arena.engine.roster import ABSENT, ACTIVE, DEAD, HIRELING, base_member, base_roster

PACKAGE = Path(arena.engine.campaign.__file__).parent
PLACEHOLDER = re.compile(r"\{(\w+)\}")
ENGLISH_WORDS = re.compile(r"\b(the|and|of|his|he|an|for|with|when|only|not|has|cannot)\b", re.IGNORECASE)
VOCABULARIES: Mapping[str, tuple[Mapping[object, tuple[str, str]], object]] = {
    "RESULT_NAMES": (RESULT_NAMES, ResultKind),
    "FORMAT_NAMES": (FORMAT_NAMES, Format),
    "TIE_BREAKER_NAMES": (TIE_BREAKER_NAMES, TieBreaker),
    "TIE_BREAKER_DESCRIPTIONS": (TIE_BREAKER_DESCRIPTIONS, TieBreaker),
    "INJURY_RESULT_NAMES": (INJURY_RESULT_NAMES, InjuryResult),
    "THUMBS_NAMES": (THUMBS_NAMES, Thumbs),
    "PURCHASE_NAMES": (PURCHASE_NAMES, PurchaseKind),
    "STATUS_NAMES": (STATUS_NAMES, (ACTIVE, ABSENT, DEAD, HIRELING)),
    "STAGE_NAMES": (STAGE_NAMES, [stage_name(2**n) for n in range(1, 6)]),
}


def refusals() -> list[tuple[str, ast.Call]]:
    calls = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "CampaignRuleError":
                calls.append((f"{path.name}:{node.lineno}", node))
    return calls


def literal_text(node: ast.expr) -> str:
    """A string or f-string argument with its replacement fields as ``{}``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(literal_text(part) if isinstance(part, ast.Constant) else "{}" for part in node.values)
    raise AssertionError(f"not a literal message: {ast.dump(node)}")


@pytest.mark.parametrize(("where", "call"), refusals(), ids=[where for where, _ in refusals()])
def test_every_campaign_refusal_has_a_hungarian_message(where, call):
    arguments = [*call.args, *(keyword.value for keyword in call.keywords)]
    assert len(arguments) == 3, f"{where}: CampaignRuleError(message, rule, message_hu)"
    english, hungarian = literal_text(arguments[0]), literal_text(arguments[2])
    assert hungarian.strip() and hungarian != english, where
    assert not ENGLISH_WORDS.search(hungarian.replace("{}", "")), f"{where} reads English: {hungarian!r}"
    assert english.count("{}") <= hungarian.count("{}") + 1, f"{where}: the Hungarian leaves out a value"


def test_there_are_refusals_to_check():
    assert len(refusals()) > 60


@pytest.mark.parametrize("name", VOCABULARIES)
def test_every_vocabulary_names_each_value_in_both_languages(name):
    names, values = VOCABULARIES[name]
    assert set(values) <= set(names), f"{name} misses {set(values) - set(names)}"
    for key, (hungarian, english) in names.items():
        assert hungarian.strip() and english.strip(), f"{name}[{key}]"
        if key != TieBreaker.BUCHHOLZ:  # a name, the same in both
            assert hungarian.casefold() != english.casefold(), f"{name}[{key}] is not translated"


def test_the_hungarian_words_of_hr_10():
    assert [RESULT_NAMES[kind][0] for kind in ResultKind] == [
        "Győzelem",
        "Pontgyőzelem",
        "Döntetlen",
        "Pontvereség",
        "Vereség",
        "Játék nélküli győzelem",
        "Feladás",
        "Erőnyerő",
    ]
    assert [FORMAT_NAMES[f][0] for f in (Format.ROUND_ROBIN, Format.SWISS, Format.KNOCKOUT)] == [
        "Körmérkőzés",
        "Svájci rendszer",
        "Kieséses rendszer",
    ]
    assert round_robin_name(double=True) == ("Körmérkőzés (kétfordulós)", "Round robin (double)")
    assert [INJURY_RESULT_NAMES[result][0] for result in InjuryResult] == [
        "Halál",
        "Maradandó sérülés",
        "Súlyos seb",
        "Seb",
        "Felépül",
    ]
    assert stage_names("final") == ("Döntő", "Final") and stage_names("round_of_16")[0] == "Nyolcaddöntő"
    assert TIE_BREAKER_DESCRIPTIONS[TieBreaker.ARENA_DIFFERENCE][0] == "Arénapont-különbség (szerzett − kapott)"


@pytest.mark.parametrize("key", LINE_TEXTS)
def test_every_line_reads_in_both_languages_with_the_same_count(key):
    hungarian, english = LINE_TEXTS[key]
    assert PLACEHOLDER.findall(hungarian) == PLACEHOLDER.findall(english)
    assert hungarian != english and not ENGLISH_WORDS.search(hungarian), key


def test_the_income_has_a_line_for_every_result():
    for kind in ResultKind:
        assert f"gold.{kind.value}" in LINE_TEXTS
        assert match_income(kind, Format.SWISS).lines[0].text("hu") == RESULT_NAMES[kind][0].lower()


def test_a_line_is_worded_again_from_its_key():
    award = xp_award(Deeds(fighters_killed=2, gladiators_destroyed=1, team_won=True))
    stored = [[line.key, line.amount, line.count] for line in award.lines]
    again = [Line(key, amount, count) for key, amount, count in stored]
    assert [line.text("hu") for line in again] == [
        "részt vett",
        "túlélte",
        "2 ellenséges nem gladiátort ölt meg",
        "Ép-sebzést okozott az ellenséges gladiátornak",
        "elpusztította az ellenséges gladiátort",
        "csapata nyert",
    ]
    assert [line.text("en") for line in again][2] == "killed 2 enemy non-gladiator(s)"
    with pytest.raises(ValueError, match="no text for the line"):
        Line("xp.unknown", 1)


def test_every_roll_of_the_rules_says_what_it_is_for_in_hungarian():
    crossbowman = base_member("crossbowman", "Csenge")
    injury = injury_roll(crossbowman, team_won=False, final_ep=-1, dice=RecordedDice.fixed([2, 8, 3]))
    lots = knockout_at_round_limit(
        KnockoutSide(4, 10, 20), KnockoutSide(4, 10, 20), extra_rounds_played=5, dice=RecordedDice.fixed([1])
    )
    swiss = swiss_round([SwissEntry(t, 0) for t in "abcd"], [], 1, dice=RecordedDice.fixed([1, 1, 1]))
    _, drawn = draw_order("abc", RecordedDice.fixed([1, 1]), "a draw", "egy sorsolás")
    rolls = [*injury.rolls, lots.roll, *swiss.rolls, *drawn]
    assert [roll.text("hu") for roll in injury.rolls] == [
        "sérülésdobás: Csenge (HR-10.5)",
        "maradandó sérülés: Csenge (HR-10.5)",
        "maradandó sérülés: Csenge (HR-10.5)",
    ]
    assert lots.roll is not None and lots.roll.text("hu") == "kieséses sorsolás 5 ráadáskör után (HR-10.2)"
    assert swiss.rolls[0].text("hu") == "svájci 1. forduló sorsolása (HR-10.2)"
    for roll in rolls:
        assert roll.purpose_hu and roll.text("hu") != roll.text("en"), roll


def test_the_standings_lots_are_drawn_in_hungarian_too():
    rows = compute_standings(Format.ROUND_ROBIN, [1, 2], [MatchResult(1, 2, ResultKind.DRAW)], dice_seed=7)
    assert [row.decided_by for row in rows] == [TieBreaker.LOTS, None]


def test_a_refusal_reads_in_the_readers_language():
    vazul = base_member("gladiator", "Vazul")
    with pytest.raises(CampaignRuleError) as not_absent:
        heal(vazul, 0, 1, 100)
    assert not_absent.value.text("hu") == "Vazul nem hiányzik; nincs mit gyógyítani (HR-10.5)"
    assert (
        not_absent.value.text("en")
        == str(not_absent.value)
        == "Vazul is not absent; there is nothing to heal (HR-10.5)"
    )

    with pytest.raises(CampaignRuleError) as early:
        apply_advance(vazul, Advance.raise_stat(Stat.MOV), taken=[], xp=5)
    assert early.value.text("hu") == ("a Mozgás csak a harmadik fejlődéstől növelhető; ez az 1. fejlődés (HR-10.6)")

    with pytest.raises(CampaignRuleError) as poor:
        apply_purchase(base_roster(), 30, Purchase.fourth_amulet("poison"))
    assert poor.value.text("hu").startswith("negyedik amulett: 40 arany, de a kincstárban csak 30 arany van")

    with pytest.raises(CampaignRuleError) as draw:
        check_reported_result(ResultKind.DRAW, 22, 3, 3, round_limit=20, knockout=True)
    assert (
        draw.value.text("hu") == "kieséses mérkőzés nem végződhet döntetlenre; azt jelentsd, ki jutott tovább (HR-10.2)"
    )
    assert CampaignRuleError("x", "HR-1").text("hu") == "x (HR-1)"  # no Hungarian given: English
