import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../database';
import { appMeta, currencies, directions, faqItems, news, pages, prices, reserves, seoPairs, users } from '../schema';
import { issueMessage, newPasswordSchema } from '@obmen/shared';
import { ConfigError } from '../../config';
import { ParameterError } from '../../http/errors';
import { hashPassword } from '../../modules/accounts/password-hashing';
import { checkNewPassword } from '../../modules/accounts/password-strength';
import { DEMO_CURRENCY_MESSAGES, DEMO_FIELDS, DEMO_SEO_PAIRS } from './demo-content';
import { DEMO_CURRENCIES, demoDirections } from './demo-data';
import { DEMO_EXPLORERS } from './demo-explorers';
import { DEMO_FAQ, DEMO_NEWS, DEMO_PAGES } from './demo-pages';
import { DEMO_PAY_TO } from './demo-pay-to';
import { DEMO_REFUND_FEES } from './demo-refund-fees';

// Partners withdraw in what they most often ask for: tether, bitcoin and roubles to a card or by SBP.
const REFERRAL_PAYOUT_CURRENCIES = ['USDTTRC20', 'BTC', 'SBERRUB', 'TCSBRUB', 'SBPRUB'];

/**
 * Fills an empty installation with the demo exchange, once: the marker row is taken in the same
 * transaction, so a second start (or a second process starting at the same moment) seeds nothing.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: 'demo_seeded_at', value: sql`to_jsonb(now())` })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;

    await tx.insert(currencies).values(
      DEMO_CURRENCIES.map((c, index) => ({
        code: c.code,
        nameRu: c.nameRu,
        nameEn: c.nameEn,
        valute: c.valute,
        iconPath: `/icons/currencies/${c.code.toLowerCase()}.svg`,
        highlighted: c.highlighted ?? false,
        aliases: c.aliases,
        scale: c.scale,
        kind: c.kind,
        sortOrder: index,
        giveFields: DEMO_FIELDS[c.code]?.give ?? [],
        getFields: DEMO_FIELDS[c.code]?.get ?? [],
        messageGiveRu: DEMO_CURRENCY_MESSAGES[c.code]?.give?.ru ?? '',
        messageGiveEn: DEMO_CURRENCY_MESSAGES[c.code]?.give?.en ?? '',
        messageGetRu: DEMO_CURRENCY_MESSAGES[c.code]?.get?.ru ?? '',
        messageGetEn: DEMO_CURRENCY_MESSAGES[c.code]?.get?.en ?? '',
        payTo: DEMO_PAY_TO[c.code] ?? [],
        referralPayout: REFERRAL_PAYOUT_CURRENCIES.includes(c.code),
        refundFee: DEMO_REFUND_FEES[c.code] ?? null,
        ...DEMO_EXPLORERS[c.code],
      })),
    );
    await tx.insert(prices).values(DEMO_CURRENCIES.map((c) => ({ currencyCode: c.code, usdPrice: c.usdPrice })));
    await tx.insert(reserves).values(DEMO_CURRENCIES.map((c) => ({ currencyCode: c.code, balance: c.reserve })));
    const byCode = new Map(DEMO_CURRENCIES.map((c) => [c.code, c]));
    await tx.insert(directions).values(
      demoDirections().map((d) => {
        const range = byCode.get(d.giveCode)!.giveRange;
        return { ...d, minSum: range.min, threshold: range.threshold ?? null, maxSum: range.max };
      }),
    );
    await tx.insert(pages).values(DEMO_PAGES);
    await tx.insert(faqItems).values(DEMO_FAQ.map((item, position) => ({ ...item, position })));
    await tx.insert(news).values(DEMO_NEWS.map((item) => ({ ...item, publishedAt: new Date(item.publishedAt) })));
    await tx
      .insert(seoPairs)
      .values(DEMO_SEO_PAIRS.map(({ give, get, ...texts }) => ({ giveCode: give, getCode: get, ...texts })));
    return true;
  });
}

export type AdminBootstrap =
  { created: false } | { created: true; email: string; username: string; generatedPassword: string | null };

/** Creates the first admin when there is none; a generated password is returned to be printed once. */
export async function ensureAdmin(db: Db, email: string, password: string | undefined): Promise<AdminBootstrap> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.role} = 'admin'`)
    .limit(1);
  if (existing.length > 0) return { created: false };
  const generatedPassword = password ? null : generatePassword();
  const username = 'admin';
  if (password) await refuseWeakAdminPassword(password, { username, email });
  const inserted = await db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: await hashPassword(password ?? generatedPassword!),
      role: 'admin',
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0 ? { created: true, email, username, generatedPassword } : { created: false };
}

/** The console's own key holds to the rule every user's password holds to: one line and no start. */
async function refuseWeakAdminPassword(password: string, owner: { username: string; email: string }): Promise<void> {
  const parsed = newPasswordSchema.safeParse(password);
  let reason = parsed.success ? null : issueMessage(parsed.error.issues[0]!, 'en');
  if (!reason) {
    reason = await checkNewPassword(password, owner, 'password').then(
      () => null,
      (error: unknown) => {
        if (error instanceof ParameterError) return error.parameterErrors('en')[0]?.messages[0] ?? 'is too weak';
        throw error;
      },
    );
  }
  if (reason) throw new ConfigError(`Invalid configuration: ADMIN_PASSWORD: ${reason}`);
}

// Letters, digits and a symbol from each class, so the password also meets the product's own rule.
function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const body = Array.from({ length: 18 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${body.slice(0, 6)}-${body.slice(6, 12)}-${body.slice(12)}Aa9!`;
}
