"""A bare DRF endpoint: parse JSON, validate, insert one row, render. No auth, no lock, no game.

It runs in the same server process as the real decision endpoint, so the ratio of the two
measures what the real endpoint's work costs on top of Django and DRF themselves.
"""

from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from bench.bare.models import BareDecision


class BareDecisionSerializer(serializers.ModelSerializer):
    class Meta:
        model = BareDecision
        fields = ["id", "prompt", "option", "created_at"]
        read_only_fields = ["id", "created_at"]


class BareDecisionView(APIView):
    authentication_classes = []
    permission_classes = [AllowAny]

    def post(self, request):
        body = BareDecisionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        body.save()
        return Response(body.data, status=status.HTTP_201_CREATED)
