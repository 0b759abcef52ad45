import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mount } from '../../../../test/support/render.js';
import { Form } from './Form.js';
import { byName, field, formBlock, setValue } from './form.fixture.js';
import { loadRegions } from './regions.js';

/** The form's endpoint: a real local HTTP server answering as each test says (CORS allowed, as an `action` endpoint must). */
interface Received {
  method: string;
  type: string;
  body: URLSearchParams;
}
let server: Server;
let endpoint = '';
const received: Received[] = [];
let answer: (res: ServerResponse) => void = (res) => res.end('ok');

beforeAll(async () => {
  // Loaded up front: a table arriving mid-test would update the form outside act.
  await loadRegions();
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS') return res.end();
      received.push({ method: req.method!, type: req.headers['content-type'] ?? '', body: new URLSearchParams(body) });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/contact`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  requests = [];
  received.length = 0;
  answer = (res) => res.end('ok');
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const fields = [
  field('text', 'fullName', 'Full name', { required: true }),
  field('email', 'email', 'Email', { required: true }),
  field('select', 'topic', 'Topic', { options: ['Spa', 'Weddings'] }),
  field('country-state', 'where', 'Country and state'),
  field('checkbox', 'privacy', 'Privacy', { required: true }),
];

async function open(props: Record<string, unknown> = {}, locale: 'en' | 'es' = 'en') {
  if (!vi.isMockFunction(globalThis.fetch)) watchFetch();
  const root = await mount(<Form block={formBlock({ fields, action: endpoint, ...props })} index={0} />, { locale, page: { locale } });
  const button = root.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  return { root, form: root.querySelector('form')!, button };
}

async function fill(root: HTMLElement) {
  await act(async () => {
    setValue(byName(root, 'fullName'), 'Ana García');
    setValue(byName(root, 'email'), 'ana@marea.mx');
    setValue(byName<HTMLSelectElement>(root, 'topic'), 'Weddings');
    setValue(byName<HTMLSelectElement>(root, 'where-country'), 'MX');
    byName(root, 'privacy').click();
  });
}

/** Every request the form makes goes through (to the real server) and is remembered, so a test can wait for its answer. */
let requests: Promise<unknown>[] = [];
function watchFetch() {
  const real = globalThis.fetch;
  requests = [];
  return vi.spyOn(globalThis, 'fetch').mockImplementation((...args) => {
    const request = real(...args);
    requests.push(request);
    return request;
  });
}

/** Inside act: waits for the answers, then yields one task so the form's own continuation (status, focus) has run. */
const settle = async () => {
  await Promise.allSettled(requests);
  await new Promise((resolve) => setTimeout(resolve, 0));
};

async function submit(_root: HTMLElement, button: HTMLButtonElement) {
  await act(async () => {
    button.click();
    await settle();
  });
}

const status = (root: HTMLElement) => root.querySelector<HTMLElement>('[role="status"]')!;
const failure = (root: HTMLElement) => root.querySelector<HTMLElement>('.form__failure')!;

describe('blocks.form submission', () => {
  it('posts the fields url-encoded to the action URL, then shows the success message and moves focus to it', async () => {
    const { root, form, button } = await open();
    await fill(root);
    await submit(root, button);
    expect(received).toHaveLength(1);
    expect(received[0]!.method).toBe('POST');
    expect(received[0]!.type).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(received[0]!.body)).toMatchObject({
      fullName: 'Ana García',
      email: 'ana@marea.mx',
      topic: 'Weddings',
      'where-country': 'MX',
      privacy: 'yes',
      'bot-field': '',
    });
    // Not a Netlify form: no form-name.
    expect(received[0]!.body.has('form-name')).toBe(false);
    expect(status(root).textContent).toBe('Thank you! We will get back to you within one business day.');
    expect(document.activeElement).toBe(status(root));
    expect(form.hidden).toBe(true);
  });

  it('is busy while sending: button disabled with a sending label, form aria-busy', async () => {
    let release = () => {};
    answer = (res) => (release = () => res.end('ok'));
    const { root, form, button } = await open();
    await fill(root);
    await act(async () => button.click());
    await vi.waitFor(() => expect(received).toHaveLength(1));
    // The server holds its answer: the form is still busy.
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Sending…');
    // A second submit while busy sends nothing more.
    await act(async () => form.requestSubmit());
    await act(async () => {
      release();
      await settle();
    });
    expect(status(root).textContent).toContain('Thank you!');
    expect(received).toHaveLength(1);
  });

  it('on a failure keeps every value, says so in an alert, and sends again on retry', async () => {
    answer = (res) => {
      res.statusCode = 500;
      res.end('boom');
    };
    const { root, form, button } = await open();
    await fill(root);
    await submit(root, button);
    expect(failure(root).getAttribute('role')).toBe('alert');
    expect(failure(root).textContent).toBe("We couldn't send your message. Everything you typed is still here: please try again in a moment.");
    expect(form.hidden).toBe(false);
    expect(status(root).textContent).toBe('');
    expect(byName(root, 'fullName').value).toBe('Ana García');
    expect(byName(root, 'email').value).toBe('ana@marea.mx');
    expect(byName<HTMLSelectElement>(root, 'topic').value).toBe('Weddings');
    expect(byName<HTMLSelectElement>(root, 'where-country').value).toBe('MX');
    expect(byName(root, 'privacy').checked).toBe(true);
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);

    answer = (res) => res.end('ok');
    await submit(root, button);
    expect(received).toHaveLength(2);
    expect(received[1]!.body.get('fullName')).toBe('Ana García');
    expect(failure(root).textContent).toBe('');
    expect(status(root).textContent).toContain('Thank you!');
  });

  it('treats an unreachable endpoint as a failure (Spanish message)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { root, button } = await open({ action: 'http://127.0.0.1:9/unreachable' }, 'es');
    await fill(root);
    await submit(root, button);
    expect(failure(root).textContent).toBe('No pudimos enviar tu mensaje. Todo lo que escribiste sigue aquí: inténtalo de nuevo en un momento.');
    expect(byName(root, 'fullName').value).toBe('Ana García');
    expect(warn).toHaveBeenCalled();
  });

  it('a Netlify form posts to "/" with form-name', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('ok', { status: 200 }));
    const { root, button } = await open({ action: null });
    await fill(root);
    await submit(root, button);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/');
    expect(init).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    const body = new URLSearchParams(String(init!.body));
    expect(body.get('form-name')).toBe('contact');
    expect(body.get('fullName')).toBe('Ana García');
    expect(status(root).textContent).toContain('Thank you!');
  });

  it('a filled honeypot pretends success and sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { root, button } = await open();
    await fill(root);
    await act(async () => setValue(byName(root, 'bot-field'), 'http://spam.example'));
    await submit(root, button);
    expect(fetch).not.toHaveBeenCalled();
    expect(received).toHaveLength(0);
    expect(status(root).textContent).toContain('Thank you!');
  });

  it('renders the rich-text success message (sanitised by the build: a richText field), and falls back to the locale text', async () => {
    const { root, button } = await open({ successMessage: '<p>Thanks! <strong>See you soon</strong>.</p><p><a href="/rooms">Rooms</a></p>' });
    await fill(root);
    await submit(root, button);
    expect(status(root).querySelector('.rich-text')!.innerHTML).toBe('<p>Thanks! <strong>See you soon</strong>.</p><p><a href="/rooms">Rooms</a></p>');
    document.body.innerHTML = '';
    const plain = await open({ successMessage: null }, 'es');
    await fill(plain.root);
    await submit(plain.root, plain.button);
    expect(status(plain.root).textContent).toBe('¡Gracias! Recibimos tu mensaje.');
  });
});
