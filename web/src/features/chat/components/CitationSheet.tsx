import { useQuery } from '@tanstack/react-query';
import type { Citation } from '@uplift/contracts';
import { memo } from 'react';
import { knowledgePointQueryOptions } from '../api/getKnowledgePoint.ts';
import { chatErrorMessage } from '../chatErrors.ts';
import { KnowledgePointSheet, type KnowledgePointState } from './KnowledgePointSheet.tsx';

/** The knowledge point a citation names, loaded from the API. */
export const CitationSheet = memo(function CitationSheet({
  citation,
  onClose,
}: {
  citation: Citation | null;
  onClose: () => void;
}) {
  const query = useQuery({
    ...knowledgePointQueryOptions(citation?.knowledgePointId ?? ''),
    enabled: citation !== null,
  });
  const state: KnowledgePointState =
    query.status === 'success'
      ? { status: 'success', point: query.data }
      : query.status === 'error'
        ? { status: 'error', message: chatErrorMessage(query.error) }
        : { status: 'pending' };
  return <KnowledgePointSheet title={citation?.title ?? null} state={state} onClose={onClose} />;
});
