import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

const article = {
  slug: 'new-direction-ton',
  publishedAt: '2026-03-01T09:30',
  titleRu: 'Добавили обмен на TON',
  titleEn: 'TON exchanges are here',
  summaryRu: 'Теперь можно получить Toncoin',
  summaryEn: 'You can now get Toncoin',
  bodyRu: '**Toncoin** уже в списке.',
  bodyEn: '**Toncoin** is on the list.',
  published: true,
};

describe('news', () => {
  // Two creates race past the slug check on PostgreSQL; PGlite runs them one after the other.
  it('answers a race for one slug with one article and a 409 or a field error, never a 500 (issue 42)', async () => {
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => call(ctx, 'POST', '/api/admin/news', roles.admin, { ...article, slug: 'race' })),
    );
    const statuses = racing.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => [200, 400, 409].includes(s))).toBe(true);
    const lost = racing.find((res) => res.statusCode === 409);
    if (lost)
      expect(lost.json().error.message).toBe(
        'Это только что изменили в другом окне: обновите страницу и попробуйте снова',
      );
    const listed = await call(ctx, 'GET', '/api/admin/news?q=race', roles.admin);
    expect(listed.json().items.map((n: { slug: string }) => n.slug)).toEqual(['race']);
  });

  it('publishes a bilingual article visitors read at once, edits it and deletes it; each step audited', async () => {
    const created = await call(ctx, 'POST', '/api/admin/news', roles.admin, article);
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ slug: 'new-direction-ton', publishedAt: '2026-03-01T09:30:00.000Z' });
    const shown = await ctx.app.inject({ url: `/api/v1/news/show/${id}`, headers: { 'accept-language': 'en' } });
    expect(shown.json()).toMatchObject({
      title: 'TON exchanges are here',
      html: expect.stringContaining('<strong>Toncoin</strong>'),
    });

    const taken = await call(ctx, 'POST', '/api/admin/news', roles.admin, article);
    expect(taken.json().parameterErrors).toEqual([{ name: 'slug', messages: ['Этот адрес уже занят'] }]);

    const edited = await call(ctx, 'PUT', `/api/admin/news/${id}`, roles.admin, {
      ...article,
      titleRu: 'Обмен на TON',
    });
    expect(edited.json().titleRu).toBe('Обмен на TON');
    const listed = await call(ctx, 'GET', '/api/admin/news?q=TON', roles.admin);
    expect(listed.json().items.map((n: { id: number }) => n.id)).toContain(id);

    expect((await call(ctx, 'DELETE', `/api/admin/news/${id}`, roles.admin)).statusCode).toBe(204);
    expect((await ctx.app.inject({ url: `/api/v1/news/show/${id}` })).statusCode).toBe(404);
    expect((await auditOf(ctx, 'news')).map((a) => a.action).slice(0, 3)).toEqual(['delete', 'update', 'create']);
  });

  it('checks the fields: a title in both languages, a slug of plain letters', async () => {
    const res = await call(
      ctx,
      'POST',
      '/api/admin/news',
      { ...roles.admin, 'accept-language': 'en' },
      {
        ...article,
        slug: 'Bad Slug!',
        titleEn: '',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().parameterErrors).toEqual(
      expect.arrayContaining([
        { name: 'slug', messages: ['Invalid value'] },
        { name: 'titleEn', messages: ['This field is required'] },
      ]),
    );
  });
});

describe('public pages and FAQ', () => {
  it('edits a page in both languages; visitors get it rendered, raw HTML escaped', async () => {
    const { pages } = (await call(ctx, 'GET', '/api/admin/pages', roles.admin)).json();
    const about = pages.find((p: { slug: string }) => p.slug === 'about');
    const res = await call(ctx, 'PUT', '/api/admin/pages/about', roles.admin, {
      ...about,
      bodyRu: 'Мы меняем **круглосуточно**. <script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(200);
    const page = await ctx.app.inject({ url: '/api/v1/pages/about' });
    expect(page.json().html).toContain('<strong>круглосуточно</strong>');
    expect(page.json().html).not.toContain('<script>');
    const [audit] = await auditOf(ctx, 'pages', 'about');
    expect(audit!.before).toMatchObject({ bodyRu: about.bodyRu });
  });

  it('replaces the FAQ questions; the FAQ page shows them in order', async () => {
    const items = [
      { questionRu: 'Сколько ждать?', questionEn: 'How long?', answerRu: '5–15 минут.', answerEn: '5–15 minutes.' },
      { questionRu: 'Есть ли KYC?', questionEn: 'Is there KYC?', answerRu: 'Иногда.', answerEn: 'Sometimes.' },
    ];
    const res = await call(ctx, 'PUT', '/api/admin/pages/faq/items', roles.admin, { items });
    expect(res.json()).toEqual(items);
    const faq = await ctx.app.inject({ url: '/api/v1/pages/faq', headers: { 'accept-language': 'en' } });
    expect(faq.json().faq.map((f: { question: string }) => f.question)).toEqual(['How long?', 'Is there KYC?']);
  });
});

describe('pair SEO records', () => {
  const seo = {
    metaTitleRu: 'Обмен Т-Банк на Solana',
    metaTitleEn: 'T-Bank to Solana',
    metaDescriptionRu: 'Быстро',
    metaDescriptionEn: 'Fast',
    keywordsRu: 'т-банк, solana',
    keywordsEn: 't-bank, solana',
    siteHeaderRu: 'Т-Банк → Solana',
    siteHeaderEn: 'T-Bank → Solana',
    textTitleRu: 'Как обменять',
    textTitleEn: 'How to exchange',
    textBodyRu: 'Текст',
    textBodyEn: 'Text',
  };

  it('saves a pair record the pair page uses, and deletes it', async () => {
    const res = await call(ctx, 'PUT', '/api/admin/seo/tcsbrub/sol', roles.admin, seo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ giveCode: 'TCSBRUB', getCode: 'SOL' });
    const visitor = await ctx.app.inject({ url: '/api/v1/seo/getbytickers?giveCode=TCSBRUB&getCode=SOL' });
    expect(visitor.json()).toMatchObject({ siteHeader: 'Т-Банк → Solana' });
    expect((await call(ctx, 'GET', '/api/admin/seo', roles.admin)).json().length).toBeGreaterThan(0);
    expect((await call(ctx, 'DELETE', '/api/admin/seo/TCSBRUB/SOL', roles.admin)).statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/v1/seo/getbytickers?giveCode=TCSBRUB&getCode=SOL' })).statusCode).toBe(
      404,
    );
    expect((await auditOf(ctx, 'seo', 'TCSBRUB>SOL')).map((a) => a.action)).toEqual(['delete', 'update']);
    expect((await call(ctx, 'PUT', '/api/admin/seo/NOPE/SOL', roles.admin, seo)).statusCode).toBe(404);
  });
});

describe('preview', () => {
  it('renders Markdown exactly as visitors will see it, never raw HTML', async () => {
    const res = await call(ctx, 'POST', '/api/admin/preview', roles.admin, {
      markdown: '# Заголовок\n\n[ссылка](https://example.com) <img src=x onerror=alert(1)>',
    });
    expect(res.json().html).toContain('<h1>Заголовок</h1>');
    expect(res.json().html).toContain('target="_blank"');
    expect(res.json().html).not.toContain('<img');
  });
});
