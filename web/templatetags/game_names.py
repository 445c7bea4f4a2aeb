"""{% game_title game %}: what the pages call a game (games.naming)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games import naming

register = template.Library()


@register.simple_tag
def game_title(game) -> SafeString:
    return naming.game_title_html(game)
