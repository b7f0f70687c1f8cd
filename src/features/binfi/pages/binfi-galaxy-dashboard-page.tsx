import { BinfiDashboard } from './binfi-dashboard-page';

/** BinFiGalaxyDashboard (`/bin-fi-galaxy`): the three-month plus variant's rounds. */
export default function BinfiGalaxyDashboardPage() {
  return <BinfiDashboard variant="galaxy" />;
}
