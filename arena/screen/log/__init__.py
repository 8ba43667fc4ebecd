"""The match log in plain sentences, in the reader's language, every die shown.

``sentence(event, names)`` words one event (the engine's ``event_to_json`` form) as safe HTML:
characters in a span of their seat's colour, dice as dice. Every event class of the engine has its
sentence in both languages (``tests/arena/test_log_text.py`` checks each); the texts are in the
.po catalogues like every string of the app. The caller decides what a reader may see: only the
events ``events_for`` gives his seat (or the spectators) ever reach this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.safestring import SafeString

from ..reader_words import Names
from .core_sentences import register_core
from .four_sentences import register_four
from .magic_sentences import register_magic
from .optional_sentences import register_optional
from .setup_sentences import register_setup
from .trap_sentences import register_traps
from .writers import WRITERS, Line

register_setup(WRITERS)
register_core(WRITERS)
register_traps(WRITERS)
register_magic(WRITERS)
register_optional(WRITERS)
register_four(WRITERS)  # HR-8: four seats


def sentence(event: Mapping[str, Any], names: Names) -> SafeString:
    """One event as a sentence (``event_to_json``'s dict)."""
    return WRITERS[event["type"]](event, Line(names))


def has_sentence(event_type: str) -> bool:
    return event_type in WRITERS


__all__ = ["has_sentence", "sentence"]
