import { UnsafeMediaUrlError } from './unsafe-media-url-error.js';

/** Media from other hosts (S3, a CDN) are cached under this folder, by host. */
const REMOTE_MEDIA_DIR = 'uploads/_remote';

/**
 * Where a media url lives inside the cache directory, as a relative POSIX
 * path: `/uploads/x.jpg` → `uploads/x.jpg`; an absolute url on the CMS origin
 * → the same; any other absolute url → `uploads/_remote/<host>/<path>`.
 * Query and hash are dropped; percent-escapes are kept as they are, so the
 * mapping is reversible and never decodes into a `/`. Throws
 * `UnsafeMediaUrlError` for `..`/`.` segments (also percent-encoded) and
 * schemes other than http(s).
 */
export function mediaCachePath(url: string, cmsUrl?: string | null): string {
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
  if (!isAbsolute) {
    path = new URL(url, 'http://cms.invalid/').pathname;
  } else {
    const parsed = new URL(url, 'https://cms.invalid/');
    const cmsOrigin = cmsUrl ? new URL(cmsUrl).origin : null;
    path = parsed.origin === cmsOrigin ? parsed.pathname : `/${REMOTE_MEDIA_DIR}/${parsed.host.replace(':', '_')}${parsed.pathname}`;
  }
  const relative = path.replace(/^\/+/, '');
  if (relative === '' || relative.endsWith('/')) throw new UnsafeMediaUrlError(url, 'it names no file');
  return relative;
}
