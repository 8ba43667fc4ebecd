"""Every rule of the game as one JSON document (schema: docs/rules-json.md).

The document is generated from the same typed data the engine plays with, so it cannot drift from it.
"""

from __future__ import annotations

from typing import Any

from arena.engine.board.hexgrid import Hex
from arena.engine.board.layout import Board, standard_board
from arena.engine.content import amulets, discs, guide, points, profiles, readings, skills, spells, traps, weapons
from arena.engine.content.common import ROLE_NAMES, STAT_NAMES, Role
from arena.engine.content.serialize import JSON, to_json

SCHEMA = "viadal-rules"
SCHEMA_VERSION = 1
SOURCES = {
    "RB": "Shuluri Viadal rulebook (pages 1-20), cited as 'RB p.N'",
    "HR": "Viadal published house rules, cited as 'HR-N' or 'HR-N.M'",
    "digest": "the English rules digest of the rulebook, its readings cited as 'digest AN' / 'AN'",
}


def rules_document(board: Board | None = None) -> dict[str, JSON]:
    """The whole rules document as plain JSON values."""
    return {
        "schema": SCHEMA,
        "version": SCHEMA_VERSION,
        "sources": SOURCES,
        "roles": [{"id": role.value, "name_hu": hu, "name_en": en} for role, (hu, en) in ROLE_NAMES.items()],
        "stats": [{"id": stat.value, "name_hu": hu, "name_en": en} for stat, (hu, en) in STAT_NAMES.items()],
        "spells": [_spell(spell) for spell in spells.SPELLS.values()],
        "traps": [_trap(trap) for trap in traps.TRAPS.values()],
        "skills": to_json(list(skills.SKILLS.values())),
        "weapons": to_json(list(weapons.WEAPONS.values())),
        "ranged_weapons": to_json(list(profiles.RANGED_WEAPONS.values())),
        "gladiator_types": [_gladiator_type(t) for t in weapons.GLADIATOR_TYPES.values()],
        "amulets": to_json(list(amulets.AMULETS.values())),
        "magic_resistance_tokens": _me_tokens(),
        "vials": to_json(list(amulets.VIALS.values())),
        "optional_rules": to_json(list(amulets.OPTIONAL_RULES.values())),
        "spell_disc_pool": _disc_pool(),
        "profiles": to_json(list(profiles.PROFILES.values())),
        "points": _points(),
        "board": board_document(board or standard_board()),
        "guide": to_json(list(guide.GUIDE.values())),
        "readings": to_json(list(readings.READINGS.values())),
        "house_rule_sections": [{"code": c, "name_hu": hu, "name_en": en} for c, (hu, en) in readings.SECTIONS.items()],
    }


def _spell(spell: spells.Spell) -> dict[str, JSON]:
    data: dict[str, JSON] = to_json(spell)
    data["man_cost"] = spell.level  # RB p.8: casting costs the spell's level
    data["range_blocks"] = spell.range.blocks
    effect = data["effect"]
    # Effect parts are of several kinds; name each so readers need not guess from the fields.
    effect["parts"] = _tagged(spell.effect.parts)
    effect["on_fail"] = _tagged(spell.effect.on_fail)
    for choice_data, choice in zip(effect["choices"], spell.effect.choices, strict=True):
        choice_data["parts"] = _tagged(choice.parts)
    if spell.effect.attack is not None:
        effect["attack"] = _tagged((spell.effect.attack,))[0]
    return data


def _trap(trap: traps.Trap) -> dict[str, JSON]:
    data: dict[str, JSON] = to_json(trap)
    unit = trap.damage_unit
    data["damage_unit"] = unit.value if unit is not None else None  # HR-5's damage column
    data["damages_stp"] = trap.damages_stp  # RB p.18: Sp damage destroys STP
    return data


def _tagged(parts: tuple[object, ...]) -> list[JSON]:
    return [{"part": _snake(type(part).__name__), **to_json(part)} for part in parts]


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


def _gladiator_type(gtype: weapons.GladiatorType) -> dict[str, JSON]:
    data: dict[str, JSON] = to_json(gtype)
    data["type_cost"] = points.type_cost(gtype.id)
    return data


def _me_tokens() -> dict[str, JSON]:
    return {
        "tokens": to_json(list(amulets.ME_TOKENS.values())),
        "values": list(amulets.ME_TOKEN_VALUES),
        "per_character": amulets.ME_TOKENS_PER_CHARACTER,
        "forbidden_roles": sorted(role.value for role in amulets.ME_TOKEN_FORBIDDEN_ROLES),
        "witch_master_never_raised": Role.WITCH_MASTER in amulets.ME_TOKEN_FORBIDDEN_ROLES,
        "with_amulet_allowed": amulets.ME_TOKEN_WITH_AMULET,
        "source": "RB p.7; HR-12.32",
    }


