"""The league plug-in protocol: what a game gives the game-neutral league machinery (``campaigns``).

``campaigns`` runs every league of every game: the league and its settings, invitations and entries,
fixtures and pairings in every format, the result's life (reported, confirmed or disputed, settled
by the organiser, forfeits, corrections, each kept with who and why), the standings machinery, the
lock order, and the campaign log. What is one game's own comes from that game's plug-in, a
:class:`LeagueGame`:

- **entries**: what a player may enter (his ready teams or warbands) and the league's own copy of it
  (:class:`EntryCopy`: a document the campaign changes, never the builder's object);
- **the match report**: the form, its check against the game's rules, how it is stored on the
  fixture's ``Result`` and read back, and the result of each side (``home_result``, a
  ``ResultKind`` value: ``victory`` / ``draw`` / ``defeat`` … in every game);
- **the table**: each finished fixture as the standings read it, the league points, the tie-break
  chain of each format and the CSV's columns;
- **the campaign**: the dice of a fixture and the steps after a match, run once when a result first
  becomes final, every roll written to the league's log.

A game's Django app registers its plug-in in a module named ``league_game`` (``campaigns.league_game``
for Shuluri Viadal, ``warbands.league_game`` for the warband game): :func:`league_game` imports those
modules of the installed apps the first time it is asked (as the admin site discovers ``admin``
modules), so ``campaigns`` and this module import no game app. A league names its game by id
(``League.game``); Shuluri Viadal is the default.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

VIADAL = "viadal"
DISCOVERED_MODULE = "league_game"


class UnknownLeagueGame(LookupError):
    """A league names a game no installed app plays leagues of."""


@dataclass(frozen=True)
class EntryCopy:
    """The league's own copy of what a player enters.

    ``document``: the game's own document (``Entry.roster``), changed only by the campaign from now
    on; ``treasury``: the gold it starts with; ``source_ref``: the pk of the builder's object it was
    copied from (for the player's lists, never read by the league again); ``problems``: the ids of
    the rules it breaks under the league's settings (a strict league refuses any).
    """

    name: str
    document: dict[str, Any]
    treasury: int
    source_ref: int | None = None
    problems: tuple[str, ...] = ()
    problem_texts: tuple[str, ...] = field(default=(), compare=False)


@runtime_checkable
class LeagueGame(Protocol):
    """One game's part of its leagues. ``campaigns`` calls these inside its own transactions, after
    it has taken its locks (``docs/campaigns.md``, "Locks"): a plug-in never locks, and it writes
    only the rows it is handed (the locked entries, the fixture's result) and the log it is given."""

    game_id: str

    # --- the league -----------------------------------------------------------------------------
    def default_settings(self) -> dict[str, Any]:
        """The game's own league settings (``League.game_settings``) of a new league."""
        ...

    def check_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The settings as stored, or ``ValueError`` naming what is wrong."""
        ...

    # --- entries --------------------------------------------------------------------------------
    def enterable(self, league: Any, player: Any) -> Sequence[tuple[int, str]]:
        """What ``player`` may enter in ``league`` now: ``(pk, name)`` of his ready things."""
        ...

    def entry_copy(self, league: Any, player: Any, source_ref: int) -> EntryCopy:
        """The league's copy of ``player``'s thing ``source_ref``; ``LeagueError`` if he may not
        enter it (not his own, not ready)."""
        ...

    def entered(self, entry: Any) -> None:
        """After the entry is saved (inside its transaction): the game's own records beside it."""
        ...

    def entry_value(self, entry: Any) -> int:
        """The entry's value now (Viadal's team value, the warband's WV)."""
        ...

    # --- the match report -----------------------------------------------------------------------
    def check_report(self, fixture: Any, report: Any, *, correction: bool = False) -> None:
        """Refuse a report the game's rules cannot accept (``LeagueError`` or the game's rule
        error), before anything is written. ``fixture.home`` / ``fixture.away`` are locked;
        ``correction``: the organiser corrects a final result (its campaign steps have run)."""
        ...

    def fill_result(self, result: Any, report: Any) -> None:
        """Write ``report`` onto the fixture's ``Result`` (``home_result`` and the game's fields)."""
        ...

    def report_of(self, result: Any) -> Any:
        """The report a stored ``Result`` holds."""
        ...

    # --- the table ------------------------------------------------------------------------------
    def match_result(self, fixture: Any) -> Any:
        """A finished fixture (its result loaded) as the standings engine reads it."""
        ...

    def compute_standings(self, league_format: Any, entry_ids: list[Any], results: list[Any], seed: int) -> list[Any]:
        """The ranked rows of a table (``StandingRow``) under the game's points and tie-breakers."""
        ...

    def tie_breakers(self, league_format: Any) -> tuple[Any, ...]:
        """The tie-break chain of a format, in order."""
        ...

    # --- the campaign ---------------------------------------------------------------------------
    def dice_for(self, fixture: Any) -> Any:
        """The dice of a fixture's campaign sequence: seeded from the league's seed and the
        fixture, so the rolls are the league's and can be shown how they came."""
        ...

    def run_campaign(self, *, fixture: Any, report: Any | None, dice: Any, log: Any) -> None:
        """The steps after a match, once (``fixture.campaign_done``), for both sides; ``report``
        None for a forfeit or a bye. Every roll goes into ``log`` (``EventLog.rolls``)."""
        ...


@runtime_checkable
class LeagueGamePages(LeagueGame, Protocol):
    """The pages of a game whose league pages are not Shuluri Viadal's own (``campaigns`` keeps
    Viadal's report form, match page and campaign sheet as they were). ``campaigns``' views render
    the game's templates (under its app's ``templates/<app>/``) inside its own pages, with the
    context these methods give; every write still goes through ``campaigns``' services, which lock in
    the one order and then call the plug-in."""

    report_template: str  # the report form's fields, inside campaigns' form
    match_template: str  # the match's result, side by side, inside campaigns' match page
    entry_template: str  # the campaign sheet's body, inside campaigns' entry page

    def size_label(self, league: Any) -> str:
        """The league's game size in a few words (``L 200``)."""
        ...

    def settings_fields(self, league: Any | None) -> dict[str, Any]:
        """The game's own settings as form fields, named as ``game_settings`` keys, their initial
        values the league's (a new league: the defaults)."""
        ...

    def settings_lines(self, league: Any) -> list[tuple[str, str]]:
        """The game's settings for the league page: (label, value) in the reader's language."""
        ...

    def entry_problems(self, entry: Any) -> list[tuple[str, str]]:
        """(rule id, text) of every rule the entry's copy breaks under the league's settings."""
        ...

    def report_form(self, fixture: Any, data: Any = None, *, report: Any = None) -> Any:
        """The match report form (a Django form: ``is_valid``, ``add_error``; ``report()`` gives
        what ``check_report`` takes), filled from ``report`` when the organiser corrects one."""
        ...

    def match_context(self, fixture: Any, result: Any | None, *, user: Any = None) -> dict[str, Any]:
        """What ``match_template`` shows of a fixture and its result to ``user`` (a player's forms
        before the match, such as hiring)."""
        ...

    def entry_context(self, entry: Any, *, owner: bool) -> dict[str, Any]:
        """What ``entry_template`` shows of an entry; its forms when the viewer owns it."""
        ...

    def entry_action(self, *, entry: Any, action: str, data: Any, log: Any) -> str:
        """A campaign choice between matches (a purchase, an advance, the healer) on the locked
        ``entry``: checked by the game's rules, written, logged; the message to show. Refused
        with ``LeagueRefusal`` (nothing written)."""
        ...

    points_rule: str  # the rule the league points follow (``WB-7.2``)
    tie_break_rule: str  # the rule of the tie-breakers (``WB-7.3``)

    def points_legend(self, league: Any) -> list[tuple[str, int]]:
        """(result in the reader's language, league points) of each result, in the league's format."""
        ...

    def tie_breaker_label(self, breaker: Any) -> str:
        """A tie-breaker of the chain described in the game's own words (victory points, figures)."""
        ...

    def csv_header(self) -> tuple[str, ...]:
        """The standings CSV's columns after rank, name and player, in the reader's language."""
        ...

    def csv_cells(self, row: Any) -> tuple[object, ...]:
        """One standings row's cells under ``csv_header``."""
        ...


class LeagueRefusal(ValueError):
    """A game's plug-in refuses what was asked (a report that breaks a rule, a purchase over the
    treasury); the message is in the reader's language, and nothing was written."""


_plugins: dict[str, LeagueGame] = {}
_discovered = False
_lock = threading.Lock()


def register(plugin: LeagueGame) -> None:
    """A game's ``league_game`` module registers its plug-in (once; registering again replaces it,
    so a reloaded module does no harm)."""
    _plugins[plugin.game_id] = plugin


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    with _lock:
        if not _discovered:
            from django.utils.module_loading import autodiscover_modules

            autodiscover_modules(DISCOVERED_MODULE)
            _discovered = True


@runtime_checkable
class LeagueGameAdvances(Protocol):
    """A game whose entries' advances live in the entry's own document: the figures with advances
    earned and not yet taken, by its own rules (the "Waiting on you" inbox lists them). Viadal's
    members' records are rows of their own (``MemberRecord``), read by the inbox directly."""

    def advances_due(self, entry: Any) -> Sequence[tuple[str, int]]:
        """``(figure, advances due)`` of each figure of ``entry`` that may take an advance now;
        no query (the entry's document is read)."""
        ...


def league_game(game_id: str) -> LeagueGame:
    """The plug-in of ``game_id``; ``UnknownLeagueGame`` if no installed app plays its leagues."""
    _discover()
    try:
        return _plugins[game_id]
    except KeyError:
        raise UnknownLeagueGame(f"no league plug-in for the game {game_id!r}") from None


def league_pages(game_id: str) -> LeagueGamePages:
    """The pages of a game's leagues; ``UnknownLeagueGame`` for a game without them (Viadal's are
    ``campaigns``' own)."""
    plugin = league_game(game_id)
    if not isinstance(plugin, LeagueGamePages):
        raise UnknownLeagueGame(f"the game {game_id!r} has no league pages of its own")
    return plugin


def league_games() -> tuple[str, ...]:
    """The ids of the games whose leagues can be played, Viadal first."""
    _discover()
    return tuple(sorted(_plugins, key=lambda game_id: (game_id != VIADAL, game_id)))


def entry_advances_due(entry: Any) -> Sequence[tuple[str, int]]:
    """The figures of another game's ``entry`` with advances due, when its game counts them
    (``LeagueGameAdvances``); none for a game that has no such advances."""
    plugin = league_game(entry.league.game)
    return plugin.advances_due(entry) if isinstance(plugin, LeagueGameAdvances) else ()
