"""Standing answers and answers given ahead, as methods of KhoraClient: rules the server
applies as your own decisions when a prompt they fit comes (docs/standing-answers.md)."""

from __future__ import annotations

from typing import cast

from khora_client import operations as op
from khora_client.transport import Transport
from khora_client.types.standing import (
    StandingAnswer,
    StandingAnswerInput,
    StandingAnswers,
    StandingParamsInput,
)


class StandingApi:
    transport: Transport

    def standing_answers(self, game_id: str | None = None) -> StandingAnswers:
        """Your rules in the game (with the log entries they made, which only you see), or,
        with no game, your defaults for new games."""
        if game_id is None:
            return cast(StandingAnswers, self.transport.call(op.ME_STANDING_ANSWERS_LIST))
        called = self.transport.call(op.GAMES_STANDING_ANSWERS_LIST, params={"public_id": game_id})
        return cast(StandingAnswers, called)

    def set_standing_answer(
        self, kind: str, params: StandingParamsInput | None = None, game_id: str | None = None
    ) -> StandingAnswer:
        """Leave a rule (`kind` progress, explore, achievement, keep_card, dice_plan,
        draft_order, citizens, or ahead: the next prompt of a kind answered) in the game, or
        with no game for your new games. One of a kind replaces the one before, so sending it
        again is harmless."""
        body: StandingAnswerInput = {"kind": kind, "params": params or {}}
        if game_id is None:
            return cast(
                StandingAnswer, self.transport.call(op.ME_STANDING_ANSWERS_CREATE, body=body)
            )
        called = self.transport.call(
            op.GAMES_STANDING_ANSWERS_CREATE, params={"public_id": game_id}, body=body
        )
        return cast(StandingAnswer, called)

    def cancel_standing_answer(self, answer_id: int) -> StandingAnswer:
        """Cancel an active rule; one already ended is dismissed from the lists."""
        called = self.transport.call(op.ME_STANDING_ANSWERS_CANCEL, params={"answer_id": answer_id})
        return cast(StandingAnswer, called)
