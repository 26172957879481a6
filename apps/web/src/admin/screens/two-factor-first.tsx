import { redirect, type LoaderFunctionArgs } from 'react-router';
import { twoFactorQueryOptions } from '../../features/auth/api/get-two-factor';
import { TwoFactorSetup } from '../../features/auth/components/two-factor-setup';
import { queryClient } from '../../lib/query-client';
import { ConsoleStep } from '../components/centered';
import { readStaff, returnPath } from '../staff';

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await readStaff(request);
  const status = await queryClient.fetchQuery(twoFactorQueryOptions(token));
  if (status.enabled) throw redirect(returnPath(new URL(request.url).searchParams));
  return null;
}

/**
 * Staff turn two-factor authentication on before the console opens (issue 33); the API insists
 * too. The set-up stays until its recovery codes are put away: only then does it go on.
 */
export function Component() {
  return <ConsoleStep step="twoFactor" form={(done) => <TwoFactorSetup onDone={done} />} />;
}
