import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "viadal_site.settings.base")
# read by the settings: no persistent database connections under ASGI (a pool on PostgreSQL)
os.environ.setdefault("VIADAL_SERVED_BY", "asgi")
application = get_asgi_application()
