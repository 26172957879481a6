import { bech32 } from '@scure/base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeElectrum, type FakeElectrum, type FakeElectrumOptions } from '../../../../test/fake-electrum';
import { PayoutOutcomeUnknown, type PayoutRefused, type PayoutRequest } from '../payout-provider';
import { createElectrumProvider, txidOf, type ElectrumSettings } from './electrum';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const payout = (overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  key: 'obmen-1001-1',
  coin: 'BTC',
  network: null,
  address: ADDRESS,
  memo: null,
  amount: '0.0105',
  ...overrides,
});

/** What the domain keeps: the signed transaction, written before anything can leave. */
function recorder() {
  const kept: string[] = [];
  return { kept, record: async (raw: string) => void kept.push(raw) };
}

const refusal = (kind: PayoutRefused['kind']) => expect.objectContaining({ name: 'PayoutRefused', kind });

let fake: FakeElectrum;
const start = async (options: FakeElectrumOptions = {}) => {
  fake?.close();
  fake = await startFakeElectrum({ balance: '1', ...options });
};
beforeEach(() => start());
afterEach(() => fake.close());

const electrum = (settings: Partial<ElectrumSettings> = {}) =>
  createElectrumProvider({ url: fake.base, username: 'user', password: 'rpc-secret', timeoutMs: 2_000, ...settings });

describe('txidOf', () => {
  // Mainnet transactions and their txids from spesmilo/electrum tests/test_transaction.py.
  it('is the txid of a segwit transaction (its witness left out) and of a legacy one', () => {
    expect(
      txidOf(
        '010000000001010d350cefa29138de18a2d63a93cffda63721b07a6ecfa80a902f9514104b55ca0000000000fdffffff012a4a824a00000000160014b869999d342a5d42d6dc7af1efc28456da40297a024730440220475bb55814a52ea1036919e4408218c693b8bf93637b9f54c821b5baa3b846e102207276ed7a79493142c11fb01808a4142bbdd525ae7bdccdf8ecb7b8e3c856b4d90121024cdeaca7a53a7e23a1edbe9260794eaa83063534b5f111ee3c67d8b0cb88f0eec8010000',
      ),
    ).toBe('51087ece75c697cc872d2e643d646b0f3e1f2666fa1820b7bff4343d50dd680e');
    expect(
      txidOf(
        '0100000001f9dd7d33f315617530dd72264b5d9c69b815626cce3f66266d1015b1a590ba90000000006a4730440220699bfee3d280a499daf4af5593e8750b54fef0557f3c9f717bfa909493a84f60022057718eec7985b7796bb8630bf6ea2e9bf2892ac21bd6ab8f741a008537139ffe012103b4289890b40590447b57f773b5843bf0400e9cead08be225fac587b3c2a8e973fdffffff01ec24052a010000001976a914ce9ff3d15ed5f3a3d94b583b12796d063879b11588ac00000000',
      ),
    ).toBe('24737c68f53d4b519939119ed83b2a8d44d716d7f3ca98bcecc0fbb92c2085ce');
  });

  it('refuses what is not one whole transaction', () => {
    expect(() => txidOf('cHNidP8BAHECAAAAAQ==')).toThrow();
    expect(() => txidOf('0100000001')).toThrow();
  });
});

