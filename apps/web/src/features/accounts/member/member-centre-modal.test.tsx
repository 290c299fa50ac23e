import { act, configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Modal } from '../../../components/ui';
import { loadAccountTexts } from '../../../lib/account/texts';
import { loadCashierTexts, loadFundsTexts } from '../../../lib/money/texts';
import { endSession, startSession } from '../../../lib/session/session-store';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage/storage';
import { loadSupportTexts } from '../../../lib/support/texts';
import { fakeServer, ok } from '../../../testing/fake-server';
import { switchToChineseForTest } from '../../../testing/language';
import { renderWithApp } from '../../../testing/render';
import MemberCentreModal from './member-centre-modal';

configure({ asyncUtilTimeout: 15_000 });

const memberInfo = {
  id: 1,
  account: 'demo',
  userName: 'demo',
  nickname: null,
  type: 0,
  mobile: null,
  regDate: 0,
  email: null,
  language: 'EN',
  isAgent: false,
  isTrial: false,
  pwdEnabled: true,
  hasPassword: true,
  hasFreePlay: false,
  showVerCodeLogin: false,
  clubLabel: null,
  hasVip: false,
  vipLabelName: null,
  vipRankLevel: 0,
};

let restore: (() => Promise<void>) | undefined;
beforeEach(() => {
  startSession('tok', 'demo');
  fakeServer({ 'GET /wps/member/info': () => ok(memberInfo) });
});
afterEach(async () => {
  await act(async () => restore?.());
  restore = undefined;
  endSession();
});

const renderCentre = () =>
  renderWithApp(
    <Modal open onClose={() => {}}>
      <MemberCentreModal close={() => {}} params={{ page: 'securityCenter' }} />
    </Modal>,
  );

const languageRow = async () => {
  const label = await screen.findByText(/^(Language|语言)$/, { selector: 'dt' });
  return label.nextElementSibling?.textContent;
};

describe('the profile’s language', () => {
  it('names the language the site is read in, by its own name (CN: 简体中文, not English)', async () => {
    restore = await switchToChineseForTest();
    // The centre's namespaces, loaded before it renders (they would suspend it meanwhile).
    await Promise.all([
      loadAccountTexts('cn'),
      loadSupportTexts('cn'),
      loadCashierTexts('cn'),
      loadFundsTexts('cn'),
    ]);
    renderCentre();
    expect(await languageRow()).toBe('简体中文');
  }, 20_000);

  it('says English in English', async () => {
    renderCentre();
    expect(await languageRow()).toBe('English');
  });
});

describe('the stored point-mall value (spec §2)', () => {
  it('is kept while the member centre is open and cleared when it closes', async () => {
    writeStorage('session', STORAGE_KEYS.pointMall, 'convert');
    const view = renderCentre();
    await languageRow();
    expect(readStorage('session', STORAGE_KEYS.pointMall)).toBe('convert');
    view.unmount();
    expect(readStorage('session', STORAGE_KEYS.pointMall)).toBeNull();
  });
});
