from django.apps import AppConfig
from django.core.management import call_command
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"
    verbose_name = _("Team matches")

    def ready(self):
        post_migrate.connect(create_cache_tables, sender=self)


def create_cache_tables(using="default", **kwargs):
    """Create the database cache's table (rate limits without Redis) after every migrate."""
    call_command("createcachetable", database=using, verbosity=0)
