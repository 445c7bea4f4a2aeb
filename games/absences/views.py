"""The API of holidays, pauses and nudges: parse → one service call → render."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common import clock
from common.openapi import GAME_ID, problems
from games.absences import holidays, nudges, pauses, substitutes
from games.absences.bank import set_automatic
from games.absences.lookups import open_pause
from games.absences.selectors import pause_summary
from games.absences.serializers import (
    AbsenceInput,
    AbsenceOutput,
    HolidayPreferenceInput,
    HolidaysOutput,
    NudgeInput,
    NudgeOutput,
    PauseEnvelopeOutput,
    PauseInput,
    PauseOutput,
    SeatTakenOutput,
    SubstituteAcceptInput,
    SubstituteInviteInput,
    SubstituteInviteOutput,
)
from games.selectors import game_get

HOLIDAYS_EXAMPLE = OpenApiExample(
    "Holidays",
    response_only=True,
    value={
        "days_per_year": 14,
        "max_days_in_a_row": 7,
        "automatic_max_days_in_a_row": 2,
        "days_left": 11.5,
        "hours_left": 276,
        "automatic": True,
        "absences": [
            {
                "id": 3,
                "starts_at": "2026-07-01T08:00:00Z",
                "ends_at": "2026-07-06T20:00:00Z",
                "automatic": False,
            }
        ],
    },
)
PAUSE_EXAMPLE = OpenApiExample(
    "A proposed pause",
    response_only=True,
    value={
        "id": 1,
        "status": "proposed",
        "days": 3,
        "proposed_by": "anna",
        "proposed_at": "2026-07-01T08:00:00Z",
        "accepted": [4],
        "end_votes": [],
        "starts_at": None,
        "ends_at": None,
    },
)


class HolidaysView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_holidays_retrieve",
        summary="Your holiday bank and absences",
        examples=[HOLIDAYS_EXAMPLE],
        responses={200: HolidaysOutput, **problems(401)},
        description="Days of holiday left this year, whether a missed deadline starts one, "
        "and your absences to come. While you are away your games' deadlines wait, hour by "
        "hour from your bank, at most max_days_in_a_row days in a row per game.",
    )
    def get(self, request):
        return Response(HolidaysOutput(holidays.holidays_summary(request.user)).data)

    @extend_schema(
        operation_id="me_holidays_announce",
        summary="Announce an absence",
        request=AbsenceInput,
        examples=[
            OpenApiExample(
                "A week away",
                request_only=True,
                value={"starts_at": "2026-07-01T08:00:00Z", "ends_at": "2026-07-08T08:00:00Z"},
            ),
            HOLIDAYS_EXAMPLE,
        ],
        responses={201: HolidaysOutput, **problems(400, 401, 409, 422)},
        description="Mark yourself away from–to; the other players see it.",
    )
    def post(self, request):
        body = AbsenceInput(data=request.data)
        body.is_valid(raise_exception=True)
        holidays.announce(user=request.user, **body.validated_data)
        return Response(HolidaysOutput(holidays.holidays_summary(request.user)).data, status=201)

    @extend_schema(
        operation_id="me_holidays_update",
        summary="Turn automatic holidays on or off",
        request=HolidayPreferenceInput,
        examples=[
            OpenApiExample("No automatic holidays", request_only=True, value={"automatic": False}),
            HOLIDAYS_EXAMPLE,
        ],
        responses={200: HolidaysOutput, **problems(400, 401)},
        description="With automatic holidays on (the default), a deadline that passes while "
        "you have days left starts a holiday that ends when you answer.",
    )
    def patch(self, request):
        body = HolidayPreferenceInput(data=request.data)
        body.is_valid(raise_exception=True)
        if "automatic" in body.validated_data:
            set_automatic(request.user.pk, body.validated_data["automatic"])
        return Response(HolidaysOutput(holidays.holidays_summary(request.user)).data)


class AbsenceView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_holidays_cancel",
        summary="Cancel an absence",
        parameters=[OpenApiParameter("absence_id", int, OpenApiParameter.PATH)],
        examples=[
            OpenApiExample(
                "Cancelled",
                response_only=True,
                value={
                    "id": 3,
                    "starts_at": "2026-07-01T08:00:00Z",
                    "ends_at": "2026-07-06T20:00:00Z",
                    "automatic": False,
                },
            )
        ],
        responses={200: AbsenceOutput, **problems(401, 404, 409)},
        description="Back early, or not going: the absence ends now (hours spent stay spent).",
    )
    def delete(self, request, absence_id: int):
        absence = holidays.cancel(user=request.user, absence_id=absence_id)
        return Response(AbsenceOutput(absence).data)


class PauseView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_pause_retrieve",
        summary="The game's pause",
        parameters=[GAME_ID],
        examples=[OpenApiExample("No pause", response_only=True, value={"pause": None})],
        responses={200: PauseEnvelopeOutput, **problems(401, 404)},
        description="The pause proposed or running in the game (null: none).",
    )
    def get(self, request, public_id: str):
        game = game_get(public_id)
        return Response({"pause": pause_summary(open_pause(game), clock.now())})

    @extend_schema(
        operation_id="games_pause_propose",
        summary="Propose a pause",
        parameters=[GAME_ID],
        request=PauseInput,
        examples=[
            OpenApiExample("Three days", request_only=True, value={"days": 3}),
            PAUSE_EXAMPLE,
        ],
        responses={201: PauseOutput, **problems(400, 401, 403, 404, 409, 422, 429)},
        description="Propose pausing the game for up to PAUSE_MAX_DAYS days; it starts when "
        "every player accepts (here, on the page, or by replying yes to the email). Each "
        "proposal emails the other players: a player proposes at most PAUSE_PROPOSALS_PER_DAY "
        "(1) in a game in any 24 hours, withdrawn ones included (429 pause_proposed_recently "
        "with retry_after and Retry-After).",
    )
    def post(self, request, public_id: str):
        body = PauseInput(data=request.data)
        body.is_valid(raise_exception=True)
        pause = pauses.propose(public_id=public_id, user=request.user, **body.validated_data)
        return Response(pause_summary(pause, clock.now()), status=201)


class PauseAcceptView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_pause_accept",
        summary="Accept the pause (or agree to end it)",
        parameters=[GAME_ID],
        request=None,
        examples=[PAUSE_EXAMPLE],
        responses={200: PauseOutput, **problems(401, 403, 404, 409)},
        description="Accept the proposed pause; while it runs, agree to end it now. It starts "
        "(or ends) when every player has.",
    )
    def post(self, request, public_id: str):
        pause = pauses.accept(public_id=public_id, user=request.user)
        return Response(pause_summary(pause, clock.now()))


class PauseDeclineView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_pause_decline",
        summary="Decline the proposed pause",
        parameters=[GAME_ID],
        request=None,
        examples=[PAUSE_EXAMPLE],
        responses={200: PauseOutput, **problems(401, 403, 404, 409)},
        description="Refuse the proposed pause: it is withdrawn and every player hears so.",
    )
    def post(self, request, public_id: str):
        pause = pauses.decline(public_id=public_id, user=request.user)
        return Response(pause_summary(pause, clock.now()))


class NudgeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_nudge",
        summary="Nudge a player who owes an answer",
        parameters=[GAME_ID],
        request=NudgeInput,
        examples=[
            OpenApiExample("Nudge seat 2", request_only=True, value={"seat": 2}),
            OpenApiExample(
                "Nudged",
                response_only=True,
                value={
                    "nudged": "boris",
                    "prompt": "r2-draft-1",
                    "created_at": "2026-07-01T08:00:00Z",
                },
            ),
        ],
        responses={201: NudgeOutput, **problems(400, 401, 403, 404, 409, 422, 429)},
        description="Send one email to a player the game waits for, naming the game and the "
        "prompt; at most once every NUDGE_EVERY_HOURS hours per player you nudge, across all "
        "games (429 nudged_recently with retry_after).",
    )
    def post(self, request, public_id: str):
        body = NudgeInput(data=request.data)
        body.is_valid(raise_exception=True)
        record = nudges.nudge(public_id=public_id, user=request.user, **body.validated_data)
        return Response(
            {
                "nudged": record.nudged.username,
                "prompt": record.prompt,
                "created_at": record.created_at,
            },
            status=201,
        )


SEAT = OpenApiParameter("position", int, OpenApiParameter.PATH, description="The seat (0-based).")


class SubstituteInviteView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_seats_substitute_invite",
        summary="Invite a substitute for a seat a bot plays",
        parameters=[GAME_ID, SEAT],
        request=SubstituteInviteInput,
        examples=[
            OpenApiExample("Email the link to cleo", request_only=True, value={"username": "cleo"}),
            OpenApiExample(
                "The link",
                response_only=True,
                value={
                    "position": 2,
                    "invite_url": "https://khora.example/games/Xy4K/substitute/k3J9/",
                    "token": "k3J9",
                },
            ),
        ],
        responses={201: SubstituteInviteOutput, **problems(400, 401, 403, 404, 409, 429)},
        description="For a seat a bot plays for its absent player: a link that lets someone "
        "take it over (once). The game's players or its creator may invite. With a username, "
        "that player is also emailed the link, unless they turned invitations off. In any 24 "
        "hours one player makes at most 10 invitations (429 too_many_invites) and one player "
        "is emailed at most 3 (429 invitee_invited_enough), both with Retry-After.",
    )
    def post(self, request, public_id: str, position: int):
        body = SubstituteInviteInput(data=request.data)
        body.is_valid(raise_exception=True)
        record = substitutes.invite(
            public_id=public_id,
            user=request.user,
            position=position,
            username=body.validated_data.get("username", ""),
        )
        return Response(
            {
                "position": record.position,
                "invite_url": substitutes.invite_url(record.game, record),
                "token": record.token,
            },
            status=201,
        )


class SubstituteAcceptView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_substitute_accept",
        summary="Take over a seat you were invited to",
        parameters=[GAME_ID],
        request=SubstituteAcceptInput,
        examples=[
            OpenApiExample("Accept", request_only=True, value={"token": "k3J9"}),
            OpenApiExample("Seated", response_only=True, value={"position": 2, "player": "cleo"}),
        ],
        responses={200: SeatTakenOutput, **problems(400, 401, 404, 409)},
        description="You play the seat from its open prompt on and see what it sees; the log "
        "says who played which part.",
    )
    def post(self, request, public_id: str):
        body = SubstituteAcceptInput(data=request.data)
        body.is_valid(raise_exception=True)
        seat = substitutes.accept(
            public_id=public_id, user=request.user, token=body.validated_data["token"]
        )
        return Response({"position": seat.position, "player": request.user.username})


class SubstituteLeaveView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_seats_substitute_leave",
        summary="Leave the seat you play as a substitute",
        parameters=[GAME_ID, SEAT],
        request=None,
        examples=[
            OpenApiExample(
                "Given back", response_only=True, value={"position": 2, "player": "anna"}
            )
        ],
        responses={200: SeatTakenOutput, **problems(401, 403, 404, 409)},
        description="The seat goes back to its original player; a bot plays it until they "
        "answer a prompt.",
    )
    def post(self, request, public_id: str, position: int):
        seat = substitutes.leave(public_id=public_id, user=request.user, position=position)
        return Response({"position": seat.position, "player": substitutes.player_of(seat).username})
