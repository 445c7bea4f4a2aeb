"""Request bodies held to their schema: members not listed, and values of the wrong JSON type,
are refused (400 invalid_input).

DRF is lenient where the schema is not: it ignores unknown members and coerces `0` to "0",
"5" to 5 and "yes" to true. A client generated from the schema must not learn that by luck,
and a misspelt member must not look accepted.
"""

from rest_framework import serializers

_JSON_TYPES = [
    # (DRF field class, accepted Python types, the JSON type's name); bool is an int in Python
    (serializers.BooleanField, (bool,), "a boolean"),
    (serializers.IntegerField, (int,), "an integer"),
    (serializers.CharField, (str,), "a string"),
    (serializers.ChoiceField, (str,), "a string"),
    (serializers.ListField, (list,), "an array"),
    (serializers.DictField, (dict,), "an object"),
    (serializers.Serializer, (dict,), "an object"),
]


def json_type_error(field: serializers.Field, value) -> str | None:
    """What is wrong with the JSON type of `value` for `field`, or None."""
    if value is None:
        return None if field.allow_null else "Must not be null."
    if isinstance(field, serializers.IntegerField) and isinstance(value, float):
        # JSON Schema (OpenAPI 3.1) defines integers mathematically: 24.0 is the integer 24,
        # and the schema's clients and fuzzers may spell it so; 24.5 is not an integer.
        return None if value.is_integer() else "Must be an integer."
    for field_class, python_types, name in _JSON_TYPES:
        if isinstance(field, field_class):
            wrong_bool = isinstance(value, bool) and bool not in python_types
            if wrong_bool or not isinstance(value, python_types):
                return f"Must be {name}."
            return None
    return None


class StrictInput(serializers.Serializer):
    """Members not listed here, or of another JSON type, are refused (400 invalid_input)."""

    # The schema says so with additionalProperties: false (khora_site.schema).

    def to_internal_value(self, data):
        errors = {}
        if isinstance(data, dict):
            errors = {
                str(name): [f"Unknown field; the fields are {', '.join(self.fields)}."]
                for name in sorted(set(data) - set(self.fields), key=str)
            }
            for name, field in self.fields.items():
                if name in data and not field.read_only:
                    problem = json_type_error(field, data[name])
                    if problem:
                        errors[name] = [problem]
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as refused:
            if not isinstance(refused.detail, dict):
                raise
            raise serializers.ValidationError({**refused.detail, **errors}) from None
        if errors:
            raise serializers.ValidationError(errors)
        return value


class StrictQuery(serializers.Serializer):
    """Query parameters: an empty value (`?filter=`) is refused rather than read as absent."""

    def to_internal_value(self, data):
        blank = [name for name in self.fields if name in data and data.get(name) == ""]
        if blank:
            raise serializers.ValidationError(
                {name: ["Must not be empty; leave the parameter out instead."] for name in blank}
            )
        return super().to_internal_value(data)
