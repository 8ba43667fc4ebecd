"""Magic in the round (RB p.12; HR-11; HR-12 rulings 3, 7, 13, 16, 25, 32).

Called by :mod:`..rules.turns` and :mod:`arena.engine.match.play` only while ``State.magic`` exists:
the step pool and the victims' own MAN at naming, Quintarha's shock as its round begins, the end
of a step (zombies collapse, Orgyilkosság ends when its designee is dead), the end of the round
(Tűzvihar, then what expires), and the refusals of the acting rules (bans, the victim first).
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.engine.content.spells import SPELLS, Forbid, Modifier
from arena.engine.match.context import Context
from arena.engine.match.events import EffectAdded
from arena.engine.match.hooks import HOOKS
from arena.engine.match.magic import areas as magic_areas
from arena.engine.match.magic import frenzy as magic_frenzy
from arena.engine.match.magic import zombie as magic_zombie
from arena.engine.match.magic.events import OwnMan, SpellEnded, SpellLasting, StrategistMark
from arena.engine.match.magic.queries import FRENZY_MAN, magic, man_of
from arena.engine.match.state import State

QUINTARHA = SPELLS["quintarha"]


def step_pool(s: State, chars: Sequence[int], base: int, paid: Sequence[int], pool: int) -> int:
    """An Orgyilkosság victim's debt comes off his own 4; a gladiator victim has 4, not 6 (A56)."""
    m = magic(s)
    if not any(m.frenzied >> c & 1 for c in chars):
        return pool
    if s.step > s.char_steps:
        return max(0, FRENZY_MAN - sum(paid))
    return max(0, base - sum(p for c, p in zip(chars, paid, strict=False) if not m.frenzied >> c & 1))


def after_naming(ctx: Context, chars: Sequence[int], paid: Sequence[int]) -> None:
    s = ctx.state
    m = magic(s)
    if s.step <= s.char_steps:
        for c, debt in zip(chars, paid, strict=False):
            if m.frenzied >> c & 1:
                ctx.emit(OwnMan(s.sheets[c].id, max(0, FRENZY_MAN - debt)))
    if any(m.capped >> s.strategist_of(x) & 1 for x in range(s.seats)):
        ctx.emit(StrategistMark(tuple(s.strat_man)))


def round_starting(ctx: Context) -> None:
    """Quintarha: the shock, and on a failed check the MAN ban, for this whole round (A48)."""
    s = ctx.state
    for x in magic(s).lasting:
        if x.kind != "onset" or x.first != s.round:
            continue
        cid, tid = s.sheets[x.caster].id, s.sheets[x.target].id
        ctx.emit(SpellEnded(x.spell, cid, tid, "onset", x.what, "the shock begins (RB p.15)"))
        if not s.alive[x.target]:
            continue
        for part in QUINTARHA.effect.parts:
            if isinstance(part, Modifier):
                ctx.emit(EffectAdded(tid, part.value.value, part.amount, x.spell, s.round))
        if x.amount:
            for part in QUINTARHA.effect.on_fail:
                if isinstance(part, Forbid):
                    ctx.emit(
                        SpellLasting(
                            x.spell,
                            cid,
                            tid,
                            "forbid",
                            part.action.value,
                            1,
                            s.round,
                            s.round,
                        )
                    )


def step_ending(ctx: Context) -> None:
    s = ctx.state
    magic_zombie.nets_lapse(ctx)  # a netted zombie's banned activation is over (HR-4)
    magic_zombie.collapse(ctx)
    for x in magic(s).lasting:
        if x.kind == "frenzy" and (not s.alive[x.other] or not s.alive[x.target]):
            ctx.emit(
                SpellEnded(x.spell, s.sheets[x.caster].id, s.sheets[x.target].id, x.kind, x.what,
                           "the designee or the victim is dead (HR-12 ruling 16)")
            )  # fmt: skip


def round_ending(ctx: Context) -> None:
    """HR-12 ruling 25: Tűzvihar's damage, then the expiry of what ends with this round."""
    magic_areas.round_ending(ctx)
    if ctx.state.result is None:
        magic_areas.expire(ctx)


def actor_refusal(s: State, c: int) -> tuple[str, str] | None:
    m = magic(s)
    if m.banned >> c & 1:
        return (
            f"{s.sheets[c].id} may not use MAN and takes no action",
            "RB p.15, p.18, HR-12 ruling 13",
        )
    v = magic_frenzy.first(s)
    if v >= 0 and v != c:
        return ("the Orgyilkosság victim acts first", "RB p.17, HR-12 ruling 2")
    return None


def keeps_step(s: State) -> bool:
    """The step goes on while a zombie owes its activation or a named Orgyilkosság victim has
    MAN of his own left (HR-12 ruling 8)."""
    m = magic(s)
    if m.zombies and magic_zombie.zombie_waiting(s):
        return True
    v = magic_frenzy.first(s)
    return v >= 0 and _victim_man(s, v) > 0


def _victim_man(s: State, v: int) -> int:
    return man_of(s, v)


# --- plugged into the core resolvers (match.hooks, docs/engine.md "The hook table") ---
HOOKS.actor_refusal = actor_refusal
HOOKS.step_pool = step_pool
HOOKS.after_naming = after_naming
HOOKS.keeps_step = keeps_step
HOOKS.magic_round_starting = round_starting
HOOKS.magic_step_ending = step_ending
HOOKS.magic_round_ending = round_ending
