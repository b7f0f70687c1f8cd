/**
 * Leaves the single-page app for a full page load of `url` in place of the current entry (the
 * back button does not return to the page that asked for it). One function so tests can watch
 * it; the browser's `location` cannot be replaced in every test environment.
 */
export function fullLoad(url: string): void {
  window.location.replace(url);
}
