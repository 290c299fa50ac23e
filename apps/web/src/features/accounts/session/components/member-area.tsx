import type { FeatureKey } from '@aurum/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Icon, type IconName, useModal } from '../../../../components/ui';
import { AVATAR_FALLBACK, useAvatar } from '../../../../lib/account/avatar';
import { recordFirstLogin } from '../../../../lib/account/first-login';
import LogoutDialog from '../../../../lib/account/logout-dialog';
import { useMemberInfo } from '../../../../lib/account/member-info';
import { useAccountTexts } from '../../../../lib/account/texts';
import { apiCall } from '../../../../lib/api';
import { fromI18nCode } from '../../../../lib/i18n';
import { MEMBER_CENTRE_PAGES, type MemberCentrePage } from '../../../../lib/modals/member-centre-pages';
import { useRealtime } from '../../../../lib/realtime/use-realtime';
import { paths } from '../../../../lib/routes/paths';
import { useSession } from '../../../../lib/session/session-store';
import { useFeature } from '../../../../lib/site';
import { readStorage, removeStorage, STORAGE_KEYS } from '../../../../lib/storage/storage';
import { HeaderMessages } from '../../../../lib/support/header-messages';
import { HeaderBalance } from './header-balance';
import styles from './member-area.module.css';

/** Spec §9: the member dropdown hides this long after the pointer leaves it. */
export const DROPDOWN_HIDE_MS = 200;

/**
 * Spec §2 Member dropdown, in its order: deposit, withdraw, VIP bonus (only with VIP), betting
 * record, account record, reward center (REWCEN3), points (the /pointMall page, only with PTSYS3),
 * my account. Each opens its member-centre page; pages the member centre does not have yet are
 * left out until they arrive.
 */
const DROPDOWN: {
  page: string;
  icon: IconName;
  label?: 'member.myAccount';
  vipOnly?: true;
  feature?: FeatureKey;
}[] = [
  { page: 'depositv2', icon: 'download' },
  { page: 'withdraw', icon: 'external' },
  { page: 'playerRank', icon: 'star', vipOnly: true },
  { page: 'personalHistoryCopy', icon: 'star' },
  { page: 'transactionHistory', icon: 'grid' },
  { page: 'rewardCenter', icon: 'gift', feature: 'REWCEN3' },
  { page: 'securityCenter', icon: 'user', label: 'member.myAccount' },
];
const isAvailable = (page: string): page is MemberCentrePage =>
  (MEMBER_CENTRE_PAGES as readonly string[]).includes(page);
export const DROPDOWN_PAGES = DROPDOWN.filter((item) => isAvailable(item.page));

/**
 * Spec §2 Header, logged in: avatar (opens the profile), account name, VIP label, the balance with
 * its eye, deposit, sign-out, and the member dropdown. The session WebSocket runs while it shows.
 */
export default function MemberArea() {
  const { t } = useAccountTexts();
  const session = useSession();
  const info = useMemberInfo().data;
  const modal = useModal();
  const [confirming, setConfirming] = useState(false);
  useSessionChores();
  useRealtime();
  const openPage = (page: MemberCentrePage) => modal.open('memberCenter', { page });
  const openProfile = () => openPage('securityCenter');
  const vip = info?.hasVip ? info.vipLabelName : null;
  const account = info?.account ?? session.account ?? '';
  return (
    <div className={styles.area} data-member-area="true">
      <button
        type="button"
        className={styles.avatar}
        aria-label={t('member.openProfile')}
        onClick={openProfile}
      >
        <HeaderAvatar />
      </button>
      <MemberMenu account={account} hasVip={info?.hasVip === true} onOpen={openPage} />
      <HeaderMessages />
      {session.isTrial ? (
        <span className={styles.trial} data-trial="true">
          {t('member.trial')}
        </span>
      ) : null}
      {vip ? (
        <span className={styles.vip} data-vip-label="true">
          {t('member.vip', { label: vip })}
        </span>
      ) : null}
      <HeaderBalance />
      {!session.isTrial && isAvailable('depositv2') ? (
        <Button
          variant="primary"
          className={styles.deposit}
          onClick={() => openPage('depositv2')}
          data-action="deposit"
        >
          {t('balance.deposit')}
        </Button>
      ) : null}
      <Button
        variant="secondary"
        onClick={() => setConfirming(true)}
        data-action="logout"
        aria-label={t('member.logout')}
      >
        <Icon name="logout" size={18} />
        <span className={styles.logoutText}>{t('member.logout')}</span>
      </Button>
      <LogoutDialog open={confirming} onClose={() => setConfirming(false)} />
    </div>
  );
}

