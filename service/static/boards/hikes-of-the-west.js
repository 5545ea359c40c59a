// Hikes of the West, drawn in SVG: the three location cards (each with its par, the dice on it and its score,
// their hiking order once planned), the totals (the score so far against the total par, the sum of the
// three), then on a hike the pyramid of five path cards with the chosen route marked, the trail (terrains,
// dice placed, the rest stop, the hiker) and the dice: free, saved as stamina, and in hand to be rolled.
// Targets (data-target): `location:<id>` (PlanHikes: the three in hiking order; RideToTop), `path:<slot>`
// (ChoosePath, ChooseTurnedPath), `free:<face>` and `stamina:<face>` (a die: Cover, SaveStamina), `save`
// (the stamina box: SaveStamina), `spot:<n>` (the trail's spot n, 0 the trail head: Cover, Rest), `roll`
// (the dice in hand: Roll).

import { boardStyle, el, layout, svgDie, svgEl, svgRoot, svgNameTargets, svgTarget, svgText, svgWrap } from "./elements.js";

//: the viewBox's width: 780 on a wide board; 380 on a narrow one (a phone), where the location cards are stacked,
//: the path cards two to a row, the trail five spots to a row and the dice boxes one under another, so that the
//: text is drawn at about its size in pixels
let WIDTH = 780;
let narrow = false;
const ORDINAL = ["1st", "2nd", "3rd"];

function locations(view, first) {
  // three cards in a row (247 by 150), or stacked (368 wide) on a narrow board
  const group = svgEl("g", { class: "locations" });
  let top = first;
  view.locations.forEach((spot, n) => {
    const [x, w] = narrow ? [6, 368] : [10 + n * 257, 247];
    const name = svgWrap(spot.name, narrow ? 30 : 18);
    const height = narrow ? 124 + (name.length - 1) * 23 : 150;
    const card = svgEl("g", { class: `location ${spot.status.replace(/ /g, "-")}` });
    svgTarget(card, `location:${spot.id}`, `${spot.name}: par ${spot.par}, scored ${spot.score}, ${spot.status}`);
    card.append(svgEl("title", {}, `${spot.name}: ${spot.rule}`));
    card.append(svgEl("rect", { x, y: top, width: w, height, rx: 10, class: "card" }));
    card.append(svgText(x + 12, top + 26, name, { "font-size": 20, class: "name" }));
    if (spot.order !== null && spot.order !== undefined) {
      card.append(svgText(x + w - 12, top + height - 10, `${ORDINAL[spot.order]} hike`, { "font-size": 15,
        "text-anchor": "end", class: "order" }));
    }
    const below = top + 30 + name.length * 23;
    card.append(svgText(x + 12, below, `Par ${spot.par}`, { "font-size": 20, class: "par" }),
      svgText(x + w - 12, below, `scored ${spot.score}`, { "font-size": 18, "text-anchor": "end", class: "score" }));
    spot.dice.forEach((pips, d) => card.append(svgDie(x + 12 + d * 36, below + 12, 30, pips)));
    card.append(svgText(x + 12, top + height - 10, spot.status, { "font-size": 14, class: "status" }));
    group.append(card);
    if (narrow) top += height + 8;
  });
  return [group, narrow ? top - 8 : first + 150];
}

function totals(view, top) {
  const pars = view.locations.map((spot) => spot.par).join(" + ");
  const over = view.score - view.par;
  const line = `Total score ${view.score} (the dice on the location cards) against the total par ${view.par}` +
    ` (${pars})` + (view.finished ? (over <= 0 ? ": par made" : `: ${over} over par`) : "");
  const lines = svgWrap(line, narrow ? 33 : 70);
  const status = svgWrap(view.status, narrow ? 38 : 76);
  return [svgEl("g", { class: "totals" }, svgText(12, top, lines, { "font-size": 19 }),
    svgText(12, top + lines.length * 22 + 4, status, { "font-size": 17, class: "status" })),
  top + lines.length * 22 + 4 + status.length * 20];
}

