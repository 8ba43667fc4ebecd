"""The Warhammer Quest tracker as the games registry knows it (registered by ``QuestsConfig.ready``)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.registry import Feature, GameInfo, GameWords, OwnedThing


def owned_parties(owner: User) -> Sequence[OwnedThing]:
    from .selectors import parties_for  # the selectors read the models: imported once apps are ready

    return [
        OwnedThing(
            name=party.name,
            url=reverse("quests:party", args=[party.pk]),
            ready=True,
            status=ngettext("%(count)s warrior", "%(count)s warriors", party.active_count)  # type: ignore[attr-defined]
            % {"count": party.active_count},  # type: ignore[attr-defined]
            points="",
            updated=party.updated,
        )
        for party in parties_for(owner)
    ]


QUEST = GameInfo(
    id="quest",
    names={"hu": "Warhammer Quest", "en": "Warhammer Quest"},
    words=GameWords(
        team=_("Party"),
        teams=_("Parties"),
        your_teams=_("Your parties"),
        new_team=_("New party"),
        none_yet=_("No parties yet. Make one, add up to four warriors and set out."),
        summary=_(
            "Keep your Warhammer Quest party and its adventures: record sheets with the rolls made by the app, "
            "the log of every adventure, gold and treasure, and printed sheets. Played at the table, not here."
        ),
    ),
    features=frozenset({Feature.TRACKER, Feature.SHEETS}),
    list_url="quests:list",
    create_url="quests:create",
    owned=owned_parties,
)
