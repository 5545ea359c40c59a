// Hitchiker: the ring of 42 locations drawn in SVG round a 12 by 11 board, 8 by 15 on a middling one, 4 by 19 on a
// phone (names wrapped between words at the largest size that fits; prices, owners in seat colours, pawns as
// separate tokens); inside it
// the status, every player's money (always on the board), the dice, the last bad ride card and a legend of
// the location colours. A casino game under way is drawn below the ring, its hands' playing cards from the
// catalog. Targets (data-target): `location:<index>` (ChooseHometown, BuyHometown), `dice` (RollDice,
// RollDeal), `hand:<index>` (a Blackjack hand: PlaceWager, PassHand).

import { boardStyle, el, layout, seatColour, svgDie, svgEl, svgRoot, svgNameTargets, svgTarget, svgText, svgWrap } from "./elements.js";

const SUITS = { clubs: "\u2663", diamonds: "\u2666", hearts: "\u2665", spades: "\u2660" };
//: the ring's shapes: `across` squares along the top (corners included), the sides holding the rest of the 42;
//: `c` the corners' side (the side squares' width, the top and bottom squares' height), `a` the top and bottom
//: squares' width, `d` the side squares' height. Landscape (12 along the top) on a wide board; portrait (8) on a
//: middling one; on a narrow one (a phone) a tall ring of 4 along the top, 380 units wide, so that its names are
//: drawn at about their size in pixels (the landscape ring on a phone drew them 8 px tall).
const SHAPES = { wide: { name: "landscape", across: 12, c: 110, a: 80, d: 80 },
  middle: { name: "portrait", across: 8, c: 110, a: 80, d: 80 },
  narrow: { name: "tall", across: 4, c: 100, a: 90, d: 80 } };
//: the location kinds by the colour they are drawn in (the legend's words)
const GROUPS = { hometown: "Hometown", sell: "Sells Contraband", black_market: "Black Market", bad_ride: "Bad Ride",
  casino: "Casino", customs: "Customs" };

function money(amount) { return `$${Number(amount).toLocaleString("en-US")}`; }

function square(index, { across, c, a, d }) {
  // [x, y, width, height]: clockwise from the top-left corner, `across` along the top, `down` down the
  // right, `across` back along the bottom, `down` up the left
  const down = 21 - across;
  const right = c + (across - 2) * a;
  const bottom = c + down * d;
  if (index === 0) return [0, 0, c, c];
  if (index < across - 1) return [c + (index - 1) * a, 0, a, c];
  if (index === across - 1) return [right, 0, c, c];
  if (index < across + down) return [right, c + (index - across) * d, c, d];
  if (index === across + down) return [right, bottom, c, c];
  if (index < 2 * across + down - 1) return [c + (2 * across + down - 2 - index) * a, bottom, a, c];
  if (index === 2 * across + down - 1) return [0, bottom, c, c];
  return [0, c + (41 - index) * d, c, d];
}

/** A name's font size and lines in a box `w` wide with `room` for its lines: the largest size up to 15 at which
 * its words, wrapped between words only, fit (never under 9). */
function fitted(name, w, room) {
  const longest = Math.max(...name.split(/\s+/).map((word) => word.length));
  for (let size = 15; size > 9; size -= 0.5) {
    const chars = Math.floor((w - 6) / (size * 0.56));
    if (chars < longest) continue;
    const lines = svgWrap(name, chars);
    if (lines.length * size * 1.15 <= room) return [size, lines];
  }
  return [9, svgWrap(name, Math.max(longest, Math.floor((w - 6) / (9 * 0.56))))];
}

function pawn(x, y, player, className = "pawn") {
  const token = svgEl("g", { class: `${className} seat${player.seat}` },
    svgEl("circle", { cx: x, cy: y, r: 10, fill: seatColour(player.seat), class: "token" }),
    svgText(x, y + 5, String(player.seat), { "text-anchor": "middle", "font-size": 14, class: "token-text" }));
  token.append(svgEl("title", {}, `${player.name}'s pawn`));
  return token;
}

