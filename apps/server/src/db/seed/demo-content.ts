import type { AddressFormat } from '@obmen/shared/addresses';
/**
 * The texts a fresh installation starts with, beside the demo exchange of demo-data.ts: the
 * requisites each currency asks for, the operator's notes under the converter and the SEO copy of
 * the most searched directions. Every placeholder is a made-up value in the right format (card
 * numbers pass the Luhn check, addresses have valid checksums); none belongs to anyone.
 */
export type FieldKind = 'card' | 'phone' | 'name' | 'address' | 'memo' | 'text' | 'email';

export interface DemoRequisiteField {
  /** camelCase, unique within a side. */
  name: string;
  kind: FieldKind;
  labelRu: string;
  labelEn: string;
  /** A short hint shown under the input. */
  hintRu: string;
  hintEn: string;
  /** An example value in the right format; cards and phones may contain spaces and dashes. */
  placeholder: string;
  /** The example on English pages, where the Russian one is in Russian (a name, a bank). */
  placeholderEn?: string;
  /** A RegExp source anchored with ^…$, tested after trimming (cards and phones: without spaces and dashes). */
  pattern: string;
  /** The network whose address checksum the value must pass. */
  format?: AddressFormat;
  required: boolean;
}

const CARD = /^\d{16,19}$/.source;
const PHONE = /^\+7\d{10}$/.source;
/** Two or three words of Cyrillic or Latin letters; a word may be hyphenated (Римский-Корсаков). */
const FULL_NAME = /^[A-Za-zА-Яа-яЁё]+(?:-[A-Za-zА-Яа-яЁё]+)*(?: +[A-Za-zА-Яа-яЁё]+(?:-[A-Za-zА-Яа-яЁё]+)*){1,2}$/
  .source;
