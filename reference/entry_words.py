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
    "team-rules": (_("Team-building rules"), _("Team-building rule")),
}
# Where the reference explains what a team-building rule (HR-9.6) checks: (kind, id) or (kind, "").
TEAM_RULE_TOPICS: dict[str, tuple[tuple[str, str], ...]] = {
    "TB-01": (("profiles", ""),),
    "TB-02": (("points", "tiers"),),
    "TB-03": (("points", "tiers"),),
    "TB-04": (("points", "tiers"),),
    "TB-05": (("points", "tiers"),),
    "TB-06": (("points", "stats"),),
    "TB-07": (("points", "skills"), ("skills", "")),
    "TB-08": (("skills", ""),),
    "TB-09": (("skills", ""),),
    "TB-10": (("gladiator-types", ""),),
    "TB-11": (("gladiator-types", ""),),
    "TB-12": (("points", "pile"),),
    "TB-13": (("points", "pile"), ("gladiator-types", "")),
    "TB-14": (("points", "pile"),),
    "TB-15": (("points", "pile"), ("weapons", "")),
    "TB-16": (("points", "pile"),),
    "TB-17": (("points", "ammunition"),),
    "TB-18": (("points", "fixed_discs"), ("points", "ammunition")),
    "TB-19": (("points", "amulets"), ("amulets", "")),
    "TB-20": (("amulets", "me_2"), ("amulets", "me_3")),
    "TB-21": (("vials", ""), ("optional-rules", "opt_poison_vial"), ("optional-rules", "opt_potion")),
    "TB-22": (("gladiator-types", ""), ("profiles", "")),
    "TB-23": (),
    "TB-24": (),
    "TB-25": (("points", "tiers"), ("points", "base_team")),
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
    "blocks": _("within %(blocks)s blocks"),
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
AMMUNITION = {
    "bolts": _("bolts"),
    "throwing_daggers": _("throwing daggers"),
    "spell_discs": _("spell discs"),
    "javelins": _("javelins"),
    "nets": _("nets"),
    "trap_cards": _("trap cards"),
}
# RB p.10: ranged attacks and lightning spells reach "saját blokk + N blokk".
OWN_BLOCK_PLUS = _("own block + %(blocks)s blocks")
# RB p.18: how each kind of card is played, and what its damage does.
TRAP_PLAY = {
    "remote": _(
        "In your own step one of your characters steps onto the numbered hex %(number)s and pays the card's "
        "%(man)s MAN there, in the same step; it strikes a standing enemy who meets the card's condition, "
        "wherever you choose."
    ),
    "direct": _(
        "Paid from your strategist's 4 MAN of the round (%(man)s of them), during an enemy's step: you "
        "interrupt one of his moving characters at any hex of his path; with none of those MAN left, it "
        "cannot be played."
    ),
}
TRAP_GATE_PLAY = _("A gate card may also be played on a character who is opening or closing a gate.")
TRAP_DAMAGE = {
    "sp": _("Sp: reduced by SFÉ; a hit of 3 Sp or more (4 on a gladiator) destroys 1 STP of his armour."),
    "ep": _("Ép: taken from his life in full; armour and STP are not touched."),
    "": _("none"),
}
AMULET_NONE = {
    "none": _("none: the spell has no type (printed “–”), so no amulet guards against it"),
    "special": _("none: no amulet guards against special spells"),
}
OPTIONAL_DEFAULT = {
    False: _("only in the matches and leagues that turn it on"),
    True: _("unless the match or the league turns it off"),
}
YES_NO = {True: _("yes"), False: _("no")}

# Group headings of the index pages.
SKILL_GROUPS = {False: _("Skills to choose (HR-4)"), True: _("Gladiator-type specials (HR-3.3)")}
WEAPON_GROUPS = {
    "pile": _("Weapon pile"),
    "kit": _("The gladiator's kit"),
    "ranged": _("The shooters' weapons"),
}
AMULET_GROUPS = {"amulets": _("Amulets"), "tokens": _("Magic-resistance tokens")}

# --- The search's words (reference/text_search.py): the rulebook's terms and the words players type for
# an entry, in both languages. They find entries; they state no rule.
SPELL_TYPE_TERMS = {
    "curse": ("rontás", "rontó", "curse", "curses"),
    "poison": ("méreg", "mérgező", "méregvarázs", "poison"),
    "lightning": ("villám", "villámmágia", "villámvarázslat", "lightning"),
    "special": ("különleges", "special"),
    "none": ("típus nélküli", "typeless", "no type"),
}
TRAP_KIND_TERMS = {
    "remote": ("távolsági", "távoli", "remote"),
    "direct": ("direkt", "közvetlen", "direct"),
}
KIND_TERMS = {
    "spells": ("varázslat", "mágia", "spell", "magic"),
    "traps": ("csapda", "csapdakártya", "trap", "card"),
    "skills": ("képzettség", "skill"),
    "weapons": ("fegyver", "weapon"),
    "gladiator-types": ("gladiátortípus", "gladiator type"),
    "amulets": ("amulett", "jelző", "amulet", "token"),
    "vials": ("fiola", "vial"),
    "optional-rules": ("opcionális szabály", "optional rule"),
    "profiles": ("karakter", "profil", "character", "profile"),
    "points": ("pont", "költség", "points", "cost"),
    "team-rules": ("csapatépítés", "csapatépítési szabály", "team building", "team rule", "validation"),
}
# What players call an entry besides its names (kind, id) -> words.
SYNONYMS: dict[tuple[str, str], tuple[str, ...]] = {
    ("spells", "create_undead"): ("zombi", "zombie", "undead"),
    ("spells", "life_theft"): ("gyógyítás", "heal", "healing"),
    ("vials", "potion"): ("gyógyítás", "heal", "healing", "ital", "drink"),
    ("skills", "dodging"): ("dodge", "kitér"),
    ("skills", "running"): ("run", "sprint"),
    ("skills", "sneaking"): ("sneak", "stealth"),
    ("skills", "hiding"): ("hide",),
    ("skills", "aiming"): ("aim",),
    ("optional-rules", "opt_crowd_favour"): ("kegy", "favour", "favor", "újradobás", "reroll", "re-roll"),
    ("optional-rules", "opt_ammo_recovery"): ("lőszer", "ammo", "ammunition"),
    ("points", "tiers"): (
        "újonc",
        "standard",
        "veterán",
        "bajnok",
        "rookie",
        "veteran",
        "champion",
        "keret",
        "budget",
        "tier",
    ),
    ("points", "fixed_discs"): ("fix korong", "fixed disc", "korong", "disc"),
    ("points", "trap_insight"): ("csapdabelátás", "insight"),
    ("weapons", "net"): ("háló", "net"),
    ("weapons", "crossbow"): ("nyíl", "vessző", "bolt", "bolts"),
    ("amulets", "me_2"): ("ME", "mágiaellenállás", "magic resistance"),
    ("amulets", "me_3"): ("ME", "mágiaellenállás", "magic resistance"),
}
