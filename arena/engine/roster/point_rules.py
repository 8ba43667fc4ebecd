"""Every point rule of a team (HR-9): the price (``roster_costs``) and the rules TB-01 … TB-25 of
HR-9.6 (``validate_roster``), each rule one small named validator.

``validate_roster`` runs the validators of ``VALIDATORS`` in rule order and returns every broken
rule, not only the first: ordered by rule id, then by the members' sheet order. A ``Problem`` has
the rule id as ``code``, the HR-9.6 message with its placeholders filled (templates from
``points.VALIDATION_RULES``) and a dotted ``path`` to the field (``members.gladiator.stats.te``,
``amulets``, ``tier``; ``members`` for the line-up as a whole, ``""`` for the whole team).

Every problem carries its message in English (``message``) and Hungarian (``message_hu``): a
validator passes its values once, as names, numbers and the references of
:mod:`arena.engine.roster.labels` (``RoleRef(role)``, ``StatRef(stat)``, ``SkillRef(id)`` …), and
``problem`` renders them in each language. A member is called by his name (by his slot's name while
he has none). Members in unknown slots are reported by TB-01 alone. Where HR-9.6 is loose the
reading is a one-line comment citing the rule; the pricing readings are in
:mod:`arena.engine.roster.pricing`, whose names this module re-exports.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from arena.engine.content.amulets import (
    AMULETS,
    ME_TOKEN_VALUES,
    OPTIONAL_RULES,
    STANDARD_AMULET_SET,
    VIAL_FORBIDDEN_ROLES,
    VIALS,
    VIALS_PER_TEAM,
    can_hold_me_token,
)
from arena.engine.content.common import STATS, Role
from arena.engine.content.discs import DISC_POOL, DISCS_DRAWN
from arena.engine.content.points import (
    AMMO_RULES,
    MAX_AMULETS,
    MAX_FIXED_DISCS,
    MAX_FIXED_LEVEL_5_DISCS,
    MIN_AMULETS,
    PILE_MAX_ITEMS,
    PILE_MIN_ITEMS,
    TIERS,
    TRAP_CARDS_KEPT,
    TRAP_INSIGHT_COSTS,
    VALIDATION_RULES,
    stat_rules,
)
from arena.engine.content.profiles import GLADIATOR, MEMBER_SLOTS, PROFILES, STRATEGIST, WITCH_MASTER, Ammo
from arena.engine.content.skills import SKILLS_PER_FIGHTER, TYPE_SPECIALS, skills_for_role
from arena.engine.content.weapons import DAGGER, KIT, WEAPONS, is_legal_grip, item_allowed_for_type, pile_copy_excess
from arena.engine.roster import ABSENT, DEAD, MEMBER_NAME_MAX_LENGTH, Problem, Roster, buyable_ammo
from arena.engine.roster.labels import (
    AllowedArmourRef,
    AmmoRef,
    ArmourRef,
    ItemRef,
    Localized,
    Phrase,
    Quoted,
    RoleRef,
    SkillRef,
    SlotRef,
    StatRef,
    StatusRef,
    Text,
    TierRef,
    TypeRef,
    VialRef,
    grip_reason,
    items_ref,
    listing,
    localized_problem,
    or_listing,
    phrase,
)
from arena.engine.roster.limits import capped_rule
from arena.engine.roster.pricing import TYPE_BOUND_STATS, MemberCost, RosterCosts, priced_type, roster_costs
from arena.engine.roster.rookie import AMULETS_FIELD, amulets_listing, differences_from_base
from arena.engine.roster.rule_context import Entry, RuleContext, gladiator_type_of, is_kit_item, problem, rule_context

__all__ = [
    "RULE_IDS",
    "VALIDATORS",
    "MemberCost",
    "RosterCheck",
    "RosterCosts",
    "RuleContext",
    "Validator",
    "check_roster",
    "roster_costs",
    "validate_roster",
]

LEVEL_5: Final = max(DISC_POOL)  # the top disc level, of which one may be fixed (TB-18)
FIGHTER_ROLES: Final = (Role.GLADIATOR, Role.WITCH_MASTER, Role.CROSSBOWMAN, Role.DAGGER_THROWER)


# --- TB-01 … TB-05: line-up, budget and caps ------------------------------------------------------


def check_tb01_six_members(ctx: RuleContext) -> Iterator[Problem]:
    """Exactly one member in each of the six slots (RB p.4–5)."""
    counts = Counter(e.slot for e in ctx.entries)
    missing = [SlotRef(slot) for slot in MEMBER_SLOTS if counts[slot] == 0]
    extra = [SlotRef(e.slot) for e in ctx.entries if e.key != e.slot or e.role is None]
    if missing or extra:
        yield problem("TB-01", "members", missing=listing(missing), extra=listing(extra))


def check_tb02_budget(ctx: RuleContext) -> Iterator[Problem]:
    """Team value within the tier's budget; an unknown tier is reported here."""
    if ctx.tier is None:
        choices = or_listing(Text(t.id, f"{t.id} ({t.name_hu})") for t in TIERS.values())
        message = phrase(
            "Unknown tier {tier}; choose {choices}.",
            "Ismeretlen kategória: {tier}. Választható: {choices}.",
            tier=Quoted(ctx.roster.tier),
            choices=choices,
        )
        yield localized_problem("TB-02", "tier", message)
        return
    value, budget = ctx.costs.total, ctx.tier.budget
    if ctx.tier_binds and value > budget:
        # TB-02: the team value concerns the whole team, so the path is "" (no single field).
        yield problem(
            "TB-02",
            "",
            value=value,
            tier=TierRef(ctx.tier.id),
            budget=budget,
            excess=value - budget,
        )


