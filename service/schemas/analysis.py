"""The analysis API's query and answer (service/analysis.py; openapi.yaml, Analysis)."""

from __future__ import annotations

from marshmallow import Schema, fields

from application.analysis import DEFAULT_BUDGET_MS, MAX_BUDGET_MS
from service.schemas.values import Int64, StrictSchema


class AnalysisQuery(StrictSchema):
    as_ = Int64(data_key="as", load_default=None, minimum=0)
    at = Int64(load_default=None, minimum=1)
    budget_ms = Int64(load_default=DEFAULT_BUDGET_MS, minimum=1, maximum=MAX_BUDGET_MS)


class SearchedAction(Schema):
    type = fields.String()
    args = fields.Raw()
    label = fields.String()
    visits = fields.Integer()
    value = fields.Float()


class Analysis(Schema):
    at = fields.Integer()
    seat = fields.Integer()
    level = fields.String()
    budget_ms = fields.Integer()
    iterations = fields.Integer()
    actions = fields.List(fields.Nested(SearchedAction))
    best = fields.Integer()
