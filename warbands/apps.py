from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WarbandsConfig(AppConfig):
    name = "warbands"
    verbose_name = _("Warbands")

    def ready(self) -> None:
        from games.registry import register

        from .game import WARBAND

        register(WARBAND)
