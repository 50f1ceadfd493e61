export { clearDrafts } from './draftStorage.ts';
export { useDraft } from './useDraft.ts';
