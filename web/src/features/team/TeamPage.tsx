import { ComingSoon } from '../../shared/ui/Placeholder';

export default function TeamPage() {
  return <ComingSoon titleKey="nav.team" />;
}
