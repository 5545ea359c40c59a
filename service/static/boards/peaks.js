// Peaks, drawn in SVG: the status and what the step asks, a legend of the icons, the continents with the
// characters in seat colours, the display of three mountain cards (cost: stamina, experience, equipment,
// acclimatisation; the rewards of each side as icons, those lost to danger underlined in green) beside the
// decks and the equipment supply, the climb under way, and each player's compact mat: stamina, stamina level
// and experience as bars, equipment, companions, bonus cards, the three actions (dial, tiles, bonus tokens),
// flags by continent and the mountains held (each side of a card clickable to climb it).
// Targets (data-target): `continent:<id>` (PlaceCharacter, Travel), `display:<slot>`, `deck:A`, `deck:B`
// (GainMountain), `equipment:<kind>` (the supply: GainEquipment), `climb:<mountain>:<side>` (Climb),
// `reward:<kind>` (GainReward), `companion:<id>` (KeepCompanion), `bonus-card:<id>` (DiscardBonusCard), and on
// a mat `action:<seat>:<action>` (Rest, Prepare), `dial:<seat>:<action>` and `tile:<seat>:<action>`
// (UpgradeAction), `tokens:<seat>:<action>` (ClaimActionBonus).

import { boardStyle, el, layout, seatColour, svgEl, svgRoot, svgNameTargets, svgTarget, svgText, svgWrap } from "./elements.js";

//: the viewBox's width: 780 on a wide board, 380 on a narrow one (a phone), where the display, the mats' gauges,
//: actions and mountains are stacked in more rows so that the text is drawn at about its size in pixels
let WIDTH = 780;
let narrow = false;
let SMALL = 11;  // the smallest text's size (12 when narrow)
const EQUIPMENT = ["camping", "ice_axe", "rope"];
const ACTIONS = ["rest", "prepare", "climb"];
const WORDS = { stamina: "stamina", stamina_level: "stamina level", experience: "experience", flag: "flag",
  bonus: "bonus card", companion: "companion", upgrade: "upgrade", camping: "camping equipment",
  ice_axe: "ice axe", rope: "rope", acclimatisation: "acclimatise first" };
let lastCatalog = {};  // the catalog of the last board drawn: targets() reads the action bonuses from it

