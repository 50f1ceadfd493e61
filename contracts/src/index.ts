export * from './errors.ts';
export * from './constants.ts';
export * from './roles.ts';
export * from './permissions.ts';
export * from './api/system.ts';
export * from './api/auth.ts';
