/* A box that scrolls sideways says so: the hint just before it ([data-scroll-hint],
 * templates/matches/_scroll_hint.html) shows while the box is too narrow for what it holds,
 * on a phone say, and hides when everything fits. Checked again when the window changes
 * size and when the page's content changes (the live refresh replaces it). */
(() => {
  "use strict";
  const update = () => {
    for (const hint of document.querySelectorAll("[data-scroll-hint]")) {
      const box = hint.nextElementSibling;
      const scrolls = Boolean(box) && box.scrollWidth > box.clientWidth + 1;
      if (hint.hidden === scrolls) hint.hidden = !scrolls;
    }
  };
  const start = () => {
    update();
    window.addEventListener("resize", update);
    new MutationObserver(update).observe(document.body, { childList: true, subtree: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
