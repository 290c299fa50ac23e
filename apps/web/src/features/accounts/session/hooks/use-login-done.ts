import type { LoginValue } from '@aurum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useModal } from '../../../../components/ui';
import { FORCED_CHANGE_STATE } from '../../../../lib/account/forced-change';
import { beginSession } from '../../../../lib/account/sign-in';
import { useAgentSite } from '../../../../lib/account/site';
import { useAccountTexts } from '../../../../lib/account/texts';
import { formatDateTimeInline } from '../../../../lib/format/date';
import { notify } from '../../../../lib/notify/notify';
import { paths } from '../../../../lib/routes/paths';
import { useBrand } from '../../../../lib/site';
import { placeLabel } from '../../security/sessions/labels';
import { afterLoginPath, type LoginMethod } from '../model/after-login';

/**
 * Spec §4 After login: start the session (first login recorded), then either the forced password
 * change or: modals closed, the welcome message (the after-login modal), and / or /agentHome.
 */
export function useLoginDone() {
  const navigate = useNavigate();
  const modal = useModal();
  const brand = useBrand();
  const agentSite = useAgentSite();
  const queryClient = useQueryClient();
  const { t, i18n } = useAccountTexts();
  return (value: LoginValue, method: LoginMethod) => {
    beginSession(value, brand);
    void queryClient.invalidateQueries({ queryKey: ['member'] });
    const path = afterLoginPath(value, { method, agentSite });
    modal.closeAll();
    const forced = path === paths.changePassword;
    if (!forced) notify(t('login.welcome', { account: value.userName }), 'success');
    // Shown once, at this sign-in: when and where the account signed in before (regulators ask).
    if (value.lastSignIn) {
      const { at, place } = value.lastSignIn;
      notify(
        t('sessions.lastSignIn', {
          time: formatDateTimeInline(at),
          place: placeLabel(t, i18n.language, place),
        }),
        'info',
      );
    }
    navigate(path, forced ? { state: FORCED_CHANGE_STATE } : undefined);
  };
}
