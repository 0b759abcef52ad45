// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.js';

const invalidKey = (path: string, key: string) =>
  new HttpError({
    status: 400,
    statusText: 'Bad Request',
    method: 'GET',
    url: 'http://127.0.0.1:1337/api/pages',
    strapiError: { status: 400, name: 'ValidationError', message: `Invalid key ${key} at ${path}`, details: { key, path, source: 'query', param: 'populate' } },
  }).message;

describe('a CMS whose schema drifted from the block declarations (Strapi 5: 400 Invalid key on populate)', () => {
  it('names the component the build expected, and its zone', () => {
    expect(invalidKey('blocks.on.blocks.hero', 'blocks.hero')).toContain('the build expected the component blocks.hero in the "blocks" zone, which the CMS does not have');
  });

  it('names the field of a component the build expected', () => {
    expect(invalidKey('blocks.on.blocks.booking.populate.airports', 'airports')).toContain(
      'the build expected the field "airports" of the component blocks.booking (in the "blocks" zone)',
    );
  });

  it('says how to bring them together: the CMS schema is generated from the declarations', () => {
    expect(invalidKey('header.on.blocks.header', 'blocks.header')).toContain('run `npm run cms:schema` and restart the CMS');
  });

  it('leaves other 400s with the general hint', () => {
    const other = new HttpError({
      status: 400,
      statusText: '',
      method: 'GET',
      url: 'http://x/api/pages',
      strapiError: { status: 400, name: 'ValidationError', message: 'Invalid status', details: {} },
    });
    expect(other.message).not.toContain('schema differs');
  });
});
