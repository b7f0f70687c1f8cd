/** A post's day (YYYY-MM-DD, already UTC+8) as the platform shows dates: YYYY/MM/DD. */
export function formatPostDate(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.replaceAll('-', '/') : day;
}

/** The `lang` attribute of a post's text (the content service's en, tw, zh). */
export function htmlLangOf(lang: 'en' | 'tw' | 'zh'): string {
  return { en: 'en', tw: 'zh-TW', zh: 'zh-CN' }[lang];
}
