"""Skills (HR-4, RB p.20) as data plus small hooks.

Own-step skills (Futás, Lopakodás, Rejtőzés, Aranyharang) are rows of :data:`OWN_STEP_SKILLS`:
a check that names the rule it fails, and the states the use ends. Combat modifiers of skills
and states are hooks registered with :mod:`.modifiers`. Kitérés, Akrobatika, Fegyvertörés,
Földrevitel and Célzás are declared with the action they belong to (``melee``, ``ranged``).
Összpontosítás is declared with a cast (``Cast.concentrate``, :mod:`.magic`), never used on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from arena.engine.content.skills import (
    AIMING,
    DODGING,
    ENTANGLED_VE_MODIFIER,
    GOLDEN_BELL,
    HIDING,
    PRONE_MELEE_VE_MODIFIER,
    RUNNING,
    SKILLS,
    SNEAKING,
)
from arena.engine.match.actions import StopState, UseSkill
from arena.engine.match.context import Context
from arena.engine.match.events import SkillUsed, StateEnded
from arena.engine.match.evolve import TRAP_PRONE
from arena.engine.match.magic import queries as magic_hooks
from arena.engine.match.memo import Table
from arena.engine.match.rules.base import G, activate, actor, check_stated, fail, in_melee, man_of, pay
from arena.engine.match.rules.gladiators import skill_allowed
from arena.engine.match.rules.modifiers import MELEE_VALUE_WEAPONS, RANGED_WEAPONS, attack_hook, defence_hook
from arena.engine.match.state import State, Swing
from arena.engine.match.traps import marks as traps_marks

Check = Callable[[State, int], "str | None"]


class SkillRule(NamedTuple):
    """An own-step skill: who may use it now (``check`` returns the refusal) and what it ends."""

    check: Check
    rule: str
    ends: tuple[str, ...]  # states the use ends, e.g. running ends sneaking (HR-4)


def _running(s: State, c: int) -> str | None:
    if in_melee(s, c):
        return "Futás cannot be used while in a melee situation"
    if s.ran[c]:
        return "he is already running in this step"
    if s.magic is not None and magic_hooks.forbids(s, c, "running"):
        return "a spell forbids Futás (Vérdermesztés, Izomsorvadás; RB p.15-17)"
    if traps_marks.running_banned(s, c):
        return "quicksand: no Futás until the end of the next round (HR-5 card 5)"
    return None


def _sneaking(s: State, c: int) -> str | None:
    if s.sneaking[c]:
        return "he is already sneaking"
    if s.ran[c]:
        return "running ends sneaking, so he cannot start it in a step with running"
    return None


def _hiding(s: State, c: int) -> str | None:
    if s.hiding[c]:
        return "he is already hiding"
    if s.attacks[c]:
        return "Rejtőzés is not possible in a step in which he has attacked"
    if not G.hide_ok[s.pos[c]]:
        return "Rejtőzés needs a hex with a wall edge that is not a gate (gates are no cover, RB p.6)"
    return None


def _golden_bell(s: State, c: int) -> str | None:
    return "Aranyharang is already on" if s.bell[c] else None


OWN_STEP_SKILLS: dict[str, SkillRule] = {
    RUNNING: SkillRule(_running, "HR-4 Futás", ("sneaking",)),
    SNEAKING: SkillRule(_sneaking, "HR-4 Lopakodás", ()),
    HIDING: SkillRule(_hiding, "HR-4 Rejtőzés", ()),
    GOLDEN_BELL: SkillRule(_golden_bell, "RB p.20 Aranyharang", ()),
}


OWN_SKILLS_OF: Table[frozenset[str], tuple[str, ...]] = Table(
    "skills: a sheet's own-step skills"
)  # a sheet's own-step skills, memoised


_COST = {k: SKILLS[k].man_cost for k in OWN_STEP_SKILLS}
_USES: Table[tuple[int, str], UseSkill] = Table("skills: uses")  # actions are immutable: made once per character
_STOPS: Table[tuple[int, str], StopState] = Table("skills: stops")


def skill_options(s: State, c: int) -> list[UseSkill | StopState]:
    sheet = s.sheets[c]
    found: list[UseSkill | StopState] = []
    own = OWN_SKILLS_OF.of(s.memo).get(sheet.skills)
    if own is None:
        own = OWN_SKILLS_OF.of(s.memo)[sheet.skills] = tuple(k for k in OWN_STEP_SKILLS if k in sheet.skills)
    if own:
        man = man_of(s, c)
        glad = sheet.is_gladiator  # others hold every skill of their sheet (a zombie is never named)
        for skill in own:
            cost = _COST[skill]
            if cost <= man and (not glad or skill_allowed(s, c, skill)) and OWN_STEP_SKILLS[skill].check(s, c) is None:
                use = _USES.of(s.memo).get((c, skill))
                if use is None:
                    use = _USES.of(s.memo)[(c, skill)] = UseSkill(sheet.seat, sheet.id, skill, cost)
                found.append(use)
    if s.sneaking[c]:
        found.append(_stop(s, c, "sneaking"))
    if s.hiding[c]:
        found.append(_stop(s, c, "hiding"))
    return found


def _stop(s: State, c: int, state: str) -> StopState:
    found = _STOPS.of(s.memo).get((c, state))
    if found is None:
        found = _STOPS.of(s.memo)[(c, state)] = StopState(s.sheets[c].seat, s.sheets[c].id, state)
    return found


def decide_use_skill(ctx: Context, a: UseSkill) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    rule = OWN_STEP_SKILLS.get(a.skill)
    if rule is None:
        fail(f"{a.skill} is not used on its own in a step; it is declared with its action", "HR-4")
    if s.prone[c]:
        fail("a prone character spends MAN only on standing up", "HR-4")
    if not skill_allowed(s, c, a.skill):
        fail(f"{a.char} does not have {a.skill}, or his weapon does not allow it", "HR-4, RB p.20")
    reason = rule.check(s, c)
    if reason is not None:
        fail(reason, rule.rule)
    cost = SKILLS[a.skill].man_cost
    check_stated(a.man, cost)
    pay(s, c, cost, a.skill)
    activate(ctx, c)
    for state in rule.ends:
        if getattr(s, state)[c]:
            ctx.emit(StateEnded(a.char, state, a.skill))
    ctx.emit(SkillUsed(a.seat, a.char, a.skill, cost))


STOPPABLE = ("sneaking", "hiding")  # HR-4, HR-12 ruling 5


def decide_stop_state(ctx: Context, a: StopState) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if a.state not in STOPPABLE or not getattr(s, a.state)[c]:
        fail(f"{a.char} is not {a.state}", "HR-4, HR-12 ruling 5")
    activate(ctx, c)
    ctx.emit(StateEnded(a.char, a.state, "stopped"))


def end_states(ctx: Context, c: int, reason: str, states: tuple[str, ...] = ("sneaking", "hiding")) -> None:
    """End sneaking and hiding as HR-4 says (attacking, opening a gate, leaving the hex…)."""
    s = ctx.state
    for state in states:
        if getattr(s, state)[c]:
            ctx.emit(StateEnded(s.sheets[c].id, state, reason))


def can_dodge(s: State, defender: int, attacker: int, weapon: str) -> bool:
    """Kitérés (HR-4): against melee, javelins and nets; not prone, netted or entangled by the
    attacker; a gladiator needs an item in hand that allows it (RB p.20)."""
    return (
        weapon in MELEE_VALUE_WEAPONS
        and not s.prone[defender]
        and not s.netted[defender]
        and s.entangled_by[defender] != attacker
        and skill_allowed(s, defender, DODGING)
    )


def can_aim(s: State, c: int) -> bool:
    """Célzás (HR-4): not in a step with running."""
    if s.magic is not None and magic_hooks.forbids(s, c, "aiming"):  # Vérdermesztés (RB p.16-17)
        return False
    return AIMING in s.sheets[c].skills and not s.ran[c]


# --- modifier hooks (HR-4; always add, HR-12 ruling 14) ----------------------------------------


@attack_hook("Célzás")
def _aim(s: State, w: Swing) -> int:
    return SKILLS[AIMING].param("ce_bonus") if w.aim else 0


@attack_hook("Futás")
def _running_shot(s: State, w: Swing) -> int:
    if w.weapon in RANGED_WEAPONS and s.ran[w.attacker]:
        return SKILLS[RUNNING].param("ce_modifier")
    return 0


@attack_hook("Rejtőzés: first attack out of hiding")
def _hidden_attack(s: State, w: Swing) -> int:
    return SKILLS[HIDING].param("first_attack_bonus") if s.hiding[w.attacker] else 0


@attack_hook("Lopakodás: entered the enemy's hex")
def _sneak_attack(s: State, w: Swing) -> int:
    if w.weapon == "melee" and s.sneak_entry[w.attacker]:
        return SKILLS[SNEAKING].param("enter_and_attack_te_bonus")
    return 0


@defence_hook("Kitérés")
def _dodge(s: State, w: Swing) -> int:
    return SKILLS[DODGING].param("ve_bonus") if w.dodge else 0


@defence_hook("prone")
def _prone(s: State, w: Swing) -> int:
    if w.weapon not in MELEE_VALUE_WEAPONS or not s.prone[w.target]:
        return 0
    if s.effects and any(e.char == w.target and e.source == TRAP_PRONE for e in s.effects):
        return 0  # a trap's prone is a trap modifier: non-stacking (HR-12 ruling 14)
    return PRONE_MELEE_VE_MODIFIER


@defence_hook("entangled")
def _entangled(s: State, w: Swing) -> int:
    if w.weapon in MELEE_VALUE_WEAPONS and s.entangled_by[w.target] == w.attacker:
        return ENTANGLED_VE_MODIFIER
    return 0


@defence_hook("Lopakodás")
def _sneaking_target(s: State, w: Swing) -> int:
    if w.weapon in RANGED_WEAPONS and s.sneaking[w.target]:
        return SKILLS[SNEAKING].param("ranged_defence_bonus")
    return 0


@defence_hook("Rejtőzés")
def _hiding_target(s: State, w: Swing) -> int:
    if w.weapon in RANGED_WEAPONS and s.hiding[w.target]:
        return SKILLS[HIDING].param("ranged_defence_bonus")
    return 0
