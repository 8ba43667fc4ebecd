from django.contrib import admin

from .models import Character, Team


class CharacterInline(admin.StackedInline):
    model = Character
    extra = 0


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "tier", "status", "updated"]
    list_filter = ["tier", "status"]
    search_fields = ["name", "owner__username"]
    readonly_fields = ["share_token", "created", "updated"]
    inlines = [CharacterInline]


@admin.register(Character)
class CharacterAdmin(admin.ModelAdmin):
    list_display = ["name", "slot", "team"]
    list_filter = ["slot"]
    search_fields = ["name", "team__name"]
