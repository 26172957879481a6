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
