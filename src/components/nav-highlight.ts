import { useEffect } from 'react';

/**
 * A guided tour can point at the navigation bar (the onboarding tour's last step): while
 * highlighted, `<html>` carries this attribute and `nav-bar.module.css` lifts the bar above the
 * dialog overlay with a ring around it. An attribute on the root, so the bar (rendered by the
 * shell) and the tour (rendered by a screen) need no shared state.
 */
export const NAV_HIGHLIGHT_ATTRIBUTE = 'data-nav-highlight';

/** Highlights the bar; the returned function removes the highlight. */
export function highlightNavBar(root: HTMLElement = document.documentElement): () => void {
  root.setAttribute(NAV_HIGHLIGHT_ATTRIBUTE, 'true');
  return () => root.removeAttribute(NAV_HIGHLIGHT_ATTRIBUTE);
}

/** Highlights the navigation bar while `active` is true and the component is mounted. */
export function useNavBarHighlight(active: boolean): void {
  useEffect(() => (active ? highlightNavBar() : undefined), [active]);
}
