import type { Lang } from '@obmen/shared';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function layout(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(p)}</p>`).join('');
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#3b5bdb;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#161a24;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${body}${button}<p style="color:#5b6478;font-size:13px">Obmen — 24/7</p></body></html>`;
}

export function passwordResetMail(lang: Lang, username: string, link: string): MailContent {
  if (lang === 'en') {
    const lines = [
      `Hello, ${username}!`,
      'Someone asked to reset the password of your Obmen account. If it was you, set a new password with the link below. The link works once, for one hour.',
      'If you did not ask for it, ignore this mail: your password stays as it is.',
    ];
    return {
      subject: 'Obmen: password reset',
      text: `${lines.join('\n\n')}\n\n${link}\n`,
      html: layout(lines, { href: link, label: 'Set a new password' }),
    };
  }
  const lines = [
    `Здравствуйте, ${username}!`,
    'Кто-то запросил сброс пароля от вашего аккаунта Obmen. Если это были вы, задайте новый пароль по ссылке ниже. Ссылка действует один раз в течение часа.',
    'Если вы не запрашивали сброс, просто проигнорируйте это письмо: пароль останется прежним.',
  ];
  return {
    subject: 'Obmen: восстановление пароля',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout(lines, { href: link, label: 'Задать новый пароль' }),
  };
}

/** To the owner of an account whose sign-ins are being refused for wrong passwords (issue 33). */
export function loginGuessingMail(lang: Lang, username: string, address: string, minutes: number): MailContent {
  if (lang === 'en') {
    const lines = [
      `Hello, ${username}!`,
      `Someone has entered a wrong password for your Obmen account several times, most recently from the address ${address}. For ${minutes} min, sign-ins to it from browsers that have not signed in to it before are refused.`,
      'If it was you, wait, or sign in from a browser you have used before. If it was not you, your account is safe while the password is not known to anyone: choose a long password that you use nowhere else, and turn on two-factor authentication in the settings.',
    ];
    return { subject: 'Obmen: wrong passwords for your account', text: `${lines.join('\n\n')}\n`, html: layout(lines) };
  }
  const lines = [
    `Здравствуйте, ${username}!`,
    `Кто-то несколько раз ввёл неверный пароль от вашего аккаунта Obmen, последний раз — с адреса ${address}. В течение ${minutes} мин. вход в него из браузеров, в которых вы ещё не входили, закрыт.`,
    'Если это были вы, подождите или войдите из браузера, в котором уже входили. Если не вы, аккаунт в безопасности, пока пароль никому не известен: выберите длинный пароль, который не используете больше нигде, и включите двухфакторную аутентификацию в настройках.',
  ];
  return { subject: 'Obmen: неверные пароли от вашего аккаунта', text: `${lines.join('\n\n')}\n`, html: layout(lines) };
}

/** To a user whose two-factor authentication an admin turned off, the authenticator lost (issue 42). */
export function twoFactorResetMail(lang: Lang, username: string): MailContent {
  if (lang === 'en') {
    const lines = [
      `Hello, ${username}!`,
      'An Obmen administrator has turned off two-factor authentication on your account, as asked when the authenticator app was lost, and signed the account out everywhere. Signing in now takes your password alone.',
      'Turn it on again in the settings with your new phone and keep the new recovery codes. If you did not ask for this, write to support at once and change your password.',
    ];
    return {
      subject: 'Obmen: two-factor authentication was turned off',
      text: `${lines.join('\n\n')}\n`,
      html: layout(lines),
    };
  }
  const lines = [
    `Здравствуйте, ${username}!`,
    'Администратор Obmen выключил двухфакторную аутентификацию вашего аккаунта по запросу о потерянном приложении-аутентификаторе и завершил все сеансы. Теперь для входа достаточно пароля.',
    'Включите её снова в настройках на новом телефоне и сохраните новые резервные коды. Если вы этого не просили, сразу напишите в поддержку и смените пароль.',
  ];
  return {
    subject: 'Obmen: двухфакторная аутентификация выключена',
    text: `${lines.join('\n\n')}\n`,
    html: layout(lines),
  };
}
