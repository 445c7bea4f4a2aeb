from django import template

from chat import text

register = template.Library()


@register.filter
def chat_html(value: str):
    """A message's plain text as safe HTML: escaped, http(s) addresses as links, line breaks."""
    return text.to_html(value or "")
