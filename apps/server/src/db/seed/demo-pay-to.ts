import type { PayToRecord } from '../schema';

/**
 * Where clients pay each currency in the demo: the exchanger's own cards, SBP phone and wallets.
 * The numbers are made up but valid in form (Luhn, address alphabets), so copy buttons and QR codes work.
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
  BTC: wallet('bc1qk7h3v9w2x5m8n4p6r0t2y8u4i6o2p3a5s7d9f0'),
  ETH: wallet('0x5A1f3c9E7b2D4a6C8e0F1b3D5f7A9c1E3b5D7f9A'),
  USDTTRC20: wallet('TXk4hPbR8dN5e2QvYw3mZs7fLc6uJ9aGtB'),
  USDTERC20: wallet('0x5A1f3c9E7b2D4a6C8e0F1b3D5f7A9c1E3b5D7f9A'),
  USDCERC20: wallet('0x5A1f3c9E7b2D4a6C8e0F1b3D5f7A9c1E3b5D7f9A'),
  LTC: wallet('ltc1qg8r4m2k6x9v3n7p5w1z8y4t6s2q0u3e5r7h9j'),
  TON: [
    ...wallet('UQBx5kP2mN8vR4tY6wZ3aQ9sD1fG7hJ2kL5cV8bX0nM4pE6r'),
    { labelRu: 'Комментарий (memo)', labelEn: 'Comment (memo)', value: 'OBMEN' },
  ],
  XMR: wallet('48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnDK9URnRoJMk1j8nLwEVsaSWJ4fhdUyZijBGUicoD'),
  TRX: wallet('TXk4hPbR8dN5e2QvYw3mZs7fLc6uJ9aGtB'),
  SOL: wallet('7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2'),
};
