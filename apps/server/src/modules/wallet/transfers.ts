import {
  type merchantWalletSchema,
  minorToDecimal,
  TX_TYPE,
  type walletRecallRequestSchema,
  type walletRecallValueSchema,
  type walletTransferRequestSchema,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { requireRealAccount } from '../accounts/index.ts';
import { type MemberAccountCode, memberAccount } from './accounts.ts';
import type { GameDirectory } from './game-directory.ts';
import type { Ledger, TransferResult } from './ledger.ts';
import { memberActor, memberKey, receiptOf, type TransferReceipt } from './transfers-common.ts';
import { transferSettings } from './transfers-config.ts';
import { lockGameWallets, transferIdsByKeys } from './transfers-repository.ts';

type MerchantWallet = z.input<typeof merchantWalletSchema>;
type TransferBody = z.output<typeof walletTransferRequestSchema>;
type RecallBody = z.output<typeof walletRecallRequestSchema>;
type RecallValue = z.input<typeof walletRecallValueSchema>;

/** How the transfer call names the main wallet; any other name is a vendor code. */
const MAIN = 'MAIN';
const VENDOR_PREFIX = 'VENDOR:';

const vendorWallet = (vendor: string) => `${VENDOR_PREFIX}${vendor}` as MemberAccountCode;

/**
 * The member's own wallets in transfer mode (My wallet, transferFund): the main wallet and one
 * game wallet per transfer-mode vendor; money moves between the main wallet and a game wallet,
 * and a recall brings every game wallet home. Each movement is one Ledger transfer under a key
 * in the member's namespace, so a retried request moves nothing twice.
 */
export class GameWalletTransfers {
  constructor(
    private readonly ledger: Ledger,
    private readonly games: GameDirectory,
  ) {}

  /**
   * isSingle and, in transfer mode, the vendors with their own wallet as the site names them:
   * only those a member can launch, since money in a wallet of a game that cannot be played
   * is money the member cannot use.
   */
  merchantWallet(merchant: MerchantState): MerchantWallet {
    const settings = transferSettings(merchant);
    const known = new Map(merchant.config.vendors.map((v) => [v.vassalage, v]));
    return {
      isSingle: settings.single ? 1 : 0,
      vendors: settings.vendors
        .filter((vendor) => this.games.launchable(merchant, vendor))
        .map((vendor) => ({
          vendor,
          name: known.get(vendor)?.name ?? vendor,
          icon: known.get(vendor)?.icon ?? '',
        })),
    };
  }

  /** Main wallet to a game wallet (to = vendor) or back (from = vendor). */
  async transfer(merchant: MerchantState, member: MemberRow, body: TransferBody): Promise<TransferReceipt> {
    requireRealAccount(merchant, member);
    const settings = transferSettings(merchant);
    if (settings.single) throw new AppError('transfer.single.wallet');
    const { from, to } = body;
    const vendor = from === MAIN ? to : from;
    if (from === to) throw new AppError('wallet.transfer.forbidden', 'A wallet cannot pay itself.');
    if (!settings.vendors.includes(vendor)) throw new AppError('transfer.vendor.unknown');
    // Money may always come home from a game wallet, but goes only into one whose games play.
    if (from === MAIN && !this.games.launchable(merchant, vendor)) {
      throw new AppError('transfer.vendor.unplayable');
    }
    if (from !== MAIN && to !== MAIN) {
      if (!settings.vendors.includes(to)) throw new AppError('transfer.vendor.unknown');
      throw new AppError(
        'wallet.transfer.forbidden',
        'Game wallets move money only to and from the main wallet.',
      );
    }
    const toGame = from === MAIN;
    const main = memberAccount(member.id, 'MAIN');
    const game = memberAccount(member.id, vendorWallet(vendor));
    // In a transaction of its own so that a refused transfer does not leave behind the empty
    // game wallet it would have created.
    const result = await this.ledger.run((tx) =>
      this.ledger.transfer(tx, {
        merchant: merchant.code,
        from: toGame ? main : game,
        to: toGame ? game : main,
        amountMinor: body.amount,
        kind: toGame ? TX_TYPE.transferToGame : TX_TYPE.transferFromGame,
        idempotencyKey: memberKey(member.id, 'transfer', body.idempotencyKey),
        memo: `${from} → ${to}`,
        actor: memberActor(member.id),
      }),
    );
    return receiptOf(result);
  }

  /**
   * Every game wallet with money back to the main wallet, in one transaction: all of them or
   * none. The member's wallets are locked first (in the ledger's order) so a game debiting a
   * wallet meanwhile cannot make the amount read stale. Each wallet's transfer has a key
   * derived from the client's key; a retry finds the first recall's transfers and answers with
   * them. A recall that found nothing to move leaves no trace, so its key recalls again later.
   * Allowed in single-wallet mode too: money left in game wallets when a merchant switches
   * modes must still be able to come home.
   */
  async recall(merchant: MerchantState, member: MemberRow, body: RecallBody): Promise<RecallValue> {
    requireRealAccount(merchant, member);
    const keyOf = (code: string) =>
      memberKey(member.id, 'recall', body.idempotencyKey, code.slice(VENDOR_PREFIX.length));
    const results = await this.ledger.run(async (tx) => {
      const wallets = await lockGameWallets(tx, merchant.code, member.id);
      const earlier = await transferIdsByKeys(
        tx,
        merchant.code,
        wallets.map((w) => keyOf(w.code)),
      );
      const moved: TransferResult[] = [];
      if (earlier.length) {
        for (const transferId of earlier) {
          const found = await this.ledger.findTransfer(tx, merchant.code, transferId);
          if (found) moved.push({ ...found, replayed: true });
        }
        return moved;
      }
      for (const w of wallets) {
        if (w.balanceMinor <= 0n) continue;
        const vendor = w.code.slice(VENDOR_PREFIX.length);
        moved.push(
          await this.ledger.transfer(tx, {
            merchant: merchant.code,
            from: memberAccount(member.id, vendorWallet(vendor)),
            to: memberAccount(member.id, 'MAIN'),
            amountMinor: w.balanceMinor,
            kind: TX_TYPE.transferFromGame,
            idempotencyKey: keyOf(w.code),
            memo: `${vendor} → ${MAIN}`,
            actor: memberActor(member.id),
          }),
        );
      }
      return moved;
    });
    const total = results.reduce((sum, t) => sum + t.amountMinor, 0n);
    return { transfers: results.map(receiptOf), total: minorToDecimal(total) };
  }
}