describe('Electrum payouts', () => {
  it('records the signed transaction before broadcasting it, pays once, labels it with the key', async () => {
    const kept: string[] = [];
    let paidWhenRecorded = -1;
    const outcome = await electrum().send(payout(), null, async (raw) => {
      paidWhenRecorded = fake.payments().length;
      kept.push(raw);
    });
    expect(paidWhenRecorded).toBe(0);
    const txid = txidOf(kept[0]!);
    expect(outcome).toEqual({ state: 'sent', txid, ref: txid });
    expect(fake.payments()).toEqual([{ key: 'obmen-1001-1', address: ADDRESS, amount: '0.0105', txid, broadcasts: 1 }]);
    expect(await electrum().lookup(payout(), kept[0]!)).toEqual(outcome);
    // 1 − 0.0105 − the fake's fee of 141 sat
    expect(await electrum().balance('BTC', null)).toBe('0.98949859');
  });

  it('refuses a payout the wallet cannot cover, and nothing is recorded or sent', async () => {
    await start({ balance: '0.01' });
    const { kept, record } = recorder();
    await expect(electrum().send(payout(), null, record)).rejects.toEqual(refusal('insufficient_funds'));
    expect(kept).toEqual([]);
    expect(fake.calls()).toEqual(['payto']);
    expect(fake.payments()).toEqual([]);
  });

  it.each([false, true])(
    'reads not enough funds and a bad address in either error format (legacy: %s)',
    async (legacyErrors) => {
      await start({ legacyErrors });
      fake.failNext('payto', 'insufficient_funds');
      await expect(electrum().send(payout(), null, recorder().record)).rejects.toEqual(refusal('insufficient_funds'));
      await expect(electrum().send(payout({ address: 'bc1qnotanaddress' }), null, recorder().record)).rejects.toEqual(
        refusal('invalid_request'),
      );
      expect(fake.payments()).toEqual([]);
    },
  );

  it('refuses an amount Electrum would cut, before asking', async () => {
    await expect(electrum().send(payout({ amount: '0.123456789' }), null, recorder().record)).rejects.toEqual(
      refusal('invalid_request'),
    );
    expect(fake.calls()).toEqual([]);
  });

  it.each(['server_error', 'hang', 'reset'] as const)(
    'a broadcast the network got but whose answer was lost (%s) is unknown, then found; sending the record again pays nothing more',
    async (failure) => {
      fake.failNext('broadcast', failure, 'after');
      const { kept, record } = recorder();
      await expect(electrum({ timeoutMs: 300 }).send(payout(), null, record)).rejects.toBeInstanceOf(
        PayoutOutcomeUnknown,
      );
      const txid = txidOf(kept[0]!);
      expect(await electrum().lookup(payout(), kept[0]!)).toEqual({ state: 'sent', txid, ref: txid });
      // Even a domain that sent again could only send the same transaction.
      expect(await electrum().send(payout(), kept[0]!, record)).toEqual({ state: 'sent', txid, ref: txid });
      expect(fake.payments()).toEqual([expect.objectContaining({ txid, broadcasts: 2 })]);
      expect(fake.calls().filter((method) => method === 'payto')).toHaveLength(1);
    },
  );

  it.each(['server_error', 'hang', 'reset'] as const)(
    'a broadcast that never reached the network (%s) is unknown, then absent; the recorded transaction is sent once',
    async (failure) => {
      fake.failNext('broadcast', failure, 'before');
      const { kept, record } = recorder();
      await expect(electrum({ timeoutMs: 300 }).send(payout(), null, record)).rejects.toBeInstanceOf(
        PayoutOutcomeUnknown,
      );
      expect(fake.payments()).toEqual([]);
      // The wallet holds it as local (payto's addtransaction): not seen by the network.
      expect(await electrum().lookup(payout(), kept[0]!)).toEqual({ state: 'absent' });
      const txid = txidOf(kept[0]!);
      expect(await electrum().send(payout(), kept[0]!, record)).toEqual({ state: 'sent', txid, ref: txid });
      expect(fake.payments()).toEqual([expect.objectContaining({ key: 'obmen-1001-1', txid, broadcasts: 1 })]);
      expect(fake.calls().filter((method) => method === 'payto')).toHaveLength(1);
    },
  );

  it.each([false, true])('a transaction the network already has is sent (legacy errors: %s)', async (legacyErrors) => {
    await start({ legacyErrors });
    fake.failNext('broadcast', 'duplicate');
    const { kept, record } = recorder();
    const txid = await electrum()
      .send(payout(), null, record)
      .then((outcome) => (outcome.state === 'sent' ? outcome.txid : null));
    expect(txid).toBe(txidOf(kept[0]!));
    expect(fake.payments()).toEqual([expect.objectContaining({ txid, broadcasts: 1 })]);
  });

  it('a rejection every node gives is refused; one that depends on the node is unknown', async () => {
    fake.failNext('broadcast', { rejected: 'bad-txns-in-belowout' });
    await expect(electrum().send(payout(), null, recorder().record)).rejects.toEqual(refusal('rejected'));
    fake.failNext('broadcast', { rejected: 'min relay fee not met' });
    await expect(electrum().send(payout({ key: 'obmen-1002-1' }), null, recorder().record)).rejects.toBeInstanceOf(
      PayoutOutcomeUnknown,
    );
    expect(fake.payments()).toEqual([]);
  });

  it('refuses when the daemon refuses the RPC credentials or the wallet password', async () => {
    await start({ walletPassword: 'wallet-secret' });
    await expect(electrum({ password: 'wrong' }).send(payout(), null, recorder().record)).rejects.toEqual(
      refusal('rejected'),
    );
    await expect(electrum().send(payout(), null, recorder().record)).rejects.toThrow(/Password required/);
    await expect(electrum({ walletPassword: 'wrong' }).send(payout(), null, recorder().record)).rejects.toThrow(
      /Incorrect password/,
    );
    expect(fake.payments()).toEqual([]);
    const sent = await electrum({ walletPassword: 'wallet-secret' }).send(payout(), null, recorder().record);
    expect(sent.state).toBe('sent');
  });

  it('a payto that does not answer sent nothing: unavailable (tried later), nothing recorded', async () => {
    fake.failNext('payto', 'hang', 'after');
    const { kept, record } = recorder();
    await expect(electrum({ timeoutMs: 300 }).send(payout(), null, record)).rejects.toEqual(refusal('unavailable'));
    expect(kept).toEqual([]);
    expect(fake.payments()).toEqual([]);
  });

  it('broadcasts nothing when the record cannot be written', async () => {
    const failing = async () => {
      throw new Error('the database is gone');
    };
    await expect(electrum().send(payout(), null, failing)).rejects.toThrow('the database is gone');
    expect(fake.calls()).not.toContain('broadcast');
  });

  it('finds nothing sent for a payout with no recorded transaction', async () => {
    expect(await electrum().lookup(payout(), null)).toEqual({ state: 'absent' });
  });

  it('a history it cannot read is no answer, never absent', async () => {
    const { kept, record } = recorder();
    await electrum().send(payout(), null, record);
    fake.failNext('onchain_history', 'server_error');
    await expect(electrum().lookup(payout(), kept[0]!)).rejects.toBeInstanceOf(PayoutOutcomeUnknown);
  });

  it('two payouts at once spend different coins; the second that does not fit is refused', async () => {
    const both = await Promise.all([
      electrum().send(payout(), null, recorder().record),
      electrum().send(payout({ key: 'obmen-1002-1', amount: '0.2' }), null, recorder().record),
    ]);
    expect(new Set(both.map((outcome) => (outcome.state === 'sent' ? outcome.txid : null))).size).toBe(2);
    await start({ balance: '0.3' });
    // payto keeps each signed transaction in the wallet: the second cannot take the first one's coins.
    const outcomes = await Promise.allSettled([
      electrum().send(payout({ amount: '0.2' }), null, recorder().record),
      electrum().send(payout({ key: 'obmen-1002-1', amount: '0.2' }), null, recorder().record),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')?.reason).toEqual(refusal('insufficient_funds'));
    expect(fake.payments()).toHaveLength(1);
  });

  it('answers the balance without unconfirmed incoming coins, less unconfirmed spending', async () => {
    fake.setBalance('2.5', '0.3');
    expect(await electrum().balance('BTC', null)).toBe('2.5');
    fake.setBalance('2.5', '-0.3');
    expect(await electrum().balance('BTC', null)).toBe('2.2');
  });

  it('runs hooks before a call is executed and after, before it is answered', async () => {
    const seen: string[] = [];
    fake.before('broadcast', () => seen.push(`before: ${fake.payments().length} paid`));
    fake.after('broadcast', () => seen.push(`after: ${fake.payments().length} paid`));
    await electrum().send(payout(), null, recorder().record);
    expect(seen).toEqual(['before: 0 paid', 'after: 1 paid']);
  });

  it('pays from an Electrum-LTC wallet, whose history comes wrapped', async () => {
    await start({ coin: 'LTC', legacyErrors: true });
    const address = bech32.encode('ltc', [0, ...bech32.toWords(new Uint8Array(20).fill(7))]);
    const { kept, record } = recorder();
    const outcome = await electrum().send(payout({ coin: 'LTC', address }), null, record);
    expect(await electrum().lookup(payout({ coin: 'LTC', address }), kept[0]!)).toEqual(outcome);
    expect(fake.payments()).toEqual([expect.objectContaining({ address, amount: '0.0105', broadcasts: 1 })]);
  });
});
