import type { Contract, ContractKind, FeatureKey } from '@aurum/contract';
import { isFeatureOn } from '../../../lib/contract';

/**
 * Each contract kind's spec page and feature keys (SIGNCONDIV3, their parent, gates them all;
 * then the kind's own, as the server's terms.ts checks them). Light: the agent centre reads it
 * to show the tabs before any contract chunk loads.
 */
export const CONTRACT_PAGES = {
  dividend: { page: 'agentDividendRecordCopy2', keys: ['SIGNCONDIV3', 'DIVIDEND'] },
  daily: { page: 'agentDailyWages2', keys: ['SIGNCONDIV3', 'DAYSAL', 'DAYSALCONT3'] },
  hourly: { page: 'agentHourSalary', keys: ['SIGNCONDIV3', 'HOURSAL3'] },
  realtime: { page: 'agentRealtimeSalary', keys: ['SIGNCONDIV3', 'RTSALARY3'] },
} as const satisfies Record<ContractKind, { page: string; keys: readonly FeatureKey[] }>;

/** The kind's keys are all on for this site. */
export const contractKeysOn = (flags: Parameters<typeof isFeatureOn>[0], kind: ContractKind) =>
  CONTRACT_PAGES[kind].keys.every((k) => isFeatureOn(flags, k));

/** The consolidated info's list of requests for each kind. */
export const REQUEST_LISTS = {
  daily: 'dailysalreqtype',
  dividend: 'divtypereq',
  hourly: 'contracthoursalreqs',
  realtime: 'realtimesalreqtype',
} as const satisfies Record<ContractKind, string>;

/** A contract still in force or waiting for an answer (the others are history). */
export const isOpen = (c: Contract) => c.state !== 'rejected' && c.state !== 'terminated';
