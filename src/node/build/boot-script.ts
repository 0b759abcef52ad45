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
 * the page, in every page (≈ 0.5 KB: written short, then the spaces around
 * punctuation dropped; no string in it holds a space). A script parsed
 * inside a <template> never runs, so the entry is created anew; the links
 * are cloned. It stays inline: with GTM on, the CSP's `'strict-dynamic'`
 * trusts scripts by hash only (headers.ts), so a boot file would not run.
 */
export const BOOT_SCRIPT = `(function () {
  var d = document, t = d.getElementById('${SCRIPTS_TEMPLATE_ID}'), o = { once: !0 };
  if (!t) return;
  // s: start the scripts.
  function s() {
    [].forEach.call(t.content.children, function (n) {
      var e = n.cloneNode(!0);
      if (n.tagName == 'SCRIPT') {
        e = d.createElement('script');
        e.type = 'module';
        e.setAttribute('crossorigin', '');
        e.src = n.getAttribute('src');
      }
      d.head.appendChild(e);
    });
  }
  // p: after the next paint (at once in a background tab, which paints nothing).
  function p() {
    d.hidden ? s() : requestAnimationFrame(function () { setTimeout(s, 0); });
  }
  // r: once the hero image (the LCP element) has loaded or failed, if the page has one.
  function r() {
    var h = d.querySelector('img[fetchpriority=high]');
    if (!h || h.complete) return p();
    h.addEventListener('load', p, o);
    h.addEventListener('error', p, o);
  }
  d.readyState == 'loading' ? d.addEventListener('DOMContentLoaded', r, o) : r();
})();`
  .replace(/\s*\/\/.*\n/g, '\n')
  .replace(/\s*\n\s*/g, '')
  .replace(/\s*([{}()=,;:?|])\s*/g, '$1');
