from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from accounts import views as account_views

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    # browsers ask for /favicon.ico whatever the page says: send them to the site's icon
    path("favicon.ico", views.favicon, name="favicon"),
    path("", include("arena.urls")),  # /arena/ and /play/
    path("teams/", include("teams.urls")),
    path("leagues/", include("campaigns.urls")),
    path("warbands/", include("warbands.urls")),
    path("rules/warband/", include("warbands.reference_urls")),
    path("rules/", include("reference.urls")),
    path("quests/", include("quests.urls")),
    path("teams/", include("teams.sheet_urls")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", include("accounts.urls")),
    path("i18n/setlang/", account_views.set_language, name="set_language"),
    path("admin/", admin.site.urls),
]

handler403 = "viadal_site.views.permission_denied"
handler404 = "viadal_site.views.page_not_found"
handler500 = "viadal_site.views.server_error"
