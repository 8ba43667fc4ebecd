"""The warband game's section of the rules reference, included under ``rules/warband/``."""

from django.urls import path

from . import reference_views

app_name = "warband_rules"

urlpatterns = [
    path("", reference_views.index, name="index"),
    path("<slug:entry_id>/", reference_views.entry, name="entry"),
]
