"""Bring every stored league number within the bounds 0005 adds as CHECK constraints (issue 11).

Each number outside its bound is set to the nearest bound, so that 0005 can add its constraints
over rows written before them. The bounds are those of ``campaigns.league_bounds`` when 0005 was written,
copied here so that this migration never changes with the engine.
"""

from django.db import migrations

ROUND_LIMIT = (12, 30)
GROUP_COUNT_MAX = 16
ROUNDS_PLAYED_MAX = 35
ARENA_SCORE_MAX = 45
MATCHES_MISSED_MAX = 2
TRAINING_MAX = 2
PATRONAGE_MAX = 20


def clamp(apps, schema_editor):
    League = apps.get_model("campaigns", "League")
    Entry = apps.get_model("campaigns", "Entry")
    MemberRecord = apps.get_model("campaigns", "MemberRecord")
    Result = apps.get_model("campaigns", "Result")
    MatchPreparation = apps.get_model("campaigns", "MatchPreparation")
    League.objects.filter(round_limit__lt=ROUND_LIMIT[0]).update(round_limit=ROUND_LIMIT[0])
    League.objects.filter(round_limit__gt=ROUND_LIMIT[1]).update(round_limit=ROUND_LIMIT[1])
    League.objects.filter(group_count__lt=1).update(group_count=None)
    League.objects.filter(group_count__gt=GROUP_COUNT_MAX).update(group_count=GROUP_COUNT_MAX)
    Entry.objects.filter(treasury__lt=0).update(treasury=0)
    MemberRecord.objects.filter(matches_missed__gt=MATCHES_MISSED_MAX).update(matches_missed=MATCHES_MISSED_MAX)
    MemberRecord.objects.filter(training__gt=TRAINING_MAX).update(training=TRAINING_MAX)
    Result.objects.filter(rounds_played__gt=ROUNDS_PLAYED_MAX).update(rounds_played=ROUNDS_PLAYED_MAX)
    Result.objects.filter(home_score__gt=ARENA_SCORE_MAX).update(home_score=ARENA_SCORE_MAX)
    Result.objects.filter(away_score__gt=ARENA_SCORE_MAX).update(away_score=ARENA_SCORE_MAX)
    MatchPreparation.objects.filter(patronage__gt=PATRONAGE_MAX).update(patronage=PATRONAGE_MAX)


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0004_notes_max_length")]

    operations = [migrations.RunPython(clamp, migrations.RunPython.noop)]
