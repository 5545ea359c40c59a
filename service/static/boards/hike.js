// Hike!: the track of landscape cards with their fields (a snowflake of each field's snow kind, the
// equipment fields marked) and the sleds on them; each musher's sled of two rows of huskies, each husky
// with its four coloured edges and its snowflakes (tired, resting face down, upgraded); the centre and,
// for a seat, its hand.

import { el } from "./elements.js";

const SNOW = { snow: "\u2744", ice: "\u2746", powder: "\u2745" };

function snowflake(kinds) {
  const node = el("span", `flake ${kinds.join(" ")}`, kinds.map((kind) => SNOW[kind] || kind).join("/"));
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", kinds.join(" or "));
  node.title = kinds.join(" or ");
  return node;
}

function hikeCard(card, spot = {}) {
  if (!card) return el("div", "hike-card empty", "empty");
  const node = el("div", `hike-card ${card.kind}${spot.tired ? " tired" : ""}${spot.resting ? " resting" : ""}`);
  node.title = `${card.id} ${card.name}` + (spot.tired ? ", tired" : "") + (spot.resting ? ", resting" : "");
  if (card.edges) {
    for (const [side, colour] of Object.entries(card.edges)) node.style[`border-${side}-color`] = `var(--${colour})`;
  }
  node.append(el("span", "card-name", card.name));
  const flakes = el("span", "flakes");
  const points = spot.points || (card.snow || []).map((kind) => [kind]);
  for (const point of points) flakes.append(snowflake(point));
  node.append(flakes);
  if (spot.equipment) node.append(el("span", "badge", "upgraded"));
  if (spot.resting) node.append(el("span", "badge", "resting"));
  else if (spot.tired) node.append(el("span", "badge", "tired"));
  return node;
}

export function draw(view, catalog) {
  const board = el("div", "board hike");
  // On a simultaneous race day (table option simultaneous_days) every musher on the road moves at once.
  const together = view.phase === "race" && view.simultaneous_days && view.current === null &&
    view.mushers.some((musher) => musher.step !== null);
  const current = view.current !== null ? `, ${view.mushers[view.current].name} to play` :
    together ? ", every musher on the road moves at once" : "";
  board.append(el("p", "status", `${view.phase}, day ${view.day}` + (view.step ? ` (${view.step})` : "") + current +
    (view.ending ? `; ended: ${view.ending.replace(/_/g, " ")}` : "")));
  const track = el("ol", "track");
  track.setAttribute("aria-label", "The track");
  const sleds = {};
  for (const musher of view.mushers) (sleds[musher.position] ||= []).push(musher);
  let field = 0;
  const start = el("li", "landscape start-space");
  start.append(el("span", "card-name", "start"), ...(sleds[0] || []).map(sled));
  track.append(start);
  for (const landscape of view.track) {
    const card = el("li", `landscape${landscape.face_up ? "" : " face-down"}`);
    if (!landscape.face_up) {
      card.append(el("span", "card-name", landscape.rotated ? "face down (rotated)" : "face down"));
      track.append(card);
      continue;
    }
    card.append(el("span", "card-name", landscape.name));
    const fields = el("div", "fields");
    for (const spot of landscape.fields) {
      field += 1;
      const node = el("span", `field ${spot.snow}${spot.equipment ? " equipment" : ""}`);
      node.title = `field ${field}: ${spot.snow}${spot.equipment ? ", needs equipment" : ""}`;
      node.append(snowflake([spot.snow]));
      if (spot.equipment) node.append(el("span", "badge", "equipment"));
      for (const musher of sleds[field] || []) node.append(sled(musher));
      fields.append(node);
    }
    card.append(fields);
    track.append(card);
  }
  board.append(track);
  for (const musher of view.mushers) {
    const moving = musher.seat === view.current || musher.step !== null;  // on a simultaneous day, several
    const box = el("section", `musher seat${musher.seat}${moving ? " current" : ""}`);
    box.setAttribute("aria-label", `${musher.name}'s sled`);
    box.append(el("h3", "", `${musher.name}: ` + (musher.out ? "out of the race" : musher.ready ? "ready" :
      "preparing") + `, at field ${musher.position}; ${musher.hand_size} in hand, ${musher.plus_cards} +1` +
      (musher.care_pile.length ? `, care pile ${musher.care_pile.length}` : "") +
      (musher.compulsory_care ? `, must use care ${musher.compulsory_care} today` : "") +
      (musher.camped ? ", camped for the night" : musher.step && musher.step !== "run" ? ` (${musher.step})` : "")));
    const grid = el("div", "sled-grid");
    grid.style.gridTemplateColumns = `repeat(${view.columns}, 1fr)`;
    for (const spot of musher.sled) grid.append(hikeCard(spot.card, spot));
    box.append(grid);
    board.append(box);
  }
  const centre = el("div", "centre");
  centre.setAttribute("aria-label", "The centre");
  centre.append(el("h3", "", `Centre (${view.deck_size} in the husky deck, ${view.care_pile_size} care cards)`));
  for (const card of view.centre) centre.append(hikeCard(card));
  board.append(centre);
  if (view.hand) {
    const hand = el("div", "centre hand");
    hand.append(el("h3", "", "Your hand"));
    for (const card of view.hand) hand.append(hikeCard(card));
    board.append(hand);
  }
  if (view.care_discards.length && catalog.care_cards) {
    board.append(el("p", "", "Care used: " + view.care_discards.map((id) => (catalog.care_cards[id] || {}).name || id)
      .join(", ")));
  }
  return board;

  function sled(musher) {
    const node = el("span", `sled seat${musher.seat}`, musher.name);
    node.title = `${musher.name}'s sled`;
    return node;
  }
}
