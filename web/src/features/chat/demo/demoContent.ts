import type { Citation, KnowledgePoint } from '@uplift/contracts';

/** Knowledge points of the demo only: the demo never calls the server. */
export const demoPoints: KnowledgePoint[] = [
  {
    id: 'demo-interview',
    slug: 'demo-interview-preparation',
    title: 'Preparing for an interview',
    body: 'Research the organisation, rehearse **three stories** that show your skills, and prepare two questions of your own.\n\n- Practise out loud\n- Time your answers\n- Plan the journey',
    topic: 'careers',
    tags: ['interviews'],
    skillTags: ['communication'],
    sourceUrl: null,
  },
  {
    id: 'demo-star',
    slug: 'demo-star-method',
    title: 'The STAR method',
    body: 'Answer behavioural questions with the **Situation**, the **Task**, the **Action** you took and the **Result**.',
    topic: 'skills',
    tags: ['interviews'],
    skillTags: ['communication'],
    sourceUrl: null,
  },
  {
    id: 'demo-follow-up',
    slug: 'demo-follow-up',
    title: 'Following up after an interview',
    body: 'Send a short thank-you note within a day, naming one thing you discussed.',
    topic: 'careers',
    tags: ['interviews'],
    skillTags: [],
    sourceUrl: null,
  },
];

export const demoCitations: Citation[] = demoPoints.map((point, index) => ({
  index: index + 1,
  knowledgePointId: point.id,
  slug: point.slug,
  title: point.title,
}));

const longSections = [
  '## Before the day',
  'Start with the organisation: what it does, who it serves and what the role is for [1]. Read the job description line by line and note, for each requirement, one moment when you showed it.',
  '## Your stories',
  'Prepare three or four short stories with the STAR method [2]:',
  '1. **Situation**: where you were and what was going on.\n2. **Task**: what you had to achieve.\n3. **Action**: what *you* did, step by step.\n4. **Result**: what changed, with a number if you have one.',
  'Say them out loud until they take about two minutes each. A friend asking follow-up questions is the best rehearsal there is.',
  '## On the day',
  '- Plan the journey, or test your camera and microphone for a video call.\n- Bring two questions of your own: about the team, or what success looks like after six months.\n- Listen to the whole question before you answer; a short pause is fine.',
  '## Afterwards',
  'Send a thank-you note within a day and mention one thing you talked about [3]. Then write down what went well and what you would change, while you still remember.',
  'Good luck: preparation is the part of an interview you fully control.',
];

export const demoAnswers = {
  long: {
    question: 'Walk me through preparing for a job interview, in detail.',
    text: longSections.join('\n\n'),
  },
  slow: {
    question: 'What is the STAR method?',
    text: 'The STAR method structures an answer to a behavioural question: the **Situation**, your **Task**, the **Action** you took and the **Result** [2].',
  },
  interrupted: {
    question: 'How should I follow up after an interview?',
    text: 'Send a short thank-you note within a day of the interview [3]. Name one thing you discussed so it is clearly written for them, restate in one sentence why you want the role, and keep it to a few lines. If you have not heard back by the date they gave you, a polite one-line check-in is fine. Meanwhile, keep applying elsewhere: momentum helps whatever the outcome.',
  },
} as const;

export function echoAnswer(question: string): string {
  return `This is a simulated answer to “${question.trim()}”. Nothing was sent to a server: the demo streams it locally so you can try the chat on your phone, with the keyboard open, without using your daily messages.`;
}
