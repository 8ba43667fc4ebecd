"""The rules reference's entries, read from the rules document (``rules_document()``,
docs/rules-json.md) in the reader's language.

Every entry is one item of the document: a spell, a trap card, a skill, a weapon, a gladiator type,
an amulet or magic-resistance token, a vial, an optional rule, a character profile, or one part of the
point rules (HR-9). Its numbers, its effect text and its source are the document's; this module only
arranges them as labelled facts. ``catalog(language)`` is built once per language and process.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from arena.engine.content.rules_json import rules_document
from common.i18n import hungarian_term, pick

from . import entry_words

Doc = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Link:
    kind: str
    id: str
    name: str


@dataclass(frozen=True, slots=True)
class Fact:
    label: str
    value: str = ""
    links: tuple[Link, ...] = ()


@dataclass(frozen=True, slots=True)
class Table:
    caption: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Quote:
    """The rulebook's words as printed (Hungarian) and the reading played, in the reader's language."""

    page: str
    text: str
    reading: str
    reading_source: str


@dataclass(frozen=True, slots=True)
class Entry:
    kind: str
    id: str
    name: str
    term: str  # the Hungarian term beside an English name ("" for Hungarian readers)
    group: str
    numbers: str  # the entry's main numbers on one line
    effect: str = ""
    facts: tuple[Fact, ...] = ()
    tables: tuple[Table, ...] = ()
    source: str = ""
    notes_source: str = ""
    names: tuple[str, ...] = field(default=())  # every name it is known by, for the search
    quotes: tuple[Quote, ...] = ()

    @property
    def line(self) -> str:
        """What it does, in one line: the effect text, or its numbers where it has none."""
        return self.effect or self.numbers


@dataclass(frozen=True, slots=True)
class Catalog:
    language: str
    entries: dict[tuple[str, str], Entry]

    def of_kind(self, kind: str) -> list[Entry]:
        return [entry for (entry_kind, _id), entry in self.entries.items() if entry_kind == kind]

    def get(self, kind: str, entry_id: str) -> Entry | None:
        return self.entries.get((kind, entry_id))


def fold(text: str) -> str:
    """Text for matching: case and accents ignored (``Villám`` and ``villam`` match)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def document() -> Doc:
    return rules_document()


@cache
def catalog(language: str) -> Catalog:
    """Every entry in ``language`` (``"hu"`` or ``"en"``)."""
    with translation.override(language):
        builder = _Builder(document(), language)
        entries: dict[tuple[str, str], Entry] = {}
        for entry in builder.all():
            key = (entry.kind, entry.id)
            if key in entries:
                raise ValueError(f"two rules-reference entries are {entry.kind}/{entry.id}")
            entries[key] = entry
        return Catalog(language, entries)


@dataclass(frozen=True, slots=True)
class GuidePart:
    """A part of "How a match goes", in the reader's language, its links resolved to names."""

    id: str
    name: str
    text: str
    source: str
    links: tuple[Link, ...]


@cache
def guide(language: str) -> tuple[GuidePart, ...]:
    """ "How a match goes" (the rules document's ``guide``); a link with an empty id is a kind's index."""
    book = catalog(language)
    with translation.override(language):
        titles = {slug: str(title) for slug, (title, _noun) in entry_words.KINDS.items()}
    parts = []
    for part in document()["guide"]:
        links = []
        for kind, entry_id in part["links"]:
            if not entry_id:
                links.append(Link(kind, "", titles[kind]))
                continue
            entry = book.get(kind, entry_id)
            if entry is None:
                raise ValueError(f"the guide's part {part['id']} links to no entry {kind}/{entry_id}")
            links.append(Link(kind, entry_id, entry.name))
        parts.append(
            GuidePart(
                part["id"],
                pick(part["name_hu"], part["name_en"], language),
                pick(part["text_hu"], part["text_en"], language),
                part["source"],
                tuple(links),
            )
        )
    return tuple(parts)


