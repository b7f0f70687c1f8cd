import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  PASSWORD_HASH_PARAMS,
  passwordHashParams,
  TEST_PASSWORD_HASH_PARAMS,
  verifyPassword,
} from './passwords';

describe('password hashing', () => {
  it('a process hashes with argon2id at OWASP parameters unless told otherwise', async () => {
    expect(passwordHashParams()).toEqual(PASSWORD_HASH_PARAMS);
    const stored = await hashPassword('Correct horse 1');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(parseOptions(stored)).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(stored, 'Correct horse 1')).toBe(true);
    expect(await verifyPassword(stored, 'Correct horse 2')).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('a hash made with other parameters (the suite’s cheap ones) is rehashed at the next login', async () => {
    const { hash } = await import('@node-rs/argon2');
    const cheap = await hash('Correct horse 1', TEST_PASSWORD_HASH_PARAMS);
    expect(needsRehash(cheap)).toBe(true);
    expect(await verifyPassword(cheap, 'Correct horse 1')).toBe(true);
    expect(needsRehash('not a hash')).toBe(true);
  });
});
