import type { ComponentType } from 'react';

/** SPEC §6 named guards. Recorded per route now; enforced once auth exists. */
export type RouteGuard = 'auth' | 'member' | 'admin';

/** 'none' is SPEC's "no layout": the page gets no app or admin chrome. */
export type RouteLayout = 'app' | 'admin' | 'none';

export interface RouteEntry {
  path: string;
  title: string;
  description?: string;
  guard?: RouteGuard;
  layout: RouteLayout;
  /** A dynamic import, so every page is its own chunk and loads only when visited. */
  page: () => Promise<{ default: ComponentType }>;
}

/** SPEC §2 route table, in SPEC order, then the catch-all that shows the 404 page. */
export const routeTable: readonly RouteEntry[] = [
  { path: '/', title: 'Home', layout: 'app', page: () => import('../features/home/HomePage.tsx') },
  {
    path: '/chat',
    title: 'Chat with Vale',
    layout: 'app',
    page: () => import('../features/chat/ChatPage.tsx'),
  },
  {
    path: '/skills',
    title: 'Skills Assessment',
    guard: 'auth',
    layout: 'app',
    page: () => import('../features/skills/SkillsPage.tsx'),
  },
  {
    path: '/skills/shared/:id',
    title: 'Shared result',
    layout: 'app',
    page: () => import('../features/skills/SharedResultPage.tsx'),
  },
  {
    path: '/partners',
    title: 'Partners',
    layout: 'app',
    page: () => import('../features/partners/PartnersPage.tsx'),
  },
  {
    path: '/partners/:id',
    title: 'Partner',
    layout: 'app',
    page: () => import('../features/partners/PartnerDetailPage.tsx'),
  },
  {
    path: '/videos/:id',
    title: 'Video',
    layout: 'app',
    page: () => import('../features/videos/VideoPage.tsx'),
  },
  {
    path: '/shorts',
    title: 'Shorts',
    layout: 'none',
    page: () => import('../features/videos/ShortsPage.tsx'),
  },
  {
    path: '/community',
    title: 'Community Hub',
    layout: 'app',
    page: () => import('../features/community/CommunityPage.tsx'),
  },
  {
    path: '/community/posts/:id',
    title: 'Community post',
    layout: 'app',
    page: () => import('../features/community/PostThreadPage.tsx'),
  },
  {
    path: '/error-demo',
    title: 'Error Handling Demo',
    layout: 'app',
    page: () => import('../features/demos/ErrorDemoPage.tsx'),
  },
  {
    path: '/slider-test',
    title: 'Slider Test',
    layout: 'app',
    page: () => import('../features/home/SliderTestPage.tsx'),
  },
  {
    path: '/index-backup',
    title: 'Classic Home',
    layout: 'app',
    page: () => import('../features/home/IndexBackupPage.tsx'),
  },
  {
    path: '/loading-demo',
    title: 'Loading Demo',
    layout: 'app',
    page: () => import('../features/demos/LoadingDemoPage.tsx'),
  },
  {
    path: '/offline-demo',
    title: 'Offline Demo',
    layout: 'app',
    page: () => import('../features/demos/OfflineDemoPage.tsx'),
  },
  {
    path: '/profile-home',
    title: 'Profile Management',
    guard: 'auth',
    layout: 'app',
    page: () => import('../features/profile/ProfileHomePage.tsx'),
  },
  {
    path: '/profile/:id',
    title: 'Member Profile',
    guard: 'auth',
    layout: 'app',
    page: () => import('../features/profile/MemberProfilePage.tsx'),
  },
  {
    path: '/profile',
    title: 'Profile',
    layout: 'app',
    page: () => import('../features/profile/ProfilePage.tsx'),
  },
  {
    path: '/skills-client',
    title: 'My Skills',
    layout: 'app',
    page: () => import('../features/skills/SkillsClientPage.tsx'),
  },
  {
    path: '/skills-public',
    title: 'Discover Your Skills',
    layout: 'app',
    page: () => import('../features/skills/SkillsPublicPage.tsx'),
  },
  {
    path: '/profile-client',
    title: 'Settings',
    guard: 'auth',
    layout: 'app',
    page: () => import('../features/profile/ProfileClientPage.tsx'),
  },
  {
    path: '/profile-public',
    title: 'Sign In / Join',
    layout: 'app',
    page: () => import('../features/profile/ProfilePublicPage.tsx'),
  },
  {
    path: '/notifications',
    title: 'Notifications',
    guard: 'auth',
    layout: 'app',
    page: () => import('../features/notifications/NotificationsPage.tsx'),
  },
  {
    path: '/messages',
    title: 'Messages',
    guard: 'auth',
    layout: 'app',
    page: () => import('../features/messages/MessagesPage.tsx'),
  },
  {
    path: '/messages/:memberId',
    title: 'Conversation',
    guard: 'auth',
    layout: 'app',
    page: () => import('../features/messages/ConversationPage.tsx'),
  },
  {
    path: '/mobile-chat-demo',
    title: 'Mobile Chat Demo',
    description: 'Test mobile-optimized chat features',
    layout: 'app',
    page: () => import('../features/chat/MobileChatDemoPage.tsx'),
  },
  {
    path: '/admin',
    title: 'Admin Portal',
    guard: 'admin',
    layout: 'admin',
    page: () => import('../features/admin/AdminPortalPage.tsx'),
  },
  {
    path: '/admin/users',
    title: 'Users',
    guard: 'admin',
    layout: 'admin',
    page: () => import('../features/admin/AdminUsersPage.tsx'),
  },
  {
    path: '/admin/users/:id',
    title: 'Member',
    guard: 'admin',
    layout: 'admin',
    page: () => import('../features/admin/AdminMemberPage.tsx'),
  },
  {
    path: '/admin/videos',
    title: 'Videos',
    guard: 'admin',
    layout: 'admin',
    page: () => import('../features/admin/AdminVideosPage.tsx'),
  },
  {
    path: '/admin/partners',
    title: 'Partners',
    guard: 'admin',
    layout: 'admin',
    page: () => import('../features/admin/AdminPartnersPage.tsx'),
  },
  {
    path: '/admin/dashboard',
    title: 'Admin Dashboard',
    guard: 'admin',
    layout: 'admin',
    page: () => import('../features/admin/AdminDashboardPage.tsx'),
  },
  {
    path: '/admin/audit',
    title: 'Audit log',
    guard: 'admin',
    layout: 'admin',
    page: () => import('../features/admin/AdminAuditPage.tsx'),
  },
  {
    path: '/admin/notifications',
    title: 'Notifications',
    guard: 'admin',
    layout: 'admin',
    page: () => import('../features/admin/AdminNotificationsPage.tsx'),
  },
  {
    path: '/admin/moderation',
    title: 'Moderation',
    guard: 'admin',
    layout: 'admin',
    page: () => import('../features/admin/AdminModerationPage.tsx'),
  },
  { path: '/login', title: 'Sign in', layout: 'app', page: () => import('../features/auth/LoginPage.tsx') },
  {
    path: '/forgot-password',
    title: 'Forgot your password?',
    layout: 'app',
    page: () => import('../features/auth/ForgotPasswordPage.tsx'),
  },
  {
    path: '/reset-password',
    title: 'Choose a new password',
    layout: 'app',
    page: () => import('../features/auth/ResetPasswordPage.tsx'),
  },
  {
    path: '/verify-email',
    title: 'Confirm your email address',
    layout: 'app',
    page: () => import('../features/auth/VerifyEmailPage.tsx'),
  },
  {
    path: '/unsubscribe',
    title: 'Stop these emails?',
    layout: 'app',
    page: () => import('../features/notifications/UnsubscribePage.tsx'),
  },
  {
    path: '*',
    title: 'Page not found',
    layout: 'app',
    page: () => import('../features/errors/NotFoundPage.tsx'),
  },
];
