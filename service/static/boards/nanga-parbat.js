// Nanga Parbat: drawn in SVG (issue 33). The mountain as the book's pyramid of six regions (1 on top, then
// 2-3, then 4-5-6), each a triangle holding its six sections in the same 1-2-3 pyramid; a section shows its
// animal as an icon, or a hiker or a camp in its seat's colour; the dotted paths join sections across
// regions; each region's yellow flag, the guide's region outlined in gold with the guide beside its flag.
// Then the points chart (3 rows by 5 columns, a claimed square holds its seat's cube) and each seat's score
// and stock: hikers, camps, cubes, the animals ready to activate and those spent; a legend of the animals.
// targets(action, view) names the components an action is built from (keys below: see targets()).

import { boardStyle, el, seatColour, svg, svgNameTargets, title } from "./elements.js";

boardStyle("nanga-parbat");

const seatFill = (seat) => `fill:${seatColour(seat)}`;
const seatStroke = (seat) => `stroke:${seatColour(seat)}`;
const ANIMALS = ["snow_leopard", "tahr", "musk_deer", "yak", "bharal", "red_panda"];
const ROWS = { camps: "Build camps", different: "Different animals", same: "Same animal" };
const S = 126, GAP = 7, H = S * Math.sqrt(3) / 2;  // a region's side and height
const R = 16, D = 34;  // a section's radius and the distance between two sections' centres

/** The keys of the board components `action` names, in click order. Keys: `region:<r>` a region,
 * `section:<r>-<s>` a section, `animal:<seat>-<animal>` a seat's ready animals of that kind (activations
 * begin there), `chart:<row>-<column>` a square of the points chart (row camps, different or same). */
export function targets(action, view) {
  const args = action.args || {};
  const spot = (where) => `section:${where.region}-${where.section}`;
  const animal = (kind) => `animal:${view.active_seat}-${kind}`;
  switch (action.type) {
    case "PlaceGuide": case "RelocateGuide": return [`region:${args.region}`];
    case "TrapAnimal": return [spot(args.spot)];
    case "ActivateSnowLeopard": return [animal("snow_leopard"), spot(args.first), spot(args.second)];
    case "ActivateTahr": return [animal("tahr"), spot(args.hiker), spot(args.animal)];
    case "ActivateMuskDeer": return [animal("musk_deer"), spot(args.first), spot(args.second)];
    case "ActivateYak": return [animal("yak"), `region:${args.region}`];
    case "BuildCamps": return [`chart:camps-${args.column}`, ...args.hikers.map(spot)];
    case "TradeDifferentAnimals": return [`chart:different-${args.column}`];
    case "TradeSameAnimals": return [`chart:same-${args.column}`];
    default: return [];
  }
}

function target(node, key, words) {
  node.setAttribute("data-target", key);
  node.setAttribute("role", "img");  // the page makes it a button while it is legal
  return title(node, words);
}

const name = (catalog, kind) => ((catalog.animals || {})[kind] || {}).name || kind.replace(/_/g, " ");

