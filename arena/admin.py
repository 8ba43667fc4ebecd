"""Hosted matches in the admin, read-only: the seed and the set-up document (which holds it) are left
out, so that they never reach a browser while a match runs (docs/hosting.md)."""

from django.contrib import admin

from .models import Match, MatchAction, MatchSeat


class MatchSeatInline(admin.TabularInline):
    model = MatchSeat
    extra = 0
    can_delete = False
    readonly_fields = ["seat", "player", "team", "team_name", "to_move", "prompt_version"]
    exclude = ["prompt_digest"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["pk", "created_by", "invited", "status", "version", "winner_seat", "created_at"]
    list_filter = ["status", "forfeit"]
    search_fields = ["created_by__username", "invited__username"]
    exclude = ["seed", "setup", "dice_script"]
    readonly_fields = [
        "created_by",
        "invited",
        "invite_token",
        "round_limit",
        "optional_rules",
        "trap_insight",
        "status",
        "version",
        "result",
        "winner_seat",
        "forfeit",
        "created_at",
        "started_at",
        "last_action_at",
        "finished_at",
    ]
    inlines = [MatchSeatInline]

    def has_add_permission(self, request):
        return False


@admin.register(MatchAction)
class MatchActionAdmin(admin.ModelAdmin):
    """The log as stored; its events hold both seats' secrets, so only a finished match's is listed."""

    list_display = ["match", "seq", "seat", "created_at"]

    def get_queryset(self, request):
        return super().get_queryset(request).filter(match__status=Match.Status.FINISHED)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
