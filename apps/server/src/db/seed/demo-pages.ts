import { SUPPORT_CONTACTS } from '@obmen/shared';

/**
 * The public pages, FAQ and news a fresh installation starts with, in both languages. Bodies are
 * CommonMark without raw HTML (the renderer escapes it anyway); operators edit all of it later.
 * Every figure here is a business rule of the product spec, not a statistic.
 */
export type PageSlug = 'about' | 'partner' | 'rules' | 'aml' | 'faq' | 'contacts';

export interface DemoPage {
  slug: PageSlug;
  /** The page H1. */
  titleRu: string;
  titleEn: string;
  /** The <title>, at most 65 characters. */
  metaTitleRu: string;
  metaTitleEn: string;
  /** 120–160 characters. */
  metaDescriptionRu: string;
  metaDescriptionEn: string;
  /** Markdown: ## headings, paragraphs, - lists, **bold**, links; no raw HTML. */
  bodyRu: string;
  bodyEn: string;
}

/** Answers are Markdown, one to three short paragraphs. */
export interface DemoFaqItem {
  questionRu: string;
  questionEn: string;
  answerRu: string;
  answerEn: string;
}

export interface DemoNews {
  /** Kebab-case Latin, unique. */
  slug: string;
  /** ISO 8601 date-time. */
  publishedAt: string;
  titleRu: string;
  titleEn: string;
  /** One or two sentences. */
  summaryRu: string;
  summaryEn: string;
  /** Markdown, two to five paragraphs. */
  bodyRu: string;
  bodyEn: string;
}

/** Markdown blocks separated by a blank line. */
const md = (...blocks: string[]) => blocks.join('\n\n');
/** A bulleted Markdown list, one item a line. */
const list = (...items: string[]) => items.map((item) => `- ${item}`).join('\n');
/** A numbered Markdown list, for steps taken in order. */
const steps = (...items: string[]) => items.map((item, i) => `${i + 1}. ${item}`).join('\n');

const TELEGRAM = `[${SUPPORT_CONTACTS.telegram.handle}](${SUPPORT_CONTACTS.telegram.url})`;
const EMAIL = SUPPORT_CONTACTS.email;
const CHAT_RU = `[онлайн-чат](${SUPPORT_CONTACTS.chatUrl})`;
const CHAT_EN = `[online chat](${SUPPORT_CONTACTS.chatUrl})`;
/** Every channel in one phrase, for the end of a page. */
const CHANNELS_RU = `${CHAT_RU}, Telegram ${TELEGRAM} или e-mail ${EMAIL}`;
const CHANNELS_EN = `${CHAT_EN}, Telegram ${TELEGRAM} or e-mail at ${EMAIL}`;

/** A Markdown table, the first row its header. */
const table = (...rows: string[][]) =>
  rows
    .map((cells, i) => `| ${cells.join(' | ')} |${i === 0 ? `\n|${cells.map(() => ' --- ').join('|')}|` : ''}`)
    .join('\n');

const DISCOUNTS_RU = table(
  ['Оборот успешных обменов', 'Скидка'],
  ['до 1 000 USD', '**0,05%**'],
  ['от 1 000 до 10 000 USD', '**0,1%**'],
  ['от 10 000 до 50 000 USD', '**0,2%**'],
  ['от 50 000 USD', '**0,3%**'],
);
const DISCOUNTS_EN = table(
  ['Turnover of successful exchanges', 'Discount'],
  ['up to 1,000 USD', '**0.05%**'],
  ['1,000 to 10,000 USD', '**0.1%**'],
  ['10,000 to 50,000 USD', '**0.2%**'],
  ['50,000 USD and more', '**0.3%**'],
);

const ABOUT: DemoPage = {
  slug: 'about',
  titleRu: 'О сервисе Obmen',
  titleEn: 'About Obmen',
  metaTitleRu: 'О сервисе Obmen — обмен рублей и криптовалюты 24/7',
  metaTitleEn: 'About Obmen — exchange roubles and crypto 24/7',
  metaDescriptionRu:
    'Obmen — онлайн-обменник рублей и криптовалюты: Сбербанк, Т-Банк, Альфа-Банк и СБП на BTC, USDT, ETH и обратно. Как проходит обмен и что для нас важно.',
  metaDescriptionEn:
    'Obmen is an online exchanger for roubles and crypto: Sberbank, T-Bank, Alfa-Bank and SBP to BTC, USDT, ETH and back. How an exchange works and what we value.',
  bodyRu: md(
    'Obmen — онлайн-обменник, в котором можно обменять рубли с карт Сбербанка, Т-Банка и Альфа-Банка или переводом по СБП на криптовалюту — и обратно. Мы работаем круглосуточно и без выходных: заявки принимаются и обрабатываются 24/7, в том числе в праздники.',
    '## Кто мы',
    'Сервис Obmen делают люди, которые сами пользуются криптовалютой и знают, чего ждёшь от обменника: понятного курса, быстрой выплаты и живого ответа, если что-то пошло не так. Мы не биржа и не храним деньги клиентов на счетах: каждый обмен — это отдельная заявка, которая проходит путь от создания до выплаты.',
    'Сейчас доступны:',
    list(
      '**рубли** — карты Сбербанка, Т-Банка, Альфа-Банка и переводы по Системе быстрых платежей (СБП);',
      '**криптовалюты** — Bitcoin (BTC), Ethereum (ETH), Tether USDT в сетях TRC20 и ERC20, USD Coin (USDC), Litecoin (LTC), Toncoin (TON), Monero (XMR), TRON (TRX) и Solana (SOL).',
    ),
    'Рубли можно обменять на любую из этих монет, монеты — на рубли, а криптовалюты — между собой.',
    '## Как проходит обмен',
    steps(
      '**Выберите направление.** В конвертере на главной странице укажите, что отдаёте и что хотите получить, например «Сбербанк RUB → Bitcoin». Рядом видны допустимый диапазон сумм и резерв валюты.',
      '**Укажите сумму.** Введите, сколько отдаёте или сколько хотите получить, — вторая сумма рассчитается сама. Выберите фиксированный курс (заявка получит ровно этот расчёт, если создать её, пока идёт таймер; за это — небольшая наценка) или плавающий (без наценки, по рынку на момент создания заявки). При любом типе курса суммы созданной заявки не меняются, если оплатить её вовремя.',
      '**Заполните реквизиты и e-mail.** В зависимости от направления это номер карты, телефон для СБП, ФИО владельца, адрес кошелька. На e-mail придут уведомления о каждой смене статуса. Проверьте данные и примите правила сервиса и условия AML/KYC.',
      '**Оплатите заявку.** Переведите точную сумму по реквизитам со страницы оплаты одним платежом — на это по умолчанию даётся 30 минут — и нажмите «Я оплатил». Если вы платите с банковской карты впервые, сначала попросим подтвердить, что карта ваша.',
      '**Дождитесь обработки.** После зачисления оплаты оператор проверяет платёж и отправляет валюту на ваши реквизиты — обычно за 5–15 минут. Статус заявки виден на её странице и приходит на почту.',
    ),
    '## Круглосуточно',
    'Операторы работают 24/7, поэтому обмен не нужно откладывать до утра или до понедельника. Иногда платёж задерживает банк или сеть блокчейна — такое зачисление обычно занимает от 5 до 60 минут и не больше 24 часов. О плановых технических работах мы заранее пишем в новостях.',
    '## Что для нас важно',
    list(
      '**Скорость.** Большинство заявок оператор выполняет за 5–15 минут после зачисления оплаты. Обмен криптовалют между собой начинается, как только входящая транзакция наберёт нужное число подтверждений сети.',
      '**Прозрачность.** Курс, сумма к получению, лимиты и резерв видны до создания заявки. Комиссия сети за выплату криптовалюты уже учтена в курсе, а условия обмена подробно описаны в правилах.',
      '**Безопасность.** Мы принимаем оплату только с карт и счетов, оформленных на имя клиента, проверяем новые карты и следуем политике AML/KYC. Это защищает и вас, и других клиентов от мошенничества с чужими деньгами.',
    ),
    '## Скидка для зарегистрированных',
    'С аккаунтом вы получаете историю заявок, промокоды, партнёрскую программу и скидку на курс: 0,05% для каждого, кто вошёл в аккаунт, и больше — по мере роста оборота успешных обменов в долларовом эквиваленте:',
    DISCOUNTS_RU,
    'Регистрация не обязательна: обменять можно и без аккаунта. Постоянным клиентам с крупными оборотами доступен VIP-статус — запросите его через поддержку.',
    '## Связаться с нами',
    `Есть вопрос до обмена или во время него? Напишите нам: ${CHANNELS_RU} — мы на связи круглосуточно. Все способы связи собраны на странице [«Контакты»](/ru/contacts).`,
  ),
  bodyEn: md(
    'Obmen is an online exchanger where you can swap roubles from a Sberbank, T-Bank or Alfa-Bank card, or sent by SBP, for cryptocurrency, and back again. We never close: tickets are accepted and processed 24/7, public holidays included.',
    '## Who we are',
    'Obmen is run by people who use crypto themselves and know what you want from an exchanger: a clear rate, a quick payout and a real person to answer when something goes wrong. We are not a trading platform and we do not keep client balances. Every exchange is a separate ticket that goes from creation to payout.',
    'What you can exchange today:',
    list(
      '**Roubles**: Sberbank, T-Bank and Alfa-Bank cards, and transfers over the Faster Payments System (SBP).',
      '**Crypto**: Bitcoin (BTC), Ethereum (ETH), Tether USDT on TRC20 and ERC20, USD Coin (USDC), Litecoin (LTC), Toncoin (TON), Monero (XMR), TRON (TRX) and Solana (SOL).',
    ),
    'Roubles go to any of these coins and back, and the coins can also be swapped for one another.',
    '## How an exchange works',
    steps(
      '**Pick a pair.** In the converter on the home page, choose what you give and what you want to get, for example Sberbank RUB to Bitcoin. The allowed range and the reserve for that currency are shown alongside.',
      '**Enter an amount.** Type what you are sending or what you want to receive, and the other side is calculated for you. Choose a fixed rate, which gives the ticket exactly this quote if you create it before the countdown ends (for a small markup), or a floating rate, which has no markup and is the market rate when the ticket is created. Either way, the ticket’s amounts do not change as long as you pay on time.',
      '**Add your details and e-mail.** Depending on the pair, that means a card number, an SBP phone number, the holder’s full name or a wallet address. We e-mail you at every status change. Check everything, then accept the rules and the AML/KYC terms.',
      '**Pay.** Send the exact amount to the details on the payment page in a single transfer (you have 30 minutes by default) and press “I have paid”. If it is your first payment from a bank card, we will first ask you to show that the card is yours.',
      '**Get your funds.** Once the payment is credited, an operator checks it and sends the currency to your details, usually within 5 to 15 minutes. The ticket page and your inbox keep you posted.',
    ),
    '## Open around the clock',
    'Operators are on shift 24/7, so there is no need to wait for the morning or for Monday. Now and then a bank or a blockchain holds a payment back; crediting then usually takes 5 to 60 minutes, and never more than 24 hours. Planned maintenance is always announced in the news in advance.',
    '## What we care about',
    list(
      '**Speed.** Operators complete most tickets within 5 to 15 minutes of the payment being credited. A crypto-to-crypto swap starts as soon as the incoming transaction has enough network confirmations.',
      '**Transparency.** You see the rate, the amount you will receive, the limits and the reserve before you create a ticket. The network fee for a crypto payout is already included in the rate, and the rules spell out every condition.',
      '**Security.** We only accept payments from cards and accounts in the client’s own name, verify new cards and follow our AML/KYC policy. That protects you and everyone else from fraud with other people’s money.',
    ),
    '## A better rate for account holders',
    'An account gives you your ticket history, promo codes, the partner programme and a discount on the rate: 0.05% for everyone who is logged in, growing with the USD value of your successful exchanges:',
    DISCOUNTS_EN,
    'You do not have to register to exchange. Regular clients with large volumes can also ask support about VIP status.',
    '## Get in touch',
    `Questions before or during an exchange? Reach us by ${CHANNELS_EN}. Someone is there day and night, and every channel is listed on the [Contacts](/en/contacts) page.`,
  ),
};

