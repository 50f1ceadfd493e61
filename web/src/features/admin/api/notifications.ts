import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminNotificationListSchema,
  adminNotificationSchema,
  audienceSizeSchema,
  recipientListSchema,
  type ComposeNotificationBody,
  type NotificationAudience,
} from '@uplift/contracts';
import { http } from '../../../lib/http/index.ts';

/** Sends are under the admin keys, so any admin change refreshes the history too. */
const sendKeys = {
  all: ['admin', 'notifications'] as const,
  history: (page: number) => ['admin', 'notifications', 'history', page] as const,
  recipients: (q: string) => ['admin', 'notifications', 'recipients', q] as const,
  audienceSize: (audience: NotificationAudience) => ['admin', 'notifications', 'audience', audience] as const,
};

/** GET /api/admin/notifications: newest first, with targeted, delivered and read counts. */
export function sendHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: sendKeys.history(page),
    queryFn: ({ signal }) =>
      http.get(`/admin/notifications?page=${page}`, { schema: adminNotificationListSchema, signal }),
    meta: { offlineCache: false },
  });
}

/** GET /api/admin/notifications/recipients?q=: members by name or email, for "chosen members". */
export function recipientsQueryOptions(q: string) {
  return queryOptions({
    queryKey: sendKeys.recipients(q),
    queryFn: ({ signal }) =>
      http.get(`/admin/notifications/recipients?q=${encodeURIComponent(q)}`, {
        schema: recipientListSchema,
        signal,
      }),
    enabled: q.trim().length > 0,
    meta: { offlineCache: false },
  });
}

/**
 * POST /api/admin/notifications/audience-size: how many members a send would reach, asked again as the
 * targeting changes, so the admin sees the reach before sending. The server counts when it sends too.
 */
export function audienceSizeQueryOptions(audience: NotificationAudience) {
  return queryOptions({
    queryKey: sendKeys.audienceSize(audience),
    queryFn: ({ signal }) =>
      http.post('/admin/notifications/audience-size', {
        body: { audience },
        schema: audienceSizeSchema,
        signal,
      }),
    enabled: audience.type !== 'members' || audience.userIds.length > 0,
    meta: { offlineCache: false },
  });
}

function useRefreshHistory() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sendKeys.all });
}

/** POST /api/admin/notifications: send now, or schedule. */
export function useComposeNotification() {
  const refresh = useRefreshHistory();
  return useMutation({
    mutationFn: (body: ComposeNotificationBody) =>
      http.post('/admin/notifications', {
        body,
        schema: adminNotificationSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSettled: refresh,
  });
}

/** POST /api/admin/notifications/:id/cancel: only while still scheduled. */
export function useCancelNotification() {
  const refresh = useRefreshHistory();
  return useMutation({
    mutationFn: (id: string) =>
      http.post(`/admin/notifications/${encodeURIComponent(id)}/cancel`, {
        schema: adminNotificationSchema,
        idempotencyKey: crypto.randomUUID(),
      }),
    onSettled: refresh,
  });
}
