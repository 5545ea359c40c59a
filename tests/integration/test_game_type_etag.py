"""GET /game-types/{type} is cacheable: its ETag sent back in If-None-Match gets a 304 with no body."""

from __future__ import annotations

from flask.testing import FlaskClient

API = "/api/v1"


def test_the_etag_sent_back_gets_a_304_and_another_gets_the_body(client: FlaskClient) -> None:
    first = client.get(f"{API}/game-types/toy")
    etag = first.headers["ETag"]
    assert first.status_code == 200 and etag.startswith('"') and etag.endswith('"')

    again = client.get(f"{API}/game-types/toy", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
    for held in (f"W/{etag}", f'"stale", {etag}', "*"):
        assert client.get(f"{API}/game-types/toy", headers={"If-None-Match": held}).status_code == 304, held

    stale = client.get(f"{API}/game-types/toy", headers={"If-None-Match": '"stale"'})
    assert stale.status_code == 200 and stale.get_json() == first.get_json()