/** An icon of `kind` (a reward, an equipment type, stamina, acclimatisation) centred at (x, y), `s` across. */
function icon(kind, x, y, s = 22) {
  const g = svgEl("g", { class: `icon icon-${kind}` }, svgEl("title", {}, WORDS[kind] || kind));
  const h = s / 2;
  const heart = `M${x} ${y + 0.4 * s}L${x - 0.46 * s} ${y - 0.05 * s}A${0.24 * s} ${0.24 * s} 0 0 1 ${x} ${y - 0.3 * s}` +
    `A${0.24 * s} ${0.24 * s} 0 0 1 ${x + 0.46 * s} ${y - 0.05 * s}Z`;
  if (kind === "stamina") g.append(svgEl("path", { d: heart, class: "fill" }));
  else if (kind === "stamina_level") {
    g.append(svgEl("path", { d: heart, class: "fill" }),
      svgEl("path", { d: `M${x} ${y - 0.2 * s}l${0.2 * s} ${0.28 * s}h${-0.4 * s}z`, class: "mark" }));
  } else if (kind === "experience") {
    const points = [];
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? 0.22 * s : 0.5 * s;
      const a = Math.PI * (i / 5 - 0.5);
      points.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
    }
    g.append(svgEl("polygon", { points: points.join(" "), class: "fill" }));
  } else if (kind === "flag") {
    g.append(svgEl("path", { d: `M${x - 0.3 * s} ${y + h}V${y - h}`, class: "stroke" }),
      svgEl("path", { d: `M${x - 0.3 * s} ${y - h}l${0.7 * s} ${0.22 * s}l${-0.7 * s} ${0.22 * s}z`, class: "fill" }));
  } else if (kind === "bonus") {
    g.append(svgEl("rect", { x: x - 0.35 * s, y: y - h, width: 0.7 * s, height: s, rx: 2, class: "fill" }),
      svgText(x, y + 0.25 * s, "B", { "font-size": 0.6 * s, "text-anchor": "middle", class: "mark-text" }));
  } else if (kind === "companion") {
    g.append(svgEl("circle", { cx: x, cy: y - 0.22 * s, r: 0.2 * s, class: "fill" }),
      svgEl("path", { d: `M${x - 0.4 * s} ${y + h}a${0.4 * s} ${0.45 * s} 0 0 1 ${0.8 * s} 0z`, class: "fill" }));
  } else if (kind === "upgrade") {
    g.append(svgEl("circle", { cx: x, cy: y, r: h, class: "fill" }),
      svgEl("path", { d: `M${x} ${y - 0.32 * s}l${0.26 * s} ${0.3 * s}h${-0.16 * s}v${0.3 * s}h${-0.2 * s}` +
        `v${-0.3 * s}h${-0.16 * s}z`, class: "mark" }));
  } else if (kind === "camping") {
    g.append(svgEl("path", { d: `M${x} ${y - h}L${x + h} ${y + h}H${x - h}z`, class: "fill" }),
      svgEl("path", { d: `M${x} ${y - 0.05 * s}L${x + 0.15 * s} ${y + h}H${x - 0.15 * s}z`, class: "mark" }));
  } else if (kind === "ice_axe") {
    g.append(svgEl("path", { d: `M${x - 0.15 * s} ${y + h}L${x + 0.1 * s} ${y - 0.42 * s}`, class: "stroke shaft" }),
      svgEl("path", { d: `M${x - 0.45 * s} ${y - 0.22 * s}Q${x} ${y - 0.62 * s} ${x + 0.45 * s} ${y - 0.35 * s}`,
        class: "stroke head" }));
  } else if (kind === "rope") {
    g.append(svgEl("circle", { cx: x, cy: y, r: 0.42 * s, class: "stroke" }),
      svgEl("circle", { cx: x, cy: y, r: 0.24 * s, class: "stroke" }));
  } else if (kind === "acclimatisation") {
    g.append(svgEl("path", { d: `M${x - h} ${y + 0.4 * s}L${x} ${y - 0.45 * s}L${x + h} ${y + 0.4 * s}z`, class: "fill" }),
      svgEl("path", { d: `M${x - 0.18 * s} ${y - 0.13 * s}L${x} ${y - 0.45 * s}L${x + 0.18 * s} ${y - 0.13 * s}z`,
        class: "mark" }));
  }
  return g;
}

const name = (table, id) => ((lastCatalog[table] || {})[id] || {}).name || String(id).replace(/[-_]/g, " ");

/** A mountain card at (x, y), `w` wide and 176 high (152 when `climbable`: a mat's, its sides unlabelled,
 * each a Climb target). */
