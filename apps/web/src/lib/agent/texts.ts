import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The agent centre's texts (team overview, register centre, downline management): their own
 * namespace, shipped with the lazily loaded account-centre pages that use them.
 */
export type AgentCatalogue = typeof en;

const agentTexts = defineNamespace(
  'agentCentre',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const AGENT_NS = agentTexts.ns;
export const loadAgentTexts = agentTexts.load;
/** `t` for the agent-centre namespace, once the current language's catalogue is in. */
export const useAgentTexts = () => agentTexts.useTexts();
