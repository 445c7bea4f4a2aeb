"""The API's JSON parser: DRF's, plus a bound on nesting.

Python's decoder recurses once per level, so a 2 KB body of brackets raised RecursionError (a
500) and a body just under the recursion limit could still overflow later, when the value is
copied, validated or stored. No request of this API needs more than a few levels.
"""

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class TooDeep(ParseError):
    default_code = "too_deep"


def nesting_depth(value) -> int:
    """How many arrays and objects deep `value` goes, counted without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
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
