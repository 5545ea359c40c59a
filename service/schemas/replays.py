"""The replay API's bodies: stepping through, the timeline, the audit, forking, and importing a document."""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

from application.seeds import SEED_SOURCES
from replays.log import FORMAT, FORMAT_VERSION
from service.schemas.values import PLAYER_NAME, Int64, StrictSchema


class SeatRequest(StrictSchema):
    """A seat of a fork: a person's or a bot's."""

    name = fields.String(required=True, validate=PLAYER_NAME)
    bot = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=32))
    iterations = Int64(strict=True, load_default=None, allow_none=True, minimum=1)  # a search seat's own budget


class ReplayQuery(StrictSchema):
    at = Int64(required=True, minimum=1)
    as_ = Int64(data_key="as", load_default=None, minimum=0)


class TimelineQuery(StrictSchema):
    as_ = Int64(data_key="as", load_default=None, minimum=0)
    after = Int64(load_default=0, minimum=0)


EXPORT_PAGE_DEFAULT = 100
EXPORT_PAGE_MAX = 1000


class ExportQuery(StrictSchema):
    """The bulk export's page: finished games of a type (or all) that finished after a position."""

    type = fields.String(load_default=None, validate=validate.Length(min=1, max=64))
    after = Int64(load_default=0, minimum=0)
    limit = Int64(load_default=EXPORT_PAGE_DEFAULT, minimum=1, maximum=EXPORT_PAGE_MAX)


HEAD_FORMAT = ("a head is the hash of a game's last event as you held it (a game's head_hash): "
               "64 hexadecimal digits, 0-9 and a-f")  # no braces: marshmallow formats the message


class AuditQuery(StrictSchema):
    head = fields.String(load_default=None, validate=validate.Regexp(r"^[0-9a-f]{64}$", error=HEAD_FORMAT))


class ForkRequest(StrictSchema):
    at = Int64(required=True, strict=True, minimum=1)
    seats = fields.List(fields.Nested(SeatRequest), load_default=None, validate=validate.Length(min=1, max=12))


class DocumentEvent(StrictSchema):
    seq = Int64(required=True, strict=True)
    type = fields.String(required=True)
    data = fields.Raw(required=True, allow_none=True)
    seat = Int64(required=True, strict=True, allow_none=True)
    command_id = fields.String(required=True, allow_none=True)
    visibility = fields.Raw(required=True)
    prev_hash = fields.String(required=True)
    hash = fields.String(required=True)


class DocumentCommand(StrictSchema):
    command_id = fields.String(required=True)
    seat = Int64(required=True, strict=True, allow_none=True)
    bot = fields.String(required=True, allow_none=True)
    type = fields.String(required=True)
    args = fields.Dict(required=True)
    expected_version = Int64(required=True, strict=True)
    first_seq = Int64(required=True, strict=True)
    last_seq = Int64(required=True, strict=True)


class DocumentSeat(Schema):
    """A seat of an imported game, as its document has it. Its name is not held to a new seat's rule
    (no control characters): release 0.1 took any name, the name is inside the hashed GameCreated,
    and a game exported then must import now."""

    class Meta:
        unknown = INCLUDE

    name = fields.String(required=True)


class ReplayDocument(StrictSchema):
    format = fields.String(required=True, validate=validate.Equal(FORMAT))
    format_version = Int64(required=True, strict=True, validate=validate.Equal(FORMAT_VERSION))
    game_type = fields.String(required=True)
    rules_version = Int64(required=True, strict=True)
    game_id = fields.String(required=True)
    seats = fields.List(fields.Nested(DocumentSeat), required=True)
    options = fields.Dict(required=True)
    forked_from = fields.Dict(required=True, allow_none=True)
    seed = fields.String(required=True)
    seed_source = fields.String(load_default="unknown", validate=validate.OneOf(SEED_SOURCES))
    seed_commitment = fields.String(required=True)
    version = Int64(required=True, strict=True)
    head_hash = fields.String(required=True)
    events = fields.List(fields.Nested(DocumentEvent), required=True, validate=validate.Length(min=1))
    commands = fields.List(fields.Nested(DocumentCommand), required=True, validate=validate.Length(min=1))

