import { MaintenancePage } from '../features/maintenance/pages/maintenance-page';
import { useMaintenanceStore } from './maintenance-store';

/** The Maintain route's screen: the maintenance page with the latest known window. */
export default function MaintainScreen() {
  const window = useMaintenanceStore((state) => state.window);
  return (
    <MaintenancePage startTime={window?.startTime} endTime={window?.endTime} landmark={false} />
  );
}
