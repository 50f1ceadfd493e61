/** What the rest of the app may use of the admin area: its navigation, for the admin layout. */
export { AdminNav } from './components/AdminNav.tsx';
