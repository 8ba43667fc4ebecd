from django.urls import path

from . import views

app_name = "teams"

urlpatterns = [
    path("", views.team_list, name="list"),
    path("new/", views.team_create, name="create"),
    path("import/", views.team_import, name="import"),
    path("share/<uuid:token>/", views.team_share, name="share"),
    path("share/<uuid:token>/copy/", views.team_copy_shared, name="copy-shared"),
    path("<int:pk>/", views.team_detail, name="detail"),
    path("<int:pk>/edit/", views.team_edit, name="edit"),
    path("<int:pk>/copy/", views.team_copy, name="copy"),
    path("<int:pk>/delete/", views.team_delete, name="delete"),
    path("<int:pk>/ready/", views.team_mark_ready, name="mark-ready"),
    path("<int:pk>/draft/", views.team_mark_draft, name="mark-draft"),
    path("<int:pk>/export/", views.team_export, name="export"),
]
