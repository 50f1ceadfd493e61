/** Original demo content. Authors are indexes into demo-members.ts' demoCommunity. */
export const demoTopics = [
  {
    id: 'introductions',
    name: 'Introductions',
    description: 'Say hello: who you are and where you are headed.',
  },
  { id: 'career-moves', name: 'Career moves', description: 'New roles, promotions, changing fields.' },
  { id: 'learning', name: 'Learning', description: 'Courses, books and practice that worked.' },
  { id: 'funding', name: 'Funding', description: 'Grants, bursaries and paying for training.' },
  { id: 'wins', name: 'Wins', description: 'Celebrate progress, big or small.' },
  {
    id: 'questions',
    name: 'Questions',
    description: 'Ask the community anything about growing your career.',
  },
];

interface DemoPost {
  author: number;
  topic: string;
  hoursAgo: number;
  body: string;
  pinned?: boolean;
  comments?: Array<{ author: number; body: string; replyTo?: number }>;
  reactions?: Array<[author: number, kind: 'like' | 'celebrate' | 'insightful' | 'support']>;
}

export const demoPosts: DemoPost[] = [
  {
    author: 2,
    topic: 'introductions',
    hoursAgo: 240,
    pinned: true,
    body: '**Welcome to the Uplift community!** Introduce yourself in *Introductions*, ask in *Questions*, and share every step forward in *Wins*. Be kind, be specific, and credit the people who helped you.',
    reactions: [
      [0, 'like'],
      [1, 'like'],
      [3, 'support'],
    ],
  },
  {
    author: 0,
    topic: 'introductions',
    hoursAgo: 200,
    body: "Hi all, I'm Amara from Lagos. I taught myself SQL on evenings after my shifts and just started as a junior data analyst. Happy to help anyone starting out with spreadsheets or SQL.",
    comments: [
      { author: 1, body: 'Welcome Amara! Which course did you start with?' },
      {
        author: 0,
        body: 'A free SQL course plus one small project a week, mostly on public data.',
        replyTo: 0,
      },
    ],
    reactions: [
      [1, 'celebrate'],
      [2, 'like'],
      [4, 'support'],
    ],
  },
  {
    author: 1,
    topic: 'career-moves',
    hoursAgo: 150,
    body: 'After eight years in hotel kitchens I moved into **operations coordination**. What helped most:\n\n1. Writing down every process I already ran\n2. Asking my manager for one shift a week on the rota and ordering\n3. A short course in spreadsheets',
    comments: [{ author: 3, body: 'The rota experience is gold. Scheduling is half of operations work.' }],
    reactions: [
      [0, 'insightful'],
      [3, 'insightful'],
      [5, 'like'],
    ],
  },
  {
    author: 3,
    topic: 'funding',
    hoursAgo: 120,
    body: 'Tip: many regional skills funds pay for short courses if you ask **before** you enrol. Check the partner directory for funders near you, and keep your receipts.',
    comments: [{ author: 6, body: 'Can confirm, mine covered 80% of a project management certificate.' }],
    reactions: [
      [2, 'insightful'],
      [6, 'support'],
    ],
  },
  {
    author: 4,
    topic: 'learning',
    hoursAgo: 90,
    body: 'Looking for a study buddy for the communication skills assessment. I practise 20 minutes a day: one short presentation recorded on my phone, then I watch it back.',
    comments: [{ author: 7, body: "I'm in! Same time zone as you, I think." }],
    reactions: [[7, 'like']],
  },
  {
    author: 5,
    topic: 'wins',
    hoursAgo: 48,
    body: 'Got the promotion to team lead today 🎉 Six months ago I could not have run a meeting. Thanks to everyone here who answered my questions.',
    comments: [
      { author: 0, body: 'Congratulations, well deserved!' },
      { author: 2, body: 'So happy for you. Share your first-week plan when you have one.' },
    ],
    reactions: [
      [0, 'celebrate'],
      [1, 'celebrate'],
      [2, 'celebrate'],
      [3, 'like'],
    ],
  },
  {
    author: 6,
    topic: 'questions',
    hoursAgo: 20,
    body: 'How do you answer "what is your expected salary" when you are changing fields and have no idea of the market?',
    comments: [
      {
        author: 1,
        body: 'Ask them for the band first. Then check the impact figures on Home for your industry.',
      },
    ],
    reactions: [[4, 'like']],
  },
  {
    author: 7,
    topic: 'learning',
    hoursAgo: 6,
    body: 'Finished my first data visualisation project: a chart of bus delays in my city. Feedback welcome, especially on the colours for colour-blind readers.',
    reactions: [
      [0, 'insightful'],
      [6, 'like'],
    ],
  },
];
