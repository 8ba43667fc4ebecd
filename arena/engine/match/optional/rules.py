"""The optional rules (HR-7), refereed when the match's ``MatchOptions.optional`` names them.

- **Méregfiola** (``OPT_POISON_VIAL``): :class:`~arena.engine.match.actions.CoatWeapon`, 1 MAN, only
  when he could make a melee attack or throw a dagger now; the coating lasts for his next attack
  in this step and is gone with it (or when the step ends). If that attack takes ≥ 1 Ép from the
  target, 6 + d10 against Eg + d10: losing costs 3 Ép and −2 TÉ / −2 VÉ until the end of the next
  round (spell and trap modifiers' non-stacking group, HR-12 ruling 14); the poison amulet cancels
  it and is shown. A coated crossbowman shoots no bolt and a coated gladiator throws no javelin or
  net (the poison is on a weapon for a melee attack or a dagger).
- **Varázsital** (``OPT_POTION``): :class:`~arena.engine.match.actions.DrinkPotion`, 2 MAN in his own
  step, neither netted nor prone: 5 Ép, never above his maximum.
- **Lőszergyűjtés** (``OPT_AMMO_RECOVERY``): every bolt and thrown dagger lies on the target's hex
  after the roll (a strategist's in his tower); :class:`~arena.engine.match.actions.CollectAmmo` picks
  up every missile of his team's living owners on his hex for 1 MAN.
- **Vérszomjas közönség** (``OPT_BLOODTHIRSTY_CROWD``): from round 13, at the end of each round,
  each gladiator whose own attacks (poison included) took no Ép from the enemy gladiator that
  round loses 1 Ép; both falling at once is a draw (HR-12 ruling 24).
- **Közönség kegye** (``OPT_CROWD_FAVOUR``): the seat whose gladiator lost less Ép in the round
  gets a token; the re-roll is :mod:`arena.engine.match.optional.favour`.
- **Nyílt lapok** (``OPT_OPEN_INFORMATION``): every event is public
  (:class:`arena.engine.match.context.Context`) and every view shows every secret.

The vials are secret until used: the roster gives them (no event), and only ``VialUsed`` names one.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.engine.content.amulets import OPTIONAL_RULES, VIALS
from arena.engine.content.common import CombatValue, DamageUnit, Role
from arena.engine.match.actions import Action, MeleeAttack, RangedAttack, Throw
from arena.engine.match.context import Context
from arena.engine.match.events import Damaged, EffectAdded
from arena.engine.match.hooks import HOOKS
from arena.engine.match.magic.spell_effects import bleed, deaths_together, heal
from arena.engine.match.optional.actions import CoatWeapon, CollectAmmo, DrinkPotion
from arena.engine.match.optional.events import (
    AmmoCollected,
    AmmoLanded,
    BloodDrawn,
    CoatingEnded,
    CrowdVerdict,
    StonesThrown,
    VialPoisonResolved,
    VialUsed,
)
from arena.engine.match.optional.state import OptState
from arena.engine.match.rules.base import (
    ATTACK_MAN,
    HEXES,
    Scan,
    activate,
    actor,
    check_char,
    check_stated,
    fail,
    man_of,
)
from arena.engine.match.rules.melee import may_attack, melee_targets
from arena.engine.match.rules.ranged import ranged_options
from arena.engine.match.state import GLADIATOR, SEAT_OF, AttackSpec, MatchOptions, State
from arena.engine.match.traps.card_effects import deal, resist_poison
from arena.engine.roster import Roster
from arena.engine.roster.point_rules import check_tb21_vials
from arena.engine.roster.rule_context import rule_context

RULE = "HR-7"
POISON_VIAL = VIALS["poison_vial"]
POTION = VIALS["potion"]
COAT_MAN = POISON_VIAL.man_cost  # 1
POTION_MAN = POTION.man_cost  # 2
POISON_STRENGTH = POISON_VIAL.params["strength"]  # 6
POISON_AMULET = POISON_VIAL.spell_type or ""  # the poison neutraliser cancels it (RB p.7)
POISON_EP = POISON_VIAL.params["ep_damage"]  # 3
POISON_TE = POISON_VIAL.params["te_modifier"]  # -2
POISON_VE = POISON_VIAL.params["ve_modifier"]  # -2
POTION_EP = POTION.params["heal_ep"]  # 5
PICKUP_MAN = OPTIONAL_RULES["opt_ammo_recovery"].params["pickup_man"]  # 1
STONES_FROM_ROUND = OPTIONAL_RULES["opt_bloodthirsty_crowd"].params["from_round"]  # 13
STONES_EP = OPTIONAL_RULES["opt_bloodthirsty_crowd"].params["ep_loss"]  # 1
COATABLE = frozenset({"melee", "halberd", "dagger"})  # a melee weapon or a thrown dagger, never a bolt
MISSILES = frozenset({"bolt", "dagger"})  # what lies on the target's hex (javelins, nets are used up)
POISON_SOURCE = "poison vial"  # the EffectAdded source


def flag(rule: str) -> str:
    return OPTIONAL_RULES[rule].flag


# --- set-up ----------------------------------------------------------------------------------


def check_teams(teams: Sequence[Roster], options: MatchOptions) -> None:
    """The match's optional rules are the league's; a team must be built for those (HR-7).

    Refused with a ``ValueError`` naming the rule: an unknown rule id; a team built for a rule
    the match does not use (``Roster.options``); a team whose vials break TB-21 (a vial under a
    rule the team is not built for, an unknown vial, one on the strategist, more than 3). A team
    *not* built for a rule the match uses plays it anyway: the league's rules apply to all its
    matches, and a team that bought no vial simply has none.
    """
    unknown = sorted(options.optional - set(OPTIONAL_RULES))
    if unknown:
        raise ValueError(f"unknown optional rule {', '.join(unknown)} (HR-7: {', '.join(OPTIONAL_RULES)})")
    for roster in teams:
        name = roster.name or "a team"
        for rule in sorted(roster.options):
            if rule not in options.optional:
                known = OPTIONAL_RULES.get(rule)
                label = f"{known.flag} ({known.name_hu})" if known is not None else rule
                raise ValueError(f"{name} is built for {label}, which this match does not use (HR-7)")
        if any(m.vial is not None for m in roster.members):
            broken = next(check_tb21_vials(rule_context(roster)), None)  # the team validator's rule
            if broken is not None:
                raise ValueError(f"{name}: {broken.message} ({broken.code}, HR-7)")


# --- listing ----------------------------------------------------------------------------------


def char_options(s: State, c: int, found: list[Action]) -> list[Action]:
    """The optional rules' actions of the named character ``c``, added to ``found`` (his core
    actions, a fresh list), less the throws and bolts a coated weapon rules out."""
    o = s.opt
    assert o is not None
    if s.prone[c]:
        return found  # a prone character spends MAN only on standing up (HR-4)
    sheet = s.sheets[c]
    if o.coated == c:
        bolt = sheet.role is Role.CROSSBOWMAN
        found = [a for a in found if not (type(a) is Throw or (bolt and type(a) is RangedAttack))]
    vial = o.vials[c]
    if vial is not None:
        man = man_of(s, c)
        if vial == POISON_VIAL.id and o.poison and man >= COAT_MAN + ATTACK_MAN and _coatable(s, c, found):
            found.append(CoatWeapon(sheet.seat, sheet.id, COAT_MAN))
        elif vial == POTION.id and o.potion and man >= POTION_MAN:
            found.append(DrinkPotion(sheet.seat, sheet.id, POTION_MAN))
    if o.lying and o.ammo and man_of(s, c) >= PICKUP_MAN and _lying_here(s, o, c):
        found.append(CollectAmmo(sheet.seat, sheet.id, PICKUP_MAN))
    return found


def _can_throw_a_dagger(s: State, c: int) -> bool:
    """A dagger-thrower with a throw open now: the coating is "before an attack" (HR-7)."""
    return bool(ranged_options(s, c, Scan(s)))


def _coatable(s: State, c: int, found: list[Action]) -> bool:
    dagger = s.sheets[c].role is Role.DAGGER_THROWER
    return any(type(a) is MeleeAttack or (dagger and type(a) is RangedAttack) for a in found)


def _lying_here(s: State, o: OptState, c: int) -> list[tuple[int, int]]:
    """(owner, count) of the spent missiles of ``c``'s team's living owners on his hex."""
    here = s.pos[c]
    seat = s.sheets[c].seat
    return [(w, n) for w, h, n in o.lying if h == here and SEAT_OF[w] == seat and s.alive[w]]


def _opt(s: State, rule: str) -> OptState:
    o = s.opt
    if o is None or rule not in s.setup.options.optional:
        fail(f"this match does not use {flag(rule)}", RULE)
    return o


# --- the vials --------------------------------------------------------------------------------


def decide_coat(ctx: Context, a: CoatWeapon) -> None:
    s = ctx.state
    o = _opt(s, POISON_VIAL.option)
    c = check_char(s, a.seat, a.char)
    if o.vials[c] != POISON_VIAL.id:
        fail(f"{a.char} has no unused poison vial (one, once per match)", RULE)
    c = actor(s, a.seat, a.char)
    if s.prone[c]:
        fail("a prone character spends MAN only on standing up", "HR-4")
    reason = may_attack(s, c)
    if reason is not None:
        fail(f"the poison coats a weapon for an attack, and {reason[0]}", f"{RULE}, {reason[1]}")
    dagger = s.sheets[c].role is Role.DAGGER_THROWER and _can_throw_a_dagger(s, c)
    if not melee_targets(s, c) and not dagger:
        what = "a bolt cannot be coated" if s.sheets[c].role is Role.CROSSBOWMAN else "he has no attack to coat"
        fail(f"{what}: only a melee weapon with an enemy to strike, or a thrown dagger", RULE)
    man = man_of(s, c)
    if man < COAT_MAN + ATTACK_MAN:
        fail(f"the poison costs {COAT_MAN} MAN before a {ATTACK_MAN}-MAN attack; {a.char} has {man}", f"{RULE}, RB p.8")
    check_stated(a.man, COAT_MAN)
    activate(ctx, c)
    ctx.emit(VialUsed(a.seat, a.char, POISON_VIAL.id, COAT_MAN))


def decide_potion(ctx: Context, a: DrinkPotion) -> None:
    s = ctx.state
    o = _opt(s, POTION.option)
    c = check_char(s, a.seat, a.char)
    if o.vials[c] != POTION.id:
        fail(f"{a.char} has no unused potion (one, once per match)", RULE)
    if s.prone[c]:
        fail(f"{a.char} is prone: no potion while prone", RULE)
    if s.netted[c]:
        fail(f"{a.char} is netted: no potion while netted", RULE)
    c = actor(s, a.seat, a.char)  # in his own step
    man = man_of(s, c)
    if man < POTION_MAN:
        fail(f"the potion costs {POTION_MAN} MAN; {a.char} has {man}", f"{RULE}, RB p.8")
    check_stated(a.man, POTION_MAN)
    activate(ctx, c)
    ctx.emit(VialUsed(a.seat, a.char, POTION.id, POTION_MAN))
    heal(ctx, c, POTION_EP)  # never above his maximum


def after_attack(ctx: Context, spec: AttackSpec, ep_before: int) -> None:
    """After an attack's roll and hit (:func:`arena.engine.match.rules.damage.resolve`): the coated
    weapon's poison, the missile left on the target's hex, the bloodthirsty crowd's tally."""
    s = ctx.state
    o = s.opt
    assert o is not None
    a, t = spec.attacker, spec.target
    if o.coated == a and spec.weapon in COATABLE:
        ctx.emit(CoatingEnded(s.sheets[a].id, "his attack is made"))
        if s.ep[t] < ep_before and s.alive[t] and not s.over:
            _poison(ctx, a, t)
    if o.ammo and spec.weapon in MISSILES and s.pos[t] >= 0:
        ctx.emit(AmmoLanded(s.sheets[a].id, HEXES[s.pos[t]], 1))
    if o.bloodthirsty and GLADIATOR[a] and GLADIATOR[t] and s.camp[a] != s.camp[t] and not s.over:
        if s.ep[t] < ep_before:
            ctx.emit(BloodDrawn(s.sheets[a].id, s.sheets[t].id, ep_before - s.ep[t]))


