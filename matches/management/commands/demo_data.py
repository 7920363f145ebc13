from django.core.management.base import BaseCommand, CommandError

from matches import actions
from matches.demo import load_demo
from matches.management.options import add_method_arguments, method_settings
from matches.models import Event


class Command(BaseCommand):
    help = (
        "Load the demo event (two teams, a 16-board match with both rooms entered); "
        "--method scores it otherwise (bam, wl, patton) when the demo is made."
    )

    def add_arguments(self, parser):
        add_method_arguments(parser)
        parser.add_argument(
            "--url", default="http://127.0.0.1:8000", help="the site's address, to print"
        )
        parser.add_argument(
            "--if-no-events",
            action="store_true",
            help="make it only in a database with no event yet (make run: its first run)",
        )

    def handle(self, *args, url, if_no_events, **options):
        if if_no_events and Event.objects.exists():
            return
        try:
            event = load_demo(scoring=method_settings(options))
        except actions.ActionError as error:
            raise CommandError(error) from None
        self.stdout.write(f"Demo event: {event.name} ({url.rstrip('/')}{event.get_absolute_url()})")
