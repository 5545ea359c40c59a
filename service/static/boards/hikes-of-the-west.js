// Hikes of the West, drawn in SVG: the three location cards (each with its par, the dice on it and its score,
// their hiking order once planned), the totals (the score so far against the total par, the sum of the
// three), then on a hike the pyramid of five path cards with the chosen route marked, the trail (terrains,
// dice placed, the rest stop, the hiker) and the dice: free, saved as stamina, and in hand to be rolled.
// Targets (data-target): `location:<id>` (PlanHikes: the three in hiking order; RideToTop), `path:<slot>`
// (ChoosePath, ChooseTurnedPath), `free:<face>` and `stamina:<face>` (a die: Cover, SaveStamina), `save`
// (the stamina box: SaveStamina), `spot:<n>` (the trail's spot n, 0 the trail head: Cover, Rest), `roll`
// (the dice in hand: Roll).

import { boardStyle, el, svgDie, svgEl, svgRoot, svgNameTargets, svgTarget, svgText, svgWrap } from "./elements.js";

const WIDTH = 780;
const ORDINAL = ["1st", "2nd", "3rd"];

function locations(view, top) {
  const group = svgEl("g", { class: "locations" });
  view.locations.forEach((spot, n) => {
    const x = 10 + n * 257;
    const card = svgEl("g", { class: `location ${spot.status.replace(/ /g, "-")}` });
    svgTarget(card, `location:${spot.id}`, `${spot.name}: par ${spot.par}, scored ${spot.score}, ${spot.status}`);
    card.append(svgEl("title", {}, `${spot.name}: ${spot.rule}`));
    card.append(svgEl("rect", { x, y: top, width: 247, height: 150, rx: 10, class: "card" }));
    const name = svgWrap(spot.name, 18);
    card.append(svgText(x + 12, top + 26, name, { "font-size": 20, class: "name" }));
    if (spot.order !== null && spot.order !== undefined) {
      card.append(svgText(x + 235, top + 140, `${ORDINAL[spot.order]} hike`, { "font-size": 15,
        "text-anchor": "end", class: "order" }));
    }
    const below = top + 30 + name.length * 23;
    card.append(svgText(x + 12, below, `Par ${spot.par}`, { "font-size": 20, class: "par" }),
      svgText(x + 235, below, `scored ${spot.score}`, { "font-size": 18, "text-anchor": "end", class: "score" }));
    spot.dice.forEach((pips, d) => card.append(svgDie(x + 12 + d * 36, below + 12, 30, pips)));
    card.append(svgText(x + 12, top + 140, spot.status, { "font-size": 14, class: "status" }));
    group.append(card);
  });
  return group;
}

function totals(view, top) {
  const pars = view.locations.map((spot) => spot.par).join(" + ");
  const over = view.score - view.par;
  const line = `Total score ${view.score} (the dice on the location cards) against the total par ${view.par}` +
    ` (${pars})` + (view.finished ? (over <= 0 ? ": par made" : `: ${over} over par`) : "");
  const lines = svgWrap(line, 70);
  return [svgEl("g", { class: "totals" }, svgText(12, top, lines, { "font-size": 19 }),
    svgText(12, top + lines.length * 22 + 4, svgWrap(view.status, 76), { "font-size": 17, class: "status" })),
  top + lines.length * 22 + 4 + svgWrap(view.status, 76).length * 20];
}

function pyramid(hike, catalog, top) {
  const named = (id) => ((catalog.cards || {})[id] || {}).name || id.replace(/-/g, " ");
  const group = svgEl("g", { class: "pyramid" });
  const place = (slot) => slot < 2 ? [135 + slot * 260, top] : [10 + (slot - 2) * 257, top + 130];
  for (const card of hike.layout) {
    const [x, y] = place(card.slot);
    const leg = hike.route.indexOf(card.slot);
    const turned = hike.turned.includes(card.slot);
    const shown = turned ? [...card.terrains].reverse() : card.terrains;
    const node = svgEl("g", { class: `path-card${leg >= 0 ? " on-route" : ""}` });
    svgTarget(node, `path:${card.slot}`, `the ${card.place} path card, ${named(card.card)}: ` +
      shown.join("-") + (leg >= 0 ? `, leg ${leg + 1} of the route` : ""));
    node.append(svgEl("rect", { x, y, width: 247, height: 118, rx: 8, class: "card" }));
    node.append(svgText(x + 10, y + 20, card.place, { "font-size": 14, class: "place" }),
      svgText(x + 10, y + 42, named(card.card), { "font-size": 17, class: "name" }));
    if (leg >= 0) {
      node.append(svgText(x + 237, y + 20, `leg ${leg + 1}` + (turned ? ", turned" : ""), { "font-size": 14,
        "text-anchor": "end", class: "leg" }));
    }
    shown.forEach((terrain, n) => {
      node.append(svgEl("rect", { x: x + 10 + n * 38, y: y + 58, width: 32, height: 40, rx: 4, class: "terrain" }),
        svgText(x + 26 + n * 38, y + 85, String(terrain), { "font-size": 20, "text-anchor": "middle" }));
    });
    if (leg >= 0) node.append(svgText(x + 10, y + 112, turned ? "\u2190 hiked turned end for end" : "hiked as printed \u2192", { "font-size": 12, class: "place" }));
    group.append(node);
  }
  return group;
}