def check_tb03_gladiator_cap(ctx: RuleContext) -> Iterator[Problem]:
    """The gladiator costs at most 40% of the budget (HR-9.1)."""
    if not ctx.tier_binds or ctx.tier is None:
        return
    for entry in ctx.in_roles(Role.GLADIATOR):
        cost = ctx.cost(entry)
        if cost.total > cost.cap:
            yield problem(
                "TB-03",
                entry.path(),
                name=entry.name,
                cost=cost.total,
                cap=cost.cap,
                budget=ctx.tier.budget,
            )


def check_tb04_member_cap(ctx: RuleContext) -> Iterator[Problem]:
    """Each non-gladiator fighter costs at most 25% of the budget (HR-9.1)."""
    if not ctx.tier_binds or ctx.tier is None:
        return
    for entry in ctx.in_roles(Role.WITCH_MASTER, Role.CROSSBOWMAN, Role.DAGGER_THROWER):
        cost = ctx.cost(entry)
        if entry.role is not None and cost.total > cost.cap:
            yield problem(
                "TB-04",
                entry.path(),
                name=entry.name,
                role=RoleRef(entry.role),
                cost=cost.total,
                cap=cost.cap,
                budget=ctx.tier.budget,
            )


def check_tb05_strategist_cap(ctx: RuleContext) -> Iterator[Problem]:
    """The strategist costs at most 12% of the budget (HR-9.1)."""
    if not ctx.tier_binds or ctx.tier is None:
        return
    for entry in ctx.in_roles(Role.STRATEGIST):
        cost = ctx.cost(entry)
        if cost.total > cost.cap:
            yield problem("TB-05", entry.path(), cost=cost.total, cap=cost.cap, budget=ctx.tier.budget)


# --- TB-06 … TB-11: stats, skills, type ---------------------------------------------------------


def check_tb06_stat_ranges(ctx: RuleContext) -> Iterator[Problem]:
    """Every stat inside its HR-9.3 range for his role (and, for the gladiator, his type)."""
    if ctx.campaign:
        return  # TB-06: HR-10.6 lets advances pass the maxima; injuries have no floor.
    for entry in ctx.known():
        yield from _stat_range_problems(entry)


