"""Event codec speed on real events: this tree's msgspec codec against release 0.1's hand-written one.

    python bench/codec_speed.py             # 5 seeded games per type, median of 7 timed passes
    python bench/codec_speed.py --quick     # 1 game per type, median of 3 passes
    python bench/codec_speed.py --baseline da97a69

Every registered game is played to the end by `random` bots on `domain.core.Table` with
its minimum number of seats and the seeds `codec-speed-<n>`, and its events are kept as
their stored text (type and canonical JSON). The same texts are then timed in two trees,
each in a process of its own:

- this tree: decode = `spec.events.decode_json(type, text)` (msgspec straight from the
  text, what a rebuild pays per event), encode = `spec.events.encode_json(event)` (the
  canonical text that is stored and hashed);
- the baseline (release 0.1, `git worktree` of `--baseline`): decode =
  `spec.events.decode(type, json.loads(text))`, encode =
  `canonical_json(spec.events.encode(event)[1])`, what that release did for the same job.

Before timing, each tree checks that what it decodes encodes back to the very same text
(the golden test checks whole logs; this checks the bench times equal work), and the
script exits with status 1 if not. Rates are events / median pass time; the ratio is
this tree's rate over the baseline's, measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

BASELINE = "da97a69"  # release 0.1, the last commit with the hand-written codec

# Runs inside either tree (cwd = the tree): times decode and encode of the texts in argv[1].
TIMER = r'''
import json, statistics, sys, time
sys.path.insert(0, ".")
from domain.core import canonical_json
from domain.games import GAMES
texts, repeat, new = json.load(open(sys.argv[1])), int(sys.argv[2]), sys.argv[3] == "new"
specs = {spec.id: spec for spec in GAMES}
out = {}
for game_type, events in texts.items():
    codec = specs[game_type].events
    if new:
        decode = lambda t, s: codec.decode_json(t, s)
        encode = lambda e: codec.encode_json(e)[1]
    else:
        decode = lambda t, s: codec.decode(t, json.loads(s))
        encode = lambda e: canonical_json(codec.encode(e)[1])
    decoded = [decode(t, s) for t, s in events]
    if [encode(e) for e in decoded] != [s for _, s in events]:
        out[game_type] = "MISMATCH"
        continue
    def timed(run):
        passes = []
        for _ in range(repeat):
            start = time.perf_counter()
            run()
            passes.append(time.perf_counter() - start)
        return len(events) / statistics.median(passes)
    out[game_type] = {
        "events": len(events),
        "decode": timed(lambda: [decode(t, s) for t, s in events]),
        "encode": timed(lambda: [encode(e) for e in decoded]),
    }
print(json.dumps(out))
'''


def played_texts(games: int) -> dict[str, list[tuple[str, str]]]:
    from domain.core import SeatConfig, Table
    from domain.games import GAMES

    texts: dict[str, list[tuple[str, str]]] = {}
    for spec in GAMES:
        events: list[tuple[str, str]] = []
        for n in range(games):
            seats = [SeatConfig(name=f"p{i}", bot="random") for i in range(spec.min_seats)]
            table = Table(spec, spec.normalize_config(seats, {}), f"codec-speed-{n}")
            table.play_bots(["random"] * spec.min_seats)
            events.extend(spec.events.encode_json(event) for event in table.events)
        texts[spec.id] = events
    return texts


def time_tree(tree: Path, texts_file: Path, repeat: int, new: bool) -> dict[str, dict[str, float] | str]:
    python = ROOT / ".venv" / "bin" / "python"
    done = subprocess.run([str(python if python.exists() else sys.executable), "-c", TIMER, str(texts_file),
                           str(repeat), "new" if new else "old"], cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"timing in {tree} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5, help="seeded games per type (default 5)")
    parser.add_argument("--repeat", type=int, default=7, help="timed passes; the median counts (default 7)")
    parser.add_argument("--baseline", default=BASELINE, help=f"the commit to compare with (default {BASELINE})")
    parser.add_argument("--quick", action="store_true", help="1 game per type, 3 passes")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.repeat = 1, 3
    texts = played_texts(args.games)
    with tempfile.TemporaryDirectory(prefix="trailhead-codec-") as tmp:
        texts_file = Path(tmp) / "texts.json"
        texts_file.write_text(json.dumps(texts))
        baseline = Path(tmp) / "baseline"
        subprocess.run(["git", "worktree", "add", "--detach", str(baseline), args.baseline], cwd=ROOT,
                       check=True, capture_output=True)
        try:
            old = time_tree(baseline, texts_file, args.repeat, new=False)
            new = time_tree(ROOT, texts_file, args.repeat, new=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(baseline)], cwd=ROOT, check=False,
                           capture_output=True)
    print(f"codec speed: {args.games} game(s) per type, median of {args.repeat} passes; "
          f"baseline {args.baseline} (hand-written codec) vs this tree (msgspec), same event texts\n")
    print(f"{'game':20}{'events':>8}{'decode/s before':>17}{'after':>12}{'ratio':>8}"
          f"{'encode/s before':>17}{'after':>12}{'ratio':>8}")
    failed = False
    for game_type in texts:
        before, after = old[game_type], new[game_type]
        if isinstance(before, str) or isinstance(after, str):
            print(f"{game_type:20} the decoded events do not encode back to their stored text")
            failed = True
            continue
        print(f"{game_type:20}{after['events']:>8}{before['decode']:>17,.0f}{after['decode']:>12,.0f}"
              f"{after['decode'] / before['decode']:>7.1f}x{before['encode']:>17,.0f}{after['encode']:>12,.0f}"
              f"{after['encode'] / before['encode']:>7.1f}x")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
