// What the boards are built of. Each boards/<type>.js (an ES module, named after its game type's id)
// draws that type's board from its view (the JSON of getGame/replayAt) as plain DOM: it exports
// draw(view, catalog) -> element, the catalog being the type's (GET /game-types/{type}): where a view
// names a card by id, its face comes from there. The game page loads the module of its game's type
// (game.js); a sixth game's board is one more module. Shared here: an element with its class and text,
// and a die's face.

const DIE = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function die(pips, className = "die") {
  const node = el("span", className, DIE[pips] || String(pips));
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", `a die showing ${pips}`);
  return node;
}