def _stat_range_problems(entry: Entry) -> Iterator[Problem]:
    assert entry.role is not None
    gladiator_type = gladiator_type_of(entry)
    is_gladiator = entry.slot == GLADIATOR
    rules = stat_rules(entry.slot, priced_type(entry.member))
    for stat in STATS:
        value = entry.member.stats.get(stat)
        if value is None:
            continue  # TB-06: a stat left out is at its base (HR-9.3 prices from base).
        if is_gladiator and gladiator_type is None and stat in TYPE_BOUND_STATS:
            continue  # TB-06: with an unknown type (TB-11) there is no range for these.
        rule = rules.get(stat)
        low, high = (rule.minimum, rule.maximum) if rule is not None else (0, 0)
        # TB-06: a stat the role lacks ("–" on the sheet) may only be left out or 0.
        if not low <= value <= high:
            yield problem(
                "TB-06",
                entry.path("stats", stat.value),
                name=entry.name,
                stat=StatRef(stat),
                value=value,
                min=low,
                max=high,
                role=RoleRef(entry.role),
            )


def check_tb07_skill_count(ctx: RuleContext) -> Iterator[Problem]:
    """Exactly 3 skills per fighter; none for the strategist (HR-9.6 TB-07)."""
    for entry in ctx.in_roles(*FIGHTER_ROLES):
        count = len(entry.member.skills)
        if count != SKILLS_PER_FIGHTER:
            yield problem("TB-07", entry.path("skills"), name=entry.name, count=count)
    for entry in ctx.in_roles(Role.STRATEGIST):
        # TB-07: HR-9.6's message counts to 3; the strategist's rule is "none", said in its words.
        if entry.member.skills:
            message = phrase(
                "{name} must have no skills (a strategist has none); it has {count}.",
                "{name}: képzettsége nem lehet (a stratégának nincs képzettsége), most {count} van.",
                name=entry.name,
                count=len(entry.member.skills),
            )
            yield localized_problem("TB-07", entry.path("skills"), message)


def _chosen_skills(ctx: RuleContext) -> Iterator[Entry]:
    """The fighters, whose skills TB-08 … TB-10 judge one by one (the strategist's are TB-07's)."""
    return ctx.in_roles(*FIGHTER_ROLES)


def check_tb08_role_skills(ctx: RuleContext) -> Iterator[Problem]:
    """Skills only from the role's HR-4 list."""
    for entry in _chosen_skills(ctx):
        assert entry.role is not None
        allowed = [s.id for s in skills_for_role(entry.role)]
        for skill in dict.fromkeys(entry.member.skills):  # TB-08: a duplicate is TB-09's.
            if skill in TYPE_SPECIALS:
                continue  # TB-08: a type special chosen as a skill is TB-10's alone.
            if skill not in allowed:
                yield problem(
                    "TB-08",
                    entry.path("skills"),
                    name=entry.name,
                    role=RoleRef(entry.role),
                    skill=SkillRef(skill),
                    allowed=listing(SkillRef(s) for s in allowed),
                )


def check_tb09_duplicate_skills(ctx: RuleContext) -> Iterator[Problem]:
    """No skill twice on one member."""
    for entry in _chosen_skills(ctx):
        for skill, count in Counter(entry.member.skills).items():
            if count > 1:
                yield problem("TB-09", entry.path("skills"), name=entry.name, skill=SkillRef(skill))


def check_tb10_type_specials(ctx: RuleContext) -> Iterator[Problem]:
    """Type specials come with the gladiator type and are never chosen (HR-3.3)."""
    for entry in _chosen_skills(ctx):
        for skill in dict.fromkeys(entry.member.skills):
            special = TYPE_SPECIALS.get(skill)
            if special is not None:
                yield problem(
                    "TB-10",
                    entry.path("skills"),
                    skill=SkillRef(special.id),
                    type=TypeRef(special.gladiator_type),
                )


def check_tb11_gladiator_type(ctx: RuleContext) -> Iterator[Problem]:
    """The gladiator's type is one of HR-3.3's four; left out, it is the Vértes."""
    for entry in ctx.in_slot(GLADIATOR):
        if gladiator_type_of(entry) is None:
            yield problem("TB-11", entry.path("gladiator_type"), type=entry.member.gladiator_type)


# --- TB-12 … TB-16: the gladiator's pile, grip and kit ------------------------------------------


