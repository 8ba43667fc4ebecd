from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from .models import (
    ArenaResult,
    CampaignEvent,
    Entry,
    Fixture,
    FixtureSeat,
    Invitation,
    League,
    MatchPreparation,
    MemberRecord,
    Result,
)


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ["name", "player", "source_team", "treasury", "seed"]
    readonly_fields = ["source_team"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "season", "organiser", "tier", "format", "arena_mode", "validation_mode", "sign_up_open"]
    list_filter = ["format", "arena_mode", "tier", "validation_mode", "sign_up_open"]
    search_fields = ["name", "season", "organiser__username"]
    readonly_fields = ["dice_seed", "created"]
    inlines = [EntryInline]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["league", "player", "created"]
    search_fields = ["league__name", "player__username"]


class MemberRecordInline(admin.TabularInline):
    model = MemberRecord
    extra = 0


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "player", "treasury", "broken"]
    list_filter = ["league"]
    search_fields = ["name", "player__username", "league__name"]
    inlines = [MemberRecordInline]


class FixtureSeatInline(admin.TabularInline):
    model = FixtureSeat
    extra = 0


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):
    list_display = ["league", "round", "home", "away", "seat_count", "scheduled_for", "status", "campaign_done"]
    list_filter = ["league", "status", "seat_count"]
    inlines = [FixtureSeatInline]


@admin.register(Result)
class ResultAdmin(SimpleHistoryAdmin):
    list_display = ["fixture", "home_result", "home_score", "away_score", "reported_by", "confirmed_by", "hosted"]
    list_filter = ["hosted", "home_result"]


@admin.register(ArenaResult)
class ArenaResultAdmin(SimpleHistoryAdmin):
    list_display = ["fixture", "rounds_played", "reported_by", "confirmed_by", "hosted"]
    list_filter = ["hosted"]


@admin.register(CampaignEvent)
class CampaignEventAdmin(admin.ModelAdmin):
    list_display = ["league", "seq", "entry", "kind", "summary"]
    list_filter = ["league", "kind"]
    search_fields = ["summary", "purpose"]


@admin.register(MatchPreparation)
class MatchPreparationAdmin(admin.ModelAdmin):
    list_display = ["fixture", "entry", "patronage", "consumed"]
    list_filter = ["consumed", "fixture__league"]
