from django.core.management.base import BaseCommand, CommandError

from matches import actions
from matches.demo import load_demo
from matches.management.options import add_method_arguments, method_settings


class Command(BaseCommand):
    help = (
        "Load the demo event (two teams, a 16-board match with both rooms entered); "
        "--method scores it otherwise (bam, wl, patton) when the demo is made."
    )

    def add_arguments(self, parser):
        add_method_arguments(parser)

    def handle(self, *args, **options):
        try:
            event = load_demo(scoring=method_settings(options))
        except actions.ActionError as error:
            raise CommandError(error) from None
        self.stdout.write(
            f"Demo event: {event.name} (http://127.0.0.1:8000{event.get_absolute_url()})"
        )
