// Each game's board drawn from its view (the JSON of getGame/replayAt), as plain DOM: one function per
// game type, (view) -> element. A game without one is shown as data. Issue 16: the rest are to come.
"use strict";
(function () {
  const DIE = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function die(pips, className = "die") {
    const node = el("span", className, DIE[pips] || String(pips));
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", `a die showing ${pips}`);
    return node;
  }

  // Hikes of the West: the three locations, the pyramid of five path cards (two above, three below),
  // the trail with its dice, and the dice in hand, saved as stamina or free.
  function hikesOfTheWest(view) {
    const board = el("div", "board hotw");
    const locations = el("div", "locations");
    for (const location of view.locations) {
      const card = el("div", `location ${location.status}`);
      card.append(el("strong", "", location.name), el("span", "", ` par ${location.par}, scored ${location.score}`));
      const dice = el("div", "dice");
      for (const pips of location.dice) dice.append(die(pips));
      card.append(dice);
      locations.append(card);
    }
    board.append(locations);
    const hike = view.hike;
    if (hike) {
      board.append(el("h3", "", `${hike.name}: ${hike.step}, at ${hike.position} of ${hike.trail_length}`));
      const pyramid = el("div", "pyramid");
      for (const row of [hike.layout.slice(0, 2), hike.layout.slice(2)]) {
        const line = el("div", "pyramid-row");
        for (const card of row) {
          const path = el("div", `path-card${hike.route.includes(card.slot) ? " on-route" : ""}`);
          path.title = `${card.place}: ${card.card}`;
          path.append(el("span", "card-name", card.card.replace(/-/g, " ")));
          const terrains = el("div", "terrains");
          for (const terrain of card.terrains) terrains.append(el("span", "terrain", String(terrain)));
          path.append(terrains);
          line.append(path);
        }
        pyramid.append(line);
      }
      board.append(pyramid);
      const trail = el("ol", "trail");
      trail.setAttribute("aria-label", "The trail");
      hike.trail.forEach((terrain, index) => {
        const spot = el("li", `spot${index + 1 === hike.position ? " here" : ""}`);
        spot.append(el("span", "terrain", String(terrain)));
        const placed = hike.path_dice.find((d) => d.position === index + 1);
        if (placed) spot.append(die(placed.die, placed.stamina ? "die stamina" : "die"));
        trail.append(spot);
      });
      board.append(trail);
      const hand = el("p", "hand");
      hand.append(el("span", "", "Free dice: "));
      for (const pips of hike.free_dice) hand.append(die(pips));
      hand.append(el("span", "", " Stamina: "));
      for (const pips of hike.stamina) hand.append(die(pips, "die stamina"));
      board.append(hand);
    }
    board.append(el("p", "status", `${view.status} Score ${view.score} against par ${view.par}.`));
    return board;
  }

  // Nanga Parbat: the mountain's six regions as a triangle (1 at the summit, then 2-3, then 4-5-6), each a
  // triangle of six sections holding an animal, a hiker or a camp; the guide's region marked; the
  // points chart with its claims; each seat's score, stock and animals.
  const ROWS = [[1], [2, 3], [4, 5, 6]];

  function nangaParbat(view) {
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

  window.TrailheadBoards = { "hikes-of-the-west": hikesOfTheWest, "nanga-parbat": nangaParbat };
})();
