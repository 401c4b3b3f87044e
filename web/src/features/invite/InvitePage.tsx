import { ComingSoon } from '../../shared/ui/Placeholder';

export default function InvitePage() {
  return <ComingSoon titleKey="nav.invite" />;
}
