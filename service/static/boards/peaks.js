// Peaks: the display of three mountain cards (faces from the catalog: continent, elevation, stamina,
// equipment and experience needed, the rewards of each side, green ones marked), the decks, the climb
// under way, and each player's mat: stamina, level and experience, equipment, the three actions with
// their dials, tiles and bonus tokens, flags by continent, summits and companions.

import { el } from "./elements.js";

function mountainCard(id, catalog) {
  const face = (catalog.mountains || {})[id];
  const card = el("div", `mountain-card ${face ? face.continent : ""}`);
  if (!face) { card.append(el("span", "card-name", id)); return card; }
  card.title = id;
  card.append(el("strong", "card-name", face.name),
    el("span", "", `${(catalog.continents[face.continent] || {}).name || face.continent}, ${face.elevation_m} m, deck ${face.deck}`),
    el("span", "", `stamina ${face.stamina}` + (face.experience ? `, experience ${face.experience}` : "") +
      (face.equipment.length ? `, ${face.equipment.map((kind) => (catalog.equipment[kind] || {}).name || kind).join(", ")}` : "") +
      (face.acclimatisation ? ", acclimatise" : "")));
  const sides = el("div", "sides");
  for (const side of ["left", "right"]) {
    const list = el("ul", `side ${side}`);
    list.setAttribute("aria-label", `${side} side rewards`);
    for (const reward of face[side]) {
      list.append(el("li", reward.green ? "green" : "", ((catalog.rewards || {})[reward.reward] || {}).name || reward.reward));
    }
    sides.append(list);
  }
  card.append(sides);
  return card;
}

export function draw(view, catalog) {
  const board = el("div", "board peaks");
  const name = (seat) => view.players[seat].name;
  board.append(el("p", "status", `${view.phase}, turn ${view.turn}` +
    (view.current === null || view.phase === "over" ? "" : `, ${name(view.current)} to play`) + (view.action ? ` (${view.action})` : "") +
    (view.step ? `: ${view.step.prompt}` : "") +
    (view.step && view.step.rewards ? ` (${Object.entries(view.step.rewards).map(([kind, count]) => `${count} ${kind.replace("_", " ")}`).join(", ")})` : "") +
    (view.step && view.step.missing ? ` (missing: ${view.step.missing.join(", ")})` : "")));
  const display = el("div", "display");
  display.setAttribute("aria-label", "The display");
  for (const id of view.display) display.append(mountainCard(id, catalog));
  board.append(display);
  board.append(el("p", "", `Decks: A ${view.decks.A}, B ${view.decks.B}, companions ${view.decks.companions}, ` +
    `bonus ${view.decks.bonus}; the display refills from ${view.decks.refills_display}`));
  if (view.climb) {
    const climb = el("div", "climb");
    climb.append(el("h3", "", `${name(view.climb.climber)} climbs (${view.climb.side} side), with ` +
      (view.climb.party.map((member) => name(member.seat)).join(", ") || "nobody") +
      ((view.climb.backing || []).length ? `; paid for by ${view.climb.backing.map((b) => `${name(b.seat)} (${b.equipment.join(", ")})`).join(", ")}` : "")));
    climb.append(mountainCard(view.climb.mountain, catalog));
    board.append(climb);
  }
  for (const player of view.players) {
    const mat = el("section", `mat seat${player.seat}${player.seat === view.current ? " current" : ""}`);
    mat.setAttribute("aria-label", `${player.name}'s mat`);
    mat.append(el("h3", "", `${player.name}, in ${(catalog.continents[player.continent] || {}).name || player.continent}`));
    const dials = el("p", "dials");
    const gauge = (label, value, max) => {
      const meter = el("meter");
      Object.assign(meter, { min: 0, max, value });
      const box = el("label", "", `${label} ${value} `);
      box.append(meter);
      return box;
    };
    const mats = (catalog.mats || {}).player || { stamina_max: 20, stamina_level_max: 20, experience_max: 15 };
    dials.append(gauge("stamina", player.stamina, mats.stamina_max),
      gauge("stamina level", player.stamina_level, mats.stamina_level_max),
      gauge("experience", player.experience, mats.experience_max));
    mat.append(dials);
    mat.append(el("p", "", "Equipment: " + Object.entries(player.equipment)
      .map(([kind, count]) => `${(catalog.equipment[kind] || {}).name || kind} ${count}`).join(", ")));
    const actions = el("table", "actions");
    const head = el("tr");
    for (const title of ["action", "dial", "tiles slid up", "bonus tokens"]) head.append(el("th", "", title));
    actions.append(head);
    for (const action of ["rest", "prepare", "climb"]) {
      // the dial's turns and the tiles slid up index the action's printed dial and tiles (catalog `actions`)
      const printed = (catalog.actions || {})[action] || { dial: [], tiles: [] };
      const dial = printed.dial[player.dials[action]];
      const row = el("tr");
      row.append(el("th", "", printed.name || action),
        el("td", "", dial === undefined ? String(player.dials[action]) : `${dial} (${printed.dial_meaning})`),
        el("td", "", printed.tiles.slice(0, player.tiles[action]).map((tile) => tile.effect).join("; ") || "none"),
        el("td", "", String(player.tokens[action])));
      actions.append(row);
    }
    mat.append(actions);
    const flags = el("p", "flags", `Flags (${player.flags_placed} placed): `);
    for (const [continent, count] of Object.entries(player.flags)) {
      if (count) flags.append(el("span", "flag", `\u2691 ${(catalog.continents[continent] || {}).name || continent} ${count}`));
    }
    mat.append(flags);
    mat.append(el("p", "", "Summits: " + (player.mountains.map((id) => ((catalog.mountains || {})[id] || {}).name || id)
      .join(", ") || "none")));
    mat.append(el("p", "", "Companions: " + (player.companions.map((one) =>
      `${((catalog.companions || {})[one.companion] || {}).name || one.companion} (${one.uses} uses)`).join(", ") || "none") +
      `; bonus cards in hand: ${player.bonus_cards_in_hand}` + (player.bonus_cards && player.bonus_cards.length ?
      ` (${player.bonus_cards.map((id) => ((catalog.bonus_cards || {})[id] || {}).name || id).join(", ")})` : "")));
    board.append(mat);
  }
  return board;
}