@cache
def entry_ids() -> frozenset[tuple[str, str]]:
    """Every (kind, id) the reference has a page for (the same in every language)."""
    return frozenset(catalog("en").entries)


def signed(value: int | None) -> str:
    if value is None:
        return "–"
    return f"+{value}" if value > 0 else str(value).replace("-", "−")


def shown(value: Any) -> str:
    return "–" if value is None else str(value)


def thrown_range(blocks: int | None) -> str:
    """A thrown weapon's reach as RB p.20 states it: the javelin "két blokk távolságra", the net its
    own block and the adjacent ones (one block, digest §12.1)."""
    if not blocks:
        return ""
    if blocks == 1:
        return _("own block + the adjacent blocks")
    return str(entry_words.RANGE_KINDS["blocks"]) % {"blocks": blocks}


def joined_sources(*sources: str) -> str:
    """Sources joined with "; ", each part once ("RB p.7" and "RB p.7; HR-12.32" read "RB p.7; HR-12.32")."""
    parts = [part.strip() for source in sources for part in source.split(";") if part.strip()]
    return "; ".join(dict.fromkeys(parts))


def points_text(cost: int | None) -> str:
    return "–" if cost is None else _("%(points)s pt") % {"points": cost}


class _Builder:
    def __init__(self, doc: Doc, language: str) -> None:
        self.doc = doc
        self.language = language
        self.stats = {s["id"]: s for s in doc["stats"]}
        self.roles = {r["id"]: r for r in doc["roles"]}
        self.point_names: dict[str, str] = {}
        self.named: dict[str, dict[str, Doc]] = {
            "skills": {s["id"]: s for s in doc["skills"]},
            "weapons": {w["id"]: w for w in [*doc["weapons"], *doc["ranged_weapons"]]},
            "gladiator-types": {t["id"]: t for t in doc["gladiator_types"]},
            "optional-rules": {o["id"]: o for o in doc["optional_rules"]},
            "amulets": {a["id"]: a for a in [*doc["amulets"], *doc["magic_resistance_tokens"]["tokens"]]},
        }

    # --- helpers --------------------------------------------------------------------------------

    def name(self, item: Doc) -> str:
        return pick(item["name_hu"], item["name_en"], self.language)

    def effect(self, item: Doc) -> str:
        return pick(item.get("effect_hu") or "", item.get("effect_en") or "", self.language)

    def stat(self, stat_id: str) -> str:
        """A value's label: ``TÉ`` for Hungarian readers, ``attack value (TÉ)`` for English ones."""
        stat = self.stats[stat_id]
        if self.language == "hu":
            return str(stat["name_hu"])
        return f"{stat['name_en']} ({stat['name_hu']})"

    def short(self, stat_id: str) -> str:
        return str(self.stats[stat_id]["name_hu"])

    def role(self, role_id: str) -> str:
        return self.name(self.roles[role_id])

    def link(self, kind: str, item_id: str) -> Link:
        return Link(kind, item_id, self.name(self.named[kind][item_id]))

    def links(self, kind: str, ids: Iterable[str]) -> tuple[Link, ...]:
        return tuple(self.link(kind, i) for i in dict.fromkeys(ids))

    def entry(
        self, kind: str, item: Doc, group: str, numbers: Iterable[str], facts: Iterable[Fact], **rest: Any
    ) -> Entry:
        return Entry(
            kind=kind,
            id=item["id"],
            name=self.name(item),
            term=hungarian_term(item["name_hu"], item["name_en"], self.language),
            group=group,
            numbers=" · ".join(n for n in numbers if n),
            effect=rest.pop("effect", self.effect(item)),
            facts=tuple(f for f in facts if f.value or f.links),
            source=rest.pop("source", item.get("source", "")),
            notes_source=rest.pop("notes_source", item.get("notes_source", "") or ""),
            names=(item["name_hu"], item["name_en"]),
            **rest,
        )

    def all(self) -> Iterable[Entry]:
        builders: list[Callable[[], Iterable[Entry]]] = [
            self.spells,
            self.traps,
            self.skills,
            self.weapons,
            self.gladiator_types,
            self.amulets,
            self.vials,
            self.optional_rules,
            self.profiles,
            self.points,
            self.team_rules,
        ]
        for build in builders:
            yield from build()

    # --- spells and traps -----------------------------------------------------------------------

    def spells(self) -> Iterable[Entry]:
        levels = {d["level"]: d for d in self.doc["spell_disc_pool"]["levels"]}
        for spell in self.doc["spells"]:
            disc = levels[spell["level"]]
            group = _("Level %(level)s · %(disc)s (%(count)s in the pool)") % {
                "level": spell["level"],
                "disc": self.name(disc),
                "count": disc["count"],
            }
            rng = spell["range"]
            range_text = str(entry_words.RANGE_KINDS[rng["kind"]]) % {"blocks": rng.get("blocks")}
            attack = spell["effect"].get("attack")
            if rng["kind"] == "blocks" and attack and attack["part"] == "lightning_attack":
                range_text = str(entry_words.OWN_BLOCK_PLUS) % {"blocks": rng["blocks"]}  # RB p.10
            spell_type = spell["spell_type"]
            if spell_type in entry_words.AMULET_NONE:
                amulet = Fact(_("Amulet that guards against it"), str(entry_words.AMULET_NONE[spell_type]))
            else:
                amulet = Fact(_("Amulet that guards against it"), links=self.links("amulets", [spell_type]))
            duration = str(entry_words.DURATIONS[spell["duration"]])
            if spell["has_instant_part"]:
                duration = _("instant, then %(duration)s") % {"duration": duration}
            choices = [pick(c["name_hu"], c["name_en"], self.language) for c in spell["effect"]["choices"]]
            strength = ""
            if spell["strength"] is not None:
                strength = _("strength %(strength)s") % {"strength": spell["strength"]}
            yield self.entry(
                "spells",
                spell,
                group,
                [
                    _("Level %(level)s") % {"level": spell["level"]},
                    f"{spell['man_cost']} MAN",
                    str(entry_words.SPELL_TYPES[spell["spell_type"]]),
                    range_text,
                    strength,
                ],
                [
                    Fact(_("Number in the rulebook"), str(spell["number"])),
                    Fact(_("Level"), str(spell["level"])),
                    Fact(_("Spell disc"), self.name(disc)),
                    Fact(
                        _("Cast with"),
                        _(
                            "a disc of level %(level)s among those he holds: the witch-master draws 6 at random "
                            "(or his team's number, some of them fixed) and may cast any spell whose level "
                            "matches one; the disc then goes back into the pool"
                        )
                        % {"level": spell["level"]},
                    ),
                    Fact(_("MAN to cast"), str(spell["man_cost"])),
                    Fact(_("Type"), str(entry_words.SPELL_TYPES[spell["spell_type"]])),
                    Fact(_("Range"), range_text),
                    Fact(_("Strength (E)"), shown(spell["strength"])),
                    Fact(_("Resistance"), str(entry_words.RESISTANCES[spell["resistance"]])),
                    Fact(_("Duration"), duration),
                    Fact(_("Takes effect"), str(entry_words.ONSETS[spell["onset"]])),
                    Fact(_("The caster chooses"), " / ".join(choices)),
                    amulet,
                ],
                quotes=tuple(
                    Quote(
                        q["page"], q["text"], pick(q["reading_hu"], q["reading_en"], self.language), q["reading_source"]
                    )
                    for q in spell["printed"]
                ),
            )

    def traps(self) -> Iterable[Entry]:
        for trap in self.doc["traps"]:
            condition, effect = trap["condition"], trap["effect"]
            attack = effect.get("attack")
            poison = effect.get("poison")
            play = str(entry_words.TRAP_PLAY[trap["kind"]]) % {"number": trap["number"], "man": trap["man_cost"]}
            if trap["gate_bound"]:
                play = f"{play} {entry_words.TRAP_GATE_PLAY}"
            yield self.entry(
                "traps",
                trap,
                str(entry_words.TRAP_KINDS[trap["kind"]]),
                [_("Card %(number)s") % {"number": trap["number"]}, f"{trap['man_cost']} MAN"],
                [
                    Fact(_("Card number"), str(trap["number"])),
                    Fact(_("Kind"), str(entry_words.TRAP_KINDS[trap["kind"]])),
                    Fact("MAN", str(trap["man_cost"])),
                    Fact(_("How it is played"), play),
                    Fact(_("Damage"), str(entry_words.TRAP_DAMAGE[trap["damage_unit"] or ""])),
                    Fact(_("Gate card"), str(entry_words.YES_NO[trap["gate_bound"]])),
                    Fact(_("Works in the central circle"), str(entry_words.YES_NO[trap["works_in_central_circle"]])),
                    Fact(_("Hits a character"), ", ".join(str(entry_words.TRIGGERS[t]) for t in condition["triggers"])),
                    Fact(_("Rings"), ", ".join(str(entry_words.RINGS[r]) for r in condition["rings"])),
                    Fact(
                        _("Within blocks of its hex"),
                        shown(condition["within_blocks"]) if condition["within_blocks"] else "",
                    ),
                    Fact(_("Attack value"), str(attack["value"]) if attack else ""),
                    Fact(_("Kitérés allowed"), str(entry_words.YES_NO[attack["dodge_allowed"]]) if attack else ""),
                    Fact(_("Poison strength"), str(poison["strength"]) if poison else ""),
                ],
                source=joined_sources(trap["source"], trap["rules_source"]),  # the card, then the card rules
            )

    # --- skills, weapons, gladiator types --------------------------------------------------------

    def skills(self) -> Iterable[Entry]:
        allowed_by: dict[str, list[str]] = {}
        for weapon in self.doc["weapons"]:
            for skill_id in weapon["skills"]:
                allowed_by.setdefault(skill_id, []).append(weapon["id"])
        for skill in self.doc["skills"]:
            man = str(skill["man_cost"])
            if skill["plus_attack_man"]:
                man = _("%(man)s + the attack's %(attack)s") % {"man": man, "attack": skill["plus_attack_man"]}
            gtype = skill["gladiator_type"]
            yield self.entry(
                "skills",
                skill,
                str(entry_words.SKILL_GROUPS[skill["is_type_special"]]),
                [
                    f"{man} MAN",
                    str(entry_words.TIMINGS[skill["timing"]]),
                    points_text(skill["point_cost"]) if skill["point_cost"] is not None else "",
                ],
                [
                    Fact("MAN", man),
                    Fact(_("When"), str(entry_words.TIMINGS[skill["timing"]])),
                    Fact(_("Who may take it"), ", ".join(self.role(r) for r in skill["roles"])),
                    Fact(_("Point cost"), points_text(skill["point_cost"]) if skill["point_cost"] is not None else ""),
                    Fact(_("Special of"), links=self.links("gladiator-types", [gtype] if gtype else [])),
                    Fact(
                        _("Needs"),
                        links=self.links("weapons", [skill["requires_item"]] if skill["requires_item"] else []),
                    ),
                    Fact(_("Not with"), links=self.links("weapons", skill["forbidden_items"])),
                    Fact(_("Weapons that allow it"), links=self.links("weapons", allowed_by.get(skill["id"], []))),
                ],
            )

    def weapons(self) -> Iterable[Entry]:
        flags = {
            "unbreakable": _("unbreakable"),
            "cannot_attack": _("cannot attack"),
            "reach": _("attacks an adjacent hex"),
            "prevents_takedown": _("prevents Földrevitel"),
            "no_skills": _("allows no skills"),
            "damages_stp": _("damages STP"),
        }
        for weapon in self.doc["weapons"]:
            in_pile = weapon["pile_cost"] is not None
            marks = [str(label) for key, label in flags.items() if weapon[key]]
            if not weapon["deals_damage"]:
                marks.append(_("deals no damage"))
            cost = (
                points_text(weapon["pile_cost"])
                if in_pile
                else _("%(count)s in the kit") % {"count": weapon["kit_count"]}
            )
            yield self.entry(
                "weapons",
                weapon,
                str(entry_words.WEAPON_GROUPS["pile" if in_pile else "kit"]),
                [
                    str(entry_words.HANDS[weapon["hands"]]),
                    f"{self.short('te')} {signed(weapon['te'])}",
                    f"{self.short('ve')} {signed(weapon['ve'])}",
                    f"Sp {signed(weapon['sp'])}",
                    cost,
                ],
                [
                    Fact(_("Hands"), str(entry_words.HANDS[weapon["hands"]])),
                    Fact(self.stat("te"), signed(weapon["te"])),
                    Fact(self.stat("ve"), signed(weapon["ve"])),
                    Fact(_("Extra damage (Sp)"), signed(weapon["sp"])),
                    Fact(_("Range"), thrown_range(weapon["range_blocks"])),
                    Fact(_("Cost in the pile") if in_pile else _("In the kit"), cost),
                    Fact(_("Marks"), ", ".join(marks)),
                    Fact(_("Skills it allows"), links=self.links("skills", weapon["skills"])),
                ],
            )
        for weapon in self.doc["ranged_weapons"]:
            yield self.entry(
                "weapons",
                weapon,
                str(entry_words.WEAPON_GROUPS["ranged"]),
                [self.role(weapon["role"]), str(entry_words.OWN_BLOCK_PLUS) % {"blocks": weapon["range_blocks"]}],
                [
                    Fact(_("Shot by"), self.role(weapon["role"])),
                    Fact(_("Ammunition"), str(entry_words.AMMUNITION[weapon["ammunition"]])),
                    Fact(_("Range"), str(entry_words.OWN_BLOCK_PLUS) % {"blocks": weapon["range_blocks"]}),
                ],
            )

    def gladiator_types(self) -> Iterable[Entry]:
        for gtype in self.doc["gladiator_types"]:
            armour = pick(gtype["armour_hu"], gtype["armour_en"], self.language)
            values = [
                ("te", "base_te"),
                ("ve", "base_ve"),
                ("mov", "mov"),
                ("ep", "ep"),
                ("eg", "eg"),
                ("sfe", "sfe"),
                ("stp", "stp"),
            ]
            yield self.entry(
                "gladiator-types",
                gtype,
                "",
                [
                    *(f"{self.short(stat)} {gtype[key]}" for stat, key in values),
                    _("frame %(points)s") % {"points": points_text(gtype["frame_cost"])},
                ],
                [
                    Fact(_("Armour"), armour),
                    *(Fact(self.stat(stat), str(gtype[key])) for stat, key in values),
                    Fact(_("STP lost before the crossbowman may shoot him"), str(gtype["crossbow_after"])),
                    Fact(_("STP lost before the dagger-throwers may shoot him"), str(gtype["daggers_after"])),
                    Fact(_("Weapons in hand at most"), str(gtype["max_hand_weapons"])),
                    Fact(_("Shield allowed"), str(entry_words.YES_NO[gtype["allows_shield"]])),
                    Fact(_("Two-handed weapons allowed"), str(entry_words.YES_NO[gtype["allows_two_handed"]])),
                    Fact(_("Frame cost"), points_text(gtype["frame_cost"])),
                    Fact(_("Cost over the Vértes"), points_text(gtype["type_cost"])),
                    Fact(_("Specials"), links=self.links("skills", gtype["specials"])),
                ],
                effect="",
            )

    # --- amulets, tokens, vials, optional rules --------------------------------------------------

    def amulets(self) -> Iterable[Entry]:
        for amulet in self.doc["amulets"]:
            kind = str(entry_words.SPELL_TYPES[amulet["protects_against"]])
            yield self.entry(
                "amulets",
                amulet,
                str(entry_words.AMULET_GROUPS["amulets"]),
                [_("against %(type)s spells") % {"type": kind}],
                [Fact(_("Protects against spells of type"), kind)],
            )
        tokens = self.doc["magic_resistance_tokens"]
        for token in tokens["tokens"]:
            yield self.entry(
                "amulets",
                token,
                str(entry_words.AMULET_GROUPS["tokens"]),
                [f"{self.short('me')} +{token['value']}"],
                [
                    Fact(self.stat("me"), f"+{token['value']}"),
                    Fact(_("Tokens per character"), str(tokens["per_character"])),
                    Fact(_("Not for"), ", ".join(self.role(r) for r in tokens["forbidden_roles"])),
                    Fact(_("Allowed with an amulet"), str(entry_words.YES_NO[tokens["with_amulet_allowed"]])),
                ],
                effect="",
                source=joined_sources(token["source"], tokens["source"]),
            )

    def vials(self) -> Iterable[Entry]:
        for vial in self.doc["vials"]:
            yield self.entry(
                "vials",
                vial,
                "",
                [points_text(vial["point_cost"]), f"{vial['man_cost']} MAN"],
                [
                    Fact(_("Point cost"), points_text(vial["point_cost"])),
                    Fact("MAN", str(vial["man_cost"])),
                    Fact(_("Type"), str(entry_words.SPELL_TYPES[vial["spell_type"]]) if vial.get("spell_type") else ""),
                    Fact(_("Allowed by"), links=self.links("optional-rules", [vial["option"]])),
                ],
            )

    def optional_rules(self) -> Iterable[Entry]:
        for rule in self.doc["optional_rules"]:
            applies = str(entry_words.OPTIONAL_DEFAULT[rule["default"]])
            yield self.entry(
                "optional-rules",
                rule,
                "",
                [rule["flag"]],
                [Fact(_("Flag"), rule["flag"]), Fact(_("When it applies"), applies)],
            )

    # --- profiles and points --------------------------------------------------------------------

    def profiles(self) -> Iterable[Entry]:
        stats = ["te", "ve", "ce", "ep", "eg", "me", "mov", "sfe", "stp"]
        for profile in self.doc["profiles"]:
            armour = pick(profile["armour_hu"], profile["armour_en"], self.language)
            ammo = ", ".join(
                f"{count} {entry_words.AMMUNITION.get(kind, kind)}" for kind, count in profile["ammunition"]
            )
            yield self.entry(
                "profiles",
                profile,
                "",
                [self.role(profile["role"]), *(f"{self.short(s)} {shown(profile[s])}" for s in stats[:7])],
                [
                    Fact(_("Role"), self.role(profile["role"])),
                    Fact(_("Sheet label"), profile["sheet_label"]),
                    Fact(_("Armour"), armour),
                    Fact(_("Ammunition"), ammo),
                    Fact(
                        _("Gladiator type"),
                        links=self.links(
                            "gladiator-types", [profile["gladiator_type"]] if profile["gladiator_type"] else []
                        ),
                    ),
                    Fact(_("Sidearm"), links=self.links("weapons", [profile["sidearm"]] if profile["sidearm"] else [])),
                    Fact(_("Skills"), links=self.links("skills", profile["skills"])),
                    Fact(_("Weapon pile"), links=self.links("weapons", profile["pile"])),
                    Fact(_("Starting grip"), links=self.links("weapons", profile["default_grip"])),
                ],
                tables=(
                    Table(
                        _("Profile"), tuple(self.short(s) for s in stats), (tuple(shown(profile[s]) for s in stats),)
                    ),
                ),
            )

    def team_rules(self) -> Iterable[Entry]:
        """The team-building rules TB-01 … TB-25 (HR-9.6): the rule, its message, where it is explained."""
        for rule in self.doc["points"]["validation_rules"]:
            message = pick(rule["message_template_hu"], rule["message_template"], self.language)
            yield Entry(
                kind="team-rules",
                id=rule["id"],
                name=rule["id"],
                term="",
                group="",
                numbers="",
                effect=pick(rule["summary_hu"], rule["summary"], self.language),
                facts=tuple(
                    f
                    for f in (
                        Fact(_("The builder says"), message),
                        Fact(_("Explained in"), links=_team_rule_links(self, rule["id"])),
                    )
                    if f.value or f.links
                ),
                source=rule["source"],
                names=(rule["id"],),
            )

    def points(self) -> Iterable[Entry]:
        pts = self.doc["points"]
        slots = {p["id"]: p for p in self.doc["profiles"]}

        def slot_name(slot: str) -> str:
            if slot.startswith("gladiator:"):
                gtype = self.named["gladiator-types"][slot.split(":", 1)[1]]
                return f"{self.name(slots['gladiator'])}: {self.name(gtype)}"
            return self.name(slots[slot])

        def part(
            part_id: str,
            name: str,
            numbers: list[str],
            tables: list[Table],
            facts: Iterable[Fact] = (),
            source: str = "",
        ) -> Entry:
            self.point_names[part_id] = name
            return Entry(
                kind="points",
                id=part_id,
                name=name,
                term="",
                group="",
                numbers=" · ".join(numbers),
                facts=tuple(facts),
                tables=tuple(tables),
                source=source or pts["source"],
                names=(name,),
            )

        tiers = pts["tiers"]
        yield part(
            "tiers",
            _("Budgets and caps"),
            [f"{self.name(t)} {t['budget']}" for t in tiers],
            [
                Table(
                    "",
                    (
                        _("Tier"),
                        _("Budget"),
                        _("Gladiator at most"),
                        _("Member at most"),
                        _("Strategist at most"),
                        _("Base team only"),
                    ),
                    tuple(
                        (
                            self.name(t),
                            str(t["budget"]),
                            str(t["caps"]["gladiator"]),
                            str(t["caps"]["member"]),
                            str(t["caps"]["strategist"]),
                            str(entry_words.YES_NO[t["base_team_only"]]),
                        )
                        for t in tiers
                    ),
                )
            ],
            source=tiers[0]["source"],
        )
        yield part(
            "base_team",
            _("The base team"),
            [f"{slot_name(s)} {c}" for s, c in pts["base_member_costs"].items()],
            [
                Table(
                    "",
                    (_("Member"), _("Points")),
                    tuple((slot_name(s), str(c)) for s, c in pts["base_member_costs"].items()),
                )
            ],
        )
        yield part(
            "frames",
            _("Frame costs"),
            [],
            [Table("", (_("Member"), _("Frame")), tuple((slot_name(s), str(c)) for s, c in pts["frames"].items()))],
        )
        stat_tables = []
        stat_source = ""
        for slot, rules in pts["stat_rules"].items():
            per_type = rules if isinstance(rules, dict) else {"": rules}
            for type_id, type_rules in per_type.items():
                caption = slot_name(f"{slot}:{type_id}" if type_id else slot)
                stat_source = stat_source or (type_rules[0]["source"] if type_rules else "")
                stat_tables.append(
                    Table(
                        caption,
                        (_("Value"), _("Points per step"), _("Minimum"), _("Base"), _("Maximum")),
                        tuple(
                            (
                                self.stat(r["stat"]),
                                shown(r["unit_cost"]) if r["unit_cost"] is not None else _("fixed"),
                                shown(r["minimum"]),
                                shown(r["base"]),
                                shown(r["maximum"]),
                            )
                            for r in type_rules
                        ),
                    )
                )
        yield part("stats", _("Raising and lowering values"), [], stat_tables, source=stat_source)
        skill_names = self.named["skills"]
        yield part(
            "skills",
            _("Skill costs"),
            [],
            [
                Table(
                    "",
                    (_("Skill"), _("Points")),
                    tuple((self.name(skill_names[s]), str(c)) for s, c in pts["skill_costs"].items()),
                )
            ],
        )
        pile = pts["pile"]
        weapons = self.named["weapons"]
        yield part(
            "pile",
            _("The weapon pile"),
            [_("%(min)s–%(max)s items") % {"min": pile["min_items"], "max": pile["max_items"]}],
            [
                Table(
                    "",
                    (_("Weapon"), _("Points"), _("Copies at most")),
                    tuple(
                        (self.name(weapons[w]), str(c), str(pile["copies_allowed"][w]))
                        for w, c in pile["item_costs"].items()
                    ),
                ),
                Table(
                    _("The kit (free)"),
                    (_("Weapon"), _("Count")),
                    tuple((self.name(weapons[w]), str(c)) for w, c in pile["kit"].items()),
                ),
            ],
            facts=[Fact(_("Items in the pile"), f"{pile['min_items']}–{pile['max_items']}")],
        )
        ammo = pts["ammunition"]
        yield part(
            "ammunition",
            _("Ammunition and spell discs"),
            [],
            [
                Table(
                    "",
                    (_("Supply"), _("Base"), _("Minimum"), _("Maximum"), _("Step"), _("Points per step")),
                    tuple(
                        (
                            str(entry_words.AMMUNITION[a["ammo"]]),
                            str(a["base"]),
                            str(a["minimum"]),
                            str(a["maximum"]),
                            str(a["step"]),
                            str(a["points_per_step"]),
                        )
                        for a in ammo.values()
                    ),
                )
            ],
            source=next(iter(ammo.values()))["source"],
        )
        fixed = pts["fixed_discs"]
        yield part(
            "fixed_discs",
            _("Fixed spell discs"),
            [],
            [],
            facts=[
                Fact(
                    _("What it buys"),
                    _(
                        "a disc of the level chosen when the team is built, instead of one drawn at random: "
                        "it costs %(points)s points per level, so a level-3 disc costs %(example)s"
                    )
                    % {"points": fixed["points_per_level"], "example": 3 * fixed["points_per_level"]},
                ),
                Fact(_("Points per disc level"), str(fixed["points_per_level"])),
                Fact(_("Fixed discs at most"), str(fixed["max_fixed"])),
                Fact(_("Fixed level-5 discs at most"), str(fixed["max_fixed_level_5"])),
            ],
            source=fixed["source"],
        )
        amulets = pts["amulets"]
        amulet_names = {a["id"]: self.name(a) for a in self.doc["amulets"]}
        yield part(
            "amulets",
            _("Amulets"),
            [],
            [],
            facts=[
                Fact(_("Amulets per team"), f"{amulets['min']}–{amulets['max']}"),
                Fact(_("The standard set"), ", ".join(amulet_names[a] for a in amulets["standard_set"])),
                Fact(_("A duplicate of the set costs"), points_text(amulets["duplicate_cost"])),
                Fact(_("An extra amulet costs"), points_text(amulets["extra_amulet_cost"])),
            ],
        )
        yield part(
            "trap_insight",
            _("Trap insight"),
            [],
            [
                Table(
                    "",
                    (_("Cards drawn"), _("Points")),
                    tuple((d, str(c)) for d, c in pts["trap_insight_costs"].items()),
                )
            ],
        )
        vial_names = {v["id"]: self.name(v) for v in self.doc["vials"]}
        yield part(
            "vials",
            _("Vials"),
            [],
            [Table("", (_("Vial"), _("Points")), tuple((vial_names[v], str(c)) for v, c in pts["vial_costs"].items()))],
        )


def _team_rule_links(builder: _Builder, rule_id: str) -> tuple[Link, ...]:
    titles = {slug: str(title) for slug, (title, _noun) in entry_words.KINDS.items()}
    links = []
    for kind, entry_id in entry_words.TEAM_RULE_TOPICS[rule_id]:
        if not entry_id:
            links.append(Link(kind, "", titles[kind]))
        elif kind == "points":
            links.append(Link(kind, entry_id, builder.point_names[entry_id]))
        else:
            links.append(builder.link(kind, entry_id))
    return tuple(links)