function location(spot, view, catalog, pawns, shape) {
  const [x, y, w, h] = square(spot.index, shape);
  const small = shape.name === "tall" ? 12 : 10;  // the square's number, the owner's seat
  const group = GROUPS[spot.kind] ? spot.kind : "special";
  const owner = spot.owner === null ? null : view.players[spot.owner];
  const landing = ((catalog.locations || {})[String(spot.index)] || {}).landing || spot.kind.replace(/_/g, " ");
  const cell = svgEl("g", { class: `location ${spot.kind} group-${group}` });
  svgTarget(cell, `location:${spot.index}`, `${spot.name} (square ${spot.index})` +
    (spot.price === null ? "" : `, price ${money(spot.price)}`) + (owner ? `, home of ${owner.name}` : ""));
  cell.append(svgEl("title", {}, `${spot.index} ${spot.name}: ${landing}`));
  cell.append(svgEl("rect", { x, y, width: w, height: h, class: "square" }));
  cell.append(svgEl("rect", { x: x + 1, y: y + 1, width: w - 2, height: 6, class: "band" }));
  // the square's number, its price beside it where there is room (else under the name), the name above the pawns
  const price = spot.price === null ? null : money(spot.price);
  const beside = price !== null && String(spot.index).length * small * 0.6 + price.length * 13 * 0.62 + 12 <= w;
  const [size, lines] = fitted(spot.name, w, h - 21 - 26 - (price !== null && !beside ? 16 : 0));
  cell.append(svgText(x + 4, y + 19, String(spot.index), { "font-size": small, class: "index" }));
  if (beside) cell.append(svgText(x + w - 4, y + 20, price, { "font-size": 13, "text-anchor": "end", class: "price" }));
  cell.append(svgText(x + w / 2, y + 21 + size, lines, { "font-size": size, "text-anchor": "middle",
    class: "name" }));
  if (price !== null && !beside) {
    cell.append(svgText(x + w / 2, y + 25 + size + lines.length * size * 1.15, price, { "font-size": 13,
      "text-anchor": "middle", class: "price" }));
  }
  if (owner) {  // a house in the owner's colour, their seat number on it
    const [left, top] = [x + w - 22, y + h - 22];
    cell.append(svgEl("g", { class: `owner seat${owner.seat}` }, svgEl("title", {}, `home of ${owner.name}`),
      svgEl("path", { d: `M${left} ${top + 7}l9 -7l9 7v11h-18z`, fill: seatColour(owner.seat), class: "token" }),
      svgText(left + 9, top + 16, String(owner.seat), { "font-size": small, "text-anchor": "middle", class: "token-text" })));
  }
  const here = pawns[spot.index] || [];
  const perRow = Math.floor((w - (owner ? 30 : 6)) / 22);
  here.forEach((player, n) => {
    const column = n % perRow;
    const row = Math.floor(n / perRow);
    cell.append(pawn(x + 14 + column * 22, y + h - 13 - row * 22, player));
  });
  return cell;
}

function players(view, left, width, top) {
  // one line a player where the middle is wide; else the name and cash, then the rest below; in a tall ring's
  // narrow middle the name, the cash under it, then the rest
  const wide = width >= 760;
  const tall = width < 300;
  const table = svgEl("g", { class: "players", "aria-label": "The players' money" });
  const columns = wide ? [["player", 0], ["cash", 255], ["savings", 362], ["contraband", 472], ["insured", 486],
    ["hometowns", 560]] : tall ? [["player", 0]] : [["player", 0], ["cash", width - 10]];
  for (const [title, x] of columns) {
    table.append(svgText(left + x, top, title, { "font-size": 16, class: "head",
      "text-anchor": ["cash", "savings", "contraband"].includes(title) ? "end" : "start" }));
  }
  let y = top + 30;
  for (const player of view.players) {
    const homes = svgWrap(`${wide ? "" : "hometowns: "}${player.hometowns.map((index) => view.board[index].name)
      .join(", ") || "none"}`, wide ? 22 : Math.floor(width / 9));
    const who = svgWrap(player.name, wide ? 10 : tall ? Math.floor((width - 28) / 10.5) : 16);
    const said = `savings ${money(player.savings)}, contraband ${player.contraband}, insured ${player.insured ? "yes" : "no"}`;
    const rest = tall ? svgWrap(said, Math.floor(width / 9)) : [said];
    const notes = player.stuck_in_remindya ? ["stuck in Remindya"] : [];
    const lines = wide ? Math.max(homes.length, who.length + notes.length) :
      who.length + (tall ? 1 : 0) + rest.length + homes.length + notes.length;
    const row = svgEl("g", { class: `player seat${player.seat}${player.seat === view.current ? " current" : ""}` });
    row.append(svgEl("rect", { x: left - 10, y: y - 22, width: width + 5, height: 12 + lines * 19, class: "row" }));
    row.append(pawn(left + 10, y - 7, player, "seat-token"));
    row.append(svgText(left + 28, y, who, { "font-size": 18, class: "who" }), tall ?
      svgText(left + 28, y + who.length * 19, money(player.cash), { "font-size": 19, class: "cash" }) :
      svgText(left + columns[1][1], y, money(player.cash), { "font-size": 19, "text-anchor": "end", class: "cash" }));
    if (wide) {
      row.append(svgText(left + 362, y, money(player.savings), { "font-size": 19, "text-anchor": "end" }),
        svgText(left + 472, y, String(player.contraband), { "font-size": 19, "text-anchor": "end" }),
        svgText(left + 486, y, player.insured ? "yes" : "no", { "font-size": 19 }),
        svgText(left + 560, y, homes, { "font-size": 16 }));
      if (notes.length) row.append(svgText(left + 28, y + who.length * 20, notes, { "font-size": 14 }));
    } else if (tall) {
      row.append(svgText(left, y + (who.length + 1) * 19, [...rest, ...homes, ...notes], { "font-size": 16 }));
    } else {
      row.append(svgText(left + 28, y + who.length * 19, [...rest, ...homes, ...notes], { "font-size": 16 }));
    }
    table.append(row);
    y += Math.max(38, 18 + lines * 19);
  }
  return [table, y];
}

