// A game's page: seats, status, audit; the replay slider beside the timeline; live updates from the
// game's stream; with a seat token (the URL's #token=..., kept for this tab) or a player key, the
// legal actions as labelled buttons, and a hint from the search level on the seat's turn; once the
// game has ended, the search level's suggestion for a chosen seat at the step on screen, beside the
// move that seat played. Everything comes from the JSON API (openapi.yaml). Issue 33: the board beside the
// actions, played by clicking its components (picking.js, the board module's targets()); the move made at the
// step on screen beside the slider; seats by name and colour; times as people write them (when.js).
import { picker } from "./picking.js";
import { when } from "./when.js";
import { analyses } from "./analysis.js";
import { layout } from "./boards/elements.js";

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
const analysis = analyses({ api, gameId, $, item, now: () => ({ game, shown }) });
let audited = false;
let marked = null;  // the timeline's entry of the event shown

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

// The game type's board: its module (static/boards/<type>.js, named by the page when the type has one),
// whose draw(view, catalog) builds it, and the type's catalog (GET /game-types/{type}) of card faces by
// id; both read once, while the game loads. A type without a board shows its view as data.
const drawing = document.body.dataset.board ?
  Promise.all([import(document.body.dataset.board), api(`/game-types/${document.body.dataset.type}`)])
    .then(([module, kind]) => ({ draw: module.draw, targets: module.targets, catalog: kind.catalog })) :
  Promise.resolve(null);

// One refresh at a time: a live event arriving while the page is being read again asks for one more
// read after it, so an older read can never land after a newer one.
let refreshing = null;
let again = false;
function refresh() {
  if (refreshing) { again = true; return refreshing; }
  refreshing = (async () => {
    do { again = false; await load(); } while (again);
  })().finally(() => { refreshing = null; });
  return refreshing;
}

// A seat by name and colour (the classes seat0..seat5 of style.css, which the boards use too).
function seatName(index, tag = "span") {
  const node = document.createElement(tag);
  node.className = `seat-chip seat${index}`;
  node.textContent = game.seats[index] ? game.seats[index].name : `seat ${index}`;
  return node;
}

function joined(nodes, between = ", ") {
  return nodes.flatMap((node, index) => (index ? [between, node] : [node]));
}

async function load() {
  game = await api(`/games/${gameId}`);
  const acting = game.to_act.map((seat) => seatName(seat));
  $("summary").replaceChildren(`${game.status}`, ...(acting.length ? [", to act: ", ...joined(acting)] : []),
    ...(game.you !== null ? [`; you are seat ${game.you} (`, seatName(game.you), ")"] : ["; you are watching"]),
    ...(game.created_at ? ["; started ", when(game.created_at)] : []),
    ...(game.updated_at ? [", last move ", when(game.updated_at)] : []));
  $("seats").replaceChildren();
  for (const seat of game.seats) {
    const marks = [seat.bot && `bot ${seat.bot}`, seat.open && "open", seat.gone && "left",
      game.to_act.includes(seat.index) && "to act"].filter(Boolean);
    const li = item($("seats"), marks.length ? ` (${marks.join(", ")})` : "");
    li.prepend(seatName(seat.index, "strong"));
    const deadline = (game.deadlines || []).find((d) => d.seat === seat.index); // openapi.yaml: Deadline
    if (deadline) li.append(", deadline ", when(deadline.deadline));
  }
  $("head").textContent = game.head_hash;
  analysis.seatChoices();
  $("at").max = String(game.version);
  // where to stand is read once the timeline is in: the reader may have moved the slider meanwhile
  await Promise.all([timeline().then(() => showAt($("follow").checked || shown === 0 ? game.version : shown)),
    actions()]);
  document.body.dataset.drawn = String(game.version);  // drawn as of this version (the page bench waits for it)
  performance.mark(`drawn:${game.version}`);
  if (game.status === "finished" && !audited) {
    audited = true;  // a finished game's log is final: its audit (every event re-derived) is read once, after
    api(`/games/${gameId}/audit`).then((report) => {
      $("audit").textContent = report.ok ? "ok: every event re-derived from the seed" :
        `failed at event ${report.failure.seq}: ${report.failure.reason}`;
    }, (error) => { $("audit").textContent = `not checked: ${error.message}`; });
  }
}

