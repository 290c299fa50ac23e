import {
  CONTRACT_KINDS,
  type Contract,
  type ContractKind,
  type ContractTerms,
  type contractActionRequestSchema,
  type contractBillsQuerySchema,
  minorToDecimal,
  type offerContractRequestSchema,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { EventBus } from '../../../platform/events.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import type { Queryable } from '../../../platform/sql.ts';
import { findByAccount, isAgentType, requireRealAccount } from '../../accounts/index.ts';
import { businessOffset } from '../business-day.ts';
import { reportPeriod } from '../report-periods.ts';
import {
  type ContractRow,
  ensureHouseContracts,
  findContract,
  givenContracts,
  insertContract,
  listBills,
  listContracts,
  liveContract,
  requestsFor,
  setState,
} from './repository.ts';
import { checkOffer, completeTerms, contractsConfig, exceeds, kindEnabled, requireKind } from './terms.ts';

type OfferBody = z.output<typeof offerContractRequestSchema>;
type ActionBody = z.output<typeof contractActionRequestSchema>;
type BillsQuery = z.output<typeof contractBillsQuerySchema>;

const isUniqueViolation = (e: unknown): boolean => {
  for (let c = e as { code?: unknown; cause?: unknown } | undefined; c; c = c.cause as typeof c) {
    if (c.code === '23505') return true;
  }
  return false;
};

/**
 * The life cycle of agent contracts for the signed-in agent: list what it holds and offers, offer
 * a direct downline agent, accept / reject / ask to terminate. Every call starts from the
 * signed-in member; a contract it is not a party to is unknown to it (contract.not.found).
 */
export class ContractDesk {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  /** The four lists of pending requests; empty for a member who is not an agent. */
  async requests(merchant: MerchantState, member: MemberRow) {
    if (
      member.kind !== 'member' ||
      !isAgentType(merchant, member.type) ||
      !merchant.features.has('SIGNCONDIV3')
    ) {
      return { dailysalreqtype: [], divtypereq: [], contracthoursalreqs: [], realtimesalreqtype: [] };
    }
    const { dailysalreqtype, divtypereq, contracthoursalreqs, realtimesalreqtype } = await this.info(
      merchant,
      member,
    );
    return { dailysalreqtype, divtypereq, contracthoursalreqs, realtimesalreqtype };
  }

  async info(merchant: MerchantState, member: MemberRow) {
    requireAgent(merchant, member);
    const kinds = CONTRACT_KINDS.filter((k) => kindEnabled(merchant, k));
    const requests = await requestsFor(this.database.db, merchant.code, member.id);
    const of = (kind: ContractKind) =>
      kinds.includes(kind)
        ? requests
            .filter((r) => r.kind === kind)
            .map((r) => ({
              id: r.id,
              type:
                r.state === 'termination-requested'
                  ? ('termination' as const)
                  : r.replacesId !== null
                    ? ('modification' as const)
                    : ('new' as const),
              from:
                r.downlineId === member.id ? (r.uplineIsHouse ? null : r.uplineAccount) : r.downlineAccount,
              createdAt: r.createdAt,
            }))
        : [];
    return {
      dailysalreqtype: of('daily'),
      divtypereq: of('dividend'),
      contracthoursalreqs: of('hourly'),
      realtimesalreqtype: of('realtime'),
      enableSalary: kinds.some((k) => k !== 'dividend'),
      enableContract: kinds.includes('dividend'),
      kinds,
    };
  }

  async list(merchant: MerchantState, member: MemberRow, kind: ContractKind | undefined) {
    requireAgent(merchant, member);
    if (kind) requireKind(merchant, kind);
    await this.ensureOwn(merchant, member, kind);
    const rows = await listContracts(this.database.db, merchant.code, member.id, kind);
    const shown = rows.filter((r) => kindEnabled(merchant, r.kind));
    return {
      held: shown.filter((r) => r.downlineId === member.id).map((r) => present(r, member.id)),
      offered: shown.filter((r) => r.uplineId === member.id).map((r) => present(r, member.id)),
    };
  }

  async offer(merchant: MerchantState, member: MemberRow, body: OfferBody): Promise<Contract> {
    requireAgent(merchant, member);
    requireKind(merchant, body.kind);
    const db = this.database.db;
    const downline = await findByAccount(db, merchant.code, body.downline);
    if (
      !downline ||
      downline.uplineId !== member.id ||
      downline.kind !== 'member' ||
      !isAgentType(merchant, downline.type)
    ) {
      throw new AppError('contract.downline.invalid');
    }
    await this.ensureOwn(merchant, member, body.kind);
    const mine = await liveContract(db, merchant.code, member.id, body.kind);
    if (!mine) throw new AppError('contract.upline.none');
    checkOffer(body.kind, body.terms, mine.terms);
    const terms = completeTerms(body.kind, body.terms, mine.terms);
    const at = new Date(this.clock.now());
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        const current = await liveContract(tx, merchant.code, downline.id, body.kind);
        if (current && current.state !== 'active') throw new AppError('contract.state');
        const newId = await insertContract(tx, {
          merchant: merchant.code,
          kind: body.kind,
          uplineId: member.id,
          downlineId: downline.id,
          terms,
          replacesId: current?.id ?? null,
          at,
        });
        if (current) await setState(tx, current.id, 'modification-pending', at);
        return newId;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('contract.offer.exists');
      throw e;
    }
    this.notify(merchant.code, [downline.id], id, body.kind, 'pending');
    const row = await findContract(db, merchant.code, id);
    return present(row!, member.id);
  }

  async act(merchant: MerchantState, member: MemberRow, body: ActionBody) {
    requireAgent(merchant, member);
    const at = new Date(this.clock.now());
    const result = await this.database.db.transaction(async (tx) => {
      const c = await findContract(tx, merchant.code, body.id, true);
      if (!c || (c.uplineId !== member.id && c.downlineId !== member.id))
        throw new AppError('contract.not.found');
      requireKind(merchant, c.kind);
      const side = c.downlineId === member.id ? ('downline' as const) : ('upline' as const);
      if (body.action === 'terminate') {
        if (c.state !== 'active' || c.uplineIsHouse) throw new AppError('contract.state');
        await setState(tx, c.id, 'termination-requested', at, side);
        return { c, warning: null, terminated: [] as number[] };
      }
      if (c.state === 'termination-requested') {
        // The other party answers a termination request.
        if (c.terminationBy === side) throw new AppError('contract.state');
        await setState(tx, c.id, body.action === 'accept' ? 'terminated' : 'active', at);
        return { c, warning: null, terminated: [] as number[] };
      }
      if (c.state !== 'pending') throw new AppError('contract.state');
      if (body.action === 'reject') {
        // The downline declines, or the upline withdraws its offer.
        await setState(tx, c.id, 'rejected', at);
        if (c.replacesId !== null) await setState(tx, c.replacesId, 'active', at);
        return { c, warning: null, terminated: [] as number[] };
      }
      if (side !== 'downline') throw new AppError('contract.state');
      return this.accept(tx, merchant.code, c, body.confirm === true, at);
    });
    const changed = (await findContract(this.database.db, merchant.code, body.id))!;
    if (result.warning === null) {
      this.notify(
        merchant.code,
        [changed.uplineId, changed.downlineId],
        changed.id,
        changed.kind,
        changed.state,
      );
    }
    return {
      contract: present(changed, member.id),
      warning: result.warning,
      terminated: result.terminated,
    };
  }

  async bills(merchant: MerchantState, member: MemberRow, q: BillsQuery) {
    requireAgent(merchant, member);
    if (q.kind) requireKind(merchant, q.kind);
    const period = q.preset
      ? reportPeriod({ ...q, preset: q.preset }, this.clock.now(), businessOffset(merchant))
      : null;
    const { rows, total } = await listBills(this.database.db, merchant.code, {
      memberId: member.id,
      ...(q.kind ? { kind: q.kind } : {}),
      ...(q.role ? { role: q.role } : {}),
      ...(period ? { fromMs: period.fromMs, toMs: period.toMs } : {}),
      page: q.page,
      size: q.size,
    });
    return {
      content: rows.map((b) => ({
        id: b.id,
        contractId: b.contractId,
        kind: b.kind,
        role: b.payeeId === member.id ? ('held' as const) : ('offered' as const),
        period: b.periodKey,
        upline: b.payerAccount,
        downline: b.payeeAccount,
        figures: b.figures,
        tier: b.tier,
        amount: minorToDecimal(b.amountMinor),
        net: minorToDecimal(b.netMinor),
        paid: minorToDecimal(b.paidMinor),
        // Written off, rejected or expired: nothing more will be paid.
        owed: minorToDecimal(
          b.state === 'written-off' || b.state === 'rejected' || b.state === 'expired'
            ? 0n
            : b.amountMinor - b.paidMinor,
        ),
        state: b.state,
        createdAt: b.createdAt,
      })),
      pageNum: q.page,
      totalPages: Math.ceil(total / q.size),
      total,
    };
  }

  /**
   * Accepting an offer: the downline's own contracts (and offers) that promise more than the new
   * terms pay would leave it paying out above what it earns. Without confirm, a warning and no
   * change; with it, those end and the offer becomes the live contract (replacing the old one).
   */
  private async accept(tx: Queryable, merchant: string, c: ContractRow, confirm: boolean, at: Date) {
    // The upline's own contract may have changed since it offered: the offer must still fit it.
    if (!c.uplineIsHouse) {
      const uplines = await liveContract(tx, merchant, c.uplineId, c.kind);
      if (!uplines) throw new AppError('contract.upline.none');
      checkOffer(c.kind, c.terms, uplines.terms);
    }
    const given = await givenContracts(tx, merchant, c.downlineId, c.kind);
    const above = given.filter((g) => exceeds(g.terms, c.terms));
    if (above.length > 0 && !confirm) {
      return {
        c,
        warning: { terminates: above.map((g) => ({ id: g.id, downline: g.downlineAccount })) },
        terminated: [] as number[],
      };
    }
    for (const g of above) await setState(tx, g.id, g.state === 'pending' ? 'rejected' : 'terminated', at);
    if (c.replacesId !== null) await setState(tx, c.replacesId, 'terminated', at);
    await setState(tx, c.id, 'active', at);
    for (const g of above) this.notify(merchant, [g.downlineId], g.id, g.kind, 'terminated');
    return { c, warning: null, terminated: above.map((g) => g.id) };
  }

  /** A top agent holds the merchant's terms of each kind the configuration gives them. */
  private async ensureOwn(merchant: MerchantState, member: MemberRow, kind: ContractKind | undefined) {
    const house = contractsConfig(merchant).house;
    for (const k of kind ? [kind] : CONTRACT_KINDS) {
      const terms = house[k];
      if (!terms || !kindEnabled(merchant, k) || member.depth !== 1) continue;
      await ensureHouseContracts(
        this.database.db,
        merchant.code,
        k,
        terms,
        merchant.config.brand.agentType,
        new Date(this.clock.now()),
        member.id,
      );
    }
  }

  private notify(merchant: string, memberIds: number[], id: number, kind: string, state: string) {
    this.events.publish(merchant, memberIds, { type: 'contract', id, kind, state });
  }
}

export function requireAgent(merchant: MerchantState, member: MemberRow): void {
  requireRealAccount(merchant, member);
  if (member.kind !== 'member' || !isAgentType(merchant, member.type)) throw new AppError('agent.only');
}

export function present(c: ContractRow, viewerId: number): Contract {
  return {
    id: c.id,
    kind: c.kind,
    role: c.downlineId === viewerId ? 'held' : 'offered',
    upline: c.uplineIsHouse ? null : c.uplineAccount,
    downline: c.downlineAccount,
    terms: c.terms as ContractTerms,
    state: c.state,
    terminationBy: c.state === 'termination-requested' ? c.terminationBy : null,
    replaces: c.replacesId,
    createdAt: c.createdAt,
    acceptedAt: c.acceptedAt,
    endedAt: c.endedAt,
  };
}