function legend(left, width, y) {
  const box = svgEl("g", { class: "legend", "aria-label": "What the square colours mean" });
  let x = left;
  for (const [group, words] of [...Object.entries(GROUPS), ["special", "Special square"]]) {
    box.append(svgEl("rect", { x, y: y - 12, width: 14, height: 14, class: `swatch group-${group}` }),
      svgText(x + 19, y, words, { "font-size": 14 }));
    x += 30 + words.length * 8.4;
    if (x > left + width - 150) { x = left; y += 24; }
  }
  return [box, y];
}

export function draw(view, catalog) {
  boardStyle("hitchiker");
  const shape = SHAPES[layout()];
  const { across, c, a } = shape;  // the corners' side, the top squares' width
  const board = el("div", "board hitchiker");
  board.dataset.layout = shape.name;
  const width = 2 * c + (across - 2) * a;
  const height = 2 * c + (21 - across) * shape.d;
  const svg = svgRoot(width, height, `hitchiker-ring ${shape.name}`, "The Hitchiker board");
  const ring = svgEl("g", { class: "ring" });
  const pawns = {};
  for (const player of view.players) (pawns[player.position] ||= []).push(player);
  for (const spot of view.board) if (spot.index < 42) ring.append(location(spot, view, catalog, pawns, shape));
  svg.append(ring);
  const [left, inner] = [c + 20, (across - 2) * a - 40];  // the middle: its left edge and width
  const middle = svgEl("g", { class: "middle" });
  const status = `Round ${view.round}` + (view.round_limit ? ` of ${view.round_limit}` : "") +
    `, ${view.phase.replace(/_/g, " ")}` +
    (view.current === null || view.phase === "over" ? "" : `, ${view.players[view.current].name} to play`);
  const said = svgWrap(status, Math.floor(inner / 13));
  middle.append(svgText(left, c + 38, said, { "font-size": 24, class: "status" }));
  const [table, below] = players(view, left, inner, c + 58 + said.length * 28);
  middle.append(table);
  const dice = svgEl("g", { class: "dice" });
  svgTarget(dice, "dice", "The dice");
  dice.append(svgEl("rect", { x: left - 6, y: below, width: 150, height: 86, class: "dice-box" }),
    svgText(left + 4, below + 20, "Dice", { "font-size": 15 }));
  const shown = view.move_dice && view.move_dice.length ? view.move_dice : [];
  shown.forEach((pips, n) => dice.append(svgDie(left + 6 + n * 66, below + 28, 50, pips)));
  if (!shown.length) dice.append(svgText(left + 4, below + 60, "not rolled yet", { "font-size": 14 }));
  middle.append(dice);
  let y = below + 100;
  const ride = view.bad_rides.last_card;
  if (ride) {
    const card = svgEl("g", { class: "ride-card" });
    const [x, top, w] = inner >= 760 ? [left + 160, below, inner - 155] : [left - 6, below + 100, inner + 6];
    const text = svgWrap(ride.text, Math.floor((w - 20) / 8.4));
    const heading = svgWrap(`Bad ride: ${ride.title}`, Math.floor((w - 20) / 9));
    const lower = (heading.length - 1) * 18;
    card.append(svgEl("rect", { x, y: top, width: w, height: 40 + lower + text.length * 18 }),
      svgText(x + 10, top + 22, heading, { "font-size": 16, "font-weight": "bold" }),
      svgText(x + 10, top + 42 + lower, text, { "font-size": 15 }));
    middle.append(card);
    y = Math.max(y, top + 54 + lower + text.length * 18);
  }
  if (view.winners && view.winners.length) {
    const won = svgWrap(`Won by ${view.winners.map((seat) => view.players[seat].name).join(", ")}` +
      (view.end_reason ? ` (${view.end_reason.replace(/_/g, " ")})` : ""), Math.floor(inner / 11));
    middle.append(svgText(left, y + 14, won, { "font-size": 20, class: "status" }));
    y += 14 + won.length * 24;
  }
  const [top, limit] = [c + 10, height - c - 10];
  // the legend low in the middle, as high as its rows need
  const rows = legend(left, inner, y + 16)[1] - (y + 16);
  const [key, end] = legend(left, inner, Math.max(y + 16, Math.min(height - c - 44, limit - rows)));
  middle.append(key);
  svg.append(middle);
  if (end > limit) {  // the middle would run over the ring's bottom row: it is drawn smaller to fit
    const scale = (limit - top) / (end - top);
    middle.setAttribute("transform", `translate(${left} ${top}) scale(${scale.toFixed(3)}) translate(${-left} ${-top})`);
  }
  board.append(svg);
  if (view.casino) board.append(casino(view, catalog));
  return svgNameTargets(board);
}