def check_tb12_pile_size(ctx: RuleContext) -> Iterator[Problem]:
    """1–5 pile items besides the free kit (HR-9.5)."""
    for entry in ctx.in_slot(GLADIATOR):
        # TB-12: kit items listed in the pile are TB-16's and do not count; unknown items count.
        count = sum(1 for item in entry.member.pile if not is_kit_item(item))
        if not PILE_MIN_ITEMS <= count <= PILE_MAX_ITEMS:
            yield problem("TB-12", entry.path("pile"), count=count)


def check_tb13_pile_items(ctx: RuleContext) -> Iterator[Problem]:
    """Pile items exist and respect the type's weapon limits (HR-3.3)."""
    for entry in ctx.in_slot(GLADIATOR):
        gladiator_type = gladiator_type_of(entry)
        for item in dict.fromkeys(entry.member.pile):
            if item not in WEAPONS:
                allowed = False
            elif is_kit_item(item) or gladiator_type is None:
                continue  # TB-13: kit items are TB-16's; an unknown type (TB-11) has no limits.
            else:
                allowed = item_allowed_for_type(gladiator_type, item)
            if not allowed:
                yield problem(
                    "TB-13",
                    entry.path("pile"),
                    item=ItemRef(item, capitalised=True),
                    type=TypeRef(entry.member.gladiator_type),
                )


def check_tb14_pile_copies(ctx: RuleContext) -> Iterator[Problem]:
    """At most 2 copies of a 1-hand weapon, 1 of anything else (HR-9.5)."""
    for entry in ctx.in_slot(GLADIATOR):
        known = [i for i in entry.member.pile if i in WEAPONS and not is_kit_item(i)]
        for item, count in pile_copy_excess(known).items():
            yield problem("TB-14", entry.path("pile"), count=count, item=ItemRef(item))


def check_tb15_starting_grip(ctx: RuleContext) -> Iterator[Problem]:
    """The starting grip is a legal HR-3.1 grip for his type, taken from the pile."""
    for entry in ctx.in_slot(GLADIATOR):
        grip = entry.member.starting_grip
        # TB-15: an empty grip is the belt dagger, which is always at hand and never in the pile.
        label = items_ref(grip) if grip else ItemRef(DAGGER)
        check = is_legal_grip(grip, gladiator_type_of(entry))
        reasons: list[Localized] = [] if check else [grip_reason(check.reason or "")]
        reasons += _grip_items_missing_from_pile(grip, entry.member.pile)
        for reason in reasons:
            yield problem("TB-15", entry.path("starting_grip"), grip=label, reason=reason)


def _grip_items_missing_from_pile(grip: Iterable[str], pile: Iterable[str]) -> Iterator[Phrase]:
    in_pile = Counter(pile)
    for item, wanted in Counter(grip).items():
        if item == DAGGER or item not in WEAPONS or WEAPONS[item].is_kit:
            continue  # TB-15: the dagger is on the belt; unknown and thrown items are illegal.
        held = in_pile[item]
        if held == 0:
            yield phrase("the pile holds no {item}", "a fegyverhalomban nincs {item}", item=ItemRef(item))
        elif held < wanted:
            yield phrase(
                "the pile holds only {count} × {item}",
                "a fegyverhalomban csak {count} × {item} van",
                count=held,
                item=ItemRef(item),
            )


def check_tb16_kit(ctx: RuleContext) -> Iterator[Problem]:
    """The kit is exactly the dagger, 3 javelins and 2 nets; it cannot be added to (HR-9.5)."""
    for entry in ctx.in_slot(GLADIATOR):
        if dict(entry.member.kit) != dict(KIT):
            yield problem("TB-16", entry.path("kit"))
        if any(is_kit_item(item) for item in entry.member.pile):
            yield problem("TB-16", entry.path("pile"))  # TB-16: kit items in the pile add to it.


# --- TB-17 … TB-21: supplies, discs, amulets, ME tokens, vials -----------------------------------


