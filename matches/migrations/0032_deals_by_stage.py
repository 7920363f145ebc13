"""Deals (and hand records published) belong to a stage's round, not the event's.

Before this migration a deal was keyed by event and round, so the deals loaded for
"round 1" showed on every stage's round 1 (the Swiss's and the knockout's semi-finals).
Each existing deal, and each round's publication of its hand records, is given to the
FIRST stage (lowest number) that has matches in that round, or to stage 1 when no stage
has (deals loaded before the draw). Not copied to every stage playing that round number:

- a file of deals is uploaded for the boards being played; the first stage to play a
  round number plays it first, so the file was that stage's (a later stage's round of the
  same number was only shown those deals by the old key);
- a copy would give a knockout hands its tables never held: the lead check against the
  deals, the double dummy and par on its scorecards, and the hand records would all be
  wrong for it, silently; without deals the knockout just shows none until the director
  uploads its own (the deals page now offers each stage's rounds).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _first_stage_of_round(Stage, Match, event_id, round_number, cache):
    key = (event_id, round_number)
    if key not in cache:
        playing = (
            Match.objects.filter(event_id=event_id, round=round_number)
            .order_by("stage__number")
            .values_list("stage_id", flat=True)
            .first()
        )
        if playing is None:
            playing = (
                Stage.objects.filter(event_id=event_id)
                .order_by("number")
                .values_list("pk", flat=True)
                .first()
            )
        cache[key] = playing
    return cache[key]


def give_to_stages(apps, schema_editor):
    Stage = apps.get_model("matches", "Stage")
    Match = apps.get_model("matches", "Match")
    cache = {}
    for model in ("Deal", "HandsRelease"):
        rows = apps.get_model("matches", model).objects.filter(stage__isnull=True)
        for row in rows.only("pk", "event_id", "round").iterator():
            row.stage_id = _first_stage_of_round(Stage, Match, row.event_id, row.round, cache)
            row.save(update_fields=["stage"])
    if schema_editor.connection.vendor == "postgresql":  # the columns are altered next
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0031_event_tables'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='deal',
            name='one_deal_per_round_board',
        ),
        migrations.RemoveConstraint(
            model_name='handsrelease',
            name='one_hands_release_per_round',
        ),
        migrations.AddField(
            model_name='deal',
            name='stage',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='deals', to='matches.stage'),
        ),
        migrations.AddField(
            model_name='handsrelease',
            name='stage',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='hands_releases', to='matches.stage'),
        ),
        migrations.AddField(
            model_name='historicaldeal',
            name='stage',
            field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='matches.stage'),
        ),
        migrations.AddField(
            model_name='historicalhandsrelease',
            name='stage',
            field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='matches.stage'),
        ),
        migrations.AddField(
            model_name='job',
            name='stage',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='matches.stage'),
        ),
        migrations.RunPython(give_to_stages, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='deal',
            name='stage',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='deals', to='matches.stage'),
        ),
        migrations.AlterField(
            model_name='handsrelease',
            name='stage',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='hands_releases', to='matches.stage'),
        ),
        migrations.AddConstraint(
            model_name='deal',
            constraint=models.UniqueConstraint(fields=('stage', 'round', 'board'), name='one_deal_per_stage_round_board'),
        ),
        migrations.AddConstraint(
            model_name='handsrelease',
            constraint=models.UniqueConstraint(fields=('stage', 'round'), name='one_hands_release_per_stage_round'),
        ),
    ]
