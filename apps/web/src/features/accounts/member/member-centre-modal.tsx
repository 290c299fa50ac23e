import { type ComponentType, Suspense, useEffect, useId, useState } from 'react';
import {
  Button,
  Icon,
  type IconName,
  type ModalBodyProps,
  ModalTitle,
  Spinner,
  TabPanel,
  Tabs,
} from '../../../components/ui';
import LogoutDialog from '../../../lib/account/logout-dialog';
import { useAccountTexts } from '../../../lib/account/texts';
import { TrialBlock } from '../../../lib/account/trial-block';
import { MissionsTabLabel } from '../../../lib/missions/unread-badge';
import { MEMBER_CENTRE_PAGES, type MemberCentrePage } from '../../../lib/modals/member-centre-pages';
import { RewardsTabLabel } from '../../../lib/rewards/unread-badge';
import { useSession } from '../../../lib/session/session-store';
import { removeStorage, STORAGE_KEYS } from '../../../lib/storage/storage';
import { MessagesTabLabel } from '../../../lib/support/unread-badge';
import { BindingsPanel } from '../security/bindings/bindings-panel';
import { ChangePasswordForm } from '../security/change-password-form';
import { KycPanel } from '../security/kyc/kyc-panel';
import { ActiveSessions } from '../security/sessions/active-sessions';
import { SignInHistory } from '../security/sessions/sign-in-history';
import { TwoFactorPanel } from '../security/two-factor/two-factor-panel';
import styles from './member-centre.module.css';
import { ProfileSection } from './profile/profile-section';

/** The member-centre pages built so far (lib/modals: the header's dropdown lists the same). */
const PAGES = MEMBER_CENTRE_PAGES;
type Page = MemberCentrePage;

const PAGE_ICONS: Record<Page, IconName> = {
  securityCenter: 'lock',
  transferFund: 'refresh',
  depositv2: 'download',
  withdraw: 'external',
  transferUpline: 'user',
  personalHistoryCopy: 'star',
  transactionHistory: 'menu',
  creditReport: 'grid',
  personalProfit: 'grid',
  bonusDetails: 'gift',
  playerRank: 'star',
  rebate: 'gift',
  referral: 'user',
  rewardCenter: 'gift',
  missionLeaderboard: 'star',
  messageV2: 'mail',
};

/**
 * Spec §2 Member centre: a page selector, securityCenter by default. Trial accounts are told a
 * real account is needed (spec §4); closing clears the stored point-mall value.
 */
/**
 * The pages other features build (wallet, cashier, betting records, support's messages), each
 * its own lazily loaded chunk, handed in by the app's modal registry so that no feature imports
 * another and the modal's own chunk stays small.
 */
export interface MemberCentreSlots {
  transferFund?: ComponentType;
  depositv2?: ComponentType<{ orderNo?: string | undefined }>;
  withdraw?: ComponentType<{ goTo: (page: MemberCentrePage) => void }>;
  transferUpline?: ComponentType<{ goTo: (page: MemberCentrePage) => void }>;
  personalHistoryCopy?: ComponentType;
  transactionHistory?: ComponentType;
  /** The member's statement (credit report). */
  creditReport?: ComponentType;
  messageV2?: ComponentType;
  playerRank?: ComponentType;
  rebate?: ComponentType;
  personalProfit?: ComponentType;
  bonusDetails?: ComponentType;
  missionLeaderboard?: ComponentType;
  referral?: ComponentType;
  rewardCenter?: ComponentType;
  /** The payment password and bound accounts, shown in the security centre. */
  cashierSecurity?: ComponentType;
}