def _poison(ctx: Context, a: int, t: int) -> None:
    """6 + d10 against Eg + d10; the poison amulet cancels it and is shown (HR-7, RB p.7)."""
    s = ctx.state
    aid, tid = s.sheets[a].id, s.sheets[t].id
    rolled = resist_poison(
        ctx, t, POISON_AMULET, POISON_STRENGTH, aid, (f"poison vial on {tid}", f"{aid}'s poison vial")
    )
    if rolled is None:
        return
    total, against = rolled
    poisoned = total > against
    ctx.emit(VialPoisonResolved(aid, tid, total, against, poisoned))
    if not poisoned:
        return
    deal(ctx, t, POISON_EP, DamageUnit.EP)
    if s.alive[t] and not s.over:
        last = s.round + 1  # until the end of the next round
        ctx.emit(EffectAdded(tid, CombatValue.TE.value, POISON_TE, POISON_SOURCE, last))
        ctx.emit(EffectAdded(tid, CombatValue.VE.value, POISON_VE, POISON_SOURCE, last))


def check_coated_shot(s: State, c: int, weapon: str) -> None:
    """A coated weapon is a melee weapon or a dagger: no bolt, javelin or net while coated."""
    o = s.opt
    if o is not None and o.coated == c and weapon not in COATABLE:
        fail(
            "his coated weapon is for a melee attack or a thrown dagger; a bolt, javelin or net cannot be coated", RULE
        )


