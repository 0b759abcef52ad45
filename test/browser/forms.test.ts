import { AxeBuilder } from '@axe-core/playwright';
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, useChromium, waitForHydration, type WatchedPage } from './page-helpers.js';
import { cls, sel } from '../support/class-names.js';

const origin = inject('siteOrigin');
const chromium = useChromium();

/** The bundled forms post to their `action` (content-cache); a Netlify form would post to "/". Both are intercepted. */
const ACTION_HOST = 'https://forms.marea-resorts.example';

interface FormPage extends WatchedPage {
  /** Url-encoded bodies of the form posts, in order. */
  posts: { url: string; body: URLSearchParams }[];
  /** Status the intercepted endpoint answers with next. */
  answer: { status: number };
}

async function open(path: string): Promise<FormPage> {
  const watched = await openPage(chromium());
  const posts: FormPage['posts'] = [];
  const answer = { status: 200 };
  const reply = (route: Route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.fallback();
    posts.push({ url: request.url(), body: new URLSearchParams(request.postData() ?? '') });
    // The action endpoint is another origin: it must allow CORS for the fetch to read its answer.
    return route.fulfill({ status: answer.status, headers: { 'access-control-allow-origin': '*' }, contentType: 'text/plain', body: answer.status === 200 ? 'ok' : 'error' });
  };
  await watched.page.route(`${ACTION_HOST}/**`, reply);
  await watched.page.route(`${origin}/`, reply);
  const response = await watched.page.goto(`${origin}${path}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(watched.page);
  return { ...watched, posts, answer };
}

/** Presses Tab until the focused element matches `selector`: the keyboard is the only way in. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const active = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return { name: element?.getAttribute('name') ?? null, className: element?.className ?? '', role: element?.getAttribute('role') ?? null };
  });

/** The texts a control's aria-describedby points at. */
const described = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const ids = document.querySelector(s)?.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
  }, selector);

const optionTexts = (page: Page, selector: string) => page.evaluate((s) => [...(document.querySelector<HTMLSelectElement>(s)?.options ?? [])].map((o) => o.text), selector);

/** Serious or critical axe violations inside `selector` (the tests' accessibility bar: none). */
async function axe(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

/** Chromium logs a failed fetch as a console error of its own: expected when the test makes the endpoint fail. */
const withoutNetworkLog = (problems: string[]) => problems.filter((p) => !/Failed to load resource: the server responded with a status of 500/.test(p));

describe('forms (blocks.form, docs/architecture.md)', () => {
  it('keyboard only on /contact: empty submit is announced and focused, a valid one is sent and confirmed', async () => {
    const { page, problems, posts } = await open('/contact');
    const form = 'form[name="contact"]';
    expect(await page.locator(form).evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
    expect(await axe(page, sel('.form-block'))).toEqual([]);

    // Empty submit: no request, messages beside the fields, the alert summary takes focus.
    await tabTo(page, `${form} button[type="submit"]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(sel(`${form} .form__summary`));
    expect(await active(page)).toMatchObject({ className: cls('form__summary'), role: 'alert' });
    expect(await page.locator(sel(`${form} .form__summary-title`)).textContent()).toBe('Please check 6 fields');
    expect(await page.locator(`${form} [name="fullName"]`).getAttribute('aria-invalid')).toBe('true');
    expect(await described(page, `${form} [name="email"]`)).toBe('Fill in this field.');
    expect(await described(page, `${form} [name="privacy"]`)).toBe('Check this box to continue.');
    expect(posts).toHaveLength(0);

    // A summary link takes the keyboard to its field.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Full name: Fill in this field.');
    await page.keyboard.press('Enter');
    expect((await active(page)).name).toBe('fullName');

    await page.keyboard.type('Ana García');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ana@');
    // Leaving a field re-checks it after the first submit.
    await page.keyboard.press('Tab');
    expect(await described(page, `${form} [name="email"]`)).toBe('Enter an email address like name@example.com.');
    await page.keyboard.press('Shift+Tab');
    // Tabbing into a text box selects its text: go to the end to add to it.
    await page.keyboard.press('End');
    await page.keyboard.type('marea.mx');
    await page.keyboard.press('Tab');
    expect(await page.locator(`${form} [name="email"]`).getAttribute('aria-invalid')).toBeNull();
    await page.keyboard.type('+52 998 123 4567');

    // Country and state: the state list is loaded once the visitor is in the form, and follows the country.
    await page.waitForSelector(`${form} select[name="countryState-state"]`);
    await page.keyboard.press('Tab');
    expect((await active(page)).name).toBe('countryState-country');
    expect(await page.locator(`${form} [name="countryState-country"]`).inputValue()).toBe('US');
    expect(await optionTexts(page, `${form} [name="countryState-state"]`)).toContain('California');
    await page.keyboard.type('Mexico');
    expect(await page.locator(`${form} [name="countryState-country"]`).inputValue()).toBe('MX');
    const states = await optionTexts(page, `${form} [name="countryState-state"]`);
    expect(states).toContain('Quintana Roo');
    expect(states).not.toContain('California');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Quintana');
    expect(await page.locator(`${form} [name="countryState-state"]`).inputValue()).toBe('Quintana Roo');

    // Resort (grouped by destination), guests, topic, a radio, the slider with its live <output>.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator(`${form} [name="resort"]`).inputValue()).toBe('MTUL');
    await tabTo(page, `${form} [name="guests"]`);
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator(`${form} [name="topic"]`).inputValue()).toBe('Reservations');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator(`${form} [name="contactBy"]:checked`).getAttribute('value')).toBe('Phone');
    await page.keyboard.press('Tab');
    expect((await active(page)).name).toBe('budget');
    await page.keyboard.press('ArrowRight');
    expect(await page.locator(`${form} output`).textContent()).toBe('826');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Two nights in September, sea view please.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect((await active(page)).name).toBe('privacy');
    await page.keyboard.press('Space');
    // The honeypot is not in the tab order: the next stop is the button.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('submit');
    await page.keyboard.press('Enter');

    const success = page.locator(sel('.form__success'));
    await success.getByText('Thank you! We will get back to you within one business day.').waitFor();
    expect(await active(page)).toMatchObject({ className: cls('form__success'), role: 'status' });
    expect(await page.locator(form).isHidden()).toBe(true);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toBe(`${ACTION_HOST}/v1/contact`);
    expect(Object.fromEntries(posts[0]!.body)).toEqual({
      fullName: 'Ana García',
      email: 'ana@marea.mx',
      phone: '+52 998 123 4567',
      'countryState-country': 'MX',
      'countryState-state': 'Quintana Roo',
      resort: 'MTUL',
      arrival: '',
      guests: '2',
      topic: 'Reservations',
      contactBy: 'Phone',
      budget: '826',
      message: 'Two nights in September, sea view please.',
      privacy: 'yes',
      'bot-field': '',
    });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('/all-blocks (a Netlify form): a failed submission keeps every value and says so; the retry is sent', async () => {
    const { page, problems, posts, answer } = await open('/all-blocks');
    const form = 'form[name="contact-short"]';
    // No action: Netlify Forms detects it in the static HTML and takes the POST to "/".
    expect(await page.locator(form).getAttribute('data-netlify')).toBe('true');
    expect(await page.locator(`${form} input[name="form-name"]`).getAttribute('value')).toBe('contact-short');
    answer.status = 500;
    await tabTo(page, `${form} [name="fullName"]`);
    await page.keyboard.type('Ana García');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ana@marea.mx');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hello');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    const failure = page.locator(sel(`${form} [role="alert"].form__failure`));
    await failure.getByText("We couldn't send your message.", { exact: false }).waitFor();
    expect(posts).toHaveLength(1);
    expect(await page.locator(`${form} [name="fullName"]`).inputValue()).toBe('Ana García');
    expect(await page.locator(`${form} [name="email"]`).inputValue()).toBe('ana@marea.mx');
    expect(await page.locator(`${form} [name="message"]`).inputValue()).toBe('Hello');
    expect(await page.locator(`${form} [name="privacy"]`).isChecked()).toBe(true);
    // Focus is back on the button: Enter tries again.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('submit');

    answer.status = 200;
    await page.keyboard.press('Enter');
    await page.locator(sel('.form__success')).getByText('Thank you!', { exact: false }).waitFor();
    expect(posts).toHaveLength(2);
    expect(posts[1]!.url).toBe(`${origin}/`);
    expect(posts[1]!.body.get('form-name')).toBe('contact-short');
    expect(posts[1]!.body.get('message')).toBe('Hello');
    expect(withoutNetworkLog(problems)).toEqual([]);
    await page.context().close();
  });

  it('Spanish /es/contacto: messages in Spanish, countries in Spanish defaulting to México, states follow the country', async () => {
    const { page, problems, posts } = await open('/es/contacto');
    const form = 'form[name="contact"]';
    // The page is live, the state still a text box: the list of states loads once the visitor reaches for the form.
    expect(await page.locator(`${form} input[name="countryState-state"]`).count()).toBe(1);
    await page.focus(`${form} [name="countryState-country"]`);
    await page.waitForSelector(`${form} select[name="countryState-state"]`);
    expect(await page.locator(`${form} [name="countryState-country"]`).inputValue()).toBe('MX');
    expect(await page.locator(`${form} [name="countryState-country"] option:checked`).textContent()).toBe('México');
    expect(await optionTexts(page, `${form} [name="countryState-state"]`)).toContain('Quintana Roo');

    await tabTo(page, `${form} button[type="submit"]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(sel(`${form} .form__summary`));
    expect(await active(page)).toMatchObject({ className: cls('form__summary'), role: 'alert' });
    expect(await page.locator(sel(`${form} .form__summary-title`)).textContent()).toBe('Revisa 6 campos');
    expect(await described(page, `${form} [name="fullName"]`)).toBe('Completa este campo.');
    expect(await described(page, `${form} [name="countryState-state"]`)).toBe('Elige un estado o región.');
    expect(await described(page, `${form} [name="topic"]`)).toBe('Elige una opción.');
    // With every message showing: labels, descriptions and contrast still pass axe.
    expect(await axe(page, sel('.form-block'))).toEqual([]);

    await tabTo(page, `${form} [name="countryState-country"]`);
    await page.keyboard.type('Alemania');
    expect(await page.locator(`${form} [name="countryState-country"]`).inputValue()).toBe('DE');
    const states = await optionTexts(page, `${form} [name="countryState-state"]`);
    expect(states).toContain('Bayern');
    expect(states).not.toContain('Quintana Roo');
    expect(posts).toHaveLength(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the groups modal (modals.embedded-form): validates and sends inside the dialog, summary links keep it open', async () => {
    const { page, problems, posts } = await open('/all-blocks');
    const dialog = 'dialog.modal';
    const form = `${dialog} form[name="groups"]`;
    await tabTo(page, 'section.booking a[data-modal="groups-request"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector(form);
    // The dialog's heading is the title: the form does not repeat it.
    expect(await page.locator(sel(`${dialog} .form-block__title`)).count()).toBe(0);

    await tabTo(page, `${form} button[type="submit"]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(sel(`${form} .form__summary`));
    expect(await active(page)).toMatchObject({ className: cls('form__summary'), role: 'alert' });
    expect(await page.locator(sel(`${form} .form__summary-title`)).textContent()).toBe('Please check 4 fields');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect((await active(page)).name).toBe('fullName');
    expect(await page.evaluate(() => window.location.hash)).toBe('#modal=groups-request');

    await page.keyboard.type('Ana García');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ana@marea.mx');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    expect(await described(page, `${form} [name="rooms"]`)).toBe('Enter a number of 5 or more.');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('12');
    await tabTo(page, `${form} button[type="submit"]`);
    await page.keyboard.press('Enter');
    await page
      .locator(sel(`${dialog} .form__success`))
      .getByText('Our groups team will send you a quote', { exact: false })
      .waitFor();
    expect(await page.evaluate((d) => document.querySelector(d)!.contains(document.activeElement), dialog)).toBe(true);
    expect(posts.map((p) => [p.url, Object.fromEntries(p.body)])).toEqual([
      [`${ACTION_HOST}/v1/groups`, { fullName: 'Ana García', email: 'ana@marea.mx', resort: 'MTUL', rooms: '12', arrival: '', 'bot-field': '' }],
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
