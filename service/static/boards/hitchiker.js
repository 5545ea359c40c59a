// Hitchiker: the ring of locations (42 squares round the edge of a 12 by 11 grid) with the pawns, owners
// and prices; inside it, every player's cash, savings, contraband and hometowns, the dice, the last bad
// ride card and the casino table (its playing cards' faces from the catalog).

import { die, el } from "./elements.js";

const SUITS = { clubs: "\u2663", diamonds: "\u2666", hearts: "\u2665", spades: "\u2660" };

function money(amount) { return `$${Number(amount).toLocaleString("en-US")}`; }

function ringCell(index) {
  // clockwise from the top-left corner: 12 along the top, 9 down the right, 12 back along the bottom, 9 up
  if (index < 12) return [1, index + 1];
  if (index < 21) return [index - 10, 12];
  if (index < 33) return [11, 12 - (index - 21)];
  return [10 - (index - 33), 1];
}

function playingCard(id, catalog) {
  const face = (catalog.playing_cards || {})[id];
  if (!face) return el("span", "playing-card", id);
  const node = el("span", `playing-card ${face.suit}`, `${face.rank}${SUITS[face.suit] || ""}`);
  node.setAttribute("aria-label", face.name);
  node.title = face.name;
  return node;
}

export function draw(view, catalog) {
  const board = el("div", "board hitchiker");
  const ring = el("div", view.board.length === 42 ? "ring" : "ring list");
  const pawns = {};
  for (const player of view.players) (pawns[player.position] ||= []).push(player);
  for (const location of view.board) {
    const cell = el("div", `location ${location.kind}`);
    if (view.board.length === 42) {
      const [row, column] = ringCell(location.index);
      cell.style.gridArea = `${row} / ${column}`;
    }
    cell.title = ((catalog.locations || {})[String(location.index)] || {}).landing || location.kind;
    cell.append(el("span", "card-name", `${location.index} ${location.name}`));
    if (location.price !== null) cell.append(el("span", "price", money(location.price)));
    if (location.owner !== null) cell.append(el("span", `owner seat${location.owner}`,
      `home of ${view.players[location.owner].name}`));
    for (const player of pawns[location.index] || []) {
      const pawn = el("span", `pawn seat${player.seat}`, String(player.seat));
      pawn.setAttribute("aria-label", `${player.name}'s pawn`);
      pawn.title = player.name;
      cell.append(pawn);
    }
    ring.append(cell);
  }
  const middle = el("div", "middle");
  middle.append(el("p", "status", `round ${view.round}` + (view.round_limit ? ` of ${view.round_limit}` : "") +
    `, ${view.phase.replace(/_/g, " ")}` +
    (view.current === null || view.phase === "over" ? "" : `, ${view.players[view.current].name} to play`)));
  const table = el("table", "players");
  table.append(el("caption", "", "Players"));
  const head = el("tr");
  for (const title of ["", "cash", "savings", "contraband", "hometowns", "insured"]) head.append(el("th", "", title));
  table.append(head);
  for (const player of view.players) {
    const row = el("tr", `seat${player.seat}`);
    row.append(el("th", "", player.name), el("td", "", money(player.cash)), el("td", "", money(player.savings)),
      el("td", "", String(player.contraband)),
      el("td", "", player.hometowns.map((index) => view.board[index].name).join(", ") || "none"),
      el("td", "", player.insured ? "yes" : "no"));
    table.append(row);
  }
  middle.append(table);
  if (view.move_dice && view.move_dice.length) {
    const dice = el("p", "", "Dice: ");
    for (const pips of view.move_dice) dice.append(die(pips));
    middle.append(dice);
  }
  const ride = view.bad_rides.last_card;
  if (ride) {
    const card = el("div", "ride-card");
    card.append(el("strong", "", ride.title), el("p", "", ride.text));
    middle.append(card);
  }
  if (view.casino) middle.append(casino(view, catalog));
  if (view.winners && view.winners.length) {
    middle.append(el("p", "status", `Won by ${view.winners.map((seat) => view.players[seat].name).join(", ")}` +
      (view.end_reason ? ` (${view.end_reason.replace(/_/g, " ")})` : "")));
  }
  ring.append(middle);
  board.append(ring);
  return board;
}

function casino(view, catalog) {
  const table = view.casino;
  const game = (catalog.casino_games || {})[table.game] || {};
  const box = el("div", "casino");
  box.append(el("h3", "", game.name || table.game));
  const hand = (label, cards, total) => {
    const line = el("p", "", `${label}: `);
    for (const id of cards || []) line.append(playingCard(id, catalog));
    if (total !== undefined && total !== null) line.append(el("span", "", ` (${total})`));
    return line;
  };
  if (table.house) box.append(hand("House", table.house, table.house_total));
  for (const one of table.hands || []) {
    box.append(hand(`${view.players[one.owner].name}, ${one.status}, wager ${money(one.wager)}`, one.cards, one.total));
  }
  if (table.board) box.append(hand(`Board, ${table.street || ""}, pot ${money(table.pot || 0)}`, table.board));
  for (const seat of table.seats || []) {
    if (seat && seat.cards) box.append(hand(view.players[seat.seat].name, seat.cards));
  }
  if (table.your_cards) box.append(hand("Your cards", table.your_cards));
  for (const key of ["dice", "roll", "rolls"]) {
    if (Array.isArray(table[key])) {
      const line = el("p", "", "Dice: ");
      for (const pips of table[key]) line.append(die(pips));
      box.append(line);
    }
  }
  return box;
}