function mountainCard(id, x, y, w, climbable) {
  const face = (lastCatalog.mountains || {})[id];
  const card = svgEl("g", { class: `mountain-card ${face ? face.continent : ""}` }, svgEl("title", {}, name("mountains", id)));
  card.append(svgEl("rect", { x, y, width: w, height: climbable ? 152 : 176, rx: 8, class: "card" }));
  if (!face) return card;
  const longest = Math.max(...face.name.split(/\s+/).map((word) => word.length));
  const size = Math.min(15, (w - 34) / (longest * 0.62));  // the longest word clear of the acclimatisation mark
  card.append(svgText(x + 8, y + 19, svgWrap(face.name, Math.floor(w / 9) - 3).slice(0, 2), { "font-size": size, class: "name" }),
    svgText(x + 8, y + 56, where(face, climbable, w), { "font-size": SMALL, class: "small" }));
  let cx = x + 16;
  for (const [kind, value] of [["stamina", face.stamina], ["experience", face.experience]]) {
    if (!value) continue;
    card.append(icon(kind, cx, y + 76, 18), svgText(cx + 10, y + 82, String(value), { "font-size": 15 }));
    cx += 21 + String(value).length * 8.5;
  }
  for (const kind of face.equipment) { card.append(icon(kind, cx, y + 76, 18)); cx += 20; }
  if (face.acclimatisation) card.append(icon("acclimatisation", x + w - 13, y + 14, 16));
  const half = w / 2;
  for (const [n, side] of ["left", "right"].entries()) {
    const sx = x + n * half;
    const part = svgEl("g", { class: `side ${side}` });
    if (climbable) svgTarget(part, `climb:${id}:${side}`, `climb ${face.name}, ${side} side`);
    part.append(svgEl("rect", { x: sx + 3, y: y + 90, width: half - 6, height: climbable ? 58 : 82, rx: 6, class: "side-box" }));
    if (!climbable) part.append(svgText(sx + 8, y + 105, side, { "font-size": SMALL, class: "small" }));
    face[side].forEach((reward, r) => {
      const rx = sx + 15 + (r % 3) * Math.min(26, (half - 30) / 2);
      const ry = y + (climbable ? 106 : 126) + Math.floor(r / 3) * 26;
      part.append(icon(reward.reward, rx, ry, 19));
      if (reward.green) part.append(svgEl("rect", { x: rx - 9, y: ry + 12, width: 18, height: 3, class: "green" }));
    });
    card.append(part);
  }
  return card;
}

/** A card's continent and elevation, and its deck where the line has room for it. */
function where(face, climbable, w) {
  const line = `${name("continents", face.continent)}, ${face.elevation_m.toLocaleString("en-US")} m`;
  const long = climbable ? line : `${line}, deck ${face.deck}`;
  return long.length * SMALL * 0.56 <= w - 16 ? long : line;
}

function token(x, y, player) {
  return svgEl("g", { class: `character seat${player.seat}` }, svgEl("title", {}, player.name),
    svgEl("circle", { cx: x, cy: y, r: 10, fill: seatColour(player.seat), class: "token" }),
    svgText(x, y + 5, String(player.seat), { "font-size": 14, "text-anchor": "middle", class: "token-text" }));
}

function legend(top) {
  const g = svgEl("g", { class: "legend", "aria-label": "What the icons mean" });
  let x = 12;
  let y = top;
  for (const kind of Object.keys(WORDS)) {
    const width = 34 + WORDS[kind].length * 7.4;
    if (x + width > WIDTH) { x = 12; y += 26; }
    g.append(icon(kind, x + 10, y, 18), svgText(x + 24, y + 5, WORDS[kind], { "font-size": 13 }));
    x += width;
  }
  g.append(svgEl("rect", { x: x + 2, y: y + 4, width: 20, height: 3, class: "green" }),
    svgText(x + 28, y + 6, "lost if the danger die shows danger", { "font-size": 13 }));
  return [g, y + 22];
}

function continents(view, first) {
  const g = svgEl("g", { class: "continents" });
  const ids = Object.keys(lastCatalog.continents || {});
  const across = narrow ? 4 : Math.max(ids.length, 1);
  const w = (WIDTH - 12) / across;
  ids.forEach((id, n) => {
    const x = 6 + (n % across) * w;
    const top = first + Math.floor(n / across) * 72;
    const chip = svgEl("g", { class: "continent" });
    svgTarget(chip, `continent:${id}`, name("continents", id));
    chip.append(svgEl("rect", { x: x + 2, y: top, width: w - 4, height: 66, rx: 6, class: "chip" }),
      svgText(x + w / 2, top + 17, svgWrap(name("continents", id), 10), { "font-size": 13, "text-anchor": "middle" }));
    view.players.filter((player) => player.continent === id)
      .forEach((player, p) => chip.append(token(x + 14 + p * 22, top + 52, player)));
    g.append(chip);
  });
  return [g, first + Math.ceil(ids.length / across) * 72];
}

