"""The page's error summary: every bound form in the context that has errors, found once for
all pages in base.html, so a form's errors are listed and linked at the top of the page."""

from django import template
from django.forms import BaseForm
from django.forms.formsets import BaseFormSet

register = template.Library()


def _forms_in(value, depth=0):
    # type(), not isinstance(): isinstance would evaluate a lazy object (a cached scorecard).
    kind = type(value)
    if issubclass(kind, BaseForm):
        yield value
    elif issubclass(kind, BaseFormSet):
        yield from value.forms
    elif kind in (list, tuple) and depth < 2:
        for item in value:
            yield from _forms_in(item, depth + 1)


@register.simple_tag(takes_context=True)
def forms_with_errors(context) -> list:
    """Return the bound forms of the page that have errors, each once, in context order."""
    found, seen = [], set()
    for value in context.flatten().values():
        for form in _forms_in(value):
            if id(form) not in seen and form.is_bound and form.errors:
                seen.add(id(form))
                found.append(form)
    return found


@register.simple_tag
def error_links(forms) -> list[tuple[str, str, str]]:
    """Return (field id, label, message) for each error of the forms; a form's own errors
    link to its first visible field."""
    links = []
    for form in forms:
        fields = form.visible_fields()
        first = fields[0].id_for_label if fields else ""
        for message in form.non_field_errors():
            links.append((first, "", message))
        for field in fields:
            for message in field.errors:
                links.append((field.id_for_label, field.label, message))
    return links
