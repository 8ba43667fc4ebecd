"""The team builder's validation rules as data (HR-9.6): TB-01 … TB-25, each with its English
message verbatim from HR-9.6 and the Hungarian message of the same rule.

Both templates of a rule are ``str.format`` text with the same named placeholders; the validator
(:mod:`arena.engine.roster.point_rules`) fills them with values rendered in each language
(:mod:`arena.engine.roster.labels`). The Hungarian templates never put a suffix or the article
a/az straight onto a placeholder, so that any name, number or label reads correctly in them: a
placeholder stands after a colon, in parentheses, before a noun (``{cost} pontba``) or as a
subject (``{name} nem vihet``). :mod:`arena.engine.content.points` re-exports
``VALIDATION_RULES``.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from arena.engine.content.common import make_catalog


@dataclass(frozen=True)
class ValidationRule:
    """One row of HR-9.6: ``message_template`` (English, HR-9.6 verbatim) and
    ``message_template_hu`` are ``str.format`` texts with the same named placeholders."""

    id: str
    summary: str
    message_template: str
    message_template_hu: str
    source: str
    summary_hu: str = ""

    def message(self, **values: object) -> str:
        return self.message_template.format(**values)

    def message_hu(self, **values: object) -> str:
        return self.message_template_hu.format(**values)

    @property
    def placeholders(self) -> frozenset[str]:
        """The named placeholders of the English template (the Hungarian one has the same)."""
        return placeholders(self.message_template)


def placeholders(template: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


# HR-9.6 verbatim: (id, rule, error message), then the Hungarian error message.
_HR_9_6: Final = (
    (
        "TB-01",
        (
            "Exactly six members: 1 strategist, 1 gladiator, 1 witch-master, 1 crossbowman, 2 "
            "dagger-throwers (one deasta, one laeva) (RB p.4–5)"
        ),
        (
            "A team needs exactly six members: one strategist, one gladiator, one "
            "witch-master, one crossbowman and two dagger-throwers (one deasta, one laeva). "
            "Missing: {missing}. Extra: {extra}."
        ),
        (
            "A csapat pontosan hat tagból áll: egy stratéga, egy gladiátor, egy "
            "boszorkánymester, egy számszeríjász és két tőrvető (egy deasta és egy laeva). "
            "Hiányzó: {missing}. Fölösleges: {extra}."
        ),
    ),
    (
        "TB-02",
        "team_value ≤ budget",
        ("Team value is {value} points but the {tier} budget is {budget}. Remove {excess} points."),
        (
            "A csapat értéke {value} pont, de a keret csak {budget} pont ({tier} kategória). "
            "Csökkentsd a csapat értékét {excess} ponttal."
        ),
    ),
    (
        "TB-03",
        "Gladiator cost ≤ 40% cap",
        "{name} costs {cost} points; a gladiator may cost at most {cap} (40% of {budget}).",
        ("{name} {cost} pontba kerül; egy gladiátor legfeljebb {cap} pontba kerülhet ({budget} pont 40%-a)."),
    ),
    (
        "TB-04",
        "Each non-gladiator fighter ≤ 25% cap",
        ("{name} ({role}) costs {cost} points; one team member may cost at most {cap} (25% of {budget})."),
        ("{name} ({role}) {cost} pontba kerül; egy csapattag legfeljebb {cap} pontba kerülhet ({budget} pont 25%-a)."),
    ),
    (
        "TB-05",
        "Strategist ≤ 12% cap",
        "The strategist costs {cost} points; at most {cap} (12% of {budget}) is allowed.",
        ("A stratéga {cost} pontba kerül; legfeljebb {cap} pontba kerülhet ({budget} pont 12%-a)."),
    ),
    (
        "TB-06",
        "Every stat inside its range (HR-9.3)",
        "{name}: {stat} {value} is outside the allowed range {min}–{max} for a {role}.",
        ("{name}: {stat} {value} a megengedett tartományon kívül esik; egy {role} esetében a tartomány {min}–{max}."),
    ),
    (
        "TB-07",
        "Exactly 3 skills per fighter; none for the strategist",
        "{name} must have exactly 3 skills; it has {count}.",
        "{name}: pontosan 3 képzettség kell, most {count} van.",
    ),
    (
        "TB-08",
        "Skills only from the role's list (HR-4)",
        "{name} ({role}) cannot take {skill}. Allowed: {allowed}.",
        "{name} ({role}) nem választhatja ezt a képzettséget: {skill}. Választható: {allowed}.",
    ),
    (
        "TB-09",
        "No duplicate skill",
        "{name} has {skill} twice.",
        "{name}: {skill} kétszer szerepel a képzettségei között.",
    ),
    (
        "TB-10",
        "Type specials are not chosen skills",
        "{skill} comes only with the {type} gladiator type and cannot be chosen as a skill.",
        ("{skill} csak {type} típusú gladiátornak jár, képzettségként nem választható."),
    ),
    (
        "TB-11",
        "Gladiator type is one of the four",
        "Unknown gladiator type {type}. Choose Vértes, Kardművész, Hálóvető or Nehézvértes.",
        ("Ismeretlen gladiátortípus: {type}. Választható: Vértes, Kardművész, Hálóvető vagy Nehézvértes."),
    ),
    (
        "TB-12",
        "Pile holds 1–5 items besides the kit",
        ("The weapon pile holds {count} items; it must hold 1–5 besides the dagger, javelins and nets."),
        (
            "A fegyverhalomban {count} tárgy van; a tőrön, a hajítódárdákon és a dobóhálókon "
            "kívül 1–5 tárgynak kell benne lennie."
        ),
    ),
    (
        "TB-13",
        "Pile items exist and respect the type limits",
        "{item} is not allowed for a {type} gladiator.",
        "{item}: {type} típusú gladiátor nem használhatja.",
    ),
    (
        "TB-14",
        "Copies: at most 2 of a 1-hand weapon, 1 of anything else",
        "The pile holds {count} × {item}; only one-handed weapons may be doubled (for a pair).",
        ("A fegyverhalomban {count} × {item} van; csak egykezes fegyverből lehet kettő (párosfegyvernek)."),
    ),
    (
        "TB-15",
        "Starting grip is legal (HR-3.1) and taken from the pile",
        "Starting grip {grip} is not legal or not in the pile: {reason}.",
        "A kezdő fegyverzet ({grip}) nem szabályos, vagy nincs a fegyverhalomban: {reason}.",
    ),
    (
        "TB-16",
        "The kit is exactly: dagger, 3 javelins, 2 nets",
        ("The gladiator's kit must be exactly one dagger, three javelins and two nets (RB p.20)."),
        ("A gladiátor alapfelszerelése pontosan egy tőr, három hajítódárda és két dobóháló (szabálykönyv, 20. o.)."),
    ),
    (
        "TB-17",
        "Ammunition counts inside their ranges and even",
        "{name}: {count} {ammo} is not allowed; use an even number from {min} to {max}.",
        "{name}: {count} {ammo} nem megengedett; páros számot válassz {min} és {max} között.",
    ),
    (
        "TB-18",
        "Discs: 5–7 in all, at most 2 fixed, at most one fixed level-5",
        ("Spell discs: {problem}. Allowed: 5–7 discs, at most 2 of fixed level, at most one fixed level-5 disc."),
        (
            "Varázslatszint-jelző korongok: {problem}. Megengedett: összesen 5–7 korong, ebből "
            "legfeljebb 2 rögzített szintű, és ezek közül legfeljebb egy 5. szintű."
        ),
    ),
    (
        "TB-19",
        "Amulets: 3–4, known types, at most 1 per member",
        ("Amulets: {problem}. A team has 3 or 4 amulets and a member may wear only one (RB p.7)."),
        (
            "Amulettek: {problem}. Egy csapatnak 3 vagy 4 amulettje lehet, és egy tag csak egyet "
            "viselhet (szabálykönyv, 7. o.)."
        ),
    ),
    (
        "TB-20",
        (
            "ME tokens (if pre-assigned): one 2 and one 3, on two different fighters, never "
            "the witch-master or the strategist"
        ),
        ("ME tokens must be one of 2 and one of 3 on two different fighters other than the witch-master (RB p.7)."),
        (
            "ME-jelzőből egy 2-esnek és egy 3-asnak kell lennie, két különböző harcosnál, de "
            "egyik sem lehet a boszorkánymesternél (szabálykönyv, 7. o.)."
        ),
    ),
    (
        "TB-21",
        "Vials only with the option on; 1 per fighter; 3 per team; none for the strategist",
        "{name} cannot carry {vial}: {reason}.",
        "{name} nem vihet fiolát ({vial}): {reason}.",
    ),
    (
        "TB-22",
        "Armour: gladiator armour fixed by type; others leather only (RB p.11)",
        "{name}: {armour} is not allowed; {roles} wear {allowed}.",
        "{name}: {armour} nem megengedett; {roles} vértje: {allowed}.",
    ),
    (
        "TB-23",
        "Every member has a name of 1–40 characters; names are unique in the team",
        "Member {slot} needs a unique name of 1–40 characters.",
        "Egyedi, 1–40 karakteres nevet kell adni ennek a tagnak: {slot}.",
    ),
    (
        "TB-24",
        ("Campaign only: no dead or absent member is fielded; a missing role is filled by a hireling (HR-10.8)"),
        ("{name} is {status} and cannot play this match; hire a replacement or field a hireling."),
        (
            "{name} {status}, ezért nem játszhat ebben a mérkőzésben; toborozz helyette új "
            "tagot, vagy állíts ki zsoldost."
        ),
    ),
    (
        "TB-25",
        (
            "Rookie tier only: profiles, gladiator type, pile, ammunition, discs and amulets "
            "exactly as the base team; only names, the starting grip and skill swaps of equal "
            "cost may differ"
        ),
        "The Rookie tier plays the base team: {field} differs ({value}, base {base}).",
        ("Az Újonc kategóriában az alapcsapattal kell játszani: {field} eltér ({value}, az alapcsapatban {base})."),
    ),
)

# The rule itself in Hungarian (the summary column of HR-9.6).
_SUMMARIES_HU: Final = {
    "TB-01": (
        "Pontosan hat tag: 1 stratéga, 1 gladiátor, 1 boszorkánymester, 1 számszeríjász, 2 tőrvető "
        "(egy deasta, egy laeva) (RB p.4–5)"
    ),
    "TB-02": "A csapat értéke legfeljebb a kategória kerete",
    "TB-03": "A gladiátor legfeljebb a keret 40%-a",
    "TB-04": "Minden más harcos legfeljebb a keret 25%-a",
    "TB-05": "A stratéga legfeljebb a keret 12%-a",
    "TB-06": "Minden érték a megengedett tartományban (HR-9.3)",
    "TB-07": "Harcosonként pontosan 3 képzettség; a stratégának egy sem",
    "TB-08": "Képzettség csak a szerep listájáról (HR-4)",
    "TB-09": "Egy képzettség sem kétszer",
    "TB-10": "A gladiátortípus különlegességei nem választható képzettségek",
    "TB-11": "A gladiátortípus a négy közül való",
    "TB-12": "A fegyverhalomban a készleten kívül 1–5 tárgy",
    "TB-13": "A halom tárgyai léteznek, és megfelelnek a típus korlátainak",
    "TB-14": "Példányok: egykezes fegyverből legfeljebb 2, minden másból 1",
    "TB-15": "A kezdő fogás szabályos (HR-3.1), és a halomból való",
    "TB-16": "A készlet pontosan: tőr, 3 hajítódárda, 2 dobóháló",
    "TB-17": "A lőszer a tartományán belül, páros számú",
    "TB-18": "Korongok: összesen 5–7, legfeljebb 2 fix, ebből legfeljebb egy 5. szintű",
    "TB-19": "Amulettek: 3–4, ismert fajták, tagonként legfeljebb egy",
    "TB-20": (
        "Mágiaellenállás-jelzők (ha előre kiosztják): egy 2-es és egy 3-as, két különböző harcosnál, "
        "soha nem a boszorkánymesternél vagy a stratégánál"
    ),
    "TB-21": "Fiola csak bekapcsolt opcióval; harcosonként 1, csapatonként 3; a stratégának egy sem",
    "TB-22": "Páncél: a gladiátoré a típusától függ, a többieké csak bőr (RB p.11)",
    "TB-23": "Minden tagnak 1–40 karakteres neve van; a nevek a csapatban egyediek",
    "TB-24": ("Csak kampányban: halott vagy távol lévő tag nem állhat ki; hiányzó szerepet zsoldos tölt be (HR-10.8)"),
    "TB-25": (
        "Csak az Újonc kategóriában: értékek, gladiátortípus, fegyverhalom, lőszer, korongok és amulettek "
        "pontosan az alapcsapatéi; csak a nevek, a kezdő fogás és az azonos árú képzettségcserék térhetnek el"
    ),
}

VALIDATION_RULES: Final[Mapping[str, ValidationRule]] = make_catalog(
    ValidationRule(rule_id, summary, template, template_hu, "HR-9.6", _SUMMARIES_HU[rule_id])
    for rule_id, summary, template, template_hu in _HR_9_6
)
