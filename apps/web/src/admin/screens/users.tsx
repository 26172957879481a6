import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import type { AdminUser } from '@obmen/shared/admin';
import { USER_ROLES, type UserRole } from '@obmen/shared/contracts';
import { Pagination } from '../../components/ui/pagination';
import { notify } from '../../lib/notify';
import { useAdminMutation, useAdminQuery, type Paged } from '../api/resources';
import { Badge } from '../components/badges';
import { ConfirmDialog } from '../components/confirm-dialog';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { ConsoleSearch } from '../components/console-search';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { useDebounced } from '../hooks/use-debounced';
import { screenLoader } from '../staff';
import { TableScroll } from '../components/table-scroll';

type Change =
  | { user: AdminUser; role: UserRole }
  | { user: AdminUser; blocked: boolean }
  | { user: AdminUser; resetTwoFactor: true };

export const loader = screenLoader('admin');
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/**
 * People: find a user, give them a role, block or unblock them, turn off the 2FA of one who lost
 * the authenticator (admins only; never oneself).
 */
export function Component() {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const [q, setQ] = useState('');
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(q.trim(), 300);
  const list = useAdminQuery<Paged<AdminUser>>('users', '/users', {
    q: query || undefined,
    role: role || undefined,
    page,
    perPage: 50,
  });
  const change = useAdminMutation(['users']);
  const [pending, setPending] = useState<Change | null>(null);

  const apply = async (next: Change) => {
    const { username } = next.user;
    if ('resetTwoFactor' in next) {
      await change.mutateAsync({ method: 'POST', path: `/users/${next.user.id}/reset-two-factor` });
      notify({ status: 'success', message: t('admin.users.resetTwoFactorDone', { username }) });
      return;
    }
    const body = 'role' in next ? { role: next.role } : { blocked: next.blocked };
    await change.mutateAsync({ method: 'PATCH', path: `/users/${next.user.id}`, json: body });
    notify({
      status: 'success',
      message:
        'role' in next
          ? t('admin.users.roleChanged', { username: next.user.username, role: t(`admin.roles.${next.role}`) })
          : t(next.blocked ? 'admin.users.blockedDone' : 'admin.users.unblockedDone', { username: next.user.username }),
    });
  };

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.users.title')}</h1>
      </div>
      <div className={styles.toolbar}>
        <ConsoleSearch
          id="user-search"
          label={t('admin.users.search')}
          value={q}
          onChange={(value) => {
            setQ(value);
            setPage(1);
          }}
        />
        <label htmlFor="user-role" className="visually-hidden">
          {t('admin.users.role')}
        </label>
        <select
          id="user-role"
          className={`${styles.compactInput} ${styles.autoWidth}`}
          value={role}
          onChange={(event) => {
            setRole(event.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('admin.users.allRoles')}</option>
          {USER_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`admin.roles.${r}`)}
            </option>
          ))}
        </select>
      </div>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <TableScroll>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.users.user')}</th>
                  <th scope="col">{t('admin.users.role')}</th>
                  <th scope="col" className={styles.num}>
                    {t('admin.users.tickets')}
                  </th>
                  <th scope="col">{t('admin.users.registered')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((user) => (
                  <tr key={user.id}>
                    <td>
                      <strong>{user.username}</strong>{' '}
                      {user.blocked && <Badge tone="danger">{t('admin.users.blocked')}</Badge>}{' '}
                      {user.twoFactor && <Badge tone="success">{t('admin.users.twoFactorOn')}</Badge>}
                      <div className={styles.mono}>{user.email}</div>
                      <div className={`${styles.small} ${styles.muted}`}>
                        {t('admin.users.refNumber', { number: user.refNumber })} · {user.lang.toUpperCase()}
                      </div>
                    </td>
                    <td>
                      <label htmlFor={`role-${user.id}`} className="visually-hidden">
                        {t('admin.users.roleOf', { username: user.username })}
                      </label>
                      <select
                        id={`role-${user.id}`}
                        className={styles.compactInput}
                        value={user.role}
                        onChange={(event) => setPending({ user, role: event.target.value as UserRole })}
                      >
                        {USER_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {t(`admin.roles.${r}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className={styles.num}>
                      {user.tickets > 0 ? (
                        <Link to={`/admin/tickets?status=all&q=${encodeURIComponent(user.email)}`}>{user.tickets}</Link>
                      ) : (
                        0
                      )}
                    </td>
                    <td className={styles.nowrap}>{formatDateTime(user.createdAt, lang)}</td>
                    <td>
                      <button
                        type="button"
                        className={`${styles.smallButton} ${user.blocked ? '' : styles.danger}`}
                        onClick={() => setPending({ user, blocked: !user.blocked })}
                      >
                        {user.blocked ? t('admin.users.unblock') : t('admin.users.block')}
                        <span className="visually-hidden"> {user.username}</span>
                      </button>{' '}
                      {user.twoFactor && (
                        <button
                          type="button"
                          className={`${styles.smallButton} ${styles.danger}`}
                          onClick={() => setPending({ user, resetTwoFactor: true })}
                        >
                          {t('admin.users.resetTwoFactor')}
                          <span className="visually-hidden"> {user.username}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {list.data.items.length === 0 && <p className={styles.empty}>{t('admin.common.nothingFound')}</p>}
          </TableScroll>
          <Pagination
            page={list.data.page}
            perPage={list.data.perPage}
            total={list.data.total}
            onPageChange={setPage}
          />
        </>
      )}
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          {...dialogText(pending, t)}
          onConfirm={() => apply(pending)}
        />
      )}
    </div>
  );
}

/** What the confirmation of a change says, and whether its button is red. */
function dialogText(pending: Change, t: ReturnType<typeof useTranslation>['t']) {
  const username = pending.user.username;
  if ('resetTwoFactor' in pending) {
    return {
      title: t('admin.users.resetTwoFactorTitle', { username }),
      description: t('admin.users.resetTwoFactorText'),
      confirmLabel: t('admin.users.resetTwoFactor'),
      destructive: true,
    };
  }
  if ('role' in pending) {
    return {
      title: t('admin.users.roleTitle', { username, role: t(`admin.roles.${pending.role}`) }),
      description: t(`admin.users.roleText.${pending.role}`),
      confirmLabel: t('admin.users.changeRole'),
      destructive: false,
    };
  }
  return {
    title: t(pending.blocked ? 'admin.users.blockTitle' : 'admin.users.unblockTitle', { username }),
    description: t(pending.blocked ? 'admin.users.blockText' : 'admin.users.unblockText'),
    confirmLabel: pending.blocked ? t('admin.users.block') : t('admin.users.unblock'),
    destructive: pending.blocked,
  };
}
