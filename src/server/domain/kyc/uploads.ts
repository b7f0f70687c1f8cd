import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode, ErrorMessage } from '../../../shared/api/envelope';
import { KycError, type UPLOAD_CONTENT_TYPES } from '../../../shared/api/kyc';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { uploads } from '../../db/schema';
import { AppError } from '../../errors';
import type { UploadStorage } from '../../storage/uploads';

/**
 * Uploaded identity documents (POST /member/uploadImage). A file is accepted only when its
 * first bytes are a JPEG or PNG signature: the name and the declared type are never trusted.
 * It streams through a size counter and a SHA-256 into the storage under a random id; bigger
 * than `maxBytes` is refused (413, "File size exceeds %sMB") without buffering it. The database
 * row records the owner: only the owner may read it or use its id in an application.
 */

export type ImageContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

const SIGNATURES: { type: ImageContentType; bytes: number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];
const SIGNATURE_LENGTH = 8;

/** The image type of a file from its first bytes (magic numbers), or null. */
export function sniffImageType(head: Uint8Array): ImageContentType | null {
  for (const signature of SIGNATURES) {
    if (
      head.length >= signature.bytes.length &&
      signature.bytes.every((byte, index) => head[index] === byte)
    ) {
      return signature.type;
    }
  }
  return null;
}

/** The URL of an image for its owner (GET, bearer token). */
export function imageUrl(imageId: string): string {
  return `/member/ico/kyc/image/${imageId}`;
}

export interface UploadDeps {
  db: Db;
  clock: Clock;
  storage: UploadStorage;
  maxBytes: number;
}

export function fileTypeError(): AppError {
  return new AppError(ErrorCode.unsupportedMediaType, KycError.fileType, { field: 'imageFile' });
}

export function fileSizeError(maxBytes: number): AppError {
  return new AppError(ErrorCode.payloadTooLarge, KycError.fileSize, {
    field: 'imageFile',
    maxBytes,
    maxMb: Math.floor(maxBytes / (1024 * 1024)) || 1,
  });
}

/** A multipart body that cannot be read (cut off, no boundary, bad framing): 400. */
export function malformedUploadError(): AppError {
  return new AppError(ErrorCode.badRequest, ErrorMessage.badRequest, { field: 'imageFile' });
}

export interface SavedImage {
  imageId: string;
  contentType: ImageContentType;
  size: number;
  url: string;
}

/**
 * Store one uploaded file of `memberId`. `file` is the multipart part's stream; `truncated()`
 * tells whether the multipart parser cut it at its own size limit. Throws the kyc_file_type
 * (415) or file-size (413) refusal; nothing is stored then.
 */
export async function saveUpload(
  deps: UploadDeps,
  memberId: number,
  file: Readable,
  truncated: () => boolean,
): Promise<SavedImage> {
  const source = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  // A broken body (cut off, bad framing) is the client's problem, not a server error.
  const iterator = {
    next: async (): Promise<IteratorResult<Buffer>> => {
      try {
        return await source.next();
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw malformedUploadError();
      }
    },
    return: async (): Promise<void> => {
      await source.return?.();
    },
  };
  let head = Buffer.alloc(0);
  while (head.length < SIGNATURE_LENGTH) {
    const next = await iterator.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  const contentType = sniffImageType(head);
  if (!contentType) {
    await iterator.return();
    throw fileTypeError();
  }

  const hash = createHash('sha256');
  let size = 0;
  const count = (chunk: Buffer): Buffer => {
    size += chunk.length;
    if (size > deps.maxBytes) throw fileSizeError(deps.maxBytes);
    hash.update(chunk);
    return chunk;
  };
  async function* body(): AsyncGenerator<Buffer> {
    try {
      yield count(head);
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        yield count(next.value);
      }
      if (truncated()) throw fileSizeError(deps.maxBytes);
    } finally {
      await iterator.return();
    }
  }

  const imageId = randomBytes(24).toString('base64url');
  await deps.storage.put(imageId, Readable.from(body()), { contentType });
  try {
    await deps.db.insert(uploads).values({
      id: imageId,
      memberId,
      contentType,
      size,
      sha256: hash.digest('hex'),
      createdAt: deps.clock.now(),
    });
  } catch (error) {
    await deps.storage.delete(imageId).catch(() => undefined);
    throw error;
  }
  return { imageId, contentType, size, url: imageUrl(imageId) };
}

export type UploadRow = typeof uploads.$inferSelect;

/** The member's own upload with this id, or undefined (another member's id reads as unknown). */
export async function findOwnUpload(
  db: Db,
  memberId: number,
  imageId: string,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, imageId), eq(uploads.memberId, memberId)))
    .limit(1);
  return row;
}

/**
 * Every image id of an application must be the member's own upload: refuses the first one
 * that is not with `kyc_unknown_image` (400) naming its field.
 */
export async function assertOwnImages(
  db: Db,
  memberId: number,
  fields: { field: string; imageId: string }[],
): Promise<void> {
  if (fields.length === 0) return;
  const ids = [...new Set(fields.map((f) => f.imageId))];
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.memberId, memberId), inArray(uploads.id, ids)));
  const own = new Set(rows.map((row) => row.id));
  const unknown = fields.find((f) => !own.has(f.imageId));
  if (unknown) {
    throw new AppError(ErrorCode.badRequest, KycError.unknownImage, { field: unknown.field });
  }
}

/** Upload rows by id (any owner: operator views), in the order of `ids`. */
export async function uploadsById(db: Db, ids: string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(uploads)
    .where(inArray(uploads.id, [...new Set(ids)]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is UploadRow => row !== undefined);
}
