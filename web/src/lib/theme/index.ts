export {
  currentTheme,
  followSystemTheme,
  setThemePreference,
  subscribeTheme,
  themePreference,
  type Theme,
} from './theme.ts';
export { useThemePreference } from './useTheme.ts';
