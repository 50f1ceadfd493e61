/** What the rest of the app may use of the skills feature. */
export { SkillsPanel } from './components/SkillsPanel.tsx';
