import { z } from 'zod';
import { skillAreaIds } from './skill-areas.ts';

export * from './skill-areas.ts';

export const skillAreaIdSchema = z.enum(skillAreaIds);
