"""schemathesis against openapi.yaml and a real `trailhead serve`: no 5xx, no status code the contract does not list.

It generates requests for every operation (coverage, fuzzing and stateful phases, a bounded
number of examples each, a fixed seed so a failure reproduces), with a real game's id for
`{game_id}` and that game's seat token, so the requests reach the game logic, not only the 404s.
The stream is left out: an open event stream only ends with its game, which schemathesis would
wait for until its request timeout.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from e2e.contract import Api, Server

API = "/api/v1"
EXAMPLES = 25


def test_generated_requests_get_no_server_error_and_only_documented_status_codes(api: Api, server: Server,
                                                                               tmp_path: Path) -> None:
    st = shutil.which("st", path=str(Path(sys.executable).parent))
    if st is None:
        pytest.fail("schemathesis is not installed: pip install -e '.[test]'", pytrace=False)
    created = api.call("POST", f"{API}/games", 201,
                       json={"type": "hikes-of-the-west", "seats": [{"name": "fuzzed"}]}).json()
    config = tmp_path / "schemathesis.toml"
    config.write_text(f'[parameters]\n"path.game_id" = "{created["id"]}"\n')
    done = subprocess.run(
        [st, "--config-file", str(config), "run", f"{server.base_url}/openapi.yaml", "--url", server.base_url,
         "--checks", "not_a_server_error,status_code_conformance", "--max-examples", str(EXAMPLES), "--seed", "1",
         "--request-timeout", "10", "--exclude-operation-id", "streamEvents",
         "--header", f"Authorization: Bearer {created['seats'][0]['token']}"],
        cwd=tmp_path, capture_output=True, text=True, timeout=170, check=False,  # its cache stays out of the tree
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failures" not in done.stdout.split("SUMMARY")[-1].lower()
