/**
 * The knowledge base Vale is grounded in: search and reading for members, retrieval for chat, and the
 * change notice every instance hears when a knowledge point is written.
 */
import { inRootContext, type App } from '../../plugins/root-context.ts';
import { knowledgeRoutes } from './knowledge.routes.ts';

export { onKnowledgeChanged } from './knowledge-changes.ts';
/** The same ranking over the product's other screens (partners, videos, assessments) that Vale names. */
export { rankDocuments, type RankableDocument } from './document-ranking.ts';
export { insertMissingKnowledgePoints, retrieveRelevant } from './knowledge.repo.ts';
/** Scoring retrieval on the labelled questions, for the tests of every module that retrieves and the bench. */
export { formatScores, loadRetrievalEvalSet, scoreRetrieval } from './retrieval-eval.ts';

export async function register(app: App, deps: Parameters<typeof knowledgeRoutes>[1]): Promise<void> {
  await app.register(inRootContext(knowledgeRoutes), deps);
}
