// A tournament's page: its standings, rounds with links to their games, entrants, head hash and the audit's
// verdict, kept live by the tournament's stream (each message: read the tournament again). Everything comes
// from the JSON API (openapi.yaml), as a client reads it. Issue 33: a game's seats by name and colour, times as
// people write them (when.js).
import { when } from "./when.js";

const tournamentId = document.body.dataset.tournament;
const base = `/api/v1/tournaments/${encodeURIComponent(tournamentId)}`;
const $ = (id) => document.getElementById(id);

function element(tag, text, attributes = {}) {
  const made = document.createElement(tag);
  if (text !== undefined && text !== null) made.textContent = String(text);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

async function read(path = "") {
  const reply = await fetch(`${base}${path}`);
  const body = await reply.json();
  if (!reply.ok) throw new Error(body.detail || body.title);
  return body;
}

// The player whose key this browser keeps (the lobby's "your player key"): their games' links hand the key to the
// game's page as that game's token, so they play their seat there, as from the lobby's "my games".
const me = localStorage.getItem("trailhead:player");
const key = localStorage.getItem("trailhead:key");

function gameLink(game) {
  const mine = Boolean(me && key && game.seats.includes(me));
  const link = element("a", `Game ${game.number}${mine ? " (yours: play it)" : ""}`,
    { href: `/games/${game.game_id}`, class: mine ? "game-link mine" : "game-link" });
  if (mine) link.addEventListener("click", () => sessionStorage.setItem(`trailhead:token:${game.game_id}`, key));
  return link;
}

function render(tournament) {
  const names = Object.fromEntries(tournament.entrants.map((e) => [e.entrant, e.name]));
  const named = (entrant) => names[entrant] || entrant;
  const rounds = tournament.rounds_to_play ? ` of ${tournament.rounds_to_play}` : "";
  $("summary").replaceChildren(`${tournament.format.replace("_", " ")} of ${document.body.dataset.title || tournament.type}` +
    `${tournament.duplicate ? " (duplicate)" : ""}: ${tournament.status}, ` +
    `round ${tournament.rounds_played}${rounds}, ${tournament.entrants.length} entrants`,
    ...(tournament.starts_at && tournament.status === "open" ? ["; starts by itself ", when(tournament.starts_at)] : []));
  $("summary").dataset.status = tournament.status;
  $("head").textContent = tournament.head_hash;
  $("commitment").textContent = tournament.seed_commitment;
  const body = $("standings").tBodies[0];
  body.replaceChildren(...tournament.standings.map((row) => {
    const line = element("tr");
    line.append(element("td", row.place), element("td", named(row.entrant) + (row.withdrawn ? " (withdrawn)" : "")),
      element("td", row.points), element("td", row.games),
      element("td", row.tiebreaks.map((t) => `${t.name.replaceAll("_", " ")} ${Math.round(t.value * 100) / 100}`).join(", ")));
    return line;
  }));
  $("rounds").replaceChildren(...tournament.rounds.map((round) => {
    const block = element("section", null, { class: "round" });
    block.append(element("h3", `Round ${round.round}${round.ended ? "" : " (playing)"}`));
    const tables = element("ol");
    for (const table of round.tables) {
      for (const game of table.games) {
        const item = element("li");
        const seats = game.seats.flatMap((entrant, seat) =>
          [...(seat ? [" vs "] : []), element("span", named(entrant), { class: `seat-chip seat${seat}` })]);
        if (game.game_id) {
          item.append(gameLink(game));
        } else {
          item.append(element("span", `Game ${game.number}`));
        }
        const places = game.places ? `: places ${game.places.join(", ")}` : ` (${game.status})`;
        item.append(` table ${table.table}, `, ...seats, places);
        tables.append(item);
      }
    }
    block.append(tables);
    if (round.byes.length) block.append(element("p", `Bye: ${round.byes.map(named).join(", ")}`));
    return block;
  }));
  $("entrants").replaceChildren(...tournament.entrants.map((e) =>
    element("li", `${e.name}${e.bot ? ` (bot: ${e.bot})` : ""}${e.withdrawn ? " (withdrawn)" : ""}`)));
}

async function audit() {
  try {
    const report = await read("/audit");
    $("audit").textContent = report.ok ? "ok: the pairings, seeds, games and standings re-derive"
      : `failed: ${report.problems[0]}`;
    $("audit").dataset.ok = String(report.ok);
  } catch (error) {
    $("audit").textContent = `could not be run: ${error.message}`;
  }
}

async function refresh() {
  try {
    const tournament = await read();
    render(tournament);
    $("problem").textContent = "";
    return tournament;
  } catch (error) {
    $("problem").textContent = error.message;
    return null;
  }
}

async function start() {
  const tournament = await refresh();
  audit();
  if (!tournament || tournament.status === "finished") return;
  const stream = new EventSource(`${base}/stream`);
  for (const kind of ["roundStarted", "gameStarted", "gameFinished", "standings"]) {
    stream.addEventListener(kind, () => refresh());
  }
  stream.addEventListener("tournamentFinished", async () => { await refresh(); audit(); });
  stream.addEventListener("end", () => stream.close());
}

start();