function row(view, top) {
  const g = svgEl("g", { class: "display", "aria-label": "The display" });
  const [across, w] = narrow ? [2, 184] : [3, 190];
  view.display.forEach((id, slot) => {
    const x = 6 + (slot % across) * (w + 6);
    const y = top + Math.floor(slot / across) * 186;
    if (id === null) { g.append(svgEl("rect", { x, y, width: w, height: 176, rx: 8, class: "empty" })); return; }
    const card = mountainCard(id, x, y, w, false);
    svgTarget(card, `display:${slot}`, `${name("mountains", id)}, in the display`);
    g.append(card);
  });
  // the decks and the supply: right of the display, or beside its third card on a narrow board
  const [sx, sy] = narrow ? [196, top + 186] : [600, top];
  const supply = svgEl("g", { class: "supply" });
  for (const [n, deck] of ["A", "B"].entries()) {
    const pile = svgEl("g", { class: "deck" });
    svgTarget(pile, `deck:${deck}`, `the top of mountain deck ${deck}`);
    pile.append(svgEl("rect", { x: sx + n * 88, y: sy, width: 80, height: 84, rx: 8, class: "card back" }),
      svgText(sx + 40 + n * 88, sy + 36, `deck ${deck}`, { "font-size": 15, "text-anchor": "middle" }),
      svgText(sx + 40 + n * 88, sy + 60, `${view.decks[deck]} left`, { "font-size": 13, "text-anchor": "middle" }));
    supply.append(pile);
  }
  supply.append(svgText(sx, sy + 106, `companions ${view.decks.companions}, bonus ${view.decks.bonus}`, { "font-size": SMALL + 1 }),
    svgText(sx, sy + 124, `refills from deck ${view.decks.refills_display}`, { "font-size": SMALL + 1 }));
  EQUIPMENT.forEach((kind, n) => {
    const item = svgEl("g", { class: "equipment-supply" });
    svgTarget(item, `equipment:${kind}`, `${WORDS[kind]} from the supply`);
    item.append(svgEl("rect", { x: sx + n * 58, y: sy + 134, width: 52, height: 42, rx: 6, class: "chip" }),
      icon(kind, sx + 26 + n * 58, sy + 155, 26));
    supply.append(item);
  });
  g.append(supply);
  return [g, narrow ? top + 362 : top + 176];
}

function step(view, top) {
  // what the step on screen offers to click: the climb's rewards waiting, the companions drawn (beside the words
  // on a wide board, below them on a narrow one)
  const g = svgEl("g", { class: "step" });
  const who = view.step && view.players[view.step.seat] ? view.players[view.step.seat].name : "";
  const chips = (words, items, x0, w, drawn) => {
    g.append(svgText(12, top + 18, words, { "font-size": 15 }));
    const [left, first] = narrow ? [12, top + 28] : [x0, top];
    const across = Math.max(1, Math.floor((WIDTH - left) / w));
    items.forEach((item, n) => g.append(drawn(item, left + (n % across) * w, first + Math.floor(n / across) * 36)));
    return [g, first + Math.ceil(items.length / across) * 36 + 4];
  };
  if (view.step && view.step.rewards) {
    return chips(`Rewards waiting for ${who}:`, Object.entries(view.step.rewards), 230, 90, ([kind, count], x, y) => {
      const chip = svgEl("g", { class: "reward" });
      svgTarget(chip, `reward:${kind}`, `${count} ${WORDS[kind] || kind}`);
      chip.append(svgEl("rect", { x, y, width: 84, height: 30, rx: 6, class: "chip" }),
        icon(kind, x + 18, y + 15, 20), svgText(x + 34, y + 21, `\u00d7 ${count}`, { "font-size": 15 }));
      return chip;
    });
  }
  if (view.step && view.step.cards && view.step.kind === "choose_companion") {
    return chips(`Companions drawn for ${who}:`, view.step.cards, 250, 170, (id, x, y) => {
      const chip = svgEl("g", { class: "companion-drawn" });
      const face = (lastCatalog.companions || {})[id] || {};
      svgTarget(chip, `companion:${id}`, `${name("companions", id)}: ${face.text || ""}`);
      chip.append(svgEl("title", {}, face.text || ""), svgEl("rect", { x, y, width: 160, height: 30, rx: 6, class: "chip" }),
        icon("companion", x + 16, y + 15, 20), svgText(x + 30, y + 21, name("companions", id), { "font-size": 15 }));
      return chip;
    });
  }
  return [g, top];
}

