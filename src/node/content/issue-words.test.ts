// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { reportHeldBack, reportIssue } from '../publishing/build-report.js';
import { heldBackStatus, statusIssue } from '../webhook/queue.js';
import { siteWithBlocks } from './fixtures/raw-site.js';
import { issueWords, packWords, unpackWords, withIssueWords } from './issue-words.js';
import { normaliseSite } from './normalise.js';

const hero = (slug: string) => ({ __component: 'blocks.hero', title: 'Hi', cta: { label: 'Go', slug } });
const unknownLink = () => normaliseSite(siteWithBlocks([hero('contacto')]), { strict: false }).issues.find((i) => i.code === 'UnknownLinkTarget')!;
const SPANISH = {
  message: 'El enlace a "contacto" no corresponde a ninguna página en este idioma; lleva a la página 404',
  hint: 'Publica la página en este idioma, apunta el enlace a otra página o quítalo.',
};

describe('an issue in both languages, worded from the values it was raised with', () => {
  it('a build’s issue carries its message and hint in English and Spanish into the report, the issue itself unchanged', () => {
    const issue = unknownLink();
    expect(Object.keys(issue)).not.toContain('words');
    const report = reportIssue(statusIssue(issue), 'warning', { en: 'en', es: 'es-MX' });
    expect(report.words).toEqual({ en: { message: issue.message, hint: issue.hint }, es: SPANISH });
  });

  it('an issue made by hand, without those values, has its English only', () => {
    expect(issueWords({ severity: 'error', code: 'UnknownLinkTarget', message: 'x', entity: 'page' })).toEqual({ en: { message: 'x' } });
  });

  it('the build’s report file carries the words, and the reporter reads them back', () => {
    const written = JSON.stringify({ warnings: [unknownLink()] }, withIssueWords);
    const [read] = (JSON.parse(written) as { warnings: Array<Parameters<typeof statusIssue>[0]> }).warnings;
    expect(statusIssue(read!).words?.es).toEqual(SPANISH);
  });

  it('across a worker thread the words travel with the issue and are kept beside it again', () => {
    const issue = unknownLink();
    const sent = [issue];
    packWords(sent);
    const [received] = structuredClone(sent);
    unpackWords([received!]);
    expect(Object.keys(received!)).not.toContain('words');
    expect(issueWords(received!).es).toEqual(SPANISH);
  });

  it('what a build held back says why in both languages, its first error included', () => {
    const issue = unknownLink();
    const out = reportHeldBack(heldBackStatus({ entity: 'page', locale: 'en', slug: 'home', kept: null, issues: [issue] }));
    expect(out.reason).toBe(`never published: left out — ${issue.message}`);
    expect(out.reasons).toEqual({ en: out.reason, es: `nunca publicada: se deja fuera — ${SPANISH.message}` });
  });
});
