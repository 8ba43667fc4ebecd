"""The warband game as the registry of games knows it: registered by the warband app when it has its
builder's pages; until then these tests name it themselves, with the words the league pages read."""

from __future__ import annotations

import pytest
from django.utils.translation import gettext_lazy as _

from games import registry


@pytest.fixture(autouse=True)
def _warband_game_registered():  # type: ignore[no-untyped-def]
    if "warband" in registry._GAMES:
        yield
        return
    info = registry.GameInfo(
        id="warband",
        names={"hu": "Harcoscsapatok", "en": "Warbands"},
        words=registry.GameWords(
            team=_("Warband"),
            teams=_("Warbands"),
            your_teams=_("Your warbands"),
            new_team=_("New warband"),
            none_yet=_("No warbands yet."),
            summary="",
        ),
        features=frozenset({registry.Feature.LEAGUES, registry.Feature.CAMPAIGNS}),
        list_url="campaigns:list",
    )
    registry._GAMES["warband"] = info
    yield
    registry._GAMES.pop("warband", None)
