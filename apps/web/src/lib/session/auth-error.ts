import { errorTextKey } from '../api/error-messages';
import { i18next } from '../i18n/i18n';
import { notify } from '../notify/notify';

/**
 * A social sign-in that failed comes back as `/?authError=<errorCode>`: say so once, in the
 * member's language, and take the code out of the address.
 */
export function reportAuthErrorFromUrl(): void {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('authError');
  if (!code) return;
  url.searchParams.delete('authError');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  notify(i18next.t(errorTextKey(code as Parameters<typeof errorTextKey>[0])), 'danger');
}