let timelineAt = 0;  // the last event the timeline on the page holds
let timelineEnded = false;  // read after the game's end: hidden events and every label told
async function timeline() {
  // Built off the page and put in at once; one click handler for the whole list (a long game's timeline
  // runs to thousands of entries: bench/page_load.py times a 5,000-event game's page). While the game runs
  // only the new events are read (`after`); at the end the whole list once more, as the end reveals lines.
  const whole = timelineAt === 0 || (game.status === "finished" && !timelineEnded);
  const line = await api(`/games/${gameId}/timeline` + (whole ? "" : `?after=${timelineAt}`));
  const entries = document.createDocumentFragment();
  for (const entry of line.entries) {
    const li = document.createElement("li");
    li.textContent = `${entry.label ? entry.label + ": " : ""}${entry.text}`;
    li.dataset.seq = String(entry.seq);
    li.dataset.seat = entry.seat === null ? "" : String(entry.seat);
    if (entry.seat !== null) li.className = `seat-chip seat${entry.seat}`;  // whose move, by colour
    li.dataset.label = entry.label || "";
    entries.appendChild(li);
  }
  if (whole) {
    $("timeline").replaceChildren(entries);
    marked = null;  // its entry left with the old list
  } else {
    $("timeline").appendChild(entries);
  }
  timelineAt = line.version;
  timelineEnded = game.status === "finished";
  if (shown) mark(shown);  // the step on show stays marked in the new list
}

$("timeline").addEventListener("click", (event) => {
  const li = event.target.closest("li[data-seq]");
  if (li) { $("follow").checked = false; showAt(Number(li.dataset.seq)); }
});

function mark(seq) {
  if (marked) { marked.classList.remove("current"); marked.removeAttribute("aria-current"); }
  marked = $("timeline").children[seq - 1] || null;  // entry n is event n
  if (!marked) return;
  marked.classList.add("current");
  marked.setAttribute("aria-current", "step");
  const box = $("timeline");  // scrolled within itself only: the page stays where the reader has it
  if (marked.offsetTop < box.scrollTop || marked.offsetTop + marked.offsetHeight > box.scrollTop + box.clientHeight) {
    box.scrollTop = marked.offsetTop - box.clientHeight / 2;
  }
}

let showing = 0;  // the latest step asked for: an older one's replay arriving later is dropped
async function showAt(at) {
  const ticket = ++showing;
  shown = Math.min(Math.max(1, at), game.version);
  $("at").value = String(shown);
  $("at-label").textContent = `${shown} of ${game.version}`;
  const [replay, board] = await Promise.all([api(`/games/${gameId}/replay?at=${shown}`), drawing]);
  if (ticket !== showing) return;
  $("state").textContent = JSON.stringify(replay.state, null, 2);
  drawn = { at: shown, view: replay.state };
  drawBoard(board);
  $("raw").open = !board;  // a game not drawn yet shows its view as data
  mark(shown);
  stepMove();
  analysis.schedule(replay.to_act);
}

// The board of the step on screen, laid out for the room its box has (elements.js's layout()); drawn again when the
// box is resized into another layout (a phone turned, a window narrowed), the clicks under way kept.
function drawBoard(board) {
  $("board").replaceChildren(...(board ? [board.draw(drawn.view, board.catalog)] : []));
  $("board").dataset.layout = layout();
  armBoard(board);
}
let resizing = null;
new ResizeObserver(() => {
  clearTimeout(resizing);  // after the resize has settled, and outside the observer's callback
  resizing = setTimeout(async () => {
    if (drawn && $("board").dataset.layout !== layout()) drawBoard(await drawing);
  }, 50);
}).observe($("board"));

function setPath(args, path, value) {
  const keys = path.split(".");
  let node = args;
  for (const key of keys.slice(0, -1)) node = node[key];
  node[keys[keys.length - 1]] = value;
}

// The move made at the step on screen (its timeline entry), by whom, beside the slider.
function stepMove() {
  const entry = $("timeline").children[shown - 1];
  if (!entry) { $("step-move").replaceChildren(); return; }
  const seat = entry.dataset.seat;
  const text = entry.dataset.label || entry.textContent;
  $("step-move").replaceChildren(`Event ${shown}: `, ...(seat === "" ? [] : [seatName(Number(seat), "strong"), " "]), text);
}

