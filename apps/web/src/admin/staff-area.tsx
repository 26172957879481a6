import type { LoaderFunctionArgs } from 'react-router';
import { ConsoleLayout } from './components/console-layout';
import { requireStaff, useStaff } from './staff';

/** The parent of every screen: its loader lets only staff with two-factor authentication on in. */
export const loader = ({ request }: LoaderFunctionArgs) => requireStaff(request);

export function Component() {
  const { role, username } = useStaff();
  return <ConsoleLayout role={role} username={username} />;
}
