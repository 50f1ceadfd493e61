/**
 * Members' profiles, photos, reported outcomes and their account (sessions, export, deletion). Returns the
 * photo service, whose file removal admin's account deletion needs.
 */
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import type { AuthService } from '../auth/index.ts';
import type { Storage } from '../storage/index.ts';
import { accountRoutes } from './account.routes.ts';
import { outcomesRoutes } from './outcomes.routes.ts';
import { createPhotoService, type PhotoService } from './profile-photo.ts';
import { profilesRoutes } from './profiles.routes.ts';

export { memberContextOf, memberLocationOf } from './member-context.ts';
export { createPhotoService } from './profile-photo.ts';
export { photoSizes } from './photo-sizes.ts';

export async function register(
  app: App,
  {
    db,
    auth,
    storage,
    incomingDir,
  }: { db: Database; auth: AuthService; storage: Storage; incomingDir: string },
): Promise<PhotoService> {
  const photos = createPhotoService(db, storage);
  await app.register(inRootContext(profilesRoutes), { db, photos, incomingDir });
  await app.register(inRootContext(outcomesRoutes), { db });
  await app.register(inRootContext(accountRoutes), { db, auth, photos });
  return photos;
}
