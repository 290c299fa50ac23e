import type { KycInfo } from '@aurum/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endSession, startSession } from '../../../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../../../testing/fake-server';
import { renderWithApp } from '../../../../testing/render';
import { KycPanel } from './kyc-panel';

configure({ asyncUtilTimeout: 15_000 });

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], name, {
    type: 'image/png',
  });
const jpg = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], name, { type: 'image/jpeg' });

const none: KycInfo = {
  status: 'none',
  idType: null,
  submittedAt: null,
  reviewedAt: null,
  rejectReason: null,
  requiredAbove: '20000.00',
};

beforeEach(() => startSession('tok', 'demo'));
afterEach(() => endSession());

describe('the security centre’s identity verification', () => {
  it('sends a document type and both photos once both are chosen; then shows it under review', async () => {
    let info: KycInfo = none;
    const sent: Record<string, unknown>[] = [];
    fakeServer({
      'GET /wps/member/kyc': () => ok(info),
      'POST /wps/member/kyc': (call) => {
        sent.push(call.body as Record<string, unknown>);
        info = {
          ...none,
          status: 'pending',
          idType: 'nationalId',
          submittedAt: Date.parse('2026-04-01T08:00:00Z'),
        };
        return ok(info);
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderWithApp(<KycPanel />);
    expect(await screen.findByText('Not verified')).toBeTruthy();
    expect(screen.getByText('Withdrawals above $20,000.00 need a verified identity.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send for verification' }));
    expect(screen.getByText('Add both photos first.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'National ID card' }));
    const [identity, address] = Array.from(
      container.querySelectorAll('input[type="file"]'),
    ) as HTMLInputElement[];
    await user.upload(identity!, new File(['not an image'], 'note.png', { type: 'image/png' }));
    expect(await screen.findByText('note.png is not a png or jpg photo.')).toBeTruthy();
    await user.upload(identity!, png('passport.png'));
    await user.upload(address!, jpg('bill.jpg'));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Send for verification' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ idType: 'nationalId' });
    expect(String(sent[0]!.identityImage)).toMatch(/^data:image\/png;base64,/);
    expect(String(sent[0]!.addressImage)).toMatch(/^data:image\/jpeg;base64,/);
    expect(await screen.findByText(/^Under review since/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send for verification' })).toBeNull();
  });

  it('shows the reason of a rejection and lets the member send again; a refusal shows its text', async () => {
    fakeServer({
      'GET /wps/member/kyc': () => ok({ ...none, status: 'rejected', rejectReason: 'The photo is blurred' }),
      'POST /wps/member/kyc': () => fail(400, 'kyc.document.invalid'),
    });
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderWithApp(<KycPanel />);
    expect(await screen.findByText('Not accepted: The photo is blurred')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send new documents' }));
    const form = container.querySelector('form[data-form="kyc"]') as HTMLFormElement;
    const [identity, address] = Array.from(form.querySelectorAll('input[type="file"]')) as HTMLInputElement[];
    await user.upload(identity!, png('a.png'));
    await user.upload(address!, png('b.png'));
    await waitFor(() => expect(within(form).getAllByRole('img')).toHaveLength(2));
    await user.click(within(form).getByRole('button', { name: 'Send for verification' }));
    expect(
      await screen.findByText('Each document must be a plain png or jpg photo of at most 4 MB.'),
    ).toBeTruthy();
  });

  it('a verified member sees only the standing', async () => {
    fakeServer({
      'GET /wps/member/kyc': () =>
        ok({
          ...none,
          status: 'verified',
          idType: 'passport',
          reviewedAt: Date.parse('2026-04-02T08:00:00Z'),
        }),
    });
    renderWithApp(<KycPanel />);
    expect(await screen.findByText(/^Verified on/)).toBeTruthy();
    expect(screen.queryByText(/need a verified identity/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
