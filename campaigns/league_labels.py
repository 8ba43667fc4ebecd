"""The engine's league and campaign words in the reader's language (presentation only).

The names themselves are the engine's ``(hungarian, english)`` pairs (``RESULT_NAMES``,
``TIE_BREAKER_DESCRIPTIONS``, ``INJURY_RESULT_NAMES`` …), written once beside the rules; these
helpers pick the reader's language through :mod:`common.i18n`, at the moment they are called.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import translation
from django.utils.functional import lazy

from arena.engine.campaign.injuries import INJURY_RESULT_NAMES, THUMBS_NAMES, InjuryResult, Thumbs
from arena.engine.campaign.knockout import stage_names
from arena.engine.campaign.purchases import PURCHASE_NAMES, PurchaseKind
from arena.engine.campaign.results import RESULT_NAMES, ResultKind
from arena.engine.campaign.standings import TIE_BREAKER_DESCRIPTIONS, TIE_BREAKER_NAMES, TieBreaker
from arena.engine.campaign.texts import STATUS_NAMES, Line, Pair
from arena.engine.content.common import STAT_NAMES, Stat
from arena.engine.content.profiles import PROFILES
from common.i18n import entry_name, is_hungarian, pair_name, pick, reader_language
from games.league_protocol import league_games
from games.registry import UnknownGameError, all_games, get_game


def _choice_label(pair: Pair) -> str:
    # no active translation (makemigrations, other commands) reads English, as gettext_lazy does
    return pick(*pair, language=translation.get_language() or "en")


choice_label = lazy(_choice_label, str)
"""A model choice's label from an engine pair, in the language active when it is shown."""


def result_label(kind: ResultKind | str) -> str:
    """``Győzelem`` / ``Victory`` …"""
    return pair_name(RESULT_NAMES[ResultKind(kind)])


def injury_label(result: InjuryResult | str) -> str:
    """``Súlyos seb`` for Hungarian readers; ``Súlyos seb (grievous wound)`` for English ones, as
    HR-10.5 prints its table's rows."""
    hungarian, english = INJURY_RESULT_NAMES[InjuryResult(result)]
    return hungarian if is_hungarian() else f"{hungarian} ({english})"


def thumbs_label(thumbs: Thumbs | str) -> str:
    return pair_name(THUMBS_NAMES[Thumbs(thumbs)])


def tie_breaker_name(breaker: TieBreaker | str) -> str:
    """The short name: a CSV cell (``Arénapont-különbség``)."""
    return pair_name(TIE_BREAKER_NAMES[TieBreaker(breaker)])


def tie_breaker_description(breaker: TieBreaker | str) -> str:
    """The chain as the table page explains it."""
    return pair_name(TIE_BREAKER_DESCRIPTIONS[TieBreaker(breaker)])


def stage_label(stage: str) -> str:
    return pair_name(stage_names(stage))


def purchase_label(kind: PurchaseKind | str) -> str:
    return pair_name(PURCHASE_NAMES[PurchaseKind(kind)])


def status_label(status: str) -> str:
    """A member's campaign status (``aktív`` / ``active``); an unknown one as it is."""
    return pair_name(STATUS_NAMES[status]) if status in STATUS_NAMES else status


def stat_label(stat: Stat | str) -> str:
    """The sheet's abbreviation (TÉ, Ép, Mozgás …): the same in both languages."""
    return STAT_NAMES[Stat(stat)][0]


def slot_label(slot: str) -> str:
    """``Gladiátor`` / ``Gladiator`` …; an unknown slot as it is."""
    profile = PROFILES.get(slot)
    return entry_name(profile) if profile else slot


def line_text(line: Line) -> str:
    return line.text(reader_language())


def lines_text(lines: Iterable[Line]) -> str:
    """``(what, amount)`` lines as "took part 1, survived 1" in the reader's language."""
    return ", ".join(f"{line_text(line)} {line.amount}" for line in lines)


def game_name(game_id: str) -> str:
    """A game's name in the reader's language (``games.registry``); its id if no app registered it."""
    try:
        return get_game(game_id).name
    except UnknownGameError:
        return game_id


def game_choices() -> list[tuple[str, str]]:
    """(id, name) of every game whose leagues are played here (its app registered the game and its
    league plug-in), Shuluri Viadal first."""
    known = {game.id for game in all_games()}
    return [(game_id, game_name(game_id)) for game_id in league_games() if game_id in known]
