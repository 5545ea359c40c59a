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

// --- SVG helpers (issue 33: boards drawn in SVG by the page) ---------------------------------------
// svg(tag, attrs, ...children): an SVG element with its attributes (`class` included; null/undefined
// values are left out) and children (elements or strings, strings becoming text). title(node, words)
// adds the hover text and the words screen readers say; stylesheet(href) links a board's own CSS once.

export const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
    }
  }
  return node;
}

export function title(node, words) {
  node.prepend(svg("title", {}, words));
  node.setAttribute("aria-label", words);
  return node;
}

export function stylesheet(href) {
  if (!document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.append(link);
  }
}
// --- end of the SVG helpers ------------------------------------------------------------------------