# --- ammunition ---------------------------------------------------------------------------------


def decide_collect(ctx: Context, a: CollectAmmo) -> None:
    s = ctx.state
    o = _opt(s, "opt_ammo_recovery")
    c = actor(s, a.seat, a.char)
    if s.prone[c]:
        fail("a prone character spends MAN only on standing up", "HR-4")
    here = _lying_here(s, o, c)
    if not here:
        fail("no spent bolt or dagger of his team lies on his hex", RULE)
    man = man_of(s, c)
    if man < PICKUP_MAN:
        fail(f"picking up costs {PICKUP_MAN} MAN; {a.char} has {man}", f"{RULE}, RB p.8")
    check_stated(a.man, PICKUP_MAN)
    activate(ctx, c)
    owners = tuple(s.sheets[w].id for w, _ in here)
    counts = tuple(n for _, n in here)
    ctx.emit(AmmoCollected(a.seat, a.char, HEXES[s.pos[c]], owners, counts, PICKUP_MAN))


# --- the end of a step and of a round -----------------------------------------------------------


def step_ending(ctx: Context) -> None:
    s = ctx.state
    o = s.opt
    assert o is not None
    if o.coated >= 0:
        ctx.emit(CoatingEnded(s.sheets[o.coated].id, "the step ended before his attack"))


