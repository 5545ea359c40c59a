"""schemathesis against openapi.yaml and a real `trailhead serve`: the contract and the service agree both ways.

It generates requests for every operation (examples, coverage, fuzzing and stateful phases, a
bounded number of cases each, a fixed seed so a failure reproduces), with a real game's id for
`{game_id}` and that game's seat token, so the requests reach the game logic, not only the 404s,
and checks:
- no 5xx, and no status code the contract does not list for the operation;
- responses as the contract describes them (bodies, content types, headers);
- positive data accepted: a request the contract calls valid gets no 400 or 422, except where the
  contract says why no schema can tell (OPERATION_STATUSES: a command is checked against its game
  type's own command schema and the rules of the moment; a new game's seats and options against its
  game type; an imported document by re-deriving it);
- negative data rejected: a request the contract calls invalid is refused with a 4xx;
- a method the contract does not list for a path (OPTIONS, TRACE, ...) is a 405 with Allow.
The streams are left out: an open event stream only ends with its game (or tournament), which
schemathesis would wait for until its request timeout.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from e2e.contract import Api, Server

HERE = Path(__file__).resolve().parent  # schemathesis_hooks.py
API = "/api/v1"
EXAMPLES = 12
CHECKS = ("not_a_server_error", "status_code_conformance", "content_type_conformance",
          "response_schema_conformance", "response_headers_conformance", "positive_data_acceptance",
          "negative_data_rejection", "unsupported_method")
#: schemathesis's own list of statuses a valid request may get (the request reached a missing
#: resource, a credential it lacks, a stale version, a limit).
ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "429"]
#: Where a request valid under the contract may still be refused, and the contract says so.
OPERATION_STATUSES = {
    # CommandRequest: type and args are checked against the game type's `commands` (400), the
    # rules of the moment (422), and a command_id names one command only (422).
    "sendCommand": ["400", "422"],
    # CreateGameRequest: seats between the type's min_seats and max_seats, bot one of its `bots`,
    # options as its options_schema has them (400).
    "createGame": ["400"],
    # fork: seats as many as the source's (400); `at` within the source's played events (422).
    "forkGame": ["400", "422"],
    # exportGame: the game is still running (422).
    "exportGame": ["422"],
    # replayAt: `at` beyond the game's version (400).
    "replayAt": ["400"],
    # timeline: `after` beyond the game's version (400).
    "timeline": ["400"],
    # analysis: a running game is analysed at its version only, and never beyond it (400).
    "analysis": ["400"],
    # importReplay: a document verifies only if it re-derives from its seed (422).
    "importReplay": ["422"],
    # joinGame: a seat the game has (400). leaveGame, resignGame: a game that has started, is not
    # over, and a seat that has not left yet (422).
    "joinGame": ["400"],
    "leaveGame": ["422"],
    "resignGame": ["422"],
    # createTournament: seats_per_game in the type's range, options as its options_schema, bot levels its `bots`,
    # settings that fit the format (400); player entrants need a clock, an entrant enters once (422).
    "createTournament": ["400", "422"],
    # joinTournament, withdrawFromTournament, startTournament: what the tournament's rules allow now (422).
    "joinTournament": ["422"],
    "withdrawFromTournament": ["422"],
    "startTournament": ["422"],
}


def config_text(game_id: str) -> str:
    """schemathesis.toml: the game to aim at, and the statuses each operation may answer valid data with."""
    lines = ["[parameters]", f'"path.game_id" = "{game_id}"', "",
             # No text of a request may hold U+0000 (openapi.yaml, info), a rule for every string at
             # every depth, free-form objects (args, options, event data) included.
             "[generation]", "allow-x00 = false", "",
             "[checks.positive_data_acceptance]", f"expected-statuses = {json.dumps(ACCEPTED)}", ""]
    for operation, statuses in OPERATION_STATUSES.items():
        lines += ["[[operations]]", f'include-operation-id = "{operation}"',
                  f"checks.positive_data_acceptance.expected-statuses = {json.dumps(ACCEPTED + statuses)}", ""]
    return "\n".join(lines)


def test_generated_requests_get_the_answers_the_contract_promises(api: Api, server: Server, tmp_path: Path) -> None:
    st = shutil.which("st", path=str(Path(sys.executable).parent))
    if st is None:
        pytest.fail("schemathesis is not installed: pip install -e '.[test]'", pytrace=False)
    created = api.call("POST", f"{API}/games", 201,
                       json={"type": "hikes-of-the-west", "seats": [{"name": "fuzzed"}]}).json()
    config = tmp_path / "schemathesis.toml"
    config.write_text(config_text(created["id"]))
    done = subprocess.run(
        [st, "--config-file", str(config), "run", f"{server.base_url}/openapi.yaml", "--url", server.base_url,
         "--checks", ",".join(CHECKS), "--max-examples", str(EXAMPLES), "--seed", "1",
         "--request-timeout", "10", "--exclude-operation-id", "streamEvents",
         "--exclude-operation-id", "streamTournament",
         "--suppress-health-check", "too_slow",  # how fast data is generated on a busy machine is no contract
         "--header", f"Authorization: Bearer {created['seats'][0]['token']}"],
        cwd=tmp_path, capture_output=True, text=True, timeout=250, check=False,  # its cache stays out of the tree
        env={**os.environ, "SCHEMATHESIS_HOOKS": "schemathesis_hooks",
             "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")]))},
    )
    assert done.returncode == 0, done.stdout[-12000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failures" not in done.stdout.split("SUMMARY")[-1].lower()
