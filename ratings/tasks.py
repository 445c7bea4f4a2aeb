from celery import shared_task

from ratings import records


@shared_task(ignore_result=True)
def record_game(game_id: int) -> int:
    return records.record_game(game_id)
