import { Script } from 'node:vm';
import webvtt from 'webvtt-parser';

/**
 * WebVTT's signature (W3C WebVTT, "WebVTT file body"): an optional BOM,
 * `WEBVTT`, then a space, a tab, a line break or the end of the file.
 */
const WEBVTT_SIGNATURE = /^WEBVTT(?:[ \t\r\n]|$)/;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Captions larger than this are refused: a feature film's run to a few hundred KB; a file past 1 MB is not captions. */
const MAX_WEBVTT_BYTES = 1024 * 1024;

/** The w3c's parser (webvtt-parser, the one behind its validator), made once: it only holds the entity table. */
let parser: webvtt.WebVTTParser | null = null;

/**
 * WebVTT captions by their bytes: null when they do not start with the
 * signature (not WebVTT at all). Refused when they do but are not UTF-8 (the
 * only encoding WebVTT has), are larger than captions are, are not strict
 * WebVTT (any error the w3c's parser reports: a line that is neither a cue
 * nor a note, a bad timing), have no cue (nothing to show), or also compile
 * as a classic JavaScript script. That last one is the polyglot: a file
 * such as `WEBVTT =1/*` + cues + `*\/ fetch(…)` is valid WebVTT (the header
 * and cue text are free text) and valid JavaScript, and published on the
 * site's origin it would run as a same-origin script wherever `nosniff` is
 * missing. A real captions file never compiles (`00:00:01.000 -->` is not
 * JavaScript), so refusing what does costs editors nothing.
 */
export function judgeWebVtt(bytes: Buffer): { ok: true } | { ok: false; reason: string } | null {
  const start = bytes.subarray(0, UTF8_BOM.length).equals(UTF8_BOM) ? UTF8_BOM.length : 0;
  if (!WEBVTT_SIGNATURE.test(bytes.subarray(start, start + 7).toString('latin1'))) return null;
  if (bytes.length > MAX_WEBVTT_BYTES) return { ok: false, reason: `it is a WebVTT file of ${bytes.length} bytes, more than captions take (at most ${MAX_WEBVTT_BYTES})` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'it is a WebVTT file that is not valid UTF-8 text' };
  }
  parser ??= new webvtt.WebVTTParser();
  const parsed = parser.parse(text, 'subtitles');
  const first = parsed.errors[0];
  if (first) {
    const more = parsed.errors.length > 1 ? ` (and ${parsed.errors.length - 1} more errors)` : '';
    return { ok: false, reason: `it is not valid WebVTT: line ${first.line}: ${first.message}${more}` };
  }
  if (parsed.cues.length === 0) return { ok: false, reason: 'it is a WebVTT file without a single cue (nothing to show)' };
  if (compilesAsScript(text)) return { ok: false, reason: 'it is a WebVTT file that is also a JavaScript program (a script disguised as captions)' };
  return { ok: true };
}

/** Whether `text` parses as a classic script. Compiled, never run (`vm.Script` only parses). */
function compilesAsScript(text: string): boolean {
  try {
    new Script(text.replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}
