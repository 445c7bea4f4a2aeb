"""Standing answers and answers given ahead (`games/{id}/standing-answers/`,
`me/standing-answers/`): rules the server applies as your own decisions."""

from typing import Any, NotRequired, TypedDict


class StandingParamsInput(TypedDict, total=False):
    """What a kind takes: progress {track, max_price}; explore {}; achievement {reward};
    keep_card {card}; dice_plan {tiles, max_citizens}; draft_order {cards};
    citizens {keep_philosophy}; ahead {prompt_kind, option}."""

    track: str
    max_price: int
    reward: str
    card: str
    tiles: list[int]  # dice_plan: action tiles 0..6, most wanted first
    max_citizens: int
    cards: list[str]  # draft_order: politics cards' ids, most wanted first
    keep_philosophy: int  # citizens: the tokens never turned into citizens, 0..20
    prompt_kind: str
    option: str


class StandingAnswerInput(TypedDict):
    """The body of `POST games/{id}/standing-answers/` and `POST me/standing-answers/`."""

    kind: str  # progress, explore, achievement, keep_card, dice_plan, draft_order, citizens,
    # or ahead
    params: NotRequired[StandingParamsInput]


class StandingAnswer(TypedDict):
    id: int
    kind: str
    params: dict[str, Any]
    active: bool
    uses: int  # prompts it answered
    used_seq: int | None  # the log entry it last made
    cancel_reason: str  # "" while active
    cancelled_seq: int | None
    created_at: str


class StandingAnswers(TypedDict):
    answers: list[StandingAnswer]
    marks: dict[str, dict[str, Any]]  # by seq: the log entries your rules made (only you see)
