import { afterAll } from 'vitest';

/**
 * `vi.mock(path, () => ({ ...replacements }))` for a file that shares its worker's module graph
 * (vitest.config.ts): the named exports of `module` (its namespace, `import * as x from`) are
 * replaced from this call until the file's last test has run, then put back, so the files after
 * it in the worker see the module as it is. vi.mock cannot do that: it needs a module graph of
 * the file's own. Moving 63 screen test files from vi.mock onto this took the unit tests from
 * 158 to 138 s of CPU here (a shared file reuses the worker's loaded and compiled modules).
 *
 * Callers of the module read its exports when they call them (Vite compiles `getX()` to a read of
 * the module's export), so the components under test call the replacements. Call it at the top
 * of the file, before anything reads the replaced exports (`vi.mocked(getX)` after it).
 *
 * @example
 * import * as kyc from '../../../services/kyc';
 * mockExports(kyc, { getKycStatus: vi.fn() });
 * const kycMock = vi.mocked(kyc.getKycStatus);
 */
export function mockExports<M extends object>(
  module: M,
  replacements: { [K in keyof M]?: unknown },
): void {
  const originals = new Map<PropertyKey, PropertyDescriptor>();
  for (const name of Object.keys(replacements) as (keyof M & string)[]) {
    const original = Object.getOwnPropertyDescriptor(module, name);
    if (!original) throw new Error(`the module has no export ${name}`);
    if (!original.configurable) throw new Error(`export ${name} cannot be replaced`);
    originals.set(name, original);
    const value = replacements[name];
    Object.defineProperty(module, name, {
      configurable: true,
      enumerable: original.enumerable,
      get: () => value,
    });
  }
  afterAll(() => {
    for (const [name, original] of originals) Object.defineProperty(module, name, original);
  });
}
