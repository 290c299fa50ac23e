import type { DomainRoute } from '@aurum/contract';
import { useLocation } from 'react-router';
import { paths } from '../routes/paths';
import { useSiteData } from '../site';

/**
 * The agent page (spec §2 Login modal, §4 After login): the current domain is routed to the
 * agent site, or the visitor is on /agentHome.
 */
export function isAgentSite(routes: readonly DomainRoute[], hostname: string, pathname: string): boolean {
  if (pathname.toLowerCase().startsWith(paths.agentHome.toLowerCase())) return true;
  const host = hostname.toLowerCase();
  return routes.some((r) => r.domain.toLowerCase() === host && r.site === 'agent');
}

export function useAgentSite(): boolean {
  const { domainRoute } = useSiteData().permission.info;
  const { pathname } = useLocation();
  return isAgentSite(domainRoute, window.location.hostname, pathname);
}
