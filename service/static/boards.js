// Each game's board drawn from its view (the JSON of getGame/replayAt), as plain DOM: one function per
// game type, (view, catalog) -> element, the catalog being the game type's (GET /game-types/{type}):
// where a view names a card by id, its face comes from there.
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

  // Hike!: the track of landscape cards with their fields (a snowflake of each field's snow kind, the
  // equipment fields marked) and the sleds on them; each musher's sled of two rows of huskies, each husky
  // with its four coloured edges and its snowflakes (tired, resting face down, upgraded); the centre and,
  // for a seat, its hand.
  const SNOW = { snow: "\u2744", ice: "\u2746", powder: "\u2745" };

  function snowflake(kinds) {
    const node = el("span", `flake ${kinds.join(" ")}`, kinds.map((kind) => SNOW[kind] || kind).join("/"));
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", kinds.join(" or "));
    node.title = kinds.join(" or ");
    return node;
  }

  function hikeCard(card, spot = {}) {
    if (!card) return el("div", "hike-card empty", "empty");
    const node = el("div", `hike-card ${card.kind}${spot.tired ? " tired" : ""}${spot.resting ? " resting" : ""}`);
    node.title = `${card.id} ${card.name}` + (spot.tired ? ", tired" : "") + (spot.resting ? ", resting" : "");
    if (card.edges) {
      for (const [side, colour] of Object.entries(card.edges)) node.style[`border-${side}-color`] = `var(--${colour})`;
    }
    node.append(el("span", "card-name", card.name));
    const flakes = el("span", "flakes");
    const points = spot.points || (card.snow || []).map((kind) => [kind]);
    for (const point of points) flakes.append(snowflake(point));
    node.append(flakes);
    if (spot.equipment) node.append(el("span", "badge", "upgraded"));
    if (spot.resting) node.append(el("span", "badge", "resting"));
    else if (spot.tired) node.append(el("span", "badge", "tired"));
    return node;
  }

  function hike(view, catalog) {
    const board = el("div", "board hike");
    // On a simultaneous race day (table option simultaneous_days) every musher on the road moves at once.
    const together = view.phase === "race" && view.simultaneous_days && view.current === null &&
      view.mushers.some((musher) => musher.step !== null);
    const current = view.current !== null ? `, ${view.mushers[view.current].name} to play` :
      together ? ", every musher on the road moves at once" : "";
    board.append(el("p", "status", `${view.phase}, day ${view.day}` + (view.step ? ` (${view.step})` : "") + current +
      (view.ending ? `; ended: ${view.ending.replace(/_/g, " ")}` : "")));
    const track = el("ol", "track");
    track.setAttribute("aria-label", "The track");
    const sleds = {};
    for (const musher of view.mushers) (sleds[musher.position] ||= []).push(musher);
    let field = 0;
    const start = el("li", "landscape start-space");
    start.append(el("span", "card-name", "start"), ...(sleds[0] || []).map(sled));
    track.append(start);
    for (const landscape of view.track) {
      const card = el("li", `landscape${landscape.face_up ? "" : " face-down"}`);
      if (!landscape.face_up) {
        card.append(el("span", "card-name", landscape.rotated ? "face down (rotated)" : "face down"));
        track.append(card);
        continue;
      }
      card.append(el("span", "card-name", landscape.name));
      const fields = el("div", "fields");
      for (const spot of landscape.fields) {
        field += 1;
        const node = el("span", `field ${spot.snow}${spot.equipment ? " equipment" : ""}`);
        node.title = `field ${field}: ${spot.snow}${spot.equipment ? ", needs equipment" : ""}`;
        node.append(snowflake([spot.snow]));
        if (spot.equipment) node.append(el("span", "badge", "equipment"));
        for (const musher of sleds[field] || []) node.append(sled(musher));
        fields.append(node);
      }
      card.append(fields);
      track.append(card);
    }
    board.append(track);
    for (const musher of view.mushers) {
      const moving = musher.seat === view.current || musher.step !== null;  // on a simultaneous day, several
      const box = el("section", `musher seat${musher.seat}${moving ? " current" : ""}`);
      box.setAttribute("aria-label", `${musher.name}'s sled`);
      box.append(el("h3", "", `${musher.name}: ` + (musher.out ? "out of the race" : musher.ready ? "ready" :
        "preparing") + `, at field ${musher.position}; ${musher.hand_size} in hand, ${musher.plus_cards} +1` +
        (musher.care_pile.length ? `, care pile ${musher.care_pile.length}` : "") +
        (musher.compulsory_care ? `, must use care ${musher.compulsory_care} today` : "") +
        (musher.camped ? ", camped for the night" : musher.step && musher.step !== "run" ? ` (${musher.step})` : "")));
      const grid = el("div", "sled-grid");
      grid.style.gridTemplateColumns = `repeat(${view.columns}, 1fr)`;
      for (const spot of musher.sled) grid.append(hikeCard(spot.card, spot));
      box.append(grid);
      board.append(box);
    }
    const centre = el("div", "centre");
    centre.setAttribute("aria-label", "The centre");
    centre.append(el("h3", "", `Centre (${view.deck_size} in the husky deck, ${view.care_pile_size} care cards)`));
    for (const card of view.centre) centre.append(hikeCard(card));
    board.append(centre);
    if (view.hand) {
      const hand = el("div", "centre hand");
      hand.append(el("h3", "", "Your hand"));
      for (const card of view.hand) hand.append(hikeCard(card));
      board.append(hand);
    }
    if (view.care_discards.length && catalog.care_cards) {
      board.append(el("p", "", "Care used: " + view.care_discards.map((id) => (catalog.care_cards[id] || {}).name || id)
        .join(", ")));
    }
    return board;

    function sled(musher) {
      const node = el("span", `sled seat${musher.seat}`, musher.name);
      node.title = `${musher.name}'s sled`;
      return node;
    }
  }

  // Hitchiker: the ring of locations (42 squares round the edge of a 12 by 11 grid) with the pawns, owners
  // and prices; inside it, every player's cash, savings, contraband and hometowns, the dice, the last bad
  // ride card and the casino table (its playing cards' faces from the catalog).
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

  function hitchiker(view, catalog) {
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

  // Peaks: the display of three mountain cards (faces from the catalog: continent, elevation, stamina,
  // equipment and experience needed, the rewards of each side, green ones marked), the decks, the climb
  // under way, and each player's mat: stamina, level and experience, equipment, the three actions with
  // their dials, tiles and bonus tokens, flags by continent, summits and companions.
  function mountainCard(id, catalog) {
    const face = (catalog.mountains || {})[id];
    const card = el("div", `mountain-card ${face ? face.continent : ""}`);
    if (!face) { card.append(el("span", "card-name", id)); return card; }
    card.title = id;
    card.append(el("strong", "card-name", face.name),
      el("span", "", `${(catalog.continents[face.continent] || {}).name || face.continent}, ${face.elevation_m} m, deck ${face.deck}`),
      el("span", "", `stamina ${face.stamina}` + (face.experience ? `, experience ${face.experience}` : "") +
        (face.equipment.length ? `, ${face.equipment.map((kind) => (catalog.equipment[kind] || {}).name || kind).join(", ")}` : "") +
        (face.acclimatisation ? ", acclimatise" : "")));
    const sides = el("div", "sides");
    for (const side of ["left", "right"]) {
      const list = el("ul", `side ${side}`);
      list.setAttribute("aria-label", `${side} side rewards`);
      for (const reward of face[side]) {
        list.append(el("li", reward.green ? "green" : "", ((catalog.rewards || {})[reward.reward] || {}).name || reward.reward));
      }
      sides.append(list);
    }
    card.append(sides);
    return card;
  }

  function peaks(view, catalog) {
    const board = el("div", "board peaks");
    const name = (seat) => view.players[seat].name;
    board.append(el("p", "status", `${view.phase}, turn ${view.turn}` +
      (view.current === null || view.phase === "over" ? "" : `, ${name(view.current)} to play`) + (view.action ? ` (${view.action})` : "") +
      (view.step ? `: ${view.step.prompt}` : "") +
      (view.step && view.step.rewards ? ` (${Object.entries(view.step.rewards).map(([kind, count]) => `${count} ${kind.replace("_", " ")}`).join(", ")})` : "") +
      (view.step && view.step.missing ? ` (missing: ${view.step.missing.join(", ")})` : "")));
    const display = el("div", "display");
    display.setAttribute("aria-label", "The display");
    for (const id of view.display) display.append(mountainCard(id, catalog));
    board.append(display);
    board.append(el("p", "", `Decks: A ${view.decks.A}, B ${view.decks.B}, companions ${view.decks.companions}, ` +
      `bonus ${view.decks.bonus}; the display refills from ${view.decks.refills_display}`));
    if (view.climb) {
      const climb = el("div", "climb");
      climb.append(el("h3", "", `${name(view.climb.climber)} climbs (${view.climb.side} side), with ` +
        (view.climb.party.map((member) => name(member.seat)).join(", ") || "nobody") +
        ((view.climb.backing || []).length ? `; paid for by ${view.climb.backing.map((b) => `${name(b.seat)} (${b.equipment.join(", ")})`).join(", ")}` : "")));
      climb.append(mountainCard(view.climb.mountain, catalog));
      board.append(climb);
    }
    for (const player of view.players) {
      const mat = el("section", `mat seat${player.seat}${player.seat === view.current ? " current" : ""}`);
      mat.setAttribute("aria-label", `${player.name}'s mat`);
      mat.append(el("h3", "", `${player.name}, in ${(catalog.continents[player.continent] || {}).name || player.continent}`));
      const dials = el("p", "dials");
      const gauge = (label, value, max) => {
        const meter = el("meter");
        Object.assign(meter, { min: 0, max, value });
        const box = el("label", "", `${label} ${value} `);
        box.append(meter);
        return box;
      };
      const mats = (catalog.mats || {}).player || { stamina_max: 20, stamina_level_max: 20, experience_max: 15 };
      dials.append(gauge("stamina", player.stamina, mats.stamina_max),
        gauge("stamina level", player.stamina_level, mats.stamina_level_max),
        gauge("experience", player.experience, mats.experience_max));
      mat.append(dials);
      mat.append(el("p", "", "Equipment: " + Object.entries(player.equipment)
        .map(([kind, count]) => `${(catalog.equipment[kind] || {}).name || kind} ${count}`).join(", ")));
      const actions = el("table", "actions");
      const head = el("tr");
      for (const title of ["action", "dial", "tiles slid up", "bonus tokens"]) head.append(el("th", "", title));
      actions.append(head);
      for (const action of ["rest", "prepare", "climb"]) {
        // the dial's turns and the tiles slid up index the action's printed dial and tiles (catalog `actions`)
        const printed = (catalog.actions || {})[action] || { dial: [], tiles: [] };
        const dial = printed.dial[player.dials[action]];
        const row = el("tr");
        row.append(el("th", "", printed.name || action),
          el("td", "", dial === undefined ? String(player.dials[action]) : `${dial} (${printed.dial_meaning})`),
          el("td", "", printed.tiles.slice(0, player.tiles[action]).map((tile) => tile.effect).join("; ") || "none"),
          el("td", "", String(player.tokens[action])));
        actions.append(row);
      }
      mat.append(actions);
      const flags = el("p", "flags", `Flags (${player.flags_placed} placed): `);
      for (const [continent, count] of Object.entries(player.flags)) {
        if (count) flags.append(el("span", "flag", `\u2691 ${(catalog.continents[continent] || {}).name || continent} ${count}`));
      }
      mat.append(flags);
      mat.append(el("p", "", "Summits: " + (player.mountains.map((id) => ((catalog.mountains || {})[id] || {}).name || id)
        .join(", ") || "none")));
      mat.append(el("p", "", "Companions: " + (player.companions.map((one) =>
        `${((catalog.companions || {})[one.companion] || {}).name || one.companion} (${one.uses} uses)`).join(", ") || "none") +
        `; bonus cards in hand: ${player.bonus_cards_in_hand}` + (player.bonus_cards && player.bonus_cards.length ?
        ` (${player.bonus_cards.map((id) => ((catalog.bonus_cards || {})[id] || {}).name || id).join(", ")})` : "")));
      board.append(mat);
    }
    return board;
  }

  window.TrailheadBoards = {
    "hike": hike, "hikes-of-the-west": hikesOfTheWest, "hitchiker": hitchiker, "nanga-parbat": nangaParbat,
    "peaks": peaks,
  };
})();