/**
 * The member's own avatar (64 px, PROFPIC3), or the default; a picture that fails to load shows
 * the error image instead (spec §2, §10).
 */
function HeaderAvatar() {
  const avatar = useAvatar();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const own = avatar && failedSrc !== avatar.smallUrl ? avatar.smallUrl : null;
  return (
    <img
      src={own ?? AVATAR_FALLBACK}
      alt=""
      width={32}
      height={32}
      onError={own ? () => setFailedSrc(own) : undefined}
      data-avatar={own ? 'own' : 'fallback'}
    />
  );
}

/** First login after a social sign-in; the member's language kept on the server (spec §7). */
function useSessionChores() {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (readStorage('session', STORAGE_KEYS.firstLogin) !== '1') return;
    removeStorage('session', STORAGE_KEYS.firstLogin);
    void recordFirstLogin();
  }, []);
  const language = fromI18nCode(i18n.language);
  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    void apiCall('memberLanguage', { body: { language } }).catch(() => undefined);
  }, [language]);
}

/** Pages a trial (play-money) account has no use for: it cannot deposit or withdraw (spec §4). */
const NOT_FOR_TRIAL: readonly string[] = ['depositv2', 'withdraw'];

function MemberMenu({
  account,
  hasVip,
  onOpen,
}: {
  account: string;
  hasVip: boolean;
  onOpen: (page: MemberCentrePage) => void;
}) {
  const { t } = useAccountTexts();
  const { isTrial } = useSession();
  const id = useId();
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A mouse click arrives right after the hover that opened the menu: it must not close it again.
  const openedByHover = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const cancelHide = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
  };
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);
  const rewards = useFeature('REWCEN3');
  const points = useFeature('PTSYS3');
  const navigate = useNavigate();
  const items = DROPDOWN_PAGES.filter(
    (item) =>
      !(isTrial && NOT_FOR_TRIAL.includes(item.page)) &&
      (hasVip || !item.vipOnly) &&
      (item.feature !== 'REWCEN3' || (rewards && !isTrial)),
  ).map((item) => ({
    key: item.page,
    label: t(item.label ?? `member.${item.page as Exclude<MemberCentrePage, 'messageV2'>}`),
    icon: item.icon,
    onSelect: () => onOpen(item.page as MemberCentrePage),
  }));
  // Points (spec §2): the points mall page, after the reward center, only with PTSYS3.
  if (points) {
    const at = items.findIndex((i) => i.key === 'securityCenter');
    items.splice(at < 0 ? items.length : at, 0, {
      key: 'pointMall',
      label: t('member.pointMall'),
      icon: 'star',
      onSelect: () => navigate(paths.pointMall),
    });
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens the menu for pointer users; the button is the keyboard way in.
    <div
      ref={root}
      className={styles.menuWrap}
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return;
        cancelHide();
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'mouse') return;
        cancelHide();
        hideTimer.current = setTimeout(() => setOpen(false), DROPDOWN_HIDE_MS);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.menuButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={`${t('member.menu')}: ${account}`}
        onClick={() => {
          const keep = openedByHover.current;
          openedByHover.current = false;
          setOpen((v) => keep || !v);
        }}
        data-testid="member-menu"
      >
        <span className={styles.accountName}>{account}</span>
        <Icon name="chevron-down" size={16} />
      </button>
      {open ? (
        <div id={`${id}-menu`} role="menu" aria-label={t('member.menu')} className={styles.menu}>
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              className={styles.menuItem}
              data-page={item.key}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              <Icon name={item.icon} size={18} />
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
