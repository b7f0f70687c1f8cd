import { CampaignPage } from '../../features/programs/pages/campaign-page';

/** Event and LimitEvent: the programs feature's campaign page (`?slug=`, or the list). */
export default function CampaignScreen() {
  return <CampaignPage />;
}
