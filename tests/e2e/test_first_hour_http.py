"""What a newcomer's browser and first requests meet over real HTTP (`trailhead serve`): an icon at /favicon.ico
that every page links (no 404 in the log on each page), one Date header per answer, and an audit's `head`
refusal that says what a head is."""

from __future__ import annotations

import re

import requests

from e2e.contract import Api, Server


def test_the_pages_link_an_icon_that_is_served(api: Api, server: Server) -> None:
    icon = api.call("GET", "/favicon.ico", 200)
    assert icon.headers["Content-Type"].startswith("image/svg+xml"), icon.headers
    assert icon.content.lstrip().startswith(b"<svg") and b"http" not in icon.content.replace(
        b"http://www.w3.org/2000/svg", b"")  # drawn here, nothing loaded from elsewhere
    game = api.call("POST", "/api/v1/games", 201, json={"type": "hikes-of-the-west", "seats": [{"name": "Ann"}]}).json()
    for page in ("/", f"/games/{game['id']}"):
        html = requests.get(server.base_url + page, timeout=30).text
        link = re.search(r'<link rel="icon"[^>]*href="([^"]+)"', html)
        assert link is not None, html[:500]
        assert requests.get(server.base_url + link.group(1), timeout=30).status_code == 200


def test_a_game_type_is_answered_with_one_date_header(api: Api) -> None:
    for path in ("/api/v1/game-types/peaks", "/api/v1/game-types", "/healthz"):
        response = requests.get(api.base_url + path, timeout=30)
        assert response.status_code == 200
        assert len(response.raw.headers.getlist("Date")) == 1, (path, response.raw.headers.getlist("Date"))
    etag = requests.get(api.base_url + "/api/v1/game-types/peaks", timeout=30).headers["ETag"]
    cached = requests.get(api.base_url + "/api/v1/game-types/peaks", headers={"If-None-Match": etag}, timeout=30)
    assert cached.status_code == 304 and len(cached.raw.headers.getlist("Date")) == 1


def test_an_audit_head_that_is_not_a_hash_says_what_a_head_is(api: Api) -> None:
    game = api.call("POST", "/api/v1/games", 201, json={"type": "hikes-of-the-west", "seats": [{"name": "Ann"}]}).json()
    for head in ("abc", "G" * 64, "A" * 64):
        problem = api.call("GET", f"/api/v1/games/{game['id']}/audit", 400, params={"head": head},
                           valid_request=False).json()
        assert "64 hexadecimal digits" in problem["detail"] and "head_hash" in problem["detail"], problem
    assert api.call("GET", f"/api/v1/games/{game['id']}/audit", 200, params={"head": game["head_hash"]}).json()["ok"]
