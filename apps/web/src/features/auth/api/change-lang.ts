import { useMutation } from '@tanstack/react-query';
import { SERVER_LANG_CODES, type Lang } from '@obmen/shared/i18n';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { reportError } from '../../../lib/report-error';
import { authKeys } from './query-keys';

export function changeLang(lang: Lang): Promise<{ ok: true }> {
  return apiRequest('/api/v1/User/change_lang', { form: { lang: SERVER_LANG_CODES[lang] }, lang });
}

/** Saves a logged-in user's language for their e-mails; a 404 stays silent (spec §8). */
export function useChangeLang() {
  return useMutation({
    mutationKey: authKeys.mutation('change-lang'),
    mutationFn: changeLang,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) return;
      reportError('saving the language failed', error);
    },
  });
}
