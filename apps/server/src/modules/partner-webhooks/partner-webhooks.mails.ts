import type { Lang } from '@obmen/shared';
import { layout, type MailContent } from '../mail/mail.templates';

/** To a partner whose endpoint the exchanger paused after its deliveries kept failing. */
export function endpointPausedMail(
  lang: Lang,
  username: string,
  url: string,
  failures: number,
  link: string,
): MailContent {
  if (lang === 'en') {
    const lines = [
      `Hello, ${username}!`,
      `Obmen has paused your webhook endpoint ${url}: its last ${failures} deliveries failed (no 2xx answer within 10 s).`,
      'Events still queue for it. Once the endpoint answers again, resume it in your partner area: the waiting events are sent, and you can redeliver any from the delivery log.',
    ];
    return {
      subject: 'Obmen: your webhook endpoint is paused',
      text: `${lines.join('\n\n')}\n\n${link}\n`,
      html: layout(lines, { href: link, label: 'Open the partner area' }),
    };
  }
  const lines = [
    `Здравствуйте, ${username}!`,
    `Obmen приостановил отправку уведомлений на ваш адрес ${url}: последние ${failures} попыток доставки не удались (нет ответа 2xx за 10 с).`,
    'События по-прежнему копятся. Когда адрес снова будет отвечать, возобновите его в кабинете партнёра: накопившиеся события уйдут, а любое из журнала доставок можно отправить повторно.',
  ];
  return {
    subject: 'Obmen: уведомления на ваш адрес приостановлены',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout(lines, { href: link, label: 'Открыть кабинет партнёра' }),
  };
}