const PARTNER: DemoPage = {
  slug: 'partner',
  titleRu: 'Партнёрская программа',
  titleEn: 'Partner programme',
  metaTitleRu: 'Партнёрская программа Obmen — 0,5% с обменов рефералов',
  metaTitleEn: 'Obmen partner programme — earn 0.5% on referral exchanges',
  metaDescriptionRu:
    'Приглашайте друзей по своей ссылке и получайте 0,5% с их обменов. Вывод от 10 USD в USDT, BTC или рублях в течение 24 часов. Скидки до 0,3% и промокоды.',
  metaDescriptionEn:
    'Invite friends with your link and earn 0.5% of their exchanges. Withdraw from 10 USD in USDT, BTC or roubles within 24 hours. Discounts and promo codes.',
  bodyRu: md(
    'Рекомендуете Obmen друзьям, ведёте канал о криптовалюте или помогаете знакомым с первым обменом? Получайте вознаграждение за каждого, кто пришёл по вашей ссылке. Участие бесплатное: партнёром становится каждый зарегистрированный пользователь.',
    '## Как это работает',
    steps(
      '**Получите ссылку.** Зарегистрируйтесь и откройте в личном кабинете раздел «Реферальная программа». Там ваша партнёрская ссылка — адрес сайта с параметром **?r=** и вашим партнёрским номером в конце, например **?r=1024**.',
      '**Поделитесь ею.** Когда посетитель переходит по ссылке, ваш номер запоминается в его браузере. Если затем он зарегистрируется, то станет вашим рефералом первого уровня.',
      '**Получайте 0,5%.** С каждой успешно выполненной заявки вашего реферала вам начисляется **0,5% от её суммы** в долларовом эквиваленте.',
    ),
    '## Условия начисления',
    list(
      'Вознаграждение начисляется только за рефералов **первого уровня** — тех, кто зарегистрировался по вашей ссылке. Рефералы ваших рефералов вознаграждения не приносят.',
      'Учитываются только заявки в статусе «Выполнена». За отменённые заявки и заявки с ошибкой ничего не начисляется.',
      'Если прибыль обменника по сделке **меньше 0,6%** — например, при обмене стейблкоинов между собой с пониженной комиссией, — вознаграждение по этой сделке не начисляется.',
      'Начисления ведутся в USD, а выплачиваются в выбранной вами валюте по курсу на момент выплаты.',
    ),
    '## Вывод вознаграждения',
    list(
      'Для вывода нужно **5 активных рефералов**: активным считается реферал, у которого есть хотя бы одна успешная заявка.',
      'Минимальная сумма вывода — **10 USD** в эквиваленте выбранной валюты.',
      'Вывести можно в **USDT TRC20, BTC, на карту Сбербанка, на карту Т-Банка или по СБП**.',
      'Заявка на вывод создаётся в разделе «Реферальная программа»: сумма сразу списывается с баланса, а выплата поступает **в течение 24 часов** после запроса.',
      'Рублёвые выплаты делаются только на карты и счета, оформленные на ваше имя.',
    ),
    '## Где смотреть статистику',
    'В разделе «Реферальная программа» личного кабинета видны ваша ссылка, число переходов по ней, зарегистрированные и активные рефералы, начисления по каждой заявке, текущий баланс и история выплат.',
    '## Честная игра',
    'Мы можем отказать в начислении или аннулировать его, если рефералы — это ваши же дополнительные аккаунты, если ссылка распространяется через спам или рекламу, которая вводит людей в заблуждение, а также при нарушении правил сервиса. Если сомневаетесь, подходит ли ваш способ продвижения, — спросите поддержку.',
    '## Скидка за оборот',
    'Каждый, кто вошёл в аккаунт, получает курс на 0,05% лучше. С ростом суммарного оборота успешных обменов (в долларовом эквиваленте) скидка увеличивается автоматически:',
    DISCOUNTS_RU,
    '## Промокоды',
    'Промокод даёт скидку **50 ₽** на обмен на сумму **от 3 000 ₽**. Каждый промокод одноразовый. Введите его при расчёте в конвертере — скидка сразу отразится в сумме. Если заявка не будет выполнена, промокод снова станет доступен.',
    'Свои промокоды вы найдёте в разделе «Промокоды» личного кабинета. Мы раздаём их в акциях — о новых акциях рассказываем в новостях на сайте.',
  ),
  bodyEn: md(
    'Do you recommend Obmen to friends, run a crypto channel or help people with their first exchange? Earn a reward for everyone who comes through your link. It costs nothing to join: every registered user is a partner.',
    '## How it works',
    steps(
      '**Get your link.** Sign up and open the Referral programme section of your account. Your partner link is there: the site address with **?r=** and your partner number added at the end, for example **?r=1024**.',
      '**Share it.** When someone follows the link, your number is remembered in their browser. If they then sign up, they become your first-level referral.',
      '**Earn 0.5%.** For every successfully completed ticket of a referral, you receive **0.5% of its value** in USD terms.',
    ),
    '## What earns a reward',
    list(
      'Only **first-level** referrals count, that is, people who signed up through your own link. Their referrals do not earn you anything.',
      'Only tickets with the status Completed count. Cancelled tickets and tickets that ended in an error earn nothing.',
      'When the exchanger’s profit on a deal is **under 0.6%**, as with stablecoin swaps at a reduced fee, that deal earns no reward.',
      'Rewards are counted in USD and paid in the currency you choose, at the rate at the time of payout.',
    ),
    '## Withdrawing your reward',
    list(
      'You need **5 active referrals** to withdraw. A referral is active once they have at least one successful ticket.',
      'The minimum withdrawal is **10 USD**, paid as its equivalent in the chosen currency.',
      'You can withdraw in **USDT TRC20 or BTC, to a Sberbank or T-Bank card, or by SBP**.',
      'Request a withdrawal in the Referral programme section. The amount leaves your balance straight away and is paid **within 24 hours** of the request.',
      'Rouble payouts go only to cards and accounts in your own name.',
    ),
    '## Your statistics',
    'The Referral programme section shows your link, how many people have followed it, your registered and active referrals, the reward for each ticket, your current balance and your payout history.',
    '## Fair play',
    'We may refuse or cancel a reward when the referrals are your own extra accounts, when the link is spread by spam or by misleading advertising, or when the rules of the service are broken. Not sure whether your way of promoting us is fine? Just ask support.',
    '## Turnover discount',
    'Everyone who is logged in gets a rate 0.05% better. As the total USD value of your successful exchanges grows, the discount goes up on its own:',
    DISCOUNTS_EN,
    '## Promo codes',
    'A promo code takes **50 RUB** off an exchange worth **3,000 RUB or more**. Each code works once. Enter it when you calculate the exchange in the converter and the amount updates at once. If the ticket is not completed, the code becomes available again.',
    'Your codes are listed in the Promo codes section of your account. We hand them out in promotions, which we announce in the news on this site.',
  ),
};

