"""The players API's bodies: registering a player, and a player as answered."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.schemas.values import PLAYER_NAME, StrictSchema

PLAYER_ID = validate.Regexp(r"^[0-9a-f]{32}$", error="must be a player id (32 lowercase hex digits)")


class PlayerRequest(StrictSchema):
    name = fields.String(required=True, validate=PLAYER_NAME)


class Player(Schema):
    id = fields.String()
    name = fields.String()
    key = fields.String()
    created_at = fields.String()

