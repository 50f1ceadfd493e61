/** Loaded with the first answer, so the chat screen itself loads no zod (readChatEvents.ts). */
export { chatStreamEventSchema } from '@uplift/contracts';
