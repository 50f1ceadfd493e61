import { ClipboardCheck, Handshake, MessageCircle, Users, type LucideIcon } from 'lucide-react';

export interface Destination {
  to: string;
  title: string;
  summary: string;
  Icon: LucideIcon;
}

/** Skills leads anonymous visitors to its public landing (sample questions, sign in) instead of sign-in. */
export const destinationsFor = (signedIn: boolean): Destination[] => [
  {
    to: signedIn ? '/skills' : '/skills-public',
    title: 'Skills',
    summary: 'Find out where you stand in eight career skills.',
    Icon: ClipboardCheck,
  },
  {
    to: '/chat',
    title: 'Chat with Vale',
    summary: 'Ask our AI assistant about careers, learning and funding.',
    Icon: MessageCircle,
  },
  {
    to: '/community',
    title: 'Community Hub',
    summary: 'Share progress and learn from other members.',
    Icon: Users,
  },
  {
    to: '/partners',
    title: 'Partners',
    summary: 'Meet employers, trainers and funders near you.',
    Icon: Handshake,
  },
];
