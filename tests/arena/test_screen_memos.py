"""The play screen keeps what it worded per process (issue 35): each character's row and its HTML, each
piece and its SVG, each choice and its button, each reader's newest log lines. Every kept value must be
what wording it afresh gives. Over whole playouts, read by each seat and the spectators in both languages,
as a match is played (the memos warm) and then once more with every memo emptied, every row, piece,
choice, button and log line is the same."""

from __future__ import annotations

import random

from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import State, legal_actions, view
from arena.screen import board, choices, page, parts_html, reader_words, sides
from arena.screen.board import board_layer
from arena.screen.choices import choices as choices_of
from arena.screen.page import log_lines
from arena.screen.reader_words import Names
from arena.screen.sides import character_rows, public_sheet_values
from tests.arena.test_log_count import positions
from tests.budget import examples

READERS = (0, 1, None)
MEMOS = (
    sides._ROWS,
    parts_html._ROWS_HTML,
    board._PIECES,
    board._PIECES_SVG,
    choices._CHOICES,
    parts_html._BUTTONS,
    parts_html._LOG_ITEMS,
    page._LINES,
    reader_words._NAMES,
)


def worded(state: State, reader: int | None, language: str) -> tuple[object, ...]:
    """What a page of ``state`` shows ``reader`` that the memos keep, as text."""
    with translation.override(language):
        public = view(state, reader)
        names = Names.of(public, reader)
        found = choices_of(legal_actions(state, reader) if reader is not None else [], names, public, state)
        rows = character_rows(public, names, public_sheet_values(public), reader)
        layer = board_layer(public, names, [c for c in found if c.hex is not None], language)
        return (
            tuple(found),
            parts_html._buttons(found, "btn-outline-primary", "    "),
            rows,
            "".join(parts_html._row_html(row) for row in rows),
            layer,
            str(layer.svg_groups()),
            log_lines(state, reader, names),
            "".join(parts_html._log_item(line) for line in log_lines(state, reader, names)[1]),
        )


def forget_everything() -> None:
    for memo in MEMOS:
        memo.clear()


@settings(max_examples=examples(5, 2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31), shuffle=st.integers(min_value=0, max_value=2**31))
def test_what_the_screen_keeps_is_what_it_words_afresh(seed, shuffle):
    rng = random.Random(shuffle)
    states = positions(seed)
    warm = {}
    for index, state in enumerate(states):  # as a match is played, read by both seats and a spectator
        for reader in READERS:
            language = rng.choice(("hu", "en"))
            warm[index, reader, language] = worded(state, reader, language)
    for (index, reader, language), kept in rng.sample(sorted(warm.items(), key=str), min(60, len(warm))):
        forget_everything()
        assert worded(states[index], reader, language) == kept
