import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import type { AppConfig } from '../../config';

/**
 * Keys and small crypto helpers of the identity domain.
 *
 * Key material: the JWT is signed with JWT_SECRET itself (HS256); every other key is derived
 * from a root with HKDF-SHA256 and a distinct label, so no key is used for two purposes:
 * - captcha signatures and code hashes: derived from JWT_SECRET;
 * - authenticator secrets at rest (AES-256-GCM): derived from DATA_KEY when set, else from
 *   JWT_SECRET (rotating JWT_SECRET then makes those secrets unreadable: production sets DATA_KEY).
 */
export interface AuthKeys {
  /** HS256 key of access tokens */
  jwt: Uint8Array;
  /** HMAC-SHA256 key signing captcha challenges */
  captcha: Buffer;
  /** HMAC-SHA256 key hashing 6-digit codes and throttle keys */
  codes: Buffer;
  /** AES-256-GCM key of data at rest */
  data: Buffer;
}

function derive(root: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(root, 'utf8'), Buffer.alloc(0), label, 32));
}

export function deriveAuthKeys(config: Pick<AppConfig, 'jwtSecret' | 'dataKey'>): AuthKeys {
  return {
    jwt: new TextEncoder().encode(config.jwtSecret),
    captcha: derive(config.jwtSecret, 'bcnt/captcha/v1'),
    codes: derive(config.jwtSecret, 'bcnt/codes/v1'),
    data: derive(config.dataKey ?? config.jwtSecret, 'bcnt/data-at-rest/v1'),
  };
}

/** A random opaque token (32 bytes, base64url): refresh tokens, tickets, links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a high-entropy token (what the database stores). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** HMAC-SHA256 hex: for low-entropy values (6-digit codes) a keyed hash, not a plain one. */
export function hmacHex(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('hex');
}

/** Constant-time comparison of two strings (different lengths compare unequal). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A uniformly random 6-digit code. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const CIPHER_VERSION = 'v1';

/** AES-256-GCM with a random IV; `context` is bound as associated data (e.g. `totp:<memberId>`). */
export function encryptAtRest(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([
    cipher.update(plaintext, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `${CIPHER_VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
}

export function decryptAtRest(key: Buffer, stored: string, context: string): string {
  const [version, ivText, bodyText] = stored.split('.');
  if (version !== CIPHER_VERSION || !ivText || !bodyText) throw new Error('unknown ciphertext');
  const body = Buffer.from(bodyText, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([
    decipher.update(body.subarray(0, body.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

/** a***e@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}***` : `${local[0]}***${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}

/** +8869****678: country part and the last three digits. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 8) return '****';
  return `${mobile.slice(0, 5)}****${mobile.slice(-3)}`;
}
