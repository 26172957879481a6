import { data, type LoaderFunctionArgs } from 'react-router';
import { requireStaff } from '../staff';

/** An address below /admin the console has no screen for: a 404 inside its frame, for staff only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  throw data(null, { status: 404 });
}

export { ScreenError as ErrorBoundary } from '../components/screen-error';
