import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { LegalDocument, LegalDocumentName } from '../../../shared/api/content';
import type { Locale } from '../../../shared/constants/locales';
import { ErrorCode, ErrorMessage } from '../../../shared/api/envelope';
import { AppError } from '../../errors';

/**
 * The legal documents are Markdown files under LEGAL_DIR (`<locale>/<document>.md`), so the
 * operator replaces the text without a code change or a build. A file starts with a front
 * matter block (`title:`, `updated: YYYY-MM-DD`). The names come from a fixed list (the route's
 * schema), never from the request's text, so no path leaves the folder. Read files are kept in
 * memory and re-read when their modification time changes.
 */
const cache = new Map<string, { mtimeMs: number; document: LegalDocument }>();

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export function parseLegalFile(
  text: string,
  document: LegalDocumentName,
  language: Locale,
): LegalDocument {
  const match = FRONT_MATTER.exec(text);
  const fields = new Map<string, string>();
  for (const line of match?.[1]?.split(/\r?\n/) ?? []) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const body = (match ? text.slice(match[0].length) : text).trim();
  const heading = /^# (.+)$/m.exec(body);
  const updated = fields.get('updated') ?? null;
  return {
    document,
    language,
    title: fields.get('title') ?? heading?.[1]?.trim() ?? document,
    updated: updated && /^\d{4}-\d{2}-\d{2}$/.test(updated) ? updated : null,
    body,
  };
}

export async function readLegalDocument(
  legalDir: string,
  document: LegalDocumentName,
  language: Locale,
): Promise<LegalDocument> {
  const file = path.join(legalDir, language, `${document}.md`);
  let mtimeMs: number;
  try {
    mtimeMs = (await stat(file)).mtimeMs;
  } catch {
    throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
  }
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.document;
  const parsed = parseLegalFile(await readFile(file, 'utf8'), document, language);
  cache.set(file, { mtimeMs, document: parsed });
  return parsed;
}
