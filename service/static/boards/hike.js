// Hike!: drawn in SVG (issue 33). The track of landscape cards, each field a square with its snowflake
// (snow, ice, powder: three icons) and the equipment fields marked by a pickaxe; the sleds on the track as
// cubes in their mushers' colours; each musher's sled as the book's grid of 2 rows of huskies, each husky
// with its four coloured edges and its snowflakes, a cube on a tired one, a resting one face down, a free
// place holding its cube; the husky deck, the centre and, for a seat, its hand; a legend of the icons.
// targets(action, view) names the components an action is built from (keys below: see targets()).

import { boardStyle, el, seatColour, svg, svgNameTargets, title } from "./elements.js";

boardStyle("hike");

const W = 400, TRACK = 330;  // the SVGs' viewBox widths (the track's drawn larger); each scales to the page
const EDGE = { red: "#c0392b", yellow: "#e1b000", green: "#2e8b57", blue: "#2c6fbb" };
const SNOW = { snow: ["#46606c", "#eef3f5"], ice: ["#1583ad", "#dcf1fa"], powder: ["#7a55a8", "#f1ebf7"] };
const seatFill = (seat) => `fill:${seatColour(seat)}`;
const fits = (text, size) => text.length * size * 0.56;  // the width a line of text takes, about

/** The keys of the board components `action` names, in click order. Keys: `card:<id>` a card in the centre
 * or your hand, `hand` your hand, `deck` the husky deck, `slot:<seat>-<slot>` a place in a sled,
 * `column:<seat>-<column>` a sled's column (double care), `field:<n>` a field of the track. */
export function targets(action, view) {
  const seat = view.you ?? view.current;
  const args = action.args || {};
  const slot = `slot:${seat}-${args.slot}`;
  switch (action.type) {
    case "OpenCards": return ["deck"];
    case "DraftHusky": case "PlaceHusky": case "PlaceYoungster": return [`card:${args.card}`, slot];
    case "DraftCard": return [`card:${args.card}`, "hand"];
    case "SwapHusky": case "UpgradeHusky": case "UseHusky": case "RestHusky": case "CareForHusky": return [slot];
    case "CareForColumn": return [`column:${seat}-${args.column}`];
    case "UseEquipment": case "PushThrough": {  // onto the field ahead, with your lowest-numbered equipment card or not
      const musher = view.mushers.find((one) => one.seat === seat);
      const field = musher ? [`field:${musher.position + 1}`] : [];
      const card = (view.hand || []).filter((one) => one.kind === "equipment").map((one) => one.id).sort()[0];
      return action.type === "UseEquipment" && card ? [`card:${card}`, ...field] : field;
    }
    default: return [];
  }
}

function target(node, key, words) {
  node.setAttribute("data-target", key);
  node.setAttribute("role", "img");  // the page makes it a button while it is legal
  return title(node, words);
}

/** A snowflake of one kind: six arms; ice has a crystal at its heart, powder soft tips. */
export function flake(kind, x, y, r = 7) {
  const [colour] = SNOW[kind] || ["#555"];
  const arms = [0, 60, 120].map((angle) => svg("line", { x1: 0, y1: -r, x2: 0, y2: r, transform: `rotate(${angle})` }));
  const extra = kind === "ice" ? [svg("polygon", { points: hexagon(r * 0.42), fill: "#fff", "stroke-width": r / 5 })]
    : kind === "powder" ? [0, 60, 120, 180, 240, 300].map((angle) =>
      svg("circle", { cx: 0, cy: -r, r: r / 4.5, fill: colour, transform: `rotate(${angle})` }))
      : [svg("circle", { r: r / 5, fill: colour })];
  return svg("g", { class: `flake ${kind}`, transform: `translate(${x} ${y})`, stroke: colour,
    "stroke-width": r / 4.2, "stroke-linecap": "round" }, arms, extra);
}

function hexagon(r) {
  return [0, 1, 2, 3, 4, 5].map((i) => `${(r * Math.sin(i * Math.PI / 3)).toFixed(2)},${(r * Math.cos(i * Math.PI / 3)).toFixed(2)}`).join(" ");
}

function pickaxe(x, y, scale = 1) {
  return svg("g", { class: "pickaxe", transform: `translate(${x} ${y}) scale(${scale})`, stroke: "#7a4a12",
    "stroke-width": 1.8, fill: "none", "stroke-linecap": "round" },
  svg("path", { d: "M-6,-2 Q0,-8 6,-2" }), svg("line", { x1: 0, y1: -5, x2: 0, y2: 6 }));
}