function bar(x, y, label, value, max, kind) {
  return svgEl("g", { class: `gauge ${kind}` }, icon(kind, x + 10, y, 18),
    svgText(x + 24, y + 5, `${label} ${value}`, { "font-size": 14 }),
    svgEl("rect", { x: x + 128, y: y - 6, width: 110, height: 12, rx: 3, class: "bar-back" }),
    svgEl("rect", { x: x + 128, y: y - 6, width: 110 * Math.min(value, max) / max, height: 12, rx: 3, class: "bar" }));
}

/** One of a player's actions (rest, prepare, climb) at (ax, top): its dial, tiles and bonus tokens, 246 wide. */
function actionBox(player, action, ax, top) {
  const printed = (lastCatalog.actions || {})[action] || { dial: [], tiles: [] };
  const box = svgEl("g", { class: "action" });
  svgTarget(box, `action:${player.seat}:${action}`, `${player.name}'s ${action} action`);
  box.append(svgEl("rect", { x: ax, y: top, width: 246, height: 56, rx: 6, class: "chip" }),
    svgText(ax + 8, top + 20, printed.name || action, { "font-size": 15, class: "name" }));
  const dial = svgEl("g", { class: "dial" });
  svgTarget(dial, `dial:${player.seat}:${action}`, `${player.name}'s ${action} dial`);
  const value = printed.dial[player.dials[action]];
  dial.append(svgEl("title", {}, printed.dial_meaning || "dial"), svgEl("circle", { cx: ax + 104, cy: top + 28, r: 18, class: "dial-face" }),
    svgText(ax + 104, top + 34, String(value === undefined ? player.dials[action] : value), { "font-size": 17, "text-anchor": "middle" }));
  const tiles = svgEl("g", { class: "tiles" });
  svgTarget(tiles, `tile:${player.seat}:${action}`, `${player.name}'s ${action} tiles`);
  tiles.append(svgEl("title", {}, printed.tiles.map((tile, t) => `${t < player.tiles[action] ? "up" : "down"}: ${tile.effect}`).join("; ")));
  printed.tiles.forEach((tile, t) => tiles.append(svgEl("rect", { x: ax + 132 + t * 26, y: top + 12,
    width: 22, height: 32, rx: 3, class: t < player.tiles[action] ? "tile up" : "tile" })));
  const tokens = svgEl("g", { class: "tokens" });
  svgTarget(tokens, `tokens:${player.seat}:${action}`, `${player.name}'s bonus tokens on ${action}`);
  tokens.append(svgEl("rect", { x: ax + 188, y: top + 8, width: 52, height: 40, rx: 4, class: "token-box" }));
  for (let k = 0; k < player.tokens[action]; k++) {
    tokens.append(svgEl("circle", { cx: ax + 200 + (k % 3) * 14, cy: top + 28, r: 6, fill: seatColour(player.seat), class: "token" }));
  }
  box.append(dial, tiles, tokens);
  return box;
}

