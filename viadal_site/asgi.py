import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "viadal_site.settings.base")
django.setup(set_prefix=False)

from .asgi_handler import SiteAsgiHandler  # noqa: E402  (after the settings are loaded)

# Django's ASGI handler, with the synchronous pages run as a WSGI worker runs them (viadal_site/asgi_handler.py)
application = SiteAsgiHandler()