def _disc_pool() -> dict[str, JSON]:
    return {
        "levels": to_json(list(discs.DISC_LEVELS.values())),
        "pool": {str(level): count for level, count in discs.DISC_POOL.items()},
        "size": discs.DISC_POOL_SIZE,
        "drawn": discs.DISCS_DRAWN,
        "source": "HR-6; RB p.7, p.11",
    }


def _points() -> dict[str, JSON]:
    slots = profiles.MEMBER_SLOTS
    stat_rules: dict[str, Any] = {
        slot: to_json(list(points.stat_rules(slot).values())) for slot in slots if slot != profiles.GLADIATOR
    }
    stat_rules["gladiator"] = {
        gtype: to_json(list(points.stat_rules(profiles.GLADIATOR, gtype).values())) for gtype in weapons.GLADIATOR_TYPES
    }
    return {
        "tiers": [{**to_json(tier), "caps": to_json(tier.caps)} for tier in points.TIERS.values()],
        "default_tier": points.DEFAULT_TIER,
        "frames": {
            **dict(points.FRAMES),
            **{f"gladiator:{t.id}": t.frame_cost for t in weapons.GLADIATOR_TYPES.values()},
        },
        "stat_rules": stat_rules,
        "skill_costs": {sid: skill.point_cost for sid, skill in skills.CHOOSABLE_SKILLS.items()},
        "pile": {
            "min_items": points.PILE_MIN_ITEMS,
            "max_items": points.PILE_MAX_ITEMS,
            "item_costs": {item: points.pile_cost([item]) for item in weapons.PILE_ITEMS},
            "copies_allowed": {item: weapons.pile_copies_allowed(item) for item in weapons.PILE_ITEMS},
            "kit": dict(weapons.KIT),
        },
        "ammunition": to_json(points.AMMO_RULES),
        "fixed_discs": {
            "points_per_level": points.FIXED_DISC_POINTS_PER_LEVEL,
            "max_fixed": points.MAX_FIXED_DISCS,
            "max_fixed_level_5": points.MAX_FIXED_LEVEL_5_DISCS,
            "source": "HR-9.5",
        },
        "amulets": {
            "min": points.MIN_AMULETS,
            "max": points.MAX_AMULETS,
            "standard_set": list(amulets.STANDARD_AMULET_SET),
            "duplicate_cost": points.DUPLICATE_AMULET_COST,
            "extra_amulet_cost": points.EXTRA_AMULET_COST,
        },
        "trap_insight_costs": {str(k): v for k, v in points.TRAP_INSIGHT_COSTS.items()},
        "vial_costs": {vial: points.vial_cost(vial) for vial in amulets.VIALS},
        "base_member_costs": dict(points.base_member_costs()),
        "validation_rules": to_json(list(points.VALIDATION_RULES.values())),
        "source": "HR-9",
    }


def _hex(h: Hex) -> list[int]:
    return [h.q, h.r]


def board_document(board: Board) -> dict[str, JSON]:
    """The arena of HR-1: every hex with its region and block, walls, gates and special hexes."""
    hexes = []
    for h in sorted(board.hexes, key=lambda h: (h.r, h.q)):
        quarter = board.quarter_of(h)
        a, b = board.block_coordinates(h)
        hexes.append(
            {
                "q": h.q,
                "r": h.r,
                "region": board.region_of(h).value,
                "quarter": quarter.value if quarter else None,
                "slice": board.slice_of(h),
                "block": {"centre": _hex(board.block_of(h)), "a": a, "b": b},
            }
        )
    return {
        "coordinates": "axial (q, r), pointy-top, north up (r decreasing), east right; s = -q - r",
        "source": "HR-1",
        "hex_count": len(hexes),
        "hexes": hexes,
        "walls": [
            {"hexes": [_hex(edge.a), _hex(edge.b)], "kind": kind.value} for edge, kind in sorted(board.walls.items())
        ],
        "gates": [
            {
                "id": gate.id,
                "number": gate.number,
                "hexes": [_hex(h) for h in gate.hexes],
                "joins": list(gate.joins),
                "kind": gate.kind.value,
                "initially": "closed",
            }
            for gate in board.gates
        ],
        "towers": [{"id": t.id, "hex": _hex(t.hex), "half": t.half.value, "slice": t.slice} for t in board.towers],
        "weapon_piles": [{"id": p.id, "hex": _hex(p.hex), "quarter": p.quarter.value} for p in board.piles],
        "trap_hexes": [{"number": t.number, "hex": _hex(t.hex), "slice": t.slice} for t in board.traps],
        "halves": [
            {
                "id": half.id.value,
                "quarters": [q.value for q in half.quarters],
                "home_gates": list(half.home_gates),
                "tower": half.tower,
                "weapon_pile": half.pile,
                "deployment": [_hex(h) for h in half.deployment],
                "gladiator_starts": [_hex(h) for h in half.gladiator_starts],
                "trap_numbers": sorted(half.trap_numbers),
            }
            for half in board.halves.values()
        ],
        "four_player_deployment": {
            quarter.value: [_hex(h) for h in hexes_] for quarter, hexes_ in board.four_player_deployment.items()
        },
    }
