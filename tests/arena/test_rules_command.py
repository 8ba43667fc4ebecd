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
