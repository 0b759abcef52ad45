/**
 * The XSS corpus. Every vector, when it executes, calls the
 * one global hook `__xss('<its name>')` (the browser test defines it, and
 * `alert`/`confirm`/`prompt`/`print`, and records every call), so an execution
 * is unambiguous and names its vector. Names are `[a-z0-9-]` so they sit in
 * any quoting. Families follow the OWASP XSS filter evasion cheat sheet,
 * PortSwigger's XSS cheat sheet and the published mutation-XSS vectors.
 */
export interface Vector {
  readonly name: string;
  readonly family: Family;
  readonly payload: string;
}

export type Family = 'script' | 'event' | 'url' | 'svg-math' | 'mutation' | 'css' | 'attribute' | 'json' | 'template' | 'misc';

/** The hook call of a vector. */
const hook = (name: string) => `__xss('${name}')`;

type Maker = (call: string, name: string) => string;

const FAMILIES: Record<Family, Record<string, Maker>> = {
  script: {
    'script-plain': (c) => `<script>${c}</script>`,
    'script-upper': (c) => `<SCRIPT>${c}</SCRIPT>`,
    'script-mixed-case': (c) => `<ScRiPt>${c}</sCrIpT>`,
    'script-src-data': (c) => `<script src="data:text/javascript,${c}"></script>`,
    'script-close-reopen': (c) => `</script><script>${c}</script>`,
    'script-comment-open': (c) => `<!--<script>${c}</script>-->`,
    'script-nested-strip': (c) => `<scr<script>ipt>${c}</scr</script>ipt>`,
    'script-slash-attr': (c) => `<script/x>${c}</script>`,
    'script-no-close': (c) => `<script>${c}//`,
    'script-cdata': (c) => `<![CDATA[<script>${c}</script>]]>`,
    'script-in-textarea-close': (c) => `</textarea><script>${c}</script>`,
    'script-in-title-close': (c) => `</title><script>${c}</script>`,
    'script-in-style-close': (c) => `</style><script>${c}</script>`,
    'script-null-byte': (c) => `<scr\u0000ipt>${c}</script>`,
  },
  event: {
    'img-onerror': (c) => `<img src=x onerror="${c}">`,
    'img-onerror-unquoted': (c) => `<img src=x onerror=${c}>`,
    'img-onerror-slash': (c) => `<img/src=x/onerror=${c}>`,
    'img-onerror-backtick': (c) => `<img src=\`x\` onerror=\`${c}\`>`,
    'img-onerror-entity': (c) => `<img src=x onerror="&#95;&#95;xss('img-onerror-entity')">`.replace('__xss', c),
    'img-onerror-newline': (c) => `<img src=x\nonerror\n=\n"${c}">`,
    'img-onerror-upper': (c) => `<IMG SRC=x ONERROR="${c}">`,
    'body-onload': (c) => `<body onload="${c}">`,
    'svg-onload': (c) => `<svg onload="${c}">`,
    'svg-slash-onload': (c) => `<svg/onload=${c}>`,
    'input-onfocus-autofocus': (c) => `<input autofocus onfocus="${c}">`,
    'details-ontoggle': (c) => `<details open ontoggle="${c}">`,
    'video-source-onerror': (c) => `<video><source onerror="${c}"></video>`,
    'audio-src-onerror': (c) => `<audio src=x onerror="${c}">`,
    'iframe-onload': (c) => `<iframe onload="${c}"></iframe>`,
    'marquee-onstart': (c) => `<marquee onstart="${c}">x</marquee>`,
    'a-onmouseover': (c) => `<a href="#" onmouseover="${c}">hover</a>`,
    'div-onpointerenter': (c) => `<div onpointerenter="${c}" style="position:fixed;inset:0">x</div>`,
    'select-onfocus': (c) => `<select autofocus onfocus="${c}"></select>`,
    'textarea-onfocus': (c) => `<textarea autofocus onfocus="${c}"></textarea>`,
    'keygen-onfocus': (c) => `<keygen autofocus onfocus="${c}">`,
    'object-onerror': (c) => `<object data=x onerror="${c}"></object>`,
    'animate-onbegin': (c) => `<svg><animate onbegin="${c}" attributeName=x dur=1s>`,
    'style-onload': (c) => `<style onload="${c}"></style>`,
    'contenteditable-onfocus': (c) => `<div contenteditable autofocus onfocus="${c}">x</div>`,
    'onerror-nul-separator': (c) => `<img src=x\u0000onerror="${c}">`,
  },
  url: {
    'js-plain': (c) => `javascript:${c}`,
    'js-upper': (c) => `JAVASCRIPT:${c}`,
    'js-mixed-case': (c) => `JaVaScRiPt:${c}`,
    'js-tab': (c) => `java\tscript:${c}`,
    'js-newline': (c) => `java\nscript:${c}`,
    'js-cr': (c) => `java\rscript:${c}`,
    'js-leading-space': (c) => `   javascript:${c}`,
    'js-leading-nul': (c) => `\u0000javascript:${c}`,
    'js-leading-control': (c) => `\u0001\u0010javascript:${c}`,
    'js-entity-decimal': (c) => `&#106;avascript:${c}`,
    'js-entity-decimal-padded': (c) => `&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058${c}`,
    'js-entity-hex': (c) => `&#x6A;avascript:${c}`,
    'js-entity-hex-nosemi': (c) => `&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A${c}`,
    'js-entity-tab': (c) => `java&Tab;script:${c}`,
    'js-entity-newline': (c) => `java&NewLine;script:${c}`,
    'js-entity-colon': (c) => `javascript&colon;${c}`,
    'js-percent-encoded': (c) => `javascript%3A${c}`,
    'js-url-encoded-body': (c) => `javascript:${encodeURIComponent(c)}`,
    'js-comment-newline': (c) => `javascript://%0a${c}`,
    'js-fullwidth': (c) => `ｊａｖａｓｃｒｉｐｔ:${c}`,
    'js-zero-width': (c) => `java\u200bscript:${c}`,
    'data-html': (c) => `data:text/html,<script>${c}</script>`,
    'data-html-base64': (c) => `data:text/html;base64,${Buffer.from(`<script>${c}</script>`).toString('base64')}`,
    'data-upper': (c) => `DATA:text/html,<script>${c}</script>`,
    'data-svg': (c) => `data:image/svg+xml,<svg onload="${c}"/>`,
    vbscript: (c) => `vbscript:${c}`,
    'vbscript-upper': (c) => `VBScript:${c}`,
    'blob-url': (c) => `blob:javascript:${c}`,
    livescript: (c) => `livescript:${c}`,
    'js-protocol-relative-break': (c) => `//example.com/"><script>${c}</script>`,
  },
  'svg-math': {
    'svg-script': (c) => `<svg><script>${c}</script></svg>`,
    'svg-script-href': (c) => `<svg><script href="data:,${c}"/></svg>`,
    'svg-a-xlink': (c) => `<svg><a xlink:href="javascript:${c}"><text y=20>x</text></a></svg>`,
    'svg-use-data': (c) =>
      `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='x' onerror='${c.replace(/'/g, '&quot;')}'/></svg>#x"/></svg>`,
    'svg-set-href': (c) => `<svg><a><set attributeName=href to="javascript:${c}"/><text y=20>x</text></a></svg>`,
    'svg-foreignobject': (c) => `<svg><foreignObject><img src=x onerror="${c}"></foreignObject></svg>`,
    'math-href': (c) => `<math><mi href="javascript:${c}">x</mi></math>`,
    'math-maction': (c) => `<math><maction actiontype="statusline" xlink:href="javascript:${c}">x</maction></math>`,
    'svg-iframe-srcdoc': (c) => `<svg><foreignObject><iframe srcdoc="<script>${c}</script>"></iframe></foreignObject></svg>`,
  },
  mutation: {
    'mxss-noscript-title': (c) => `<noscript><p title="</noscript><img src=x onerror=${c}>">`,
    'mxss-svg-style': (c) => `<svg><style><img src=x onerror=${c}></style></svg>`,
    'mxss-math-mglyph': (c) => `<math><mtext><table><mglyph><style><img src=x onerror=${c}>`,
    'mxss-math-style-comment': (c) => `<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src=x onerror=${c}>"></style></h1>`,
    'mxss-form-nesting': (c) => `<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=${c}>`,
    'mxss-svg-p': (c) => `<svg></p><style><a id="</style><img src=x onerror=${c}>">`,
    'mxss-textarea': (c) => `<textarea><img title="</textarea><img src=x onerror=${c}>"></textarea>`,
    'mxss-title': (c) => `<title><img title="</title><img src=x onerror=${c}>"></title>`,
    'mxss-xmp': (c) => `<xmp><img title="</xmp><img src=x onerror=${c}>"></xmp>`,
    'mxss-noembed': (c) => `<noembed><img title="</noembed><img src=x onerror=${c}>"></noembed>`,
    'mxss-iframe-text': (c) => `<iframe><img title="</iframe><img src=x onerror=${c}>"></iframe>`,
    'mxss-template': (c) => `<template><style></template><img src=x onerror=${c}></style>`,
    'mxss-comment-attr': (c) => `<a title="--><img src=x onerror=${c}>"><!--</a>`,
    'mxss-backtick-ie': (c) => `<img src="x\` \`<script>${c}</script>"\` \`>`,
    'mxss-select-style': (c) => `<select><style></select><img src=x onerror=${c}></style>`,
  },
  css: {
    'css-expression': (c) => `<div style="width:expression(${c})">x</div>`,
    'css-url-js': (c) => `<div style="background:url(javascript:${c})">x</div>`,
    'css-import': (c) => `<style>@import 'javascript:${c}';</style>`,
    'css-import-data': (c) => `<style>@import url("data:text/css,*{x:expression(${c})}");</style>`,
    'css-behavior': (c) => `<div style="behavior:url(x.htc);-moz-binding:url(javascript:${c})">x</div>`,
    'css-style-close': (c) => `</style><img src=x onerror=${c}>`,
    'css-escaped-expression': (c) => `<div style="w\\idth:exp\\ression(${c})">x</div>`,
    'css-link-stylesheet': (c) => `<link rel=stylesheet href="javascript:${c}">`,
    // CSS escapes past a filter that matches `url(` and `@import` as written (the SVG review's five, in HTML).
    'css-escaped-url': (c) => `<div style="background:\\75 rl(javascript:${c})">x</div>`,
    'css-escaped-import': (c) => `<style>@\\69mport 'javascript:${c}';</style>`,
    'css-image-set': (c) => `<div style="background-image:image-set('javascript:${c}' 1x)">x</div>`,
    'css-font-face-src': (c) => `<style>@font-face{font-family:x;src:url(javascript:${c})}</style><p style="font-family:x">x</p>`,
    'css-escaped-url-attr': (c) => `<p style="list-style:\\000075\\000072\\00006c(javascript:${c})">x</p>`,
  },
  attribute: {
    'attr-dq-break': (c) => `" onmouseover="${c}" autofocus onfocus="${c}" x="`,
    'attr-sq-break': (c) => `' onmouseover='${c}' autofocus onfocus='${c}' x='`,
    'attr-tag-break': (c) => `"><img src=x onerror=${c}>`,
    'attr-sq-tag-break': (c) => `'><img src=x onerror=${c}>`,
    'attr-backtick-break': (c) => `\` onfocus=${c} autofocus x=\``,
    'attr-unquoted-break': (c) => `x onfocus=${c} autofocus`,
    'srcset-js': (c) => `<img srcset="javascript:${c} 1x, x 2x">`,
    'srcset-break': (c) => `x 1x, x" onerror="${c}`,
    formaction: (c) => `<form><button formaction="javascript:${c}">go</button></form>`,
    'input-formaction': (c) => `<input type=submit formaction="javascript:${c}" value=go>`,
    'form-action-js': (c) => `<form action="javascript:${c}"><input type=submit></form>`,
    'iframe-srcdoc': (c) => `<iframe srcdoc="&lt;script&gt;${c}&lt;/script&gt;"></iframe>`,
    'iframe-src-js': (c) => `<iframe src="javascript:${c}"></iframe>`,
    'embed-src-js': (c) => `<embed src="javascript:${c}">`,
    'object-data-js': (c) => `<object data="javascript:${c}"></object>`,
    'base-href': (c) => `<base href="javascript:${c}//">`,
    'meta-refresh': (c) => `<meta http-equiv="refresh" content="0;url=javascript:${c}">`,
    'meta-refresh-data': (c) => `<meta http-equiv="refresh" content="0;url=data:text/html,<script>${c}</script>">`,
    'a-href-js': (c) => `<a href="javascript:${c}">click</a>`,
    'a-href-entity': (c) => `<a href="&#106;avascript:${c}">click</a>`,
    'a-href-tab-entity': (c) => `<a href="jav&Tab;ascript:${c}">click</a>`,
    'a-href-ws-case': (c) => `<a href=" \tJaVaScRiPt:${c}">click</a>`,
    'area-href': (c) => `<map name=m><area shape=rect coords=0,0,9,9 href="javascript:${c}"></map>`,
    'button-onclick': (c) => `<button onclick="${c}">go</button>`,
    'anchor-ping-js': (c) => `<a href="#" ping="javascript:${c}">x</a>`,
  },
  json: {
    'json-script-close': (c) => `</script><script>${c}</script>`,
    'json-script-close-upper': (c) => `</SCRIPT ><img src=x onerror=${c}>`,
    'json-comment-open': (c) => `<!--<script>${c}//`,
    'json-u2028': (c) => `\u2028${c}\u2029`,
    'json-u2028-string-break': (c) => `"\u2028;${c};//`,
    'json-quote-break': (c) => `"};${c};//`,
    'json-backslash-break': (c) => `\\";${c};//`,
    'json-cdata-close': (c) => `]]></script><script>${c}</script>`,
  },
  template: {
    'tpl-angular': (c) => `{{constructor.constructor("${c}")()}}`,
    'tpl-angular-dollar': (c) => `{{$on.constructor("${c}")()}}`,
    'tpl-dollar-brace': (c) => `\${${c}}`,
    'tpl-vue': (c) => `<div v-html="'<img src=x onerror=${c}>'"></div>`,
    'tpl-react-dangerously': (c) => `{"dangerouslySetInnerHTML":{"__html":"<img src=x onerror=${c}>"}}`,
  },
  misc: {
    utf7: (c) => `+ADw-script+AD4-${c}+ADw-/script+AD4-`,
    'half-open-tag': (c) => `<img src=x onerror="${c}"`,
    'double-open': (c) => `<<script>${c}//<</script>`,
    'markdown-link-js': (c) => `[click](javascript:${c})`,
    'markdown-image-onerror': (c) => `![x](x" onerror="${c})`,
    'html-entity-tag': (c) => `&lt;img src=x onerror=${c}&gt;`,
    'isindex-formaction': (c) => `<isindex type=image src=1 onerror=${c}>`,
    'svg-data-uri-img': (c) => `<img src="data:image/svg+xml,<svg onload='${c.replace(/'/g, '&quot;')}'/>">`,
  },
};

/** Every vector, in a stable order (families as listed, names within). */
export const VECTORS: readonly Vector[] = Object.entries(FAMILIES).flatMap(([family, makers]) =>
  Object.entries(makers).map(([name, make]) => ({ name, family: family as Family, payload: make(hook(name), name) })),
);

/** Vectors meant for URL fields (href, src, action): the schemes, and the ones that break out of an attribute. */
export const URL_VECTORS: readonly Vector[] = VECTORS.filter((v) => v.family === 'url' || v.name.startsWith('attr-') || v.name.startsWith('srcset-') || v.name.startsWith('json-'));
