import type { CommunityTopic } from '@uplift/contracts';

/**
 * A topic's name, or its id while the topics are not loaded. Apart from PostCard, so a screen that names
 * topics without drawing posts (a member's activity on their profile) does not load the Markdown renderer.
 */
export function topicName(topics: readonly CommunityTopic[], id: string): string {
  return topics.find((topic) => topic.id === id)?.name ?? id;
}
