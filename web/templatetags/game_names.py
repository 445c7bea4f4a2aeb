"""{% game_title game %}: what the pages call a game (web.game_names)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from web import game_names

register = template.Library()


@register.simple_tag
def game_title(game) -> SafeString:
    return game_names.game_title_html(game)
