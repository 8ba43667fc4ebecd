"""Account pages under ``accounts/`` (beside Django's login and logout)."""

from django.urls import path

from . import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("inbox/", views.inbox, name="inbox"),
]
