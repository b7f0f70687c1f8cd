// Runs in each integration worker before its test files: cheap argon2id parameters for the
// suite's many registrations and logins (src/server/domain/auth/passwords.ts explains why).
import {
  setPasswordHashParams,
  TEST_PASSWORD_HASH_PARAMS,
} from '../src/server/domain/auth/passwords';

setPasswordHashParams(TEST_PASSWORD_HASH_PARAMS);
