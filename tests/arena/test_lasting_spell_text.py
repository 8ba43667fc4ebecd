"""Issue 32, item 4: a spell with several lasting parts (Tűzalak: no weapon damages him, he casts
nothing; Dermesztő rémület: no aimed attack, no running) is one spell in the characters' table and
one line per part in the log, each saying what lasts, never the same sentence twice nor
"Fire Form, Fire Form". The engine emits one ``SpellLasting`` per part (the event stream is part of
its golden fingerprints): the log and the table word them."""

from __future__ import annotations

import pytest
from django.utils import translation

from arena.engine import event_to_json, view
from arena.engine.match.magic.events import SpellLasting
from arena.screen.log import sentence
from arena.screen.reader_words import Names
from arena.screen.sides import character_rows
from tests.engine.magic_helpers import WM, cast, ready
from tests.engine.match_helpers import act

CASTS = {
    "fire_form": (cast("fire_form", WM, man=4), [], WM, {}),
    "blood_curdling": (cast("blood_curdling", "1.laeva", man=4), [8, 3], "1.laeva", {"1.laeva": (8, -6)}),
}


@pytest.mark.parametrize("spell", sorted(CASTS))
@pytest.mark.parametrize("language", ["en", "hu"])
def test_each_lasting_part_of_a_spell_has_its_own_line_and_the_spell_is_listed_once(spell, language):
    action, dice, target, where = CASTS[spell]
    s, events = act(ready(where), action, dice)
    lasting = [e for e in events if isinstance(e, SpellLasting)]
    assert len(lasting) == 2, lasting  # the engine's two parts, as its fingerprints hold them
    names = Names(view(s, None), None)
    with translation.override(language):
        lines = [str(sentence(event_to_json(e), names)) for e in lasting]
        assert len(set(lines)) == 2, lines
        rows = character_rows(view(s, 0), names, {}, 0)
    row = next(r for r in rows if r.id == target)
    text = " ".join(str(x) for x in row.states)
    spell_word = {"fire_form": ("Fire Form", "Tűzalak"), "blood_curdling": ("Blood Curdling", "Vérdermesztés")}[spell]
    assert sum(text.count(word) for word in spell_word) == 1, text
