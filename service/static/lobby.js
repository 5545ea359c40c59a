// The lobby: the games the read model lists, a form that creates a game against bots, the ladder of the game
// chosen in that form (entered and left with the player's key this browser keeps), and the tournaments not
// finished (each linked to its page; an open one joined with the key). Issue 33: a registered player's games,
// those where it is their turn first; the open tables to join; times as people write them (when.js).
import { when } from "./when.js";

const API = "/api/v1";
const table = document.querySelector("#games tbody");
const titles = JSON.parse(document.getElementById("games").dataset.titles);
const types = JSON.parse(document.getElementById("create").dataset.types);

function cell(row, text) {
  const td = document.createElement("td");
  td.textContent = text;
  row.appendChild(td);
  return td;
}

async function listGames() {
  const filter = document.getElementById("filter").value;
  const query = filter === "open" ? "?open=true&limit=50" : filter ? `?status=${filter}&limit=50` : "?limit=50";
  const page = await (await fetch(`${API}/games${query}`)).json();
  table.replaceChildren();
  for (const game of page.games) {
    const row = document.createElement("tr");
    const link = document.createElement("a");
    link.href = `/games/${game.id}`;
    link.textContent = `${titles[game.type] || game.type} ${game.id.slice(0, 8)}`;
    cell(row, "").appendChild(link);
    const status = cell(row, game.status);
    if (game.status === "open") {
      const join = document.createElement("button");
      join.type = "button";
      join.textContent = "Join";
      join.setAttribute("aria-label", `Join ${link.textContent}`);
      join.addEventListener("click", () => joinGame(game.id));
      status.appendChild(join);
    }
    seatsCell(cell(row, ""), game.seats);
    cell(row, String(game.version));
    cell(row, "").appendChild(when(game.updated_at));
    table.appendChild(row);
  }
}

// Seats by name and colour (style.css's seat0..seat5).
function seatsCell(into, seats) {
  seats.forEach((seat, index) => {
    if (index) into.append(", ");
    const name = document.createElement("span");
    name.className = `seat-chip seat${seat.index ?? index}`;
    name.textContent = seat.open ? "(open)" : seat.bot ? `${seat.name} [${seat.bot}]` : seat.name;
    into.append(name);
  });
  return into;
}

function gameLink(game, key) {
  const link = document.createElement("a");
  link.href = `/games/${game.id}`;
  link.textContent = `${titles[game.type] || game.type} ${game.id.slice(0, 8)}`;
  // the player's key acts for their seat: the game's page takes it as this tab's token for that game
  if (key) link.addEventListener("click", () => sessionStorage.setItem(`trailhead:token:${game.id}`, key));
  return link;
}

// A registered player's games (GET /players/me: the latest 20), those where it is their turn first, then the
// others being played, the open ones, the finished ones; each newest first.
const RANK = { turn: 0, active: 1, open: 2, finished: 3 };
async function listMine() {
  const key = keyInput.value;
  document.getElementById("mine-section").hidden = !key;
  if (!key) return;
  const reply = await fetch(`${API}/players/me`, { headers: { Authorization: `Bearer ${key}` } });
  const me = await reply.json();
  const list = document.getElementById("mine");
  if (!reply.ok) {
    list.replaceChildren();
    document.getElementById("mine-note").textContent = me.detail;
    return;
  }
  const state = (game) => (game.status === "active" && game.to_act.includes(game.seat) ? "turn" : game.status);
  const games = me.recent_games.map((game, order) => ({ ...game, order, state: state(game) }))
    .sort((a, b) => (RANK[a.state] ?? 4) - (RANK[b.state] ?? 4) || a.order - b.order);
  document.getElementById("mine-note").textContent = games.length ?
    `${me.name}: ${games.filter((g) => g.state === "turn").length} where it is your turn.` :
    `${me.name}: no games yet. Join an open table, a tournament or the ladder.`;
  list.replaceChildren(...games.map((game) => {
    const li = document.createElement("li");
    li.dataset.game = game.id;
    li.dataset.state = game.state;
    li.className = game.state === "turn" ? "your-turn" : "";
    const words = { turn: "your turn", active: "waiting for the others", open: "waiting for players",
      finished: game.winners && game.winners.includes(game.seat) ? "finished: you won" : "finished" };
    li.append(gameLink(game, key), ` seat ${game.seat}, ${words[game.state] || game.status}, updated `,
      when(game.updated_at));
    return li;
  }));
}