const RULES: DemoPage = {
  slug: 'rules',
  titleRu: 'Правила сервиса Obmen',
  titleEn: 'Obmen terms of service',
  metaTitleRu: 'Правила обмена — пользовательское соглашение | Obmen',
  metaTitleEn: 'Exchange rules — user agreement | Obmen',
  metaDescriptionRu:
    'Пользовательское соглашение Obmen: порядок обмена, статусы заявки, окно оплаты, фиксированный и плавающий курс, недоплата, поздняя оплата, возвраты и споры.',
  metaDescriptionEn:
    'The Obmen user agreement: how an exchange works, ticket statuses, payment window, fixed and floating rates, underpayment, late payment, refunds and disputes.',
  bodyRu: md(
    '## 1. Общие положения',
    '1.1. Настоящие правила (далее — Правила) — пользовательское соглашение между сервисом Obmen (далее — Сервис) и физическим лицом, которое пользуется сайтом Сервиса для обмена валют (далее — Клиент).',
    '1.2. Создавая заявку или регистрируя аккаунт, Клиент подтверждает, что прочитал Правила и Политику AML/KYC, понимает и принимает их полностью. Если Клиент не согласен хотя бы с одним положением, он не должен пользоваться Сервисом.',
    '1.3. Сервис обменивает рубли, переведённые с банковских карт или через Систему быстрых платежей (СБП), на криптовалюты, криптовалюты — на рубли, а также криптовалюты между собой. Доступные направления, курсы, лимиты и резервы публикуются в конвертере на главной странице и могут меняться.',
    '1.4. Сервис работает круглосуточно и без выходных. Отдельные направления могут быть временно недоступны: во время технических работ, при недостаточном резерве или при сбоях у банков и в сетях блокчейнов.',
    '## 2. Термины',
    list(
      '**Заявка** — поручение Клиента на обмен с указанием направления, сумм, реквизитов и e-mail. У каждой заявки есть номер и своя страница.',
      '**Направление** — пара валют «отдаёте → получаете».',
      '**Реквизиты** — номер карты, телефон для СБП, ФИО, адрес кошелька и другие данные для отправки и получения средств.',
      '**Окно оплаты** — время, в течение которого Клиент должен оплатить заявку.',
      '**Резерв** — сумма валюты, которую Сервис готов выплатить в данный момент.',
      '**Верификация карты** — подтверждение того, что банковская карта принадлежит Клиенту.',
    ),
    '## 3. Стороны и условия использования',
    '3.1. Пользоваться Сервисом могут только дееспособные физические лица старше 18 лет, действующие от своего имени и в своих интересах.',
    '3.2. **Платежи юридических лиц не принимаются**, в том числе с корпоративных карт и расчётных счетов организаций. Выплаты на счета юридических лиц не производятся.',
    '3.3. **Оплата принимается только с карты или счёта, оформленных на имя Клиента.** Выплаты производятся только на реквизиты Клиента. Платёж третьего лица не зачисляется в заявку и возвращается отправителю за вычетом комиссий.',
    '3.4. Клиент указывает достоверные данные и сам отвечает за их правильность, а также за сохранность доступа к своему аккаунту и почте.',
    '3.5. Регистрация для обмена не обязательна. Зарегистрированные пользователи получают скидку на курс, историю заявок, промокоды и доступ к партнёрской программе.',
    '## 4. Порядок обмена',
    '4.1. Клиент выбирает направление, вводит сумму, выбирает тип курса, заполняет реквизиты и e-mail и принимает Правила и Политику AML/KYC.',
    '4.2. После создания заявки Клиент получает реквизиты для оплаты. Оплатить нужно одним платежом на точную сумму и строго по реквизитам со страницы заявки: они действуют только для неё.',
    '4.3. Отправив перевод, Клиент нажимает «Я оплатил» на странице заявки. Оператор может также сам отметить поступление средств.',
    '4.4. После зачисления средств Сервис отправляет валюту на реквизиты Клиента. Заявки с рублями обрабатывает оператор.',
    '4.5. Заявка выполнена, когда Сервис отправил средства на реквизиты Клиента: для криптовалют — когда транзакция передана в сеть, для рублей — когда перевод принят банком.',
    '## 5. Статусы заявки',
    list(
      '**Проверка карты** — заявка ждёт верификации карты, с которой Клиент будет платить. Оплачивать в этом статусе не нужно.',
      '**Ожидает оплаты** — реквизиты выданы, идёт окно оплаты.',
      '**В обработке** — Клиент сообщил об оплате или Сервис зафиксировал её поступление; идёт проверка платежа и выплата.',
      '**Заморожена** — заявка приостановлена для дополнительной проверки: по требованиям AML/KYC, при несовпадении суммы или данных отправителя. Сервис сообщает Клиенту, какие сведения нужны.',
      '**Ошибка** — заявку не удалось выполнить, например средства не поступили. Если средства всё же поступили, они возвращаются по разделу 11.',
      '**Проблема с оплатой** — поступила не та сумма или оплата пришла после окна оплаты; Клиент выбирает, как поступить (раздел 9).',
      '**Отменена** — заявку отменил Клиент, истекло окно оплаты или карта не прошла проверку.',
      '**Выполнена** — средства отправлены Клиенту.',
    ),
    'О каждой смене статуса Сервис сообщает на e-mail, указанный в заявке.',
    '## 6. Курсы',
    '6.1. Курс зависит от рыночной цены валют, направления и комиссии Сервиса и показывается в конвертере до создания заявки.',
    '6.2. **Фиксированный курс** действует, пока действует расчёт (таймер в конвертере): заявка, созданная в это время, получает в точности курс и суммы расчёта. За фиксацию в курс заложена небольшая наценка.',
    '6.3. **Плавающий курс** не содержит наценки за фиксацию и определяется по рынку в момент создания заявки, поэтому суммы заявки могут немного отличаться от расчёта в конвертере. Если расхождение больше 1%, заявка не создаётся, и Клиенту предлагается проверить новые суммы.',
    '6.4. Курс и суммы созданной заявки не меняются независимо от типа курса, если Клиент оплатит её в окно оплаты на точную сумму. Оплата после окна оплаты или на другую сумму рассматривается по разделу 9.',
    '6.5. Комиссия сети за выплату криптовалюты уже учтена в курсе. Комиссию своего банка или сети за отправку платежа оплачивает Клиент.',
    '6.6. Скидка зарегистрированного пользователя и промокод учитываются при расчёте и отражаются в заявке.',
    '6.7. Если заявка создана по явно ошибочному курсу из-за технического сбоя, Сервис вправе предложить Клиенту пересчёт по актуальному курсу или возврат средств.',
    '## 7. Оплата и окно оплаты',
    '7.1. Окно оплаты по умолчанию — **30 минут** с момента создания заявки. Для отдельных направлений оно может отличаться; точное время показывает таймер на странице заявки.',
    '7.2. Если до конца окна заявка не оплачена и оплата не подтверждена, заявка отменяется с сообщением «Истекло время оплаты».',
    '7.3. Иногда банк или сеть задерживают зачисление платежа. Обычно это занимает от 5 до 60 минут, максимум — 24 часа. Если перевод был отправлен в окно оплаты, такая задержка не считается просрочкой.',
    '7.4. Не допускаются оплата частями, оплата с чужой карты или счёта и переводы на реквизиты из другой заявки. Не добавляйте к переводу комментарий, если его не требует страница оплаты.',
    '7.5. Криптовалюту нужно отправлять в сети, указанной в заявке, а для TON — с комментарием (memo) со страницы оплаты. Монеты, отправленные в другой сети, могут быть не зачислены, и вернуть их удаётся не всегда.',
    '## 8. Верификация карты',
    '8.1. При первой оплате с банковской карты Сервис проверяет, что карта принадлежит Клиенту: заявка создаётся в статусе «Проверка карты».',
    '8.2. Клиент загружает на странице заявки фотографию карты (JPEG, PNG или WebP, до 10 МБ). Номер карты должен быть виден; все цифры, кроме первых 6 и последних 4, можно закрыть. Код CVV/CVC показывать нельзя — он Сервису не нужен.',
    '8.3. После одобрения заявка переходит в статус «Ожидает оплаты» и начинается окно оплаты. Если фотография не прошла проверку, заявка отменяется.',
    '8.4. Сервис вправе запросить верификацию и в других случаях — при поздней оплате, при расхождении данных отправителя или по итогам AML-проверки.',
    '## 9. Несовпадение суммы и поздняя оплата',
    '9.1. Оплата считается проблемной, если поступило меньше суммы заявки (**недоплата**) или больше неё (**переплата**), а также если средства поступили после окончания окна оплаты или по отменённой заявке (**поздняя оплата**). Курс и суммы такой заявки, в том числе фиксированный курс, перестают действовать, и заявка переходит в статус «Проблема с оплатой».',
    '9.2. Клиент выбирает на странице заявки: продолжить обмен по текущему курсу на фактически полученную сумму — новые суммы показываются до его согласия — либо вернуть средства за вычетом комиссий по разделу 11. Если полученную сумму нельзя обменять в пределах лимитов направления, возможен только возврат.',
    '9.3. При поздней оплате Сервис может сначала запросить верификацию карты.',
    '9.4. На время выяснения заявка может быть переведена в статус «Заморожена». Если выбрать вариант на странице заявки не удаётся, Клиент сообщает своё решение в поддержку, указав номер заявки.',
    '## 10. Сроки',
    '10.1. Заявки, которые обрабатывает оператор, выполняются, как правило, за **5–15 минут** после зачисления оплаты.',
    '10.2. Криптовалюта считается зачисленной после нужного числа подтверждений сети; оно указано в разделе «Частые вопросы» и в подсказке конвертера.',
    '10.3. Дополнительные проверки (статус «Заморожена») увеличивают срок; во многом он зависит от того, как быстро Клиент предоставит запрошенные сведения.',
    '## 11. Возвраты',
    '11.1. Возврат производится только на реквизиты отправителя: на карту или счёт, с которых пришла оплата, а для криптовалют — на адрес отправителя, указанный в заявке как адрес для возврата или подтверждённый Клиентом в поддержке.',
    '11.2. Из суммы возврата удерживаются комиссии банка или сети за перевод. Разница курсов при возврате не компенсируется: возвращается полученная валюта.',
    '11.3. Как правило, возврат выполняется в течение 24 часов после того, как Клиент подтвердил реквизиты; при AML-проверке срок может быть больше.',
    '11.4. Выполненную заявку отменить нельзя: транзакции в блокчейне необратимы.',
    '## 12. Скидки, промокоды и партнёрская программа',
    '12.1. Клиент, вошедший в аккаунт, получает скидку 0,05%, которая растёт с оборотом успешных обменов: до 1 000 USD — 0,05%, от 1 000 до 10 000 USD — 0,1%, от 10 000 до 50 000 USD — 0,2%, от 50 000 USD — 0,3%.',
    '12.2. Промокод даёт скидку 50 ₽ на обмен от 3 000 ₽ и используется один раз.',
    '12.3. Условия партнёрской программы описаны на странице «Партнёрам». При злоупотреблениях Сервис вправе аннулировать скидки, промокоды и партнёрские начисления.',
    '## 13. AML/KYC',
    '13.1. Сервис вправе запросить подтверждение личности Клиента и происхождения средств, приостановить подозрительный обмен (статус «Заморожена») и вернуть средства за вычетом комиссий сети или банка на реквизиты отправителя.',
    '13.2. Сервис отказывает в обмене средств, связанных с санкционными списками, даркнет-площадками, миксерами и мошенничеством. Подробности — в Политике AML/KYC.',
    '## 14. Ответственность',
    '14.1. Сервис отвечает за выполнение заявки в соответствии с Правилами в пределах её суммы.',
    '14.2. Сервис не отвечает за последствия ошибок Клиента в реквизитах, выборе сети или memo; за задержки и блокировки платежей банками, платёжными системами и сетями блокчейнов; за действия третьих лиц; за изменение рыночного курса при плавающем курсе; за налоговые обязательства Клиента.',
    '14.3. Ответственность Сервиса ограничена суммой заявки; упущенная выгода не возмещается.',
    '14.4. Стороны освобождаются от ответственности за неисполнение обязательств из-за обстоятельств непреодолимой силы, включая сбои сетей, решения органов власти и действия банков.',
    '14.5. Клиент гарантирует, что средства принадлежат ему и получены законно.',
    '## 15. Споры',
    '15.1. Спорные вопросы решаются через поддержку. В обращении укажите номер заявки и приложите подтверждение: чек перевода или хеш транзакции (TXID). Обращайтесь как можно скорее — банки и сервисы блокчейна хранят сведения о переводах ограниченное время.',
    '15.2. Сервис рассматривает обращение и сообщает решение на e-mail Клиента. Переписка в онлайн-чате, Telegram и по почте признаётся сторонами доказательством.',
    '15.3. Если спор не удалось урегулировать переговорами, он разрешается в порядке, предусмотренном применимым законодательством.',
    '## 16. Изменение Правил',
    '16.1. Сервис вправе изменять Правила. Новая редакция публикуется на этой странице и действует с момента публикации.',
    '16.2. Заявки, созданные до изменения, выполняются по Правилам, действовавшим в момент их создания.',
    '16.3. Продолжая пользоваться Сервисом после изменений, Клиент принимает новую редакцию.',
    '## 17. Контакты',
    `Поддержка работает круглосуточно: ${CHANNELS_RU}.`,
  ),
  bodyEn: md(
    '## 1. General provisions',
    '1.1. These rules (the Rules) are the user agreement between the Obmen service (the Service) and the individual who uses the Service’s website to exchange currencies (the Client).',
    '1.2. By creating a ticket or registering an account, the Client confirms that they have read, understood and fully accepted the Rules and the AML/KYC Policy. A Client who disagrees with any provision must not use the Service.',
    '1.3. The Service exchanges roubles paid from bank cards or over the Faster Payments System (SBP) for cryptocurrencies, cryptocurrencies for roubles, and cryptocurrencies for one another. The available pairs, rates, limits and reserves are published in the converter on the home page and may change.',
    '1.4. The Service operates 24 hours a day, seven days a week. Individual pairs may be briefly unavailable, for example during maintenance, when a reserve runs low or when a bank or network has problems.',
    '## 2. Definitions',
    list(
      '**Ticket**: the Client’s order for an exchange, stating the pair, the amounts, the details and an e-mail address. Each ticket has a number and a page of its own.',
      '**Pair** (direction): the currency the Client gives and the one they get.',
      '**Details** (requisites): a card number, an SBP phone number, a full name, a wallet address or other data needed to send and receive funds.',
      '**Payment window**: the time the Client has to pay for a ticket.',
      '**Reserve**: the amount of a currency the Service can pay out at the moment.',
      '**Card verification**: confirmation that a bank card belongs to the Client.',
    ),
    '## 3. Parties and eligibility',
    '3.1. The Service is open only to individuals aged 18 or over with full legal capacity, acting in their own name and on their own behalf.',
    '3.2. **Payments from legal entities are not accepted**, including payments from corporate cards and company accounts. Nothing is paid out to the accounts of legal entities.',
    '3.3. **Payment is accepted only from a card or account in the Client’s own name**, and payouts go only to the Client’s own details. A payment from a third party is not credited to the ticket and is returned to the sender minus fees.',
    '3.4. The Client provides accurate information, is responsible for its correctness and keeps access to their account and e-mail secure.',
    '3.5. No account is needed to exchange. Registered users get a better rate, a ticket history, promo codes and access to the partner programme.',
    '## 4. How an exchange works',
    '4.1. The Client chooses a pair, enters an amount, picks the type of rate, fills in their details and e-mail, and accepts the Rules and the AML/KYC Policy.',
    '4.2. Once the ticket is created, the Client receives the payment details. Payment must be made in one transfer for the exact amount, strictly to the details on the ticket page, which are valid for that ticket only.',
    '4.3. After sending the transfer, the Client presses “I have paid” on the ticket page. An operator may also mark the payment as received.',
    '4.4. Once the funds are credited, the Service sends the currency to the Client’s details. Tickets involving roubles are processed by an operator.',
    '4.5. A ticket is completed when the Service has sent the funds to the Client’s details: for crypto, when the transaction has been broadcast to the network; for roubles, when the bank has accepted the transfer.',
    '## 5. Ticket statuses',
    list(
      '**Card verification**: the ticket is waiting for the card the Client will pay with to be verified. Do not pay at this stage.',
      '**Awaiting payment**: the payment details have been issued and the payment window is running.',
      '**In progress**: the Client has reported the payment or the Service has registered it; the payment is being checked and the payout prepared.',
      '**Frozen**: the ticket is on hold for an additional check, such as an AML/KYC review or a mismatch in the amount or the sender’s details. The Service tells the Client what information it needs.',
      '**Error**: the ticket could not be completed, for example because no funds arrived. If funds did arrive, they are refunded under section 11.',
      '**Payment problem**: the wrong amount arrived, or the payment came after the payment window; the Client chooses what to do (section 9).',
      '**Cancelled**: the Client cancelled the ticket, the payment window ran out, or the card did not pass verification.',
      '**Completed**: the funds have been sent to the Client.',
    ),
    'The Client is notified of every status change at the e-mail address given in the ticket.',
    '## 6. Rates',
    '6.1. The rate depends on the market price of the currencies, the pair and the Service’s fee, and is shown in the converter before the ticket is created.',
    '6.2. A **fixed rate** holds for the lifetime of the quote (the countdown in the converter): a ticket created within that time gets exactly the quote’s rate and amounts. It includes a small markup for the lock.',
    '6.3. A **floating rate** carries no markup for the lock and is set at the market rate when the ticket is created, so the ticket’s amounts may differ slightly from the estimate in the converter. If they differ by more than 1%, the ticket is not created and the Client is asked to check the new amounts.',
    '6.4. With either type of rate, the rate and amounts of a created ticket do not change, provided the Client pays the exact amount within the payment window. A payment made after the window or for a different amount is handled under section 9.',
    '6.5. The network fee for a crypto payout is included in the rate. Any fee the Client’s own bank or network charges for sending the payment is paid by the Client.',
    '6.6. The registered user’s discount and any promo code are applied in the calculation and shown in the ticket.',
    '6.7. If a ticket was created at an obviously wrong rate because of a technical fault, the Service may offer a recalculation at the current rate or a refund.',
    '## 7. Payment and the payment window',
    '7.1. The payment window is **30 minutes** from the creation of the ticket by default. It may differ for some pairs; the countdown on the ticket page shows the exact time.',
    '7.2. If the ticket has not been paid and the payment has not been reported by the end of the window, the ticket is cancelled with the message “Payment time expired”.',
    '7.3. A bank or network may hold a payment before crediting it. This usually takes 5 to 60 minutes and at most 24 hours. Such a delay does not count as late payment if the transfer was sent within the payment window.',
    '7.4. Paying in instalments, paying from someone else’s card or account, and paying to the details of another ticket are not allowed. Do not add a comment to a bank transfer unless the payment page asks for one.',
    '7.5. Crypto must be sent on the network stated in the ticket and, for TON, with the comment (memo) from the payment page. Coins sent on another network may not be credited and cannot always be recovered.',
    '## 8. Card verification',
    '8.1. The first time the Client pays from a bank card, the Service checks that the card belongs to them, and the ticket is created with the status Card verification.',
    '8.2. The Client uploads a photo of the card on the ticket page (JPEG, PNG or WebP, up to 10 MB). The card number must be visible, but all digits except the first 6 and the last 4 may be covered. Never show the CVV/CVC code: the Service does not need it.',
    '8.3. Once the photo is approved, the ticket moves to Awaiting payment and the payment window starts. If the photo is rejected, the ticket is cancelled.',
    '8.4. The Service may also ask for card verification in other cases, such as late payment, a mismatch in the sender’s details, or the outcome of an AML check.',
    '## 9. Wrong amounts and late payment',
    '9.1. A payment is treated as a payment problem if less than the ticket amount arrives (**underpayment**) or more (**overpayment**), or if the funds arrive after the payment window has closed or for a cancelled ticket (**late payment**). The ticket’s rate and amounts, a fixed rate included, then no longer apply, and the ticket moves to Payment problem.',
    '9.2. The Client chooses on the ticket page: continue the exchange at the current rate for the amount actually received, with the new amounts shown before the Client agrees, or have the funds refunded minus fees under section 11. If the amount received cannot be exchanged within the pair’s limits, only a refund is possible.',
    '9.3. After a late payment, the Service may first ask for card verification.',
    '9.4. Meanwhile the ticket may be set to Frozen. If the choice cannot be made on the ticket page, the Client tells support their choice, quoting the ticket number.',
    '## 10. Timing',
    '10.1. Tickets handled by an operator are usually completed within **5 to 15 minutes** of the payment being credited.',
    '10.2. Crypto counts as credited after the required number of network confirmations, listed in the FAQ and in the converter’s note.',
    '10.3. Additional checks (the Frozen status) take longer, depending largely on how quickly the Client provides the information requested.',
    '## 11. Refunds',
    '11.1. Refunds go only to the sender’s details: the card or account the payment came from or, for crypto, the sender’s address given as the refund address in the ticket or confirmed by the Client through support.',
    '11.2. Bank or network fees for the transfer are deducted from the refund. Rate differences are not compensated: the currency received is what is returned.',
    '11.3. A refund is normally made within 24 hours of the Client confirming the refund details; an AML check may take longer.',
    '11.4. A completed ticket cannot be reversed, as blockchain transactions are irreversible.',
    '## 12. Discounts, promo codes and the partner programme',
    '12.1. A logged-in Client gets a 0.05% discount that grows with the USD value of their successful exchanges: up to 1,000 USD, 0.05%; 1,000 to 10,000 USD, 0.1%; 10,000 to 50,000 USD, 0.2%; 50,000 USD and more, 0.3%.',
    '12.2. A promo code takes 50 RUB off an exchange worth 3,000 RUB or more and can be used once.',
    '12.3. The partner programme is described on the Partners page. In case of abuse, the Service may cancel discounts, promo codes and partner rewards.',
    '## 13. AML/KYC',
    '13.1. The Service may ask the Client to verify their identity and the source of funds, may put a suspicious exchange on hold (the Frozen status), and may return the funds, minus network or bank fees, to the sender’s details.',
    '13.2. The Service refuses to exchange funds linked to sanctions lists, darknet markets, mixers or fraud. See the AML/KYC Policy for details.',
    '## 14. Liability',
    '14.1. The Service is liable for completing a ticket in line with the Rules, up to the amount of that ticket.',
    '14.2. The Service is not liable for the consequences of the Client’s mistakes in their details, choice of network or memo; for delays and blocks imposed by banks, payment systems or blockchain networks; for the actions of third parties; for market movements under a floating rate; or for the Client’s tax obligations.',
    '14.3. The Service’s liability is limited to the amount of the ticket; loss of profit is not compensated.',
    '14.4. Neither party is liable for failing to meet its obligations because of force majeure, including network failures, decisions of public authorities and actions of banks.',
    '14.5. The Client warrants that the funds belong to them and were obtained lawfully.',
    '## 15. Disputes',
    '15.1. Disputes are settled through support. Quote the ticket number and attach proof: a bank receipt or the transaction hash (TXID). Please get in touch promptly: transfer records are not kept forever.',
    '15.2. The Service reviews the request and sends its decision to the Client’s e-mail. Both parties accept messages in the online chat, on Telegram and by e-mail as evidence.',
    '15.3. A dispute that cannot be settled by negotiation is resolved as provided by the applicable law.',
    '## 16. Changes to the Rules',
    '16.1. The Service may change the Rules. The new version is published on this page and applies from the moment of publication.',
    '16.2. Tickets created before a change are completed under the Rules in force when they were created.',
    '16.3. By continuing to use the Service after a change, the Client accepts the new version.',
    '## 17. Contacts',
    `Support is available 24/7 by ${CHANNELS_EN}.`,
  ),
};

