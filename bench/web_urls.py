"""The site's URLs and the bench's yardstick, served only under ``bench.web_settings``."""

from django.urls import path

from viadal_site.urls import urlpatterns as site_urlpatterns

from . import web_views

urlpatterns = [
    path("bench/bare/", web_views.bare, name="bench-bare"),
    *site_urlpatterns,
]
