#!/usr/bin/env bash
# Rewrites bench/results/search_bots.md, the search level's figures, from the record bench/results/search_bots.jsonl.
# Run from the project root after a bench/search_bots.py run has added games.
set -euo pipefail
R=bench/results/search_bots.jsonl
py=.venv/bin/python
{
cat <<'HEAD'
# The `search` level's measured strength (issue 29)

Read from `bench/results/search_bots.jsonl`, the record of every finished game (each keyed by its job and a
fingerprint of the code that decided it), with `python bench/search_bots.py --record bench/results/search_bots.jsonl
--report-only` and the options named above each table (`bash bench/search_summary.sh` rewrites this file after a run
adds games). Duplicate pairs: each seed `search-bench-N` played once with the search bot in each seat against the
game's strongest hand-written level; a win is a sole first place; the Wilson interval is 95%. Hikes of the West:
the search and the planner on the same deals (`bench-N`), the mean score against par (lower is better) and the
search's gain over the planner. CPU seconds are means over games played on several machines of different speed.
Where a table holds fewer games than asked, the run is not finished: the same command with `--jobs 2` and without
`--report-only` continues it.

## Default budgets, two seats (`--seats 2`)

HEAD
$py bench/search_bots.py --record $R --report-only --seats 2 --type hike nanga-parbat hitchiker peaks
printf '\n## Hikes of the West, 1,000 deals (`--type hikes-of-the-west --games 1000`)\n\n'
$py bench/search_bots.py --record $R --report-only --type hikes-of-the-west --games 1000
printf '\n## Four seats (`--seats 4 --type hike hitchiker peaks`)\n\n'
$py bench/search_bots.py --record $R --report-only --seats 4 --type hike hitchiker peaks
printf '\n## A fifth of the default budget (`--seats 2 --games 40 --scale 0.2`)\n\n'
$py bench/search_bots.py --record $R --report-only --seats 2 --games 40 --scale 0.2 --type hike nanga-parbat hitchiker peaks
printf '\n## Four times the default budget (`--seats 2 --games 40 --scale 4`)\n\n'
$py bench/search_bots.py --record $R --report-only --seats 2 --games 40 --scale 4 --type hike nanga-parbat hitchiker peaks
} > bench/results/search_bots.md
