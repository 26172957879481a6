import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { clearNotifications, getNotifications } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';
import { useSaveLanguage } from './use-save-language';

vi.mock('../session', () => ({ isLoggedIn: () => true }));

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const calls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('change_lang'));

beforeAll(async () => {
  await initI18n('ru');
  await i18n.load('en');
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearNotifications();
  await i18n.changeLanguage('ru');
});

describe('saving a language choice to the account', () => {
  it('tells a failure in the language chosen, not in the one the page was in', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 500 }));
    const { result } = renderHook(useSaveLanguage, { wrapper });
    act(() => result.current('en'));
    // The chosen language's page takes a while to load; the page is Russian until it has.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls()).toHaveLength(0);
    await act(() => i18n.changeLanguage('en'));
    await vi.waitFor(() => expect(getNotifications()).toHaveLength(1));
    expect(calls()).toHaveLength(1);
    expect(getNotifications()[0]?.message).toBe('An unexpected error has occurred');
  });
});
