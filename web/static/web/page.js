// The site's little script, a file so that our Content-Security-Policy allows no inline one.
// An invitation link's field selects itself when focused, ready to copy.
document.addEventListener("focusin", (event) => {
  if (event.target.matches && event.target.matches("[data-select-on-focus]")) {
    event.target.select();
  }
});