const AML: DemoPage = {
  slug: 'aml',
  titleRu: 'Политика AML/KYC',
  titleEn: 'AML/KYC policy',
  metaTitleRu: 'Политика AML/KYC — противодействие отмыванию денег | Obmen',
  metaTitleEn: 'AML/KYC policy — anti-money laundering | Obmen',
  metaDescriptionRu:
    'Как Obmen проверяет платежи и клиентов: верификация личности, заморозка подозрительных обменов, возврат средств, запрещённые операции и хранение данных.',
  metaDescriptionEn:
    'How Obmen checks payments and clients: identity verification, holds on suspicious exchanges, refunds, prohibited transactions and how we keep your data.',
  bodyRu: md(
    'Сервис Obmen стремится к тому, чтобы через него не проходили деньги, полученные преступным путём. Эта политика объясняет, какие проверки мы проводим, когда можем попросить подтвердить личность и что происходит с подозрительными обменами. Создавая заявку, вы принимаете эту политику вместе с правилами сервиса.',
    '## 1. Цели политики',
    list(
      'не допустить использования сервиса для легализации (отмывания) доходов, полученных преступным путём, и финансирования терроризма;',
      'защитить клиентов от мошенничества — в первую очередь от оплаты украденными картами и чужими деньгами;',
      'соблюдать применимое законодательство и общепринятые международные практики противодействия отмыванию денег.',
    ),
    '## 2. Основные принципы',
    list(
      '**Риск-ориентированный подход.** Глубина проверки зависит от суммы, направления, истории клиента и признаков риска. Большинство обменов проходят без дополнительных вопросов.',
      '**Знай своего клиента (KYC).** Мы можем попросить подтвердить личность, принадлежность карты и происхождение средств.',
      '**Только свои средства.** Оплата принимается только с карт и счетов, оформленных на имя клиента; выплаты — только на реквизиты клиента. Платежи юридических лиц не принимаются.',
      '**Конфиденциальность.** Полученные данные используются только для проверки и защищены.',
      '**Внутренний контроль.** Каждое решение по проверке фиксируется в истории заявки: кто, когда и почему изменил её статус. Правила проверок мы регулярно пересматриваем.',
    ),
    '## 3. Запрещённые операции',
    'Мы отказываем в обмене, если средства или реквизиты связаны с:',
    list(
      'лицами и организациями из санкционных списков;',
      'даркнет-площадками, торговлей запрещёнными товарами и услугами;',
      'миксерами и другими сервисами, скрывающими происхождение криптовалюты;',
      'мошенничеством, кражей, взломами, вымогательством, программами-вымогателями;',
      'финансированием терроризма и иной преступной деятельностью;',
      'платежами третьих лиц: оплатой с чужой карты, «дропами», переводами по просьбе незнакомцев.',
    ),
    'Отдельно предупреждаем о «подработке»: если незнакомый «работодатель» просит принять деньги на вашу карту и обменять их на криптовалюту, вы, скорее всего, участвуете в мошеннической схеме. Такие обмены мы останавливаем.',
    'Если вас просят купить криптовалюту «для оплаты заказа», «для проверки счёта» или «для службы безопасности банка» — остановитесь: это распространённая мошенническая схема. Напишите нам, мы подскажем, как быть.',
    '## 4. Проверка платежей',
    '**Криптовалюта.** Входящие транзакции проверяются с помощью инструментов анализа блокчейна: мы оцениваем, не связаны ли адреса-источники с запрещёнными операциями из раздела 3. Высокая оценка риска — основание для дополнительной проверки.',
    '**Рубли.** Оператор сверяет данные отправителя платежа с данными заявки. При первой оплате с банковской карты проводится верификация карты: нужно загрузить фотографию карты, на которой виден номер, — все цифры, кроме первых 6 и последних 4, можно закрыть. Верификация может понадобиться и при поздней оплате.',
    '**Оспоренные платежи.** Если банк сообщает, что владелец карты оспорил платёж или что перевод связан с мошенничеством, заявка замораживается до выяснения обстоятельств. Средства в таком случае возвращаются только отправителю — в порядке, согласованном с его банком.',
    '## 5. Подтверждение личности (KYC)',
    'Мы можем попросить подтвердить личность, например, если:',
    list(
      'анализ блокчейна показал повышенный риск;',
      'данные отправителя не совпадают с данными заявки;',
      'сумма или характер операций нетипичны для клиента;',
      'поступил запрос банка или уполномоченного органа;',
      'есть другие признаки, указанные в разделе 3.',
    ),
    'В зависимости от ситуации мы можем запросить:',
    list(
      'фотографию паспорта или другого документа, удостоверяющего личность;',
      'фотографию с документом в руках;',
      'фотографию банковской карты или выписку, подтверждающую, что счёт принадлежит вам;',
      'пояснения и документы о происхождении средств — например, историю сделок на бирже или выписку со счёта.',
    ),
    'Документы принимаются через поддержку — письмом с e-mail, указанного в заявке, или в онлайн-чате. Мы никогда не просим пароли, коды из SMS, CVV/CVC или сид-фразы кошельков. Если какого-то документа у вас нет, напишите об этом — вместе подберём, чем его заменить.',
    '## 6. Заморозка заявки',
    'Если операция вызывает вопросы, заявка переходит в статус «Заморожена», и мы сообщаем на e-mail, какие сведения нужны. После проверки возможны три исхода:',
    list(
      'проверка пройдена — заявка продолжает обработку;',
      'клиент отказался от проверки или не прошёл её — средства возвращаются за вычетом комиссий сети или банка **на реквизиты отправителя**; на реквизиты третьих лиц возврат не производится;',
      'средства связаны с преступлением — сервис действует в соответствии с применимым законодательством, в том числе по законным запросам уполномоченных органов.',
    ),
    'Чем быстрее вы пришлёте запрошенные документы, тем быстрее завершится проверка: как правило, после получения всех сведений мы сообщаем результат в течение 24 часов.',
    '## 7. Как избежать задержек',
    list(
      'платите с карты или счёта на своё имя, а криптовалюту отправляйте со своего кошелька или со своего аккаунта на бирже;',
      'не отправляйте монеты, которые прошли через миксеры или получены от незнакомцев за «лёгкий заработок» в интернете;',
      'сохраняйте чеки переводов и историю операций на бирже — они пригодятся, если понадобится подтвердить происхождение средств;',
      'указывайте в заявке e-mail, которым действительно пользуетесь, и отвечайте на наши письма как можно скорее;',
      'не дробите крупную сумму на множество мелких заявок, чтобы обойти проверку, — такое дробление само по себе считается признаком риска.',
    ),
    '## 8. Отказ в обслуживании',
    'Сервис вправе отказать в обмене или в дальнейшем обслуживании без объяснения причин, если проверка выявила признаки операций из раздела 3, если клиент предоставил недостоверные данные или отказывается от проверки. Полученные средства в этом случае возвращаются по правилам раздела 6.',
    '## 9. Хранение данных',
    'Сведения о заявках, платежах и документы, полученные при проверке, хранятся в течение сроков, установленных законодательством, и в защищённом виде. Доступ к ним есть только у сотрудников, которые проводят проверки. Мы не продаём и не передаём данные клиентов третьим лицам, кроме случаев, предусмотренных законом. Чтобы узнать, какие сведения о вас хранятся, напишите в поддержку с e-mail, который вы указывали в заявках.',
    '## 10. Обязанности клиента',
    list(
      'пользоваться только своими картами, счетами и кошельками;',
      'указывать достоверные данные и не скрывать происхождение средств;',
      'по запросу предоставлять документы для проверки;',
      'не проводить через сервис операции в интересах третьих лиц.',
    ),
    '## 11. Изменения политики',
    `Мы можем обновлять эту политику; новая редакция публикуется на этой странице и действует с момента публикации. Вопросы о проверках задавайте в поддержку: ${CHANNELS_RU}.`,
  ),
  bodyEn: md(
    'The Obmen service does its best to keep the proceeds of crime out of its exchanges. This policy explains which checks we run, when we may ask you to verify your identity and what happens to a suspicious exchange. By creating a ticket you accept this policy along with the rules of the service.',
    '## 1. Purpose',
    list(
      'To prevent the service from being used to launder the proceeds of crime or to finance terrorism.',
      'To protect clients from fraud, above all from payments made with stolen cards or other people’s money.',
      'To comply with the applicable law and with generally accepted international anti-money-laundering practice.',
    ),
    '## 2. Principles',
    list(
      '**A risk-based approach.** How closely we look depends on the amount, the pair, the client’s history and any risk signals. Most exchanges go through without extra questions.',
      '**Know your customer (KYC).** We may ask you to confirm your identity, that a card is yours, and where your funds come from.',
      '**Your own money only.** We accept payments only from cards and accounts in the client’s own name and pay out only to the client’s own details. Payments from legal entities are not accepted.',
      '**Confidentiality.** What you send us is used for the check and nothing else, and it is kept secure.',
      '**Internal control.** Every decision made during a check is recorded in the ticket history: who changed the status, when and why. We review our checking rules regularly.',
    ),
    '## 3. Prohibited transactions',
    'We refuse an exchange when the funds or the details are linked to:',
    list(
      'people or organisations on sanctions lists;',
      'darknet markets or trade in prohibited goods and services;',
      'mixers and other services that hide where crypto came from;',
      'fraud, theft, hacking, extortion or ransomware;',
      'terrorist financing or any other criminal activity;',
      'third-party payments: paying from someone else’s card, money mules, or transfers made at a stranger’s request.',
    ),
    'A word of warning about “side jobs”: if an unknown “employer” asks you to receive money on your card and exchange it for crypto, you are most likely part of a fraud scheme. We stop such exchanges.',
    'If someone asks you to buy crypto “to pay for an order”, “to verify your account” or “for your bank’s security team”, stop: it is a common scam. Write to us and we will help you work out what to do.',
    '## 4. How payments are checked',
    '**Crypto.** Incoming transactions are screened with blockchain analytics tools to see whether the source addresses are linked to anything listed in section 3. A high risk score triggers an additional check.',
    '**Roubles.** An operator compares the sender of the payment with the details in the ticket. The first payment from a bank card requires card verification: you upload a photo of the card with its number visible, and you may cover every digit except the first 6 and the last 4. Verification may also be needed when a payment arrives late.',
    '**Disputed payments.** If a bank tells us that the cardholder has disputed a payment, or that a transfer is linked to fraud, the ticket is frozen until the matter is cleared up. The funds then go back only to the sender, in the way agreed with the sender’s bank.',
    '## 5. Identity verification (KYC)',
    'We may ask you to verify your identity when, for example:',
    list(
      'blockchain analytics shows an elevated risk;',
      'the sender’s details do not match the ticket;',
      'the amount or pattern of activity is unusual for the client;',
      'a bank or a competent authority has made a request;',
      'there are other signs of the activity described in section 3.',
    ),
    'Depending on the situation, we may ask for:',
    list(
      'a photo of your passport or another identity document;',
      'a photo of you holding the document;',
      'a photo of your bank card or a statement showing the account is yours;',
      'an explanation and documents showing where the funds came from, such as an exchange trading history or a bank statement.',
    ),
    'Send documents through support, by e-mail from the address given in the ticket or in the online chat. We will never ask for passwords, SMS codes, CVV/CVC codes or wallet seed phrases. If you do not have a particular document, tell us and we will work out together what could replace it.',
    '## 6. Frozen tickets',
    'If a transaction raises questions, the ticket is set to Frozen and we e-mail you to say what we need. A check ends in one of three ways:',
    list(
      'the check is passed and the ticket goes back into processing;',
      'the client declines the check or does not pass it, and the funds are returned, minus network or bank fees, **to the sender’s details**; we never refund to a third party;',
      'the funds are linked to a crime, and the service acts as the applicable law requires, including on lawful requests from the competent authorities.',
    ),
    'The sooner you send the documents we ask for, the sooner the check is over: once we have everything, we usually give you the outcome within 24 hours.',
    '## 7. How to avoid delays',
    list(
      'Pay from a card or account in your own name, and send crypto from your own wallet or your own exchange account.',
      'Do not send coins that have been through a mixer or that strangers paid you for “easy money” online.',
      'Keep your transfer receipts and exchange trading history: they help if you need to show where the funds came from.',
      'Give an e-mail address you actually read, and answer our messages as soon as you can.',
      'Do not split a large amount into many small tickets to get round a check. Splitting like that is a risk signal in itself.',
    ),
    '## 8. Refusal of service',
    'The service may refuse an exchange, or any further service, without giving reasons if a check reveals signs of the activity in section 3, if the client has given false information or if the client refuses to be checked. Any funds received are then returned as described in section 6.',
    '## 9. Data retention',
    'Ticket and payment records and the documents collected during checks are kept securely for the periods required by law. Only the staff who carry out checks can access them. We do not sell client data or pass it to third parties except where the law requires it. To find out what we hold about you, write to support from the e-mail address you used in your tickets.',
    '## 10. What we ask of you',
    list(
      'Use only your own cards, accounts and wallets.',
      'Give accurate information and be open about where your funds come from.',
      'Provide documents for a check when asked.',
      'Do not use the service to make transactions on behalf of anyone else.',
    ),
    '## 11. Changes to this policy',
    `We may update this policy. The new version is published on this page and applies from the moment of publication. If you have questions about a check, contact support by ${CHANNELS_EN}.`,
  ),
};

