import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { seedAccounts } from '../modules/auth/auth.seed.ts';
import { seedKnowledgePoints } from '../modules/knowledge/knowledge.seed.ts';
import { seedSkillItems } from '../modules/skills/item-bank.ts';
import { seedPartners } from '../modules/partners/partners.seed.ts';
import { seedProfiles } from '../modules/profiles/profiles.seed.ts';
import { seedVideos } from '../modules/videos/videos.seed.ts';
import { seedCommunity } from '../modules/community/index.ts';
import { seedDashboardActivity } from '../modules/admin/dashboard.seed.ts';
import type { Database } from './client.ts';

/**
 * Fills a first start with demo content. Every seeder is idempotent (it inserts only what is missing),
 * so running the seed on every start is safe. Feature modules add their seeders to this list.
 */
const seeders: Array<{
  name: string;
  run: (db: Database, config: Config, log: FastifyBaseLogger) => Promise<number>;
}> = [
  { name: 'accounts', run: seedAccounts },
  { name: 'knowledge points', run: seedKnowledgePoints },
  { name: 'skill items', run: seedSkillItems },
  { name: 'partners', run: seedPartners },
  { name: 'profiles', run: seedProfiles },
  { name: 'videos', run: seedVideos },
  { name: 'community', run: seedCommunity },
  { name: 'dashboard activity', run: seedDashboardActivity },
];

export async function seedDemoContent(db: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  for (const seeder of seeders) {
    const inserted = await seeder.run(db, config, log);
    if (inserted > 0) log.info({ seeder: seeder.name, inserted }, 'seeded demo content');
  }
}
