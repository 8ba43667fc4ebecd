"""`manage.py rules --json`: the whole rules document, and its schema document kept in step."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules-json.md"


@pytest.fixture(scope="module")
def document() -> dict:
    out = StringIO()
    call_command("rules", "--json", stdout=out)
    return json.loads(out.getvalue())


def test_document_holds_every_part_of_the_rules(document):
    assert document["schema"] == "viadal-rules" and document["version"] == 1
    assert len(document["spells"]) == 31
    assert len(document["traps"]) == 16
    assert len(document["gladiator_types"]) == 4
    assert [a["id"] for a in document["amulets"]] == ["poison", "lightning", "curse"]
    assert document["magic_resistance_tokens"]["values"] == [2, 3]
    assert document["spell_disc_pool"]["pool"] == {"1": 10, "2": 8, "3": 6, "4": 4, "5": 2}
    assert [p["id"] for p in document["profiles"]] == [
        "gladiator",
        "witch_master",
        "crossbowman",
        "deasta",
        "laeva",
        "strategist",
    ]
    assert sum(document["points"]["base_member_costs"].values()) == 200
    assert [r["id"] for r in document["points"]["validation_rules"]] == [f"TB-{n:02d}" for n in range(1, 26)]


def test_spells_carry_level_cost_type_range_strength_resistance_duration(document):
    """Spot checks against RB p.13-18: Fájdalom (level 2, E 6, 3 blocks), Villámlánc (CÉ 11/9/7)."""
    by_id = {s["id"]: s for s in document["spells"]}
    pain = by_id["pain"]
    assert (pain["level"], pain["man_cost"], pain["spell_type"], pain["range_blocks"]) == (2, 2, "curse", 3)
    assert (pain["strength"], pain["resistance"], pain["duration"]) == (6, "eg", "instant")
    assert pain["effect"]["on_fail"] == [
        {"part": "damage", "amount": 4, "unit": "ep", "absorption": "none", "ticks": None}
    ]
    chain = by_id["chain_lightning"]["effect"]["attack"]
    assert chain["part"] == "lightning_attack"
    assert [(link["ce"], link["damage"]["amount"]) for link in chain["links"]] == [(11, 6), (9, 4), (7, 3)]


def test_board_section_lists_every_hex_wall_gate_and_special_hex__hr_1(document):
    board = document["board"]
    assert board["hex_count"] == len(board["hexes"]) == 661
    regions = [h["region"] for h in board["hexes"]]
    assert (regions.count("C"), regions.count("M"), regions.count("O")) == (85, 228, 348)
    kinds = [w["kind"] for w in board["walls"]]
    assert (kinds.count("inner_circle"), kinds.count("ring"), kinds.count("cross")) == (66, 122, 70)
    assert [g["id"] for g in board["gates"]][:3] == ["G-N-M", "G-N-O", "G-E-M"]
    assert len(board["gates"]) == 12 and all(g["initially"] == "closed" for g in board["gates"])
    assert {t["number"]: t["hex"] for t in board["trap_hexes"]}[1] == [8, -6]
    assert len(board["towers"]) == 4 and len(board["weapon_piles"]) == 4
    north = next(h for h in board["halves"] if h["id"] == "N")
    assert north["home_gates"] == ["G-N-M", "G-N-O"] and north["gladiator_starts"] == [[2, -5], [3, -5]]


def _keys(value: object) -> set[str]:
    """Every object key used anywhere below ``value``."""
    if isinstance(value, dict):
        return set(value).union(*(_keys(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(item) for item in value))
    return set()


def _data_keys(document: dict) -> set[str]:
    """Keys that are data, not schema: ids used as map keys, numbers, and per-entry `params` names."""
    ids = {
        entry["id"]
        for section in document.values()
        if isinstance(section, list)
        for entry in section
        if isinstance(entry, dict) and "id" in entry
    }
    params = set().union(
        *(set(e.get("params", {})) for e in document["skills"] + document["vials"] + document["optional_rules"])
    )
    quarters = set(document["board"]["four_player_deployment"])
    ammo = set(document["points"]["ammunition"])
    return ids | params | quarters | ammo | set(document["sources"]) | set(document["points"]["frames"])


def test_schema_document_names_every_field(document):
    """docs/rules-json.md stays true: every field name the document uses is written there in code."""
    spans = re.findall(r"`([^`]+)`", DOC.read_text(encoding="utf-8"))
    documented = {word for span in spans for word in re.findall(r"[a-z_][a-z0-9_]*", span)}
    keys = {key for key in _keys(document) if not key.isdigit()}
    missing = sorted(keys - _data_keys(document) - documented)
    assert missing == []


def test_ranged_weapons_give_the_shooters_ranges__rb_p9_10(document):
    """RB p.9-10 (digest §12.1): the crossbow reaches the shooter's own block + 4, the throwing daggers + 2."""
    weapons = {w["id"]: w for w in document["ranged_weapons"]}
    assert list(weapons) == ["crossbow", "throwing_daggers"]
    crossbow, daggers = weapons["crossbow"], weapons["throwing_daggers"]
    assert (crossbow["role"], crossbow["ammunition"], crossbow["range_blocks"]) == ("crossbowman", "bolts", 4)
    assert (daggers["role"], daggers["ammunition"], daggers["range_blocks"]) == (
        "dagger_thrower",
        "throwing_daggers",
        2,
    )
    assert (crossbow["name_hu"], crossbow["name_en"]) == ("számszeríj", "crossbow")
    assert all(w["source"] == "RB p.9–10" for w in weapons.values())
    assert daggers["notes_source"] == "digest A27"


def test_the_match_plays_the_ranges_the_document_gives__rb_p9_10(document):
    """The match's character sheets carry the data's ranges: the document says what the engine plays."""
    from arena.engine import new_match
    from arena.engine.roster import base_roster

    state = new_match((base_roster(), base_roster()), seed=1)
    ranges = {w["role"]: w["range_blocks"] for w in document["ranged_weapons"]}
    for sheet in state.sheets:
        assert sheet.range_blocks == ranges.get(sheet.role.value, 0)


def test_fixed_discs_allow_at_most_one_of_level_5__hr_9_5(document):
    fixed = document["points"]["fixed_discs"]
    assert (fixed["max_fixed"], fixed["max_fixed_level_5"], fixed["points_per_level"]) == (2, 1, 2)
    assert fixed["source"] == "HR-9.5"
