"""Settings of ``make bench-web`` (bench/web_bench.py): the production settings, plus the bench's own
yardstick page (``bench.web_urls``). Never used to serve the site.

Two differences from production, both outside what is measured: the URLconf adds ``/bench/bare/``,
and ``collectstatic`` writes the hashed names without compressing every file (seconds of a bench run
that no measured page needs).
"""

import copy

from viadal_site.settings.prod import *  # noqa: F403
from viadal_site.settings.prod import BASE_DIR, STORAGES, TEMPLATES

ROOT_URLCONF = "bench.web_urls"

TEMPLATES = copy.deepcopy(TEMPLATES)
TEMPLATES[0]["DIRS"] = [*TEMPLATES[0].get("DIRS", []), BASE_DIR / "bench" / "templates"]

STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
}
