/**
 * The adaptive skills assessment: a 2PL item bank, EAP ability estimates (psychometrics.ts, pure) and
 * attempts run in one transaction per answer (skills.service.ts).
 */
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import type { PageHead } from '../../plugins/page-head.ts';
import { sharedResultHead } from './shared-result.ts';
import { sharesRoutes } from './shares.routes.ts';
import { createSharesService } from './shares.service.ts';
import { skillsRoutes } from './skills.routes.ts';
import { createSkillsService, type SkillsServiceOptions } from './skills.service.ts';

export { seedSkillItems } from './item-bank.ts';
export {
  defaultStoppingRule,
  estimateAbility,
  probabilityCorrect,
  selectNextItem,
  shouldStop,
  type Response,
} from './psychometrics.ts';
export { seededRandom } from './simulation.ts';
/** A member's assessments, for the admin's view of them. */
export { memberAssessments } from './member-assessments.ts';
/** The assessments and a member's own results, as Vale points to them (chat). */
export {
  assessmentSources,
  learnNextFor,
  memberSkillResult,
  type AssessmentSource,
  type LearnNext,
  type MemberSkillResult,
} from './vale-sources.ts';

export async function register(
  app: App,
  { db, ...options }: { db: Database } & SkillsServiceOptions,
): Promise<{ sharedResultHead: (id: string, origin: string) => Promise<PageHead | null> }> {
  await app.register(inRootContext(skillsRoutes), { db, skills: createSkillsService(db, options) });
  await app.register(inRootContext(sharesRoutes), { db, shares: createSharesService(db) });
  return { sharedResultHead: (id, origin) => sharedResultHead(db, id, origin) };
}