function cube(x, y, seat, size = 10) {  // a wooden cube: its front and its lighter top
  return svg("g", { class: `cube seat${seat}`, transform: `translate(${x} ${y})` },
    svg("rect", { x: -size / 2, y: -size / 2 + 2, width: size, height: size - 2, style: seatFill(seat), stroke: "#222", "stroke-width": 0.7 }),
    svg("path", { d: `M${-size / 2},${-size / 2 + 2} l3,-3 h${size} l-3,3 z`, style: seatFill(seat), stroke: "#222",
      "stroke-width": 0.7, opacity: 0.75 }));
}

function initials(name) {  // "Ann" -> "A", "Bot 2" -> "B2": a token's letters
  const digits = (name.match(/\d+$/) || [""])[0];
  return (name.trim()[0] || "?").toUpperCase() + digits;
}

function token(musher, x, y) {  // a sled on the track: its musher's cube, with the musher's letters
  const node = svg("g", { class: `pawn seat${musher.seat}`, transform: `translate(${x} ${y})` },
    svg("rect", { x: -7, y: -7, width: 14, height: 14, rx: 2, style: seatFill(musher.seat), stroke: "#fff", "stroke-width": 1.2 }),
    svg("text", { y: 3, "text-anchor": "middle", class: "pawn-letters" }, initials(musher.name)));
  return title(node, `${musher.name}'s sled` + (musher.position ? ` at field ${musher.position}` : " at the start"));
}

function snowName(kind, catalog) {
  const name = ((catalog.snow_types || {})[kind] || {}).name;
  return name && name !== kind ? `${kind} (${name})` : kind;
}

function drawTrack(view, catalog) {
  const bySpot = {};
  for (const musher of view.mushers) if (!musher.out) (bySpot[musher.position] ||= []).push(musher);
  const F = 26;
  const parts = [];
  let x = 0, y = 0, field = 0, numbered = true, pawnRow = false;  // a row with sleds leaves them room below
  const widthOf = (n, spot) => Math.max(spot && spot.equipment ? F + 12 : F, 15 * (bySpot[n] || []).length + 2);
  for (const landscape of view.track) {
    if (!landscape.face_up) numbered = false;
    const spaces = !landscape.face_up ? [] : [...(landscape.place === 0 ? [null] : []), ...landscape.fields];
    let inner = 0, start = field;
    for (const spot of spaces) inner += widthOf(spot ? ++start : 0, spot) + 2;
    const name = landscape.face_up ? landscape.name : landscape.rotated ? "turned" : "";
    const width = landscape.face_up ? Math.max(inner + 6, fits(name, 9) + 8) : landscape.rotated ? 52 : 40;
    if (x + width > TRACK && x > 0) { x = 0; y += pawnRow ? 66 : 52; pawnRow = false; }
    const card = svg("g", { class: `landscape${landscape.face_up ? "" : " face-down"}`, transform: `translate(${x} ${y})` });
    if (!landscape.face_up) {
      const [w, h] = landscape.rotated ? [48, 30] : [34, 44];
      card.append(svg("rect", { x: (width - 2 - w) / 2, y: 2 + (44 - h) / 2, width: w, height: h, rx: 3, class: "card-back" }),
        svg("text", { x: width / 2 - 1, y: 29, "text-anchor": "middle", class: "back-mark" }, "?"),
        svg("text", { x: width / 2 - 1, y: 50, "text-anchor": "middle", class: "small" }, name));
      title(card, landscape.rotated ? "a face-down landscape, turned: when it is turned face up, each musher opens " +
        "1 card a day instead of 2" : "a face-down landscape");
    } else {
      card.append(svg("rect", { x: 0, y: 0, width: width - 2, height: 46, rx: 3, class: "landscape-card" }),
        svg("text", { x: 4, y: 10, class: "card-name" }, name));
      let fx = 3;
      for (const spot of spaces) {
        const number = spot ? ++field : 0;
        const fw = widthOf(number, spot);
        if (spot === null) {
          card.append(title(svg("g", { class: "start-space", transform: `translate(${fx} 14)` },
            svg("rect", { width: fw, height: F, rx: 2, fill: "#fff", stroke: "#9aa9b0" }),
            svg("text", { x: fw / 2, y: F / 2 + 3, "text-anchor": "middle", class: "small" }, "start")), "the start space"));
        } else {
          const [, tint] = SNOW[spot.snow] || ["", "#fff"];
          const node = svg("g", { class: `field ${spot.snow}${spot.equipment ? " equipment" : ""}`, transform: `translate(${fx} 14)` },
            svg("rect", { width: fw, height: F, rx: 2, fill: tint, class: "field-box" }),
            flake(spot.snow, spot.equipment ? fw - 11 : fw / 2, F / 2 - 2, 7.5),
            svg("text", { x: fw - 2, y: F - 2, "text-anchor": "end", class: "field-number" }, String(number)),
            spot.equipment ? pickaxe(8, F / 2, 0.9) : null);
          const words = `field ${number} (${landscape.name}): ${snowName(spot.snow, catalog)}` +
            (spot.equipment ? ", needs equipment" : "");
          if (numbered) target(node, `field:${number}`, words); else title(node, words);
          card.append(node);
        }
        if ((bySpot[number] || []).length) pawnRow = true;
        (bySpot[number] || []).forEach((musher, i, all) =>
          card.append(token(musher, fx + fw / 2 + (i - (all.length - 1) / 2) * 15, 14 + F + 12)));
        fx += fw + 2;
      }
      if (landscape.place === view.track.length - 1) card.append(svg("text", { x: width - 6, y: 10, "text-anchor": "end", class: "small" }, "finish"));
    }
    parts.push(card);
    x += width + 4;
  }
  const node = svg("svg", { class: "track", viewBox: `0 -2 ${TRACK} ${y + (pawnRow ? 68 : 54)}`, width: "100%", role: "group" }, parts);
  node.setAttribute("aria-label", "The track, from the start to the finish");
  return node;
}