function pyramid(hike, catalog, top) {
  const named = (id) => ((catalog.cards || {})[id] || {}).name || id.replace(/-/g, " ");
  const group = svgEl("g", { class: "pyramid" });
  // two cards over three; on a narrow board two to a row (180 wide), the fifth card centred under them
  const w = narrow ? 180 : 247;
  const place = (slot) => narrow ? [slot === 4 ? 100 : 8 + (slot % 2) * 188, top + Math.floor(slot / 2) * 126] :
    slot < 2 ? [135 + slot * 260, top] : [10 + (slot - 2) * 257, top + 130];
  for (const card of hike.layout) {
    const [x, y] = place(card.slot);
    const leg = hike.route.indexOf(card.slot);
    const turned = hike.turned.includes(card.slot);
    const shown = turned ? [...card.terrains].reverse() : card.terrains;
    const node = svgEl("g", { class: `path-card${leg >= 0 ? " on-route" : ""}` });
    svgTarget(node, `path:${card.slot}`, `the ${card.place} path card, ${named(card.card)}: ` +
      shown.join("-") + (leg >= 0 ? `, leg ${leg + 1} of the route` : ""));
    node.append(svgEl("rect", { x, y, width: w, height: 118, rx: 8, class: "card" }));
    node.append(svgText(x + 10, y + 20, card.place, { "font-size": 14, class: "place" }),
      svgText(x + 10, y + 42, named(card.card), { "font-size": Math.max(13, Math.min(17, (w - 20) / (named(card.card).length * 0.56))),
        class: "name" }));
    if (leg >= 0) {
      // top right; at the foot of a narrow card, beside the way it is hiked, clear of its place
      node.append(svgText(x + w - 10, narrow ? y + 112 : y + 20, `leg ${leg + 1}` + (turned ? ", turned" : ""), { "font-size": 14,
        "text-anchor": "end", class: "leg" }));
    }
    const step = Math.min(38, (w - 16) / Math.max(shown.length, 1));
    shown.forEach((terrain, n) => {
      node.append(svgEl("rect", { x: x + 10 + n * step, y: y + 58, width: 32, height: 40, rx: 4, class: "terrain" }),
        svgText(x + 26 + n * step, y + 85, String(terrain), { "font-size": 20, "text-anchor": "middle" }));
    });
    if (leg >= 0) node.append(svgText(x + 10, y + 112, turned ? `\u2190 ${narrow ? "" : "hiked turned end for end"}` : narrow ? "\u2192" : "hiked as printed \u2192", { "font-size": 12, class: "place" }));
    group.append(node);
  }
  return [group, narrow ? top + 378 : top + 266];
}

function trail(hike, top) {
  const group = svgEl("g", { class: "trail", "aria-label": "The trail" });
  const [across, step, w] = narrow ? [5, 74, 68] : [13, 59.5, 54];  // spots to a row, apart, wide
  const at = (n) => [6 + (n % across) * step, top + Math.floor(n / across) * 92];
  const head = svgEl("g", { class: "trail-head" });
  const [hx, hy] = at(0);
  svgTarget(head, "spot:0", "the trail head");
  head.append(svgEl("rect", { x: hx, y: hy, width: w, height: 84, rx: 6, class: "spot-box" }),
    svgText(hx + w / 2, hy + 18, "start", { "font-size": 13, "text-anchor": "middle" }));
  if (hike.rest_stop && hike.rest_stop.position === 0) head.append(svgDie(hx + (w - 40) / 2, hy + 26, 40, hike.rest_stop.die, "die rest"));
  group.append(head);
  for (let n = 1; n <= hike.trail_length; n++) {
    const [x, y] = at(n);
    const terrain = hike.trail[n - 1];
    if (terrain === undefined) {
      group.append(svgEl("rect", { x, y, width: w, height: 84, rx: 6, class: "spot-later" }));
      continue;
    }
    const behind = hike.rest_stop && n < hike.rest_stop.position;
    const spot = svgEl("g", { class: `spot${n === hike.position ? " here" : ""}${behind ? " behind" : ""}` });
    svgTarget(spot, `spot:${n}`, `spot ${n} of ${hike.trail_length}, terrain ${terrain}`);
    spot.append(svgEl("rect", { x, y, width: w, height: 84, rx: 6, class: "spot-box" }),
      svgText(x + w / 2, y + 17, `terrain ${terrain}`, { "font-size": narrow ? 12 : 11, "text-anchor": "middle" }));
    const placed = hike.path_dice.find((d) => d.position === n);
    if (placed) spot.append(svgDie(x + (w - 40) / 2, y + 26, 40, placed.die, placed.stamina ? "die stamina" : "die"));
    else if (hike.rest_stop && hike.rest_stop.position === n) spot.append(svgDie(x + (w - 40) / 2, y + 26, 40, hike.rest_stop.die, "die rest"));
    else spot.append(svgText(x + w / 2, y + 58, String(terrain), { "font-size": 26, "text-anchor": "middle", class: "terrain-big" }));
    group.append(spot);
  }
  const [px, py] = at(hike.position);
  group.append(svgEl("g", { class: "hiker" }, svgEl("title", {}, "the hiker"),
    svgEl("circle", { cx: px + w / 2, cy: py + 76, r: 7, class: "hiker-token" })));
  return [group, top + Math.ceil((hike.trail_length + 1) / across) * 92];
}

