// The game page's analyses (GET /games/{id}/analysis): once the game has ended, the search level's suggestion
// for a chosen seat at the step on screen, beside the move that seat played; while it runs, a hint on the
// seat's turn (the suggested action's button marked). Split from game.js, which passes what it shares.

export function analyses({ api, gameId, $, item, now }) {

  const answers = new Map();  // "at:seat" -> the answer's promise: one request per question on this page
  function analysed(at, seat) {
    const key = `${at}:${seat}`;
    if (!answers.has(key)) {
      answers.set(key, api(`/games/${gameId}/analysis?as=${seat}&at=${at}`)
        .catch((error) => { answers.delete(key); throw error; }));  // a refusal or a pending search: ask again later
    }
    return answers.get(key);
  }

  function suggested(answer) {
    const best = answer.actions[answer.best];
    return `${best.label} (tried in ${best.visits} of ${answer.iterations} iterations, value ${best.value.toFixed(2)})`;
  }

  function paragraph(className, lead, text) {
    const p = document.createElement("p");
    p.className = className;
    const strong = document.createElement("strong");
    strong.textContent = lead;
    p.append(strong, ` ${text}`);
    return p;
  }

  let analysisOpen = null;  // whether the replay's analyses are open (the game has ended), as last shown
  function seatChoices() {
    const { game } = now();
    const select = $("analysis-seat");
    if (select.options.length === 1) {
      for (const seat of game.seats) {
        const option = document.createElement("option");
        option.value = String(seat.index);
        option.textContent = `seat ${seat.index} (${seat.name})`;
        select.appendChild(option);
      }
    }
    const open = game.status === "finished";
    if (open === analysisOpen) return;
    analysisOpen = open;  // the game ended while the page was open: the choice opens
    select.disabled = !open;
    $("analysis").replaceChildren(...(open ? [] : [paragraph("note", "Once the game has ended,",
      "any seat's decision at any step can be analysed here; while it runs, a seat asks for a hint on its turn.")]));
  }

  // The move `seat` played next after event `at`: the first command of that seat in the timeline after it.
  function playedAfter(at, seat) {
    const entries = $("timeline").children;
    for (let index = at; index < entries.length; index++) {  // entry n is event n: entries[at] is event at + 1
      const entry = entries[index];
      if (entry.dataset.seat === String(seat) && entry.dataset.label) return { seq: index + 1, label: entry.dataset.label };
    }
    return null;
  }

  let shownToAct = [];
  let suggesting = null;
  let suggestion = 0;  // the latest suggestion asked for: an older one's answer arriving later is dropped
  async function suggest() {
    const { game, shown } = now();
    const box = $("analysis");
    const chosen = $("analysis-seat").value;
    if (!game || game.status !== "finished" || chosen === "") {
      if (game && game.status === "finished") box.replaceChildren();
      return;
    }
    const ticket = ++suggestion;
    const [at, seat] = [shown, Number(chosen)];
    box.dataset.at = "";
    if (!shownToAct.includes(seat)) {
      box.replaceChildren(paragraph("note", `Seat ${seat} does not decide after event ${at}.`,
        shownToAct.length ? `To act: seat ${shownToAct.join(", ")}.` : "Nobody is to act."));
      box.dataset.at = String(at);
      return;
    }
    box.replaceChildren(paragraph("note", "Searching…", ""));
    let lines;
    try {
      const answer = await analysed(at, seat);
      const played = playedAfter(at, seat);
      const best = answer.actions[answer.best];
      lines = [paragraph("played", "Played:", played ? `${played.label} (event ${played.seq})` : "nothing after this step"),
        paragraph("suggested", "Suggested:", suggested(answer) +
          (played && played.label === best.label ? ": the move played" : ""))];
      const list = document.createElement("ol");
      list.className = "searched";
      const ranked = answer.actions.map((action, index) => [action, index]).sort((a, b) => b[0].visits - a[0].visits);
      for (const [action] of ranked) item(list, `${action.label}: ${action.visits} visits, value ${action.value.toFixed(2)}`);
      const more = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = `Every action searched (${answer.actions.length})`;
      more.append(summary, list);
      lines.push(more);
    } catch (error) {
      lines = [paragraph("note", "No suggestion:", error.message)];  // the problem's own words
    }
    if (ticket !== suggestion) return;
    box.replaceChildren(...lines);
    box.dataset.at = String(at);  // the step this suggestion is for (the page tests wait for it)
  }

  $("analysis-seat").addEventListener("change", suggest);

  /** The step on screen changed to one where `toAct` are to act: its suggestion is asked once the reader stops
   * there (each analysis counts in the caller's rate limit). */
  function schedule(toAct) {
    shownToAct = toAct;
    clearTimeout(suggesting);
    suggesting = setTimeout(suggest, 250);
  }

  $("hint").addEventListener("click", async () => {
    const version = $("actions").dataset.version;
    $("hint-note").textContent = "Searching…";
    try {
      const answer = await api(`/games/${gameId}/analysis`);  // the caller's seat, at the game's version
      if ($("actions").dataset.version !== version || String(answer.at) !== version) return;  // moved on meanwhile
      $("hint-note").textContent = `The search level suggests: ${suggested(answer)}`;
      const label = answer.actions[answer.best].label;
      for (const button of $("actions").querySelectorAll("button")) {
        button.classList.toggle("suggested", button.textContent === label);
        if (button.textContent === label && button.closest("details")) button.closest("details").open = true;  // a kind folded
      }
    } catch (error) {
      $("hint-note").textContent = `No hint: ${error.message}`;
    }
  });

  return { seatChoices, schedule };
}