def check_tb17_ammunition(ctx: RuleContext) -> Iterator[Problem]:
    """Bolts 8–16 and throwing daggers 6–12, even; the strategist draws 3, 4 or 5 trap cards."""
    for entry in ctx.known():
        for ammo in buyable_ammo(entry.slot):
            count = entry.member.ammunition.get(ammo)
            rule = AMMO_RULES[ammo]
            if count is not None and not rule.allowed(count):
                yield problem(
                    "TB-17",
                    entry.path("ammunition", ammo.value),
                    name=entry.name,
                    count=count,
                    ammo=AmmoRef(ammo),
                    min=rule.minimum,
                    max=rule.maximum,
                )
        drawn = entry.member.trap_cards_drawn
        # TB-17: trap insight (HR-9.5) is the strategist's supply of trap cards (HR-2.1 row). He
        # draws 3, 4 or 5 (no even rule), so the message says so instead of HR-9.6's "even number".
        if entry.slot == STRATEGIST and drawn is not None and drawn not in TRAP_INSIGHT_COSTS:
            message = phrase(
                "{name}: {count} trap cards drawn is not allowed; draw {choices} and keep {kept} "
                "(trap insight, HR-9.5).",
                "{name}: {count} húzott csapdakártya nem megengedett; {choices} lapot lehet húzni, ebből "
                "{kept} marad (csapdabetekintés, HR-9.5).",
                name=entry.name,
                count=drawn,
                choices=or_listing(sorted(TRAP_INSIGHT_COSTS)),
                kept=TRAP_CARDS_KEPT,
            )
            yield localized_problem("TB-17", entry.path("trap_cards_drawn"), message)


def check_tb18_discs(ctx: RuleContext) -> Iterator[Problem]:
    """5–7 discs in all, at most 2 of them fixed, at most one fixed level-5, levels 1–5."""
    for entry in ctx.in_slot(WITCH_MASTER):
        rule = AMMO_RULES[Ammo.SPELL_DISCS]
        count = DISCS_DRAWN if entry.member.disc_count is None else entry.member.disc_count
        if not rule.allowed(count):
            what = phrase(
                "{name} takes {count}",
                "{name} {count} korongot visz",
                name=entry.name,
                count=count,
            )
            yield _discs(entry, "disc_count", what)
        fixed = entry.member.fixed_discs
        if len(fixed) > MAX_FIXED_DISCS:
            what = phrase("{count} discs of fixed level", "{count} rögzített szintű korong", count=len(fixed))
            yield _discs(entry, "fixed_discs", what)
        top = fixed.count(LEVEL_5)
        if top > MAX_FIXED_LEVEL_5_DISCS:
            what = phrase(
                "{count} fixed level-{level} discs",
                "{count} rögzített {level}. szintű korong",
                count=top,
                level=LEVEL_5,
            )
            yield _discs(entry, "fixed_discs", what)
        for level in dict.fromkeys(fixed):
            if level not in DISC_POOL:
                what = phrase("there is no level-{level} disc", "nincs {level}. szintű korong", level=level)
                yield _discs(entry, "fixed_discs", what)


def _discs(entry: Entry, field: str, what: Phrase) -> Problem:
    return problem("TB-18", entry.path(field), problem=what)


def check_tb19_amulets(ctx: RuleContext) -> Iterator[Problem]:
    """3 or 4 amulets of known types; one per member is the sheet's single amulet field."""
    count = len(ctx.roster.amulets)
    if not MIN_AMULETS <= count <= MAX_AMULETS:
        what = phrase("the team has {count}", "a csapatnak {count} amulettje van", count=count)
        yield problem("TB-19", "amulets", problem=what)
    for entry in ctx.known():
        amulet = entry.member.amulet
        if amulet is not None and amulet not in AMULETS:
            what = phrase(
                "{name} wears {amulet}, which is not an amulet type",
                "{name} amulettje ({amulet}) ismeretlen",
                name=entry.name,
                amulet=Quoted(amulet),
            )
            yield problem("TB-19", entry.path("amulet"), problem=what)


