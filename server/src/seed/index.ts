import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { seedAccounts } from './accounts.ts';
import { seedKnowledgePoints } from './knowledge.ts';
import { seedSkillItems } from '../modules/skills/index.ts';
import { seedPartners } from './partners.ts';
import { seedProfiles } from './profiles.ts';
import { seedVideos } from './videos.ts';
import { seedCommunity } from './community.ts';
import { seedDashboardActivity } from './dashboard-activity.ts';
import type { Database } from '../db/client.ts';

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
