from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log straight in, to the team list."""
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        messages.success(request, f"Welcome, {user.username}. Start with the base team.")
        return redirect("teams:list")
    return render(request, "registration/signup.html", {"form": form})
