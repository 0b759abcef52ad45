import { UnsafeMediaUrlError } from './unsafe-media-url-error.js';

/** Media from other hosts (S3, a CDN) are cached under this folder, by host. */
const REMOTE_MEDIA_DIR = 'uploads/_remote';

/**
 * Where a media url lives inside the cache directory, as a relative POSIX
 * path: `/uploads/x.jpg` → `uploads/x.jpg`; an absolute url on the CMS origin
 * → the same; any other absolute url → `uploads/_remote/<host>/<path>`.
 * Query and hash are dropped; percent-escapes are kept as they are, so the
 * mapping is reversible and never decodes into a `/`. Throws
 * `UnsafeMediaUrlError` for control characters (the URL parser would strip
 * tabs and newlines: `.\t.` would become `..`), `..`/`.` segments (also
 * percent-encoded, before and after the URL parser's normalisation),
 * schemes other than http(s), and a CMS path outside `/uploads/`: the
 * result is always a file under `uploads/`.
 */
export function mediaCachePath(url: string, cmsUrl?: string | null): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(url)) throw new UnsafeMediaUrlError(url, 'it contains a control character (tab, newline, …)');
  const rawPath = url.split(/[?#]/, 1)[0] ?? '';
  // Checked before URL parsing, which would silently resolve `..` away.
  for (const segment of rawPath.split(/[/\\]/)) {
    if (/^(\.|%2e){1,2}$/i.test(segment)) throw new UnsafeMediaUrlError(url, 'it contains a `.` or `..` path segment');
  }
  if (/[\\\0]|%00|%2f|%5c/i.test(rawPath)) {
    throw new UnsafeMediaUrlError(url, 'its path contains a backslash, NUL or encoded slash');
  }

  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  const isAbsolute = scheme !== undefined || url.startsWith('//');
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    throw new UnsafeMediaUrlError(url, `the scheme "${scheme}:" is not http(s)`);
  }

  let path: string;
  let remote = false;
  if (!isAbsolute) {
    path = parse(url, 'http://cms.invalid/').pathname;
  } else {
    const parsed = parse(url, 'https://cms.invalid/');
    const cmsOrigin = cmsUrl ? new URL(cmsUrl).origin : null;
    remote = parsed.origin !== cmsOrigin;
    path = remote ? `/${REMOTE_MEDIA_DIR}/${parsed.host.replace(':', '_')}${parsed.pathname}` : parsed.pathname;
  }
  const relative = path.replace(/^\/+/, '');
  if (relative === '' || relative.endsWith('/')) throw new UnsafeMediaUrlError(url, 'it names no file');
  // After the URL parser's normalisation too: whatever it made of the path stays a file under uploads/.
  const segments = relative.split('/');
  if (segments[0] !== 'uploads' || segments.some((segment) => segment === '' || /^(\.|%2e){1,2}$/i.test(segment))) {
    throw new UnsafeMediaUrlError(url, 'its path does not stay under /uploads/ once normalised');
  }
  if (!remote && relative.startsWith(`${REMOTE_MEDIA_DIR}/`)) throw new UnsafeMediaUrlError(url, `its path is inside /${REMOTE_MEDIA_DIR}/, where media of other hosts are cached`);
  return relative;
}

function parse(url: string, base: string): URL {
  try {
    return new URL(url, base);
  } catch {
    throw new UnsafeMediaUrlError(url, 'it is not a valid URL');
  }
}
