import type { Db } from '../../db/database';
import type { SecretSealer } from '../accounts/two-factor-secret';
import type { Catalog } from '../exchange/exchange.catalog';
import type { PayoutProvider } from './payout-provider';
import { createBinanceProvider } from './providers/binance';
import { createElectrumProvider } from './providers/electrum';
import { findAccount, type PayoutAccountRow } from './ticket-payouts.repository';

/** A currency's provider with the names it gives the coin and the network. */
export interface PayoutAccount {
  provider: PayoutProvider;
  coin: string;
  network: string | null;
}

/** Sealed credentials are bound to their currency: a sealed text copied to another row does not open. */
export const credentialsOwner = (code: string) => `payout-account:${code}`;

export function openCredentials(sealer: SecretSealer, code: string, sealed: string | null): Record<string, string> {
  if (!sealed) return {};
  return JSON.parse(sealer.open(credentialsOwner(code), sealed)) as Record<string, string>;
}

/**
 * The provider of each currency whose payouts are automatic, built from what the console set
 * (configuration picks the provider; the domain never knows which). Rebuilt when the account changes.
 */
export function createPayoutProviders({
  db,
  catalog,
  sealer,
  timeoutMs = 15_000,
}: {
  db: Db;
  catalog: Catalog;
  sealer: SecretSealer;
  timeoutMs?: number;
}) {
  const built = new Map<string, { stamp: string; account: PayoutAccount }>();

  function build(mode: string, code: string, row: PayoutAccountRow): PayoutAccount | null {
    const settings = row.settings;
    const secrets = openCredentials(sealer, code, row.sealedCredentials);
    if (mode === 'electrum' && settings.url && settings.username) {
      return {
        provider: createElectrumProvider({
          url: settings.url,
          username: settings.username,
          password: secrets.password ?? '',
          walletPassword: secrets.walletPassword ?? null,
          timeoutMs,
        }),
        coin: code,
        network: null,
      };
    }
    if (mode === 'binance' && settings.baseUrl && settings.coin && settings.network) {
      return {
        provider: createBinanceProvider({
          baseUrl: settings.baseUrl,
          apiKey: secrets.apiKey ?? '',
          apiSecret: secrets.apiSecret ?? '',
          timeoutMs,
        }),
        coin: settings.coin,
        network: settings.network,
      };
    }
    return null;
  }

  return {
    async forCurrency(code: string): Promise<PayoutAccount | null> {
      const mode = catalog.get().currencies.get(code)?.row.payoutMode ?? 'manual';
      if (mode === 'manual') return null;
      const row = await findAccount(db, code);
      if (!row) return null;
      const stamp = `${mode}:${row.updatedAt.toISOString()}`;
      const cached = built.get(code);
      if (cached?.stamp === stamp) return cached.account;
      const account = build(mode, code, row);
      if (account) built.set(code, { stamp, account });
      return account;
    },
  };
}

export type PayoutProviders = ReturnType<typeof createPayoutProviders>;
