import { describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { excessRefundOf, paymentChoicesOf, restOf, restToPay } from './payment-choices';

const d = (v: string) => new Decimal(v);
const now = new Date('2026-11-27T12:00:00Z');
const later = new Date('2026-11-27T12:10:00Z');
const earlier = new Date('2026-11-27T11:59:59Z');

describe('the figures of a payment problem’s choices', () => {
  it('say what is left to pay, to the unit, and nothing within one unit of the sum', () => {
    expect(restOf(d('0.008'), d('0.01'), 8)).toBe('0.00200000');
    expect(restOf(d('0.00999999'), d('0.01'), 8)).toBeNull();
    expect(restOf(d('0.012'), d('0.01'), 8)).toBeNull();
  });

  it('take the fee from the excess, rounded up to the currency’s unit, and offer nothing it would eat', () => {
    expect(excessRefundOf(d('1200'), d('1000'), '3', 2)).toEqual({ excess: '200.00', fee: '3.00', refund: '197.00' });
    // A fee finer than the currency's unit costs a whole unit: what goes back is never more than the excess less its cost.
    expect(excessRefundOf(d('1000.10'), d('1000'), '0.001', 2)).toEqual({
      excess: '0.10',
      fee: '0.01',
      refund: '0.09',
    });
    expect(excessRefundOf(d('1003'), d('1000'), '3', 2)).toBeNull();
    expect(excessRefundOf(d('1002'), d('1000'), '3', 2)).toBeNull();
    expect(excessRefundOf(d('1200'), d('1000'), null, 2)).toBeNull();
    expect(excessRefundOf(d('1000.01'), d('1000'), '0', 2)).toBeNull();
  });

  it('offer the rest only while the window is open, and the excess only for an overpayment', () => {
    const problem = (paymentProblem: 'under' | 'over' | 'late', paymentDeadline: Date | null) => ({
      status: 'payment_problem' as const,
      paymentProblem,
      paymentDeadline,
      giveSum: '1000',
    });
    expect(paymentChoicesOf(problem('under', later), d('800'), '3', 2, now)).toEqual({
      payRest: { rest: '200.00', deadline: later.toISOString() },
      refundExcess: null,
    });
    expect(paymentChoicesOf(problem('under', earlier), d('800'), '3', 2, now)).toEqual({
      payRest: null,
      refundExcess: null,
    });
    expect(paymentChoicesOf(problem('over', later), d('1200'), '3', 2, now)).toEqual({
      payRest: null,
      refundExcess: { excess: '200.00', fee: '3.00', refund: '197.00' },
    });
    expect(paymentChoicesOf(problem('late', later), d('1200'), '3', 2, now)).toEqual({
      payRest: null,
      refundExcess: null,
    });
    expect(paymentChoicesOf({ ...problem('under', later), status: 'advance' }, d('800'), '3', 2, now)).toBeNull();
  });

  it('tell a ticket still taking its payment what is left, while its window is open', () => {
    const ticket = { status: 'advance' as const, paymentProblem: null, paymentDeadline: later, giveSum: '1000' };
    expect(restToPay(ticket, d('800'), 2, now)).toBe('200.00');
    expect(restToPay(ticket, d('0'), 2, now)).toBeNull();
    expect(restToPay({ ...ticket, paymentDeadline: earlier }, d('800'), 2, now)).toBeNull();
    expect(restToPay({ ...ticket, status: 'success' }, d('800'), 2, now)).toBeNull();
  });
});
