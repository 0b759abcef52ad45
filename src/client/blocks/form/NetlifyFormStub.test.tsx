import { describe, expect, it } from 'vitest';
import { block } from '../../../../test/support/blocks.js';
import { renderStatic } from '../../../../test/support/render.js';
import modals from '../../../../content-cache/api/modals.en.json';
import { field, formBlock } from './form.fixture.js';
import { Form } from './Form.js';
import { modalForms, NetlifyFormStub } from './NetlifyFormStub.js';

const groups = (props: Record<string, unknown> = {}) =>
  block('modals.embedded-form', {
    name: 'groups',
    title: 'Groups and events',
    fields: [field('text', 'fullName', 'Full name'), field('country-state', 'where', 'Where'), field('checkbox', 'interests', 'Interests', { options: ['Golf', 'Spa'] })],
    action: null,
    ...props,
  });

describe('NetlifyFormStub (static form detection for modal forms)', () => {
  it('renders a hidden Netlify form with form-name, the honeypot and one input per submitted name', () => {
    const root = document.createElement('div');
    root.innerHTML = renderStatic(<NetlifyFormStub block={groups()} />);
    const form = root.querySelector('form')!;
    expect(form.getAttribute('name')).toBe('groups');
    expect(form.getAttribute('method')).toBe('POST');
    expect(form.getAttribute('data-netlify')).toBe('true');
    expect(form.getAttribute('netlify-honeypot')).toBe('bot-field');
    expect(form.hidden).toBe(true);
    expect([...form.querySelectorAll('input')].map((i) => [i.name, i.getAttribute('value')])).toEqual([
      ['form-name', 'groups'],
      ['bot-field', null],
      ['fullName', null],
      ['where-country', null],
      ['where-state', null],
      ['interests', null],
    ]);
  });

  it('the stub and the real form declare the same names (Netlify drops fields it did not detect)', () => {
    const names = (html: string) => {
      const root = document.createElement('div');
      root.innerHTML = html;
      return new Set([...root.querySelectorAll('form [name]')].map((e) => e.getAttribute('name')));
    };
    const stub = names(renderStatic(<NetlifyFormStub block={formBlock()} />));
    const real = names(renderStatic(<Form block={formBlock()} index={0} />));
    expect(stub).toEqual(real);
  });

  it('renders nothing for a form posting to its own action URL', () => {
    expect(renderStatic(<NetlifyFormStub block={groups({ action: 'https://forms.example/groups' })} />)).toBe('');
  });

  it('picks the Netlify forms of the modals, one per name', () => {
    const other = block('modals.wysiwyg', { title: 'x', body: '<p>x</p>' });
    const found = modalForms([
      { items: [groups(), other] },
      { items: [groups({ title: 'Again' })] },
      { items: [groups({ name: 'press', action: 'https://forms.example/press' })] },
    ]);
    expect(found.map((b) => b.props.name)).toEqual(['groups']);
  });

  it('the bundled groups modal posts to its action URL, so it needs no stub', () => {
    const raw = modals.data.find((m) => m.modalName === 'groups-request')!.dynZone[0] as Record<string, unknown>;
    expect(renderStatic(<NetlifyFormStub block={block('modals.embedded-form', raw)} />)).toBe('');
  });
});
