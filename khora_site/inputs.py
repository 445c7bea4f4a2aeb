"""Input serializers that refuse members they do not know."""

from rest_framework import serializers


class StrictInput(serializers.Serializer):
    """Members not listed here are refused (400 invalid_input)."""

    # A misspelt member would otherwise be ignored in silence and the request look accepted;
    # the schema says so with additionalProperties: false (khora_site.schema).

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                known = ", ".join(self.fields)
                raise serializers.ValidationError(
                    {str(name): [f"Unknown field; the fields are {known}."] for name in unknown}
                )
        return super().to_internal_value(data)
