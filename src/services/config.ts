import { SERVICE_PREFIXES, type ServiceName } from '../shared/api/services';

/**
 * Base URL of each backend service: `VITE_API_BASE` (default '' = same origin) followed by the
 * service prefix. One Fastify process serves all five today; `setServiceBaseUrls` lets a service
 * move elsewhere later without touching any call.
 */
const overrides = new Map<ServiceName, string>();

function apiBase(): string {
  const value: unknown = import.meta.env.VITE_API_BASE;
  return typeof value === 'string' ? value.replace(/\/+$/, '') : '';
}

export function serviceBaseUrl(service: ServiceName): string {
  return overrides.get(service) ?? `${apiBase()}${SERVICE_PREFIXES[service]}`;
}

/** Point services at other hosts (full base URL incl. prefix); `null` restores the default. */
export function setServiceBaseUrls(urls: Partial<Record<ServiceName, string | null>>): void {
  for (const [service, url] of Object.entries(urls) as [ServiceName, string | null | undefined][]) {
    if (url == null) overrides.delete(service);
    else overrides.set(service, url.replace(/\/+$/, ''));
  }
}
