import {
  ClipboardCheck,
  CloudOff,
  House,
  LayoutDashboard,
  LogIn,
  Map as MapIcon,
  MessageCircle,
  UserRound,
  Users,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';
import type { IconName } from '../lib/navigation/tabs.ts';

/** SPEC §2 icons (home, chat, skills, community, map, profile) and the shell's few others. */
export const icons: Record<IconName, LucideIcon> = {
  home: House,
  chat: MessageCircle,
  skills: ClipboardCheck,
  community: Users,
  map: MapIcon,
  profile: UserRound,
  // A dashboard rather than a shield (read as "security"); a cloud rather than Wi-Fi (read as a status).
  admin: LayoutDashboard,
  offline: CloudOff,
  'sign-in': LogIn,
};

/** Decorative by default: the control around it carries the name. */
export function AppIcon({ name, ...props }: { name: IconName } & LucideProps) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" focusable="false" {...props} />;
}
