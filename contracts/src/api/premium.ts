import { z } from 'zod';

/** A member's request for the premium membership (there is no payment: the community's admins grant it). */
export const premiumRequestSchema = z
  .object({ requestedAt: z.iso.datetime() })
  .meta({ id: 'PremiumRequest' });
export type PremiumRequest = z.infer<typeof premiumRequestSchema>;

/** The signed-in member's open request, if any. */
export const myPremiumRequestSchema = z
  .object({ request: premiumRequestSchema.nullable() })
  .meta({ id: 'MyPremiumRequest' });
export type MyPremiumRequest = z.infer<typeof myPremiumRequestSchema>;
