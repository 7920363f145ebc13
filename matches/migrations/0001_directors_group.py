from django.db import migrations

DIRECTORS_GROUP = "Directors"


def create_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.get_or_create(name=DIRECTORS_GROUP)


def delete_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=DIRECTORS_GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [("auth", "0012_alter_user_first_name_max_length")]

    operations = [migrations.RunPython(create_group, delete_group)]
