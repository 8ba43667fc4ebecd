"""Settings for the test suite: fast hashing, plain static storage, same database rules as base."""

import atexit
import os
import shutil
import tempfile

from .base import *  # noqa: F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Serve static files straight from the finders: the suite never runs collectstatic.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# A request that names no language reads English here, as the suite's page tests were written;
# production falls back to Hungarian (base.LANGUAGE_CODE), which tests/i18n checks explicitly.
LANGUAGE_CODE = "en"

# The login throttle as in production, except that the test client's client.login (no request) still works.
AUTHENTICATION_BACKENDS = [
    "tests.axes_backend.TestClientAxesBackend",
    "accounts.backends.ModelBackend",
]

# The caches of base without Redis, whatever the environment says: each test process (xdist worker) has
# its own folder for the file cache, removed when it ends; tests/conftest.py empties both before each test.
_SHEET_CACHE = tempfile.mkdtemp(prefix="viadal-test-cache-")
atexit.register(shutil.rmtree, _SHEET_CACHE, True)
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "sheets": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": _SHEET_CACHE,
        "TIMEOUT": 60 * 60,
    },
}
# Tests may script a hosted match's d10s (Match.dice_script, arena/runtime/hosted_dice.py); never in production.
VIADAL_TEST_DICE = True
# The suite makes many matches per player in a few seconds; tests/arena/test_limits.py checks the
# production numbers (base.VIADAL_HOSTED_LIMITS) with override_settings.
VIADAL_HOSTED_LIMITS = {
    name: 10_000 for name in ("open_challenges", "live_matches", "computer_seats", "created", "imports")
}
# The suite signs up from one address many times; tests/accounts/test_signup.py checks the limit.
SIGNUP_LIMIT = 10_000
# Push (arena/runtime/push.py): the Redis broker when the environment names Redis (make test-postgres),
# the local one otherwise; each test process publishes on channels of its own (xdist workers number
# their matches alike).
VIADAL_PUSH_CHANNEL_PREFIX = f"viadal-test-{os.getpid()}:match:"
