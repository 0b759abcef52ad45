import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { block } from '../../../../test/support/blocks.js';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { endInstant, timeLeft } from './countdown.js';
import { Timer } from './Timer.js';

const BUILD_DAY = new Date('2026-11-22T00:00:00Z');
const timer = block('blocks.timer', { title: 'Winter Escape ends in', enddate: '2027-03-31T23:59:59.000Z', expiredText: 'This offer has ended.' });
const digits = (root: HTMLElement) => [...root.querySelectorAll('.timer__value')].map((el) => el.textContent);
const summary = (root: HTMLElement) => root.querySelector('[role="timer"] .visually-hidden')?.textContent;

describe('blocks.timer: static HTML (rule 29)', () => {
  it("counts from the page's now (the build day), so hydration renders the same numbers", () => {
    const html = renderStatic(<Timer block={timer} index={0} />, { page: { now: BUILD_DAY } });
    expect(html).toContain('<h2 id="');
    expect(html).toContain('Winter Escape ends in</h2>');
    // 22 Nov 2026 00:00 → 31 Mar 2027 23:59:59 UTC
    expect(html).toContain('<time class="timer__units" dateTime="P129DT23H59M59S" aria-hidden="true">');
    expect(html).toMatch(/timer__value">129<\/span><span class="timer__label">days<\/span>/);
    expect(html).toMatch(/timer__value">59<\/span><span class="timer__label">seconds<\/span>/);
    expect(html).toContain('Time left: 129 days, 23 hours, 59 minutes');
    expect(html).not.toContain('This offer has ended.');
  });

  it('screen readers get a role="timer" summary to the minute, the ticking digits are hidden', () => {
    const html = renderStatic(<Timer block={timer} index={0} />, { page: { now: BUILD_DAY } });
    expect(html).toMatch(/<div class="timer__clock" role="timer" aria-atomic="true"><p class="visually-hidden">Time left: [^<]+<\/p><time[^>]*aria-hidden="true"/);
    // role=timer is aria-live="off" by default: nothing is announced unasked.
    expect(html).not.toContain('aria-live="polite"');
  });

  it('pads hours, minutes and seconds, and uses singular units', () => {
    const html = renderStatic(<Timer block={timer} index={0} />, { page: { now: new Date('2027-03-30T22:58:58Z') } });
    expect(html).toContain('dateTime="P1DT1H1M1S"');
    expect(html).toMatch(/timer__value">1<\/span><span class="timer__label">day<\/span>/);
    expect(html).toMatch(/timer__value">01<\/span><span class="timer__label">hour<\/span>/);
    expect(html).toContain('Time left: 1 day, 1 hour, 1 minute');
  });

  it('shows expiredText once the end has passed', () => {
    const html = renderStatic(<Timer block={timer} index={0} />, { page: { now: new Date('2027-04-01T00:00:00Z') } });
    expect(html).toContain('<p class="timer__expired">This offer has ended.</p>');
    expect(html).not.toContain('role="timer"');
  });

  it('speaks Spanish with Spanish plural forms', () => {
    const html = renderStatic(<Timer block={timer} index={0} />, { locale: 'es', page: { now: new Date('2027-03-30T22:58:00Z') } });
    expect(html).toContain('>día</span>');
    expect(html).toContain('>segundos</span>');
    expect(html).toContain('Tiempo restante: 1 día, 1 hora, 1 minuto');
  });

  it('leaves its title to the dialog in a modal, and renders nothing for an unusable enddate', () => {
    const html = renderStatic(<Timer block={timer} index={0} inModal />, { page: { now: BUILD_DAY } });
    expect(html).not.toContain('<h2');
    expect(html).toContain('aria-label="Winter Escape ends in"');
    expect(renderStatic(<Timer block={block('blocks.timer', { enddate: 'soon' })} index={0} />)).toBe('');
  });
});

describe('blocks.timer: after hydration', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('counts from the real time, ticks every second, and switches to expiredText at the end', async () => {
    vi.setSystemTime(new Date('2027-03-31T23:59:57Z'));
    const root = await mount(<Timer block={timer} index={0} />, { page: { now: BUILD_DAY } });
    expect(digits(root)).toEqual(['0', '00', '00', '02']);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(digits(root)).toEqual(['0', '00', '00', '01']);
    expect(summary(root)).toBe('Time left: less than a minute');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(root.querySelector('.timer__expired')?.textContent).toBe('This offer has ended.');
    // Stopped: no interval left running.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('updates the screen-reader summary only when the minute changes', async () => {
    vi.setSystemTime(new Date('2027-03-31T23:57:02Z'));
    const root = await mount(<Timer block={timer} index={0} />, { page: { now: BUILD_DAY } });
    expect(summary(root)).toBe('Time left: 2 minutes');
    const node = root.querySelector('[role="timer"] .visually-hidden')!;
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(node.textContent ?? ''));
    observer.observe(node, { characterData: true, childList: true, subtree: true });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(seen).toEqual([]);
    await act(async () => vi.advanceTimersByTime(57_000));
    expect(summary(root)).toBe('Time left: 1 minute');
    observer.disconnect();
  });
});

describe('countdown rules', () => {
  it('reads CMS dates as UTC: zone-less is UTC, a date-only end covers its day', () => {
    expect(endInstant('2027-03-31T12:00:00')?.toISOString()).toBe('2027-03-31T12:00:00.000Z');
    expect(endInstant('2027-03-31')?.toISOString()).toBe('2027-03-31T23:59:59.999Z');
    expect(endInstant('2027-03-31T12:00:00+02:00')?.toISOString()).toBe('2027-03-31T10:00:00.000Z');
    expect(endInstant('')).toBeNull();
    expect(endInstant('31/03/2027')).toBeNull();
  });

  it('counts whole days (not calendar months) and nothing at the end instant', () => {
    expect(timeLeft(new Date('2027-03-31T00:00:00Z'), new Date('2027-03-01T00:00:00Z'))).toEqual({ days: 30, hours: 0, minutes: 0, seconds: 0 });
    expect(timeLeft(new Date('2027-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'))).toBeNull();
  });
});