function trail(hike, top) {
  const group = svgEl("g", { class: "trail", "aria-label": "The trail" });
  const across = 13;
  const at = (n) => [6 + (n % across) * 59.5, top + Math.floor(n / across) * 92];
  const head = svgEl("g", { class: "trail-head" });
  const [hx, hy] = at(0);
  svgTarget(head, "spot:0", "the trail head");
  head.append(svgEl("rect", { x: hx, y: hy, width: 54, height: 84, rx: 6, class: "spot-box" }),
    svgText(hx + 27, hy + 18, "start", { "font-size": 13, "text-anchor": "middle" }));
  if (hike.rest_stop && hike.rest_stop.position === 0) head.append(svgDie(hx + 7, hy + 26, 40, hike.rest_stop.die, "die rest"));
  group.append(head);
  for (let n = 1; n <= hike.trail_length; n++) {
    const [x, y] = at(n);
    const terrain = hike.trail[n - 1];
    if (terrain === undefined) {
      group.append(svgEl("rect", { x, y, width: 54, height: 84, rx: 6, class: "spot-later" }));
      continue;
    }
    const behind = hike.rest_stop && n < hike.rest_stop.position;
    const spot = svgEl("g", { class: `spot${n === hike.position ? " here" : ""}${behind ? " behind" : ""}` });
    svgTarget(spot, `spot:${n}`, `spot ${n} of ${hike.trail_length}, terrain ${terrain}`);
    spot.append(svgEl("rect", { x, y, width: 54, height: 84, rx: 6, class: "spot-box" }),
      svgText(x + 27, y + 17, `terrain ${terrain}`, { "font-size": 11, "text-anchor": "middle" }));
    const placed = hike.path_dice.find((d) => d.position === n);
    if (placed) spot.append(svgDie(x + 7, y + 26, 40, placed.die, placed.stamina ? "die stamina" : "die"));
    else if (hike.rest_stop && hike.rest_stop.position === n) spot.append(svgDie(x + 7, y + 26, 40, hike.rest_stop.die, "die rest"));
    else spot.append(svgText(x + 27, y + 58, String(terrain), { "font-size": 26, "text-anchor": "middle", class: "terrain-big" }));
    group.append(spot);
  }
  const [px, py] = at(hike.position);
  group.append(svgEl("g", { class: "hiker" }, svgEl("title", {}, "the hiker"),
    svgEl("circle", { cx: px + 27, cy: py + 76, r: 7, class: "hiker-token" })));
  return [group, top + Math.ceil((hike.trail_length + 1) / across) * 92];
}

function dice(hike, top) {
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
  const box = svgEl("g", { class: "stamina-box" });
  svgTarget(box, "save", "the stamina dice (save a die here)");
  box.append(svgEl("rect", { x: 330, y: top, width: 220, height: 82, rx: 8, class: "box" }),
    svgText(340, top + 18, `Stamina (${hike.stamina_limit} after a rest)`, { "font-size": 15 }));
  group.append(free, box);
  const stamina = new Set();
  hike.stamina.forEach((pips, n) => {
    const face = svgDie(340 + n * 52, top + 28, 44, pips, "die stamina");
    if (!stamina.has(pips)) svgTarget(face, `stamina:${pips}`, `a stamina die showing ${pips}`);
    stamina.add(pips);
    group.append(face);
  });
  const cup = svgEl("g", { class: "in-hand" });
  svgTarget(cup, "roll", `${hike.dice_in_hand} dice in hand to roll`);
  cup.append(svgEl("rect", { x: 566, y: top, width: 204, height: 82, rx: 8, class: "box" }),
    svgText(576, top + 18, "In hand, to roll", { "font-size": 15 }),
    svgText(576, top + 62, `${hike.dice_in_hand} ${hike.dice_in_hand === 1 ? "die" : "dice"}`, { "font-size": 26 }));
  group.append(cup);
  const key = svgEl("g", { class: "legend", "aria-label": "What the dice colours mean" });
  key.append(svgDie(12, top + 94, 20, 3), svgText(38, top + 109, "die placed", { "font-size": 14 }),
    svgDie(140, top + 94, 20, 3, "die stamina"), svgText(166, top + 109, "stamina die", { "font-size": 14 }),
    svgDie(280, top + 94, 20, 3, "die rest"), svgText(306, top + 109, "rest die (rest stop)", { "font-size": 14 }),
    svgEl("circle", { cx: 470, cy: top + 104, r: 7, class: "hiker-token" }), svgText(484, top + 109, "the hiker", { "font-size": 14 }));
  group.append(key);
  return group;
}

export function draw(view, catalog = {}) {
  boardStyle("hikes-of-the-west");
  const board = el("div", "board hotw");
  const hike = view.hike;
  const svg = svgRoot(WIDTH, 310, "hotw-board", "The Hikes of the West table");
  svg.append(locations(view, 8));
  const [summary, below] = totals(view, 186);
  svg.append(summary);
  if (hike) {
    const top = below + 24;
    svg.append(svgText(12, top, `Hiking ${hike.name}: at spot ${hike.position} of ${hike.trail_length}` +
      (hike.next_terrain ? `, next terrain ${hike.next_terrain}` : ""), { "font-size": 19, class: "name" }));
    svg.append(pyramid(hike, catalog, top + 14));
    const [path, after] = trail(hike, top + 280);
    svg.append(path, dice(hike, after + 4));
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${after + 126}`);
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
