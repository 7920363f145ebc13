from django.core.management.base import BaseCommand

from matches.demo import load_demo


class Command(BaseCommand):
    help = "Load the demo event (two teams, a 16-board match with both rooms entered)."

    def handle(self, *args, **options):
        event = load_demo()
        self.stdout.write(
            f"Demo event: {event.name} (http://127.0.0.1:8000{event.get_absolute_url()})"
        )