// -- play: the labelled list, and the board's components (picking.js) -----------------------------------------

let drawn = null;  // {at, view}: the step the board on screen shows
let listedNow = null;  // the actions listed last, and each one's inputs (its ranged arguments)
const inputsOf = new Map();
const picking = picker({ board: $("board"), box: $("pick"), note: $("pick-note"), choices: $("choices"),
  cancel: $("cancel-pick"), send: (action) => send(action, inputsOf.get(action) || [], listedNow.version) });

// The board plays when it shows the version the actions were listed at (not a past step of the replay).
function armBoard(board) {
  if (board && token && listedNow && drawn && drawn.at === listedNow.version && listedNow.actions.length) {
    picking.arm(board.targets, drawn.view, listedNow);
    $("pick").dataset.version = String(listedNow.version);  // armed for this version (the page tests wait for it)
  } else {
    picking.disarm();
    delete $("pick").dataset.version;
  }
}

let listedKey = "";  // what the buttons on the page were built from
async function actions() {
  // The new buttons are built off the page and swapped in at once, with the version they were listed at:
  // a click while they are being read lands on the old list (still valid, or refused with a 409 shown),
  // never on an empty one; a listing that has not changed leaves the buttons alone, since a swap between a
  // click's press and release loses the click (seen in the page tests: no command was sent).
  const version = String(game.version);
  if (!token) {
    $("hint").hidden = true;
    $("actions").replaceChildren();
    $("actions").dataset.version = version;
    $("play-note").textContent = "Open this page with your seat's token to play.";
    return;
  }
  const listed = await api(`/games/${gameId}/actions`);
  const key = JSON.stringify(listed);  // the version and every action listed
  if (key === listedKey) {  // unchanged: the buttons stay, so a click under way is not cut in two
    $("actions").dataset.version = version;
    return;
  }
  listedKey = key;
  const buttons = new Map();  // each action's box: its button, and the inputs of its ranged arguments
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
    inputsOf.set(action, inputs);
    box.prepend(button);
    buttons.set(action, box);
  }
  $("actions").replaceChildren(grouped(listed.actions, buttons));
  $("actions").dataset.version = version;  // the version these actions were listed at
  listedNow = listed;
  inputsOf.forEach((_, action) => { if (!listed.actions.includes(action)) inputsOf.delete(action); });
  armBoard(await drawing);
  $("hint").hidden = !listed.actions.length;
  $("hint-note").textContent = "";
  $("play-note").textContent = listed.actions.length ? "Choose one:" :
    game.status === "finished" ? "The game is over." : "Not your turn.";
}

// A long list (over 8 actions: Hike!'s draft lists 70) is grouped by kind (the action's type) so that it stays short
// on a phone: a kind of one or two actions keeps its buttons in the open, first; a larger kind is a <details>,
// folded, its summary naming the kind and how many, its buttons inside. The kinds unfolded stay so at the next
// listing. Short lists stay as they are.
const unfolded = new Set();
const kindWords = (type) => type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().replace(/^./, (c) => c.toUpperCase());
function grouped(actions, boxes) {
  const list = document.createDocumentFragment();
  if (actions.length <= 8) {
    for (const action of actions) list.append(boxes.get(action));
    return list;
  }
  const kinds = new Map();
  for (const action of actions) kinds.set(action.type, [...(kinds.get(action.type) || []), action]);
  const folded = [];
  for (const [type, members] of kinds) {
    if (members.length > 2) {
      folded.push([type, members]);
    } else {
      for (const action of members) list.append(boxes.get(action));
    }
  }
  for (const [type, members] of folded) {
    const details = document.createElement("details");
    details.className = "kind";
    details.dataset.kind = type;
    details.open = unfolded.has(type);
    details.addEventListener("toggle", () => (details.open ? unfolded.add(type) : unfolded.delete(type)));
    const summary = document.createElement("summary");
    summary.textContent = `${kindWords(type)} (${members.length})`;
    details.append(summary, ...members.map((action) => boxes.get(action)));
    list.append(details);
  }
  return list;
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
  if (event.target.closest && event.target.closest("[data-target], select")) return;  // a board part or a choice
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
