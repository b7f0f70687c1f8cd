// `npm run size` prints the floor the kept libraries set: React, React DOM, React Router and
// i18next bundled alone, with each kind of router. The bundles must hold the libraries (React
// DOM alone is over 50 KiB gzip) and tell the two routers apart.
import { describe, expect, it } from 'vitest';
import { libraryFloorBytes } from '../../scripts/lib/library-floor';

describe('library floor', () => {
  it('bundles the kept libraries, the data router costing more than the declarative one', async () => {
    const [data, declarative] = await Promise.all([
      libraryFloorBytes('data', process.cwd()),
      libraryFloorBytes('declarative', process.cwd()),
    ]);
    expect(declarative).toBeGreaterThan(80 * 1024);
    expect(data).toBeGreaterThan(declarative + 8 * 1024);
    expect(data).toBeLessThan(200 * 1024);
  });
});
