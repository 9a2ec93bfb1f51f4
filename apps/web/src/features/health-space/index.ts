export { HealthSpacePage, type HealthSpaceSlots } from './components/health-space-page';
