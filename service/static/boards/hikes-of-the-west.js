// Hikes of the West: the three locations, the pyramid of five path cards (two above, three below),
// the trail with its dice, and the dice in hand, saved as stamina or free.

import { die, el } from "./elements.js";

export function draw(view) {
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
