import type { Lang } from '@obmen/shared';
import { layout, type MailContent } from './mail.templates';

/** The sign-up code for an e-mail that has no account yet. */
export function registerCodeMail(lang: Lang, code: string, minutes: number): MailContent {
  const lines =
    lang === 'en'
      ? [
          'Hello!',
          `Your code to sign up at Obmen: ${code}`,
          `Type it into the sign-up form. It works once, for ${minutes} min.`,
          'If you did not sign up, ignore this mail: no account is made without the code.',
        ]
      : [
          'Здравствуйте!',
          `Ваш код для регистрации в Obmen: ${code}`,
          `Введите его в форме регистрации. Код действует один раз в течение ${minutes} мин.`,
          'Если вы не регистрировались, просто проигнорируйте это письмо: без кода аккаунт не будет создан.',
        ];
  const subject = lang === 'en' ? `Obmen: sign-up code ${code}` : `Obmen: код для регистрации ${code}`;
  return { subject, text: `${lines.join('\n\n')}\n`, html: layout(lines) };
}

/** To the owner of an account when someone asks for a sign-up code for its e-mail. */
export function registerAttemptMail(
  lang: Lang,
  username: string,
  links: { login: string; reset: string },
): MailContent {
  const lines =
    lang === 'en'
      ? [
          `Hello, ${username}!`,
          'Someone tried to sign up at Obmen with your e-mail. It already has an account, so no new one was made.',
          `If it was you, sign in: ${links.login}\nForgot the password? Reset it: ${links.reset}`,
          'If it was not you, ignore this mail: your account stays as it is.',
        ]
      : [
          `Здравствуйте, ${username}!`,
          'Кто-то пытался зарегистрироваться в Obmen с вашим e-mail. У него уже есть аккаунт, поэтому новый не создан.',
          `Если это были вы, войдите: ${links.login}\nЗабыли пароль? Сбросьте его: ${links.reset}`,
          'Если это были не вы, просто проигнорируйте это письмо: с вашим аккаунтом ничего не произошло.',
        ];
  const subject = lang === 'en' ? 'Obmen: sign-up with your e-mail' : 'Obmen: регистрация с вашим e-mail';
  return {
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: layout(lines, { href: links.login, label: lang === 'en' ? 'Sign in' : 'Войти' }),
  };
}
