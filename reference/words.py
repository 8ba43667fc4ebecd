"""The reference's own words: the kinds of entry, the labels of the numbers, and the names of the
rules data's small closed vocabularies (``spell_type``, ``duration`` …). No rule is stated here:
every number and every effect text comes from the rules document (docs/rules-json.md)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

# The kinds of entry, in the order the index shows them: URL slug -> (title, one entry's noun).
KINDS: dict[str, tuple[Promise, Promise]] = {
    "spells": (_("Spells"), _("Spell")),
    "traps": (_("Trap cards"), _("Trap card")),
    "skills": (_("Skills"), _("Skill")),
    "weapons": (_("Weapons"), _("Weapon")),
    "gladiator-types": (_("Gladiator types"), _("Gladiator type")),
    "amulets": (_("Amulets and tokens"), _("Amulet or token")),
    "vials": (_("Vials"), _("Vial")),
    "optional-rules": (_("Optional rules"), _("Optional rule")),
    "profiles": (_("Character profiles"), _("Character profile")),
    "points": (_("Point costs"), _("Point costs")),
}

SPELL_TYPES = {
    "curse": _("curse"),
    "poison": _("poison"),
    "lightning": _("lightning"),
    "special": _("special"),
    "none": _("no type"),
}
RANGE_KINDS = {
    "touch": _("touch"),
    "self": _("self"),
    "touch_or_self": _("touch or self"),
    "blocks": _("%(blocks)s blocks"),
    "area_centre_within_blocks": _("an area centred within %(blocks)s blocks"),
    "area_on_caster": _("an area on the caster"),
}
RESISTANCES = {"eg": _("health check (Eg)"), "me": _("magic resistance (ME)"), "none": _("no resistance roll")}
DURATIONS = {
    "instant": _("instant"),
    "rounds_2": _("2 rounds"),
    "rounds_3": _("3 rounds"),
    "permanent": _("permanent"),
}
ONSETS = {"on_cast": _("when cast"), "next_round": _("in the round after casting")}
TRAP_KINDS = {"remote": _("Remote cards (1–8)"), "direct": _("Direct cards (9–16)")}
TRIGGERS = {
    "standing": _("standing"),
    "moving": _("moving"),
    "crossing_gate": _("crossing a gate"),
    "entering_gate_hex": _("entering a gate hex"),
    "toggling_gate": _("opening or closing a gate"),
}
RINGS = {"C": _("central circle"), "M": _("middle ring"), "O": _("outer ring")}
TIMINGS = {
    "own_step": _("in his own step"),
    "defensive_owed": _("when attacked"),
    "with_melee_attack": _("with a melee attack"),
    "after_melee_attack": _("after a melee attack"),
    "after_melee_win_or_disengage": _("after winning or leaving a melee"),
    "before_ranged_attack": _("before a ranged attack"),
    "before_spell": _("before a spell"),
    "passive": _("always on"),
}
HANDS = {"one": _("one-handed"), "two": _("two-handed"), "off_hand": _("off hand"), "thrown": _("thrown")}
AMMUNITION = {"bolts": _("bolts"), "throwing_daggers": _("throwing daggers"), "spell_discs": _("spell discs")}
YES_NO = {True: _("yes"), False: _("no")}

# Group headings of the index pages.
SKILL_GROUPS = {False: _("Skills to choose (HR-4)"), True: _("Gladiator-type specials (HR-3.3)")}
WEAPON_GROUPS = {
    "pile": _("Weapon pile"),
    "kit": _("The gladiator's kit"),
    "ranged": _("The shooters' weapons"),
}
AMULET_GROUPS = {"amulets": _("Amulets"), "tokens": _("Magic-resistance tokens")}