// The games with an open seat, each with its Join button.
async function listOpen() {
  const page = await (await fetch(`${API}/games?open=true&limit=20`)).json();
  const list = document.getElementById("open-tables");
  document.getElementById("open-note").textContent = page.games.length ? "" : "No open table now: create one above.";
  list.replaceChildren(...page.games.map((game) => {
    const li = document.createElement("li");
    li.dataset.game = game.id;
    const link = gameLink(game);
    const join = document.createElement("button");
    join.type = "button";
    join.textContent = "Join";
    join.setAttribute("aria-label", `Join the table ${link.textContent}`);
    join.addEventListener("click", () => joinGame(game.id));
    li.append(link, " ", join, " ");
    seatsCell(li, game.seats).append(", opened ", when(game.created_at));
    return li;
  }));
}

document.getElementById("filter").addEventListener("change", listGames);
document.getElementById("type").addEventListener("change", () => {
  const type = types.find((t) => t.id === document.getElementById("type").value);
  const seats = document.getElementById("seats");
  seats.min = type.min_seats;
  seats.max = type.max_seats;
  seats.value = Math.min(Math.max(Number(seats.value), type.min_seats), type.max_seats);
  // the type's bot levels, weakest first, in their own words; the strongest chosen
  const levels = document.getElementById("level");
  levels.replaceChildren(...type.bot_levels.map(({ level, description }) => {
    const option = document.createElement("option");
    option.value = level;
    option.textContent = level;
    option.title = description;
    return option;
  }));
  levels.value = type.bots[type.bots.length - 1];
});
document.getElementById("type").dispatchEvent(new Event("change"));

document.getElementById("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const type = types.find((t) => t.id === form.get("type"));
  const level = form.get("level");  // the type's strongest unless another was chosen
  const seats = [{ name: form.get("name") }];
  for (let i = 1; i < Number(form.get("seats")); i += 1) seats.push({ name: `Bot ${i}`, bot: level });
  const reply = await fetch(`${API}/games`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ type: type.id, seats }),
  });
  const body = await reply.json();
  if (!reply.ok) {
    document.getElementById("create-problem").textContent = body.detail;
    return;
  }
  sessionStorage.setItem(`trailhead:token:${body.id}`, body.seats[0].token);
  window.location.href = `/games/${body.id}`;
});

// A player's key (shown once at registration) is kept by this browser, and sent to join open seats.
const keyInput = document.getElementById("key");
keyInput.value = localStorage.getItem("trailhead:key") || "";
keyInput.addEventListener("change", () => {
  localStorage.setItem("trailhead:key", keyInput.value);
  localStorage.removeItem("trailhead:player"); // learnt again from the next answer about this key
  listLadder();
  listMine();
});

document.getElementById("register").addEventListener("submit", async (event) => {
  event.preventDefault();
  const reply = await fetch(`${API}/players`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: document.getElementById("player-name").value }),
  });
  const body = await reply.json();
  if (!reply.ok) {
    document.getElementById("player-problem").textContent = body.detail;
    return;
  }
  keyInput.value = body.key;
  localStorage.setItem("trailhead:key", body.key);
  localStorage.setItem("trailhead:player", body.id);
  listLadder();
  listMine();
  document.getElementById("player").textContent = `Registered as ${body.name}; your key is kept by this browser.`;
});

async function joinGame(id) {
  const key = keyInput.value;
  if (!key) {
    document.getElementById("player-problem").textContent = "Register, or enter your key, to join a game.";
    return;
  }
  const reply = await fetch(`${API}/games/${id}/join`, { method: "POST", headers: { Authorization: `Bearer ${key}` } });
  const body = await reply.json();
  if (!reply.ok) {
    document.getElementById("player-problem").textContent = body.detail;
    return;
  }
  sessionStorage.setItem(`trailhead:token:${id}`, body.token);
  window.location.href = `/games/${id}`;
}

// -- the ladder of the chosen game, and the tournaments ----------------------------------------------------

function chosenType() {
  return document.getElementById("type").value;
}

function needKey(problem) {
  if (keyInput.value) return keyInput.value;
  document.getElementById(problem).textContent = "Register, or enter your key, first.";
  return null;
}