def round_ending(ctx: Context) -> None:
    """The bloodthirsty crowd's stones (from round 13), then the crowd's favour (HR-7)."""
    s = ctx.state
    o = s.opt
    assert o is not None
    if not (o.bloodthirsty or o.favour):
        return
    if o.bloodthirsty and s.round >= STONES_FROM_ROUND:
        seats = range(s.seats)  # four seats: every gladiator still standing (HR-8)
        stoned = [s.gladiator_of(x) for x in seats if not o.dealt >> x & 1 and s.alive[s.gladiator_of(x)]]
        if stoned:
            ctx.emit(StonesThrown(s.round, tuple(s.sheets[g].id for g in stoned)))
            for g in stoned:
                ctx.emit(Damaged(s.sheets[g].id, "ep", STONES_EP, 0, STONES_EP, 0))
                if s.magic is not None and s.magic.bleed:  # Vérzékenység (RB p.17, A54)
                    bleed(ctx, g)
            deaths_together(ctx, stoned)  # both at once: a draw (HR-12 ruling 24)
            if s.over:
                return
    o = s.opt
    assert o is not None
    favour: int | None = None
    if o.favour and s.four is not None:  # four seats: the standing gladiator who took least, alone (HR-8)
        up = [x for x in range(s.seats) if s.alive[s.gladiator_of(x)]]
        least = min((o.taken[x] for x in up), default=0)
        best = [x for x in up if o.taken[x] == least]
        favour = best[0] if len(best) == 1 else None
    elif o.favour and o.taken[0] != o.taken[1]:
        favour = 0 if o.taken[0] < o.taken[1] else 1
    ctx.emit(CrowdVerdict(s.round, o.taken, favour))


# --- plugged into the core resolvers (match.hooks, docs/engine.md "The hook table") ---
HOOKS.check_coated_shot = check_coated_shot
HOOKS.after_attack = after_attack
HOOKS.optional_step_ending = step_ending
HOOKS.optional_round_ending = round_ending
