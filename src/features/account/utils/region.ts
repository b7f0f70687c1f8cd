/**
 * A region code of the member info (ISO 3166-1 alpha-2, e.g. `TW`) as its name in the UI
 * language ("Taiwan", 台灣, 台湾), from the browser's own `Intl.DisplayNames`: no list to fetch.
 * Anything the browser cannot name is shown as it came.
 */
export function regionName(code: string, language: string): string {
  const region = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(region)) return code;
  try {
    return (
      new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(region) ?? code
    );
  } catch {
    return code;
  }
}
