"""Make final every match whose corrections period has ended (the event's setting: so many
minutes after its last result, with no call for the director open). ``make run`` runs it
every minute; on a server, cron does (docs/operations.md, "Production")."""

from django.core.management.base import BaseCommand

from matches import actions


class Command(BaseCommand):
    help = "Make final the matches whose corrections period has ended."

    def handle(self, *args, **options):
        made = actions.end_corrections_periods()
        if options["verbosity"] > 1 or made:
            self.stdout.write(f"{len(made)} match(es) made final: their corrections period ended.")
