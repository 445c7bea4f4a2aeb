"""Webhooks: a player's (or a bot's account's) URLs told of their games' events, signed per
the Standard Webhooks specification, sent from their own queue, retried for a day."""
