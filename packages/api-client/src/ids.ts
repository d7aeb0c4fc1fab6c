import { z } from 'zod';

/** Positive integer id (user, package): a PostgreSQL `integer`. */
export const IdSchema = z.number().int().positive().max(2_147_483_647);