function playingCard(id, catalog) {
  const face = (catalog.playing_cards || {})[id];
  if (!face) return el("span", "playing-card", id);
  const node = el("span", `playing-card ${face.suit}`, `${face.rank}${SUITS[face.suit] || ""}`);
  node.setAttribute("aria-label", face.name);
  node.title = face.name;
  return node;
}

function casino(view, catalog) {
  const table = view.casino;
  const game = (catalog.casino_games || {})[table.game] || {};
  const box = el("div", "casino");
  box.append(el("h3", "", `Casino: ${game.name || table.game}`));
  const hand = (label, cards, total) => {
    const line = el("p", "", `${label}: `);
    for (const id of cards || []) line.append(playingCard(id, catalog));
    if (total !== undefined && total !== null) line.append(el("span", "", ` (${total})`));
    return line;
  };
  if (table.house) box.append(hand("House", table.house, table.house_total));
  for (const one of table.hands || []) {
    const line = hand(`Hand ${one.index}, ${view.players[one.owner].name}, ${one.status}, wager ${money(one.wager)}`,
      one.cards, one.total);
    line.classList.add("hand", `seat${one.owner}`);
    line.dataset.target = `hand:${one.index}`;
    line.setAttribute("role", "group");
    line.setAttribute("aria-label", `Hand ${one.index}, ${view.players[one.owner].name}'s`);
    box.append(line);
  }
  if (table.board) box.append(hand(`Board, ${table.street || ""}, pot ${money(table.pot || 0)}`, table.board));
  for (const seat of table.seats || []) {
    if (seat && seat.cards) box.append(hand(view.players[seat.seat].name, seat.cards));
  }
  if (table.your_cards) box.append(hand("Your cards", table.your_cards));
  return box;
}

/** The board components an action names, in the order they are clicked (issue 33's contract). */
export function targets(action, view) {
  const args = action.args || {};
  switch (action.type) {
    case "ChooseHometown": return [`location:${args.location}`];
    case "BuyHometown": {
      const buyer = view.players[view.current === null ? view.you : view.current];
      return buyer ? [`location:${buyer.position}`] : [];
    }
    case "RollDice": case "RollDeal": return ["dice"];
    case "PlaceWager": case "PassHand":
      return view.casino && (view.casino.hands || []).some((one) => one.index === args.hand) ? [`hand:${args.hand}`] : [];
    default: return [];
  }
}
