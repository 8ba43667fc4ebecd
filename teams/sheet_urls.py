"""The character sheets' URLs, included under ``teams/`` beside the team builder's own."""

from django.urls import path

from . import sheet_views

app_name = "sheets"

urlpatterns = [
    path("<int:pk>/sheets/", sheet_views.team_sheets, name="html"),
    path("<int:pk>/sheets.pdf", sheet_views.team_sheets_pdf, name="pdf"),
    path("share/<uuid:token>/sheets/", sheet_views.shared_sheets, name="share-html"),
    path("share/<uuid:token>/sheets.pdf", sheet_views.shared_sheets_pdf, name="share-pdf"),
]
