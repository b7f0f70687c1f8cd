/** Store links of the mobile app. Anything left out is not offered. */
export interface AppLinks {
  appStore?: string;
  playStore?: string;
  apk?: string;
}

/**
 * Routes where the banner stays hidden (the path itself and everything under it):
 * the partner wallet flow has its own entry and branding, and the identity verification and
 * risk questionnaire flows should not be interrupted. The app adds in-app web views (routes
 * with a mobile parameter) by passing `hidden`.
 */
export const APP_DOWNLOAD_HIDDEN_PATHS: readonly string[] = [
  '/coolbitx',
  '/kyc',
  '/risk-questionnaire',
];

/** Hosts (and their subdomains) that embed the site for a partner; none are known yet. */
export const APP_DOWNLOAD_HIDDEN_HOSTS: readonly string[] = [];

/** `refer` query values of partners whose users must not be sent to our app. */
export const APP_DOWNLOAD_PARTNER_REFERS: readonly string[] = ['coolbitx'];

export interface AppDownloadContext {
  isMobile: boolean;
  /** The user closed it before (`closeAppDownload` is stored). */
  closed: boolean;
  pathname: string;
  hostname: string;
  /** Value of the `refer` query, if any. */
  refer: string | null;
  links: AppLinks;
  hiddenPaths?: readonly string[];
  hiddenHosts?: readonly string[];
  partnerRefers?: readonly string[];
}

export function hasAppLinks(links: AppLinks): boolean {
  return Boolean(links.appStore || links.playStore || links.apk);
}

function matchesPath(pathname: string, path: string): boolean {
  const base = path.replace(/\/+$/, '');
  return pathname === base || pathname.startsWith(`${base}/`);
}

function matchesHost(hostname: string, host: string): boolean {
  const a = hostname.toLowerCase();
  const b = host.toLowerCase();
  return a === b || a.endsWith(`.${b}`);
}

/** Spec section 2: mobile widths only; hidden once closed, on listed routes and hosts, for partner referrals. */
export function shouldShowAppDownload({
  isMobile,
  closed,
  pathname,
  hostname,
  refer,
  links,
  hiddenPaths = APP_DOWNLOAD_HIDDEN_PATHS,
  hiddenHosts = APP_DOWNLOAD_HIDDEN_HOSTS,
  partnerRefers = APP_DOWNLOAD_PARTNER_REFERS,
}: AppDownloadContext): boolean {
  if (!isMobile || closed) return false;
  // Nothing to download: offering a banner without a store link would pretend.
  if (!hasAppLinks(links)) return false;
  if (hiddenPaths.some((path) => matchesPath(pathname, path))) return false;
  if (hiddenHosts.some((host) => matchesHost(hostname, host))) return false;
  const referValue = refer?.trim().toLowerCase();
  if (referValue && partnerRefers.some((partner) => partner.toLowerCase() === referValue)) {
    return false;
  }
  return true;
}
