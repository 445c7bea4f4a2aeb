from django import template

from chat import text

register = template.Library()


@register.filter
def chat_html(value: str):
    """A message's plain text as safe HTML: escaped, http(s) addresses as links, line breaks."""
    return text.to_html(value or "")


@register.filter
def chat_quoted(value: str) -> str:
    """A message's plain text for a text email: every line after "> " (see text.quoted)."""
    return text.quoted(value or "")
