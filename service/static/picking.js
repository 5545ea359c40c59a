// Play on the board (issue 33; the contract is in docs/pages.md): the board module's targets(action, view) names,
// for each listed action, the board components a player clicks to choose it, in order. Every component that is
// the next key of some action still possible is highlighted (class target-legal) and made a button (tabindex 0,
// role button: Enter and Space click it); a click narrows the actions to those whose next key it is (the
// component is marked target-chosen). When one action's sequence is complete and nothing longer remains, it is
// sent as its list button would send it; when several are complete (or one is, and longer ones go on), a chooser
// of their labels is shown. Cancel (or Escape) forgets the clicks. The page draws, lists and sends; this module
// only keeps the choice under way.

export function picker({ board, box, note, choices, cancel, send }) {
  let sequences = [];  // [{action, keys}] of every listed action naming at least one component
  let picked = [];  // the keys clicked so far
  let armedKey = "";  // what the sequences were computed from: the same listing keeps the clicks made

  function live() {
    return sequences.filter(({ keys }) => picked.every((key, index) => keys[index] === key));
  }

  function components() {
    return board.querySelectorAll("[data-target]");
  }

  function component(key) {
    return [...components()].find((node) => node.getAttribute("data-target") === key) || null;
  }

  function named(key) {
    const node = component(key);
    return (node && node.getAttribute("aria-label")) || key;
  }

  function render() {
    const possible = live();
    const next = new Set(possible.filter(({ keys }) => keys.length > picked.length).map(({ keys }) => keys[picked.length]));
    for (const node of components()) {
      const key = node.getAttribute("data-target");
      const legal = next.has(key);
      node.classList.toggle("target-legal", legal);
      node.classList.toggle("target-chosen", picked.includes(key));
      if (legal) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
      } else if (node.getAttribute("role") === "button") {
        node.removeAttribute("tabindex");
        node.removeAttribute("role");
      }
    }
    const complete = possible.filter(({ keys }) => keys.length === picked.length);
    choices.replaceChildren(...(picked.length && (complete.length > 1 || (complete.length && next.size)) ?
      complete.map(({ action }) => {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = action.label;
        button.addEventListener("click", () => choose(action));
        return button;
      }) : []));
    box.hidden = !sequences.length;
    cancel.hidden = !picked.length;
    note.textContent = !sequences.length ? "" : !picked.length ?
      "Click a highlighted part of the board, or choose from the list." :
      `Chosen: ${picked.map(named).join(", then ")}. ` +
      (choices.children.length ? "Choose one below" + (next.size ? ", or click on." : ".") : "Click on.");
  }

  function choose(action) {
    picked = [];
    sequences = [];
    render();
    send(action);
  }

  function click(node) {
    const key = node.getAttribute("data-target");
    if (!node.classList.contains("target-legal")) return;
    picked.push(key);
    const possible = live();
    const longer = possible.some(({ keys }) => keys.length > picked.length);
    const complete = possible.filter(({ keys }) => keys.length === picked.length);
    if (complete.length === 1 && !longer) choose(complete[0].action);
    else render();
  }

  // Components may nest (a region's sections): a click goes to the innermost legal one around the point.
  board.addEventListener("click", (event) => {
    const node = event.target.closest && event.target.closest("[data-target].target-legal");
    if (node && board.contains(node)) click(node);
  });
  board.addEventListener("keydown", (event) => {
    const node = event.target.closest && event.target.closest("[data-target].target-legal");
    if (!node) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      click(node);
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && picked.length) reset();
  });
  function reset() {
    picked = [];
    render();
  }
  cancel.addEventListener("click", reset);

  return {
    /** Highlight the board just drawn for `listed` (GET /actions), the view it was drawn from; `targets` is
     * the board module's, or undefined (then the board stays as drawn and only the list plays). */
    arm(targets, view, listed) {
      const key = JSON.stringify(listed);
      if (key !== armedKey) picked = [];
      armedKey = key;
      sequences = [];
      if (typeof targets === "function") {
        for (const action of listed.actions) {
          let keys = [];
          try {
            keys = targets(action, view) || [];
          } catch (error) {
            console.warn("targets() failed for", action, error);  // the list still plays it
          }
          if (keys.length) sequences.push({ action, keys });
        }
      }
      render();
    },
    /** No play on the board: a past step shown, or nothing to choose. */
    disarm() {
      sequences = [];
      picked = [];
      armedKey = "";
      render();
    },
  };
}
