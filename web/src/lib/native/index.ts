export { isNativePlatform } from './platform.ts';
