"""The registry of games: a ``GameInfo`` per game, registered by the game's own app.

A game's app calls ``register`` from its ``AppConfig.ready()``; nothing here imports a game. The
registry is filled once, when Django starts, and read on every request (it is never written after).
Shuluri Viadal is the default game: the site's pages without a game of their own are its.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.utils.translation import get_language

if TYPE_CHECKING:
    from django.contrib.auth.models import User

GAME_IDS = ("viadal", "warband", "quest")
DEFAULT_GAME = "viadal"
# The languages every game is named in; another language reads the English name.
LANGUAGES = ("hu", "en")


class Feature(enum.StrEnum):
    """What a game offers on this site."""

    BUILDER = "builder"  # its teams are built and checked here
    SHEETS = "sheets"  # printable sheets of a team
    LEAGUES = "leagues"  # leagues of its teams (campaigns app)
    CAMPAIGNS = "campaigns"  # the campaign sequence after a league match
    HOSTING = "hosting"  # matches played in the browser
    TRACKER = "tracker"  # a party and adventure tracker


@dataclass(frozen=True)
class OwnedThing:
    """One of a player's teams (warbands, parties …) as the game-neutral pages list it."""

    name: str
    url: str
    ready: bool
    status: str  # its status in the reader's language
    points: str  # its price against its limit ("180 / 200"), or "" when the game has none
    updated: datetime


@dataclass(frozen=True)
class FileCheck:
    """What a game's file check found: one ``CODE: message`` line per problem (the file's own or a
    broken rule), or none and the team's points."""

    lines: tuple[str, ...]
    points: int | None = None


@dataclass(frozen=True)
class GameWords:
    """How a game speaks of its teams; lazily translated strings from the game's own catalogue."""

    team: Any  # "team" / "warband" / "party"
    teams: Any  # "Teams" / "Warbands" (a heading)
    your_teams: Any  # "Your teams"
    new_team: Any  # "New team"
    none_yet: Any  # what the list says when the player has none
    summary: Any  # one sentence for the home page: what a player does with this game here


@dataclass(frozen=True)
class GameInfo:
    """What the game-neutral pages need of a game.

    ``id`` is what the database stores (a league's game). ``names`` is the game's name in each of
    ``LANGUAGES``. The URL names are Django's (``"teams:list"``), resolved by the pages that link
    them, so the registry never imports a game's URLs. ``owned`` lists a player's things of this game
    for the team list, in a fixed number of queries whatever their number; ``check_file`` checks one of
    its team files for ``validate_team --game``.
    """

    id: str
    names: dict[str, str]
    words: GameWords
    features: frozenset[Feature]
    list_url: str
    create_url: str = ""
    reference_url: str = ""
    owned: Callable[[User], Sequence[OwnedThing]] | None = field(default=None, compare=False)
    # ``check_file(data, points, language)``: a team file of this game (its bytes, read with one byte past
    # the game's size limit) checked as ``validate_team --game ID`` prints it; ``points`` overrides the
    # file's game size where the game has one.
    check_file: Callable[[bytes, int | None, str], FileCheck] | None = field(default=None, compare=False)
    file_bytes: int = 0  # the most bytes a file of this game may have (its reader refuses more)

    def __post_init__(self) -> None:
        if self.id not in GAME_IDS:
            raise ValueError(f"unknown game id {self.id!r}: one of {', '.join(GAME_IDS)}")
        missing = [language for language in LANGUAGES if not self.names.get(language)]
        if missing:
            raise ValueError(f"game {self.id!r} has no name in {', '.join(missing)}")

    @property
    def name(self) -> str:
        """The game's name in the active language."""
        return self.name_in(get_language() or "en")

    def name_in(self, language: str) -> str:
        return self.names.get(language.split("-")[0], self.names["en"])

    def offers(self, feature: Feature) -> bool:
        return feature in self.features

    @property
    def is_default(self) -> bool:
        return self.id == DEFAULT_GAME


class UnknownGameError(LookupError):
    """A game id that no app registered."""


_GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Add a game; each game registers once (a second registration of an id is a mistake)."""
    known = _GAMES.get(info.id)
    if known is not None and known != info:
        raise ValueError(f"game {info.id!r} is registered already")
    _GAMES[info.id] = info
    return info


def get_game(game_id: str) -> GameInfo:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGameError(f"no game {game_id!r} is registered") from None


def all_games() -> tuple[GameInfo, ...]:
    """The registered games in ``GAME_IDS`` order: the default game first."""
    return tuple(_GAMES[game_id] for game_id in GAME_IDS if game_id in _GAMES)


def default_game() -> GameInfo:
    return get_game(DEFAULT_GAME)


def games_offering(feature: Feature) -> tuple[GameInfo, ...]:
    return tuple(game for game in all_games() if game.offers(feature))


def game_choices() -> list[tuple[str, str]]:
    """(id, name in the reader's language) of every registered game, for a model's or a form's choices."""
    return [(game.id, game.name) for game in all_games()]
