/** An entry of a nav submenu or the user menu. Without `href` or `onSelect` it is disabled. */
export interface NavItem {
  id: string;
  label: string;
  /** Route path ("/wallet?tab=deposit") or, with `external`, a full URL. */
  href?: string;
  external?: boolean;
  onSelect?: () => void;
}

/** A top-level nav entry: a link (href), a submenu (items), or disabled (neither). */
export interface NavMenu {
  id: string;
  label: string;
  href?: string;
  items?: readonly NavItem[];
}

/** Whether `href` points at the current route (query and hash ignored). */
export function isCurrentHref(href: string | undefined, pathname: string): boolean {
  if (!href) return false;
  const path = href.split(/[?#]/)[0];
  return path === pathname;
}