function mat(view, player, top) {
  const g = svgEl("g", { class: `mat seat${player.seat}${player.seat === view.current ? " current" : ""}`,
    "aria-label": `${player.name}'s mat` });
  const box = svgEl("rect", { x: 4, y: top, width: WIDTH - 8, height: 100, rx: 10, class: "mat-box",
    style: `stroke: ${seatColour(player.seat)}` });
  const title = svgWrap(`${player.name}, in ${name("continents", player.continent)}` +
    (player.seat === view.current ? " (to play)" : ""), narrow ? 34 : 80);
  g.append(box, token(22, top + 20, player), svgText(40, top + 26, title, { "font-size": 17, class: "name" }));
  const limits = (lastCatalog.mats || {}).player || { stamina_max: 20, stamina_level_max: 20, experience_max: 15 };
  const gauges = [["stamina", player.stamina, limits.stamina_max, "stamina"],
    ["level", player.stamina_level, limits.stamina_level_max, "stamina_level"],
    ["experience", player.experience, limits.experience_max, "experience"]];
  const high = top + 50 + (title.length - 1) * 20;  // the gauges: in a row, or one under another when narrow
  gauges.forEach(([label, value, max, kind], n) => g.append(narrow ? bar(12, high + n * 24, label, value, max, kind) :
    bar(12 + n * 256, high, label, value, max, kind)));
  // equipment, companions, bonus cards: along a line, onto the next where a narrow board has no room left
  let x = 16;
  let y = high + (narrow ? 2 * 24 + 28 : 28);
  const room = (width) => { if (narrow && x > 16 && x + width > WIDTH - 8) { x = 16; y += 26; } };
  for (const kind of EQUIPMENT) {
    g.append(icon(kind, x + 8, y, 18), svgText(x + 20, y + 5, String(player.equipment[kind] || 0), { "font-size": 14 }));
    x += 44;
  }
  const companions = player.companions.map((one) => `${name("companions", one.companion)} (${one.uses})`).join(", ");
  const who = svgWrap(companions || "no companions", narrow ? 40 : 200);
  room(40 + who[0].length * 7.5);
  g.append(icon("companion", x + 14, y, 18), svgText(x + 26, y + 5, who, { "font-size": 13 }));
  x += 50 + Math.max(...who.map((line) => line.length)) * 7.5;
  if (who.length > 1) { x = WIDTH; y += (who.length - 1) * 15; }
  room(100);
  g.append(icon("bonus", x, y, 18), svgText(x + 12, y + 5, `${player.bonus_cards_in_hand} in hand`, { "font-size": 13 }));
  x += 90;
  for (const id of player.bonus_cards || []) {
    const card = svgEl("g", { class: "bonus-card" });
    const face = (lastCatalog.bonus_cards || {})[id] || {};
    svgTarget(card, `bonus-card:${id}`, `bonus card ${name("bonus_cards", id)}: ${face.text || ""}`);
    const label = name("bonus_cards", id);
    room(18 + label.length * 7);
    card.append(svgEl("title", {}, face.text || label), svgEl("rect", { x, y: y - 11, width: 12 + label.length * 7, height: 22, rx: 4, class: "chip" }),
      svgText(x + 6, y + 5, label, { "font-size": 12 }));
    g.append(card);
    x += 18 + label.length * 7;
  }
  let below = y + 18;
  ACTIONS.forEach((action, n) => g.append(narrow ? actionBox(player, action, 12, below + n * 62) :
    actionBox(player, action, 12 + n * 254, below)));
  below += narrow ? ACTIONS.length * 62 + 4 : 66;
  const flags = Object.entries(player.flags).filter(([, count]) => count);
  const planted = svgWrap(`${player.flags_placed} ${player.flags_placed === 1 ? "flag" : "flags"} placed` +
    (flags.length ? `: ${flags.map(([id, count]) => `${name("continents", id)} ${count}`).join(", ")}` : ""), narrow ? 40 : 100);
  g.append(icon("flag", 22, below + 8, 18), svgText(36, below + 13, planted, { "font-size": 14 }));
  below += 8 + planted.length * 16;
  const [across, w] = narrow ? [2, 180] : [5, 149];
  player.mountains.forEach((id, n) => {
    g.append(mountainCard(id, 8 + (n % across) * (w + 4.5), below + Math.floor(n / across) * 158, w, true));
  });
  below += Math.ceil(player.mountains.length / across) * 158 + 6;
  box.setAttribute("height", below - top);
  return [g, below + 8];
}

