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

// ---- SVG helpers (issue 33: boards drawn in SVG; Hitchiker, Peaks and Hikes of the West use them) ----
// Written by hand: a few lines of createElementNS, where a drawing library would be an outside resource.

const SVG_PIPS = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] };

/** An SVG element with its attributes (a `class` among them) and children (elements or strings); a group
 * given a name (aria-label) is a group to assistive technology. */
export function svgEl(tag, attributes = {}, ...children) {
  const node = svg(tag, attributes, ...children);
  if (tag === "g" && attributes["aria-label"] && !attributes.role) node.setAttribute("role", "group");
  return node;
}

/** The root <svg> of a board: scales to its container's width (width 100%), `label` read out as its name. */
export function svgRoot(width, height, className, label) {
  return svgEl("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", class: className, role: "group",
    "aria-label": label, preserveAspectRatio: "xMidYMin meet" });
}

/** Words broken into lines of at most `chars` characters, never inside a word. */
export function svgWrap(text, chars) {
  const lines = [];
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= chars) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Text in lines (from svgWrap, or one line), the first baseline at y; `size` is the font size. */
export function svgText(x, y, lines, attributes = {}) {
  const size = attributes["font-size"] || 14;
  const node = svgEl("text", { x, y, ...attributes, "font-size": size });
  const all = Array.isArray(lines) ? lines : [lines];
  // each line ends in a space, which SVG does not draw: read out or searched, the words stay apart
  all.forEach((line, index) => node.append(svgEl("tspan", { x, dy: index ? size * 1.15 : 0 }, `${line} `)));
  return node;
}

/** A die face of `pips` as a rounded square of side `size` with its pips, at (x, y). */
export function svgDie(x, y, size, pips, className = "die") {
  const face = svgEl("g", { class: className, role: "img", "aria-label": `a die showing ${pips}` });
  face.append(svgEl("rect", { x, y, width: size, height: size, rx: size / 6, class: "die-face" }));
  const step = size / 4;
  for (const [column, row] of SVG_PIPS[pips] || []) {
    face.append(svgEl("circle", { cx: x + step * (column + 1), cy: y + step * (row + 1), r: size / 11, class: "pip" }));
  }
  if (!SVG_PIPS[pips]) face.append(svgText(x + size / 2, y + size * 0.65, String(pips), { "text-anchor": "middle" }));
  return face;
}

/** Marks `node` as a board component actions can name: its key (unique on the board) and what it is in words. */
export function svgTarget(node, key, label) {
  if (!node.getAttribute("role")) node.setAttribute("role", "group");  // the page makes it a button while legal
  node.setAttribute("data-target", key);
  node.setAttribute("aria-label", label);
  return node;
}

/** A seat's colour: the page's CSS variable, with a fallback for a page without it. */
const SEAT_FALLBACK = ["#0b5c7a", "#a4262c", "#2e7d32", "#7b3fa0", "#9a5200", "#4a4a4a"];  // style.css's
export function seatColour(seat) { return `var(--seat${seat}, ${SEAT_FALLBACK[seat % 6]})`; }

/** Loads a board's own stylesheet (static/board-styles/<name>.css) once per page. */
export function boardStyle(name) {
  stylesheet(new URL(`../board-styles/${name}.css`, import.meta.url).href);
}

/** Gives every target under `root` a name that starts with the text it shows (what a speech-input user says to
 * click it), then what it is in words: called once a board is drawn. */
export function svgNameTargets(root) {
  // SVG texts side by side are words apart on screen but not in the DOM: a space between them (not drawn outside a
  // <text>) keeps a target's shown words apart for assistive technology and axe ("Bean youngster", not "Beanyoungster")
  for (const text of root.querySelectorAll("[data-target] text")) {
    if (text.nextSibling?.nodeType !== Node.TEXT_NODE) text.after(document.createTextNode(" "));
  }
  for (const node of root.querySelectorAll("[data-target]")) {
    const shown = node.namespaceURI === SVG_NS ? [...node.querySelectorAll("text")]
      .map((text) => [...text.childNodes].map((line) => line.textContent).join(" ")).join(" ") : node.textContent;
    const words = shown.replace(/\s+/g, " ").trim();
    const label = node.getAttribute("aria-label") || "";
    if (words && !label.toLowerCase().includes(words.toLowerCase())) node.setAttribute("aria-label", `${words}: ${label}`);
  }
  return root;
}

// ---- Layouts by the room the board has (issue 33: readable on a phone) ----------------------------------------
// A board drawn into a narrow box (a phone's 390 px) is laid out for it, not the wide drawing scaled to half its
// size: draw() asks layout() which of three the box calls for and draws that one, its viewBox about as many units
// across as the box has pixels. The page (game.js) draws the board again when its box moves to another layout.

/** The width in CSS pixels the board is drawn into: the page's #board, else the window. */
export function boardWidth() {
  const box = document.getElementById("board");
  return box && box.clientWidth ? box.clientWidth : window.innerWidth;
}

/** "narrow" under 600 px (a phone), "middle" under 700, "wide" from there. */
export function layout(width = boardWidth()) {
  return width < 600 ? "narrow" : width < 700 ? "middle" : "wide";
}
