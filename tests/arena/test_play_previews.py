"""The play screen's attack buttons carry the engine's preview: the two values the dice are added
to and the chance to hit (issue: the numbers the engine will roll against), in both languages."""

from __future__ import annotations

from django.utils import translation

from arena.engine import legal_actions, view
from arena.engine.match.previews import attack_preview
from arena.screen.choices import choices
from arena.screen.reader_words import Names
from tests.engine.match_helpers import name, place, started


def duel():
    """0.deasta (TÉ 11) and 1.laeva (VÉ 9) share a hex; seat 0 acts."""
    s = place(started(), {"0.deasta": (6, -8), "1.laeva": (6, -8), "0.laeva": (5, -8)})
    return name(s, 0, "0.deasta", "0.laeva")


def attack_labels(state, language):
    public = view(state, 0)
    with translation.override(language):
        found = choices(legal_actions(state, 0), Names(public, 0), public, state)
    return [c.label for c in found if c.kind == "MeleeAttack"]


def test_an_attack_button_names_its_values_and_chance__rb_p9():
    labels = attack_labels(duel(), "en")
    assert labels and all("11 against 9: 64% to hit" in label for label in labels)


def test_the_preview_reads_in_hungarian():
    labels = attack_labels(duel(), "hu")
    assert labels and all("11 a 9 ellen: 64% eséllyel talál" in label for label in labels)


def test_only_attacks_carry_a_preview():
    state = duel()
    public = view(state, 0)
    for action, choice in zip(
        legal_actions(state, 0), choices(legal_actions(state, 0), Names(public, 0), public, state), strict=True
    ):
        assert ("% to hit" in choice.label) == (attack_preview(state, action) is not None)
