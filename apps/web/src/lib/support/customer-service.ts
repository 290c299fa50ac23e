import type { Resource } from '@aurum/contract';
import { useTranslation } from 'react-i18next';
import { notify } from '../notify/notify';
import { openPopup } from '../popup/open-popup';

/** Opens a customer-service link in the 440 x 750 popup, or says that popups are blocked. */
export function useOpenCustomerService() {
  const { t } = useTranslation();
  return (resource: Pick<Resource, 'url'> | undefined) => {
    if (!resource) {
      notify(t('support.unavailable'), 'warning');
      return;
    }
    if (!openPopup(resource.url)) notify(t('errors.popupBlocked'), 'warning');
  };
}

export const customerServiceOf = (resources: readonly Resource[]) =>
  resources.filter((r) => r.resourceType === 'CUSTOMER_SERVICE');