export default function MemberCentreModal({
  params,
  close,
  slots = {},
}: ModalBodyProps<'memberCenter'> & { slots?: MemberCentreSlots }) {
  const { t } = useAccountTexts();
  const { isTrial } = useSession();
  const idBase = useId();
  const asked = params?.page;
  const [page, setPage] = useState<Page>(PAGES.find((p) => p === asked) ?? 'securityCenter');
  useEffect(() => () => removeStorage('session', STORAGE_KEYS.pointMall), []);
  if (isTrial) {
    return (
      <>
        <ModalTitle>{t('member.centreTitle')}</ModalTitle>
        <TrialBlock close={close} />
      </>
    );
  }
  return (
    <div className={styles.centre} data-member-centre={page}>
      <ModalTitle>{t('member.centreTitle')}</ModalTitle>
      <Tabs
        label={t('member.pages')}
        idBase={idBase}
        value={page}
        onChange={setPage}
        items={PAGES.map((p) => ({
          value: p,
          label:
            p === 'messageV2' ? (
              <Suspense fallback={null}>
                <MessagesTabLabel />
              </Suspense>
            ) : p === 'rewardCenter' ? (
              <Suspense fallback={t('member.rewardCenter')}>
                <RewardsTabLabel />
              </Suspense>
            ) : p === 'missionLeaderboard' ? (
              <Suspense fallback={t('member.missionLeaderboard')}>
                <MissionsTabLabel />
              </Suspense>
            ) : (
              t(`member.${p}`)
            ),
          icon: <Icon name={PAGE_ICONS[p]} size={18} />,
        }))}
      />
      <TabPanel idBase={idBase} value={page} className={styles.panel}>
        <Suspense fallback={<Spinner label={t(`member.${page === 'messageV2' ? 'pages' : page}`)} />}>
          <PageBody page={page} goTo={setPage} orderNo={params?.orderNo} slots={slots} />
        </Suspense>
      </TabPanel>
    </div>
  );
}

function PageBody({
  page,
  goTo,
  orderNo,
  slots,
}: {
  page: Page;
  slots: MemberCentreSlots;
  goTo: (page: Page) => void;
  /** The deposit the payment gateway returned with. */
  orderNo?: string | undefined;
}) {
  switch (page) {
    case 'securityCenter':
      return <SecurityCentre slots={slots} />;
    case 'depositv2': {
      const Deposit = slots.depositv2;
      return Deposit ? <Deposit orderNo={orderNo} /> : null;
    }
    case 'withdraw': {
      const Withdraw = slots.withdraw;
      return Withdraw ? <Withdraw goTo={goTo} /> : null;
    }
    case 'transferUpline': {
      const TransferUpline = slots.transferUpline;
      return TransferUpline ? <TransferUpline goTo={goTo} /> : null;
    }
    default: {
      const Page = slots[page];
      return Page ? <Page /> : null;
    }
  }
}

function SecurityCentre({ slots }: { slots: MemberCentreSlots }) {
  const { t } = useAccountTexts();
  const [confirming, setConfirming] = useState(false);
  const [formKey, setFormKey] = useState(0);
  return (
    <div className={styles.security}>
      <section aria-labelledby="profile-heading" className={styles.section} data-section="profile">
        <h3 id="profile-heading">{t('member.profile')}</h3>
        <ProfileSection />
      </section>
      <section aria-labelledby="password-heading" className={styles.section}>
        <h3 id="password-heading">{t('changePassword.title')}</h3>
        <ChangePasswordForm key={formKey} onDone={() => setFormKey((k) => k + 1)} />
      </section>
      <section aria-labelledby="bindings-heading" className={styles.section} data-section="bindings">
        <h3 id="bindings-heading">{t('bindings.title')}</h3>
        <BindingsPanel />
      </section>
      <section aria-labelledby="two-factor-heading" className={styles.section} data-section="two-factor">
        <h3 id="two-factor-heading">{t('twoFactor.title')}</h3>
        <TwoFactorPanel />
      </section>
      <section aria-labelledby="sessions-heading" className={styles.section} data-section="sessions">
        <h3 id="sessions-heading">{t('sessions.title')}</h3>
        <ActiveSessions />
      </section>
      <section aria-labelledby="sign-ins-heading" className={styles.section} data-section="sign-ins">
        <h3 id="sign-ins-heading">{t('sessions.historyTitle')}</h3>
        <SignInHistory />
      </section>
      <section aria-labelledby="kyc-heading" className={styles.section} data-section="kyc">
        <h3 id="kyc-heading">{t('kyc.title')}</h3>
        <KycPanel />
      </section>
      {/* Withdraw password and withdrawal accounts: the cashier's own chunk, loaded meanwhile. */}
      <Suspense fallback={null}>{slots.cashierSecurity ? <slots.cashierSecurity /> : null}</Suspense>
      <section aria-labelledby="device-heading" className={styles.section}>
        <h3 id="device-heading">{t('member.thisDevice')}</h3>
        <p className={styles.muted}>{t('member.signOutText')}</p>
        <Button variant="secondary" onClick={() => setConfirming(true)} data-action="sign-out-device">
          <Icon name="logout" size={18} />
          {t('member.signOutDevice')}
        </Button>
        <LogoutDialog open={confirming} onClose={() => setConfirming(false)} />
      </section>
    </div>
  );
}