/** Bank names as people write them: Т-Банк, Банк ДОМ.РФ, Банк «Санкт-Петербург», Ozon Банк. */
const BANK_NAME = /^[0-9A-Za-zА-Яа-яЁё][0-9A-Za-zА-Яа-яЁё .,«»"'()-]{1,59}$/.source;
const MEMO = /^[\w -]{1,120}$/.source;

interface Network {
  pattern: string;
  format: AddressFormat;
  placeholder: string;
  /** The wallet address label, e.g. 'Адрес кошелька Bitcoin'. */
  labelRu: string;
  labelEn: string;
  /** What a valid address looks like, e.g. 'Начинается с bc1, 1 или 3'. */
  formatRu: string;
  formatEn: string;
  /** The refund address hint, e.g. 'ваш адрес Bitcoin'. */
  refundRu: string;
  refundEn: string;
}

const BTC: Network = {
  format: 'bitcoin',
  pattern: /^(bc1[ac-hj-np-z02-9]{11,71}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/.source,
  placeholder: 'bc1qnu9pg06nnsahwsuu44qxezd2jch0nkjfpw40ls',
  labelRu: 'Адрес кошелька Bitcoin',
  labelEn: 'Bitcoin wallet address',
  formatRu: 'Адрес BTC, начинается с bc1, 1 или 3',
  formatEn: 'A BTC address starting with bc1, 1 or 3',
  refundRu: 'ваш адрес Bitcoin',
  refundEn: 'your Bitcoin address',
};

const ETH_ADDRESS = /^0x[a-fA-F0-9]{40}$/.source;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/.source;

const ETH: Network = {
  format: 'ethereum',
  pattern: ETH_ADDRESS,
  placeholder: '0x4Bf10cc0a23A2037291C9a203995f6a83a14aF92',
  labelRu: 'Адрес кошелька Ethereum',
  labelEn: 'Ethereum wallet address',
  formatRu: 'Адрес в основной сети Ethereum, начинается с 0x',
  formatEn: 'An Ethereum mainnet address starting with 0x',
  refundRu: 'ваш адрес Ethereum (0x…)',
  refundEn: 'your Ethereum address (0x…)',
};

const USDT_ERC20: Network = {
  format: 'ethereum',
  pattern: ETH_ADDRESS,
  placeholder: '0xa93bFca552Ba5345EAf5D848693816ce401A79b9',
  labelRu: 'Адрес USDT в сети Ethereum (ERC20)',
  labelEn: 'USDT address on Ethereum (ERC20)',
  formatRu: 'Начинается с 0x. Только сеть ERC20, не BEP20 и не Arbitrum',
  formatEn: 'Starts with 0x. ERC20 only, not BEP20 or Arbitrum',
  refundRu: 'ваш адрес в сети ERC20 (0x…)',
  refundEn: 'your ERC20 address (0x…)',
};

const USDC_ERC20: Network = {
  ...USDT_ERC20,
  labelRu: 'Адрес USDC в сети Ethereum (ERC20)',
  labelEn: 'USDC address on Ethereum (ERC20)',
};

const USDT_TRC20: Network = {
  format: 'tron',
  pattern: TRON_ADDRESS,
  placeholder: 'TWtusZs7DuSbYojyi7NVNsnxmAooeMJSAc',
  labelRu: 'Адрес USDT в сети TRON (TRC20)',
  labelEn: 'USDT address on TRON (TRC20)',
  formatRu: 'Начинается с T. Адрес ERC20 (0x…) не подойдёт',
  formatEn: 'Starts with T. An ERC20 address (0x…) will not work',
  refundRu: 'ваш адрес в сети TRC20 (T…)',
  refundEn: 'your TRC20 address (T…)',
};

const TRX: Network = {
  format: 'tron',
  pattern: TRON_ADDRESS,
  placeholder: 'TNHMwkH8KoJncmbQPbEhKysNyTP4Y1dBko',
  labelRu: 'Адрес кошелька TRON',
  labelEn: 'TRON wallet address',
  formatRu: 'Адрес в сети TRON, начинается с T',
  formatEn: 'A TRON address starting with T',
  refundRu: 'ваш адрес TRON (T…)',
  refundEn: 'your TRON address (T…)',
};

const LTC: Network = {
  format: 'litecoin',
  pattern: /^(ltc1[ac-hj-np-z02-9]{11,71}|[LM3][a-km-zA-HJ-NP-Z1-9]{26,33})$/.source,
  placeholder: 'ltc1qm8m2vsdhgf0ad3qvuauf2kr5ec99t409m045cc',
  labelRu: 'Адрес кошелька Litecoin',
  labelEn: 'Litecoin wallet address',
  formatRu: 'Адрес LTC, начинается с ltc1, L или M',
  formatEn: 'An LTC address starting with ltc1, L or M',
  refundRu: 'ваш адрес Litecoin',
  refundEn: 'your Litecoin address',
};

const TON: Network = {
  format: 'ton',
  pattern: /^(EQ|UQ|kQ|0Q)[A-Za-z0-9_-]{46}$/.source,
  placeholder: 'UQCH2ds1UJ6upEQohJipcKpnqlTlWAwaVSPpUf62Ux3Lg7y4',
  labelRu: 'Адрес кошелька TON',
  labelEn: 'TON wallet address',
  formatRu: 'Адрес из 48 символов, начинается с UQ или EQ',
  formatEn: 'A 48-character address starting with UQ or EQ',
  refundRu: 'ваш адрес TON',
  refundEn: 'your TON address',
};

const XMR: Network = {
  format: 'monero',
  pattern: /^[48][0-9AB][1-9A-HJ-NP-Za-km-z]{93}$/.source,
  placeholder: '42KfupHwG3XWrJT3cCtcXr9t6fr2yqsoMLZh2zpuCZNvWVjDU65xdEod8Un5YDabve5LQGpgztQMC5Cf263rCqx88eF3VhP',
  labelRu: 'Адрес кошелька Monero',
  labelEn: 'Monero wallet address',
  formatRu: 'Основной адрес (4…) или субадрес (8…), 95 символов',
  formatEn: 'A primary address (4…) or subaddress (8…), 95 characters',
  refundRu: 'ваш адрес Monero',
  refundEn: 'your Monero address',
};

const SOL: Network = {
  format: 'solana',
  pattern: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.source,
  placeholder: 'HsvfWBdSJCBQWoxoh8EKfDUqAF9sxJHoeQo1jGc6FmvQ',
  labelRu: 'Адрес кошелька Solana',
  labelEn: 'Solana wallet address',
  formatRu: 'Адрес кошелька Solana, 32–44 символа',
  formatEn: 'A Solana wallet address, 32–44 characters',
  refundRu: 'ваш адрес Solana',
  refundEn: 'your Solana address',
};

const fullNameField = (labelRu: string, labelEn: string, hintRu: string, hintEn: string): DemoRequisiteField => ({
  name: 'fullName',
  kind: 'name',
  labelRu,
  labelEn,
  hintRu,
  hintEn,
  placeholder: 'Иванов Иван Иванович',
  placeholderEn: 'John Smith',
  pattern: FULL_NAME,
  required: true,
});

/** A rouble card: the card paid from and the card paid to, both in the client's own name. */
function cardSides(
  bank: { en: string; genitive: string },
  placeholders: { give: string; get: string },
): { give: DemoRequisiteField[]; get: DemoRequisiteField[] } {
  return {
    give: [
      {
        name: 'cardNumber',
        kind: 'card',
        labelRu: 'Номер карты, с которой платите',
        labelEn: 'Card number you pay from',
        hintRu: `Карта ${bank.genitive}, оформленная на ваше имя`,
        hintEn: `${bank.en} card in your own name`,
        placeholder: placeholders.give,
        pattern: CARD,
        required: true,
      },
      fullNameField(
        'ФИО владельца карты',
        'Cardholder’s full name',
        'Как в банке, кириллицей или латиницей',
        'As registered with your bank, in Cyrillic or Latin letters',
      ),
    ],
    get: [
      {
        name: 'cardNumber',
        kind: 'card',
        labelRu: 'Номер карты для получения',
        labelEn: 'Card number to receive to',
        hintRu: `Карта ${bank.genitive}, оформленная на ваше имя`,
        hintEn: `${bank.en} card in your own name`,
        placeholder: placeholders.get,
        pattern: CARD,
        required: true,
      },
      fullNameField(
        'ФИО получателя',
        'Recipient’s full name',
        'Владелец карты, как в банке',
        'The cardholder, as registered with the bank',
      ),
    ],
  };
}

/** A coin: an optional refund address when paying with it, the wallet to receive it on. */
function cryptoSides(
  network: Network,
  extraGet: DemoRequisiteField[] = [],
): { give: DemoRequisiteField[]; get: DemoRequisiteField[] } {
  return {
    give: [
      {
        name: 'refundAddress',
        kind: 'address',
        labelRu: 'Адрес для возврата',
        labelEn: 'Refund address',
        hintRu: `Необязательно: ${network.refundRu}, если понадобится возврат`,
        hintEn: `Optional: ${network.refundEn} in case a refund is needed`,
        placeholder: network.placeholder,
        pattern: network.pattern,
        format: network.format,
        required: false,
      },
    ],
    get: [
      {
        name: 'walletAddress',
        kind: 'address',
        labelRu: network.labelRu,
        labelEn: network.labelEn,
        hintRu: network.formatRu,
        hintEn: network.formatEn,
        placeholder: network.placeholder,
        pattern: network.pattern,
        format: network.format,
        required: true,
      },
      ...extraGet,
    ],
  };
}

const TON_MEMO: DemoRequisiteField = {
  name: 'memo',
  kind: 'memo',
  labelRu: 'Комментарий (memo)',
  labelEn: 'Comment (memo)',
  hintRu: 'Нужен при зачислении на счёт биржи, для личного кошелька оставьте пустым',
  hintEn: 'Needed when sending to an exchange account; leave empty for a personal wallet',
  placeholder: '104857362',
  pattern: MEMO,
  required: false,
};

export const DEMO_FIELDS: Record<string, { give: DemoRequisiteField[]; get: DemoRequisiteField[] }> = {
  SBERRUB: cardSides(
    { en: 'A Sberbank', genitive: 'Сбербанка' },
    { give: '2202 2000 4817 3056', get: '2202 2010 7312 4683' },
  ),
  TCSBRUB: cardSides(
    { en: 'A T-Bank', genitive: 'Т-Банка' },
    { give: '2200 7001 6294 8318', get: '2200 7003 9045 1721' },
  ),
  ACRUB: cardSides(
    { en: 'An Alfa-Bank', genitive: 'Альфа-Банка' },
    { give: '2200 1503 7762 0494', get: '2200 1506 1843 5702' },
  ),
  SBPRUB: {
    give: [
      {
        name: 'phone',
        kind: 'phone',
        labelRu: 'Телефон отправителя',
        labelEn: 'Sender’s phone number',
        hintRu: 'Номер, к которому привязан счёт, с которого вы переведёте деньги',
        hintEn: 'The number linked to the account you will pay from',
        placeholder: '+7 912 345-67-89',
        pattern: PHONE,
        required: true,
      },
      {
        name: 'bankName',
        kind: 'text',
        labelRu: 'Банк отправителя',
        labelEn: 'Your bank',
        hintRu: 'Банк, из которого вы отправите перевод по СБП',
        hintEn: 'The bank you will send the SBP transfer from',
        placeholder: 'Сбербанк',
        placeholderEn: 'Sberbank',
        pattern: BANK_NAME,
        required: true,
      },
      fullNameField(
        'ФИО отправителя',
        'Sender’s full name',
        'Владелец счёта, с которого придёт перевод',
        'The holder of the account the transfer comes from',
      ),
    ],
    get: [
      {
        name: 'phone',
        kind: 'phone',
        labelRu: 'Телефон для перевода по СБП',
        labelEn: 'Phone number for the SBP payout',
        hintRu: 'Номер, к которому в выбранном банке привязан ваш счёт',
        hintEn: 'The number your account at the chosen bank is linked to',
        placeholder: '+7 912 345-67-89',
        pattern: PHONE,
        required: true,
      },
      {
        name: 'bankName',
        kind: 'text',
        labelRu: 'Банк получателя',
        labelEn: 'Receiving bank',
        hintRu: 'Банк, в который отправить перевод',
        hintEn: 'The bank we should send the transfer to',
        placeholder: 'Т-Банк',
        placeholderEn: 'T-Bank',
        pattern: BANK_NAME,
        required: true,
      },
      fullNameField(
        'ФИО получателя',
        'Recipient’s full name',
        'Сверим с именем, которое банк покажет при переводе',
        'We match it with the name the bank shows before sending',
      ),
    ],
  },
  BTC: cryptoSides(BTC),
  ETH: cryptoSides(ETH),
  USDTTRC20: cryptoSides(USDT_TRC20),
  USDTERC20: cryptoSides(USDT_ERC20),
  USDCERC20: cryptoSides(USDC_ERC20),
  LTC: cryptoSides(LTC),
  TON: cryptoSides(TON, [TON_MEMO]),
  XMR: cryptoSides(XMR),
  TRX: cryptoSides(TRX),
  SOL: cryptoSides(SOL),
};

const ownCardNote = (bankRu: string, bankEn: string) => ({
  ru: `Оплачивайте только с карты ${bankRu}, оформленной на ваше имя. Переводы с чужих карт и счетов организаций возвращаются за вычетом комиссий.`,
  en: `Pay only from ${bankEn} card in your own name. Transfers from third-party cards or company accounts are refunded minus fees.`,
});

export const DEMO_CURRENCY_MESSAGES: Record<
  string,
  { give?: { ru: string; en: string }; get?: { ru: string; en: string } }
> = {
  SBERRUB: { give: ownCardNote('Сбербанка', 'a Sberbank') },
  TCSBRUB: { give: ownCardNote('Т-Банка', 'a T-Bank') },
  ACRUB: { give: ownCardNote('Альфа-Банка', 'an Alfa-Bank') },
  SBPRUB: {
    give: {
      ru: 'Оплачивайте только по СБП на номер и в банк, указанные на странице оплаты, одним переводом на всю сумму и со счёта на ваше имя.',
      en: 'Pay only by SBP to the phone number and bank shown on the payment page, in one transfer for the full amount, from an account in your own name.',
    },
  },
  BTC: {
    give: {
      ru: 'Обмен начнётся после 2 подтверждений сети Bitcoin — обычно около 20 минут, при загруженной сети дольше.',
      en: 'The exchange starts after 2 Bitcoin network confirmations: usually about 20 minutes, longer when the network is busy.',
    },
  },
  ETH: {
    give: {
      ru: 'Обмен начнётся после 12 подтверждений сети Ethereum, это примерно 2–3 минуты. Отправляйте ETH только в основной сети Ethereum.',
      en: 'The exchange starts after 12 Ethereum network confirmations, about 2–3 minutes. Send ETH on Ethereum mainnet only.',
    },
  },
  USDTTRC20: {
    get: {
      ru: 'Комиссия сети TRON уже включена в курс: на ваш адрес придёт ровно та сумма, что указана в заявке.',
      en: 'The TRON network fee is already included in the rate: you receive exactly the amount shown in your order.',
    },
  },
  TON: {
    get: {
      ru: 'Получаете TON на биржу? Укажите memo (комментарий) со страницы пополнения биржи — без него монеты могут не зачислиться на ваш счёт.',
      en: 'Receiving TON on an exchange? Add the memo (comment) from its deposit page, or the coins may not be credited to your account.',
    },
  },
  XMR: {
    give: {
      ru: 'Обмен начнётся после 10 подтверждений сети Monero — примерно через 20 минут.',
      en: 'The exchange starts after 10 Monero network confirmations, about 20 minutes.',
    },
    get: {
      ru: 'Монеты станут доступны в вашем кошельке после 10 подтверждений сети — примерно через 20 минут после отправки.',
      en: 'The coins become spendable in your wallet after 10 network confirmations, about 20 minutes after we send them.',
    },
  },
};

export interface DemoSeoPair {
  give: string;
  get: string;
  /** At most 65 characters. */
  metaTitleRu: string;
  metaTitleEn: string;
  /** 120–160 characters. */
  metaDescriptionRu: string;
  metaDescriptionEn: string;
  /** A comma-separated list. */
  keywordsRu: string;
  keywordsEn: string;
  /** The H1 above the converter. */
  siteHeaderRu: string;
  siteHeaderEn: string;
  /** The heading of the text under the converter. */
  textTitleRu: string;
  textTitleEn: string;
  /** 3–5 plain-text paragraphs separated by a blank line. */
  textBodyRu: string;
  textBodyEn: string;
}

const paragraphs = (...items: string[]) => items.join('\n\n');

export const DEMO_SEO_PAIRS: DemoSeoPair[] = [
  {
    give: 'SBERRUB',
    get: 'BTC',
    metaTitleRu: 'Обмен Сбербанк на Bitcoin — купить BTC с карты Сбера | Obmen',
    metaTitleEn: 'Sberbank RUB to Bitcoin — buy BTC with a Sber card | Obmen',
    metaDescriptionRu:
      'Купите биткоин за рубли с карты Сбербанка: фиксированный или плавающий курс, обработка заявки оператором за 5–15 минут, работаем круглосуточно.',
    metaDescriptionEn:
      'Buy Bitcoin with roubles from your Sberbank card: fixed or floating rate, orders processed by an operator in 5–15 minutes, open 24/7 including weekends.',
    keywordsRu:
      'обмен сбербанк на биткоин, купить биткоин с карты сбербанка, сбер btc, биткоин за рубли, обменник сбербанк bitcoin',
    keywordsEn:
      'sberbank to bitcoin, buy bitcoin with sberbank card, sber rub to btc, bitcoin for roubles, rub btc exchanger',
    siteHeaderRu: 'Обмен Сбербанк RUB на Bitcoin',
    siteHeaderEn: 'Exchange Sberbank RUB to Bitcoin',
    textTitleRu: 'Как купить Bitcoin с карты Сбербанка',
    textTitleEn: 'How to buy Bitcoin with a Sberbank card',
    textBodyRu: paragraphs(
      'На Obmen можно купить Bitcoin за рубли с карты Сбербанка в любое время суток. Укажите в конвертере сумму в рублях или в BTC — вторая посчитается по текущему курсу. Затем введите номер карты, с которой будете платить, ФИО владельца и адрес своего биткоин-кошелька. Пользователи, вошедшие в аккаунт, получают курс на 0,05% выгоднее.',
      'Платите только с карты Сбербанка, оформленной на ваше имя: переводы с чужих карт и со счетов юридических лиц не принимаются и возвращаются за вычетом комиссий. При первой оплате с новой карты мы можем попросить её подтвердить — инструкция появится на странице заявки. Время на оплату ограничено: обычно 30 минут, таймер виден в заявке.',
      'Курс можно выбрать фиксированный или плавающий. Фиксированный — это ровно тот расчёт, который показывает конвертер, пока идёт таймер; за защиту от колебаний в него заложена небольшая наценка. Плавающий без наценки: он берётся по рынку в момент создания заявки, поэтому сумма BTC в заявке может немного отличаться от расчётной. В обоих случаях суммы созданной заявки уже не меняются, если вы оплатите её вовремя.',
      'Когда деньги поступят, оператор проверит платёж и отправит BTC на ваш адрес — обычно за 5–15 минут. Подходят адреса, начинающиеся с bc1, 1 и 3. Транзакция сразу появится в кошельке как неподтверждённая, первое подтверждение сети Bitcoin приходит в среднем через 10 минут. Если банк задержит платёж для дополнительной проверки, заявка всё равно будет выполнена не позднее чем через 24 часа.',
    ),
    textBodyEn: paragraphs(
      'On Obmen you can buy Bitcoin with roubles from a Sberbank card at any time of day or night. Enter the amount in roubles or in BTC and the other is calculated at the current rate. Then fill in the number of the card you will pay from, the cardholder’s full name and your Bitcoin wallet address. Signed-in users get a rate 0.05% better.',
      'Pay only from a Sberbank card in your own name: transfers from other people’s cards and from company accounts are not accepted and are refunded minus fees. The first time you pay with a new card we may ask you to verify it; the instructions appear on the order page. The time to pay is limited to between 5 and 60 minutes depending on the direction, and the order page shows a countdown.',
      'You can choose a fixed or a floating rate. A fixed rate is exactly the quote the converter shows while its countdown runs; it includes a small markup for that protection against price swings. A floating rate has no markup: it is taken from the market when the order is created, so the amount of BTC in the order can differ slightly from the estimate. Either way, once the order is created its amounts no longer change as long as you pay in time.',
      'Once the money arrives, an operator checks the payment and sends BTC to your address, usually within 5–15 minutes. Addresses starting with bc1, 1 and 3 are accepted. The transaction shows up in your wallet straight away as unconfirmed, and the first Bitcoin confirmation takes about 10 minutes on average. If the bank holds the payment for an extra check, the order is still completed within 24 hours at most.',
    ),
  },
  {
    give: 'SBERRUB',
    get: 'USDTTRC20',
    metaTitleRu: 'Обмен Сбербанк на USDT TRC20 — купить Tether за рубли | Obmen',
    metaTitleEn: 'Sberbank RUB to USDT TRC20 — buy Tether for roubles | Obmen',
    metaDescriptionRu:
      'Купите USDT в сети TRON за рубли с карты Сбербанка. Комиссия сети включена в курс, выплата за 5–15 минут после оплаты, обменник работает 24/7.',
    metaDescriptionEn:
      'Buy USDT on the TRON network with roubles from a Sberbank card. The network fee is included in the rate; payout within 5–15 minutes of payment, 24/7.',
    keywordsRu:
      'обмен сбербанк на usdt, купить usdt trc20 за рубли, сбербанк tether, usdt trc20 с карты сбербанка, рубли в usdt',
    keywordsEn:
      'sberbank to usdt, buy usdt trc20 for roubles, sberbank tether, usdt trc20 with sberbank card, rub to usdt',
    siteHeaderRu: 'Обмен Сбербанк RUB на Tether TRC20',
    siteHeaderEn: 'Exchange Sberbank RUB to Tether TRC20',
    textTitleRu: 'Как купить USDT TRC20 с карты Сбербанка',
    textTitleEn: 'How to buy USDT TRC20 with a Sberbank card',
    textBodyRu: paragraphs(
      'Tether (USDT) в сети TRON — самый распространённый способ перевести рубли в цифровые доллары: переводы в этой сети быстрые и недорогие. На Obmen USDT TRC20 можно купить за рубли с карты Сбербанка круглосуточно, в том числе без регистрации; после входа в аккаунт курс становится на 0,05% выгоднее.',
      'В заявке укажите сумму, номер своей карты Сбербанка, ФИО, как в банке, и адрес USDT в сети TRON — он начинается с латинской T. Адрес ERC20 (0x…) для этой заявки не подойдёт: для сети Ethereum есть отдельное направление. Если получаете USDT на биржу, выберите на ней пополнение именно через TRC20.',
      'Оплата — переводом с вашей карты Сбербанка по реквизитам со страницы заявки. Карты третьих лиц и счета юридических лиц не принимаются. При первой оплате с новой карты может понадобиться её верификация. На оплату обычно отводится 30 минут — таймер показан в заявке.',
      'Комиссия сети TRON уже включена в курс: на кошелёк придёт ровно та сумма USDT, что указана в заявке, и при любом типе курса она не меняется, пока вы платите в отведённое время. Фиксированный курс даёт ровно ту сумму, что показал конвертер (в нём учтена небольшая наценка), плавающий — сумму по рынку на момент создания заявки, без наценки. Оператор отправляет USDT обычно за 5–15 минут после зачисления платежа, перевод в сети TRON подтверждается примерно за минуту. Максимальный срок выполнения заявки — 24 часа.',
    ),
    textBodyEn: paragraphs(
      'Tether (USDT) on the TRON network is the most common way to turn roubles into digital dollars: transfers there are fast and cheap. On Obmen you can buy USDT TRC20 with roubles from a Sberbank card around the clock, even without an account; signing in makes the rate 0.05% better.',
      'In the order, enter the amount, your Sberbank card number, your full name as registered with the bank and your USDT address on TRON, which starts with a capital T. An ERC20 address (0x…) will not work for this order: Ethereum has a direction of its own. If you are receiving USDT on an exchange, choose a TRC20 deposit there.',
      'You pay by transfer from your Sberbank card to the details on the order page. Third-party cards and company accounts are not accepted. The first payment from a new card may require card verification. You have between 5 and 60 minutes to pay, depending on the direction.',
      'The TRON network fee is already included in the rate, so your wallet receives exactly the amount of USDT shown in the order, and with either type of rate that amount does not change while you pay in the time allowed. A fixed rate gives exactly the amount the converter showed (it carries a small markup); a floating rate gives the market amount at the moment the order is created, with no markup. An operator usually sends the USDT within 5–15 minutes of the payment being credited, and a TRON transfer confirms in about a minute. The longest an order can take is 24 hours.',
    ),
  },
  {
    give: 'TCSBRUB',
    get: 'USDTTRC20',
    metaTitleRu: 'Т-Банк (Тинькофф) на USDT TRC20 — обмен рублей на Tether | Obmen',
    metaTitleEn: 'T-Bank (Tinkoff) RUB to USDT TRC20 — buy Tether | Obmen',
    metaDescriptionRu:
      'Обменяйте рубли с карты Т-Банка (Тинькофф) на USDT в сети TRON. Фиксированный или плавающий курс, оператор на связи круглосуточно, выплата за 5–15 минут.',
    metaDescriptionEn:
      'Exchange roubles from a T-Bank (Tinkoff) card for USDT on TRON. Choose a fixed or floating rate; operators work 24/7 and pay out within 5–15 minutes.',
    keywordsRu:
      'обмен т-банк на usdt, тинькофф usdt trc20, купить usdt с карты тинькофф, т-банк tether, рубли в usdt trc20',
    keywordsEn: 't-bank to usdt, tinkoff usdt trc20, buy usdt with tinkoff card, t-bank tether, roubles to usdt trc20',
    siteHeaderRu: 'Обмен Т-Банк RUB на Tether TRC20',
    siteHeaderEn: 'Exchange T-Bank RUB to Tether TRC20',
    textTitleRu: 'USDT TRC20 за рубли с карты Т-Банка',
    textTitleEn: 'USDT TRC20 for roubles from a T-Bank card',
    textBodyRu: paragraphs(
      'Обменять рубли с карты Т-Банка (бывший Тинькофф) на USDT в сети TRON на Obmen можно в любое время — сервис работает 24/7. Укажите сумму в рублях или в USDT, номер своей карты Т-Банка, ФИО и адрес кошелька TRC20 — он начинается с буквы T.',
      'Оплачивайте переводом с карты Т-Банка, оформленной на ваше имя, одним платежом на всю сумму заявки. Перевод с карты другого человека или со счёта юридического лица мы не примем и вернём за вычетом комиссий. Новую карту, возможно, придётся верифицировать: что для этого нужно, будет написано на странице заявки.',
      'USDT приходит на ваш адрес с уже оплаченной комиссией сети. Но чтобы потом самостоятельно отправить USDT TRC20 из своего кошелька, понадобится немного TRX на оплату ресурсов сети TRON (энергии и пропускной способности). TRX можно купить здесь же, в направлении Т-Банк RUB → TRON.',
      'Фиксированный курс удобен, если нужна точная сумма USDT, например для оплаты счёта: заявка создаётся ровно по расчёту из конвертера. Плавающий курс не содержит наценки за фиксацию и берётся по рынку в момент создания заявки, поэтому суммы могут немного отличаться от расчёта. При любом типе курса они не изменятся, пока вы оплачиваете заявку в отведённое время — обычно 30 минут. Авторизованные пользователи получают курс на 0,05% выгоднее.',
      'Рублёвые платежи проверяет оператор: обычно USDT отправляются через 5–15 минут после зачисления оплаты. Если банк задержит перевод для дополнительной проверки, обработка займёт больше времени, но не более 24 часов.',
    ),
    textBodyEn: paragraphs(
      'You can exchange roubles from a T-Bank (formerly Tinkoff) card for USDT on the TRON network on Obmen at any time: the service runs 24/7. Enter the amount in roubles or in USDT, your T-Bank card number, your full name and your TRC20 wallet address, which starts with the letter T.',
      'Pay by transfer from a T-Bank card in your own name, in one payment for the whole amount of the order. A transfer from someone else’s card or from a company account will not be accepted and is refunded minus fees. A new card may need to be verified; the order page explains what is required.',
      'The USDT arrives at your address with the network fee already paid. To send USDT TRC20 onwards from your own wallet later, though, you will need a little TRX to pay for TRON network resources (energy and bandwidth). You can buy TRX here as well, in the T-Bank RUB → TRON direction.',
      'A fixed rate suits you when you need an exact amount of USDT, for example to pay an invoice: the order is created with exactly the figures the converter showed. A floating rate carries no markup for locking and is taken from the market when the order is created, so the figures can differ slightly from the estimate. With either type of rate they stay the same as long as you pay within the time allowed, usually 30 minutes. Signed-in users get a rate 0.05% better.',
      'Rouble payments are checked by an operator, and USDT is usually sent within 5–15 minutes of the payment being credited. If the bank holds the transfer for an extra check, processing takes longer, but never more than 24 hours.',
    ),
  },
  {
    give: 'SBPRUB',
    get: 'USDTTRC20',
    metaTitleRu: 'Купить USDT TRC20 через СБП — обмен рублей на Tether | Obmen',
    metaTitleEn: 'Buy USDT TRC20 via SBP — roubles to Tether | Obmen',
    metaDescriptionRu:
      'Оплатите USDT в сети TRON через Систему быстрых платежей из любого банка-участника СБП. Без верификации карты, выплата за 5–15 минут, работаем 24/7.',
    metaDescriptionEn:
      'Pay for USDT on TRON with the Faster Payments System (SBP) from any participating Russian bank. No card verification, payout in 5–15 minutes, 24/7.',
    keywordsRu:
      'купить usdt через сбп, обмен сбп на usdt trc20, usdt за рубли по сбп, сбп tether, обменник сбп криптовалюта',
    keywordsEn:
      'buy usdt via sbp, sbp to usdt trc20, usdt for roubles by sbp, faster payments tether, sbp crypto exchanger',
    siteHeaderRu: 'Обмен СБП RUB на Tether TRC20',
    siteHeaderEn: 'Exchange SBP RUB to Tether TRC20',
    textTitleRu: 'Как купить USDT TRC20 через СБП',
    textTitleEn: 'How to buy USDT TRC20 with SBP',
    textBodyRu: paragraphs(
      'Система быстрых платежей позволяет оплатить обмен со счёта практически любого российского банка, подключённого к СБП, — даже если у вас нет карты Сбербанка, Т-Банка или Альфа-Банка. На Obmen через СБП можно купить USDT в сети TRON круглосуточно.',
      'В заявке укажите телефон, к которому привязан ваш счёт, название своего банка и ФИО владельца счёта, а также адрес USDT TRC20 (начинается с T). Номер карты здесь не нужен, поэтому и верификация карты не требуется, но перевод должен прийти со счёта на ваше имя. Платежи от юридических лиц не принимаются.',
      'Оплачивайте строго по реквизитам со страницы оплаты — на указанный номер телефона и в указанный банк получателя, одним переводом на всю сумму заявки. Несколько частичных переводов или перевод на другой номер задерживают обмен и могут привести к возврату. Время на оплату — обычно 30 минут, оно показано в заявке.',
      'Курс выбирается при создании заявки: фиксированный — ровно тот, что показал конвертер, а плавающий — рыночный на момент создания заявки, без наценки за фиксацию. Пока заявка ждёт оплаты, её суммы не меняются при любом типе курса. После входа в аккаунт курс становится на 0,05% лучше. Комиссия сети TRON уже включена в курс.',
      'Переводы по СБП обычно зачисляются за несколько секунд, после чего оператор проверяет платёж и отправляет USDT — как правило, за 5–15 минут. Максимальный срок обработки заявки — 24 часа.',
    ),
    textBodyEn: paragraphs(
      'The Faster Payments System (SBP) lets you pay for an exchange from an account at almost any Russian bank connected to it, even if you have no Sberbank, T-Bank or Alfa-Bank card. On Obmen you can buy USDT on the TRON network via SBP around the clock.',
      'In the order, enter the phone number your account is linked to, the name of your bank and the account holder’s full name, plus your USDT TRC20 address (it starts with T). No card number is involved, so no card verification is needed either, but the transfer must come from an account in your own name. Payments from legal entities are not accepted.',
      'Pay exactly as the payment page says: to the phone number and the recipient bank shown there, in one transfer for the full amount of the order. Several partial transfers, or a transfer to a different number, hold up the exchange and may lead to a refund. You usually have 30 minutes to pay; the order page shows how long.',
      'You choose the rate when you create the order: a fixed rate is exactly the one the converter showed, and a floating rate is the market rate at the moment the order is created, without the markup for locking. With either, the order’s amounts do not change while it waits for payment. Signing in makes the rate 0.05% better. The TRON network fee is already included in the rate.',
      'SBP transfers usually arrive within seconds; an operator then checks the payment and sends the USDT, as a rule within 5–15 minutes. The longest an order can take is 24 hours.',
    ),
  },
  {
    give: 'BTC',
    get: 'SBERRUB',
    metaTitleRu: 'Обмен Bitcoin на Сбербанк — продать BTC за рубли | Obmen',
    metaTitleEn: 'Bitcoin to Sberbank RUB — sell BTC for roubles | Obmen',
    metaDescriptionRu:
      'Продайте биткоин и получите рубли на карту Сбербанка. Обмен после 2 подтверждений сети, выплата оператором за 5–15 минут, круглосуточно и без выходных.',
    metaDescriptionEn:
      'Sell Bitcoin and receive roubles on your Sberbank card. The exchange starts after 2 network confirmations; an operator pays out in 5–15 minutes, 24/7.',
    keywordsRu:
      'обмен биткоин на сбербанк, продать биткоин на карту сбербанка, btc на сбер, вывод биткоина в рубли, обменник bitcoin сбербанк',
    keywordsEn:
      'bitcoin to sberbank, sell bitcoin to sberbank card, btc to sber, bitcoin to roubles, cash out btc to rub',
    siteHeaderRu: 'Обмен Bitcoin на Сбербанк RUB',
    siteHeaderEn: 'Exchange Bitcoin to Sberbank RUB',
    textTitleRu: 'Как продать Bitcoin и получить рубли на карту Сбербанка',
    textTitleEn: 'How to sell Bitcoin for roubles on a Sberbank card',
    textBodyRu: paragraphs(
      'Продать биткоин и получить рубли на карту Сбербанка на Obmen можно в любое время суток. В конвертере укажите, сколько BTC отдаёте или сколько рублей хотите получить, затем номер своей карты Сбербанка и ФИО владельца. Адрес для возврата необязателен, но с ним мы быстрее вернём монеты, если обмен не состоится.',
      'После создания заявки отправьте BTC на адрес со страницы оплаты одной транзакцией на точную сумму. Комиссию сети Bitcoin платит отправитель, и от неё зависит скорость: транзакция с заниженной комиссией может надолго застрять в мемпуле. Отправить монеты нужно в отведённое время — обычно 30 минут, таймер показан в заявке.',
      'Обмен начинается после 2 подтверждений сети Bitcoin — обычно это около 20 минут, при высокой загрузке сети дольше. Затем оператор отправляет рубли на вашу карту, как правило, за 5–15 минут. Выплаты делаются только на карты физических лиц, оформленные на имя клиента; максимальный срок обработки заявки — 24 часа.',
      'При любом типе курса сумма в рублях закрепляется в заявке — если вы отправите монеты вовремя, падение цены биткоина, пока транзакция ждёт подтверждений, на неё не повлияет. Фиксированный курс — ровно тот расчёт, что показал конвертер, за фиксацию в него заложена небольшая наценка; плавающий берётся по рынку в момент создания заявки, без наценки. Вошедшие в аккаунт клиенты получают курс на 0,05% выгоднее.',
    ),
    textBodyEn: paragraphs(
      'On Obmen you can sell Bitcoin and receive roubles on a Sberbank card at any time of day. In the converter, enter how much BTC you are sending or how many roubles you want to receive, then your Sberbank card number and the cardholder’s full name. A refund address is optional, but with one we can return your coins faster if the exchange does not go ahead.',
      'Once the order is created, send BTC to the address on the payment page in a single transaction for the exact amount. The sender pays the Bitcoin network fee, and the fee decides the speed: a transaction with too low a fee can sit in the mempool for a long time. The coins must be sent within the time allowed, usually 30 minutes, shown as a countdown in the order.',
      'The exchange starts after 2 Bitcoin network confirmations, which usually takes about 20 minutes and longer when the network is busy. An operator then sends the roubles to your card, as a rule within 5–15 minutes. Payouts go only to personal cards in the client’s own name; the longest an order can take is 24 hours.',
      'With either type of rate the rouble amount is locked in the order: as long as you send the coins in time, a drop in the Bitcoin price while the transaction waits for confirmations does not affect it. A fixed rate is exactly the quote the converter showed and includes a small markup for the lock; a floating rate is taken from the market when the order is created, with no markup. Signed-in clients get a rate 0.05% better.',
    ),
  },
  {
    give: 'USDTTRC20',
    get: 'SBERRUB',
    metaTitleRu: 'Обмен USDT TRC20 на Сбербанк — вывести Tether в рубли | Obmen',
    metaTitleEn: 'USDT TRC20 to Sberbank RUB — cash out Tether | Obmen',
    metaDescriptionRu:
      'Выведите USDT из сети TRON в рубли на карту Сбербанка. Перевод подтверждается примерно за минуту, выплата оператором за 5–15 минут, работаем 24/7.',
    metaDescriptionEn:
      'Cash out USDT from the TRON network to roubles on a Sberbank card. Transfers confirm in about a minute and an operator pays out in 5–15 minutes, 24/7.',
    keywordsRu:
      'обмен usdt на сбербанк, вывести usdt на карту сбербанка, продать usdt trc20 за рубли, tether на сбер, usdt в рубли',
    keywordsEn:
      'usdt to sberbank, cash out usdt to sberbank card, sell usdt trc20 for roubles, tether to sber, usdt to rub',
    siteHeaderRu: 'Обмен Tether TRC20 на Сбербанк RUB',
    siteHeaderEn: 'Exchange Tether TRC20 to Sberbank RUB',
    textTitleRu: 'Как вывести USDT TRC20 на карту Сбербанка',
    textTitleEn: 'How to cash out USDT TRC20 to a Sberbank card',
    textBodyRu: paragraphs(
      'Вывести USDT в рубли на карту Сбербанка — одно из самых востребованных направлений на Obmen. Укажите сумму в USDT или в рублях, номер своей карты Сбербанка, ФИО и, по желанию, адрес TRC20 для возврата.',
      'Отправьте USDT на адрес со страницы оплаты строго в сети TRON (TRC20), одним переводом на сумму из заявки. Если выводите с биржи, выберите при выводе сеть TRC20: USDT в других сетях, например ERC20 или BEP20, для этой заявки не подходят — для ERC20 есть отдельное направление. Для отправки из личного кошелька понадобится немного TRX на оплату ресурсов сети.',
      'Переводы в сети TRON подтверждаются примерно за минуту. После зачисления USDT оператор отправляет рубли на вашу карту — обычно за 5–15 минут, максимум за 24 часа. Выплаты делаются только на карты физических лиц, оформленные на имя клиента.',
      'Курс USDT к рублю меняется меньше, чем у волатильных монет, но всё же меняется. Сумма в рублях в заявке гарантирована, если вы отправите USDT в отведённое время (обычно 30 минут). Фиксированный курс — ровно тот, что показал конвертер, в нём учтена небольшая наценка; плавающий берётся по рынку в момент создания заявки и обходится без неё. Авторизованные пользователи получают курс на 0,05% лучше, а сервис работает круглосуточно, включая выходные и праздники.',
    ),
    textBodyEn: paragraphs(
      'Cashing out USDT to roubles on a Sberbank card is one of the most popular directions on Obmen. Enter the amount in USDT or in roubles, your Sberbank card number, your full name and, if you like, a TRC20 refund address.',
      'Send USDT to the address on the payment page on the TRON network (TRC20) only, in one transfer for the amount in the order. If you withdraw from an exchange, pick the TRC20 network there: USDT on other networks such as ERC20 or BEP20 does not fit this order, and ERC20 has a direction of its own. Sending from a personal wallet takes a little TRX to pay for network resources.',
      'TRON transfers confirm in about a minute. Once the USDT is credited, an operator sends the roubles to your card, usually within 5–15 minutes and within 24 hours at most. Payouts go only to personal cards in the client’s own name.',
      'The USDT to rouble rate moves less than volatile coins do, but it still moves. The rouble amount in the order is guaranteed as long as you send the USDT within the time allowed (usually 30 minutes). A fixed rate is exactly the one the converter showed and carries a small markup; a floating rate is taken from the market when the order is created and has none. Signed-in users get a rate 0.05% better, and the service runs around the clock, weekends and holidays included.',
    ),
  },
  {
    give: 'TCSBRUB',
    get: 'BTC',
    metaTitleRu: 'Обмен Т-Банк (Тинькофф) на Bitcoin — купить BTC | Obmen',
    metaTitleEn: 'T-Bank (Tinkoff) RUB to Bitcoin — buy BTC | Obmen',
    metaDescriptionRu:
      'Купите биткоин за рубли с карты Т-Банка (Тинькофф). Сумма BTC закреплена в заявке на время оплаты, выплата за 5–15 минут после оплаты, работаем 24/7.',
    metaDescriptionEn:
      'Buy Bitcoin with roubles from a T-Bank (Tinkoff) card. The amount of BTC is locked in your order while you pay; payout within 5–15 minutes of payment, 24/7.',
    keywordsRu:
      'обмен т-банк на биткоин, купить биткоин с карты тинькофф, тинькофф btc, т-банк bitcoin, биткоин за рубли',
    keywordsEn: 't-bank to bitcoin, buy bitcoin with tinkoff card, tinkoff btc, t-bank bitcoin, bitcoin for roubles',
    siteHeaderRu: 'Обмен Т-Банк RUB на Bitcoin',
    siteHeaderEn: 'Exchange T-Bank RUB to Bitcoin',
    textTitleRu: 'Как купить Bitcoin с карты Т-Банка',
    textTitleEn: 'How to buy Bitcoin with a T-Bank card',
    textBodyRu: paragraphs(
      'На Obmen можно купить биткоин за рубли с карты Т-Банка (бывший Тинькофф) круглосуточно. Введите сумму в рублях или в BTC, номер карты Т-Банка, с которой будете платить, ФИО, как указано в банке, и адрес своего биткоин-кошелька.',
      'Подходят адреса, начинающиеся с bc1, 1 и 3. Если ваш кошелёк выдаёт адреса bc1 (SegWit), лучше использовать их: при последующей отправке этих монет комиссия сети будет ниже. Проверьте адрес перед созданием заявки — транзакции в сети Bitcoin необратимы.',
      'Оплата — только с карты Т-Банка на ваше имя; переводы с карт других людей и со счетов юридических лиц не принимаются. При первой оплате с новой карты может потребоваться её верификация, инструкция будет на странице заявки. На оплату обычно отводится 30 минут.',
      'Цена биткоина может заметно измениться за несколько минут, но на заявку это не повлияет: сумма BTC в ней закреплена, если вы оплатите её вовремя. Фиксированный курс даёт ровно ту сумму, что показал конвертер (с небольшой наценкой за фиксацию), плавающий — сумму по рынку на момент создания заявки, без наценки. Вошедшие в аккаунт получают курс на 0,05% лучше.',
      'Оператор проверяет оплату и отправляет BTC обычно за 5–15 минут после зачисления; если платёж требует дополнительной проверки, это занимает больше времени, но не более 24 часов. Транзакция появится в кошельке сразу, первое подтверждение сети — в среднем через 10 минут.',
    ),
    textBodyEn: paragraphs(
      'On Obmen you can buy Bitcoin with roubles from a T-Bank (formerly Tinkoff) card around the clock. Enter the amount in roubles or in BTC, the number of the T-Bank card you will pay from, your full name as registered with the bank and your Bitcoin wallet address.',
      'Addresses starting with bc1, 1 and 3 are accepted. If your wallet gives out bc1 (SegWit) addresses, use one: spending those coins later will cost less in network fees. Check the address before you create the order, as Bitcoin transactions cannot be reversed.',
      'Pay only from a T-Bank card in your own name; transfers from other people’s cards or from company accounts are not accepted. The first payment from a new card may require card verification, with instructions on the order page. You usually have 30 minutes to pay.',
      'The Bitcoin price can move noticeably within minutes, but that does not touch your order: its amount of BTC is locked as long as you pay in time. A fixed rate gives exactly the amount the converter showed (with a small markup for locking); a floating rate gives the market amount at the moment the order is created, with no markup. Signed-in users get a rate 0.05% better.',
      'An operator checks the payment and sends BTC, usually within 5–15 minutes of it being credited; if the payment needs an extra check it takes longer, but no more than 24 hours. The transaction shows up in your wallet at once, and the first network confirmation comes after about 10 minutes on average.',
    ),
  },
  {
    give: 'ETH',
    get: 'SBERRUB',
    metaTitleRu: 'Обмен Ethereum на Сбербанк — продать ETH за рубли | Obmen',
    metaTitleEn: 'Ethereum to Sberbank RUB — sell ETH for roubles | Obmen',
    metaDescriptionRu:
      'Продайте Ethereum и получите рубли на карту Сбербанка. Обмен после 12 подтверждений (около 2–3 минут), выплата оператором за 5–15 минут, 24/7.',
    metaDescriptionEn:
      'Sell Ethereum and receive roubles on a Sberbank card. The exchange starts after 12 confirmations (about 2–3 minutes); payout in 5–15 minutes, 24/7.',
    keywordsRu:
      'обмен эфир на сбербанк, продать ethereum на карту сбербанка, eth на сбер, вывести эфириум в рубли, обменник eth rub',
    keywordsEn: 'ethereum to sberbank, sell eth to sberbank card, eth to sber, ethereum to roubles, eth rub exchanger',
    siteHeaderRu: 'Обмен Ethereum на Сбербанк RUB',
    siteHeaderEn: 'Exchange Ethereum to Sberbank RUB',
    textTitleRu: 'Как продать Ethereum и получить рубли на карту Сбербанка',
    textTitleEn: 'How to sell Ethereum for roubles on a Sberbank card',
    textBodyRu: paragraphs(
      'Продайте Ethereum и получите рубли на карту Сбербанка в любое время суток. Укажите сумму в ETH или в рублях, номер своей карты Сбербанка и ФИО владельца; адрес для возврата (0x…) можно указать по желанию.',
      'Отправляйте ETH только в основной сети Ethereum. Монеты, отправленные через сети второго уровня и другие блокчейны — Arbitrum, Optimism, Base, BNB Smart Chain, — к этой заявке не зачислятся, хотя адреса там выглядят так же. Сделайте один перевод на сумму из заявки и оставьте в кошельке немного ETH на оплату газа.',
      'Обмен начинается после 12 подтверждений сети Ethereum — это примерно 2–3 минуты. Затем оператор отправляет рубли на вашу карту, обычно за 5–15 минут; максимальный срок обработки — 24 часа. Выплаты делаются только физическим лицам на карты, оформленные на их имя.',
      'Сумма в рублях закрепляется в заявке, если вы отправите ETH в отведённое время (обычно 30 минут). Фиксированный курс — ровно тот, что показал конвертер, за фиксацию в него заложена небольшая наценка; плавающий курс берётся по рынку в момент создания заявки, без наценки. Пользователи, вошедшие в аккаунт, получают курс на 0,05% выгоднее.',
    ),
    textBodyEn: paragraphs(
      'Sell Ethereum and receive roubles on a Sberbank card at any time of day. Enter the amount in ETH or in roubles, your Sberbank card number and the cardholder’s full name; a refund address (0x…) is optional.',
      'Send ETH on Ethereum mainnet only. Coins sent over layer-2 networks or other chains, such as Arbitrum, Optimism, Base or BNB Smart Chain, will not be credited to this order, even though the addresses look the same there. Make one transfer for the amount in the order and keep a little extra ETH in your wallet to pay for gas.',
      'The exchange starts after 12 Ethereum network confirmations, about 2–3 minutes. An operator then sends the roubles to your card, usually within 5–15 minutes; the longest an order can take is 24 hours. Payouts go only to individuals, to cards in their own name.',
      'The rouble amount is locked in the order as long as you send the ETH within the time allowed (usually 30 minutes). A fixed rate is exactly the one the converter showed and includes a small markup for the lock; a floating rate is taken from the market when the order is created, with no markup. Signed-in users get a rate 0.05% better.',
    ),
  },
];
