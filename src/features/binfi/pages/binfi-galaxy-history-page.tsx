import { BinfiHistory } from './binfi-history-page';

/** BinFiGalaxyHistory (`/bin-fi-galaxy/history/{id}/{type}`). */
export default function BinfiGalaxyHistoryPage() {
  return <BinfiHistory variant="galaxy" />;
}
