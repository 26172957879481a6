import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotifications, getNotifications } from './notify';

const fetchMock = vi.fn<(input: string) => Promise<Response>>();

/** A fresh page load: module state (calls under way) gone, local storage kept. */
async function load() {
  vi.resetModules();
  return import('./referral-visit');
}

const visits = () => fetchMock.mock.calls.map(([url]) => url);

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearNotifications();
});

describe('referral links', () => {
  it('store the id of ?r= and report the visit once per id, across page loads', async () => {
    let referral = await load();
    await referral.captureReferral('?r=42');
    expect(localStorage.getItem('refId')).toBe('42');
    expect(visits()).toEqual(['/api/v1/Ref/visit/42']);
    expect(JSON.parse(localStorage.getItem('refVisits') ?? '{}')).toEqual({ 42: true });

    await referral.captureReferral('?r=42&utm_source=x');
    referral = await load();
    await referral.captureReferral('?r=42');
    expect(visits()).toHaveLength(1);

    // Another partner's link: stored instead, and reported too.
    await referral.captureReferral('?r=7');
    expect(localStorage.getItem('refId')).toBe('7');
    expect(visits()).toEqual(['/api/v1/Ref/visit/42', '/api/v1/Ref/visit/7']);
  });

  it('report once even when two navigations see the link at the same time', async () => {
    const referral = await load();
    await Promise.all([referral.captureReferral('?r=5'), referral.captureReferral('?r=5')]);
    expect(visits()).toHaveLength(1);
  });

  it('ignore anything that is not a referral number', async () => {
    const referral = await load();
    for (const search of ['', '?r=', '?r=abc', '?r=-3', '?r=0', '?r=1e5', '?r=1234567890123', '?ref=42']) {
      await referral.captureReferral(search);
    }
    expect(localStorage.getItem('refId')).toBeNull();
    expect(visits()).toEqual([]);
    expect(referral.refIdOfSearch('?r=0042')).toBe('42');
  });

  it('try again on the next visit when the report failed, without bothering the visitor', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementationOnce(async () => new Response('{}', { status: 500 }));
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    let referral = await load();
    await referral.captureReferral('?r=9');
    referral = await load();
    await referral.captureReferral('?r=9');
    expect(getNotifications()).toEqual([]);
    expect(localStorage.getItem('refVisits')).toBeNull();

    referral = await load();
    await referral.captureReferral('?r=9');
    expect(visits()).toHaveLength(3);
    expect(JSON.parse(localStorage.getItem('refVisits') ?? '{}')).toEqual({ 9: true });
  });
});
