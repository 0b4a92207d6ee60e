// Hashes as an earlier release stored them, for tests of passwords kept from before.
import { hash } from '@node-rs/argon2';
import type { Argon2Cost } from '../src/config.js';

/** An argon2id hash of `password` in the given normal form (NFC: how hashes were made before). */
export const argon2id = (password: string, cost: Argon2Cost, form: 'NFC' | 'NFKC') =>
  hash(password.normalize(form), {
    algorithm: 2,
    memoryCost: cost.memoryKib,
    timeCost: cost.iterations,
    parallelism: cost.parallelism,
  });