/** A card: a husky with its coloured edges and snowflakes, a youngster, an equipment or a care card. */
function cardFace(card, w, h, spot = {}, seat = 0) {
  const g = svg("g", { class: `hike-card ${card.kind}` });
  if (spot.resting) {
    g.classList.add("resting");
    g.append(svg("rect", { width: w, height: h, rx: 4, class: "card-back" }),
      svg("text", { x: w / 2, y: h / 2 - 2, "text-anchor": "middle", class: "card-name" }, card.name),
      svg("text", { x: w / 2, y: h / 2 + 12, "text-anchor": "middle", class: "small" }, "resting"));
    return g;
  }
  g.append(svg("rect", { width: w, height: h, rx: 4, class: "card-face" }));
  if (card.edges) {
    const sides = { top: [4, 2.5, w - 4, 2.5], bottom: [4, h - 2.5, w - 4, h - 2.5], left: [2.5, 4, 2.5, h - 4], right: [w - 2.5, 4, w - 2.5, h - 4] };
    for (const [side, [x1, y1, x2, y2]] of Object.entries(sides)) {
      g.append(svg("line", { x1, y1, x2, y2, stroke: EDGE[card.edges[side]] || "#999", "stroke-width": 5, "stroke-linecap": "round" }));
    }
  }
  g.append(svg("text", { x: w / 2, y: 19, "text-anchor": "middle", class: "card-name" }, card.name));
  const points = spot.points || (card.snow || []).map((kind) => [kind]);
  const cy = h * 0.64;
  points.forEach((kinds, i) => {
    const cx = w / 2 + (i - (points.length - 1) / 2) * 19;
    if (kinds.length === 1) { g.append(flake(kinds[0], cx, cy, 7)); return; }
    g.append(svg("rect", { x: cx - 9, y: cy - 9, width: 18, height: 18, rx: 4, class: "choice" }));  // one of these kinds
    kinds.slice(0, 3).forEach((kind, k) => g.append(flake(kind, cx - 4 + (k % 2) * 8, cy - 4 + Math.floor(k / 2) * 8, 3.6)));
  });
  const word = { youngster: "youngster", equipment: "equipment", care: "care", double_care: "double care" }[card.kind];
  if (word) g.append(svg("text", { x: w / 2, y: h - 9, "text-anchor": "middle", class: "small" }, word));
  if (card.kind === "equipment") g.append(pickaxe(w / 2, cy - 4, 1.1));
  if (card.kind === "care" || card.kind === "double_care") {
    g.append(svg("path", { d: "M0,4 C-9,-3 -5,-10 0,-5 C5,-10 9,-3 0,4 z", fill: "#c0392b", transform: `translate(${w / 2} ${cy - 2}) scale(1.2)` }));
    if (card.kind === "double_care") g.append(svg("text", { x: w / 2 + 16, y: cy + 2, class: "card-name" }, "2×"));
  }
  if (spot.equipment) g.append(pickaxe(10, h - 12, 0.8), svg("text", { x: 18, y: h - 7, class: "small" }, "+1"));
  if (spot.tired) g.append(cube(w - 11, 14, seat, 11));
  return g;
}

