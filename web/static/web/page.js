// The site's little script, a file so that our Content-Security-Policy allows no inline one.
// An invitation link's field selects itself when focused, ready to copy.
document.addEventListener("focusin", (event) => {
  if (event.target.matches && event.target.matches("[data-select-on-focus]")) {
    event.target.select();
  }
});

// The new-game form: only the chosen game's own options are shown (each field's data-game).
function showChosenGame(select) {
  select.form.querySelectorAll("[data-game]").forEach((field) => {
    field.hidden = field.dataset.game !== select.value;
  });
}
document.addEventListener("change", (event) => {
  if (event.target.matches && event.target.matches("select[data-game-choice]")) {
    showChosenGame(event.target);
  }
});

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("select[data-game-choice]").forEach(showChosenGame);
  // Sign-up: the browser's time zone as a guess (the server maps old names like Europe/Kiev).
  const zone = (Intl.DateTimeFormat().resolvedOptions().timeZone || "").trim();
  if (zone) {
    document.querySelectorAll("input[data-browser-time-zone]").forEach((input) => {
      input.value = zone;
    });
    document.querySelectorAll("[data-browser-time-zone-text]").forEach((text) => {
      text.textContent = zone;
    });
  }
  // A long list (the time zones) gets a box that narrows it as one types.
  document.querySelectorAll("select[data-searchable]").forEach((select) => {
    const box = document.createElement("input");
    box.type = "search";
    box.className = "narrow-list";
    box.placeholder = select.dataset.searchable;
    box.setAttribute("aria-label", select.dataset.searchable);
    box.setAttribute("aria-controls", select.id);
    select.before(box);
    box.addEventListener("input", () => {
      const words = box.value.trim().toLowerCase().replaceAll(" ", "_");
      let first = null;
      select.querySelectorAll("option").forEach((option) => {
        const shown = !words || option.value.toLowerCase().includes(words);
        option.hidden = !shown;
        if (shown && first === null) first = option;
      });
      select.querySelectorAll("optgroup").forEach((group) => {
        group.hidden = !group.querySelector("option:not([hidden])");
      });
      if (words && first !== null && select.selectedOptions[0]?.hidden) first.selected = true;
    });
  });
});

// The game table (issue 49): htmx replaces it after an answer and on a poll that found news.
// The live region (#announcer, kept across swaps) then says what changed, from the table's
// #table-news; an answer brings the new question to the top of the view with the keyboard's
// focus on it; a poll that brings a new question moves the focus to it when the focus was on
// the table (not in the chat's box); any other swap puts the focus back where it was.
let tableBefore = null;
let announced = "";

function promptKey(root) {
  const asked = root.querySelector('#prompt input[name="prompt"]');
  const section = root.querySelector("#prompt");
  return asked ? asked.value : section ? section.className : "";
}

function focusKey(element) {
  if (element.id) return `#${CSS.escape(element.id)}`;
  if (!element.name) return null;
  const value = element.value ? `[value="${CSS.escape(element.value)}"]` : "";
  return `[name="${CSS.escape(element.name)}"]${value}`;
}

function announce(root) {
  const news = root.querySelector("#table-news");
  const region = document.getElementById("announcer");
  if (!news || !region) return;
  const text = news.textContent.replace(/\s+/g, " ").trim();
  if (!text) return;
  // Emptied first, so that the same words said again (a second die) are announced again.
  region.textContent = "";
  announced = text;
  setTimeout(() => {
    if (announced === text) region.textContent = text;
  }, 100);
}

document.addEventListener("htmx:beforeSwap", (event) => {
  const table = document.getElementById("table");
  if (!table || event.detail.target !== table) return;
  const active = document.activeElement;
  const onTable = !active || active === document.body || table.contains(active);
  tableBefore = {
    prompt: promptKey(table),
    answered: (event.detail.requestConfig?.verb || "get") !== "get",
    onTable,
    focus: active && active !== document.body && table.contains(active) ? focusKey(active) : null,
  };
});

// The standing answers' section is kept across a table's swap (hx-preserve in table.html),
// then loaded again in place: a rule used or cancelled by the change shows, and nothing below
// it jumps. Not while the player is typing a rule into it.
function refreshStanding(table) {
  const section = document.getElementById("standing");
  const url = table.dataset.standingUrl;
  if (!section || !url || section.contains(document.activeElement)) return;
  htmx.ajax("GET", url, { source: section, target: section, swap: "outerHTML" });
}

document.addEventListener("htmx:afterSettle", () => {
  const table = document.getElementById("table");
  const was = tableBefore;
  if (!table || !was) return;
  tableBefore = null;
  announce(table);
  refreshStanding(table);
  const prompt = document.getElementById("prompt");
  const newQuestion = prompt && promptKey(table) !== was.prompt;
  if (prompt && (was.answered || (newQuestion && was.onTable))) {
    prompt.focus({ preventScroll: true });
    // The new question at the top of the view: after tapping a long prompt's last option on
    // a phone, it would otherwise be above the screen.
    if (was.answered) prompt.scrollIntoView({ block: "start" });
    return;
  }
  const again = was.focus && table.querySelector(was.focus);
  if (again) again.focus({ preventScroll: true });
});

document.addEventListener("DOMContentLoaded", () => {
  const table = document.getElementById("table");
  // Once the live region is being watched; not over what a swap meanwhile announced.
  if (table) {
    setTimeout(() => {
      const now = document.getElementById("table");
      if (now && !announced) announce(now);
    }, 400);
  }
});
