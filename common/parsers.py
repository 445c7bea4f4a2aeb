"""The API's JSON parser: DRF's, plus a bound on nesting and text that can be encoded.

Python's decoder recurses once per level, so a 2 KB body of brackets raised RecursionError (a
500) and a body just under the recursion limit could still overflow later, when the value is
copied, validated or stored. No request of this API needs more than a few levels.

JSON can spell a lone surrogate ("\\ud800"), which Python decodes into a string that no
encoder, database or response can take: every member name and string in a body is checked
here, once, so no field, option or error message downstream ever holds one (400 invalid_text).
So is a NUL character ("\\u0000"), which PostgreSQL's text and jsonb columns refuse.
"""

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class TooDeep(ParseError):
    default_code = "too_deep"


class UnencodableText(ParseError):
    default_code = "invalid_text"


def encodable(text: str) -> bool:
    """Whether UTF-8 can encode `text` (a NUL, which no text column takes, is refused apart)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def nesting_depth(value) -> int:
    """How many arrays and objects deep `value` goes, counted without recursion; raises
    UnencodableText for a string (or member name) that UTF-8 cannot encode."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = list(item.values()) + list(item.keys())
        elif isinstance(item, list):
            children = item
        else:
            if isinstance(item, str) and (not encodable(item) or "\x00" in item):
                raise UnencodableText("The JSON body holds text that is not valid Unicode.")
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.API_JSON_MAX_DEPTH
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise TooDeep(self._too_deep(limit)) from None
        if nesting_depth(data) > limit:
            raise TooDeep(self._too_deep(limit))
        return data

    @staticmethod
    def _too_deep(limit: int) -> str:
        return f"The JSON body nests arrays and objects more than {limit} levels deep."
