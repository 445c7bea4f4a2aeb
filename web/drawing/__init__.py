"""The board drawn: server-rendered SVG built from the engine's per-viewer view.

Every picture here reads only what `web.presenters.table` already has from
`selectors.game_detail` (the engine's view for the page's viewer), plus the printed facts of
the components that every player sees on the table (track lengths and prices, the exploration
board's spaces). Nothing is drawn that the view does not hold, so a hidden hand, a sealed tile
or a face-down card can appear only as the view already shows it: a count, or a face down.

Each picture is an `<svg role="img">` with a `<title>` and a `<desc>` telling the same facts
in words, and nothing is told by colour alone: tokens carry a letter, tiers a shape, seats a
marker shape, tracks a name and numbers.
"""
