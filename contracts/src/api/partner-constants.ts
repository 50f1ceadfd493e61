/**
 * Partner categories, contact channels, request states and limits.
 * Without zod: the web app's first screen uses these and loads no zod.
 */

export const partnerCategories = ['employer', 'training-provider', 'funder', 'support-service'] as const;
export type PartnerCategory = (typeof partnerCategories)[number];
export const partnerCategoryLabels: Record<PartnerCategory, string> = {
  employer: 'Employer',
  'training-provider': 'Training provider',
  funder: 'Funder',
  'support-service': 'Support service',
};

/** Every channel a stored request may name; 'phone' only on requests made before it was withdrawn. */
export const partnerContactChannels = ['email', 'phone', 'in-app'] as const;
export type PartnerContactChannel = (typeof partnerContactChannels)[number];
/**
 * The channels a member may choose now. The product stores no phone number anywhere, so a partner told
 * "call me" would have nothing to call: phone is not offered (issue 44.9).
 */
export const offeredContactChannels = ['email', 'in-app'] as const satisfies readonly PartnerContactChannel[];
export const partnerContactChannelLabels: Record<PartnerContactChannel, string> = {
  email: 'Email',
  phone: 'Phone',
  'in-app': 'In the app',
};

export const partnerRequestStatuses = ['pending', 'accepted', 'declined'] as const;
export type PartnerRequestStatus = (typeof partnerRequestStatuses)[number];

/** Limits of "near me": the search box around the point, in kilometres. */
export const partnerNearLimits = { defaultRadiusKm: 100, maxRadiusKm: 2000 } as const;
export const partnerMessageMaxLength = 1000;
/** An admin's message with their answer: a few sentences, which also fit a push notification's body. */
export const partnerAnswerMessageMaxLength = 400;
/** Shown by the form and sent by the server when a request arrives without consent. */
export const partnerConsentRequiredMessage =
  'Please agree to share your profile with the partner: they need it to get back to you.';
