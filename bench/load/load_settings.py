"""The settings of a ``make load`` server: the production settings, and the URLconf with the bare view
(``load_urls``) that the table mode measures beside real play."""

from viadal_site.settings.prod import *  # noqa: F403

ROOT_URLCONF = "bench.load.load_urls"
# The load's throwaway players sign in with a quick hash: the runs measure play, not the password
# hasher (whose cost the mixed load, on the production settings, still includes).
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
