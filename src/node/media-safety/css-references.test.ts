import { describe, expect, it } from 'vitest';
import { cssFetches, decodeCss } from './css-references.js';

describe('decodeCss: CSS escapes and comments as the browser reads them', () => {
  it.each([
    ['\\75 rl(', 'url('],
    ['\\000075rl(', 'url('],
    ['\\55 RL(', 'URL('],
    ['u\\rl(', 'url('],
    ['\\75\\72\\6c(', 'url('],
    ['\\75\r\nrl(', 'url('],
    ['@\\69mport', '@import'],
    ['@im/* a comment */port', '@import'],
    ['"a\\\nb"', '"ab"'],
    ['\\0 \\110000 \\d800 ', '\uFFFD\uFFFD\uFFFD'],
    ['\\1F30A', '🌊'],
  ])('%j reads as %j', (css, read) => {
    expect(decodeCss(css)).toBe(read);
  });
});

describe('cssFetches', () => {
  it.each([
    'fill: url(https://x.example/a)',
    'fill: \\75 rl(https://x.example/a)',
    'background: image-set("https://x.example/a.png" 1x)',
    'background: -webkit-image-set("https://x.example/a.png" 1x)',
    'background: image("https://x.example/a.png")',
    '@import "https://x.example/a.css";',
    '@\\69mport "https://x.example/a.css";',
    '@font-face { font-family: x; src: local(x) }',
    'background: src("https://x.example/a.png")',
    'fill: url(#g), url(https://x.example/a)',
    'fill: url("https://x.example/#g")',
  ])('%j fetches', (css) => {
    expect(cssFetches(css)).toBe(true);
  });

  it.each(['fill: url(#g)', "fill: url( '#g' )", 'fill: url(\\23 g)', 'fill: #0e6f80; stroke: rgb(1 2 3)', 'circle { fill: url(#g) } rect { stroke: #123 }', ''])(
    '%j does not',
    (css) => {
      expect(cssFetches(css)).toBe(false);
    },
  );
});
