// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { Script } from 'node:vm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { judgeCaptions, judgeMedia } from './judge.js';
import { sanitizeSvg } from './svg.js';

const pixel = () => sharp({ create: { width: 4, height: 3, channels: 3, background: { r: 10, g: 120, b: 140 } } });
/** The smallest WebM header file-type recognises: EBML, DocType "webm". */
const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84, ...Buffer.from('webm'), ...Buffer.alloc(64)]);
const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/admin",{credentials:"include"})</script></body></html>');

describe('judgeMedia', () => {
  it.each([
    ['JPEG', () => pixel().jpeg().toBuffer(), 'jpg', 'image/jpeg'],
    ['PNG', () => pixel().png().toBuffer(), 'png', 'image/png'],
    ['WebP', () => pixel().webp().toBuffer(), 'webp', 'image/webp'],
    ['AVIF', () => pixel().avif().toBuffer(), 'avif', 'image/avif'],
    ['GIF', () => pixel().gif().toBuffer(), 'gif', 'image/gif'],
    ['MP4', () => readFile('content-cache/uploads/lagoon_loop_a6b2618ded.mp4'), 'mp4', 'video/mp4'],
    ['WebM', () => Promise.resolve(webm), 'webm', 'video/webm'],
  ])('keeps a %s as it is, with the extension of what it is', async (_name, make, ext, mime) => {
    const bytes = await make();
    const judged = await judgeMedia(bytes);
    expect(judged).toEqual({ ok: true, ext, mime, bytes });
  });

  it('a JPEG with an HTML payload appended is still a JPEG (browsers show it as an image)', async () => {
    const bytes = Buffer.concat([await pixel().jpeg().toBuffer(), html]);
    expect(await judgeMedia(bytes)).toMatchObject({ ok: true, ext: 'jpg', mime: 'image/jpeg' });
  });

  it.each([
    ['HTML', html, /its bytes are text starting "<!doctype html><html><body><script>f/],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), /its bytes are PDF \(application\/pdf\)/],
    ['an executable', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]), /its bytes are ELF/],
    ['plain XML', Buffer.from('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'), /not an allowed image or video/],
    ['a ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(60)]), /its bytes are ZIP/],
  ])('refuses %s, saying what the bytes are', async (_name, bytes, reason) => {
    const judged = await judgeMedia(bytes);
    expect(judged.ok).toBe(false);
    expect(!judged.ok && judged.reason).toMatch(reason);
  });
});