const FAQ: DemoPage = {
  slug: 'faq',
  titleRu: 'Частые вопросы',
  titleEn: 'Frequently asked questions',
  metaTitleRu: 'Частые вопросы об обмене — сроки, курсы, верификация | Obmen',
  metaTitleEn: 'FAQ — timing, rates and card verification | Obmen',
  metaDescriptionRu:
    'Ответы на частые вопросы: сколько длится обмен, зачем верификация карты, что делать при поздней оплате, фиксированный и плавающий курс, промокоды и скидки.',
  metaDescriptionEn:
    'Answers to common questions: how long an exchange takes, why we verify cards, what to do after a late payment, fixed and floating rates, promo codes, discounts.',
  bodyRu: md(
    'Здесь собраны ответы на вопросы, которые нам задают чаще всего: о сроках обмена, курсах, верификации карты, оплате и партнёрской программе.',
  ),
  bodyEn: md(
    'Here are answers to the questions we hear most often, on timing, rates, card verification, payment and the partner programme.',
  ),
};

const CONTACTS: DemoPage = {
  slug: 'contacts',
  titleRu: 'Контакты',
  titleEn: 'Contact us',
  metaTitleRu: 'Контакты Obmen — поддержка 24/7: чат, Telegram, e-mail',
  metaTitleEn: 'Contact Obmen — 24/7 support by chat, Telegram and e-mail',
  metaDescriptionRu:
    'Служба поддержки Obmen работает круглосуточно: онлайн-чат, Telegram @obmen_support и e-mail. Что указать в обращении, чтобы мы помогли быстрее.',
  metaDescriptionEn:
    'Obmen support is open 24/7 by online chat, Telegram @obmen_support and e-mail. What to include in your message so that we can help you faster.',
  bodyRu: md(
    'Поддержка Obmen работает круглосуточно, без выходных и праздников. В онлайн-чате, Telegram и по почте отвечают одни и те же операторы, так что выбирайте тот способ, который удобнее вам.',
    '## Режим работы',
    'Круглосуточно, 24/7. Заявки обрабатываются и ночью, и в выходные, и в праздники.',
    table(
      ['Канал', 'Обычное время ответа'],
      ['Онлайн-чат', 'несколько минут'],
      ['Telegram', 'несколько минут'],
      ['E-mail', 'несколько часов'],
    ),
    'Если вопрос требует проверки платежа банком или в блокчейне, мы сразу скажем, сколько она займёт, и напишем, как только появится результат.',
    '## Что указать в обращении',
    'Чтобы мы разобрались без лишних уточнений, сразу напишите:',
    list(
      '**номер заявки** — он есть на странице заявки и в письмах о смене её статуса;',
      '**детали перевода** — сумму, дату и время, банк отправителя и последние 4 цифры карты, а для криптовалюты — хеш транзакции (TXID);',
      '**чек или скриншот** перевода из банковского приложения или кошелька;',
      'коротко — что случилось и чего вы ждёте.',
    ),
    'Никогда не присылайте полный номер карты, CVV/CVC, коды из SMS, пароли и сид-фразы — сотрудники Obmen их не запрашивают.',
    '## VIP-статус и крупные обмены',
    'Постоянным клиентам с крупными оборотами мы предлагаем VIP-статус. Если вы планируете обмен больше текущего резерва валюты или хотите обсуждать условия индивидуально, напишите в любой канал поддержки — подберём удобное время и способ.',
    '## Осторожно: двойники',
    'Мошенники делают копии сайтов обменников и фальшивые аккаунты поддержки. Наши официальные контакты — только те, что указаны на этой странице. Проверяйте адрес сайта в браузере и не переводите деньги по реквизитам, присланным в личных сообщениях: реквизиты для оплаты показываются только на странице вашей заявки.',
  ),
  bodyEn: md(
    'Obmen support works around the clock, weekends and public holidays included. The same operators answer the online chat, Telegram and e-mail, so use whichever suits you best.',
    '## Hours',
    '24/7. Tickets are processed at night, at weekends and on holidays too.',
    table(
      ['Channel', 'Usual reply time'],
      ['Online chat', 'a few minutes'],
      ['Telegram', 'a few minutes'],
      ['E-mail', 'a few hours'],
    ),
    'If a question needs a bank or blockchain check, we will tell you straight away how long it should take and write back as soon as we know more.',
    '## What to include',
    'To help us sort things out without a round of questions, please tell us:',
    list(
      'the **ticket number**, shown on the ticket page and in our status e-mails;',
      'the **transfer details**: the amount, the date and time, the sending bank and the last 4 digits of the card, or for crypto the transaction hash (TXID);',
      'a **receipt or screenshot** of the transfer from your banking app or wallet;',
      'a few words on what happened and what you would like us to do.',
    ),
    'Never send a full card number, a CVV/CVC code, SMS codes, passwords or seed phrases. Obmen staff never ask for them.',
    '## VIP status and large exchanges',
    'Regular clients with large volumes can get VIP status. If you are planning an exchange larger than the current reserve of a currency, or would like to agree terms one to one, write to any support channel and we will find a convenient time and way to do it.',
    '## Beware of impostors',
    'Scammers copy exchanger websites and set up fake support accounts. Our only official contacts are the ones on this page. Check the site address in your browser, and never send money to payment details that reach you in private messages: payment details are only ever shown on the page of your own ticket.',
  ),
};

