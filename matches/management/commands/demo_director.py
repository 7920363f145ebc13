from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from matches import actions


class Command(BaseCommand):
    help = "Create (or reset) the demo director account and print its login."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="director")
        parser.add_argument("--url", default="http://127.0.0.1:8000/accounts/login/")
        parser.add_argument(
            "--keep",
            action="store_true",
            help="leave an existing account's password as it is (make run after the first)",
        )

    def handle(self, *args, username, url, keep, **options):
        if keep and get_user_model().objects.filter(username=username).exists():
            self.stdout.write(
                f"Demo director: {username}, with the password printed when it was made "
                "(make director gives it a new one)."
            )
            return
        password = actions.reset_demo_director(username)
        self.stdout.write(
            self.style.SUCCESS("Demo director login")
            + f"\n  page:     {url}\n  username: {username}\n  password: {password}\n"
        )
