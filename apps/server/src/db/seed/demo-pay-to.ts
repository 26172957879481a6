import type { PayToRecord } from '../schema';

/**
 * Where clients pay each currency in the demo: the exchanger's own cards, SBP phone and wallets.
 * The numbers are made up but valid (Luhn, address patterns and checksums: bech32, base58check, TON's
 * CRC), so a wallet scanning the QR code accepts them (seed.test.ts checks).
 */
const card = (number: string, holderRu: string, holderEn: string): PayToRecord[] => [
  { labelRu: 'Номер карты', labelEn: 'Card number', value: number },
  {
    labelRu: 'Получатель',
    labelEn: 'Recipient',
    value: holderRu === holderEn ? holderRu : `${holderRu} / ${holderEn}`,
  },
];
const wallet = (address: string): PayToRecord[] => [
  { labelRu: 'Адрес кошелька', labelEn: 'Wallet address', value: address },
];

export const DEMO_PAY_TO: Record<string, PayToRecord[]> = {
  SBERRUB: card('2202 2067 4512 3380', 'Ирина Сергеевна К.', 'Irina S. K.'),
  TCSBRUB: card('2200 7009 1834 5527', 'Ирина Сергеевна К.', 'Irina S. K.'),
  ACRUB: card('2200 1523 8841 0069', 'Ирина Сергеевна К.', 'Irina S. K.'),
  SBPRUB: [
    { labelRu: 'Телефон для перевода по СБП', labelEn: 'Phone for the SBP transfer', value: '+7 916 482-37-15' },
    { labelRu: 'Банк получателя', labelEn: 'Recipient bank', value: 'Т-Банк / T-Bank' },
    { labelRu: 'Получатель', labelEn: 'Recipient', value: 'Ирина Сергеевна К. / Irina S. K.' },
  ],
  BTC: wallet('bc1qj0mapw29tn6u9p06e5cl0f8sgvr67envcd3ehr'),
  ETH: wallet('0xa26a8aad6b1b855ee81d98179c9a793eba213c46'),
  USDTTRC20: wallet('THzJwm7EU499HJX1mN786FRoTyTqcguAQT'),
  USDTERC20: wallet('0xa26a8aad6b1b855ee81d98179c9a793eba213c46'),
  USDCERC20: wallet('0xa26a8aad6b1b855ee81d98179c9a793eba213c46'),
  LTC: wallet('ltc1qr944ye67h3sz8w6v4eht0z5nduj7cj9e9sp4f3'),
  TON: [
    ...wallet('UQAEx8HEMze9Felzw9cIiRv8lJ50ic8WxqNbAka6jN51ddBd'),
    { labelRu: 'Комментарий (memo)', labelEn: 'Comment (memo)', value: 'OBMEN' },
  ],
  XMR: wallet('48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnDK9URnRoJMk1j8nLwEVsaSWJ4fhdUyZijBGUicoD'),
  TRX: wallet('THzJwm7EU499HJX1mN786FRoTyTqcguAQT'),
  SOL: wallet('7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2'),
};
