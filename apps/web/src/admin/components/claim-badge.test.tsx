import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { loadConsoleCopy } from '../i18n';
import { ClaimBadge, WaitBadge } from './claim-badge';

afterEach(cleanup);

const claim = {
  operatorId: 'u1',
  operator: 'anna',
  mine: false,
  claimedAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-11-26T10:30:00.000Z',
};

describe('who holds a ticket and how long it has waited', () => {
  it('names the operator holding it, or says the asker holds it, in the console language', async () => {
    await initI18n('en');
    loadConsoleCopy();
    const { rerender } = render(<ClaimBadge claim={claim} />);
    expect(screen.getByTestId('claim-badge').textContent).toBe('Held by anna');
    rerender(<ClaimBadge claim={{ ...claim, mine: true }} />);
    expect(screen.getByTestId('claim-badge').textContent).toBe('You hold it');
    rerender(<ClaimBadge claim={null} />);
    expect(screen.queryByTestId('claim-badge')).toBeNull();

    await initI18n('ru');
    loadConsoleCopy();
    rerender(<ClaimBadge claim={claim} />);
    expect(screen.getByTestId('claim-badge').textContent).toBe('У оператора anna');
  });

  it('shows the minutes waited and says how they stand against the thresholds', async () => {
    await initI18n('ru');
    loadConsoleCopy();
    render(<WaitBadge wait={{ state: 'awaiting_approval', since: claim.claimedAt, minutes: 42, level: 'red' }} />);
    const badge = screen.getByTestId('wait-badge');
    expect(badge.dataset.level).toBe('red');
    expect(badge.textContent).toBe('Ждёт 42 мин (выплата ждёт одобрения; красный: срок превышен)');
  });
});
