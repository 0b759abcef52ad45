/**
 * The scripts a page hydrates with wait for its first paint. The build puts
 * them, unchanged (the entry `<script type="module">` and the
 * `modulepreload`s of the vendor chunks and of the first view's blocks),
 * in an inert `<template>` at the end of <head>, and a small inline script
 * moves them into the document once the page has painted and its hero
 * image (the `fetchpriority="high"` one, the LCP element) has arrived: the
 * stylesheet and the hero get the connection to themselves, and hydration
 * starts one frame later. A page opened in a background tab (no frames)
 * starts at once.
 */
const SCRIPTS_TEMPLATE_ID = '__MAREA_SCRIPTS__';

/** Opens the template; `pageHints` closes it after the page's own hints (hints.ts). */
export const SCRIPTS_TEMPLATE_OPEN = `<template id="${SCRIPTS_TEMPLATE_ID}">`;

/**
 * The inline loader, plain ES2017 (it runs before any bundle), one line in
 * the page. A script parsed inside a <template> never runs, so the entry is
 * created anew; the links are cloned.
 */
export const BOOT_SCRIPT = `(function () {
  var d = document;
  var t = d.getElementById('${SCRIPTS_TEMPLATE_ID}');
  if (!t) return;
  function start() {
    Array.prototype.forEach.call(t.content.children, function (node) {
      var el = node.cloneNode(true);
      if (node.tagName === 'SCRIPT') {
        el = d.createElement('script');
        el.type = 'module';
        el.setAttribute('crossorigin', '');
        el.src = node.getAttribute('src');
      }
      d.head.appendChild(el);
    });
  }
  function afterPaint() {
    if (d.hidden) start();
    else requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  function ready() {
    var hero = d.querySelector('img[fetchpriority="high"]');
    if (!hero || hero.complete) return afterPaint();
    hero.addEventListener('load', afterPaint, { once: true });
    hero.addEventListener('error', afterPaint, { once: true });
  }
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', ready, { once: true });
  else ready();
})();`.replace(/\s*\n\s*/g, '');
