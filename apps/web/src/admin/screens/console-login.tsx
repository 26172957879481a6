import { LoginForm } from '../../features/auth/components/login-form';
import { ConsoleStep } from '../components/centered';

/** Operators log in with the site's own login (POST /token); the session is the site's too. */
export function Component() {
  return <ConsoleStep step="login" form={(done) => <LoginForm onSuccess={done} />} />;
}