function dice(hike, top) {
  // the free dice; the stamina box and the dice in hand beside them, or under them on a narrow board; a legend
  const group = svgEl("g", { class: "dice-area" });
  const free = svgEl("g", { class: "free" }, svgText(12, top + 18, "Free dice", { "font-size": 16 }));
  const seen = new Set();
  hike.free_dice.forEach((pips, n) => {
    const face = svgDie(12 + n * 52, top + 28, 44, pips);
    if (!seen.has(pips)) svgTarget(face, `free:${pips}`, `a free die showing ${pips}`);
    seen.add(pips);
    free.append(face);
  });
  if (!hike.free_dice.length) free.append(svgText(12, top + 56, "none", { "font-size": 15 }));
  const [bx, by, bw] = narrow ? [6, top + 90, 368] : [330, top, 220];
  const box = svgEl("g", { class: "stamina-box" });
  svgTarget(box, "save", "the stamina dice (save a die here)");
  box.append(svgEl("rect", { x: bx, y: by, width: bw, height: 82, rx: 8, class: "box" }),
    svgText(bx + 10, by + 18, `Stamina (${hike.stamina_limit} after a rest)`, { "font-size": 15 }));
  group.append(free, box);
  const stamina = new Set();
  hike.stamina.forEach((pips, n) => {
    const face = svgDie(bx + 10 + n * 52, by + 28, 44, pips, "die stamina");
    if (!stamina.has(pips)) svgTarget(face, `stamina:${pips}`, `a stamina die showing ${pips}`);
    stamina.add(pips);
    group.append(face);
  });
  const [cx, cy, cw] = narrow ? [6, top + 180, 368] : [566, top, 204];
  const cup = svgEl("g", { class: "in-hand" });
  svgTarget(cup, "roll", `${hike.dice_in_hand} dice in hand to roll`);
  cup.append(svgEl("rect", { x: cx, y: cy, width: cw, height: 82, rx: 8, class: "box" }),
    svgText(cx + 10, cy + 18, "In hand, to roll", { "font-size": 15 }),
    svgText(cx + 10, cy + 62, `${hike.dice_in_hand} ${hike.dice_in_hand === 1 ? "die" : "dice"}`, { "font-size": 26 }));
  group.append(cup);
  const key = svgEl("g", { class: "legend", "aria-label": "What the dice colours mean" });
  const kinds = [["die", "die placed"], ["die stamina", "stamina die"], ["die rest", "rest die (rest stop)"], ["hiker", "the hiker"]];
  const ky = narrow ? top + 272 : top + 94;
  kinds.forEach(([kind, words], n) => {
    const [x, y] = narrow ? [12 + (n % 2) * 178, ky + Math.floor(n / 2) * 28] : [[12, 140, 280, 470][n], ky];
    key.append(kind === "hiker" ? svgEl("circle", { cx: x + 10, cy: y + 10, r: 7, class: "hiker-token" }) :
      svgDie(x, y, 20, 3, kind), svgText(x + 26, y + 15, words, { "font-size": 14 }));
  });
  group.append(key);
  return [group, narrow ? ky + 58 : ky + 28];
}

export function draw(view, catalog = {}) {
  boardStyle("hikes-of-the-west");
  narrow = layout() === "narrow";
  WIDTH = narrow ? 380 : 780;
  const board = el("div", "board hotw");
  board.dataset.layout = narrow ? "narrow" : "wide";
  const hike = view.hike;
  const svg = svgRoot(WIDTH, 310, `hotw-board ${narrow ? "narrow" : "wide"}`, "The Hikes of the West table");
  const [cards, afterCards] = locations(view, 8);
  svg.append(cards);
  const [summary, below] = totals(view, afterCards + 28);
  svg.append(summary);
  if (hike) {
    const title = svgWrap(`Hiking ${hike.name}: at spot ${hike.position} of ${hike.trail_length}` +
      (hike.next_terrain ? `, next terrain ${hike.next_terrain}` : ""), narrow ? 32 : 80);
    const top = below + 24;
    svg.append(svgText(12, top, title, { "font-size": 19, class: "name" }));
    const [cardsOfPath, afterPyramid] = pyramid(hike, catalog, top + 14 + (title.length - 1) * 22);
    const [path, after] = trail(hike, afterPyramid + 14);
    const [dicePart, end] = dice(hike, after + 4);
    svg.append(cardsOfPath, path, dicePart);
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${end + 4}`);
  } else {
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${below + 10}`);
  }
  board.append(svg);
  return svgNameTargets(board);
}

/** The board components an action names, in the order they are clicked (issue 33's contract). */
export function targets(action, view) {
  const args = action.args || {};
  const hike = view.hike;
  switch (action.type) {
    case "PlanHikes": return args.order.map((id) => `location:${id}`);
    case "RideToTop": return view.current_location ? [`location:${view.current_location}`] : [];
    case "ChoosePath": case "ChooseTurnedPath": return [`path:${args.slot}`];
    case "Roll": return ["roll"];
    case "SaveStamina": return [`free:${args.die}`, "save"];
    case "Cover": return hike ? [`${args.stamina ? "stamina" : "free"}:${args.die}`, `spot:${hike.position + 1}`] : [];
    case "Rest": return hike ? [`spot:${hike.position}`] : [];
    default: return [];
  }
}