describe('WebVTT captions', () => {
  const cues = '\n\n00:00:00.000 --> 00:00:02.000\n[Waves] Palmeras sobre la laguna.\n';

  it.each([
    ['the bundled English captions', () => readFile('content-cache/uploads/lagoon_loop_en_4f1c9a72be.vtt')],
    ['the bundled Spanish captions (accents: UTF-8)', () => readFile('content-cache/uploads/lagoon_loop_es_8d03e5b61a.vtt')],
    ['WebVTT after a byte order mark', () => Promise.resolve(Buffer.from(`\uFEFFWEBVTT${cues}`, 'utf8'))],
    ['WebVTT with a header text and CRLF lines', () => Promise.resolve(Buffer.from(`WEBVTT - Lagoon\r\n\r\n00:01.000 --> 00:02.000\r\nHola\r\n`))],
    [
      'a note, a styled cue with an id, voice and class tags',
      () =>
        Promise.resolve(
          Buffer.from(
            `WEBVTT\n\nNOTE made by hand\n\nSTYLE\n::cue(.sea) { color: teal }\n\nintro\n00:00.000 --> 00:01.500 line:90% align:center\n<v Ana>¡Hola!</v> <c.sea>la laguna</c>\n`,
          ),
        ),
    ],
  ])('keeps %s as .vtt, served as text/vtt, byte for byte', async (_name, read) => {
    const bytes = await read();
    expect(await judgeMedia(bytes)).toEqual({ ok: true, ext: 'vtt', mime: 'text/vtt', bytes });
    expect(await judgeCaptions(bytes)).toEqual({ ok: true, ext: 'vtt', mime: 'text/vtt', bytes });
  });

  it.each([
    ['HTML named .vtt', html, /its bytes are text starting "<!doctype html>/],
    ['script named .vtt', Buffer.from('fetch("/api/admin",{credentials:"include"}).then(r=>r.text()).then(alert)'), /its bytes are text starting "fetch\(/],
    ['HTML with the signature further down', Buffer.from(`<html><body>WEBVTT${cues}</body></html>`), /its bytes are text starting "<html><body>WEBVTT/],
    ['a word that only starts like the signature', Buffer.from(`WEBVTTX${cues}`), /its bytes are text starting "WEBVTTX/],
    ['WebVTT that is not UTF-8', Buffer.concat([Buffer.from(`WEBVTT${cues}`), Buffer.from([0xe9, 0x0a])]), /not valid UTF-8/],
    ['the signature alone (no cue)', Buffer.from('WEBVTT'), /without a single cue/],
    ['a line that is neither a cue nor a note', Buffer.from(`WEBVTT${cues}\nNot a cue\n`), /not valid WebVTT: line 7: Cue identifier cannot be standalone/],
    ['no blank line after the signature', Buffer.from(`WEBVTT\n00:00.000 --> 00:01.000\nHola\n`), /not valid WebVTT: line 2: No blank line after the signature/],
    ['WebVTT past 1 MB', Buffer.from(`WEBVTT${cues}${'00:00:03.000 --> 00:00:04.000\nla la la\n\n'.repeat(30_000)}`), /more than captions take/],
  ])('refuses %s', async (_name, bytes, reason) => {
    const judged = await judgeMedia(bytes);
    expect(judged.ok).toBe(false);
    expect(!judged.ok && judged.reason).toMatch(reason);
    const captions = await judgeCaptions(bytes);
    expect(!captions.ok && captions.reason).toMatch(/^it is in a captions field, and .*captions must be a WebVTT file/);
  });

  it('a captions field takes WebVTT only: an image or a video there is refused, naming what it is', async () => {
    const jpeg = await pixel().jpeg().toBuffer();
    expect(await judgeMedia(jpeg)).toMatchObject({ ok: true, ext: 'jpg' });
    expect(await judgeCaptions(jpeg)).toEqual({
      ok: false,
      reason: expect.stringMatching(/captions field, and its bytes are JPG \(image\/jpeg\); captions must be a WebVTT file/),
    });
    const mp4 = await readFile('content-cache/uploads/lagoon_loop_a6b2618ded.mp4');
    expect(await judgeCaptions(mp4)).toMatchObject({ ok: false, reason: expect.stringMatching(/its bytes are MP4 \(video\/mp4\)/) });
  });
});

describe('sanitizeSvg', () => {
  const hostile = `<?xml version="1.0"?>
<!DOCTYPE svg>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <script xlink:href="https://evil.example/x.js"/>
  <a xlink:href="javascript:alert(3)"><rect id="r" width="10" height="10" onclick="alert(4)" onmouseover="alert(5)" fill="url(#g)"/></a>
  <a href="https://evil.example/"><circle r="2" style="fill: url(https://evil.example/track)"/></a>
  <use href="#r"/>
  <use xlink:href="https://evil.example/sprite.svg#r"/>
  <image href="http://169.254.169.254/latest/meta-data/"/>
  <image href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="/>
  <foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(6)</script><iframe src="javascript:alert(7)"/></body></foreignObject>
  <style>@import url(https://evil.example/x.css); rect { fill: red }</style>
  <style>circle { fill: url(#g) }</style>
  <set attributeName="onmouseover" to="alert(8)"/>
  <animate attributeName="href" values="javascript:alert(9)"/>
</svg>`;

  it('an SVG with script is kept sanitised: no script, no on* attribute, no foreignObject, no reference outside the drawing, still an SVG', async () => {
    const result = await sanitizeSvg(Buffer.from(hostile));
    expect(result.ok).toBe(true);
    const svg = result.ok ? result.svg : '';
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script|\son[a-z]+=|foreignObject|javascript:|evil\.example|169\.254|data:|@import|<iframe|<set|<animate/i);
    expect(svg).toContain('<use href="#r"/>');
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).toContain('<style>circle { fill: url(#g) }</style>');
    expect(result.ok && result.changed).toBe(true);
    // Sanitising is stable: the result passes as it is.
    const again = await sanitizeSvg(Buffer.from(svg));
    expect(again).toEqual({ ok: true, svg, changed: false });
  });

  it('the bundled logo survives sanitising unchanged in look (the same document, re-serialised)', async () => {
    const logo = await readFile('content-cache/uploads/marea_resorts_logo_8efe094cfb.svg');
    const result = await sanitizeSvg(logo);
    expect(result).toMatchObject({ ok: true, changed: false });
    expect(result.ok && result.svg).toBe(logo.toString('utf8').trim());
    expect((await judgeMedia(logo)).ok).toBe(true);
  });

  it.each([
    ['nothing but script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', /nothing left to show/],
    [
      'nothing but a foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg"><title>x</title><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject></svg>',
      /nothing left to show/,
    ],
    ['no SVG namespace', '<svg><rect width="1" height="1"/></svg>', /without the SVG namespace/],
    ['not well-formed', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>', /not well-formed XML/],
  ])('refuses an SVG with %s', async (_name, text, reason) => {
    const judged = await judgeMedia(Buffer.from(text));
    expect(judged.ok).toBe(false);
    expect(!judged.ok && judged.reason).toMatch(reason);
  });

  it('entities are never expanded into a bomb or a file', async () => {
    const levels = 'bcdefgh'.split('');
    const entities = levels.map((name, i) => `<!ENTITY ${name} "${`&${i === 0 ? 'a' : levels[i - 1]};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">${entities}]><svg xmlns="http://www.w3.org/2000/svg"><text>&h;</text><rect width="1" height="1"/></svg>`;
    const judged = await judgeMedia(Buffer.from(bomb));
    expect(judged.ok && judged.bytes.length).toBeLessThan(1_000);
    const file = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>`;
    const read = await judgeMedia(Buffer.from(file));
    expect(read.ok ? read.bytes.toString() : '').not.toContain('root:');
  });
});

describe('WebVTT that is also JavaScript (a script disguised as captions)', () => {
  const js = 'fetch("/api/admin",{credentials:"include"}).then((r)=>r.text()).then(alert)';
  const cue = '00:00:00.000 --> 00:00:02.000';
  it.each([
    ['a comment line, then script', `WEBVTT\n\n//\n${js}\n`, /not valid WebVTT: line 4: Cue identifier needs to be followed by timestamp/],
    ['script right after the signature', `WEBVTT\n${js}\n`, /not valid WebVTT: line 2/],
    ['script as the header text, no cue', `WEBVTT = 1; ${js}\n`, /without a single cue/],
    ['a comment from the header to the cue text', `WEBVTT =1/*\n\n${cue}\n*/;${js}//\n`, /also a JavaScript program/],
    ['a template string from the header to the cue text', `WEBVTT\t=\`\n\n${cue}\n\`;${js}//\n`, /also a JavaScript program/],
    ['a comment opened in a note', `WEBVTT =1\n\nNOTE /*\n\n${cue}\n*/;${js}//\n`, /also a JavaScript program/],
  ])('refuses %s, saying why', async (_name, text, reason) => {
    const bytes = Buffer.from(text);
    const judged = await judgeCaptions(bytes);
    expect(judged.ok).toBe(false);
    expect(!judged.ok && judged.reason).toMatch(reason);
    expect(!judged.ok && judged.reason).toMatch(/^it is in a captions field, and it is .*WebVTT/);
    expect((await judgeMedia(bytes)).ok).toBe(false);
  });

  it('the polyglots that pass the WebVTT grammar are real JavaScript (the vectors test what they claim)', () => {
    for (const text of [`WEBVTT =1/*\n\n${cue}\n*/;${js}//\n`, `WEBVTT\t=\`\n\n${cue}\n\`;${js}//\n`]) expect(() => new Script(text)).not.toThrow();
  });
});
