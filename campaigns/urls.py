from django.urls import path

from .views import arena, fixtures, leagues, records, reports

app_name = "campaigns"

urlpatterns = [
    path("", leagues.league_list, name="list"),
    path("new/", leagues.league_new, name="create"),
    path("<int:pk>/", leagues.league_detail, name="league"),
    path("<int:pk>/edit/", leagues.league_edit, name="edit"),
    path("<int:pk>/invite/", leagues.league_invite_player, name="invite"),
    path("<int:pk>/enter/", leagues.league_enter_team, name="enter"),
    path("<int:pk>/fixtures/", fixtures.fixture_list, name="fixtures"),
    path("<int:pk>/fixtures/generate/", fixtures.fixtures_generate_view, name="generate"),
    path("<int:pk>/standings/", fixtures.standings, name="standings"),
    path("<int:pk>/standings.csv", fixtures.standings_csv, name="standings-csv"),
    path("fixtures/<int:pk>/", reports.match_report, name="match"),
    path("fixtures/<int:pk>/report/", reports.fixture_report, name="report"),
    path("fixtures/<int:pk>/confirm/", reports.fixture_confirm, name="confirm"),
    path("fixtures/<int:pk>/dispute/", reports.fixture_dispute, name="dispute"),
    path("fixtures/<int:pk>/settle/", reports.fixture_settle, name="settle"),
    path("fixtures/<int:pk>/forfeit/", reports.fixture_forfeit, name="forfeit"),
    path("fixtures/<int:pk>/reschedule/", fixtures.fixture_reschedule, name="reschedule"),
    path("fixtures/<int:pk>/table/", arena.table_detail, name="table"),
    path("fixtures/<int:pk>/table/report/", arena.table_report, name="table-report"),
    path("fixtures/<int:pk>/table/confirm/", arena.table_confirm, name="table-confirm"),
    path("fixtures/<int:pk>/table/dispute/", arena.table_dispute, name="table-dispute"),
    path("fixtures/<int:pk>/table/settle/", arena.table_settle, name="table-settle"),
    path("fixtures/<int:pk>/buy/<slug:side>/", reports.fixture_buy_item, name="buy-item"),
    path("entries/<int:pk>/", records.entry_sheet, name="entry"),
    path("entries/<int:pk>/history/", records.entry_history, name="history"),
    path("entries/<int:pk>/advance/<slug:slot>/", records.entry_advance, name="advance"),
    path("entries/<int:pk>/spend/<slug:kind>/", records.entry_spend, name="spend"),
    path("entries/<int:pk>/heal/", records.entry_heal_view, name="heal"),
    path("entries/<int:pk>/campaign/<slug:action>/", records.entry_action, name="entry-action"),
]