/** An animal's head, about 26 units across, centred on 0,0. */
export function animalIcon(kind) {
  const eyes = (colour, y = -1, dx = 3.2) => [svg("circle", { cx: -dx, cy: y, r: 1.4, fill: colour }), svg("circle", { cx: dx, cy: y, r: 1.4, fill: colour })];
  const mirror = (d, attrs) => [svg("path", { d, ...attrs }), svg("path", { d, ...attrs, transform: "scale(-1 1)" })];
  const outline = { stroke: "#222", "stroke-width": 1 };
  const parts = {
    snow_leopard: [...mirror("M-8,-5 L-7,-11 L-2,-8 z", { fill: "#eef1f2", ...outline }),
      svg("circle", { r: 9, fill: "#eef1f2", ...outline }), ...eyes("#3b6e3b"),
      svg("path", { d: "M-1.5,3 h3 l-1.5,1.8 z", fill: "#333" }),
      ...[[-5, -6], [5, -6], [0, -6.5], [-6.5, 4], [6.5, 4]].map(([cx, cy]) => svg("circle", { cx, cy, r: 1.2, fill: "#333" }))],
    tahr: [...mirror("M-3,-6 C-6,-14 -11,-13 -12,-9", { fill: "none", stroke: "#4a4036", "stroke-width": 2.4, "stroke-linecap": "round" }),
      ...mirror("M-6,-3 L-12,-1 L-6,1 z", { fill: "#7a4b22" }),
      svg("ellipse", { rx: 7, ry: 9, fill: "#8b5a2b", ...outline }), ...eyes("#fff"), svg("ellipse", { cy: 6, rx: 3.5, ry: 2, fill: "#5e3a18" })],
    musk_deer: [...mirror("M-4,-6 C-12,-16 -14,-8 -7,-3 z", { fill: "#7d7d7d", ...outline }),
      svg("ellipse", { rx: 6.5, ry: 9, fill: "#8d8d8d", ...outline }), ...eyes("#fff", -2, 2.8),
      ...mirror("M-2,5 L-3,12", { stroke: "#fff", "stroke-width": 1.8, "stroke-linecap": "round" })],
    yak: [...mirror("M-5,-5 C-12,-5 -14,-9 -12,-14", { fill: "none", stroke: "#e6dcc2", "stroke-width": 3, "stroke-linecap": "round" }),
      svg("ellipse", { rx: 8.5, ry: 8.5, fill: "#2b2b2b", stroke: "#000" }), ...eyes("#fff"),
      svg("path", { d: "M-6,5 Q0,11 6,5", fill: "none", stroke: "#555", "stroke-width": 1.5 })],
    bharal: [...mirror("M-3,-6 C-12,-13 -16,-3 -9,0", { fill: "none", stroke: "#c9b27c", "stroke-width": 2.6, "stroke-linecap": "round" }),
      svg("ellipse", { rx: 6.5, ry: 8.5, fill: "#4a78b5", ...outline }), ...eyes("#fff"), svg("ellipse", { cy: 5.5, rx: 3, ry: 2, fill: "#dbe6f3" })],
    red_panda: [...mirror("M-9,-3 L-8,-11 L-2,-8 z", { fill: "#c1440e", ...outline }),
      svg("circle", { r: 9, fill: "#c1440e", ...outline }),
      ...mirror("M-3,0 C-5,-4 -8,-2 -8,2 C-6,5 -3,4 -3,0 z", { fill: "#fff" }), ...eyes("#222", 0, 5),
      svg("ellipse", { cy: 4, rx: 3, ry: 2, fill: "#fff" }), svg("circle", { cy: 3.6, r: 1, fill: "#222" })],
  };
  return svg("g", { class: `animal ${kind}` }, parts[kind] || [svg("circle", { r: 8, fill: "#999" })]);
}

function hiker(seat) {
  return svg("g", { class: `hiker seat${seat}` }, svg("circle", { cy: -7, r: 4.2, style: seatFill(seat), stroke: "#fff", "stroke-width": 1 }),
    svg("path", { d: "M-7,10 L-4,-2 L4,-2 L7,10 z", style: seatFill(seat), stroke: "#fff", "stroke-width": 1 }));
}

function camp(seat) {
  return svg("g", { class: `camp seat${seat}` }, svg("path", { d: "M-11,9 L0,-10 L11,9 z", style: seatFill(seat), stroke: "#222", "stroke-width": 0.8 }),
    svg("path", { d: "M-3,9 L0,2 L3,9 z", fill: "#fff" }), svg("line", { x1: 0, y1: -10, x2: 0, y2: -14, stroke: "#222" }),
    svg("path", { d: "M0,-14 l5,1.5 l-5,1.5 z", style: seatFill(seat) }));
}

function cube(seat, size = 12) {
  return svg("g", { class: `cube seat${seat}` }, svg("rect", { x: -size / 2, y: -size / 2, width: size, height: size, rx: 1.5, style: seatFill(seat), stroke: "#222" }));
}

function guideFigure() {
  return svg("g", { class: "guide-figure" }, svg("circle", { cy: -8, r: 4, fill: "#f2a900", stroke: "#5a4200" }),
    svg("path", { d: "M-6,9 L-3,-3 L3,-3 L6,9 z", fill: "#f2a900", stroke: "#5a4200" }),
    svg("line", { x1: 8, y1: -10, x2: 8, y2: 10, stroke: "#5a4200", "stroke-width": 1.6 }));
}

function regionApex(number) {  // the top corner of region 1..6 in the pyramid
  const row = number === 1 ? 0 : number <= 3 ? 1 : 2, index = number - [1, 2, 4][row];
  return [200 + (index - row / 2) * (S + GAP), 26 + row * (H + GAP)];
}

function sectionCentre(region, section) {
  const [ax, ay] = regionApex(region);
  const row = section === 1 ? 0 : section <= 3 ? 1 : 2, index = section - [1, 2, 4][row];
  const top = ay + R * 2 + 1;  // the top section sits low enough to stay inside the triangle
  return [ax + (index - row / 2) * D, top + row * D * Math.sqrt(3) / 2];
}

