// Nanga Parbat: the mountain's six regions as a triangle (1 at the summit, then 2-3, then 4-5-6), each a
// triangle of six sections holding an animal, a hiker or a camp; the guide's region marked; the
// points chart with its claims; each seat's score, stock and animals.

import { el } from "./elements.js";

const ROWS = [[1], [2, 3], [4, 5, 6]];

export function draw(view) {
  const board = el("div", "board np");
  const mountain = el("div", "mountain");
  const regions = Object.fromEntries(view.regions.map((region) => [region.region, region]));
  for (const row of ROWS) {
    const line = el("div", "mountain-row");
    for (const number of row) {
      const region = regions[number] || { region: number, sections: [] };  // before the set-up
      const box = el("div", `region${view.guide === number ? " guide" : ""}`);
      box.setAttribute("aria-label", `region ${number}` + (view.guide === number ? ", the guide is here" : ""));
      box.append(el("span", "region-name", view.guide === number ? `${number}: guide` : String(number)));
      const sections = Object.fromEntries(region.sections.map((section) => [section.section, section]));
      for (const sectionRow of ROWS) {
        const sectionLine = el("div", "section-row");
        for (const n of sectionRow) {
          const section = sections[n];
          const what = !section ? "" : section.piece === "animal" ? section.animal.replace("_", " ") :
            `${section.piece} ${view.seats[section.seat].name}`;
          const cellNode = el("span", `section ${section ? section.piece : "empty"}` +
            (section && section.seat !== undefined ? ` seat${section.seat}` : ""), what);
          cellNode.title = `region ${number}, section ${n}`;
          sectionLine.append(cellNode);
        }
        box.append(sectionLine);
      }
      line.append(box);
    }
    mountain.append(line);
  }
  board.append(mountain);
  const chart = el("table", "chart");
  chart.append(el("caption", "", "Points chart"));
  for (const cell of view.chart) {
    const row = el("tr");
    row.append(el("th", "", `${cell.row} ${cell.column}`), el("td", "", `needs ${cell.requires}`),
      el("td", "", `${cell.points} points`),
      el("td", cell.claimed_by === null ? "" : `seat${cell.claimed_by}`,
        cell.claimed_by === null ? "open" : `claimed by ${view.seats[cell.claimed_by].name}`));
    chart.append(row);
  }
  const seats = el("ul", "np-seats");
  for (const seat of view.seats) {
    seats.append(el("li", `seat${seat.seat}`, `${seat.name}: ${seat.score} points; hikers ${seat.hikers_in_stock}, ` +
      `camps ${seat.camps_in_stock}, cubes ${seat.cubes_in_stock}; ready: ${seat.ready.join(", ") || "none"}`));
  }
  board.append(seats, chart);
  return board;
}