export const DEMO_PAGES: DemoPage[] = [ABOUT, PARTNER, RULES, AML, FAQ, CONTACTS];

export const DEMO_FAQ: DemoFaqItem[] = [
  {
    questionRu: 'Сколько длится обмен?',
    questionEn: 'How long does an exchange take?',
    answerRu: md(
      'Заявки с рублями оператор обрабатывает вручную, обычно за 5–15 минут после зачисления оплаты. Обмен криптовалют между собой начинается, как только входящая транзакция наберёт нужное число подтверждений сети.',
      'Иногда банк или сеть задерживают платёж: такое зачисление обычно занимает от 5 до 60 минут, максимум — 24 часа.',
    ),
    answerEn: md(
      'An operator handles tickets involving roubles, usually within 5 to 15 minutes of the payment being credited. A crypto-to-crypto swap starts once the incoming transaction has enough network confirmations.',
      'Now and then a bank or network holds a payment back. Crediting then usually takes 5 to 60 minutes, and 24 hours at most.',
    ),
  },
  {
    questionRu: 'Зачем нужна верификация карты?',
    questionEn: 'Why do you need to verify my card?',
    answerRu: md(
      'Верификация защищает от оплаты украденными картами: мы убеждаемся, что карта принадлежит вам. Она нужна при первой оплате с банковской карты, а также может понадобиться при поздней оплате.',
      'Загрузите на странице заявки фотографию карты, на которой виден номер. Все цифры, кроме первых 6 и последних 4, можно закрыть, а код CVV/CVC показывать не нужно. После одобрения заявка перейдёт к оплате.',
    ),
    answerEn: md(
      'Verification protects everyone from payments with stolen cards: we make sure the card is yours. It is needed for your first payment from a bank card and may be needed after a late payment.',
      'Upload a photo of the card with the number visible on the ticket page. You can cover every digit except the first 6 and the last 4, and you should never show the CVV/CVC code. Once the photo is approved, the ticket moves on to payment.',
    ),
  },
  {
    questionRu: 'Я оплатил заявку с опозданием. Что делать?',
    questionEn: 'I paid after the time ran out. What now?',
    answerRu: md(
      'Не волнуйтесь: деньги не потеряются. Курс и суммы заявки действуют только в отведённое на оплату время, поэтому на странице заявки появится выбор: продолжить обмен по текущему курсу на полученную сумму — сначала мы покажем, сколько вы получите, — или вернуть средства на реквизиты отправителя за вычетом комиссий.',
      'Возможно, мы попросим верифицировать карту. Если выбора на странице заявки нет, напишите в поддержку, укажите номер заявки и детали перевода.',
    ),
    answerEn: md(
      'Don’t worry, the money will not get lost. A ticket’s rate and amounts hold only for the time allowed for payment, so the ticket page lets you choose: continue the exchange at the current rate for the amount received (we show you what you will get first), or have the funds refunded to the sender’s details minus fees.',
      'We may ask you to verify your card. If the ticket page does not offer the choice, contact support with the ticket number and the transfer details.',
    ),
  },
  {
    questionRu: 'Можно ли оплатить с карты другого человека?',
    questionEn: 'Can I pay with someone else’s card?',
    answerRu:
      'Нет. Оплата принимается только с карты или счёта, оформленных на ваше имя, — так мы защищаем владельцев карт от мошенничества. Платёж с чужой карты не будет зачислен в заявку и вернётся отправителю за вычетом комиссий.',
    answerEn:
      'No. We only accept payment from a card or account in your own name, which protects cardholders from fraud. A payment from someone else’s card is not credited to the ticket and goes back to the sender minus fees.',
  },
  {
    questionRu: 'Принимаете ли вы платежи от юридических лиц?',
    questionEn: 'Do you accept payments from companies?',
    answerRu:
      'Нет, платежи юридических лиц не принимаются — ни с расчётных счетов, ни с корпоративных карт. Обмен доступен только физическим лицам, которые платят со своих личных карт и счетов.',
    answerEn:
      'No. Payments from legal entities are not accepted, whether from a company account or a corporate card. The service is for individuals paying from their own personal cards and accounts.',
  },
  {
    questionRu: 'Чем фиксированный курс отличается от плавающего?',
    questionEn: 'What is the difference between a fixed and a floating rate?',
    answerRu: md(
      '**Фиксированный курс** — это ровно тот расчёт, который вы видите в конвертере: заявка, созданная, пока идёт таймер (обычно 30 секунд), получит именно эти суммы. За фиксацию в курс заложена небольшая наценка.',
      '**Плавающий курс** без наценки: он берётся по рынку в момент создания заявки, поэтому суммы в заявке могут немного отличаться от расчёта. Если рынок за это время сдвинулся больше чем на 1%, мы попросим проверить новые суммы.',
      'При любом типе курса суммы созданной заявки не меняются, если вы оплатите её вовремя. Если оплата придёт позже или на другую сумму, вы сами выберете: продолжить обмен по текущему курсу или вернуть деньги.',
    ),
    answerEn: md(
      'A **fixed rate** is exactly the quote you see in the converter: a ticket created while the countdown runs (usually 30 seconds) gets exactly those amounts. It includes a small markup for the lock.',
      'A **floating rate** has no markup: it is taken from the market at the moment the ticket is created, so the ticket’s amounts may differ slightly from the estimate. If the market has moved by more than 1% in the meantime, we ask you to check the new amounts.',
      'Either way, once the ticket is created its amounts do not change as long as you pay on time. If the payment arrives late or for a different amount, you choose: continue at the current rate or get your money back.',
    ),
  },
  {
    questionRu: 'Что такое резерв?',
    questionEn: 'What is the reserve?',
    answerRu:
      'Резерв — это сумма валюты, которую мы готовы выплатить прямо сейчас. Он показан в конвертере для валюты, которую вы получаете. Если сумма к получению больше резерва, заявку создать не получится: уменьшите сумму или напишите в поддержку — для крупных обменов мы постараемся пополнить резерв.',
    answerEn:
      'The reserve is how much of a currency we can pay out right now, and the converter shows it for the currency you receive. If the amount you want is larger than the reserve, the ticket cannot be created: lower the amount, or contact support and we will try to top up the reserve for a large exchange.',
  },
  {
    questionRu: 'Какие минимальная и максимальная суммы обмена?',
    questionEn: 'What are the minimum and maximum amounts?',
    answerRu:
      'Лимиты зависят от направления и показаны в конвертере, как только вы выберете валюты. Например, при оплате с рублёвой карты минимальная сумма обычно от 3 000 ₽. Сумма к получению также ограничена резервом валюты.',
    answerEn:
      'Limits depend on the pair and appear in the converter as soon as you choose the currencies. For example, when you pay from a rouble card, the minimum is usually 3,000 RUB. What you receive is also capped by the reserve of that currency.',
  },
  {
    questionRu: 'Как работают промокоды?',
    questionEn: 'How do promo codes work?',
    answerRu:
      'Промокод даёт скидку 50 ₽ на обмен на сумму от 3 000 ₽ и действует один раз. Введите его при расчёте в конвертере. Если заявка не будет выполнена, промокод снова станет доступен. Ваши промокоды — в разделе «Промокоды» личного кабинета.',
    answerEn:
      'A promo code takes 50 RUB off an exchange worth 3,000 RUB or more and works once. Enter it when you calculate the exchange in the converter. If the ticket is not completed, the code becomes available again. You will find your codes under Promo codes in your account.',
  },
  {
    questionRu: 'Как работает партнёрская программа?',
    questionEn: 'How does the partner programme work?',
    answerRu: md(
      'Поделитесь своей ссылкой с параметром ?r= и вашим номером — её можно найти в разделе «Реферальная программа». С каждой успешной заявки реферала первого уровня вы получаете 0,5% её суммы, если прибыль обменника по сделке не меньше 0,6%.',
      'Для вывода нужно 5 активных рефералов, у каждого из которых есть успешная заявка. Минимальная сумма — 10 USD в USDT TRC20, BTC, на карту Сбербанка или Т-Банка либо по СБП; выплата — в течение 24 часов после запроса.',
    ),
    answerEn: md(
      'Share your link, which ends in ?r= and your number; you will find it in the Referral programme section. Every successful ticket of a first-level referral earns you 0.5% of its value, provided the exchanger’s profit on the deal is at least 0.6%.',
      'To withdraw, you need 5 active referrals, each with a successful ticket. The minimum is 10 USD, paid in USDT TRC20 or BTC, to a Sberbank or T-Bank card, or by SBP, within 24 hours of your request.',
    ),
  },
  {
    questionRu: 'Есть ли скидка для постоянных клиентов?',
    questionEn: 'Is there a discount for regular clients?',
    answerRu: md(
      'Да. Все, кто вошёл в аккаунт, получают курс на 0,05% лучше. С ростом оборота успешных обменов в долларовом эквиваленте скидка увеличивается: до 1 000 USD — 0,05%, от 1 000 до 10 000 USD — 0,1%, от 10 000 до 50 000 USD — 0,2%, от 50 000 USD — 0,3%.',
    ),
    answerEn: md(
      'Yes. Everyone who is logged in gets a rate 0.05% better, and the discount grows with the USD value of your successful exchanges: up to 1,000 USD, 0.05%; 1,000 to 10,000 USD, 0.1%; 10,000 to 50,000 USD, 0.2%; 50,000 USD and more, 0.3%.',
    ),
  },
  {
    questionRu: 'Нужно ли регистрироваться?',
    questionEn: 'Do I need to register?',
    answerRu:
      'Нет, создать заявку можно и без аккаунта: достаточно указать e-mail для уведомлений. Но с аккаунтом вы получите скидку на курс, историю заявок, промокоды и доступ к партнёрской программе.',
    answerEn:
      'No, you can create a ticket without an account; an e-mail address for notifications is enough. With an account, though, you get a better rate, your ticket history, promo codes and the partner programme.',
  },
  {
    questionRu: 'Как связаться с поддержкой?',
    questionEn: 'How do I contact support?',
    answerRu: `Круглосуточно: ${CHANNELS_RU}. Сразу укажите номер заявки и детали перевода — так мы ответим быстрее. Подробнее — на странице [«Контакты»](/ru/contacts).`,
    answerEn: `Any time of day, by ${CHANNELS_EN}. Include the ticket number and the transfer details so that we can answer faster. See the [Contacts](/en/contacts) page for more.`,
  },
  {
    questionRu: 'Заявка в статусе «Ошибка». Что это значит?',
    questionEn: 'My ticket says “Error”. What does that mean?',
    answerRu: md(
      'Обычно это значит, что оплата по заявке не поступила или обмен не удалось завершить.',
      'Если вы всё-таки отправляли деньги, напишите в поддержку: укажите номер заявки и детали перевода, приложите чек или хеш транзакции. Мы найдём платёж и по вашему выбору выполним обмен по текущему курсу или вернём средства за вычетом комиссий.',
    ),
    answerEn: md(
      'Usually it means the payment for the ticket did not arrive, or the exchange could not be completed.',
      'If you did send money, contact support with the ticket number and the transfer details, and attach a receipt or the transaction hash. We will find the payment and, as you prefer, complete the exchange at the current rate or refund you minus fees.',
    ),
  },
  {
    questionRu: 'Кто платит комиссию сети?',
    questionEn: 'Who pays the network fee?',
    answerRu: md(
      'Когда вы получаете криптовалюту, комиссия сети уже учтена в курсе: на ваш адрес придёт сумма, указанная в заявке.',
      'Когда вы отправляете криптовалюту, комиссию платите вы. Если выводите с биржи, учтите, что она может удержать комиссию из суммы перевода, — до нас должна дойти полная сумма заявки. За переводы с карты действуют тарифы вашего банка.',
    ),
    answerEn: md(
      'When you receive crypto, the network fee is already included in the rate, so the amount shown in the ticket is what reaches your address.',
      'When you send crypto, you pay the fee. If you withdraw from an exchange, remember that it may take its fee out of the amount sent, and the full ticket amount has to reach us. Card transfers are subject to your bank’s own charges.',
    ),
  },
  {
    questionRu: 'Нужен ли memo для TON?',
    questionEn: 'Do I need a memo for TON?',
    answerRu: md(
      'При оплате в TON обязательно укажите комментарий (memo) со страницы оплаты — без него платёж сложнее сопоставить с заявкой.',
      'При получении TON на биржу укажите в заявке memo с её страницы пополнения, иначе монеты могут не зачислиться на ваш счёт. Для личного кошелька поле memo оставьте пустым.',
    ),
    answerEn: md(
      'When you pay in TON, always include the comment (memo) shown on the payment page; without it, matching your payment to the ticket is much harder.',
      'When you receive TON on an exchange, put the memo from its deposit page in the ticket, or the coins may not reach your account there. For a personal wallet, leave the memo empty.',
    ),
  },
  {
    questionRu: 'Сколько подтверждений сети нужно?',
    questionEn: 'How many network confirmations are needed?',
    answerRu: md(
      'Обмен начинается после того, как входящая транзакция наберёт нужное число подтверждений сети:',
      table(
        ['Валюта', 'Подтверждений', 'Обычно занимает'],
        ['Bitcoin (BTC)', '2', 'около 20 минут'],
        ['Ethereum (ETH), USDT ERC20, USDC', '12', '2–3 минуты'],
        ['Litecoin (LTC)', '6', 'около 15 минут'],
        ['Monero (XMR)', '10', 'около 20 минут'],
        ['TRON (TRX), USDT TRC20', '19', 'около минуты'],
        ['Toncoin (TON)', '1', 'несколько секунд'],
        ['Solana (SOL)', 'финализация блока', 'несколько секунд'],
      ),
      'При высокой загрузке сети подтверждения приходят медленнее. Для Bitcoin, Ethereum и Monero число подтверждений показано и в подсказке под конвертером, когда вы выбираете валюту.',
    ),
    answerEn: md(
      'The exchange starts once the incoming transaction has enough network confirmations:',
      table(
        ['Currency', 'Confirmations', 'Usually takes'],
        ['Bitcoin (BTC)', '2', 'about 20 minutes'],
        ['Ethereum (ETH), USDT ERC20, USDC', '12', '2 to 3 minutes'],
        ['Litecoin (LTC)', '6', 'about 15 minutes'],
        ['Monero (XMR)', '10', 'about 20 minutes'],
        ['TRON (TRX), USDT TRC20', '19', 'about a minute'],
        ['Toncoin (TON)', '1', 'a few seconds'],
        ['Solana (SOL)', 'a finalised block', 'a few seconds'],
      ),
      'When a network is busy, confirmations take longer. For Bitcoin, Ethereum and Monero the number also appears in the note under the converter when you choose the currency.',
    ),
  },
  {
    questionRu: 'Я отправил не ту сумму. Что будет?',
    questionEn: 'I sent the wrong amount. What happens?',
    answerRu: md(
      'Если пришло меньше или больше, чем в заявке, на её странице появится выбор: продолжить обмен по текущему курсу на фактически полученную сумму — сначала мы покажем, сколько вы получите, — или вернуть деньги за вычетом комиссий. Если полученную сумму нельзя обменять в пределах лимитов направления, возможен только возврат.',
      'Если выбора на странице заявки нет, напишите в поддержку с номером заявки.',
    ),
    answerEn: md(
      'If less or more than the ticket amount arrives, the ticket page lets you choose: continue the exchange at the current rate for the amount actually received (we show you what you will get first), or get the money back minus fees. If what arrived cannot be exchanged within the pair’s limits, only a refund is possible.',
      'If the ticket page does not offer the choice, contact support with the ticket number.',
    ),
  },
];