function describe(card, spot = {}) {
  const points = (spot.points || (card.snow || []).map((kind) => [kind])).map((kinds) => kinds.join(" or "));
  const edges = card.edges ? `; edges: top ${card.edges.top}, right ${card.edges.right}, bottom ${card.edges.bottom}, left ${card.edges.left}` : "";
  return `${card.name} (${card.kind.replace("_", " ")}${points.length ? `: ${points.join(", ")}` : ""})${edges}` +
    (spot.tired ? ", tired" : "") + (spot.resting ? ", resting" : "") + (spot.equipment ? ", upgraded with equipment" : "");
}

function drawSled(musher, view) {
  const columns = view.columns, gap = 6, w = (W - gap * (columns - 1)) / columns, h = 56;
  const race = view.phase !== "preparations";
  const parts = [];
  for (const spot of musher.sled) {
    const row = Math.floor(spot.slot / columns), column = spot.slot % columns;
    const where = `${row === 0 ? "top" : "bottom"} row, column ${column + 1}`;
    const g = svg("g", { class: `hike-card-place`, transform: `translate(${column * (w + gap)} ${row * (h + gap)})` });
    if (spot.card) {
      g.append(cardFace(spot.card, w, h, spot, musher.seat));
      target(g, `slot:${musher.seat}-${spot.slot}`, `${musher.name}'s sled, ${where}: ${describe(spot.card, spot)}`);
    } else {
      g.append(svg("g", { class: "hike-card empty" }, svg("rect", { width: w, height: h, rx: 4, class: "free-place" }), cube(w / 2, h / 2, musher.seat, 12)));
      target(g, `slot:${musher.seat}-${spot.slot}`, `${musher.name}'s sled, ${where}: a free place`);
    }
    parts.push(g);
  }
  let height = 2 * h + gap;
  if (race) {
    for (let column = 0; column < columns; column += 1) {
      parts.push(target(svg("g", { class: "column-strip", transform: `translate(${column * (w + gap)} ${height + 3})` },
        svg("rect", { width: w, height: 13, rx: 3 }),
        svg("text", { x: w / 2, y: 10, "text-anchor": "middle", class: "small" }, `column ${column + 1}`)),
      `column:${musher.seat}-${column}`, `${musher.name}'s sled, column ${column + 1}`));
    }
    height += 17;
  }
  const node = svg("svg", { class: "sled-grid", viewBox: `-1 -1 ${W + 2} ${height + 2}`, width: "100%" }, parts);
  node.setAttribute("aria-label", `${musher.name}'s sled`);
  return node;
}

function drawMusher(musher, view) {
  const moving = musher.seat === view.current || musher.step !== null;  // on a simultaneous day, several
  const box = el("section", `musher seat${musher.seat}${moving ? " current" : ""}`);
  box.setAttribute("aria-label", `${musher.name}'s sled`);
  const head = el("h3", "");
  head.append(svg("svg", { viewBox: "-8 -8 16 16", class: "swatch", "aria-hidden": "true" },
    svg("rect", { x: -7, y: -7, width: 14, height: 14, rx: 2, style: seatFill(musher.seat) })), el("span", "musher-name", musher.name));
  const facts = [musher.out ? "out of the race" : musher.ready ? "ready" : "preparing",
    musher.position ? `field ${musher.position}` : "at the start", `${musher.hand_size} in hand`,
    `${musher.plus_cards} +1 cards`];
  if (musher.care_pile.length) facts.push(`care pile ${musher.care_pile.length}`);
  if (musher.compulsory_care) facts.push(`must use care ${musher.compulsory_care} today`);
  if (musher.camped) facts.push("camped for the night");
  else if (musher.step && musher.step !== "run") facts.push(musher.step);
  head.append(el("span", "facts", facts.join(" · ")));
  box.append(head, drawSled(musher, view));
  return box;
}

