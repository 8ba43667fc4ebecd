from django.urls import path

from . import views

app_name = "quests"

urlpatterns = [
    path("", views.party_list, name="list"),
    path("new/", views.party_create, name="create"),
    path("hall-of-fame/", views.hall_of_fame, name="hall"),
    path("<int:pk>/", views.party_detail, name="party"),
    path("<int:pk>/invite/", views.member_invite, name="invite"),
    path("<int:pk>/warriors/new/", views.warrior_add, name="warrior-add"),
    path("<int:pk>/warriors/lot/", views.class_lot, name="class-lot"),
    path("<int:pk>/warriors/<int:warrior_pk>/", views.warrior_edit, name="warrior-edit"),
    path("<int:pk>/adventures/new/", views.adventure_create, name="adventure-create"),
    path("<int:pk>/adventures/<int:number>/", views.adventure_detail, name="adventure"),
    path("<int:pk>/adventures/<int:number>/roll/", views.adventure_roll, name="adventure-roll"),
    path("<int:pk>/adventures/<int:number>/spells/", views.adventure_spells, name="adventure-spells"),
    path("<int:pk>/adventures/<int:number>/begin/", views.adventure_begin, name="adventure-begin"),
    path("<int:pk>/adventures/<int:number>/log/", views.adventure_entry, name="adventure-entry"),
    path("<int:pk>/sheets/", views.party_sheets, name="sheets"),
    path("<int:pk>/sheets.pdf", views.party_sheets_pdf, name="sheets-pdf"),
    path("share/<uuid:token>/", views.party_shared, name="share"),
    path("share/<uuid:token>/adventures/<int:number>/", views.adventure_shared, name="share-adventure"),
    path("share/<uuid:token>/sheets/", views.shared_sheets, name="share-sheets"),
    path("share/<uuid:token>/sheets.pdf", views.shared_sheets_pdf, name="share-sheets-pdf"),
]
