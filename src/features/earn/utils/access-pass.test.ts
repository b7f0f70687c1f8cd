import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decideAccess, sha256Hex } from './access-pass';

const PASS = 'preview-2026';
const passHash = createHash('sha256').update(PASS).digest('hex');

describe('the earn dashboard access pass', () => {
  it('hashes like the operator does (sha256sum of the pass, hex)', async () => {
    expect(await sha256Hex(PASS)).toBe(passHash);
    expect(await sha256Hex('通行碼')).toBe(createHash('sha256').update('通行碼').digest('hex'));
  });

  it('is open to everyone when no pass is configured', async () => {
    expect(await decideAccess({ passHash: undefined, queryCode: null, storedCode: null })).toEqual({
      access: 'open',
    });
  });

  it('lets the pass in from the query and remembers it', async () => {
    expect(await decideAccess({ passHash, queryCode: PASS, storedCode: null })).toEqual({
      access: 'granted',
      remember: PASS,
    });
    // already stored: nothing to write
    expect(await decideAccess({ passHash, queryCode: PASS, storedCode: PASS })).toEqual({
      access: 'granted',
      remember: null,
    });
  });

  it('lets a stored pass in without the query; a wrong query does not take it away', async () => {
    expect(await decideAccess({ passHash, queryCode: null, storedCode: PASS })).toEqual({
      access: 'granted',
      remember: null,
    });
    expect(await decideAccess({ passHash, queryCode: 'guess', storedCode: PASS })).toEqual({
      access: 'granted',
      remember: null,
    });
  });

  it('sends everyone else away, and forgets a stored code that is no longer the pass', async () => {
    expect(await decideAccess({ passHash, queryCode: null, storedCode: null })).toEqual({
      access: 'denied',
      forget: false,
    });
    expect(await decideAccess({ passHash, queryCode: 'guess', storedCode: null })).toEqual({
      access: 'denied',
      forget: false,
    });
    expect(await decideAccess({ passHash, queryCode: '', storedCode: 'old-pass' })).toEqual({
      access: 'denied',
      forget: true,
    });
    // the hash itself is not the pass
    expect(await decideAccess({ passHash, queryCode: passHash, storedCode: null })).toEqual({
      access: 'denied',
      forget: false,
    });
  });
});
