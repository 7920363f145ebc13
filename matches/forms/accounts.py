"""Logging in, signing up, adding a director to an event and lifting a lock-out (a login's
or a table code's).

Every text these take is refused beside its field when it holds a NUL or a control code
(``text_errors``): no database stores them, and PostgreSQL answers a look-up holding a NUL
with an error.
"""

import ipaddress

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from matches.auth.accounts import check_new_username
from matches.text import text_errors

from .base import ActionFormMixin


def _username_max_length() -> int:
    model = get_user_model()
    return model._meta.get_field(model.USERNAME_FIELD).max_length


def _refuse_control(value):
    """Raise the first of ``text_errors``' refusals of a text (a NUL, a control code)."""
    for message in text_errors(value):
        raise ValidationError(message, code="text")
    return value


class LoginForm(AuthenticationForm):
    """Django's login form, refusing a user name longer than any account can have."""

    def clean_username(self):
        name = _refuse_control(self.cleaned_data["username"])
        limit = _username_max_length()
        if len(name) > limit:
            raise ValidationError(
                _("A user name has at most %(limit)d characters; this one has %(length)d."),
                code="max_length",
                params={"limit": limit, "length": len(name)},
            )
        return name


class SignupForm(UserCreationForm):
    """A player's account: a user name nobody could mistake for another one. The form only
    checks; ``actions.sign_up`` writes (and checks the same rules again)."""

    def clean_username(self):
        name = super().clean_username()  # a name taken in another case: None, error added
        if name is None:
            return name
        check_new_username(name)
        return name

    def save(self, commit=True):
        raise NotImplementedError("actions.sign_up writes the account, not the form")


class AddDirectorForm(ActionFormMixin, forms.Form):
    """The user name of a director of the site who is to direct the event too; the action
    (``add_director``) checks the rest and its refusal is shown beside the field."""

    username = forms.CharField(label=_("Add a director (user name)"), max_length=150)

    def clean_username(self):
        return _refuse_control(self.cleaned_data["username"].strip())


class UnlockForm(forms.Form):
    """A lock-out to lift: the user name and, when the lock-out has one, the IP address."""

    username = forms.CharField(label=_("User name"), max_length=150)
    ip_address = forms.GenericIPAddressField(label=_("IP address"), required=False)

    def clean_username(self):
        return _refuse_control(self.cleaned_data["username"])


class LiftCodeLockoutForm(forms.Form):
    """An address to give back its allowance of wrong table codes (a row's Lift button): an
    IP address, or an IPv6 /64 network as the list shows it (one household or phone has a
    whole /64). The address is the row's hidden field, so its refusal is the form's own,
    shown at the top of the page."""

    address = forms.Field(widget=forms.HiddenInput, required=False)

    def clean(self):
        typed = (self.cleaned_data.get("address") or "").strip()
        for message in text_errors(typed, required=True):
            raise ValidationError(message, code="text")
        try:
            return {"address": str(ipaddress.ip_address(typed))}
        except ValueError:
            pass
        try:
            network = ipaddress.ip_network(typed, strict=False)
        except ValueError:
            network = None
        if network is None or network.version != 6 or network.prefixlen != 64:
            raise ValidationError(
                _(
                    "“%(text)s” is not an address: an IP address, or an IPv6 network ending "
                    "in /64, as the list shows it."
                ),
                code="address",
                params={"text": typed[:50]},
            )
        return {"address": str(network)}
