import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mustReload, pageBuildId, POLL_INTERVAL_MS, resetBuildUpdates, updateSignalled, watchBuilds } from './build-updates.js';

// A real local server plays the CDN; its answers change per test.
let server: Server;
const requests: string[] = [];
let latest: { status: number; body: string } = { status: 200, body: '{"id":"b1","timestamp":"t"}' };
let meta: { status: number; body: string } = { status: 200, body: JSON.stringify({ id: 'b1', timestamp: 't', matcher: {}, prerendered: ['/', '/rooms', '/es'] }) };

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const answer = req.url?.startsWith('/builds/latest.json') ? latest : req.url?.startsWith('/builds/meta/') ? meta : { status: 404, body: 'no' };
    res.statusCode = answer.status;
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let stop: () => void = () => {};
beforeEach(() => {
  latest = { status: 200, body: '{"id":"b1","timestamp":"t"}' };
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  requests.length = 0;
  resetBuildUpdates();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'connection');
});

const latestReads = () => requests.filter((r) => r.startsWith('/builds/latest.json'));

describe('stale builds', () => {
  it('rule 13: the page learns its build from latest.json at start, then rule 14: reads that meta file once, 1 s after idle', async () => {
    stop = watchBuilds();
    await vi.waitFor(() => expect(pageBuildId()).toBe('b1'));
    expect(latestReads()).toHaveLength(1);
    expect(latestReads()[0]).toMatch(/^\/builds\/latest\.json\?\d+$/);
    await vi.advanceTimersByTimeAsync(900);
    expect(requests.filter((r) => r.startsWith('/builds/meta/'))).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(requests.filter((r) => r.startsWith('/builds/meta/'))).toEqual(['/builds/meta/b1.json']));
    await vi.waitFor(() => expect(mustReload('/nope')).toBe(true));
    expect(mustReload('/rooms/')).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(requests.filter((r) => r.startsWith('/builds/meta/'))).toHaveLength(1);
  });

  it('rule 14: the meta read is skipped on slow-2g; an HTML fallback for the meta file blocks nothing', async () => {
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: 'slow-2g' }, configurable: true });
    stop = watchBuilds();
    await vi.advanceTimersByTimeAsync(2000);
    expect(requests.filter((r) => r.startsWith('/builds/meta/'))).toEqual([]);
    stop();
    Reflect.deleteProperty(navigator, 'connection');
    meta = { status: 200, body: '<!doctype html><p>SPA fallback</p>' };
    stop = watchBuilds();
    await vi.advanceTimersByTimeAsync(1100);
    await vi.waitFor(() => expect(requests).toContain('/builds/meta/b1.json'));
    expect(mustReload('/anything')).toBe(false);
  });

  it('rule 15: polls latest.json every 60 minutes, cache-busted; errors are ignored and polling goes on', async () => {
    stop = watchBuilds();
    await vi.waitFor(() => expect(pageBuildId()).toBe('b1'));
    latest = { status: 500, body: 'oops' };
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1000);
    expect(latestReads()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(latestReads()).toHaveLength(2));
    expect(latestReads()[1]).toMatch(/^\/builds\/latest\.json\?\d+$/);
    latest = { status: 200, body: '{"id":"b1","timestamp":"t"}' };
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await vi.waitFor(() => expect(latestReads()).toHaveLength(3));
    expect(updateSignalled()).toBe(false);
  });

  it('rule 15: when the start-up read fails, the first poll tells the page its build (no false update)', async () => {
    latest = { status: 503, body: 'down' };
    stop = watchBuilds();
    await vi.waitFor(() => expect(latestReads()).toHaveLength(1));
    expect(pageBuildId()).toBeNull();
    latest = { status: 200, body: '{"id":"b1","timestamp":"t"}' };
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await vi.waitFor(() => expect(pageBuildId()).toBe('b1'));
    expect(updateSignalled()).toBe(false);
    latest = { status: 200, body: '{"id":"b2","timestamp":"t2"}' };
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await vi.waitFor(() => expect(updateSignalled()).toBe(true));
  });

  it('rules 15–16: a different id signals an update once, stops polling, and every navigation becomes a full load', async () => {
    const onUpdate = vi.fn();
    stop = watchBuilds(onUpdate);
    await vi.waitFor(() => expect(pageBuildId()).toBe('b1'));
    latest = { status: 200, body: '{"id":"b2","timestamp":"t2"}' };
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await vi.waitFor(() => expect(onUpdate).toHaveBeenCalledTimes(1));
    expect(updateSignalled()).toBe(true);
    expect(mustReload('/rooms')).toBe(true);
    await vi.advanceTimersByTimeAsync(3 * POLL_INTERVAL_MS);
    expect(latestReads()).toHaveLength(2);
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });
});