def check_tb20_me_tokens(ctx: RuleContext) -> Iterator[Problem]:
    """If pre-assigned: one token of 2 and one of 3, on two fighters other than the
    witch-master, never the strategist (RB p.7, HR-12 ruling 32)."""
    holders = [e for e in ctx.known() if e.member.me_token is not None]
    if not holders:
        return  # TB-20: no token pre-assigned; they are handed out at setup.
    refused = False
    for entry in holders:
        assert entry.role is not None
        if entry.member.me_token not in ME_TOKEN_VALUES or not can_hold_me_token(entry.role):
            refused = True
            yield problem("TB-20", entry.path("me_token"))
    values = Counter(e.member.me_token for e in holders)
    # TB-20: pre-assignment is all or nothing: once one token is placed, both are, once each. The
    # team-wide line says what a refused token's line says already, so it comes only without one.
    if not refused and any(values[v] != 1 for v in ME_TOKEN_VALUES):
        yield problem("TB-20", "members")


def check_tb21_vials(ctx: RuleContext) -> Iterator[Problem]:
    """Vials only under their option; none for the strategist; at most 3 per team (HR-7)."""
    carried = 0
    for entry in ctx.known():
        vial = entry.member.vial
        if vial is None:
            continue
        reason = _vial_refusal(ctx, entry, vial, carried)
        if reason is None:
            carried += 1  # TB-21: only vials allowed otherwise count towards the 3.
        else:
            known = VIALS.get(vial)
            label: Localized = Text(f"a {known.name_en.lower()}", VialRef(vial)) if known else Quoted(vial)
            yield problem("TB-21", entry.path("vial"), name=entry.name, vial=label, reason=reason)


def _vial_refusal(ctx: RuleContext, entry: Entry, vial: str, carried: int) -> Phrase | None:
    known = VIALS.get(vial)
    if known is None:
        return phrase("there is no such vial", "ilyen fiola nincs")
    if entry.role in VIAL_FORBIDDEN_ROLES:
        return phrase("the strategist carries no vial (HR-7)", "a stratéga semmilyen fiolát nem vihet (HR-7)")
    if known.option not in ctx.roster.options:
        option = OPTIONAL_RULES[known.option]
        return phrase(
            "the optional rule {option} ({flag}) is off",
            "nincs bekapcsolva a hozzá tartozó opcionális szabály ({option}, {flag})",
            option=Text(option.name_en, option.name_hu),
            flag=option.flag,
        )
    if carried >= VIALS_PER_TEAM:
        return phrase(
            "a team carries at most {count} vials (HR-7)",
            "egy csapat legfeljebb {count} fiolát vihet (HR-7)",
            count=VIALS_PER_TEAM,
        )
    return None


# --- TB-22 … TB-25: armour, names, campaign, Rookie tier -----------------------------------------


def check_tb22_armour(ctx: RuleContext) -> Iterator[Problem]:
    """Gladiators wear metal (every type's armour is metal, HR-3.3), the other fighters leather,
    the strategist none: the base profile's armour class (RB p.11)."""
    for entry in ctx.known():
        assert entry.role is not None
        allowed = PROFILES[entry.slot].armour
        if entry.member.armour != allowed.value:
            yield problem(
                "TB-22",
                entry.path("armour"),
                name=entry.name,
                armour=ArmourRef(entry.member.armour),
                roles=RoleRef(entry.role, plural=True),
                allowed=AllowedArmourRef(allowed),
            )


def check_tb23_names(ctx: RuleContext) -> Iterator[Problem]:
    """Every member named, 1–40 characters, no two alike."""
    seen: set[str] = set()
    for entry in ctx.known():
        # TB-23: a name of spaces is none; names are compared trimmed, ignoring case; the 40
        # characters count the name as written (it is kept so, spaces and all).
        name = entry.member.name.strip()
        unique = name.casefold() not in seen
        seen.add(name.casefold())
        if not (name and len(entry.member.name) <= MEMBER_NAME_MAX_LENGTH and unique):
            yield problem("TB-23", entry.path("name"), slot=SlotRef(entry.slot))


def check_tb24_campaign_status(ctx: RuleContext) -> Iterator[Problem]:
    """Campaign matches field no dead or absent member; a hireling may stand in (HR-10.8)."""
    if not ctx.campaign:
        return
    for entry in ctx.known():
        if entry.member.status in (DEAD, ABSENT):
            yield problem(
                "TB-24",
                entry.path("status"),
                name=entry.name,
                status=StatusRef(entry.member.status),
            )


