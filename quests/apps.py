from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class QuestsConfig(AppConfig):
    name = "quests"
    verbose_name = _("Quests")

    def ready(self) -> None:
        from games.registry import register

        from .game import QUEST

        register(QUEST)
