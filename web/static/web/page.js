// The site's little script, a file so that our Content-Security-Policy allows no inline one.
// An invitation link's field selects itself when focused, ready to copy.
document.addEventListener("focusin", (event) => {
  if (event.target.matches && event.target.matches("[data-select-on-focus]")) {
    event.target.select();
  }
});

document.addEventListener("DOMContentLoaded", () => {
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
