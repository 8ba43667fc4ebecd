from django.urls import path

from . import sheet_views, views

app_name = "warbands"

urlpatterns = [
    path("", views.warband_list, name="list"),
    path("new/", views.warband_create, name="create"),
    path("import/", views.warband_import, name="import"),
    path("share/<uuid:token>/", views.warband_share, name="share"),
    path("share/<uuid:token>/copy/", views.warband_copy_shared, name="copy-shared"),
    path("share/<uuid:token>/roster/", sheet_views.shared_roster, name="share-roster"),
    path("share/<uuid:token>/roster.pdf", sheet_views.shared_roster_pdf, name="share-roster-pdf"),
    path("<int:pk>/", views.warband_detail, name="detail"),
    path("<int:pk>/edit/", views.warband_edit, name="edit"),
    path("<int:pk>/copy/", views.warband_copy, name="copy"),
    path("<int:pk>/delete/", views.warband_delete, name="delete"),
    path("<int:pk>/ready/", views.warband_mark_ready, name="mark-ready"),
    path("<int:pk>/draft/", views.warband_mark_draft, name="mark-draft"),
    path("<int:pk>/export/", views.warband_export, name="export"),
    path("<int:pk>/roster/", sheet_views.roster, name="roster"),
    path("<int:pk>/roster.pdf", sheet_views.roster_pdf, name="roster-pdf"),
]