function drawCards(cards, label, view, options = {}) {
  const gap = 8, perRow = 4, w = (W - 6 - gap * (perRow - 1)) / perRow, h = 62;
  const parts = [];
  const items = [...(options.deck ? [null] : []), ...cards];
  const rows = Math.ceil(items.length / perRow);
  const top = 16 + (items.length ? 0 : 12);
  if (options.zone) parts.push(target(svg("rect", { class: "hand-zone", x: 0, y: 0, width: W, height: top + rows * (h + gap) + 2, rx: 6 }),
    "hand", "your hand"));
  parts.push(svg("text", { x: 4, y: 12, class: "zone-name" }, label));
  items.forEach((card, i) => {
    const g = svg("g", { transform: `translate(${(i % perRow) * (w + gap) + 3} ${top + Math.floor(i / perRow) * (h + gap)})` });
    if (card === null) {  // the husky deck: a face-down stack
      g.append(svg("rect", { x: 4, y: 4, width: w - 4, height: h - 4, rx: 4, class: "card-back" }),
        svg("rect", { width: w - 4, height: h - 4, rx: 4, class: "card-back" }),
        svg("text", { x: (w - 4) / 2, y: 24, "text-anchor": "middle", class: "card-name light" }, "husky deck"),
        svg("text", { x: (w - 4) / 2, y: 42, "text-anchor": "middle", class: "card-name light" }, `${view.deck_size} cards`));
      parts.push(target(g, "deck", `the husky deck, ${view.deck_size} cards`));
      return;
    }
    g.append(cardFace(card, w, h));
    parts.push(target(g, `card:${card.id}`, `${label}: ${describe(card)}`));
  });
  if (!items.length) parts.push(svg("text", { x: 6, y: top, class: "small" }, "no cards"));
  const node = svg("svg", { class: options.zone ? "cards hand" : "cards centre", viewBox: `0 0 ${W} ${top + rows * (h + gap) + 4}`, width: "100%" }, parts);
  node.setAttribute("aria-label", label);
  return node;
}

function icon(...children) {
  return svg("svg", { viewBox: "-10 -10 20 20", class: "legend-icon", "aria-hidden": "true" }, children);
}

function legend(view, catalog) {
  const list = el("ul", "hike-legend");
  const item = (icons, words) => { const li = el("li", ""); li.append(...icons, el("span", "", words)); list.append(li); };
  for (const kind of ["snow", "ice", "powder"]) item([icon(flake(kind, 0, 0, 8))], snowName(kind, catalog));
  item([], "a sled enters a field by spending a husky's point of that snow type");
  item([icon(pickaxe(0, 0, 1.3))], "needs equipment: discard an equipment card, or push through and rest 2 huskies");
  item(Object.values(EDGE).map((colour) => icon(svg("line", { x1: -8, y1: 0, x2: 8, y2: 0, stroke: colour, "stroke-width": 5 }))),
    "edges: a husky's edges must match its neighbours' colours; a youngster fits next to any edge");
  item([icon(cube(0, 0, view.you ?? 0, 12))], "on a husky: tired (used today); on a free place: waiting for a husky");
  item([icon(svg("rect", { x: -8, y: -6, width: 16, height: 12, rx: 2, class: "card-back" }))], "face down: resting for the rest of the race");
  item([icon(svg("text", { x: 0, y: 4, "text-anchor": "middle", class: "card-name" }, "+1"))],
    "+1 cards: each opens one more card from the husky deck; 2 +1 cards = two such cards");
  return list;
}

export function draw(view, catalog = {}) {
  const board = el("div", "board hike");
  // On a simultaneous race day (table option simultaneous_days) every musher on the road moves at once.
  const together = view.phase === "race" && view.simultaneous_days && view.current === null &&
    view.mushers.some((musher) => musher.step !== null);
  const current = view.current !== null ? `, ${view.mushers[view.current].name} to play` :
    together ? ", every musher on the road moves at once" : "";
  board.append(el("p", "status", `${view.phase}, day ${view.day}` + (view.step ? ` (${view.step})` : "") + current +
    (view.ending ? `; ended: ${view.ending.replace(/_/g, " ")}` : "")));
  board.append(drawTrack(view, catalog), legend(view, catalog));
  if (view.phase === "preparations" || view.centre.length) {
    board.append(drawCards(view.centre, "Centre", view, { deck: view.phase === "preparations" }));
  }
  if (view.hand && (view.phase !== "over" || view.hand.length)) board.append(drawCards(view.hand, "Your hand", view, { zone: true }));
  const mushers = el("div", "mushers");
  const order = [...view.mushers].sort((a, b) => (b.seat === view.you) - (a.seat === view.you));
  mushers.append(...order.map((musher) => drawMusher(musher, view)));
  board.append(mushers);
  const counts = `${view.deck_size} in the husky deck, ${view.care_pile_size} care cards in the pile`;
  const used = view.care_discards.map((id) => ((catalog.care_cards || {})[id] || {}).name || id);
  board.append(el("p", "small-print", counts + (used.length ? `; care used: ${used.join(", ")}` : "")));
  return svgNameTargets(board);  // each target's name starts with the text it shows (axe: label-content-name-mismatch)
}