export function draw(view, catalog) {
  boardStyle("peaks");
  lastCatalog = catalog || {};
  narrow = layout() === "narrow";
  [WIDTH, SMALL] = narrow ? [380, 12] : [780, 11];
  const board = el("div", "board peaks");
  board.dataset.layout = narrow ? "narrow" : "wide";
  const svg = svgRoot(WIDTH, 400, `peaks-board ${narrow ? "narrow" : "wide"}`, "The Peaks table");
  const whom = (seat) => view.players[seat].name;
  const status = `${view.phase}, turn ${view.turn}` +
    (view.current === null || view.phase === "over" ? "" : `, ${whom(view.current)} to play`) + (view.action ? ` (${view.action})` : "") +
    (view.step ? `: ${view.step.prompt}` : "") + (view.step && view.step.missing ? ` (missing: ${view.step.missing.map((kind) => WORDS[kind] || kind).join(", ")})` : "");
  const lines = svgWrap(status, narrow ? 33 : 70);
  svg.append(svgText(12, 24, lines, { "font-size": 18, class: "status" }));
  let y = 24 + lines.length * 21;
  const [key, afterLegend] = legend(y + 6);
  const [places, afterPlaces] = continents(view, afterLegend + 8);
  svg.append(key, places);
  const [display, afterDisplay] = row(view, afterPlaces + 12);
  svg.append(display);
  const [offered, afterStep] = step(view, afterDisplay + 10);
  svg.append(offered);
  y = afterStep;
  if (view.climb) {
    const climb = view.climb;
    const text = `${whom(climb.climber)} climbs ${name("mountains", climb.mountain)} (${climb.side} side) with ` +
      (climb.party.map((member) => whom(member.seat)).join(", ") || "nobody") +
      ((climb.backing || []).length ? `; paid for by ${climb.backing.map((b) => `${whom(b.seat)} (${b.equipment.map((kind) => WORDS[kind] || kind).join(", ")})`).join(", ")}` : "");
    const wrapped = svgWrap(text, narrow ? 36 : 76);
    svg.append(svgEl("g", { class: "climb" }, svgText(12, y + 18, wrapped, { "font-size": 16 })));
    y += wrapped.length * 19 + 10;
  }
  for (const player of view.players) {
    const [drawn, below] = mat(view, player, y);
    svg.append(drawn);
    y = below;
  }
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${y}`);
  board.append(svg);
  return svgNameTargets(board);
}

/** The board components an action names, in the order they are clicked (issue 33's contract). */
export function targets(action, view) {
  const args = action.args || {};
  const seat = view.you ?? view.current;
  switch (action.type) {
    case "PlaceCharacter": case "Travel": return [`continent:${args.continent}`];
    case "GainMountain": return [args.source === "display" ? `display:${args.slot}` : `deck:${args.source}`];
    case "GainEquipment": return [`equipment:${args.equipment}`];
    case "Climb": return [`climb:${args.mountain}:${args.side}`];
    case "GainReward": return view.step && view.step.rewards ? [`reward:${args.reward}`] : [];
    case "KeepCompanion": return [`companion:${args.companion}`];
    case "DiscardBonusCard": return [`bonus-card:${args.card}`];
    case "Rest": return [`action:${seat}:rest`];
    case "Prepare": return [`action:${seat}:prepare`];
    case "UpgradeAction": return [`${args.part}:${seat}:${args.action}`];
    case "ClaimActionBonus": {
      const action = ACTIONS.find((one) => (((lastCatalog.actions || {})[one] || {}).bonus || [])
        .some((bonus) => bonus.choice === args.choice));
      return action ? [`tokens:${seat}:${action}`] : [];
    }
    default: return [];
  }
}
