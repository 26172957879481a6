import { writeFileSync } from 'node:fs';
import { expect, test as setup } from '@playwright/test';
import { operatorSessionFile, totpCode } from '../support/two-factor';

// The console opens only to staff with two-factor authentication on (issue 33). The e2e operator
// turns it on once here, as the console's first step does, and every spec uses that session.
setup('the e2e operator turns on two-factor authentication', async ({ request }) => {
  const password = 'E2e-Lantern-Harbor-58!';
  const login = await request.post('/token', { form: { username: 'operator@obmen.test', password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { user: { access_token: string } }).user.access_token;
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post('/api/v1/User/2fa/start', { headers });
  expect(started.status(), await started.text()).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await request.post('/api/v1/User/2fa/confirm', {
    headers,
    form: { code: totpCode(secret), password },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  writeFileSync(operatorSessionFile(), JSON.stringify({ token, secret }));
});