function drawMountain(view, catalog) {
  const regions = Object.fromEntries(view.regions.map((region) => [region.region, region]));
  const paths = svg("g", { class: "dotted-paths" });
  for (const [[r1, s1], [r2, s2]] of view.dotted_paths || []) {
    const [x1, y1] = sectionCentre(r1, s1), [x2, y2] = sectionCentre(r2, s2);
    paths.append(svg("line", { x1, y1, x2, y2 }));
  }
  const layers = [], pieces = [];
  for (let number = 1; number <= 6; number += 1) {
    const [ax, ay] = regionApex(number);
    const guide = view.guide === number;
    const shape = svg("path", { class: `region-shape${guide ? " guide" : ""}`, d: `M${ax},${ay} L${ax - S / 2},${ay + H} L${ax + S / 2},${ay + H} z` });
    const animals = (regions[number] || { sections: [] }).sections.filter((section) => section.piece === "animal").length;
    layers.push(target(shape, `region:${number}`, `region ${number}${guide ? ", the guide is here" : ""}, ${animals} animals`));
    const group = svg("g", { class: `region${guide ? " guide" : ""}` });
    group.setAttribute("aria-label", `region ${number}` + (guide ? ", the guide is here" : ""));
    group.append(svg("g", { class: "flag", transform: `translate(${ax - 26} ${ay - 2})` },
      svg("line", { x1: 0, y1: -2, x2: 0, y2: 22, stroke: "#5a4200", "stroke-width": 1.4 }),
      svg("path", { d: "M0,-2 h16 l-3,7 l3,7 h-16 z", fill: "#f5c518", stroke: "#5a4200", "stroke-width": 0.8 }),
      svg("text", { x: 7, y: 9, "text-anchor": "middle", class: "flag-number" }, String(number))));
    if (guide) group.append(svg("g", { transform: `translate(${ax + 24} ${ay + 8})` }, guideFigure()),
      svg("text", { x: ax + 36, y: ay + 4, class: "guide-word" }, "guide"));
    const sections = Object.fromEntries((regions[number] || { sections: [] }).sections.map((section) => [section.section, section]));
    for (let n = 1; n <= 6; n += 1) {
      const section = sections[n];
      const [cx, cy] = sectionCentre(number, n);
      const what = !section ? "empty" : section.piece === "animal" ? name(catalog, section.animal) :
        `${(view.seats[section.seat] || {}).name}'s ${section.piece}`;
      const node = svg("g", { class: `section ${section ? section.piece : "empty"}${section && section.seat !== undefined ? ` seat${section.seat}` : ""}`,
        transform: `translate(${cx.toFixed(1)} ${cy.toFixed(1)})` },
      svg("circle", { r: R, class: "section-disc", style: section && section.seat !== undefined ? seatStroke(section.seat) : null }));
      if (section && section.piece === "animal") node.append(animalIcon(section.animal));
      else if (section && section.piece === "hiker") node.append(hiker(section.seat));
      else if (section && section.piece === "camp") node.append(camp(section.seat));
      group.append(target(node, `section:${number}-${n}`, `region ${number} section ${n}: ${what}`));
    }
    pieces.push(group);
  }
  const node = svg("svg", { class: "mountain", viewBox: `0 0 400 ${Math.ceil(26 + 3 * H + 2 * GAP + 4)}`, width: "100%" }, layers, paths, pieces);
  node.setAttribute("aria-label", "The mountain: six regions of six sections");
  return node;
}

function icon(child, box = 30) {
  return svg("svg", { viewBox: `${-box / 2} ${-box / 2} ${box} ${box}`, class: "icon", "aria-hidden": "true" }, child);
}

function drawChart(view) {
  const table = el("table", "chart");
  table.append(el("caption", "", "Points chart: the column says how many camps or animals, the square its points"));
  const head = el("tr");
  head.append(el("th", "", "needs"));
  const columns = [...new Set(view.chart.map((cell) => cell.column))].sort();
  for (const column of columns) {
    const needs = view.chart.find((cell) => cell.column === column).requires;
    head.append(el("th", "needs", String(needs)));
  }
  table.append(head);
  for (const row of Object.keys(ROWS)) {
    const line = el("tr");
    const label = el("th", "row-name");
    const icons = row === "camps" ? [camp(0)] : row === "different" ? ["tahr", "yak", "bharal"].map(animalIcon) : ["yak", "yak", "yak"].map(animalIcon);
    label.append(...icons.map((child, i) => {
      const node = icon(child);
      if (row === "camps") node.querySelector("path").setAttribute("style", "fill:#7d8b91");
      return node;
    }).slice(0, 3), el("span", "", ROWS[row]));
    line.append(label);
    for (const cell of view.chart.filter((one) => one.row === row)) {
      const td = el("td", cell.claimed_by === null ? "open" : `claimed seat${cell.claimed_by}`);
      td.append(el("span", "points", String(cell.points)));
      const words = `${ROWS[row]}, column ${cell.column}: ${cell.requires} for ${cell.points} points`;
      if (cell.claimed_by !== null) {
        const who = (view.seats[cell.claimed_by] || {}).name;
        td.append(icon(cube(cell.claimed_by, 14), 18), el("span", "claimer", `claimed by ${who}`));
        td.setAttribute("aria-label", `${words}, claimed by ${who}`);
      } else td.setAttribute("aria-label", `${words}, open`);
      td.title = td.getAttribute("aria-label");
      td.setAttribute("data-target", `chart:${row}-${cell.column}`);
      line.append(td);
    }
    table.append(line);
  }
  return table;
}

