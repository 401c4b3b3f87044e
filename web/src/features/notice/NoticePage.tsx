import { ComingSoon } from '../../shared/ui/Placeholder';

export default function NoticePage() {
  return <ComingSoon titleKey="nav.notice" />;
}