export const DEMO_NEWS: DemoNews[] = [
  {
    slug: 'rates-in-exchanger-monitors',
    publishedAt: '2026-11-05T09:00:00.000Z',
    titleRu: 'Курсы Obmen — в мониторингах обменников',
    titleEn: 'Obmen rates now on exchanger monitors',
    summaryRu:
      'Наши курсы и резервы теперь публикуются в мониторингах обменных пунктов, где их можно сравнить с другими сервисами.',
    summaryEn:
      'Our rates and reserves are now published on exchanger monitors, where you can compare them with other services.',
    bodyRu: md(
      'Мы начали передавать курсы, резервы и лимиты по всем направлениям в мониторинги обменных пунктов. Данные обновляются автоматически, поэтому в мониторинге вы видите тот же курс, что и в нашем конвертере.',
      'Ссылки на мониторинги, с которыми мы работаем, собраны в подвале сайта. Переходя оттуда, проверяйте адрес в строке браузера: мошенники иногда подменяют ссылки на копии известных обменников.',
      'Если заметите расхождение курса в мониторинге и на сайте, напишите нам — разберёмся.',
    ),
    bodyEn: md(
      'We now send the rates, reserves and limits for every pair to exchanger monitors. The data updates automatically, so a monitor shows the same rate as our converter.',
      'Links to the monitors we work with are in the site footer. When you arrive from one of them, check the address bar of your browser: scammers sometimes swap links for copies of well-known exchangers.',
      'If you spot a difference between a monitor and our site, let us know and we will look into it.',
    ),
  },
  {
    slug: 'phishing-warning',
    publishedAt: '2026-09-30T08:30:00.000Z',
    titleRu: 'Осторожно: копии сайта Obmen',
    titleEn: 'Beware of fake copies of Obmen',
    summaryRu: 'В сети появились сайты, копирующие наш дизайн. Рассказываем, как не попасться мошенникам.',
    summaryEn: 'Websites copying our design have appeared online. Here is how to avoid being caught out.',
    bodyRu: md(
      'Нам сообщили о сайтах, которые копируют оформление Obmen и выдают себя за наш сервис. Деньги, отправленные по реквизитам с таких сайтов, попадают к мошенникам, и вернуть их мы не сможем.',
      `Проверяйте адрес сайта в браузере перед каждым обменом и добавьте настоящий адрес в закладки. Наша поддержка работает только через ${CHANNELS_RU}, и эти контакты всегда перечислены на странице [«Контакты»](/ru/contacts). Мы никогда не пишем первыми с предложением обмена и не присылаем реквизиты в личных сообщениях.`,
      'Сотрудники Obmen не запрашивают пароли, коды из SMS, CVV/CVC и сид-фразы кошельков. Если вы столкнулись с подозрительным сайтом или аккаунтом, пришлите нам ссылку — это поможет предупредить других клиентов.',
    ),
    bodyEn: md(
      'We have been told about websites that copy the look of Obmen and pose as our service. Money sent to the payment details on such sites goes to scammers, and we cannot get it back.',
      `Check the site address in your browser before every exchange, and bookmark the real one. Our support is available only by ${CHANNELS_EN}, and these contacts are always listed on the [Contacts](/en/contacts) page. We never contact you first with an offer to exchange, and we never send payment details in private messages.`,
      'Obmen staff never ask for passwords, SMS codes, CVV/CVC codes or wallet seed phrases. If you come across a suspicious site or account, send us the link: it helps us warn other clients.',
    ),
  },
  {
    slug: 'card-verification-simplified',
    publishedAt: '2026-08-27T10:00:00.000Z',
    titleRu: 'Верификация карты стала проще',
    titleEn: 'Card verification made simpler',
    summaryRu: 'Для проверки карты теперь достаточно одной фотографии, а подтверждённая карта запоминается в аккаунте.',
    summaryEn: 'One photo is now enough to verify a card, and a verified card is remembered in your account.',
    bodyRu: md(
      'При первой оплате с банковской карты мы проверяем, что карта принадлежит вам. Теперь для этого достаточно одной фотографии карты, которую можно загрузить прямо на странице заявки.',
      'На фото должен быть виден номер карты, но все цифры, кроме первых шести и последних четырёх, можно закрыть. Код CVV/CVC показывать не нужно. Подходят снимки в форматах JPEG, PNG и WebP.',
      'Если вы вошли в аккаунт, подтверждённая карта запоминается, и для следующих заявок с неё проходить проверку заново обычно не нужно. Верификация может понадобиться снова только в особых случаях — например, при поздней оплате.',
    ),
    bodyEn: md(
      'When you first pay from a bank card, we check that the card is yours. All that takes now is a single photo of the card, uploaded right on the ticket page.',
      'The card number must be visible, but you can cover every digit except the first six and the last four. There is no need to show the CVV/CVC code. JPEG, PNG and WebP photos are accepted.',
      'If you are logged in, a verified card is remembered, and further tickets paid from it normally skip the check. Verification may be needed again only in special cases, such as a late payment.',
    ),
  },
  {
    slug: 'lower-fees-stablecoin-swaps',
    publishedAt: '2026-07-22T09:00:00.000Z',
    titleRu: 'Снизили комиссию на обмен стейблкоинов',
    titleEn: 'Lower fees on stablecoin swaps',
    summaryRu: 'Обмен USDT TRC20, USDT ERC20 и USDC между собой стал выгоднее.',
    summaryEn: 'Swapping USDT TRC20, USDT ERC20 and USDC for one another now costs less.',
    bodyRu: md(
      'Мы снизили комиссию на обмены между стейблкоинами: USDT в сети TRC20, USDT в сети ERC20 и USDC. Это удобно, если нужно перевести средства из одной сети в другую — например, чтобы платить меньше за переводы в сети TRON.',
      'Новые курсы уже действуют в конвертере. Скидка зарегистрированных пользователей по-прежнему применяется и к этим направлениям.',
      'Обратите внимание: по сделкам, где прибыль обменника ниже 0,6%, реферальное вознаграждение не начисляется. Это правило партнёрской программы распространяется и на обмены стейблкоинов.',
    ),
    bodyEn: md(
      'We have cut the fee for swaps between stablecoins: USDT on TRC20, USDT on ERC20 and USDC. It comes in handy when you want to move funds from one network to another, for example to pay less for transfers on TRON.',
      'The new rates are already live in the converter, and the discount for registered users still applies to these pairs.',
      'Please note that deals on which the exchanger’s profit is under 0.6% earn no referral reward. That partner programme rule applies to stablecoin swaps as well.',
    ),
  },
  {
    slug: 'referral-programme-update',
    publishedAt: '2026-06-09T11:00:00.000Z',
    titleRu: 'Обновление партнёрской программы',
    titleEn: 'Partner programme update',
    summaryRu:
      'Партнёрское вознаграждение теперь можно вывести на карту Т-Банка и по СБП, а статистика стала подробнее.',
    summaryEn: 'Partner rewards can now be withdrawn to a T-Bank card or by SBP, and the statistics are more detailed.',
    bodyRu: md(
      'К способам вывода партнёрского вознаграждения добавились карта Т-Банка и СБП. Теперь вывести средства можно в USDT TRC20, BTC, на карту Сбербанка, на карту Т-Банка или по СБП. Минимальная сумма — 10 USD в эквиваленте выбранной валюты, выплата — в течение 24 часов после запроса.',
      'В разделе «Реферальная программа» стало больше статистики: число переходов по вашей ссылке, зарегистрированные и активные рефералы, начисления по каждой заявке и история выплат.',
      'Основные условия не изменились: 0,5% с успешных заявок рефералов первого уровня, для вывода нужно 5 активных рефералов, а по сделкам с прибылью обменника ниже 0,6% вознаграждение не начисляется.',
    ),
    bodyEn: md(
      'You can now withdraw partner rewards to a T-Bank card or by SBP as well. The full list is USDT TRC20, BTC, a Sberbank card, a T-Bank card and SBP. The minimum is still 10 USD in the chosen currency, paid within 24 hours of your request.',
      'The Referral programme section also shows more: visits through your link, registered and active referrals, the reward for each ticket and your payout history.',
      'The main terms stay the same: 0.5% of successful tickets by first-level referrals, 5 active referrals needed to withdraw, and no reward on deals where the exchanger’s profit is under 0.6%.',
    ),
  },
  {
    slug: 'may-holidays-2026',
    publishedAt: '2026-04-28T09:00:00.000Z',
    titleRu: 'Майские праздники: работаем как обычно',
    titleEn: 'May holidays: business as usual',
    summaryRu: 'В майские праздники Obmen работает круглосуточно, но банки могут зачислять переводы дольше обычного.',
    summaryEn:
      'Obmen stays open around the clock over the May holidays, though banks may take longer to credit transfers.',
    bodyRu: md(
      'С 1 по 3 мая и с 9 по 11 мая сервис работает в обычном режиме — круглосуточно. Операторы на связи, заявки обрабатываются как всегда.',
      'В праздничные дни банки иногда дольше проводят переводы и чаще отправляют их на дополнительную проверку. Обычно такое зачисление занимает от 5 до 60 минут, максимум — 24 часа. Если платёж задерживается, напишите в поддержку с номером заявки.',
      'Хороших выходных!',
    ),
    bodyEn: md(
      'From 1 to 3 May and from 9 to 11 May the service runs as usual, around the clock. Operators are on shift and tickets are processed as normal.',
      'Over public holidays banks sometimes take longer with transfers and hold more of them for extra checks. Crediting then usually takes 5 to 60 minutes, and 24 hours at most. If your payment is delayed, contact support with the ticket number.',
      'Enjoy the holidays!',
    ),
  },
  {
    slug: 'solana-added',
    publishedAt: '2026-04-14T10:00:00.000Z',
    titleRu: 'Добавили Solana (SOL)',
    titleEn: 'Solana (SOL) is here',
    summaryRu: 'Solana теперь можно купить за рубли, продать или обменять на другие криптовалюты.',
    summaryEn: 'You can now buy Solana with roubles, sell it, or swap it for other coins.',
    bodyRu: md(
      'В конвертере появилась Solana (SOL). Её можно купить за рубли с карт Сбербанка, Т-Банка и Альфа-Банка или по СБП, продать с выплатой в рублях и обменять на другие криптовалюты.',
      'Для получения SOL укажите адрес своего кошелька Solana — это строка из 32–44 символов. Проверьте адрес перед созданием заявки: транзакции в блокчейне необратимы.',
      'Переводы в сети Solana проходят быстро, а комиссия сети при выплате уже учтена в курсе.',
    ),
    bodyEn: md(
      'Solana (SOL) has been added to the converter. Buy it with roubles from a Sberbank, T-Bank or Alfa-Bank card or by SBP, sell it for roubles, or swap it for other coins.',
      'To receive SOL, enter your Solana wallet address, a string of 32 to 44 characters. Check the address before you create the ticket: blockchain transactions cannot be reversed.',
      'Transfers on Solana are fast, and the network fee for the payout is already included in the rate.',
    ),
  },
  {
    slug: 'maintenance-march-2026',
    publishedAt: '2026-03-12T12:00:00.000Z',
    titleRu: 'Технические работы 15 марта',
    titleEn: 'Planned maintenance on 15 March',
    summaryRu: '15 марта с 03:00 до 04:00 по московскому времени новые заявки приниматься не будут.',
    summaryEn: 'New tickets will not be accepted on 15 March from 03:00 to 04:00 Moscow time.',
    bodyRu: md(
      '15 марта 2026 года с 03:00 до 04:00 по московскому времени мы проводим плановые технические работы. В это время на главной странице будет сообщение о техническом перерыве, а создать новую заявку не получится.',
      'Уже созданные и оплаченные заявки будут выполнены: операторы остаются на связи. Если у вас есть неоплаченная заявка, оплатите её до начала работ или создайте новую после их окончания.',
      'Спасибо за понимание! Работы нужны, чтобы сайт оставался быстрым и надёжным.',
    ),
    bodyEn: md(
      'On 15 March 2026, from 03:00 to 04:00 Moscow time, we are carrying out planned maintenance. During that hour the home page will show a maintenance notice and new tickets cannot be created.',
      'Tickets that are already created and paid will be completed, as operators stay on shift. If you have an unpaid ticket, pay it before the work starts or create a new one once it is over.',
      'Thank you for your patience. This work keeps the site fast and reliable.',
    ),
  },
  {
    slug: 'reserves-increased',
    publishedAt: '2026-02-03T09:00:00.000Z',
    titleRu: 'Увеличили резервы',
    titleEn: 'Higher reserves',
    summaryRu: 'Мы пополнили резервы по самым популярным валютам, чтобы крупные обмены проходили одной заявкой.',
    summaryEn:
      'We have topped up the reserves of our most popular currencies so that large exchanges fit into one ticket.',
    bodyRu: md(
      'Мы увеличили резервы Bitcoin, USDT TRC20 и рублей на картах Сбербанка и Т-Банка. Теперь крупную сумму чаще можно обменять одной заявкой, без разбивки на несколько.',
      'Актуальный резерв каждой валюты всегда показан в конвертере. Если нужной суммы в резерве нет, напишите в поддержку — постараемся помочь.',
    ),
    bodyEn: md(
      'We have raised our reserves of Bitcoin, USDT TRC20 and roubles on Sberbank and T-Bank cards. Large amounts now fit into a single ticket more often, with no need to split them up.',
      'The converter always shows the current reserve of each currency. If the reserve is short of what you need, contact support and we will try to help.',
    ),
  },
  {
    slug: 'new-year-holidays-2026',
    publishedAt: '2025-12-24T09:00:00.000Z',
    titleRu: 'Новогодние праздники: работаем 24/7',
    titleEn: 'New Year holidays: open 24/7',
    summaryRu: 'Obmen работает круглосуточно все новогодние праздники. Рассказываем, что учесть при оплате.',
    summaryEn:
      'Obmen stays open around the clock throughout the New Year holidays. Here is what to keep in mind when paying.',
    bodyRu: md(
      'Все новогодние праздники сервис работает в обычном режиме: заявки принимаются и обрабатываются круглосуточно, поддержка на связи.',
      'В праздники банки чаще задерживают переводы для дополнительной проверки. Обычно зачисление занимает от 5 до 60 минут, максимум — 24 часа. Если платёж завис, напишите в поддержку, указав номер заявки и детали перевода.',
      'Спасибо, что были с нами в этом году. С наступающим Новым годом!',
    ),
    bodyEn: md(
      'The service runs as usual throughout the New Year holidays: tickets are accepted and processed around the clock, and support is on hand.',
      'Over the holidays banks hold transfers for extra checks more often. Crediting usually takes 5 to 60 minutes, and 24 hours at most. If a payment seems stuck, contact support with the ticket number and the transfer details.',
      'Thank you for being with us this year, and happy New Year!',
    ),
  },
  {
    slug: 'sbp-payments-launched',
    publishedAt: '2025-11-10T09:00:00.000Z',
    titleRu: 'Оплата через СБП',
    titleEn: 'Pay with SBP',
    summaryRu: 'Теперь обмен можно оплатить переводом по Системе быстрых платежей из любого подключённого к ней банка.',
    summaryEn:
      'You can now pay for an exchange with a Faster Payments System (SBP) transfer from any bank that supports it.',
    bodyRu: md(
      'Мы подключили Систему быстрых платежей. Оплатить обмен теперь можно со счёта практически любого российского банка, подключённого к СБП, даже если у вас нет карты Сбербанка, Т-Банка или Альфа-Банка. Получить рубли по СБП тоже можно.',
      'В заявке укажите телефон, к которому привязан ваш счёт, название банка и ФИО владельца счёта. Верификация карты при оплате по СБП не нужна, но перевод, как и всегда, должен прийти со счёта на ваше имя.',
      'Оплачивайте строго по реквизитам со страницы оплаты — на указанный номер и в указанный банк, одним переводом на всю сумму заявки.',
    ),
    bodyEn: md(
      'We now support the Faster Payments System (SBP). You can pay for an exchange from an account at almost any Russian bank connected to SBP, even without a Sberbank, T-Bank or Alfa-Bank card, and receive roubles by SBP too.',
      'In the ticket, enter the phone number your account is linked to, the name of your bank and the account holder’s full name. No card verification is needed for SBP, but, as always, the transfer must come from an account in your own name.',
      'Pay exactly as the payment page says: to the number and bank shown there, in a single transfer for the full amount of the ticket.',
    ),
  },
  {
    slug: 'toncoin-added',
    publishedAt: '2025-09-18T10:00:00.000Z',
    titleRu: 'Добавили Toncoin (TON)',
    titleEn: 'Toncoin (TON) added',
    summaryRu: 'TON можно купить за рубли, продать и обменять на другие криптовалюты. Не забывайте про memo.',
    summaryEn: 'You can now buy TON with roubles, sell it and swap it for other coins. Just remember the memo.',
    bodyRu: md(
      'В конвертере появился Toncoin (TON). Его можно купить за рубли с карт и по СБП, продать с выплатой в рублях или обменять на другие криптовалюты.',
      'Если получаете TON на счёт биржи, укажите в заявке комментарий (memo) со страницы пополнения биржи — без него монеты могут не зачислиться. Для личного кошелька поле memo оставьте пустым.',
      'Если платите в TON, обязательно добавьте к переводу комментарий, указанный на странице оплаты, — так мы быстрее сопоставим платёж с вашей заявкой.',
    ),
    bodyEn: md(
      'Toncoin (TON) is now in the converter. Buy it with roubles from a card or by SBP, sell it for roubles, or swap it for other coins.',
      'If you are receiving TON on an exchange account, put the memo (comment) from the exchange’s deposit page in the ticket, or the coins may not be credited. For a personal wallet, leave the memo empty.',
      'If you are paying in TON, always add the comment shown on the payment page, so that we can match the payment to your ticket quickly.',
    ),
  },
  {
    slug: 'discount-for-registered-users',
    publishedAt: '2025-08-05T09:00:00.000Z',
    titleRu: 'Скидка для зарегистрированных пользователей',
    titleEn: 'A discount for registered users',
    summaryRu: 'Все, кто вошёл в аккаунт, получают курс на 0,05% лучше, а с ростом оборота — до 0,3%.',
    summaryEn: 'Everyone who is logged in gets a rate 0.05% better, rising to 0.3% as their turnover grows.',
    bodyRu: md(
      'Мы запустили накопительную скидку. Все, кто вошёл в аккаунт, получают курс на 0,05% лучше, а с ростом оборота успешных обменов в долларовом эквиваленте скидка увеличивается.',
      DISCOUNTS_RU,
      'Скидка рассчитывается автоматически и сразу отражается в конвертере. Текущий уровень зависит от суммы всех ваших выполненных заявок.',
    ),
    bodyEn: md(
      'We have launched a loyalty discount. Everyone who is logged in gets a rate 0.05% better, and the discount grows with the USD value of your successful exchanges.',
      DISCOUNTS_EN,
      'The discount is worked out automatically and shows in the converter straight away. Your level depends on the total of all your completed tickets.',
    ),
  },
  {
    slug: 'obmen-launch',
    publishedAt: '2025-06-02T09:00:00.000Z',
    titleRu: 'Obmen открыт',
    titleEn: 'Obmen is open',
    summaryRu: 'Запустили онлайн-обменник рублей и криптовалюты, который работает круглосуточно.',
    summaryEn: 'We have launched an online exchanger for roubles and crypto that never closes.',
    bodyRu: md(
      'Сегодня мы открыли Obmen — онлайн-обменник, где можно обменять рубли с карт Сбербанка, Т-Банка и Альфа-Банка на Bitcoin, Ethereum, USDT в сетях TRC20 и ERC20, USDC, Litecoin, Monero и TRON — и обратно.',
      'Рублёвые заявки обрабатывают операторы, обычно за 5–15 минут после зачисления оплаты. Курс можно выбрать фиксированный или плавающий, а все условия собраны в правилах сервиса.',
      `Мы работаем круглосуточно. Вопросы и пожелания присылайте нам: ${CHANNELS_RU}. Нам важно каждое мнение.`,
    ),
    bodyEn: md(
      'Today we are opening Obmen, an online exchanger where you can swap roubles from Sberbank, T-Bank and Alfa-Bank cards for Bitcoin, Ethereum, USDT on TRC20 and ERC20, USDC, Litecoin, Monero and TRON, and back again.',
      'Operators handle rouble tickets, usually within 5 to 15 minutes of the payment being credited. You can choose a fixed or a floating rate, and every condition is set out in the rules of the service.',
      `We are open around the clock. Send questions and suggestions by ${CHANNELS_EN}. We read every one of them.`,
    ),
  },
];
