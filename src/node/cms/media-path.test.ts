// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mediaCachePath } from './media-path.js';
import { UnsafeMediaUrlError } from './unsafe-media-url-error.js';

const CMS = 'http://127.0.0.1:1337';

describe('mediaCachePath', () => {
  it.each([
    ['/uploads/hero_16d6d8fb60.png', 'uploads/hero_16d6d8fb60.png'],
    ['/uploads/small_hero.png?updatedAt=123#x', 'uploads/small_hero.png'],
    ['uploads/a.jpg', 'uploads/a.jpg'],
    ['/uploads/my%20file.jpg', 'uploads/my%20file.jpg'],
    [`${CMS}/uploads/a.jpg`, 'uploads/a.jpg'],
    ['https://bucket.s3.amazonaws.com/media/a.jpg', 'uploads/_remote/bucket.s3.amazonaws.com/media/a.jpg'],
    ['http://127.0.0.1:9000/a.jpg', 'uploads/_remote/127.0.0.1_9000/a.jpg'],
    ['//cdn.example.com/x/y.webp', 'uploads/_remote/cdn.example.com/x/y.webp'],
  ])('%s → %s', (url, expected) => {
    expect(mediaCachePath(url, CMS)).toBe(expected);
  });

  it('treats an absolute url as remote when no CMS url is known', () => {
    expect(mediaCachePath(`${CMS}/uploads/a.jpg`)).toBe('uploads/_remote/127.0.0.1_1337/uploads/a.jpg');
  });

  it.each([
    '/uploads/../../etc/passwd',
    '/uploads/%2e%2e/%2E%2E/etc/passwd',
    'https://cdn.example.com/a/../../b.jpg',
    '/uploads/..\\..\\x.jpg',
    '/uploads/a%2fb.jpg',
    'file:///etc/passwd',
    'data:image/png;base64,AAAA',
    'javascript:alert(1)',
    '/',
    `${CMS}/uploads/`,
  ])('refuses %s with an error naming the url', (url) => {
    expect(() => mediaCachePath(url, CMS)).toThrow(UnsafeMediaUrlError);
    expect(() => mediaCachePath(url, CMS)).toThrow(JSON.stringify(url));
  });

  it.each([
    '/uploads/.\t./.\t./x',
    '/uploads/.\n./.\r./content-cache.json',
    `${CMS}/uploads/.\t./.\t./x.jpg`,
    '/uploads/%2e\t%2e/x.jpg',
    '/uploads/a\u0000.jpg',
    '/api/pages.en.json',
    '/x.jpg',
    `${CMS}/api/pages.en.json`,
    '/uploads/_remote/evil.example/x.jpg',
    '/uploads//x.jpg',
  ])('refuses %j (control characters, or a path leaving uploads/ once normalised)', (url) => {
    expect(() => mediaCachePath(url, CMS)).toThrow(UnsafeMediaUrlError);
    expect(() => mediaCachePath(url, CMS)).toThrow(JSON.stringify(url));
  });

  it('every accepted path is a file under uploads/ with no dot segment, whatever the url', async () => {
    const fc = await import('fast-check');
    const piece = fc.constantFrom('.', '..', '%2e', '%2E', '\t', '\n', '/', '\\', 'a', 'uploads', '_remote', '?', '#', '%2f', ':', '@', 'x.jpg');
    fc.assert(
      fc.property(
        fc.constantFrom('', '/', '/uploads/', `${CMS}/uploads/`, 'https://cdn.example.com/', '//cdn.example.com/'),
        fc.array(piece, { maxLength: 12 }),
        (prefix, pieces) => {
          let relative: string;
          try {
            relative = mediaCachePath(prefix + pieces.join(''), CMS);
          } catch (error) {
            return error instanceof UnsafeMediaUrlError;
          }
          const normal = relative.split('/');
          return normal[0] === 'uploads' && !normal.some((s) => s === '' || s === '.' || s === '..' || [...s].some((c) => c < ' ' || c === '\\'));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
