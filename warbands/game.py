"""The warband game as the games registry knows it (registered by ``WarbandsConfig.ready``)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.registry import Feature, GameInfo, GameWords, OwnedThing
from warbands.rules.warband_file import MAX_FILE_BYTES

from .file_check import check_file


def owned_warbands(owner: User) -> Sequence[OwnedThing]:
    """The owner's warbands for the game-neutral pages: one query whatever their number."""
    from .selectors import warband_list_for

    return [
        OwnedThing(
            name=warband.name,
            url=reverse("warbands:detail", args=[warband.pk]),
            ready=warband.is_ready,
            status=str(warband.get_status_display()),
            points=f"{totals.total} / {totals.points}",
            updated=warband.updated,
        )
        for warband, totals in warband_list_for(owner)
    ]


WARBAND = GameInfo(
    id="warband",
    names={"hu": "Osztagok", "en": "Warbands"},
    words=GameWords(
        team=_("Warband"),
        teams=_("Warbands"),
        your_teams=_("Your warbands"),
        new_team=_("New warband"),
        none_yet=_("No warbands yet. Start from the army list, then change what you like."),
        summary=_(
            "Build warbands for the skirmish game of the seed text (Quality, Combat, special rules, spells and "
            "magic skills, 150–300 points) and print their rosters. Matches are played at the table, not here."
        ),
    ),
    features=frozenset({Feature.BUILDER, Feature.SHEETS, Feature.LEAGUES, Feature.CAMPAIGNS}),
    list_url="warbands:list",
    create_url="warbands:create",
    reference_url="warband_rules:index",
    owned=owned_warbands,
    check_file=check_file,
    file_bytes=MAX_FILE_BYTES,
)
