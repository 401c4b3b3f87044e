import { ComingSoon } from '../../shared/ui/Placeholder';

export default function NoticeDetailsPage() {
  return <ComingSoon titleKey="nav.noticeDetails" />;
}
