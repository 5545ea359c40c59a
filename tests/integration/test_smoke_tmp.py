def test_smoke(client):
    r = client.post("/api/v1/games", json={"type": "toy", "seats": [{"name": "a"}, {"name": "b", "bot": "random"}]})
    print(r.status_code, r.json)
    gid = r.json["id"]; tok = r.json["seats"][0]["token"]
    h = {"Authorization": f"Bearer {tok}"}
    r = client.get(f"/api/v1/games/{gid}", headers=h); print(r.json)
    r = client.get(f"/api/v1/games/{gid}/actions", headers=h); print(r.json)
    r = client.post(f"/api/v1/games/{gid}/commands", headers=h, json={"type": "Bid", "args": {"amount": 3}}); print(r.status_code, r.json)
    r = client.get(f"/api/v1/games/{gid}/events"); print(r.json)
    r = client.post(f"/api/v1/games/{gid}/commands", headers=h, json={"type": "Bid", "args": {"amount": 3}}); print(r.status_code, r.json)
    r = client.post(f"/api/v1/games/{gid}/commands", headers=h, data="xx", content_type="application/json"); print(r.status_code, r.json)
    assert 0