async function listLadder() {
  const type = chosenType();
  document.getElementById("ladder-type").textContent = titles[type] || type;
  const reply = await fetch(`${API}/ladder/${encodeURIComponent(type)}`);
  const ladder = await reply.json();
  const body = document.querySelector("#ladder tbody");
  body.replaceChildren();
  if (!reply.ok) {
    document.getElementById("ladder-problem").textContent = ladder.detail;
    return;
  }
  const me = localStorage.getItem("trailhead:player");
  let entered = false;
  ladder.entrants.forEach((entrant, index) => {
    const row = document.createElement("tr");
    row.dataset.entrant = entrant.entrant;
    cell(row, String(index + 1));
    cell(row, entrant.bot ? `${entrant.name} [${entrant.bot}]` : entrant.name);
    cell(row, entrant.rating === null ? "unrated" : entrant.rating.toFixed(1));
    cell(row, String(entrant.games));
    const now = cell(row, entrant.waiting ? "waiting" : "");
    if (entrant.playing) {
      const link = document.createElement("a");
      link.href = `/games/${entrant.playing}`;
      link.textContent = "playing";
      now.appendChild(link);
    }
    if (me && entrant.player === me) entered = true;
    body.appendChild(row);
  });
  const toggle = document.getElementById("ladder-toggle");
  toggle.dataset.action = entered ? "leave" : "enter";
  toggle.textContent = entered ? "Leave the ladder" : "Enter the ladder";
}

document.getElementById("ladder-toggle").addEventListener("click", async (event) => {
  document.getElementById("ladder-problem").textContent = "";
  const key = needKey("ladder-problem");
  if (!key) return;
  const leave = event.target.dataset.action === "leave";
  const reply = await fetch(`${API}/ladder/${encodeURIComponent(chosenType())}/entries`, {
    method: leave ? "DELETE" : "POST", headers: { Authorization: `Bearer ${key}` },
  });
  if (!reply.ok) {
    document.getElementById("ladder-problem").textContent = (await reply.json()).detail;
  } else if (leave) {
    document.getElementById("ladder-status").textContent = "You left the ladder; your games and rating stay.";
  } else {
    const entry = await reply.json();
    localStorage.setItem("trailhead:player", entry.player);
    document.getElementById("ladder-status").textContent = "You are in the ladder: your games come to you.";
  }
  listLadder();
});
document.getElementById("type").addEventListener("change", listLadder);

async function listTournaments() {
  const page = await (await fetch(`${API}/tournaments`)).json();
  const body = document.querySelector("#tournaments tbody");
  body.replaceChildren();
  for (const tournament of page.tournaments.filter((t) => t.status !== "finished").reverse()) {
    const row = document.createElement("tr");
    row.dataset.tournament = tournament.id;
    const link = document.createElement("a");
    link.href = `/tournaments/${tournament.id}`;
    link.className = "tournament-link";
    link.textContent = tournament.name;
    cell(row, "").appendChild(link);
    cell(row, titles[tournament.type] || tournament.type);
    cell(row, tournament.format.replace("_", " "));
    const status = cell(row, tournament.status);
    if (tournament.starts_at && tournament.status === "open") status.append(", starts ", when(tournament.starts_at));
    if (tournament.status === "open") {
      const join = document.createElement("button");
      join.type = "button";
      join.textContent = "Join";
      join.setAttribute("aria-label", `Join ${tournament.name}`);
      join.addEventListener("click", () => joinTournament(tournament));
      status.appendChild(join);
    }
    cell(row, String(tournament.entrant_count));
    body.appendChild(row);
  }
}

async function joinTournament(tournament) {
  document.getElementById("tournaments-problem").textContent = "";
  const key = needKey("tournaments-problem");
  if (!key) return;
  const reply = await fetch(`${API}/tournaments/${tournament.id}/join`, {
    method: "POST", headers: { Authorization: `Bearer ${key}` },
  });
  if (!reply.ok) {
    document.getElementById("tournaments-problem").textContent = (await reply.json()).detail;
    return;
  }
  document.getElementById("tournaments-status").textContent = `You entered ${tournament.name}.`;
  listTournaments();
}

listGames();
listMine();
listOpen();
listLadder();
listTournaments();
setInterval(() => { listMine(); listOpen(); }, 20_000);  // whose turn it is changes while the lobby is open