function drawSeats(view, catalog) {
  const list = el("ul", "np-seats");
  for (const seat of view.seats) {
    const item = el("li", `seat${seat.seat}${view.active_seat === seat.seat ? " active" : ""}`);
    const head = el("h3", "");
    head.append(icon(cube(seat.seat, 20), 24), el("span", "seat-name", seat.name), el("span", "score", `${seat.score} point${seat.score === 1 ? "" : "s"}`));
    if (view.active_seat === seat.seat) head.append(el("span", "to-play", "to play"));
    const stock = el("p", "stock");
    for (const [child, count, words] of [[hiker(seat.seat), seat.hikers_in_stock, "hikers"], [camp(seat.seat), seat.camps_in_stock, "camps"],
      [cube(seat.seat, 14), seat.cubes_in_stock, "cubes"]]) {
      const part = el("span", "stock-item");
      part.append(icon(child), el("span", "", `${count} ${words}`));
      stock.append(part);
    }
    const animals = el("p", "animals");
    const ready = count(seat.ready), spent = count(seat.spent);
    const held = svg("svg", { class: "held", viewBox: `0 0 ${Math.max(1, Object.keys(ready).length + Object.keys(spent).length) * 44} 40`,
      width: "100%" });
    let x = 0;
    for (const [kind, n, used] of [...Object.entries(ready).map(([k, n]) => [k, n, false]), ...Object.entries(spent).map(([k, n]) => [k, n, true])]) {
      const g = svg("g", { class: `held-animal${used ? " spent" : ""}`, transform: `translate(${x + 20} 18)` },
        svg("circle", { r: 17, class: "held-disc" }), animalIcon(kind),
        n > 1 ? svg("text", { x: 14, y: 18, "text-anchor": "middle", class: "count" }, `×${n}`) : null);
      const words = `${seat.name}'s ${n} ${name(catalog, kind)}` + (used ? ", activated (spent)" : ", ready");
      if (used) title(g, words); else target(g, `animal:${seat.seat}-${kind}`, words);
      held.append(g);
      x += 44;
    }
    held.style.maxWidth = `${Math.max(1, x / 44) * 3}rem`;
    if (x) animals.append(el("span", "", "Animals:"), held); else animals.append(el("span", "", "No animals yet"));
    if (Object.keys(spent).length) animals.append(el("span", "note", "faded: activated"));
    item.append(head, stock, animals);
    list.append(item);
  }
  return list;
}

function count(kinds) {
  const counted = {};
  for (const kind of ANIMALS.filter((one) => kinds.includes(one)).concat(kinds.filter((one) => !ANIMALS.includes(one)))) {
    counted[kind] = kinds.filter((one) => one === kind).length;
  }
  return counted;
}

function legend(catalog) {
  const list = el("ul", "np-legend");
  for (const kind of ANIMALS) {
    const item = el("li", "");
    const power = ((catalog.animals || {})[kind] || {}).power;
    item.append(icon(animalIcon(kind)), el("b", "", name(catalog, kind)), power ? `: ${power}` : "");
    list.append(item);
  }
  const pieces = el("li", "");
  pieces.append(icon(hiker(0)), "hiker, ", icon(camp(0)), "camp, in its player's colour; ", icon(guideFigure()),
    "the guide, beside its region's flag; the dotted lines join adjacent sections of two regions");
  list.append(pieces);
  return list;
}

function status(view) {
  const who = (seat) => (view.seats[seat] || {}).name;
  if (view.phase === "over") return `The game is over${view.end_reason ? ` (${view.end_reason === "cubes" ? "every cube is on the chart" : "every hiker is placed"})` : ""}.`;
  if (view.phase === "place_guide") return `${who(1)} places the guide.`;
  const doing = view.phase === "trap" ? (view.must_relocate_guide ? "moves the guide, then traps" : "traps an animal in the guide's region")
    : "may claim a square, activate animals, then ends the turn";
  return `Turn ${view.turn}: ${who(view.active_seat)} ${doing}.`;
}

export function draw(view, catalog = {}) {
  const board = el("div", "board np");
  board.append(el("p", "status", status(view)), drawMountain(view, catalog), drawSeats(view, catalog), drawChart(view), legend(catalog));
  return svgNameTargets(board);  // each target's name starts with the text it shows (axe: label-content-name-mismatch)
}
