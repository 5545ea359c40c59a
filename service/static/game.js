// A game's page: seats, status, audit; the replay slider beside the timeline; live updates from the
// game's stream; with a seat token (the URL's #token=..., kept for this tab) or a player key, the
// legal actions as labelled buttons. Everything comes from the JSON API (openapi.yaml).
"use strict";
const API = "/api/v1";
const gameId = document.body.dataset.game;
const $ = (id) => document.getElementById(id);

const fragment = new URLSearchParams(window.location.hash.slice(1));
if (fragment.get("token")) {
  sessionStorage.setItem(`trailhead:token:${gameId}`, fragment.get("token"));
  history.replaceState(null, "", window.location.pathname);  // the secret leaves the address bar
}
const token = sessionStorage.getItem(`trailhead:token:${gameId}`);
const auth = token ? { Authorization: `Bearer ${token}` } : {};

let game = null;
let shown = 0;

async function api(path, options = {}) {
  const reply = await fetch(`${API}${path}`, { ...options, headers: { ...auth, ...(options.headers || {}) } });
  const body = await reply.json();
  if (!reply.ok) throw new Error(body.detail || body.title);
  return body;
}

function item(list, text, attributes = {}) {
  const li = document.createElement("li");
  li.textContent = text;
  for (const [name, value] of Object.entries(attributes)) li.setAttribute(name, value);
  list.appendChild(li);
  return li;
}

async function refresh() {
  game = await api(`/games/${gameId}`);
  const acting = game.to_act.map((seat) => game.seats[seat].name).join(", ");
  $("summary").textContent = `${game.status}` + (acting ? `, to act: ${acting}` : "") +
    (game.you !== null ? `; you are seat ${game.you} (${game.seats[game.you].name})` : "; you are watching");
  $("seats").replaceChildren();
  for (const seat of game.seats) {
    const marks = [seat.bot && `bot ${seat.bot}`, seat.open && "open", seat.gone && "left",
      game.to_act.includes(seat.index) && "to act"].filter(Boolean);
    item($("seats"), seat.name + (marks.length ? ` (${marks.join(", ")})` : ""));
  }
  $("head").textContent = game.head_hash;
  $("at").max = String(game.version);
  await timeline();
  await showAt($("follow").checked || shown === 0 ? game.version : shown);  // the timeline was drawn anew
  await actions();
  if (game.status === "finished") {
    const report = await api(`/games/${gameId}/audit`);
    $("audit").textContent = report.ok ? "ok: every event re-derived from the seed" :
      `failed at event ${report.failure.seq}: ${report.failure.reason}`;
  }
}

async function timeline() {
  const line = await api(`/games/${gameId}/timeline`);
  $("timeline").replaceChildren();
  for (const entry of line.entries) {
    const li = item($("timeline"), `${entry.label ? entry.label + ": " : ""}${entry.text}`,
      { "data-seq": String(entry.seq), value: String(entry.seq) });
    li.addEventListener("click", () => { $("follow").checked = false; showAt(entry.seq); });
  }
}

async function showAt(at) {
  shown = Math.min(Math.max(1, at), game.version);
  $("at").value = String(shown);
  $("at-label").textContent = `${shown} of ${game.version}`;
  const replay = await api(`/games/${gameId}/replay?at=${shown}`);
  $("state").textContent = JSON.stringify(replay.state, null, 2);
  const draw = window.TrailheadBoards[document.body.dataset.type];
  $("board").replaceChildren(...(draw ? [draw(replay.state)] : []));
  $("raw").open = !draw;  // a game not drawn yet shows its view as data
  for (const li of $("timeline").children) {
    const current = li.dataset.seq === String(shown);
    li.classList.toggle("current", current);
    if (current) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
  }
}

function setPath(args, path, value) {
  const keys = path.split(".");
  let node = args;
  for (const key of keys.slice(0, -1)) node = node[key];
  node[keys[keys.length - 1]] = value;
}

async function actions() {
  $("actions").replaceChildren();
  if (!token) { $("play-note").textContent = "Open this page with your seat's token to play."; return; }
  const listed = await api(`/games/${gameId}/actions`);
  $("play-note").textContent = listed.actions.length ? "Choose one:" :
    game.status === "finished" ? "The game is over." : "Not your turn.";
  for (const action of listed.actions) {
    const box = document.createElement("div");
    const inputs = [];
    for (const [path, range] of Object.entries(action.ranges || {})) {
      const label = document.createElement("label");
      label.textContent = `${path} `;
      const input = document.createElement("input");
      Object.assign(input, { type: "number", min: range.min, max: range.max, step: range.step || 1 });
      input.value = path.split(".").reduce((node, key) => node[key], action.args);
      label.appendChild(input);
      box.appendChild(label);
      inputs.push([path, input]);
    }
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = action.label;
    button.addEventListener("click", () => send(action, inputs, listed.version));
    box.prepend(button);
    $("actions").appendChild(box);
  }
}

async function send(action, inputs, version) {
  const args = JSON.parse(JSON.stringify(action.args));
  for (const [path, input] of inputs) setPath(args, path, Number(input.value));
  $("problem").textContent = "";
  try {
    await api(`/games/${gameId}/commands`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ type: action.type, args, expected_version: version }),
    });
  } catch (error) {
    $("problem").textContent = error.message;  // the problem's own words
  }
  await refresh();
}

$("at").addEventListener("input", () => { $("follow").checked = false; showAt(Number($("at").value)); });
$("back").addEventListener("click", () => { $("follow").checked = false; showAt(shown - 1); });
$("forward").addEventListener("click", () => { $("follow").checked = false; showAt(shown + 1); });
document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT" && event.target.type !== "range") return;
  if (event.key === "ArrowLeft") $("back").click();
  if (event.key === "ArrowRight") $("forward").click();
});

let pending = null;
function live() {
  // EventSource sends no Authorization header: the public stream says when the game moved on, and the
  // page then reads the caller's own view again.
  const source = new EventSource(`${API}/games/${gameId}/stream?after=${game.version}`);
  source.onmessage = () => { clearTimeout(pending); pending = setTimeout(refresh, 100); };
  source.addEventListener("end", () => { source.close(); refresh(); });
}

refresh().then(() => { if (game.status !== "finished") live(); });
