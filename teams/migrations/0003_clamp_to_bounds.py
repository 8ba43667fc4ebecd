"""Bring every stored character within the bounds 0003 adds as CHECK constraints (issue 11).

Rows written before the bounds (a probe's pile of a million weapons, TÉ 99999 on SQLite) would
stop 0003 from adding its constraints. Each number outside its bound is set to the nearest bound;
a stat the place lacks becomes empty; an ME token that is not 2 or 3 is removed; a pile or a list of
fixed discs longer than its bound keeps its first items. The bounds are those of ``teams.team_bounds``
when 0003 was written, copied here so that this migration never changes with the engine.
"""

from django.db import migrations

STATS = ("te", "ve", "ce", "ep", "eg", "me", "mov", "sfe", "stp")
SLOT_STATS = {
    "gladiator": {
        "te": (11, 17),
        "ve": (0, 7),
        "ep": (16, 24),
        "eg": (3, 7),
        "me": (0, 3),
        "mov": (3, 6),
        "sfe": (1, 3),
        "stp": (2, 6),
    },
    "witch_master": {
        "te": (4, 9),
        "ve": (6, 11),
        "ep": (8, 14),
        "eg": (3, 8),
        "me": (4, 9),
        "mov": (3, 5),
        "sfe": (0, 2),
        "stp": (1, 3),
    },
    "crossbowman": {
        "te": (5, 10),
        "ve": (6, 11),
        "ce": (10, 15),
        "ep": (9, 15),
        "eg": (2, 7),
        "me": (0, 3),
        "mov": (3, 5),
        "sfe": (0, 2),
        "stp": (2, 4),
    },
    "deasta": {
        "te": (9, 14),
        "ve": (8, 13),
        "ce": (8, 13),
        "ep": (8, 14),
        "eg": (2, 7),
        "me": (0, 3),
        "mov": (4, 6),
        "sfe": (0, 2),
        "stp": (2, 4),
    },
    "laeva": {
        "te": (7, 12),
        "ve": (7, 12),
        "ce": (9, 14),
        "ep": (8, 14),
        "eg": (2, 7),
        "me": (0, 3),
        "mov": (4, 6),
        "sfe": (0, 2),
        "stp": (2, 4),
    },
    "strategist": {"ep": (6, 14), "eg": (2, 7), "me": (0, 3), "sfe": (0, 0), "stp": (0, 0)},
}
NOT_NULL = ("ep", "eg", "me", "sfe", "stp")
AMMO = {"bolts": (8, 16), "throwing_daggers": (6, 12)}
DISC_COUNT = (5, 7)
TRAP_CARDS_DRAWN = (3, 5)
ME_TOKENS = (2, 3)
PILE_ITEMS_MAX = 50
FIXED_DISCS_MAX = 7


def _clamp(value, bounds):
    return None if value is None else min(max(value, bounds[0]), bounds[1])


def clamp(apps, schema_editor):
    Character = apps.get_model("teams", "Character")
    changed = []
    for character in Character.objects.all().iterator():
        before = {f.attname: getattr(character, f.attname) for f in Character._meta.concrete_fields}
        bounds = SLOT_STATS.get(character.slot, {})
        for stat in STATS:
            value = getattr(character, stat)
            if stat in bounds:
                setattr(character, stat, _clamp(value, bounds[stat]))
            elif value not in (None, 0):
                setattr(character, stat, 0 if stat in NOT_NULL else None)
        ammunition = dict(character.ammunition or {})
        for key, limits in AMMO.items():
            if isinstance(ammunition.get(key), int):
                ammunition[key] = _clamp(ammunition[key], limits)
        character.ammunition = ammunition
        character.disc_count = _clamp(character.disc_count, DISC_COUNT)
        character.trap_cards_drawn = _clamp(character.trap_cards_drawn, TRAP_CARDS_DRAWN)
        if character.me_token not in (None, *ME_TOKENS):
            character.me_token = None
        character.pile = list(character.pile or [])[:PILE_ITEMS_MAX]
        character.fixed_discs = list(character.fixed_discs or [])[:FIXED_DISCS_MAX]
        if {f.attname: getattr(character, f.attname) for f in Character._meta.concrete_fields} != before:
            changed.append(character)
    fields = [*STATS, "ammunition", "disc_count", "trap_cards_drawn", "me_token", "pile", "fixed_discs"]
    Character.objects.bulk_update(changed, fields, batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("teams", "0002_notes_max_length")]

    operations = [migrations.RunPython(clamp, migrations.RunPython.noop)]
