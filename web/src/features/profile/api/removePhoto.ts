import { successResponseSchema } from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/** DELETE /api/profile/image */
export function removePhoto() {
  return http.delete('/profile/image', {
    schema: successResponseSchema,
    idempotencyKey: crypto.randomUUID(),
  });
}