def check_tb25_rookie_base_team(ctx: RuleContext) -> Iterator[Problem]:
    """The Rookie tier plays the base team: only names, the starting grip and skill swaps of
    equal cost may differ (and ME tokens, handed out at setup)."""
    if ctx.tier is None or not ctx.tier.base_team_only or ctx.campaign:
        return
    for entry in ctx.known():
        for path, field, value, base in differences_from_base(entry):
            yield problem("TB-25", path, field=field, value=value, base=base)
    amulets = ctx.roster.amulets
    if Counter(amulets) != Counter(STANDARD_AMULET_SET):
        yield problem(
            "TB-25",
            "amulets",
            field=AMULETS_FIELD,
            value=amulets_listing(amulets),
            base=amulets_listing(STANDARD_AMULET_SET),
        )


# --- The registry and the entry point ----------------------------------------------------------

Check = Callable[[RuleContext], Iterable[Problem]]


@dataclass(frozen=True)
class Validator:
    """One rule of HR-9.6 and the function that checks it."""

    rule_id: str
    check: Check

    @property
    def summary(self) -> str:
        return VALIDATION_RULES[self.rule_id].summary


VALIDATORS: Final[tuple[Validator, ...]] = (
    Validator("TB-01", check_tb01_six_members),
    Validator("TB-02", check_tb02_budget),
    Validator("TB-03", check_tb03_gladiator_cap),
    Validator("TB-04", check_tb04_member_cap),
    Validator("TB-05", check_tb05_strategist_cap),
    Validator("TB-06", check_tb06_stat_ranges),
    Validator("TB-07", check_tb07_skill_count),
    Validator("TB-08", check_tb08_role_skills),
    Validator("TB-09", check_tb09_duplicate_skills),
    Validator("TB-10", check_tb10_type_specials),
    Validator("TB-11", check_tb11_gladiator_type),
    Validator("TB-12", check_tb12_pile_size),
    Validator("TB-13", check_tb13_pile_items),
    Validator("TB-14", check_tb14_pile_copies),
    Validator("TB-15", check_tb15_starting_grip),
    Validator("TB-16", check_tb16_kit),
    Validator("TB-17", check_tb17_ammunition),
    Validator("TB-18", check_tb18_discs),
    Validator("TB-19", check_tb19_amulets),
    Validator("TB-20", check_tb20_me_tokens),
    Validator("TB-21", check_tb21_vials),
    Validator("TB-22", check_tb22_armour),
    Validator("TB-23", check_tb23_names),
    Validator("TB-24", check_tb24_campaign_status),
    Validator("TB-25", check_tb25_rookie_base_team),
)
RULE_IDS: Final[tuple[str, ...]] = tuple(v.rule_id for v in VALIDATORS)


def validate_roster(roster: Roster, *, campaign: bool = False) -> tuple[Problem, ...]:
    """Every broken rule of HR-9.6, by rule id then sheet order; empty when the team is valid. A
    rule broken more than ``limits.MAX_PROBLEMS_PER_KIND`` times lists that many, then a line
    counting the rest (a team of six never comes near it).

    ``campaign``: the team is fielded in a campaign match, so TB-24 applies, and per HR-10.6 the
    tier rules (budget and caps TB-02–TB-05, ranges TB-06, the Rookie tier TB-25) do not, as
    tiers are checked only when a team registers and advances may pass the HR-9.3 maxima.
    """
    return check_roster(roster, campaign=campaign).problems


@dataclass(frozen=True)
class RosterCheck:
    """What one check of a roster found: its price (``roster_costs``) and every broken rule."""

    costs: RosterCosts
    problems: tuple[Problem, ...]


def check_roster(roster: Roster, *, campaign: bool = False) -> RosterCheck:
    """:func:`validate_roster` with the price the validators judged (the budget and caps need it),
    for a caller that shows both: the roster is priced once."""
    ctx = rule_context(roster, campaign=campaign)
    return RosterCheck(ctx.costs, tuple(p for validator in VALIDATORS for p in capped_rule(validator.check(ctx))))
