"""The stats' CHECK constraints written shorter, the same bounds (teams/constraints.py,
``_stat_condition``): PostgreSQL prepares every CHECK of a row each time it writes the row."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("teams", "0004_bounds"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="character",
            name="character_te_in_range",
        ),
        migrations.RemoveConstraint(
            model_name="character",
            name="character_ve_in_range",
        ),
        migrations.RemoveConstraint(
            model_name="character",
            name="character_ce_in_range",
        ),
        migrations.RemoveConstraint(
            model_name="character",
            name="character_ep_in_range",
        ),
        migrations.RemoveConstraint(
            model_name="character",
            name="character_eg_in_range",
        ),
        migrations.RemoveConstraint(
            model_name="character",
            name="character_me_in_range",
        ),
        migrations.RemoveConstraint(
            model_name="character",
            name="character_mov_in_range",
        ),
        migrations.RemoveConstraint(
            model_name="character",
            name="character_sfe_in_range",
        ),
        migrations.RemoveConstraint(
            model_name="character",
            name="character_stp_in_range",
        ),
        migrations.AddConstraint(
            model_name="character",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("te__isnull", True),
                    models.Q(("slot", "gladiator"), ("te__range", (11, 17))),
                    models.Q(("slot", "witch_master"), ("te__range", (4, 9))),
                    models.Q(("slot", "crossbowman"), ("te__range", (5, 10))),
                    models.Q(("slot", "deasta"), ("te__range", (9, 14))),
                    models.Q(("slot", "laeva"), ("te__range", (7, 12))),
                    models.Q(("slot", "strategist"), ("te", 0)),
                    _connector="OR",
                ),
                name="character_te_in_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="character",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("ve__isnull", True),
                    models.Q(("slot", "gladiator"), ("ve__range", (0, 7))),
                    models.Q(("slot__in", ["witch_master", "crossbowman"]), ("ve__range", (6, 11))),
                    models.Q(("slot", "deasta"), ("ve__range", (8, 13))),
                    models.Q(("slot", "laeva"), ("ve__range", (7, 12))),
                    models.Q(("slot", "strategist"), ("ve", 0)),
                    _connector="OR",
                ),
                name="character_ve_in_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="character",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("ce__isnull", True),
                    models.Q(("slot__in", ["gladiator", "witch_master", "strategist"]), ("ce", 0)),
                    models.Q(("slot", "crossbowman"), ("ce__range", (10, 15))),
                    models.Q(("slot", "deasta"), ("ce__range", (8, 13))),
                    models.Q(("slot", "laeva"), ("ce__range", (9, 14))),
                    _connector="OR",
                ),
                name="character_ce_in_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="character",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("slot", "gladiator"), ("ep__range", (16, 24))),
                    models.Q(("slot__in", ["witch_master", "deasta", "laeva"]), ("ep__range", (8, 14))),
                    models.Q(("slot", "crossbowman"), ("ep__range", (9, 15))),
                    models.Q(("slot", "strategist"), ("ep__range", (6, 14))),
                    _connector="OR",
                ),
                name="character_ep_in_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="character",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("slot", "gladiator"), ("eg__range", (3, 7))),
                    models.Q(("slot", "witch_master"), ("eg__range", (3, 8))),
                    models.Q(("slot__in", ["crossbowman", "deasta", "laeva", "strategist"]), ("eg__range", (2, 7))),
                    _connector="OR",
                ),
                name="character_eg_in_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="character",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(
                        ("slot__in", ["gladiator", "crossbowman", "deasta", "laeva", "strategist"]),
                        ("me__range", (0, 3)),
                    ),
                    models.Q(("slot", "witch_master"), ("me__range", (4, 9))),
                    _connector="OR",
                ),
                name="character_me_in_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="character",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("mov__isnull", True),
                    models.Q(("slot", "gladiator"), ("mov__range", (3, 6))),
                    models.Q(("slot__in", ["witch_master", "crossbowman"]), ("mov__range", (3, 5))),
                    models.Q(("slot__in", ["deasta", "laeva"]), ("mov__range", (4, 6))),
                    models.Q(("slot", "strategist"), ("mov", 0)),
                    _connector="OR",
                ),
                name="character_mov_in_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="character",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("slot", "gladiator"), ("sfe__range", (1, 3))),
                    models.Q(("slot__in", ["witch_master", "crossbowman", "deasta", "laeva"]), ("sfe__range", (0, 2))),
                    models.Q(("slot", "strategist"), ("sfe", 0)),
                    _connector="OR",
                ),
                name="character_sfe_in_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="character",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("slot", "gladiator"), ("stp__range", (2, 6))),
                    models.Q(("slot", "witch_master"), ("stp__range", (1, 3))),
                    models.Q(("slot__in", ["crossbowman", "deasta", "laeva"]), ("stp__range", (2, 4))),
                    models.Q(("slot", "strategist"), ("stp", 0)),
                    _connector="OR",
                ),
                name="character_stp_in_range",
            ),
        ),
    ]
