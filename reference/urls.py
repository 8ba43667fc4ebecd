from django.urls import path

from . import views

app_name = "reference"

urlpatterns = [
    path("", views.index, name="index"),
    path("how-a-match-goes/", views.how_a_match_goes, name="guide"),
    path("readings/", views.readings, name="readings"),
    path("<slug:kind>/", views.index, name="kind"),
    path("<slug:kind>/<slug:entry_id>/", views.entry, name="entry"),
]
