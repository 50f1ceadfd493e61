import { z } from 'zod';
import { roles } from './role-ranks.ts';

export * from './role-ranks.ts';

export const roleSchema = z.enum(roles);
